"""The classic position as the lesson builder edits it: its pieces, who may play, edits, the map, card changes.

``position_spec()`` (re-exported by :mod:`.view`) returns the :class:`ClassicPositions`
the editor and the what-if panel ask (the protocol is
:class:`hotw.ui.positionspec.PositionSpec`). The format is the ``position`` rule
option of :mod:`.position`; the engine checks it. Pure: no widget imports.
"""

from __future__ import annotations

import copy
import html
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping

from hotw.rulesets.classic.viewstyle import CSS, SYMBOLS
from hotw.ui.positionspec import CardField, Piece, PositionSpec
from hotw.ui.view import board_styles, chip, marker, roman, seat_ink, seat_symbol

if TYPE_CHECKING:
    from hotw.board import Board
    from hotw.rulesets.classic.cards import Content

__all__ = ["ClassicPositions", "position_spec"]

esc = html.escape

PIECES = (
    Piece("army", "Army", "●", seated=True, help="an army of the chosen seat (of an empire played before)"),
    Piece("capitol", "Capitol", SYMBOLS["capitol"], help="a capitol (2 points to whoever holds the land)"),
    Piece("city", "City", SYMBOLS["city"], help="a city (1 point)"),
    Piece("monument", "Monument", SYMBOLS["monument"], help="a monument (1 point each; a click adds one, "
                                                            "a click on a land with three takes them off)"),
    Piece("fort", "Fort", SYMBOLS["fort"], help="a fort: +1 to the defender's die (it stands with an army)"),
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


def _tidy(pos: dict[str, Any]) -> dict[str, Any]:
    """The fields in their usual order, empty ones left out (``epoch`` and ``turn`` always kept)."""
    return {k: pos[k] for k in _FIELD_ORDER if k in pos and (k in ("epoch", "turn") or pos[k] or pos[k] == 0)} | {
        k: v for k, v in pos.items() if k not in _FIELD_ORDER}


class ClassicPositions(PositionSpec):
    """Positions of the classic edition (see :mod:`hotw.rulesets.classic.position`)."""

    ruleset = "classic"
    pieces = PIECES
    card_fields = (CardField("armies", "armies on the card", "count", 1, 60),
                   CardField("start", "start territory", "land"))

    def board(self) -> "Board":
        return _world()[0]

    @property
    def content(self) -> "Content":
        return _world()[1]

    def epochs(self) -> int:
        return 7

    def players(self) -> tuple[int, int]:
        return (3, 6)

    def blank(self, epoch: int = 1) -> dict[str, Any]:
        return {"epoch": epoch, "turn": [self.content.empires_of_epoch(epoch)[0].id, 0]}

    def turn_choices(self, epoch: int) -> list[tuple[str, str]]:
        return [(e.name, e.id) for e in self.content.empires_of_epoch(epoch)]

    def turn(self, position: Mapping[str, Any]) -> tuple[str, int]:
        card, seat = position["turn"]
        return str(card), int(seat)

    def epoch(self, position: Mapping[str, Any]) -> int:
        return int(position["epoch"])

    def scores(self, position: Mapping[str, Any], n_players: int) -> list[int]:
        given = position.get("scores")
        return list(given) if given else [0] * n_players

    # -- edits ---------------------------------------------------------------------------------
    def _order(self, card: str) -> int:
        return self.content.empires[card].order if card in self.content.empires else 0

    def with_turn(self, position: Mapping[str, Any], card: str, seat: int) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        pos["turn"] = [card, seat]
        pos["later"] = [[c, s] for c, s in pos.get("later", []) if self._order(c) > self._order(card) and s != seat]
        return _tidy(pos)

    def with_epoch(self, position: Mapping[str, Any], epoch: int) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        seat = self.turn(pos)[1] if "turn" in pos else 0
        pos["epoch"] = epoch
        pos["turn"] = [self.content.empires_of_epoch(epoch)[0].id, seat]
        pos["later"] = []
        pos["played"] = {s: [c for c in cards if c in self.content.empires and self.content.empires[c].epoch < epoch]
                         for s, cards in pos.get("played", {}).items()}
        pos["played"] = {s: cards for s, cards in pos["played"].items() if cards}
        return _tidy(pos)

    def with_scores(self, position: Mapping[str, Any], scores: list[int]) -> dict[str, Any]:
        return _tidy({**copy.deepcopy(dict(position)), "scores": [int(s) for s in scores]})

    def later_choices(self, position: Mapping[str, Any]) -> list[tuple[str, str]]:
        """(name, id) of the empires of the position's epoch that are called after the one about to be called."""
        order = self._order(self.turn(position)[0])
        return [(e.name, e.id) for e in self.content.empires_of_epoch(self.epoch(position)) if e.order > order]

    def with_later(self, position: Mapping[str, Any], cards: list[str], n_players: int) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        first = self.turn(pos)[1]
        seats = [s for s in range(n_players) if s != first]
        ordered = sorted(cards, key=self._order)
        pos["later"] = [[c, seats[i]] for i, c in enumerate(ordered[: len(seats)])]
        return _tidy(pos)

    def toggle(self, position: Mapping[str, Any], land: str, piece: str, seat: int) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        if piece == "army":
            armies = dict(pos.get("armies", {}))
            if armies.get(land) == seat:
                del armies[land]
                pos["forts"] = [t for t in pos.get("forts", []) if t != land]  # a fort goes with its army
            else:
                armies[land] = seat
            pos["armies"] = armies
        elif piece in ("capitol", "city"):
            structures = dict(pos.get("structures", {}))
            if structures.get(land) == piece:
                del structures[land]
            else:
                structures[land] = piece
            pos["structures"] = structures
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
        return _tidy(pos)

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
        return [(f"{e.name} (Epochs {roman(e.epochs[0])}-{roman(e.epochs[1])}, {'greater' if e.kind == 'major' else 'lesser'})",
                 e.id) for e in sorted(events.values(), key=lambda e: (e.epochs, e.name))]

    def hand(self, position: Mapping[str, Any], seat: int) -> list[str]:
        return list(position.get("hands", {}).get(str(seat), []))

    def with_hand(self, position: Mapping[str, Any], seat: int, cards: list[str]) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        hands = dict(pos.get("hands", {}))
        hands[str(seat)] = list(cards)
        pos["hands"] = {s: c for s, c in sorted(hands.items()) if c}
        return _tidy(pos)

    # -- drawing ---------------------------------------------------------------------------------
    def styles(self, position: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        board = self.board()
        owner = {t: int(s) for t, s in position.get("armies", {}).items() if isinstance(s, int) and t in board.spaces}
        return board_styles(board, owner, set())

    def markers(self, position: Mapping[str, Any], players: list[str]) -> dict[str, str]:
        out = {}
        for land in self.board().spaces:
            found = self.pieces_at(position, land)
            if not found:
                continue
            chips, attrs = [], [f'data-space="{land}"']
            for piece, seat in found:
                if seat is not None:
                    who = players[seat] if 0 <= seat < len(players) else f"seat {seat}"
                    attrs += [f'data-owner="{seat}"', 'data-state="resigned"']
                    chips.append(chip(seat_symbol(seat), f"{who}'s army", "hotw-army hotw-resigned", seat_ink(seat)))
                elif piece == "monument":
                    count = int(position["monuments"][land])
                    attrs.append(f'data-monument="{count}"')
                    chips += [chip(SYMBOLS["monument"], "monument (1 point)", "hotw-monument")] * count
                else:
                    attrs.append(f'data-{piece}="1"')
                    chips.append(chip(SYMBOLS[piece], piece, f"hotw-{piece}"))
            out[land] = marker(attrs, chips)
        return out

    def css(self) -> str:
        return CSS

    def summary(self, position: Mapping[str, Any], players: list[str]) -> str:
        card, seat = self.turn(position)
        empires = self.content.empires

        def who(c: str, s: int) -> str:
            name = empires[c].name if c in empires else c
            return f"{esc(name)} ({esc(players[s]) if 0 <= s < len(players) else f'seat {s}'})"

        later = [who(c, s) for c, s in position.get("later", [])]
        def count(n: int, one: str, many: str) -> str:
            return f"{n} {one if n == 1 else many}"

        counts = [count(len(position.get("armies", {})), "army", "armies"),
                  count(len(position.get("structures", {})), "capitol or city", "capitols and cities"),
                  count(sum(position.get("monuments", {}).values()), "monument", "monuments"),
                  count(len(position.get("forts", [])), "fort", "forts"),
                  count(sum(len(c) for c in position.get("hands", {}).values()), "event card", "event cards") + " held"]
        then = f", then {', '.join(later)}" if later else ""
        return (f"<b>Epoch {roman(self.epoch(position))}</b>: {who(card, seat)} about to be called{then}. "
                f"On the table: {', '.join(counts)}.")

    # -- what-if card changes ------------------------------------------------------------------------
    def cards(self) -> list[tuple[str, str]]:
        return [(f"{e.name} (Epoch {roman(e.epoch)})", e.id)
                for e in sorted(self.content.empires.values(), key=lambda e: (e.epoch, e.order))]

    def card_value(self, card: str, field: str) -> Any:
        empire = self.content.empires[card]
        return empire.strength("2001") if field == "armies" else empire.start[0]

    def card_change(self, card: str, field: str, value: Any) -> dict[str, Any]:
        if field not in ("armies", "start"):
            raise ValueError(f"a what-if changes an empire's armies or start, not {field!r}")
        return {"empires": {card: {field: int(value) if field == "armies" else [str(value)]}}}


def position_spec() -> ClassicPositions:
    """The classic position format, for the lesson builder."""
    return ClassicPositions()
