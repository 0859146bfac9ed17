"""No test, tutorial or situation module writes a game's state: situations are positions, moves are actions.

A game is changed by ``apply`` (and set up by its rule options, the ``position`` among
them), so what a test or a demo shows is what a game can reach. This check reads the
modules' syntax: an assignment, ``del`` or in-place operator whose target starts at a
game's state attribute (``g.owner[t] = 1``, ``g.actor.armies = 0``, ``g.score[:] = ...``),
a mutating call on one (``g.forts.add(t)``), or a call of a game's private method
(``g._end_epoch()``) is refused. Writes inside a class's own methods (``self.``) are a
ruleset's business, not a test's.
"""

from __future__ import annotations

import ast
from pathlib import Path

import hotw
from hotw.game import state_names

ROOT = Path(__file__).resolve().parents[1]
#: Rule tests of rulesets that do not take a position yet: they set their situations by hand until their
#: ruleset has a ``position`` option (and a PositionSpec for the lesson builder).
NO_POSITION_YET: tuple[str, ...] = ()
CHECKED = [p for p in sorted((ROOT / "tests").rglob("*.py"))
           if not p.relative_to(ROOT).as_posix().startswith(NO_POSITION_YET)] + [
    ROOT / "hotw" / name for name in ("tutorial.py", "tutorial_more.py", "situations.py", "rulesets/classic/demos.py",
                                      "rulesets/heroes/walkthrough.py", "rulesets/brief/demos.py")
]

#: A game's attributes that are not its position: whether chance plays itself, and its ruleset's record (a
#: name the what-if panel's ruleset list shares).
SETTINGS = {"auto_chance", "ruleset"}
#: Private hooks of the game protocol that only read (``hotw.game.Game``).
READS = {"_decision", "_over", "_is_chance", "_to_decide", "_legal", "_chance_weights", "_log_length"}
MUTATORS = {"add", "update", "pop", "popitem", "clear", "append", "extend", "remove", "discard", "setdefault",
            "insert", "sort", "reverse", "__setitem__", "__delitem__", "__ior__", "set", "move"}

#: Functions that write state on purpose. ``_perturbed`` (2018 and classic) builds a game no history reaches: a
#: copy with other seats' hidden cards, the face-down deck and the future dice changed, to prove the bots and
#: the observation cannot see them. The ``test_incremental`` ones change an empire of the test's own (not the
#: game's) to check that the kept invade targets follow lands added and taken away.
EXEMPT = {("tests/test_bots.py", "_perturbed"), ("tests/rules_classic/test_bots.py", "_perturbed"),
          ("tests/test_incremental.py", "_actor"),
          ("tests/test_incremental.py", "test_kept_targets_follow_lands_added_and_taken_away"),
          ("tests/test_incremental.py", "test_kept_targets_follow_a_caravan_linked_later")}


def _games() -> list[hotw.Game]:
    """A game of each ruleset (the default one from a position, as its tests make them)."""
    from hotw.rulesets import names

    games = [hotw.new_game(players=["A", "B", "C"], seed=0, options={"position": {"epoch": 1, "turn": ["egyptians", 0]}})]
    return games + [hotw.new_game(name, ["A", "B", "C"], 0) for name in names() if name != games[0].ruleset.name]


def _state_attributes() -> set[str]:
    """A game's state in every ruleset: what it holds, and what Brief's properties hand out
    (``g.force.array``, ``g.gold[0]``; the 2018 ``scores`` property is left out because editor tests name
    their widgets ``ed.scores``)."""
    from hotw.rulesets.brief import BriefGame

    names = {a for game in _games() for a in state_names(game)}  # slots and instance dict alike
    names |= {n for n, v in vars(BriefGame).items() if isinstance(v, property)}
    # state behind a property: the log and its face-down lines (made when read), any property that can be set
    names |= {"log", "secret_lines"} | {n for game in _games() for cls in type(game).__mro__
                                        for n, v in vars(cls).items() if isinstance(v, property) and v.fset is not None}
    return names - SETTINGS


def _private() -> set[str]:
    """The game classes' private methods (steps of the flow), less the protocol's read-only hooks."""
    return {n for game in _games() for n in dir(type(game)) if n.startswith("_") and not n.startswith("__")} - READS


def _chain(node: ast.AST) -> tuple[ast.AST, list[str]]:
    """(the root of an attribute/subscript chain, its attribute names from the root outwards)."""
    names: list[str] = []
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Starred)):
        if isinstance(node, ast.Attribute):
            names.append(node.attr)
        node = node.value
    return node, names[::-1]


def _targets(node: ast.AST) -> list[ast.AST]:
    if isinstance(node, ast.Assign):
        found = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        found = [node.target]
    elif isinstance(node, ast.Delete):
        found = list(node.targets)
    else:
        return []
    flat: list[ast.AST] = []
    while found:
        t = found.pop()
        if isinstance(t, (ast.Tuple, ast.List)):
            found.extend(t.elts)
        else:
            flat.append(t)
    return flat


def _writes(tree: ast.AST, state: set[str], private: set[str]) -> list[tuple[int, str, str]]:
    """(line, function, code) of every write to a game's state in ``tree``."""
    found: list[tuple[int, str, str]] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = node.name
        for target in _targets(node):
            root, names = _chain(target)
            if isinstance(root, ast.Name) and root.id not in ("self", "cls") and names and names[0] in state:
                found.append((node.lineno, function, ast.unparse(target)))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            root, names = _chain(node.func)
            if isinstance(root, ast.Name) and root.id not in ("self", "cls") and root.id[:1].islower():
                if len(names) >= 2 and names[0] in state and names[-1] in MUTATORS:
                    found.append((node.lineno, function, ast.unparse(node.func)))
                if len(names) == 1 and names[0] in private:
                    found.append((node.lineno, function, ast.unparse(node.func)))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(tree, "")
    return found


def test_no_test_or_tutorial_writes_a_games_state() -> None:
    state, private = _state_attributes(), _private()
    problems = []
    for path in CHECKED:
        rel = path.relative_to(ROOT).as_posix()
        for line, function, code in _writes(ast.parse(path.read_text(encoding="utf-8")), state, private):
            if (rel, function) not in EXEMPT:
                problems.append(f"{rel}:{line} ({function}): {code}")
    assert not problems, "state written by hand; build a position instead:\n" + "\n".join(problems)


def test_the_check_finds_every_kind_of_write() -> None:
    state, private = _state_attributes(), _private()
    source = """
def f(g, view):
    g.owner["x"] = 1
    g.score[:] = [1, 2, 3]
    g.supply[0] += 1
    g.actor.armies = 0
    del g.owner["x"]
    g.forts.add("x")
    g.actor.active.clear()
    g._move_score(0, 4)
    g._end_epoch()
    a, g.phase = 1, "invade"
    view.value = 3
    g.auto_chance = True
    g.apply("end_invasions")
    x = g.owner["x"]
    g._decision()
    g.force.array = 0
    g.track.set(0, 12)
    g._advance()
    g.log.append("x")
    g.secret_lines[0] = ("x", "y")
"""
    found = [code for _, _, code in _writes(ast.parse(source), state, private)]
    assert found == ["g.owner['x']", "g.score[:]", "g.supply[0]", "g.actor.armies", "g.owner['x']",
                     "g.forts.add", "g.actor.active.clear", "g._move_score", "g._end_epoch", "g.phase",
                     "g.force.array", "g.track.set", "g._advance", "g.log.append", "g.secret_lines[0]"]
