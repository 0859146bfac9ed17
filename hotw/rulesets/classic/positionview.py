"""The classic position as the lesson builder edits it: its pieces, their edits and marks, its own words.

What positions of epochs and empire turns share (who plays, later empires, hands, the
map, what-if card changes) is :class:`hotw.ui.positionspec.EmpireTurnPositions`;
``position_spec()`` (re-exported by :mod:`.view`) returns the :class:`ClassicPositions`. The
format is the ``position`` rule option of :mod:`.position`. Pure: no widget imports.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping

from hotw.i18n import Domain, render
from hotw.rulesets.classic.viewstyle import CSS, SYMBOLS
from hotw.ui.positionspec import EmpireTurnPositions, Piece, toggled
from hotw.ui.view import chip, roman

if TYPE_CHECKING:
    from hotw.board import Board
    from hotw.rulesets.classic.cards import Content

__all__ = ["ClassicPositions", "position_spec"]

_ = Domain("classic")
t, tn = _.text, _.text_plural

PIECES = (
    Piece("army", _("Army"), "●", seated=True, help=_("an army of the chosen seat (of an empire played before)")),
    Piece("capitol", _("Capitol"), SYMBOLS["capitol"], help=_("a capitol (2 points to whoever holds the land)")),
    Piece("city", _("City"), SYMBOLS["city"], help=_("a city (1 point)")),
    Piece("monument", _("Monument"), SYMBOLS["monument"], help=_("a monument (1 point each; a click adds one, "
                                                                 "a click on a land with three takes them off)")),
    Piece("fort", _("Fort"), SYMBOLS["fort"], help=_("a fort: +1 to the defender's die (it stands with an army)")),
)
_FIELD_ORDER = ("epoch", "turn", "later", "first", "scores", "armies", "structures", "monuments", "forts", "hands",
                "played")
_MAX_MONUMENTS = 3


@lru_cache(maxsize=1)
def _world() -> tuple["Board", "Content"]:
    from hotw.board import load_board
    from hotw.rulesets.classic.cardcheck import load_content

    board = load_board()
    return board, load_content(board)


class ClassicPositions(EmpireTurnPositions):
    """Positions of the classic edition (see :mod:`hotw.rulesets.classic.position`)."""

    ruleset = "classic"
    pieces = PIECES
    field_order = _FIELD_ORDER
    keep_zero = True
    symbols = SYMBOLS
    about_to = _("about to be called")
    on_the = _("On the table")

    def table(self) -> tuple["Board", "Content"]:
        return _world()

    def epochs(self) -> int:
        return 7

    def players(self) -> tuple[int, int]:
        return (3, 6)

    def unscored(self, n_players: int) -> list[int]:
        return [0] * n_players

    # -- edits ---------------------------------------------------------------------------------
    def moved_to_epoch(self, pos: dict[str, Any], epoch: int) -> None:
        """Only the empires of earlier epochs stay among a seat's played cards."""
        pos["played"] = {s: [c for c in cards if c in self.content.empires and self.content.empires[c].epoch < epoch]
                         for s, cards in pos.get("played", {}).items()}
        pos["played"] = {s: cards for s, cards in pos["played"].items() if cards}

    def toggle(self, position: Mapping[str, Any], land: str, piece: str, seat: int) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        if piece == "army":
            pos["armies"] = toggled(pos.get("armies", {}), land, seat)
            if land not in pos["armies"]:
                pos["forts"] = [t for t in pos.get("forts", []) if t != land]  # a fort goes with its army
        elif piece in ("capitol", "city"):
            pos["structures"] = toggled(pos.get("structures", {}), land, piece)
        elif piece == "monument":
            monuments = dict(pos.get("monuments", {}))
            count = monuments.get(land, 0)
            if count >= _MAX_MONUMENTS:
                del monuments[land]
            else:
                monuments[land] = count + 1
            pos["monuments"] = monuments
        elif piece == "fort":
            forts = list(pos.get("forts", []))
            pos["forts"] = [t for t in forts if t != land] if land in forts else forts + [land]
        else:
            raise ValueError(f"there is no piece {piece!r}; pieces: {', '.join(p.key for p in PIECES)}")
        return self.tidy(pos)

    def pieces_at(self, position: Mapping[str, Any], land: str) -> list[tuple[str, int | None]]:
        out: list[tuple[str, int | None]] = []
        if land in position.get("armies", {}):
            out.append(("army", int(position["armies"][land])))
        kind = position.get("structures", {}).get(land)
        if kind:
            out.append((str(kind), None))
        if position.get("monuments", {}).get(land):
            out.append(("monument", None))
        if land in position.get("forts", []):
            out.append(("fort", None))
        return out

    # -- hands -----------------------------------------------------------------------------------
    def hand_choices(self, position: Mapping[str, Any]) -> list[tuple[str, str]]:
        events = self.content.events
        return [(t("{event} (Epochs {first}-{last}, greater)", event=render(e.name), first=roman(e.epochs[0]),
                   last=roman(e.epochs[1])) if e.kind == "major" else
                 t("{event} (Epochs {first}-{last}, lesser)", event=render(e.name), first=roman(e.epochs[0]),
                   last=roman(e.epochs[1])), e.id) for e in sorted(events.values(), key=lambda e: (e.epochs, e.name))]

    # -- drawing ---------------------------------------------------------------------------------
    def army_label(self, who: str, how: str) -> str:
        return t("{player}'s army", player=who)

    def piece_marker(self, position: Mapping[str, Any], land: str, piece: str) -> tuple[list[str], list[str]]:
        if piece != "monument":
            return super().piece_marker(position, land, piece)
        count = int(position["monuments"][land])
        monument = chip(SYMBOLS["monument"], t("monument (1 point)"), "hotw-monument")
        return [f'data-monument="{count}"'], [monument] * count

    def css(self) -> str:
        return CSS

    def counts(self, position: Mapping[str, Any]) -> list[str]:
        return [tn("{n} army", "{n} armies", len(position.get("armies", {}))),
                tn("{n} capitol or city", "{n} capitols and cities", len(position.get("structures", {}))),
                tn("{n} monument", "{n} monuments", sum(position.get("monuments", {}).values())),
                tn("{n} fort", "{n} forts", len(position.get("forts", []))),
                tn("{n} event card held", "{n} event cards held",
                   sum(len(c) for c in position.get("hands", {}).values()))]

    # -- what-if card changes ------------------------------------------------------------------------
    def card_armies(self, empire: Any) -> int:
        return empire.strength("2001")


def position_spec() -> ClassicPositions:
    """The classic position format, for the lesson builder."""
    return ClassicPositions()
