"""What the lesson builder asks of a ruleset: its pieces and the format of a position set up by hand.

The position editor (:mod:`hotw.ui.editor`) and the what-if panel
(:mod:`hotw.ui.whatif`) name no game system: the pieces a teacher may lay on the
map, who may be about to play, how a click changes a position, how it is drawn,
and which cards a what-if may change all come from a :class:`PositionSpec`. A
ruleset provides one as ``position_spec()`` in its view module
(``Ruleset.view_module``); :func:`position_spec` asks for it.

A position is plain data (the ruleset's ``position`` rule option); every edit here
returns a new dict and never checks it: :meth:`PositionSpec.check` asks the engine,
so the editor refuses exactly what a game, a save file or a scenario refuses, with
the engine's one-line message.

Pure: no widget imports.
"""

from __future__ import annotations

import copy
import importlib
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping

from hotw.errors import RulesetError
from hotw.i18n import Domain, joined, render
from hotw.ui.view import board_styles, chip, esc, is_plural, marker, roman, seat_ink, seat_symbol

if TYPE_CHECKING:
    from hotw.board import Board
    from hotw.game import Game

__all__ = ["CardField", "EmpireTurnPositions", "Piece", "PositionSpec", "default_ruleset", "position_spec",
           "toggled"]

#: The rule option that carries a position set up by hand.
OPTION = "position"

_ = Domain("hotw")
t = _.text


@dataclass(frozen=True)
class Piece:
    """A piece the editor can lay on a land: its key, label, map symbol, and whether it belongs to a seat."""

    key: str
    label: str
    symbol: str
    seated: bool = False
    #: a line for the reader: what the piece is and does
    help: str = ""


@dataclass(frozen=True)
class CardField:
    """A card value a what-if may change (e.g. the armies on a card): key, label, and its kind."""

    key: str
    label: str
    #: "count" (a whole number from ``low`` to ``high``) or "land" (a land of the board)
    kind: str = "count"
    low: int = 1
    high: int = 60


