"""The layers' import arrows (docs/architecture.md): a test walks every module's imports.

* the shell (``game/ui``, ``game/render``) imports no rules package (``game.trench``, ``game.arena``,
  ``game.mists``, ``game.steel``) and no front-end (``game.tables``);
* a front-end (``game/tables/<package>``) imports the shell, the core and its own rules package's
  public API only (no other game, no other table, no name starting with ``_``);
* no rules package, nor the core or the bots, imports pyglet, moderngl, the shell or a table.

Imports are read from the source (``ast``), inside functions too, so a lazy import counts as
much as one at the top.  The one exception is a module's ``if __name__ == "__main__":`` block: a
program's entry point (``python -m game.ui.replay``) wires the games' tables in, as ``game/app.py``
does; importing the module never runs it.
"""

from __future__ import annotations

import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULES = ("game.trench", "game.arena", "game.mists", "game.steel")
#: front-end package -> the rules package it draws
TABLE_RULES = {"trench": "game.trench", "arena": "game.arena", "mists": "game.mists", "steel": "game.steel"}
GRAPHICS = ("pyglet", "moderngl")


def module_name(path: str) -> str:
    rel = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
    return rel[:-len(".__init__")] if rel.endswith(".__init__") else rel


def modules(folder: str) -> list:
    out = []
    for base, _dirs, files in os.walk(os.path.join(ROOT, folder)):
        out += [os.path.join(base, f) for f in sorted(files) if f.endswith(".py")]
    return sorted(out)


def _is_main_block(node) -> bool:
    t = getattr(node, "test", None)
    return (isinstance(node, ast.If) and isinstance(t, ast.Compare) and isinstance(t.left, ast.Name)
            and t.left.id == "__name__" and len(t.comparators) == 1
            and isinstance(t.comparators[0], ast.Constant) and t.comparators[0].value == "__main__")


def _walk(node):
    """Every node below ``node`` but those inside ``if __name__ == "__main__":`` blocks."""
    for child in ast.iter_child_nodes(node):
        if _is_main_block(child):
            continue
        yield child
        yield from _walk(child)


def imports(path: str) -> list:
    """(candidate module names, line) for every import statement of a file, relative ones resolved;
    ``from a import b`` gives ``a`` and ``a.b`` (``b`` may be a module)."""
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read(), path)
    me = module_name(path)
    package = me if path.endswith("__init__.py") else me.rsplit(".", 1)[0]
    out = []
    for node in _walk(tree):
        if isinstance(node, ast.Import):
            out += [((a.name,), (), node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            names = tuple(a.name for a in node.names)
            out.append(((base,) + tuple(f"{base}.{n}" for n in names if n != "*"), names, node.lineno))
    return out


def under(name: str, roots) -> bool:
    return any(name == r or name.startswith(r + ".") for r in roots)


def wrong_arrows(paths, forbidden) -> list:
    bad = []
    for path in paths:
        for candidates, _names, line in imports(path):
            hit = next((c for c in candidates if under(c, forbidden)), None)
            if hit is not None:
                bad.append(f"{os.path.relpath(path, ROOT)}:{line} imports {hit}")
    return sorted(set(bad))


SHELL = modules("game/ui") + modules("game/render")


def test_the_shell_imports_no_game_and_no_table():
    assert SHELL, "no shell modules found"
    assert wrong_arrows(SHELL, RULES + ("game.tables", "game.app")) == []


def test_a_table_imports_the_shell_and_its_own_rules_public_api_only():
    tables = [d for d in sorted(os.listdir(os.path.join(ROOT, "game", "tables")))
              if os.path.isdir(os.path.join(ROOT, "game", "tables", d)) and not d.startswith("_")]
    assert "trench" in tables
    bad = []
    for table in tables:
        own = TABLE_RULES.get(table)
        others = tuple(r for r in RULES if r != own)
        other_tables = tuple(f"game.tables.{t}" for t in tables if t != table)
        for path in modules(f"game/tables/{table}"):
            for candidates, names, line in imports(path):
                where = f"{os.path.relpath(path, ROOT)}:{line}"
                name = candidates[0]
                hit = next((c for c in candidates if under(c, others + other_tables + ("game.app",))), None)
                if hit is not None:
                    bad.append(f"{where} imports {hit}")
                if own and under(name, (own,)):
                    private = [n for n in names if n.startswith("_")]
                    if any(part.startswith("_") for part in name.split(".")) or private:
                        bad.append(f"{where} uses a private part of {own}: {name} {private}")
    assert bad == []


def test_the_tables_registry_imports_no_game():
    path = os.path.join(ROOT, "game", "tables", "__init__.py")
    assert wrong_arrows([path], RULES + tuple(f"game.tables.{t}" for t in TABLE_RULES)) == []


@pytest.mark.parametrize("package", ["game/core", "game/ai", *[r.replace(".", "/") for r in RULES]])
def test_rules_core_and_bots_import_no_graphics_no_shell_no_table(package):
    paths = modules(package)
    assert paths
    assert wrong_arrows(paths, GRAPHICS + ("game.ui", "game.render", "game.tables", "game.app")) == []


def test_the_walker_sees_a_wrong_arrow(tmp_path):
    """The walker itself: a lazy import inside a function and a relative import are both seen."""
    pkg = tmp_path / "game" / "ui"
    pkg.mkdir(parents=True)
    bad = pkg / "bad.py"
    bad.write_text("def f():\n    from game.trench.geometry import cell_name\n"
                   "from ..tables.trench import ui\n"
                   "if __name__ == '__main__':\n    import game.tables\n")
    global ROOT
    saved, ROOT = ROOT, str(tmp_path)
    try:
        found = wrong_arrows([str(bad)], RULES + ("game.tables",))
    finally:
        ROOT = saved
    assert found == ["game/ui/bad.py:2 imports game.trench.geometry", "game/ui/bad.py:3 imports game.tables.trench"]
