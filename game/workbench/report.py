"""The balance report: ``report.json`` (schema ``game/workbench/report.schema.json``, described in
docs/workbench.md), ``report.html`` (self-contained: the plots are embedded) and the PNG plots, and
a short terminal summary.
"""

from __future__ import annotations

import base64
import datetime
import html
import json
import os

from ..core.files import write_text_atomic
from ..core.registry import get_game
from . import metrics, plots
from .adapters import adapter_for
from .compare import compare

SCHEMA_ID = "trench-war/workbench-report/1"


def _short_title(spec) -> str:
    """The game's English name (matplotlib's default font has no kana or kanji)."""
    return spec.title.split(" (")[0]


def build_report(config, lines: list, info: dict | None = None) -> dict:
    """The report of a run's games (``lines`` from ``games.jsonl``)."""
    from .run import budget, code_version, full_ruleset, gradient_games, gradient_levels, search_settings

    spec = get_game(config.game)
    adapter = adapter_for(config.game)
    seats = list(next((line["order"] for line in lines if line.get("order")), []))
    if not seats:
        seats = list(spec.seats(spec.new_game(config.players, 0, spec.make_ruleset([], []))))
    pair = gradient_levels(config.bots)
    arms, by_arm = {}, {}
    errors = [{"key": line["key"], "seed": line["seed"], "error": line["error"]} for line in lines if line.get("error")]
    for k, arm in enumerate(config.arms):
        main = [line for line in lines if line["arm"] == arm.name and line["kind"] == "main" and not line.get("error")]
        grad = [line for line in lines if line["arm"] == arm.name and line["kind"] == "gradient"
                and not line.get("error")]
        by_arm[arm.name] = main
        m = metrics.arm_metrics(main, seats, seed=1000 * k)
        rules = spec.make_ruleset(list(arm.settings), list(arm.variants))
        m["never_fired"] = metrics.never_fired(m["fired"], adapter.universe_for(rules))
        arms[arm.name] = {
            "label": arm.label, "settings": list(arm.settings), "variants": list(arm.variants),
            "ruleset": full_ruleset(config.game, arm),
            "seeds": {"first": config.seed if arm.seed is None else arm.seed, "games": config.games,
                      "gradient_games": gradient_games(config)},
            "metrics": m,
            "gradient": metrics.gradient_metrics(grad, pair[0], config.players) if pair else None,
        }
    comparison = None
    if len(config.arms) == 2:
        a, b = config.arms
        comparison = compare(arms[a.name]["metrics"], arms[b.name]["metrics"], by_arm[a.name], by_arm[b.name],
                             correction=config.correction)
        ga, gb = arms[a.name]["gradient"], arms[b.name]["gradient"]
        if ga and gb and ga["n"] and gb["n"]:
            from .stats import two_proportion_test
            p = two_proportion_test(ga["count"], ga["n"], gb["count"], gb["n"])
            comparison["gradient"] = {"a": ga["rate"], "b": gb["rate"], "difference": round(gb["rate"] - ga["rate"], 4),
                                      "p": round(p, 6), "note": "not in the corrected family: a check of its own"}
    report = {
        "schema": SCHEMA_ID,
        "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "game": config.game, "title": spec.title, "players": config.players, "seats": seats,
        "code": code_version(),
        "bots": {"levels": list(config.bots), "rotation": "seats rotate one place per game",
                 "simulations": {lv: budget(lv, config.simulations, config.game)
                                 for lv in sorted(set(config.bots) | set(pair or ()))},
                 "time_budget": None,
                 "search": {lv: search_settings(config.game, lv) for lv in sorted(set(config.bots) | set(pair or ()))
                            if search_settings(config.game, lv) is not None},
                 "gradient": {"share": config.gradient, "stronger": pair[0], "weaker": pair[1]} if pair else None},
        "from": {"name": config.start_name, "position": config.start} if config.start else None,
        "run": dict(info or {}, games_per_arm=config.games, finished=len(lines), errors=len(errors)),
        "arms": arms,
        "comparison": comparison,
        "questions": dict(adapter.questions),
        "errors": errors[:20],
        "plots": {},
    }
    report["_lines"] = by_arm
    return report


