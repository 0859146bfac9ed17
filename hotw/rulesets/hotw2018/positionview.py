"""The 2018 position as the lesson builder edits it: its pieces, their edits and marks, its own words.

What positions of epochs and empire turns share (who plays, later empires, hands, the
map, what-if card changes) is :class:`hotw.ui.positionspec.EmpireTurnPositions`;
``position_spec()`` (re-exported by :mod:`.view`) returns the :class:`Hotw2018Positions`. The
format is the ``position`` rule option of :mod:`.position`. Pure: no widget imports.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping

from hotw.i18n import Domain, render
from hotw.rulesets.hotw2018.viewpanels import PIECE_SYMBOLS
from hotw.ui.positionspec import EmpireTurnPositions, Piece, toggled
from hotw.ui.view import roman

if TYPE_CHECKING:
    from hotw.board import Board
    from hotw.rulesets.hotw2018.cards import Content

__all__ = ["Hotw2018Positions", "position_spec"]

_ = Domain("hotw2018")
t, tn = _.text, _.text_plural


def pieces() -> tuple[Piece, ...]:
    """The pieces a click lays or removes, named in the active language."""
    return (
        Piece("army", t("Army"), "●", seated=True, help=t("a resigned army of the chosen seat")),
        Piece("active", t("Active army"), "◉", help=t("an army the empire about to play has already moved this "
                                                    "turn (taken from its card)")),
        Piece("capitol", t("Capitol"), PIECE_SYMBOLS["capitol"],
              help=t("a capitol (2 points to whoever holds the land)")),
        Piece("city", t("City"), PIECE_SYMBOLS["city"], help=t("a city (1 point)")),
        Piece("monument", t("Monument"), PIECE_SYMBOLS["monument"], help=t("a monument (1 point)")),
        Piece("fort", t("Fort"), PIECE_SYMBOLS["fort"], help=t("a fort: the defender rolls two dice")),
    )


PIECES = pieces()
"""The pieces in English (their keys are the same in every language)."""
_LISTS = {"monument": "monuments", "fort": "forts"}
_FIELD_ORDER = ("epoch", "turn", "later", "scores", "armies", "active", "structures", "monuments", "forts", "hands")

@lru_cache(maxsize=1)
def _world() -> tuple["Board", "Content"]:
    from hotw.board import load_board
    from hotw.rulesets.hotw2018.draft import content_for

    board = load_board()
    return board, content_for(board)


class Hotw2018Positions(EmpireTurnPositions):
    """Positions of the 2018 edition (see :mod:`hotw.rulesets.hotw2018.position`)."""

    ruleset = "hotw2018"
    field_order = _FIELD_ORDER
    symbols = PIECE_SYMBOLS
    article = "the "

    @property
    def pieces(self) -> tuple[Piece, ...]:  # type: ignore[override]
        """The pieces, in the active language."""
        return pieces()

    def table(self) -> tuple["Board", "Content"]:
        return _world()

    def epochs(self) -> int:
        return 5

    def players(self) -> tuple[int, int]:
        return (3, 6)

    # -- edits ---------------------------------------------------------------------------------
    def moved_to_epoch(self, pos: dict[str, Any], epoch: int) -> None:
        """An event card stays in hand if it is of the new epoch, or saveable and of an earlier one."""
        events = self.content.events
        pos["hands"] = {s: [c for c in cards if c in events and (events[c].epoch == epoch or (
            events[c].epoch < epoch and events[c].saveable))] for s, cards in pos.get("hands", {}).items()}
        pos["hands"] = {s: cards for s, cards in pos["hands"].items() if cards}

    def toggle(self, position: Mapping[str, Any], land: str, piece: str, seat: int) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        armies: dict[str, int] = dict(pos.get("armies", {}))
        active: list[str] = list(pos.get("active", []))
        if piece == "army":
            armies = toggled(armies, land, seat)
            if land in armies:
                active = [t for t in active if t != land]
        elif piece == "active":
            if land in active:
                active.remove(land)
            else:
                active.append(land)
                armies.pop(land, None)
        elif piece in ("capitol", "city"):
            pos["structures"] = toggled(pos.get("structures", {}), land, piece)
        elif piece in _LISTS:
            key = _LISTS[piece]
            lands = list(pos.get(key, []))
            pos[key] = [t for t in lands if t != land] if land in lands else lands + [land]
        else:
            raise ValueError(f"there is no piece {piece!r}; pieces: {', '.join(p.key for p in PIECES)}")
        pos["armies"], pos["active"] = armies, active
        return self.tidy(pos)

    def pieces_at(self, position: Mapping[str, Any], land: str) -> list[tuple[str, int | None]]:
        out: list[tuple[str, int | None]] = []
        if land in position.get("armies", {}):
            out.append(("army", int(position["armies"][land])))
        if land in position.get("active", []):
            out.append(("active", self.turn(position)[1]))
        kind = position.get("structures", {}).get(land)
        if kind:
            out.append((str(kind), None))
        out += [(piece, None) for piece, key in _LISTS.items() if land in position.get(key, [])]
        return out

    # -- hands -----------------------------------------------------------------------------------
    def hand_choices(self, position: Mapping[str, Any]) -> list[tuple[str, str]]:
        """The event cards of the position's epoch, and the saveable ones of earlier epochs."""
        epoch = self.epoch(position)
        return [(t("{card} (Epoch {epoch}, saveable)", card=render(e.name), epoch=roman(e.epoch)) if e.saveable
                 else t("{card} (Epoch {epoch})", card=render(e.name), epoch=roman(e.epoch)), e.id)
                for e in sorted(self.content.events.values(), key=lambda e: (e.epoch, e.name))
                if e.epoch == epoch or (e.epoch < epoch and e.saveable)]

    # -- drawing ---------------------------------------------------------------------------------
    def owners(self, position: Mapping[str, Any]) -> dict[str, int]:
        owner = super().owners(position)
        seat = self.turn(position)[1]
        owner.update({t: seat for t in position.get("active", [])})
        return owner

    def active(self, position: Mapping[str, Any]) -> set[str]:
        return set(position.get("active", []))

    def css(self) -> str:
        return ".hotw-capitol { background: #ffe28a; }\n"

    def counts(self, position: Mapping[str, Any]) -> list[str]:
        return [tn("{n} army", "{n} armies", len(position.get("armies", {}))),
                tn("{n} active", "{n} active", len(position.get("active", []))),
                tn("{n} capitol or city", "{n} capitols and cities", len(position.get("structures", {}))),
                tn("{n} monument", "{n} monuments", len(position.get("monuments", []))),
                tn("{n} fort", "{n} forts", len(position.get("forts", [])))]


def position_spec() -> Hotw2018Positions:
    """The 2018 position format, for the lesson builder."""
    return Hotw2018Positions()
