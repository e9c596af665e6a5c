"""The describe layer's words all come from the catalogs (game/i18n/<lang>/describe.po).

Every key the log, end and action modules name is in both languages, an unknown key is an error
(not a silent gap), and no player-visible English is left in the modules as a literal."""

from __future__ import annotations

import ast
import os
import re

import pytest

from game.i18n import LANGUAGES, catalog
from game.tables.trench import actiontext
from game.tables.trench import endtext
from game.tables.trench import logtext

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODULES = {"logtext": logtext, "endtext": endtext, "actiontext": actiontext}


def source(name: str) -> str:
    with open(os.path.join(ROOT, "game", "tables", "trench", f"{name}.py"), encoding="utf-8") as handle:
        return handle.read()


def slug(key: str) -> str:
    return key.replace("-", "_").replace("?", "unknown")


def named_keys(name: str) -> set:
    """The catalog keys a module names literally: ``"describe.x.y"`` strings, ``t("key")``,
    ``word("key")`` and the template key of ``self._emit(out, kind, "key", ...)``."""
    text = source(name)
    prefix = MODULES[name].PREFIX
    keys = set(re.findall(r'"(describe\.[A-Za-z0-9_.]*[A-Za-z0-9_])"', text))
    keys |= {f"card.{c}" for c in re.findall(r'"card\.([a-z]+)"', text) if c in logtext.CARDS}
    for pattern in (r'\bt\("([^"{}]+)"', r'\bword\("([^"{}]+)"', r'_emit\(out, [^,]+, "([^"{}]+)"'):
        keys |= {prefix + slug(k) for k in re.findall(pattern, text)}
    return keys


@pytest.mark.parametrize("name", sorted(MODULES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_module_names_is_in_the_catalog(name, lang):
    keys = named_keys(name)
    assert len(keys) > 5, keys  # the scan finds the module's keys
    assert sorted(k for k in keys if k not in catalog(lang)) == []


def test_the_dynamic_families_are_complete_in_both_languages():
    # keys built at run time (f"dir.{d}", f"card.{c}", f"seat.{s}", the rule ids ...) as families
    families = [f"describe.log.dir.{d}" for d in "nesw"] + [f"describe.action.dir.{d}" for d in "nesw"]
    families += [f"describe.seat.{s}" for s in logtext.SEATS] + [f"card.{c}" for c in logtext.CARDS]
    families += [f"describe.log.weapon.{w}" for w in ("gun", "gas", "bomb", "unknown")]
    families += [f"describe.action.weapon.{w}" for w in ("gun", "gas", "bomb")]
    families += [f"describe.end.step.{s}" for s in endtext.STEPS]
    families += [f"describe.rule.TW_{n}" for n in range(12)]
    for lang in LANGUAGES:
        assert [k for k in families if k not in catalog(lang)] == [], lang


def test_an_unknown_key_is_an_error_not_a_gap():
    for module in MODULES.values():
        with pytest.raises(KeyError):
            module.t("no.such.key")


def _literals(name: str):
    """(line, text) of every string constant in the module except docstrings and ``__all__``."""
    tree = ast.parse(source(name))
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body \
                and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
            skip.add(id(node.body[0].value))
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            skip |= {id(x) for x in ast.walk(node.value)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            yield node.lineno, node.value


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_player_visible_english_is_left_in_the_module(name):
    # what is left are identifiers: event kinds, argument names, key pieces ("move", "sid",
    # "death.", ".nofrom"); a sentence or a word for the player has spaces or capitals
    words = [(line, text) for line, text in _literals(name)
             if re.search(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}|\b[A-Z][a-z]{2,}", text)]
    assert words == []
