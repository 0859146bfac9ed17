"""The pieces of a classic turn: the acting force (an empire or a minor empire), a battle, a decided battle."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hotw.i18n import Domain

_ = Domain("classic")

ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII")
"""Epoch numbers as printed."""

# TRANSLATORS: the outcome of a battle round for the attacker ("enter": a tie, the defender dies, the attacker enters)
RESULTS = {"win": _("win"), "tie": _("tie"), "lose": _("lose"), "enter": _("enter"), "round": _("round")}
"""A battle round's outcome (:attr:`BattleRecord.result`) in words."""

FORT_LIMIT = 32
"""Forts in the box (Hasbro 2001)."""


@dataclass
class Actor:
    """The force acting now: the epoch's empire of a player, or a minor empire played before it."""

    card: str
    name: str
    player: int
    armies: int
    capitol: bool
    starts: tuple[str, ...]
    navigation: tuple[str, ...]
    minor: bool = False
    #: lands this force holds (it expands from them)
    lands: set[str] = field(default_factory=set)
    #: start lands not yet taken
    to_start: list[str] = field(default_factory=list)
    #: armies lost in battle this turn (Reallocation coins buy them back)
    lost: int = 0
    #: the targets over land and by fleet, kept up to date as lands are taken (``targets.kept_targets``; derived)
    reach_memo: Any = field(default=None, repr=False, compare=False)


@dataclass
class Battle:
    """A battle in progress: who attacks where with how many dice, and the attacker's highest die once rolled."""

    target: str
    attacker: int
    defender: int
    #: "actor" (the acting force), "raid" (an event's armies) or "uprising"
    source: str
    attack_dice: int
    defend_dice: int
    attack_bonus: int = 0
    fort: bool = False
    wins_ties: bool = False
    attack_high: int | None = None
    rounds: int = 0


@dataclass(frozen=True)
class BattleRecord:
    """A decided battle round, as the UI shows it."""

    target: str
    attacker: int
    defender: int
    attack_dice: int
    defend_dice: int
    attack_high: int
    defend_high: int
    attack_bonus: int
    fort: bool
    result: str
