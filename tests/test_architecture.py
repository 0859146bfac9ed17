"""The layout keeps its promises: no import circles, a shared layer that names no edition, modules of a few hundred lines.

These read the source with :mod:`ast` (nothing is imported), so they also hold for
code that only runs in a notebook.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "hotw"

#: Words that belong to one edition's rules; the shared layer must not name them.
EDITION_WORDS = ("catapult", "kingdom", "region token", "region_token", "siege token", "caravan", "marauder",
                 "supremacy", "capitol", "pyramid", "hotw2018",
                 # A Brief History of the World's own words
                 "overrun", "invasion dial", "invasion point", "bonus token", "gold track", "mastery")

#: Shared modules: everything outside a ruleset's package, the notebook UI's 2018 lessons and
#: the 2018 rule demonstrations (which are about that edition by their nature).
EDITION_MODULES = ("rulesets/", "tutorial.py", "tutorial_more.py", "situations.py", "history.py", "ui/lesson",
                   "data/")

#: Where a shared module may still name the default ruleset, and why.
ALLOWED = {
    "__init__.py": "new_game's default ruleset is named, hotw2018",
    "scenario.py": "a scenario without a 'ruleset' field plays the default, hotw2018",
    "simulation.py": "simulate's default ruleset is named, hotw2018",
    "cli.py": "the command line's default ruleset is named, hotw2018",
    "bots.py": "make_bot's default ruleset is named, hotw2018",
    "carddata.py": "the data directory of each ruleset, e.g. hotw/data/hotw2018",
}

MAX_LINES = 500


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py"))


def _name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every hotw module ``path`` imports, at the top or inside a function; not those under TYPE_CHECKING."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for n in ast.walk(node))
    me = _name(path)
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.split(".")[0] == "hotw")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = me.split(".")[: -node.level + (1 if path.name == "__init__.py" else 0) or None]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module.split(".")[0] != "hotw":
                continue
            out.add(module)
            for alias in node.names:  # "from hotw.ui import panels" imports the module hotw.ui.panels
                candidate = f"{module}.{alias.name}"
                if (PACKAGE.parent / (candidate.replace(".", "/") + ".py")).exists() or (
                        PACKAGE.parent / candidate.replace(".", "/") / "__init__.py").exists():
                    out.add(candidate)
    out.discard(me)
    return out


def _graph() -> dict[str, set[str]]:
    modules = {_name(p): p for p in _modules()}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        deps = set()
        for dep in _imports(path):
            # a module import also runs its packages' __init__ files
            while dep and dep not in modules:
                dep = dep.rpartition(".")[0]
            if dep and dep != name:
                deps.add(dep)
        graph[name] = deps
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circles() -> None:
    graph = _graph()
    # a package's __init__ importing its own submodules is how packages work, not a circle
    for name in graph:
        graph[name] = {d for d in graph[name] if not d.startswith(name + ".")}
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_engine_never_imports_widgets_and_rulesets_never_the_what_if_layer() -> None:
    for path in _modules():
        name = _name(path)
        text = path.read_text(encoding="utf-8")
        if not name.startswith(("hotw.ui", "hotw.classroom.pages")):  # the widget layers: the notebook game, a class's pages
            assert not re.search(r"^\s*(import|from)\s+(ipywidgets|ipyleaflet)", text, re.M), name
        if name.startswith("hotw.rulesets"):
            assert not {"hotw.scenario", "hotw.simulation"} & _imports(path), name


def _shared(path: Path) -> bool:
    rel = path.relative_to(PACKAGE).as_posix()
    return not rel.startswith(EDITION_MODULES)


@pytest.mark.parametrize("path", [p for p in _modules() if _shared(p)], ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_the_shared_layer_names_no_edition(path: Path) -> None:
    rel = path.relative_to(PACKAGE).as_posix()
    text = path.read_text(encoding="utf-8").lower()
    found = [w for w in EDITION_WORDS if w in text]
    if rel in ALLOWED:
        found = [w for w in found if w != "hotw2018"]
    assert not found, f"{rel} names {found}: move that code into the ruleset's package"


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_modules_stay_readable(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(PACKAGE)} has {lines} lines; split it (at most {MAX_LINES})"


def test_widgets_are_shown_again_with_an_empty_display_not_none() -> None:
    """The browser page's kernel (Pyodide) drops a trait set to None, so ``layout.display = None`` would
    leave a widget hidden in the static page; ``hotw.ui.access.SHOWN`` ("") shows it in every front end."""
    found = [f"{p.relative_to(PACKAGE).as_posix()}:{n}" for p in _modules()
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\.display\s*=\s*None\b", line)]
    assert not found, f"use SHOWN, not None, to show a widget again: {found}"


# -- languages: the engine writes Msg values, the views say them ----------------------------------------------

#: Front ends, which draw words in the reader's language: the notebook game and its helpers, a class's pages, each
#: ruleset's views, the i18n core itself, and the command line (it prints for a reader, like a view draws:
#: ``cli.py`` and the ``hotw classroom`` command's ``classroom/serve.py``).
FRONT_ENDS = ("ui/", "classroom/pages/", "i18n/", "cli.py", "classroom/serve.py")


def _front_end(path: Path) -> bool:
    rel = path.relative_to(PACKAGE).as_posix()
    return rel.startswith(FRONT_ENDS) or (rel.startswith("rulesets/") and (
        path.name.startswith("view") or path.name == "positionview.py"))


def language_calls(source: str) -> list[str]:
    """Calls in ``source`` that pick a language now: ``render(``, ``speaking(``, a Domain's ``.text(`` or
    ``.text_plural(``, and the names bound from those (``t = _.text``, ``t, tn = _.text, _.text_plural``)."""
    tree = ast.parse(source)
    domains = {target.id for node in ast.walk(tree) if isinstance(node, ast.Assign)
               and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
               and node.value.func.id == "Domain" for target in node.targets if isinstance(target, ast.Name)}
    bound: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign):
            continue
        pairs: list[tuple[ast.expr, ast.expr]] = []
        for target in node.targets:
            if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                pairs += list(zip(target.elts, node.value.elts))
            else:
                pairs.append((target, node.value))
        for target, value in pairs:
            if (isinstance(target, ast.Name) and isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name)
                    and value.value.id in domains and value.attr in ("text", "text_plural")):
                bound.add(target.id)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and (f.id in ("render", "speaking") or f.id in bound):
            found.append(f"line {node.lineno}: {f.id}(")
        elif (isinstance(f, ast.Attribute) and f.attr in ("text", "text_plural") and isinstance(f.value, ast.Name)
              and f.value.id in domains):
            found.append(f"line {node.lineno}: {f.value.id}.{f.attr}(")
        elif isinstance(f, ast.Attribute) and f.attr in ("render", "speaking") and isinstance(f.value, ast.Name) \
                and f.value.id == "i18n":
            found.append(f"line {node.lineno}: i18n.{f.attr}(")
    return found


def declared_domains(source: str) -> set[str]:
    """The names of the Domains a module makes (``Domain("hotw")``)."""
    return {node.args[0].value for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name) and node.func.id == "Domain" and node.args
            and isinstance(node.args[0], ast.Constant)}


@pytest.mark.parametrize("path", [p for p in _modules() if not _front_end(p)],
                         ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_the_engine_never_picks_a_language(path: Path) -> None:
    """The engine writes Msg values (``_("...")``); only views say them in a language (``t``, ``render``)."""
    found = language_calls(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(PACKAGE)} picks a language (a view's job): {found}"


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_a_module_declares_at_most_one_domain(path: Path) -> None:
    found = declared_domains(path.read_text(encoding="utf-8"))
    assert len(found) <= 1, f"{path.relative_to(PACKAGE)} declares {sorted(found)}: one catalog per module"


def test_the_language_checks_find_what_they_forbid() -> None:
    engine = ('_ = Domain("hotw")\nt, tn = _.text, _.text_plural\nsay = _.text\n'
              'def f(x):\n    a = _("ok {x}", x=x)\n    b = t("no")\n    c = _.text_plural("a", "b", 2)\n'
              '    d = render(a)\n    with speaking("ja"):\n        pass\n    return say("no"), tn("a", "b", 1)\n')
    found = language_calls(engine)
    assert {f.split(": ")[1] for f in found} == {"t(", "_.text_plural(", "render(", "speaking(", "say(", "tn("}
    assert language_calls('_ = Domain("hotw")\nx = _("fine")\nclass A:\n    def text(self): return "a"\n'
                          'y = A().text()\n') == []
    assert declared_domains('a = Domain("hotw")\nb = Domain("classic")\n') == {"hotw", "classic"}
