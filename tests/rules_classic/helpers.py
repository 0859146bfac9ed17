"""Helpers for the classic rule tests: a game with chance left to the test, and positions set up by hand.

A situation is the ``position`` rule option (:mod:`hotw.rulesets.classic.position`),
checked by the engine and kept by save, load and undo; every move is ``apply``.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Iterable

import hotw
from hotw.actions import Action

NAMES = ["Ada", "Ben", "Cy", "Dee", "Eve", "Fay"]


def load_script(name: str) -> ModuleType:
    """The module of ``scripts/<name>.py`` (the scripts are not a package), registered under ``name``."""
    spec = importlib.util.spec_from_file_location(name, Path(__file__).resolve().parents[2] / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def new(n: int = 3, **options: Any) -> Any:
    """A classic game for ``n`` players whose chance steps the test applies."""
    return hotw.new_game("classic", NAMES[:n], 0, auto_chance=False, options=options or None)


def deal(game: Any, hands: dict[int, list[str]] | None = None) -> None:
    """Deal the event cards: the listed ones to each seat first, then the first card left of each pile."""
    wanted = {p: list(h) for p, h in (hands or {}).items()}
    while game.phase == "deal":
        seat, pile = game.dealing()
        legal = [a.target for a in game.legal_actions()]
        mine = [c for c in wanted.get(seat, []) if c in legal and game.content.events[c].kind == pile]
        card = mine[0] if mine else next(c for c in legal if c not in sum(wanted.values(), []))
        if mine:
            wanted[seat].remove(card)
        game.apply(Action("draw", card))


def draw_keep(game: Any, empires: Iterable[str]) -> None:
    """Each drawer in turn draws the next of ``empires`` and keeps it."""
    for e in empires:
        game.apply(Action("draw", e))
        if game.phase == "keep_or_give":
            game.apply(Action("keep"))


def start(n: int = 3, empires: Iterable[str] = ("egypt", "babylonia", "shang"), first: int = 0,
          hands: dict[int, list[str]] | None = None, **options: Any) -> Any:
    """A game at the first empire's turn of Epoch I: dealt, first player chosen, ``empires`` drawn and kept in order."""
    game = new(n, **options)
    deal(game, hands)
    game.apply(Action("draw", str(first)))
    draw_keep(game, empires)
    return game


def roll(game: Any, *faces: int) -> None:
    """Apply dice (each a chance step)."""
    for f in faces:
        game.apply(Action("roll", str(f)))


def act(game: Any, *texts: str) -> None:
    """Apply actions given as text."""
    for t in texts:
        game.apply(t)


def begin_with(game: Any) -> Any:
    """Begin the empire called now (its events left unplayed); returns its actor."""
    game.apply("begin")
    return game.actor


#: Who holds the Epoch I cards of :func:`start`'s default draw: Egypt seat 0, Babylonia seat 1, Shang seat 2.
EPOCH_ONE = {"egypt": 0, "babylonia": 1, "shang": 2}


def called(empire: str = "egypt", seat: int | None = None, n: int = 3, *, later: dict[str, int] | None = None,
           options: dict[str, Any] | None = None, seed: int = 0, **fields: Any) -> Any:
    """A game stopped as ``empire`` (held by ``seat``) is called, from a position set up by hand; chance is
    the test's.

    ``later``: empire -> seat of the empires still to be called this epoch (by default the
    rest of :data:`EPOCH_ONE` after an Epoch I empire); ``fields`` are the position's
    other fields (``armies``, ``structures``, ``monuments``, ``forts``, ``hands`` with
    seat keys as numbers, ``played``, ``scores``, ``first``).
    """
    content = new(n).content
    card = content.empires[empire]
    if seat is None:
        seat = EPOCH_ONE.get(empire, 0)
    if later is None:
        later = {e: s for e, s in EPOCH_ONE.items() if card.epoch == 1 and content.empires[e].order > card.order
                 and s != seat and s < n}
    position: dict[str, Any] = {"epoch": card.epoch, "turn": [empire, seat],
                                "later": sorted(([e, s] for e, s in later.items()),
                                                key=lambda pair: content.empires[pair[0]].order)}
    for key in ("hands", "played"):
        if key in fields:
            fields[key] = {str(s): list(cards) for s, cards in fields[key].items()}
    position.update(fields)
    return hotw.new_game("classic", NAMES[:n], seed, auto_chance=False, options={**(options or {}),
                                                                                "position": position})


def begun(empire: str = "egypt", seat: int | None = None, n: int = 3, **kw: Any) -> Any:
    """:func:`called`, then the empire begun (no event played)."""
    game = called(empire, seat, n, **kw)
    game.apply("begin")
    return game


#: the game logs of the online classic game (tests/data/classic-logs/, BSD-2-Clause, see the README there)
LOGS = Path(__file__).resolve().parent.parent / "data" / "classic-logs"
_REPLAYS: dict[str, Any] = {}


def replay_of(path: Path) -> Any:
    """The log at ``path`` replayed under the online options once for the whole test run (every module that reads
    the ten logs shares these replays)."""
    if path.name not in _REPLAYS:
        _REPLAYS[path.name] = hotw.import_log(path)
    return _REPLAYS[path.name]
