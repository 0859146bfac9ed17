"""The Brief History position as the lesson builder edits it: its pieces, colours, who plays, edits, the map.

``position_spec()`` (re-exported by :mod:`.view`) returns the :class:`BriefPositions`
the editor and the what-if panel ask (the protocol is
:class:`hotw.ui.positionspec.PositionSpec`). The format is the ``position`` rule
option of :mod:`.position`; the engine checks it. Pure: no widget imports.

A Brief position is keyed by *colour*, not by player: the editor's seats are the
colours (:meth:`BriefPositions.seat_names`). With three to six players each has
one colour; with two players each has two (colours 0 and 2 are the first
player's, 1 and 3 the second's), so the editor offers four seats, each named
with its player and colour ("Ada (green)"). Gold is kept per colour, as on the
gold track.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping

from hotw.i18n import Domain, joined, plural_name, render
from hotw.rulesets.brief.cards import ROMAN
from hotw.rulesets.brief.pieces import COLOURS
from hotw.rulesets.brief.position import FIELDS, FORCE_FIELDS
from hotw.rulesets.brief.viewpanels import CSS, esc
from hotw.rulesets.brief.viewpanels import pieces as symbols
from hotw.ui.positionspec import Piece, PositionSpec, toggled
from hotw.ui.view import board_styles, chip, seat_ink, seat_symbol

if TYPE_CHECKING:
    from hotw.board import Board
    from hotw.rulesets.brief.cards import Content

__all__ = ["EPOCH_END", "BriefPositions", "position_spec"]

_ = Domain("brief")
t, tn = _.text, _.text_plural

#: The "about to play" choice that opens the position at the end of its epoch (``"stage": "epoch_end"``).
EPOCH_END = "epoch_end"

def pieces() -> tuple[Piece, ...]:
    """The pieces a click lays or removes, named in the active language."""
    marks = symbols()
    return (
        Piece("army", t("Army"), "●", seated=True, help=t("a resigned army of the chosen colour")),
        Piece("standing", t("Standing army"), "●", help=t("a standing army of the empire about to play, besides its "
                                                          "start-land (laid when it is established)")),
        Piece("capital", t("Capital"), marks["capital"][0], help=marks["capital"][1]),
        Piece("city", t("City"), marks["city"][0], help=marks["city"][1]),
        Piece("monument", t("Monument"), marks["monument"][0], help=marks["monument"][1]),
        Piece("fort", t("Fort"), marks["fort"][0], help=marks["fort"][1]),
        Piece("fleet", t("Fleet"), marks["fleet"][0], help=t("a fleet of the empire about to play on a sea or ocean, "
                                                            "besides those on its card")),
    )


PIECES = pieces()
"""The pieces in English (their keys are the same in every language)."""


@lru_cache(maxsize=1)
def _table() -> tuple["Board", "Content"]:
    from hotw.rulesets.brief.boardmap import brief_board
    from hotw.rulesets.brief.cardcheck import load_content

    board = brief_board()
    return board, load_content(board)


def colours_of(n_players: int) -> int:
    """How many colours a table of ``n_players`` plays (two each with two players)."""
    return 4 if n_players == 2 else n_players


def _tidy(pos: dict[str, Any]) -> dict[str, Any]:
    """The fields in the format's order, empty ones left out (``epoch``, ``turn`` and a hand held empty kept)."""
    keep = ("epoch", "turn", "stage", "array", "dial")
    return {k: pos[k] for k in FIELDS if k in pos and (k in keep or pos[k])} | {
        k: v for k, v in pos.items() if k not in FIELDS}