def draw_plots(report: dict) -> dict:
    """``{file name: PNG bytes}`` of the report's plots."""
    spec = get_game(report["game"])
    name = _short_title(spec)
    arms = [(f"{a}: {d['label']}", d["metrics"]) for a, d in report["arms"].items()]
    lines = {f"{a}: {d['label']}": report["_lines"].get(a, []) for a, d in report["arms"].items()}
    out = {"win_rate_by_seat.png": plots.win_rate_by_seat(name, report["seats"], arms),
           "endings.png": plots.endings(name, arms),
           "length_actions.png": plots.length_histogram(name, arms, lines, "actions", "actions per game")}
    units = sorted({u for _, m in arms for u in m["length"] if u not in ("actions",)})
    for u in units:
        out[f"length_{u.replace(' ', '_')}.png"] = plots.length_histogram(name, arms, lines, u, u)
    for fname, png in (("score_sources.png", plots.score_sources(name, arms)),
                       ("roles.png", plots.roles(name, arms)),
                       ("lead_course.png", plots.lead_course(name, arms))):
        if png is not None:
            out[fname] = png
    return out


def write_report(report: dict, folder: str) -> None:
    """``report.json``, ``report.html`` and the PNG plots in ``folder``."""
    pngs = draw_plots(report)
    for fname, png in pngs.items():
        plots.save(png, os.path.join(folder, fname))
    report["plots"] = {fname: fname for fname in pngs}
    public = {k: v for k, v in report.items() if not k.startswith("_")}
    write_text_atomic(os.path.join(folder, "report.json"), json.dumps(public, indent=1, ensure_ascii=False) + "\n")
    write_text_atomic(os.path.join(folder, "report.html"), render_html(public, pngs))


# -- the terminal summary ------------------------------------------------------------------
def _pct(row) -> str:
    if not row or row.get("rate") is None:
        return "–"
    lo, hi = row["ci95"]
    return f"{row['rate']:.1%} [{lo:.1%}, {hi:.1%}]"


def _mean(row, digits: int = 1) -> str:
    if not row or row.get("mean") is None:
        return "–"
    return f"{row['mean']:.{digits}f} [{row['ci95'][0]:.{digits}f}, {row['ci95'][1]:.{digits}f}]"


#: The summary's words (``summary_text(report, words)`` takes others: the app's Rules lab, in Japanese).
SUMMARY_WORDS = {
    "head": "{title}, {players} players, bots {bots}: {games} games ({errors} errors)",
    "arm": "[{name}] {label}: {games} games", "seats": "win rate by seat", "first": "first player",
    "draws": "draws", "endings": "endings", "length": "length", "skill": "skill", "never": "never fired",
    "ab": "A/B: {sig} of {tests} metrics differ significantly ({correction}-corrected, alpha {alpha}):",
    "p_adj": "p adj",
}


def summary_text(report: dict, words: dict | None = None) -> str:
    """A few lines for the terminal: per arm the seats, first player, endings and length; the
    significant differences; the gradient.  ``words`` replaces some of :data:`SUMMARY_WORDS`."""
    w = dict(SUMMARY_WORDS, **(words or {}))
    out = [w["head"].format(title=report["title"], players=report["players"], bots="/".join(report["bots"]["levels"]),
                            games=report["run"]["finished"], errors=report["run"]["errors"])]
    for name, arm in report["arms"].items():
        m = arm["metrics"]
        out.append(w["arm"].format(name=name, label=arm["label"], games=m["games"]))
        out.append(f"  {w['seats']}: " + ", ".join(f"{s} {_pct(r)}" for s, r in m["win_rate_by_seat"].items()))
        out.append(f"  {w['first']}: {_pct(m['first_player'])}; {w['draws']} {_pct(m['draws'])}")
        out.append(f"  {w['endings']}: " + ", ".join(f"{e} {r['rate']:.0%}" for e, r in list(m["endings"].items())[:5]))
        lengths = [f"{u} {_mean(r)}" for u, r in m["length"].items()]
        out.append(f"  {w['length']}: " + "; ".join(lengths))
        if arm["gradient"]:
            out.append(f"  {w['skill']}: {arm['gradient']['verdict']}")
        never = [f"{c}: {', '.join(v)}" for c, v in m["never_fired"].items() if v]
        if never:
            out.append(f"  {w['never']}: " + "; ".join(never)[:300])
    comp = report.get("comparison")
    if comp:
        sig = [r for r in comp["rows"] if r["significant"]]
        out.append(w["ab"].format(sig=len(sig), tests=comp["tests"], correction=comp["correction"], alpha=comp["alpha"]))
        for r in sig[:12]:
            fmt = (lambda v: f"{v:.1%}") if r["kind"] == "rate" else (lambda v: f"{v:.2f}")
            out.append(f"  {r['metric']}: {fmt(r['a'])} -> {fmt(r['b'])} ({w['p_adj']} {r['p_adjusted']:.3g})")
    return "\n".join(out)


