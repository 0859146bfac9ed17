"""Pieces of a 2018 turn: the acting empire (or kingdom) with what is on its card, and battles."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from hotw.rulesets.hotw2018.battle import BattleSetup
from hotw.rulesets.hotw2018.cards import Effect


ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII")
"""Epoch numbers as the cards print them."""

LIMITS = {"capitol_city": 24, "monument": 20, "fort": 14}
"""Pieces in the box: capitols and cities together, monuments, forts."""


@dataclass
class Actor:
    """The empire or kingdom whose turn it is, with what is on its card."""

    card: str
    name: str
    player: int
    kingdom: bool
    capitol: bool
    starts: tuple[str, ...]
    fleets: tuple[str, ...]
    caravans: tuple[str, ...]
    armies: int = 0
    tokens: int = 0
    free_forts: int = 0
    effects: list[dict[str, Any]] = field(default_factory=list)
    active: set[str] = field(default_factory=set)
    to_establish: list[str] = field(default_factory=list)
    missed_starts: set[str] = field(default_factory=set)
    played: list[str] = field(default_factory=list)
    #: (effects, its length, DiceEffects.of(effects), the first round of a battle by fort, terrain and fleet): read
    #: again only when ``effects`` changes (the engine only appends to it, when an event is played)
    dice_effects: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)
    #: [active lands, missed starts, targets, markers reached, caravans reached, lands caravans touch, invade
    #: actions, ...] when ``targets()`` last looked (see ``targets.reach_memo``): active lands are only ever added
    #: in a turn
    reach_memo: list[Any] | None = field(default=None, repr=False, compare=False)
    #: "name (player)", as the log writes it (made once a turn)
    label: str | None = field(default=None, repr=False, compare=False)

    @property
    def marauder(self) -> bool:
        """An empire card with the torch icon: no capitol, a point per structure reduced."""
        return not self.kingdom and not self.capitol

    def total(self, kind: str, param: str) -> int:
        """Sum of one parameter over the effects of ``kind`` in force."""
        return sum(int(e.get(param, 0)) for e in self.effects if e["kind"] == kind)

    def has(self, kind: str) -> bool:
        """True if an effect of ``kind`` is in force."""
        return any(e["kind"] == kind for e in self.effects)


_PRINTED_DICE = BattleSetup()


@dataclass(frozen=True)
class BattleRecord:
    """A battle that has been decided: where, who, the dice and the result (for the UI and the log)."""

    epoch: int
    invader: int
    empire: str
    target: str
    defender: int
    round: int
    invader_dice: tuple[int, ...]
    defender_dice: tuple[int, ...]
    rerolled_from: tuple[int, ...] | None
    setup: BattleSetup
    result: str


@dataclass(slots=True)
class Battle:
    """A battle (and the siege that may follow it) for one territory."""

    target: str
    defender: int
    naval: bool
    establishing: bool
    round: int = 0
    catapult: int = 0
    setup: BattleSetup = _PRINTED_DICE  # replaced by the setup of this battle when it starts
    inv: list[int] = field(default_factory=list)
    dfn: list[int] = field(default_factory=list)
    reroll: int | None = None
    lost: bool = False
    #: the defender's dice before a naval reroll, while this round has one
    before_reroll: list[int] | None = field(default=None, repr=False, compare=False)



def effect_dict(e: Any) -> dict[str, Any]:
    """An effect record as a plain dict with ``kind`` and its parameters."""
    if isinstance(e, dict):
        return dict(e)
    params = getattr(e, "params", None)
    if params is not None:
        return {"kind": e.kind, **dict(params)}
    # Card effects are frozen values: convert each once (dataclasses.asdict is slow), copy the result.
    hit = _EFFECT_DICTS.get(e) if isinstance(e, Effect) else None
    if hit is None:
        fields = dataclasses.asdict(e) if dataclasses.is_dataclass(e) else vars(e)
        hit = {k: v for k, v in fields.items() if v is not None}
        if isinstance(e, Effect):
            _EFFECT_DICTS[e] = hit
    return dict(hit)


_EFFECT_DICTS: dict[Effect, dict[str, Any]] = {}


