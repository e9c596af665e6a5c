"""The tutorial played to its end by synthesised input in the real window (issue 22, point 7).

From the start menu's Tutorial entry a lesson starts; its sentences come one at a time over the
paused table (any key for the next), between them the decision's hint with its target ringed; the
decisions are made by clicks and keys (the autoplay driver).  Lesson 1 is left through the Esc menu
half way and resumed from the start menu at the same decision with the same topics seen."""

from __future__ import annotations

import re

import pytest

from tests.ui.menus_driver import run_steps

BODY = r'''
from game.ui.autoplay import Driver
from game.i18n import tr
from game.tables.trench import tutorial as T
LESSON, LEAVE = int(sys.argv[1]), sys.argv[2] == "leave"
OUT.update(sentences=[], targets=[], hints=[], left=None)
st = {"driver": None, "left": False}

def tutor(s):
    return getattr(s, "tutor", None)

def start(s):
    m = s.top_modal()
    OUT["menu_ids"] = [it.id for it in m.items]

def play(s):
    t = tutor(s)
    if t is None:
        return False
    if st["driver"] is None or st["driver"].screen is not s:
        st["driver"] = Driver(s, seed=LESSON, stop_at_end=False, mouse_share=0.6)
    if t.finished and not t.queue:
        OUT["finished"] = True
        OUT["seen"] = list(t.seen)
        OUT["over"] = s.ctl.is_over()
        OUT["variants"] = list(s.ctl.variants)
        return True
    if s.top_modal() is not t:
        return False
    if t.queue:
        OUT["sentences"].append(tr(t.queue[0]))
        OUT["paused"] = OUT.get("paused", True) and t.pauses and t.blocking
        s.window.dispatch_event("on_key_press", key.SPACE, 0)  # any key: the next sentence
        s.window.dispatch_event("on_key_release", key.SPACE, 0)
        return False
    if LEAVE and not st["left"] and s.ctl.view_for("S").phase == "plot" and s.deciding_human() == "S":
        st["left"] = True
        OUT["left"] = {"steps": len(s.ctl.steps), "seen": list(t.seen), "target": t.target()}
        return True  # leave now (the next steps)
    k = t.current()[0]
    if k and k not in OUT["hints"]:
        OUT["hints"].append(k)
    tg = t.target()
    if tg is not None and tg[0] not in OUT["targets"]:
        OUT["targets"].append(tg[0])
    st["driver"].tick(s)
    if st["driver"].error is not None:
        OUT["driver_error"] = str(st["driver"].error)
        return True
    return False

def resumed(s):
    t = tutor(s)
    OUT["resumed"] = {"steps": len(s.ctl.steps), "seen": list(t.seen), "target": t.target()}

STEPS += [focus_by_keys("tutorial"), press(key.RETURN), start, focus_by_keys(f"lesson{LESSON}"), press(key.RETURN),
          play]
if LEAVE:
    STEPS += [press(key.ESCAPE), until(lambda s: top(s) == "EscMenu"), click_row("quit_to_menu"),
              until(lambda s: top(s) == "StartMenu"), focus_by_keys("tutorial"), press(key.RETURN),
              note("resume_enabled", lambda s: s.top_modal().items[0].is_enabled()),
              focus_by_keys("resume", key.UP), press(key.RETURN), until(lambda s: tutor(s) is not None
                                                                        and s.top_modal() is tutor(s)),
              resumed, play]
'''

ONE_SENTENCE = re.compile(r"[.!?。！？](?=\s|$)")


@pytest.mark.parametrize("lesson,lang,leave", [(1, "en", "leave"), (1, "ja", "stay"), (2, "ja", "stay"),
                                                (2, "en", "stay")])
def test_the_tutorial_plays_to_its_end_by_synthesised_input(display, tmp_path, lesson, lang, leave):
    from game.i18n import set_language, tr
    from game.tables.trench.tutorial import LESSONS, sentences
    body = BODY.replace("int(sys.argv[1]), sys.argv[2] == \"leave\"", f"{lesson}, {leave == 'leave'}")
    out = run_steps(display, tmp_path, body, args=("--size", "1024x640", "--lang", lang), limit=60000,
                    timeout=900)
    assert "driver_error" not in out, out.get("driver_error")
    assert out.get("finished") and out["over"], out
    assert ("first-game" in out["variants"]) == (lesson == 1)
    assert out["menu_ids"] == ["resume", "lesson1", "lesson2"]
    set_language(lang)
    topics = LESSONS[lesson].topics
    # each topic once, when its moment came (the intro first, the end last), each sentence on its
    # own and in order, in the chosen language
    seen = out["seen"]
    by_name = {t.name: t for t in topics}
    assert seen[0] == topics[0].name and seen[-1] == topics[-1].name
    assert len(set(seen)) == len(seen) and set(seen) <= set(by_name)
    expected = [tr(k) for name in seen for k in sentences(by_name[name])]
    assert out["sentences"] == expected
    for text in out["sentences"]:
        assert len(ONE_SENTENCE.findall(text)) == 1, text
    assert out["paused"] is True  # the table waits while a sentence is up
    assert len(seen) >= (9 if lesson == 1 else 6), seen
    if lesson == 1:
        assert {"arm", "boat", "plot", "reveal"} <= set(seen)
    # between sentences: the event mode's hints, with the target ringed (cards, Confirm, the list)
    assert "event.hint.plot" in out["hints"] and "card" in out["targets"]
    if leave == "leave":
        assert out["left"] is not None and out["resume_enabled"] is True
        assert out["resumed"] == out["left"]  # the same decision, the same topics seen