# -- the HTML page -------------------------------------------------------------------------
CSS = """body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222;line-height:1.4}
table{border-collapse:collapse;margin:.6em 0 1.2em}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:right}
th{background:#f3f3f3}td.l,th.l{text-align:left}tr.sig td{background:#fff3c4;font-weight:600}
img{max-width:100%;border:1px solid #ddd;margin:.4em 0}.flag{color:#b00;font-weight:700}
code{background:#f5f5f5;padding:0 .2em}details{margin:.5em 0}"""


def _e(x) -> str:
    return html.escape(str(x))


def _table(head: list, rows: list, classes=None) -> str:
    out = ["<table><tr>" + "".join(f"<th class='l'>{_e(h)}</th>" if i == 0 else f"<th>{_e(h)}</th>"
                                   for i, h in enumerate(head)) + "</tr>"]
    for k, row in enumerate(rows):
        cls = f" class='{classes[k]}'" if classes and classes[k] else ""
        out.append(f"<tr{cls}>" + "".join(f"<td class='l'>{_e(c)}</td>" if i == 0 else f"<td>{_e(c)}</td>"
                                          for i, c in enumerate(row)) + "</tr>")
    return "".join(out) + "</table>"


def render_html(report: dict, pngs: dict) -> str:
    arms = report["arms"]
    names = list(arms)
    h = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Balance report: {_e(report['title'])}"
         f"</title><style>{CSS}</style></head><body>",
         f"<h1>Balance report: {_e(report['title'])}</h1>",
         f"<p>{report['players']} players; bots {_e(', '.join(report['bots']['levels']))} "
         f"({_e(report['bots']['rotation'])}), fixed simulation budgets {_e(report['bots']['simulations'])}; "
         f"{report['run']['finished']} games finished, {report['run']['errors']} errors"
         f"{' (<b>partial: the run was interrupted; --resume goes on</b>)' if report['run'].get('interrupted') else ''}; created {_e(report['created'])}; "
         f"code {_e(report['code'].get('commit') or '?')}{' (with local changes)' if report['code'].get('dirty') else ''}.</p>"]
    if report.get("from"):
        h.append(f"<p>Every game starts from the position <code>{_e(report['from']['name'])}</code>.</p>")
    h.append("<h2>Arms</h2>")
    h.append(_table(["arm", "label", "settings", "variants", "first seed", "games", "gradient games"],
                    [[n, a["label"], " ".join(a["settings"]) or "–", " ".join(a["variants"]) or "–",
                      a["seeds"]["first"], a["seeds"]["games"], a["seeds"]["gradient_games"]] for n, a in arms.items()]))
    comp = report.get("comparison")
    if comp:
        h.append(f"<h2>A/B comparison</h2><p>{comp['tests']} metrics tested (rates: two-proportion z test; means: "
                 f"bootstrap); p-values {comp['correction']}-corrected; highlighted rows are significant at "
                 f"{comp['alpha']} after the correction: <b>{len(comp['significant'])}</b>.</p>")
        rows, classes = [], []
        for r in comp["rows"]:
            fmt = (lambda v: f"{v:.1%}" if v is not None else "–") if r["kind"] == "rate" else (lambda v: f"{v:.3f}")
            rows.append([r["metric"], fmt(r["a"]), fmt(r["b"]),
                         (f"{r['difference']:+.1%}" if r["kind"] == "rate" else f"{r['difference']:+.3f}"),
                         r["test"], f"{r['p']:.3g}", f"{r['p_adjusted']:.3g}", "yes" if r["significant"] else ""])
            classes.append("sig" if r["significant"] else "")
        h.append(_table(["metric", names[0], names[1], "B − A", "test", "p", "p adjusted", "significant"], rows, classes))
        if comp.get("untested"):
            h.append(f"<p>The same in both arms, never or always (not tested): {_e(', '.join(comp['untested']))}.</p>")
        if comp.get("gradient"):
            g = comp["gradient"]
            h.append(f"<p>Skill gradient: {g['a']:.1%} → {g['b']:.1%} (p {g['p']:.3g}, {_e(g['note'])}).</p>")
    h.append("<h2>Plots</h2>")
    for fname, png in pngs.items():
        h.append(f"<p><img alt='{_e(fname)}' src='data:image/png;base64,{base64.b64encode(png).decode()}'></p>")
    for n, a in arms.items():
        m = a["metrics"]
        h.append(f"<h2>Arm {_e(n)}: {_e(a['label'])}</h2>")
        if a["gradient"]:
            cls = " class='flag'" if a["gradient"]["flag"] else ""
            h.append(f"<p{cls}>Skill gradient ({a['gradient']['n']} games): {_e(a['gradient']['verdict'])} "
                     f"(95% interval {a['gradient']['ci95'][0]:.1%}–{a['gradient']['ci95'][1]:.1%}).</p>")
        h.append("<h3>Balance</h3>")
        rows = [[f"seat {s}", _pct(r)] for s, r in m["win_rate_by_seat"].items()]
        rows += [[f"place {p} in the turn order", _pct(r)] for p, r in m.get("win_rate_by_turn_order", {}).items()]
        rows += [["draws", _pct(m["draws"])]]
        rows += [[f"bot {lv}", _pct(r)] for lv, r in m.get("win_rate_by_bot", {}).items()]
        rows += [[f"{role}", _pct(r)] for role, r in m.get("roles", {}).items()]
        h.append(_table(["win rate", "rate [95% interval]"], rows))
        for cname, values in m.get("contexts", {}).items():
            h.append(_table([cname, "games", *sorted({r for v in values.values() for r in v['roles']})],
                            [[v, _pct(d["games"]), *[_pct(d["roles"].get(r)) for r in
                                                      sorted({r for v2 in values.values() for r in v2['roles']})]]
                             for v, d in values.items()]))
        h.append("<h3>Completion and length</h3>")
        h.append(_table(["ending", "rate [95% interval]", "games"],
                        [[e, _pct(r), r["count"]] for e, r in m["endings"].items()]))
        h.append(_table(["length", "mean [95% interval]", "median", "min", "max"],
                        [[u, _mean(r), r["median"], r["min"], r["max"]] for u, r in m["length"].items()]))
        lead = m["lead"]
        h.append("<h3>Lead</h3>" + _table(["lead metric", "value [95% interval]"], [
            ["decisiveness (share of the game before the winner's kept lead starts)", _mean(lead["decisiveness"], 2)],
            ["lead changes per game", _mean(lead["lead_changes"], 2)],
            ["comebacks (winner once behind)", _pct(lead["comebacks"])]]))
        if m["sources"]:
            h.append("<h3>Score sources</h3>" + _table(
                ["source", "points per game [95% interval]", "winners' points"],
                [[s, _mean(r, 2), r["winners_points"]] for s, r in m["sources"].items()]))
        if m["questions"]:
            rows = []
            for q, r in m["questions"].items():
                rows.append([f"{q}: {report['questions'].get(q, '')}", _pct(r) if r["kind"] == "rate" else _mean(r, 2)])
            h.append("<h3>Known questions</h3>" + _table(["question", "rate or mean per game [95% interval]"], rows))
        h.append("<h3>What fired</h3>")
        for c, f in m["fired"].items():
            never = m["never_fired"].get(c)
            h.append(f"<details open><summary>{_e(c)}: {len(f['counts'])} kinds"
                     + (f"; <b>never fired: {_e(', '.join(never))}</b>" if never else "") + "</summary>")
            h.append(_table([c, "times", "games with it"], [[k, v, f["games_with"].get(k, 0)] for k, v in f["counts"].items()]))
            h.append("</details>")
        h.append("<details><summary>Full ruleset</summary>" + _table(["key", "value"], [[k, v] for k, v in a["ruleset"].items()])
                 + "</details>")
    if report["errors"]:
        h.append("<h2>Errors</h2>" + _table(["game", "seed", "error"], [[e["key"], e["seed"], e["error"]] for e in report["errors"]]))
    h.append("<p>Schema and definitions: docs/workbench.md. Each game's line in games.jsonl opens in the replay viewer "
             "after <code>tools/balance.py --extract DIR/games.jsonl LINE --out game.twr</code>.</p></body></html>")
    return "\n".join(h)