class PositionSpec(ABC):
    """A ruleset's position format as the lesson builder edits it."""

    #: the registered ruleset's name
    ruleset: str = ""
    #: the pieces a click lays or removes, in the order the editor's buttons show them
    pieces: tuple[Piece, ...] = ()
    #: what a what-if may change on a card (empty: no card changes)
    card_fields: tuple[CardField, ...] = ()
    #: what the editor calls the choice of :meth:`turn_choices`, and a space a piece is laid on
    turn_label: Any = _("About to play")
    space_label: Any = _("Land")
    #: what the editor calls the seats' numbers of :meth:`scores`
    score_label: Any = _("Scores")

    # -- the table --------------------------------------------------------------------------
    @abstractmethod
    def board(self) -> "Board":
        """The board the position is laid on."""

    def spaces(self) -> list[str]:
        """The spaces a piece may be laid on (the board's lands unless the ruleset says otherwise)."""
        return sorted(self.board().lands())

    @abstractmethod
    def epochs(self) -> int:
        """How many epochs (or rounds) a game has: a position names one of them."""

    @abstractmethod
    def players(self) -> tuple[int, int]:
        """The fewest and most players of a game."""

    def table_sizes(self, position: Mapping[str, Any]) -> list[int]:
        """The numbers of players ``position`` fits, the likeliest first (one per score given, else any)."""
        lo, hi = self.players()
        given = len(position.get("scores") or ())
        return [given] if lo <= given <= hi else list(range(lo, hi + 1))

    def epoch_label(self, epoch: int) -> str:
        """What the editor calls ``epoch`` (an epoch in Roman numerals unless the ruleset says otherwise)."""
        return t("Epoch {number}", number=roman(epoch))

    def seat_names(self, players: list[str]) -> list[str]:
        """The seats a position names, one per player unless the ruleset says otherwise (e.g. two colours each)."""
        return list(players)

    @abstractmethod
    def blank(self, epoch: int = 1) -> dict[str, Any]:
        """The smallest valid position of ``epoch``: the first card of the epoch about to play, seat 0."""

    @abstractmethod
    def turn_choices(self, epoch: int) -> list[tuple[str, str]]:
        """(label, card id) of every card that may be about to play in ``epoch``, in play order."""

    @abstractmethod
    def turn(self, position: Mapping[str, Any]) -> tuple[str, int]:
        """(the card about to play, its seat)."""

    @abstractmethod
    def epoch(self, position: Mapping[str, Any]) -> int:
        """The epoch of ``position``."""

    @abstractmethod
    def scores(self, position: Mapping[str, Any], n_players: int) -> list[int]:
        """The score of each seat (the defaults where the position gives none)."""

    # -- edits (new dicts, not checked) ---------------------------------------------------------
    @abstractmethod
    def with_turn(self, position: Mapping[str, Any], card: str, seat: int) -> dict[str, Any]:
        """``position`` with ``card`` (played by ``seat``) about to play; later cards of another epoch dropped."""

    @abstractmethod
    def with_epoch(self, position: Mapping[str, Any], epoch: int) -> dict[str, Any]:
        """``position`` moved to ``epoch``: the first card of that epoch about to play, by the same seat."""

    @abstractmethod
    def with_scores(self, position: Mapping[str, Any], scores: list[int]) -> dict[str, Any]:
        """``position`` with these scores, one per seat."""

    def later_choices(self, position: Mapping[str, Any]) -> list[tuple[str, str]]:
        """(label, card id) of the cards that may play after the one about to play (none by default)."""
        return []

    def later(self, position: Mapping[str, Any]) -> list[str]:
        """The cards the position has play after the one about to play (of :meth:`later_choices`)."""
        return [str(c) for c, _ in position.get("later", [])]

    def with_later(self, position: Mapping[str, Any], cards: list[str], n_players: int) -> dict[str, Any]:
        """``position`` with ``cards`` to play after the one about to play, by the other seats in turn."""
        return dict(position)

    def with_players(self, position: Mapping[str, Any], n_players: int) -> dict[str, Any]:
        """``position`` for a table of ``n_players``: given scores are kept, a new seat's is a free space."""
        pos = copy.deepcopy(dict(position))
        if pos.get("scores"):
            pos = self.with_scores(pos, (self.scores(pos, n_players) + list(range(900, 910)))[:n_players])
        return pos

    def cleared(self, position: Mapping[str, Any]) -> dict[str, Any]:
        """``position`` with every piece taken off the map (the epoch, who plays, scores and hands stay)."""
        return {k: copy.deepcopy(v) for k, v in position.items() if k in ("epoch", "turn", "later", "scores", "hands")}

    @abstractmethod
    def toggle(self, position: Mapping[str, Any], land: str, piece: str, seat: int) -> dict[str, Any]:
        """``position`` with ``piece`` (of ``seat`` if seated) laid on ``land``, or taken off if it is there."""

    @abstractmethod
    def pieces_at(self, position: Mapping[str, Any], land: str) -> list[tuple[str, int | None]]:
        """(piece key, seat or None) of every piece on ``land``."""

    def edit_text(self, before: Mapping[str, Any], after: Mapping[str, Any], land: str, piece: str, seat: int,
                  players: list[str]) -> str | None:
        """A line saying what a click did, or None for the editor's own ("Laid a fort on Levant.")."""
        return None

    # -- hands: the cards a seat holds (none if the ruleset's positions hold no cards) ------------------
    def hand_choices(self, position: Mapping[str, Any]) -> list[tuple[str, str]]:
        """(label, card id) of every card a seat may hold in ``position``."""
        return []

    def hand(self, position: Mapping[str, Any], seat: int) -> list[str]:
        """The cards ``seat`` holds."""
        return []

    def with_hand(self, position: Mapping[str, Any], seat: int, cards: list[str]) -> dict[str, Any]:
        """``position`` with ``seat`` holding exactly ``cards``."""
        return dict(position)

    # -- drawing (HTML and Leaflet styles, as a ruleset view makes them) ----------------------------
    @abstractmethod
    def styles(self, position: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        """Space id -> Leaflet path style of every space, with the same class names the game's map uses."""

    @abstractmethod
    def markers(self, position: Mapping[str, Any], players: list[str]) -> dict[str, str]:
        """Space id -> the HTML of its marker (the position's pieces), for every land with a piece."""

    def marks(self, position: Mapping[str, Any],
              mark: Callable[[str, str, int | None], tuple[list[str], list[str]]]) -> dict[str, str]:
        """Space id -> the marker of every space with a piece; ``mark(space, piece, seat)`` gives its attributes and
        chips (for :meth:`markers`)."""
        out = {}
        for land in self.board().spaces:
            found = self.pieces_at(position, land)
            if not found:
                continue
            attrs, chips = [f'data-space="{land}"'], []
            for piece, seat in found:
                more_attrs, more_chips = mark(land, piece, seat)
                attrs += more_attrs
                chips += more_chips
            out[land] = marker(attrs, chips)
        return out

    def css(self) -> str:
        """CSS rules of the ruleset's pieces (without ``<style>``)."""
        return ""

    def summary(self, position: Mapping[str, Any], players: list[str]) -> str:
        """A line of HTML saying what the position is (epoch, who plays, how many pieces)."""
        return ""

    # -- the engine ------------------------------------------------------------------------------
    def game(self, position: Mapping[str, Any], players: list[str], seed: int | str = 0, **options: Any) -> "Game":
        """A game that starts from ``position`` (an OptionError of one line if the engine refuses it)."""
        import hotw

        return hotw.new_game(self.ruleset, list(players), seed, options={**options, OPTION: copy.deepcopy(dict(position))})

    def check(self, position: Mapping[str, Any], players: list[str]) -> None:
        """Raise the engine's one-line error if ``position`` cannot start a game of ``players``."""
        self.game(position, players)

    # -- what-if card changes ------------------------------------------------------------------------
    def cards(self) -> list[tuple[str, str]]:
        """(label, id) of the cards a what-if may change."""
        return []

    def card_value(self, card: str, field: str) -> Any:
        """The printed value of ``field`` on ``card``."""
        raise RulesetError(f"{self.ruleset}: no card values")

    def card_change(self, card: str, field: str, value: Any) -> dict[str, Any]:
        """The scenario fields (the ruleset's card changes) that set ``field`` of ``card`` to ``value``."""
        raise RulesetError(f"{self.ruleset}: no card changes")


def toggled(there: Mapping[str, Any], space: str, value: Any) -> dict[str, Any]:
    """``there`` (space -> value) with ``space`` set to ``value``, or cleared if it already has it."""
    out = dict(there)
    if out.get(space) == value:
        del out[space]
    else:
        out[space] = value
    return out


class EmpireTurnPositions(PositionSpec):
    """A position format of epochs whose empires play in card order, as several rulesets share it.

    A position names its ``epoch``, the empire about to play and its seat (``"turn": [card, seat]``),
    the empires playing after it (``"later": [[card, seat], ...]``), ``scores``, ``armies``
    (land -> seat), ``structures`` (land -> kind) and ``hands`` (seat -> event cards). The
    ruleset's content has ``empires`` (each with ``name``, ``epoch``, ``order``, ``start``),
    ``empires_of_epoch(epoch)`` and ``events``. A ruleset gives its table, field order, pieces'
    symbols and the pieces of its own, and what its words for them are.
    """

    #: the position's fields in their usual order (others follow as they came)
    field_order: tuple[str, ...] = ()
    #: whether a field holding 0 stays (else an empty or zero field is left out)
    keep_zero: bool = False
    #: piece key -> the symbol its chip shows
    symbols: Mapping[str, str] = {}
    #: what the summary says before an empire's name, of the empire about to play, and of the map
    article: str = ""
    about_to: Any = _("about to play")
    on_the: Any = _("On the map")
    card_fields = (CardField("armies", "armies on the card", "count", 1, 60),
                   CardField("start", "start territory", "land"))

    @abstractmethod
    def table(self) -> tuple["Board", Any]:
        """The board and the card content (loaded once)."""

    def board(self) -> "Board":
        return self.table()[0]

    @property
    def content(self) -> Any:
        return self.table()[1]

    def tidy(self, pos: dict[str, Any]) -> dict[str, Any]:
        """The fields in their usual order, empty ones left out (``epoch`` and ``turn`` always kept)."""
        order = self.field_order
        return {k: pos[k] for k in order if k in pos and (
            k in ("epoch", "turn") or pos[k] or (self.keep_zero and pos[k] == 0))} | {
            k: v for k, v in pos.items() if k not in order}

    def _order(self, card: str) -> int:
        return self.content.empires[card].order if card in self.content.empires else 0

    def blank(self, epoch: int = 1) -> dict[str, Any]:
        return {"epoch": epoch, "turn": [self.content.empires_of_epoch(epoch)[0].id, 0]}

    def turn_choices(self, epoch: int) -> list[tuple[str, str]]:
        return [(e.name, e.id) for e in self.content.empires_of_epoch(epoch)]

    def turn(self, position: Mapping[str, Any]) -> tuple[str, int]:
        card, seat = position["turn"]
        return str(card), int(seat)

    def epoch(self, position: Mapping[str, Any]) -> int:
        return int(position["epoch"])

    def unscored(self, n_players: int) -> list[int]:
        """The scores of a position that gives none."""
        return list(range(1, n_players + 1))

    def scores(self, position: Mapping[str, Any], n_players: int) -> list[int]:
        given = position.get("scores")
        return list(given) if given else self.unscored(n_players)

    # -- edits ---------------------------------------------------------------------------------
    def with_turn(self, position: Mapping[str, Any], card: str, seat: int) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        pos["turn"] = [card, seat]
        pos["later"] = [[c, s] for c, s in pos.get("later", [])
                        if c in self.content.empires and self._order(c) > self._order(card) and s != seat]
        return self.tidy(pos)

    def moved_to_epoch(self, pos: dict[str, Any], epoch: int) -> None:
        """Drop from ``pos`` (in place) the cards a seat cannot have in ``epoch``."""

    def with_epoch(self, position: Mapping[str, Any], epoch: int) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        seat = self.turn(pos)[1] if "turn" in pos else 0
        pos["epoch"] = epoch
        pos["turn"] = [self.content.empires_of_epoch(epoch)[0].id, seat]
        pos["later"] = []
        self.moved_to_epoch(pos, epoch)
        return self.tidy(pos)

    def with_scores(self, position: Mapping[str, Any], scores: list[int]) -> dict[str, Any]:
        return self.tidy({**copy.deepcopy(dict(position)), "scores": [int(s) for s in scores]})

    def later_choices(self, position: Mapping[str, Any]) -> list[tuple[str, str]]:
        """(name, id) of the empires of the position's epoch that play after the one about to play."""
        order = self._order(self.turn(position)[0])
        return [(e.name, e.id) for e in self.content.empires_of_epoch(self.epoch(position)) if e.order > order]

    def with_later(self, position: Mapping[str, Any], cards: list[str], n_players: int) -> dict[str, Any]:
        """``position`` with ``cards`` playing after the empire about to play, by the other seats in turn."""
        pos = copy.deepcopy(dict(position))
        first = self.turn(pos)[1]
        seats = [s for s in range(n_players) if s != first]
        ordered = sorted(cards, key=self._order)
        pos["later"] = [[c, seats[i]] for i, c in enumerate(ordered[: len(seats)])]
        return self.tidy(pos)

    # -- hands -----------------------------------------------------------------------------------
    def hand(self, position: Mapping[str, Any], seat: int) -> list[str]:
        return list(position.get("hands", {}).get(str(seat), []))

    def with_hand(self, position: Mapping[str, Any], seat: int, cards: list[str]) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        hands = dict(pos.get("hands", {}))
        hands[str(seat)] = list(cards)
        pos["hands"] = {s: c for s, c in sorted(hands.items()) if c}
        return self.tidy(pos)

    # -- drawing ---------------------------------------------------------------------------------
    def owners(self, position: Mapping[str, Any]) -> dict[str, int]:
        """Land -> the seat whose army holds it."""
        return {t: int(s) for t, s in position.get("armies", {}).items() if isinstance(s, int)}

    def active(self, position: Mapping[str, Any]) -> set[str]:
        """The lands whose army the empire about to play has moved (none unless the ruleset says otherwise)."""
        return set()

    def styles(self, position: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        board = self.board()
        return board_styles(board, {t: s for t, s in self.owners(position).items() if t in board.spaces},
                            self.active(position))

    def army_label(self, who: str, how: str) -> str:
        """What a seat's army chip says (``how``: "active" or "resigned")."""
        active = how == "active"
        if is_plural(who):
            return t("{player}' army (active)", player=who) if active else t("{player}' army (resigned)", player=who)
        return t("{player}'s army (active)", player=who) if active else t("{player}'s army (resigned)", player=who)

    def piece_marker(self, position: Mapping[str, Any], land: str, piece: str) -> tuple[list[str], list[str]]:
        """(attributes, chips) of a piece of no seat on ``land``."""
        word = {p.key: render(p.label).lower() for p in self.pieces}[piece]
        return [f'data-{piece}="1"'], [chip(self.symbols[piece], word, f"hotw-{piece}")]

    def markers(self, position: Mapping[str, Any], players: list[str]) -> dict[str, str]:
        def mark(land: str, piece: str, seat: int | None) -> tuple[list[str], list[str]]:
            if seat is None:
                return self.piece_marker(position, land, piece)
            how = "active" if piece == "active" else "resigned"
            who = players[seat] if 0 <= seat < len(players) else t("seat {number}", number=seat)
            return [f'data-owner="{seat}"', f'data-state="{how}"'], [
                chip(seat_symbol(seat), self.army_label(who, how), f"hotw-army hotw-{how}", seat_ink(seat))]

        return self.marks(position, mark)

    @abstractmethod
    def counts(self, position: Mapping[str, Any]) -> list[str]:
        """What the summary counts on the map ("3 armies", ...)."""

    def summary(self, position: Mapping[str, Any], players: list[str]) -> str:
        card, seat = self.turn(position)
        empires = self.content.empires

        def who(c: str, s: int) -> str:
            name = empires[c].name if c in empires else c
            seat_name = esc(players[s]) if 0 <= s < len(players) else t("seat {number}", number=s)
            return f"{esc(self.article)}{esc(name)} ({seat_name})"

        later = [who(c, s) for c, s in position.get("later", [])]
        then = t(", then {cards}", cards=render(joined(later))) if later else ""
        epoch = t("Epoch {number}", number=roman(self.epoch(position)))
        counts = render(joined([render(c) for c in self.counts(position)]))
        # TRANSLATORS: the editor's summary: "Epoch II: the Romans (Ada) about to play, then .... On the map: ..."
        return t("<b>{epoch}</b>: {card} {about}{then}. {where}: {counts}.", epoch=epoch, card=who(card, seat),
                 about=esc(self.about_to), then=then, where=esc(self.on_the), counts=counts)

    # -- what-if card changes ------------------------------------------------------------------------
    def cards(self) -> list[tuple[str, str]]:
        return [(t("{card} (Epoch {number})", card=render(e.name), number=roman(e.epoch)), e.id)
                for e in sorted(self.content.empires.values(), key=lambda e: (e.epoch, e.order))]

    def card_armies(self, empire: Any) -> int:
        """The armies printed on ``empire``'s card."""
        return empire.armies

    def card_value(self, card: str, field: str) -> Any:
        empire = self.content.empires[card]
        return self.card_armies(empire) if field == "armies" else empire.start[0]

    def card_change(self, card: str, field: str, value: Any) -> dict[str, Any]:
        if field not in ("armies", "start"):
            raise ValueError(f"a what-if changes an empire's armies or start, not {field!r}")
        return {"empires": {card: {field: int(value) if field == "armies" else [str(value)]}}}


def default_ruleset() -> str:
    """The ruleset ``hotw.new_game`` plays when none is named."""
    import inspect

    import hotw

    return str(inspect.signature(hotw.new_game).parameters["ruleset"].default)


def position_spec(ruleset: str | None = None) -> PositionSpec:
    """The position format of ``ruleset`` (the default one if None), from ``position_spec()`` in its view module."""
    from hotw.rulesets import get_ruleset

    rs = get_ruleset(ruleset or default_ruleset())
    module = importlib.import_module(rs.view_module) if rs.view_module else None
    make = getattr(module, "position_spec", None)
    if make is None:
        raise RulesetError(f"{rs.title} has no lesson builder yet (its view module gives no position_spec)")
    spec = make()
    if not isinstance(spec, PositionSpec):
        raise TypeError(f"{rs.title}: its position_spec() gives a {type(spec).__name__}, not a PositionSpec")
    return spec
