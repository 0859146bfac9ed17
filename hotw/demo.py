"""A rule demonstration: a small game, the actions that play one rule on it, and what they wrote in the log.

Each ruleset's walkthrough is a list of plain functions returning a :class:`Demo`, so a
walkthrough notebook shows exactly what the engine does and the tests keep it honest.
:func:`run_demo` plays a demo's actions and keeps, with the log line that reports it,
the engine's record of each battle (or roll) decided on the way: a demo applies its
dice one action at a time, so the die that decides a battle adds that battle's line
first. A ruleset says which attribute of its game holds that record and where the
story of its demo ends.

>>> import hotw
>>> from hotw.actions import Action
>>> game = hotw.new_game(players=["Ada", "Ben", "Cy"], seed=1, auto_chance=False)
>>> demo = run_demo("The first action", "Any legal action is played.", game, (),
...                 lambda g: g.apply(g.legal_actions()[0]))
>>> len(demo.happened) == len(game.log) and demo.scored is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

from hotw.actions import Action
from hotw.game import Game

__all__ = ["Demo", "run_demo"]

G = TypeVar("G", bound=Game)


@dataclass
class Demo:
    """One rule, shown on a small situation."""

    title: str
    explanation: str
    game: Any
    focus: tuple[str, ...]
    happened: list[str] = field(default_factory=list)
    #: the battles decided in the demo: the index in ``happened`` of the line reporting each -> its record
    battles: dict[int, Any] = field(default_factory=dict)
    #: the demo ends with a score, whose breakdown the lesson shows; None: the lesson reads it from the log
    scored: bool | None = None

    def story(self) -> str:
        """The demo as text: the rule, then what happened (from the game log)."""
        lines = [self.title, "", self.explanation, "", "What happened:"]
        return "\n".join(lines + [f"  {line}" for line in self.happened])


def run_demo(title: str, explanation: str, game: G, focus: tuple[str, ...], steps: Callable[[G], None], *,
             record: str = "last_battle", ends: Callable[[str], bool] | None = None,
             scored: bool | None = None) -> Demo:
    """Play ``steps`` on ``game`` and return the Demo with the log lines they wrote and the battles they decided.

    ``record`` names the game's attribute holding the last battle's record; with ``ends`` the story stops at
    the first line it accepts (the end of the demo empire's turn), and the battles after it are left out.
    """
    start = len(game.log)
    battles: dict[int, Any] = {}
    kind = type(game)
    play = kind.apply

    def apply(g: G, action: Action | str) -> None:
        if g is not game:  # a game made from this one's class (a replay for undo): not the demo's
            play(g, action)
            return
        before, last = len(g.log), getattr(g, record)
        play(g, action)
        now = getattr(g, record)
        if now is not None and now is not last:
            battles[before - start] = now

    # The game watched for the demo's length: its class with that apply (a game may keep its state in slots, with
    # no instance dict to hang a method on; a subclass adding no slot has the same layout)
    game.__class__ = type(kind.__name__, (kind,), {"__slots__": (), "apply": apply, "__module__": kind.__module__})
    try:
        steps(game)
    finally:
        game.__class__ = kind  # the class's own method again
    happened = game.log[start:]
    cut = [i for i, line in enumerate(happened) if ends(line)] if ends is not None else []
    if cut:
        happened = happened[: cut[0] + 1]
    return Demo(title, explanation, game, focus, happened,
                {i: battle for i, battle in battles.items() if i < len(happened)}, scored)
