"""The 2018 position as the lesson builder edits it: its pieces, who may play, edits, the map, card changes.

``position_spec()`` (re-exported by :mod:`.view`) returns the :class:`Hotw2018Positions`
the editor and the what-if panel ask (the protocol is
:class:`hotw.ui.positionspec.PositionSpec`). The format is the ``position`` rule
option of :mod:`.position`; the engine checks it. Pure: no widget imports.
"""

from __future__ import annotations

import copy
import html
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping

from hotw.rulesets.hotw2018.viewpanels import PIECE_SYMBOLS
from hotw.ui.positionspec import CardField, Piece, PositionSpec
from hotw.ui.view import board_styles, chip, marker, roman, seat_ink, seat_symbol

if TYPE_CHECKING:
    from hotw.board import Board
    from hotw.rulesets.hotw2018.cards import Content

__all__ = ["Hotw2018Positions", "position_spec"]

esc = html.escape

PIECES = (
    Piece("army", "Army", "●", seated=True, help="a resigned army of the chosen seat"),
    Piece("active", "Active army", "◉", help="an army the empire about to play has already moved this turn "
                                           "(taken from its card)"),
    Piece("capitol", "Capitol", PIECE_SYMBOLS["capitol"], help="a capitol (2 points to whoever holds the land)"),
    Piece("city", "City", PIECE_SYMBOLS["city"], help="a city (1 point)"),
    Piece("monument", "Monument", PIECE_SYMBOLS["monument"], help="a monument (1 point)"),
    Piece("fort", "Fort", PIECE_SYMBOLS["fort"], help="a fort: the defender rolls two dice"),
)
_LISTS = {"monument": "monuments", "fort": "forts"}
_FIELD_ORDER = ("epoch", "turn", "later", "scores", "armies", "active", "structures", "monuments", "forts", "hands")


@lru_cache(maxsize=1)
def _world() -> tuple["Board", "Content"]:
    from hotw.board import load_board
    from hotw.rulesets.hotw2018.draft import content_for

    board = load_board()
    return board, content_for(board)


def _tidy(pos: dict[str, Any]) -> dict[str, Any]:
    """The fields in their usual order, empty ones left out (``epoch`` and ``turn`` always kept)."""
    return {k: pos[k] for k in _FIELD_ORDER if k in pos and (k in ("epoch", "turn") or pos[k])} | {
        k: v for k, v in pos.items() if k not in _FIELD_ORDER}