class BriefPositions(PositionSpec):
    """Positions of A Brief History of the World (see :mod:`hotw.rulesets.brief.position`)."""

    ruleset = "brief"

    @property
    def pieces(self) -> tuple[Piece, ...]:  # type: ignore[override]
        """The pieces, in the active language."""
        return pieces()

    @property
    def score_label(self) -> str:  # type: ignore[override]
        return t("Gold")

    @property
    def turn_label(self) -> str:  # type: ignore[override]
        return t("About to play")

    @property
    def space_label(self) -> str:  # type: ignore[override]
        return t("Land")

    def epoch_label(self, epoch: int) -> str:
        return t("Epoch {number}", number=ROMAN[epoch])

    def board(self) -> "Board":
        return _table()[0]

    @property
    def content(self) -> "Content":
        return _table()[1]

    def spaces(self) -> list[str]:
        """Lands for armies and pieces, seas and oceans for fleets."""
        return sorted(s for s, sp in self.board().spaces.items() if sp.kind in ("land", "sea", "ocean"))

    def epochs(self) -> int:
        return 6

    def players(self) -> tuple[int, int]:
        return (2, 6)

    def seat_names(self, players: list[str]) -> list[str]:
        """One seat per colour: the player's name, with the colour when a player has two."""
        n = len(players)
        nc = colours_of(n)
        return [t("{player} ({colour})", player=players[c % n], colour=render(COLOURS[c])) if nc != n else players[c]
                for c in range(nc)]

    def table_sizes(self, position: Mapping[str, Any]) -> list[int]:
        """The tables with as many colours as the gold track has (else enough for every colour named)."""
        named = [int(position["turn"][1])] if "turn" in position else []
        named += list(position.get("armies", {}).values())
        for key in ("empires", "hands", "bonus"):
            named += [int(k) for k in position.get(key, {})]
        gold = len(position.get("gold") or ())
        fits = [n for n in range(2, 7) if (colours_of(n) == gold if gold else colours_of(n) > max(named, default=0))]
        return sorted(fits, key=lambda n: n == 4) or list(range(2, 7))  # four colours: two players before four

    def blank(self, epoch: int = 1) -> dict[str, Any]:
        return {"epoch": epoch, "turn": [self.content.epoch_empires(epoch)[0], 0]}

    def turn_choices(self, epoch: int) -> list[tuple[str, str]]:
        empires = self.content.empires
        return [(f"{render(empires[c].name)} (#{empires[c].order})", c) for c in self.content.epoch_empires(epoch)] + [
            (t("The end of the epoch (every empire called)"), EPOCH_END)]

    def turn(self, position: Mapping[str, Any]) -> tuple[str, int]:
        if position.get("stage") == EPOCH_END:
            return EPOCH_END, 0
        card, colour = position["turn"]
        return str(card), int(colour)

    def epoch(self, position: Mapping[str, Any]) -> int:
        return int(position["epoch"])

    def scores(self, position: Mapping[str, Any], n_players: int) -> list[int]:
        """The gold of each colour (the lots' spaces 1, 2, 3 ... where the position gives none)."""
        given = position.get("gold")
        return list(given) if given else list(range(1, colours_of(n_players) + 1))

    # -- edits ---------------------------------------------------------------------------------
    def _order(self, card: str) -> int:
        return self.content.empires[card].order if card in self.content.empires else 0

    def with_turn(self, position: Mapping[str, Any], card: str, seat: int) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        if card == EPOCH_END:
            for key in ("turn", "empires") + FORCE_FIELDS:
                pos.pop(key, None)
            pos["stage"] = EPOCH_END
            return _tidy(pos)
        pos.pop("stage", None)
        pos["turn"] = [card, seat]
        pos["empires"] = {k: c for k, c in pos.get("empires", {}).items()
                          if int(k) != seat and c != card and self._order(c) > self._order(card)}
        return _tidy(pos)

    def _hand_ok(self, card: str, epoch: int) -> bool:
        ev = self.content.events.get(card)
        return card in self.content.starting or (
            ev is not None and ev.epoch <= epoch and not (ev.colour == "red" and ev.epoch < epoch))

    def with_epoch(self, position: Mapping[str, Any], epoch: int) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        seat = self.turn(pos)[1]
        pos["epoch"] = epoch
        pos.pop("stage", None)
        pos["turn"] = [self.content.epoch_empires(epoch)[0], seat]
        pos["empires"] = {}
        pos["hands"] = {k: [c for c in cards if self._hand_ok(c, epoch)] for k, cards in pos.get("hands", {}).items()}
        room, bonus = 3 * (epoch - 1), {}
        for k, values in pos.get("bonus", {}).items():  # no more tokens than the epochs before have handed out
            bonus[k], room = values[:room], room - len(values[:room])
        pos["bonus"] = {k: v for k, v in bonus.items() if v}
        return _tidy(pos)

    def with_scores(self, position: Mapping[str, Any], scores: list[int]) -> dict[str, Any]:
        return _tidy({**copy.deepcopy(dict(position)), "gold": [int(s) for s in scores]})

    def with_players(self, position: Mapping[str, Any], n_players: int) -> dict[str, Any]:
        """``position`` for ``n_players``: the pieces and cards of colours the table lacks go, gold follows."""
        nc = colours_of(n_players)
        pos = copy.deepcopy(dict(position))
        if pos.get("gold"):
            pos["gold"] = (list(pos["gold"]) + list(range(len(pos["gold"]) + 1, nc + 1)))[:nc]
        if "turn" in pos and int(pos["turn"][1]) >= nc:
            pos["turn"] = [pos["turn"][0], 0]
        turn_colour = int(pos["turn"][1]) if "turn" in pos else None
        pos["armies"] = {t: c for t, c in pos.get("armies", {}).items() if c < nc}
        for key in ("empires", "hands", "bonus"):
            pos[key] = {k: v for k, v in pos.get(key, {}).items() if int(k) < nc and int(k) != (
                turn_colour if key == "empires" else None)}
        return _tidy(pos)

    def later_choices(self, position: Mapping[str, Any]) -> list[tuple[str, str]]:
        """(name, id) of the empires of the epoch called after the one about to play."""
        card = self.turn(position)[0]
        if card == EPOCH_END:
            return []
        empires = self.content.empires
        return [(f"{render(empires[c].name)} (#{empires[c].order})", c)
                for c in self.content.epoch_empires(self.epoch(position))
                if empires[c].order > self._order(card)]

    def later(self, position: Mapping[str, Any]) -> list[str]:
        return sorted(position.get("empires", {}).values(), key=self._order)

    def with_later(self, position: Mapping[str, Any], cards: list[str], n_players: int) -> dict[str, Any]:
        """``cards`` held by the other colours in turn (one empire card a colour)."""
        pos = copy.deepcopy(dict(position))
        first = self.turn(pos)[1]
        colours = [c for c in range(colours_of(n_players)) if c != first]
        ordered = sorted(cards, key=self._order)
        pos["empires"] = {str(colours[i]): c for i, c in enumerate(ordered[: len(colours)])}
        return _tidy(pos)

    def cleared(self, position: Mapping[str, Any]) -> dict[str, Any]:
        keep = ("epoch", "stage", "turn", "empires", "gold", "hands", "bonus", "array", "dial")
        return {k: copy.deepcopy(v) for k, v in position.items() if k in keep}

    def toggle(self, position: Mapping[str, Any], land: str, piece: str, seat: int) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        if piece == "army":
            pos["armies"] = toggled(pos.get("armies", {}), land, seat)
        elif piece in ("capital", "city"):
            pos["structures"] = toggled(pos.get("structures", {}), land, piece)
        elif piece in ("standing", "monument", "fort", "fleet"):
            key = {"standing": "active", "monument": "monuments", "fort": "forts", "fleet": "fleets"}[piece]
            there = list(pos.get(key, []))
            pos[key] = [t for t in there if t != land] if land in there else there + [land]
        else:
            raise ValueError(t("there is no piece {piece}; pieces: {pieces}", piece=repr(piece),
                               pieces=", ".join(p.key for p in PIECES)))
        return _tidy(pos)

    def pieces_at(self, position: Mapping[str, Any], land: str) -> list[tuple[str, int | None]]:
        out: list[tuple[str, int | None]] = []
        if land in position.get("armies", {}):
            out.append(("army", int(position["armies"][land])))
        if land in position.get("active", []):
            out.append(("standing", None))
        kind = position.get("structures", {}).get(land)
        if kind:
            out.append((str(kind), None))
        for piece, key in (("monument", "monuments"), ("fort", "forts"), ("fleet", "fleets")):
            if land in position.get(key, []):
                out.append((piece, None))
        return out

    def edit_text(self, before: Mapping[str, Any], after: Mapping[str, Any], land: str, piece: str, seat: int,
                  players: list[str]) -> str | None:
        where = render(self.board().spaces[land].name) if land in self.board().spaces else land
        gone = before.get("armies", {}).get(land) == seat if piece == "army" else any(
            k == piece for k, _piece in self.pieces_at(before, land))
        if piece == "army":
            whose = self._who(seat, players)
            return (t("Took the army of {player} off {land}.", player=whose, land=where) if gone else
                    t("Laid an army of {player} on {land}.", player=whose, land=where))
        if piece in ("standing", "fleet"):
            card = self.turn(after)[0]
            if card not in self.content.empires:
                if piece == "standing":
                    return (t("Took the standing army of the empire about to play off {land}.", land=where) if gone
                            else t("Laid a standing army of the empire about to play on {land}.", land=where))
                return (t("Took the fleet of the empire about to play off {land}.", land=where) if gone
                        else t("Laid a fleet of the empire about to play on {land}.", land=where))
            card_name = self.content.empires[card].name
            name = render(card_name)
            if not plural_name(card_name):  # "the Romans", "Israel": the article only before a people's name
                if piece == "standing":
                    return (t("Took the standing army of {empire} off {land}.", empire=name, land=where) if gone
                            else t("Laid a standing army of {empire} on {land}.", empire=name, land=where))
                return (t("Took the fleet of {empire} off {land}.", empire=name, land=where) if gone else
                        t("Laid a fleet of {empire} on {land}.", empire=name, land=where))
            if piece == "standing":
                return (t("Took the standing army of the {empire} off {land}.", empire=name, land=where) if gone else
                        t("Laid a standing army of the {empire} on {land}.", empire=name, land=where))
            return (t("Took the fleet of the {empire} off {land}.", empire=name, land=where) if gone else
                    t("Laid a fleet of the {empire} on {land}.", empire=name, land=where))
        return None

    # -- hands -----------------------------------------------------------------------------------
    def hand_choices(self, position: Mapping[str, Any]) -> list[tuple[str, str]]:
        epoch = self.epoch(position)
        events = self.content.events
        ok = [e for e in events.values() if self._hand_ok(e.id, epoch)]
        return [(self._hand_label(e), e.id)
                for e in sorted(ok, key=lambda e: (e.id not in self.content.starting, e.epoch, e.name))]

    def _hand_label(self, ev: Any) -> str:
        if ev.id in self.content.starting:
            return t("{card} (held from the start, {cost} gold)", card=render(ev.name), cost=ev.cost)
        if ev.colour == "red":
            return t("{card} (red {epoch}, {cost} gold)", card=render(ev.name), epoch=ROMAN[ev.epoch], cost=ev.cost)
        return t("{card} (black {epoch}, {cost} gold)", card=render(ev.name), epoch=ROMAN[ev.epoch], cost=ev.cost)

    def hand(self, position: Mapping[str, Any], seat: int) -> list[str]:
        """The colour's cards: those the position gives, else the cards every colour starts with."""
        return list(position.get("hands", {}).get(str(seat), self.content.starting))

    def with_hand(self, position: Mapping[str, Any], seat: int, cards: list[str]) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        hands = dict(pos.get("hands", {}))
        hands[str(seat)] = list(cards)
        if sorted(cards) == sorted(self.content.starting):
            del hands[str(seat)]  # what every colour holds anyway
        pos["hands"] = dict(sorted(hands.items()))
        return _tidy(pos)

    # -- drawing ---------------------------------------------------------------------------------
    def _who(self, colour: int, players: list[str]) -> str:
        names = self.seat_names(players) if players else []
        return names[colour] if 0 <= colour < len(names) else t("colour {number} ({colour})", number=colour,
                                                                  colour=render(COLOURS[colour % len(COLOURS)]))

    def _owners(self, position: Mapping[str, Any]) -> tuple[dict[str, int], set[str]]:
        spaces = self.board().spaces
        owner = {t: int(c) for t, c in position.get("armies", {}).items() if isinstance(c, int) and t in spaces}
        standing: set[str] = set()
        if position.get("stage") != EPOCH_END and "turn" in position:
            colour = int(position["turn"][1])
            standing = {t for t in position.get("active", []) if t in spaces}
            owner.update({t: colour for t in standing})
        return owner, standing

    def styles(self, position: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        owner, standing = self._owners(position)
        return board_styles(self.board(), owner, standing)

    def markers(self, position: Mapping[str, Any], players: list[str]) -> dict[str, str]:
        owner, standing = self._owners(position)

        def mark(land: str, piece: str, _seat: int | None) -> tuple[list[str], list[str]]:
            if piece in ("army", "standing"):
                colour, how = owner[land], ("standing" if land in standing else "resigned")
                who = self._who(colour, players)
                words = (t("{player}'s army (standing)", player=who) if how == "standing" else
                         t("{player}'s army (resigned)", player=who))
                return [f'data-owner="{colour}" data-army="{how}"'], [
                    chip(seat_symbol(colour), words, f"hotw-army hotw-{'active' if how == 'standing' else 'resigned'}",
                         seat_ink(colour))]
            attr = f'data-structure="{piece}"' if piece in ("capital", "city") else f'data-{piece}="true"'
            return [attr], [chip(*marks[piece], f"hotw-{piece}")]

        marks = symbols()

        return self.marks(position, mark)

    def css(self) -> str:
        return CSS

    def summary(self, position: Mapping[str, Any], players: list[str]) -> str:
        epoch = self.epoch(position)
        card, colour = self.turn(position)
        empires = self.content.empires

        counts = [tn("{n} resigned army", "{n} resigned armies", len(position.get("armies", {}))),
                  tn("{n} capital or city", "{n} capitals and cities", len(position.get("structures", {}))),
                  tn("{n} monument", "{n} monuments", len(position.get("monuments", []))),
                  tn("{n} fort", "{n} forts", len(position.get("forts", [])))]
        gold = ", ".join(f"{esc(self._who(c, players))} {g}" for c, g in enumerate(self.scores(position, len(players))))
        if card == EPOCH_END:
            who = t("the end of the epoch, every empire called")
        else:
            later = [_of(empires[c].name, esc(self._who(int(k), players)))
                     for k, c in sorted(position.get("empires", {}).items(), key=lambda kc: self._order(kc[1]))]
            force = [tn("{n} standing army besides its start-land", "{n} standing armies besides its start-land",
                        len(position.get("active", [])))] if position.get("active") else []
            force += [tn("{n} fleet more", "{n} fleets more", len(position.get("fleets", [])))] \
                if position.get("fleets") else []
            name, who = empires[card].name, esc(self._who(colour, players))
            playing = (t("the {empire} of {player} about to play", empire=esc(name), player=who) if plural_name(name)
                       else t("{empire} of {player} about to play", empire=esc(name), player=who))
            if force:
                playing = t("{who} ({extra})", who=playing, extra=render(joined(force)))
            who = t("{who}, then {later}", who=playing, later=render(joined(later))) if later else playing
        return t("<b>Epoch {number}</b>: {who}. On the table: {counts}. Gold: {gold}.", number=ROMAN[epoch], who=who,
                 counts=render(joined(counts)), gold=gold)


def position_spec() -> BriefPositions:
    """The Brief History position format, for the lesson builder."""
    return BriefPositions()


def _of(empire: Any, player: str) -> str:
    """ "the Romans of Ada", "Israel of Ada": the article only before a people's name."""
    if plural_name(empire):
        return t("the {empire} of {player}", empire=esc(empire), player=player)
    return t("{empire} of {player}", empire=esc(empire), player=player)