class Hotw2018Positions(PositionSpec):
    """Positions of the 2018 edition (see :mod:`hotw.rulesets.hotw2018.position`)."""

    ruleset = "hotw2018"
    pieces = PIECES
    card_fields = (CardField("armies", "armies on the card", "count", 1, 60),
                   CardField("start", "start territory", "land"))

    def board(self) -> "Board":
        return _world()[0]

    @property
    def content(self) -> "Content":
        return _world()[1]

    def epochs(self) -> int:
        return 5

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
        return list(given) if given else list(range(1, n_players + 1))

    # -- edits ---------------------------------------------------------------------------------
    def with_turn(self, position: Mapping[str, Any], card: str, seat: int) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        pos["turn"] = [card, seat]
        order = self.content.empires[card].order if card in self.content.empires else 0
        pos["later"] = [[c, s] for c, s in pos.get("later", [])
                        if c in self.content.empires and self.content.empires[c].order > order and s != seat]
        return _tidy(pos)

    def with_epoch(self, position: Mapping[str, Any], epoch: int) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        seat = self.turn(pos)[1] if "turn" in pos else 0
        pos["epoch"] = epoch
        pos["turn"] = [self.content.empires_of_epoch(epoch)[0].id, seat]
        pos["later"] = []
        events = self.content.events
        pos["hands"] = {s: [c for c in cards if c in events and (events[c].epoch == epoch or (
            events[c].epoch < epoch and events[c].saveable))] for s, cards in pos.get("hands", {}).items()}
        pos["hands"] = {s: cards for s, cards in pos["hands"].items() if cards}
        return _tidy(pos)

    def with_scores(self, position: Mapping[str, Any], scores: list[int]) -> dict[str, Any]:
        return _tidy({**copy.deepcopy(dict(position)), "scores": [int(s) for s in scores]})

    def later_choices(self, position: Mapping[str, Any]) -> list[tuple[str, str]]:
        """(name, id) of the empires of the position's epoch that may play after the one about to play."""
        card = self.turn(position)[0]
        order = self.content.empires[card].order if card in self.content.empires else 0
        return [(e.name, e.id) for e in self.content.empires_of_epoch(self.epoch(position)) if e.order > order]

    def with_later(self, position: Mapping[str, Any], cards: list[str], n_players: int) -> dict[str, Any]:
        """``position`` with ``cards`` playing after the empire about to play, by the other seats in turn."""
        pos = copy.deepcopy(dict(position))
        first = self.turn(pos)[1]
        seats = [s for s in range(n_players) if s != first]
        ordered = sorted(cards, key=lambda c: self.content.empires[c].order if c in self.content.empires else 0)
        pos["later"] = [[c, seats[i]] for i, c in enumerate(ordered[: len(seats)])]
        return _tidy(pos)

    def toggle(self, position: Mapping[str, Any], land: str, piece: str, seat: int) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        armies: dict[str, int] = dict(pos.get("armies", {}))
        active: list[str] = list(pos.get("active", []))
        if piece == "army":
            if armies.get(land) == seat:
                del armies[land]
            else:
                armies[land] = seat
                active = [t for t in active if t != land]
        elif piece == "active":
            if land in active:
                active.remove(land)
            else:
                active.append(land)
                armies.pop(land, None)
        elif piece in ("capitol", "city"):
            structures = dict(pos.get("structures", {}))
            if structures.get(land) == piece:
                del structures[land]
            else:
                structures[land] = piece
            pos["structures"] = structures
        elif piece in _LISTS:
            key = _LISTS[piece]
            lands = list(pos.get(key, []))
            pos[key] = [t for t in lands if t != land] if land in lands else lands + [land]
        else:
            raise ValueError(f"there is no piece {piece!r}; pieces: {', '.join(p.key for p in PIECES)}")
        pos["armies"], pos["active"] = armies, active
        return _tidy(pos)

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
        return [(f"{e.name} (Epoch {roman(e.epoch)}{', saveable' if e.saveable else ''})", e.id)
                for e in sorted(self.content.events.values(), key=lambda e: (e.epoch, e.name))
                if e.epoch == epoch or (e.epoch < epoch and e.saveable)]

    def hand(self, position: Mapping[str, Any], seat: int) -> list[str]:
        return list(position.get("hands", {}).get(str(seat), []))

    def with_hand(self, position: Mapping[str, Any], seat: int, cards: list[str]) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        hands = dict(pos.get("hands", {}))
        hands[str(seat)] = list(cards)
        pos["hands"] = {s: c for s, c in sorted(hands.items()) if c}
        return _tidy(pos)

    # -- drawing ---------------------------------------------------------------------------------
    def _owner(self, position: Mapping[str, Any]) -> dict[str, int]:
        owner = {t: int(s) for t, s in position.get("armies", {}).items() if isinstance(s, int)}
        seat = self.turn(position)[1]
        owner.update({t: seat for t in position.get("active", [])})
        return owner

    def styles(self, position: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        owner = self._owner(position)
        board = self.board()
        return board_styles(board, {t: s for t, s in owner.items() if t in board.spaces},
                            set(position.get("active", [])))

    def markers(self, position: Mapping[str, Any], players: list[str]) -> dict[str, str]:
        out = {}
        names = {p.key: p.label.lower() for p in PIECES}
        for land in self.board().spaces:
            found = self.pieces_at(position, land)
            if not found:
                continue
            chips, attrs = [], [f'data-space="{land}"']
            for piece, seat in found:
                if seat is not None:
                    how = "active" if piece == "active" else "resigned"
                    who = players[seat] if 0 <= seat < len(players) else f"seat {seat}"
                    attrs += [f'data-owner="{seat}"', f'data-state="{how}"']
                    chips.append(chip(seat_symbol(seat), f"{who}'s army ({how})", f"hotw-army hotw-{how}",
                                      seat_ink(seat)))
                else:
                    attrs.append(f'data-{piece}="1"')
                    chips.append(chip(PIECE_SYMBOLS[piece], names[piece], f"hotw-{piece}"))
            out[land] = marker(attrs, chips)
        return out

    def css(self) -> str:
        return ".hotw-capitol { background: #ffe28a; }\n"

    def summary(self, position: Mapping[str, Any], players: list[str]) -> str:
        card, seat = self.turn(position)
        empires = self.content.empires

        def who(c: str, s: int) -> str:
            name = empires[c].name if c in empires else c
            return f"the {esc(name)} ({esc(players[s]) if 0 <= s < len(players) else f'seat {s}'})"

        later = [who(c, s) for c, s in position.get("later", [])]
        counts = [f"{len(position.get('armies', {}))} armies", f"{len(position.get('active', []))} active",
                  f"{len(position.get('structures', {}))} capitols and cities",
                  f"{len(position.get('monuments', []))} monuments", f"{len(position.get('forts', []))} forts"]
        then = f", then {', '.join(later)}" if later else ""
        return (f"<b>Epoch {roman(self.epoch(position))}</b>: {who(card, seat)} about to play{then}. "
                f"On the map: {', '.join(counts)}.")

    # -- what-if card changes ------------------------------------------------------------------------
    def cards(self) -> list[tuple[str, str]]:
        return [(f"{e.name} (Epoch {roman(e.epoch)})", e.id)
                for e in sorted(self.content.empires.values(), key=lambda e: (e.epoch, e.order))]

    def card_value(self, card: str, field: str) -> Any:
        empire = self.content.empires[card]
        return empire.armies if field == "armies" else empire.start[0]

    def card_change(self, card: str, field: str, value: Any) -> dict[str, Any]:
        if field not in ("armies", "start"):
            raise ValueError(f"a what-if changes an empire's armies or start, not {field!r}")
        return {"empires": {card: {field: int(value) if field == "armies" else [str(value)]}}}


def position_spec() -> Hotw2018Positions:
    """The 2018 position format, for the lesson builder."""
    return Hotw2018Positions()
