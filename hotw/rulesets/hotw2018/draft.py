"""The 2018 epoch around the empires' turns: region tokens, the card draw and draft, the end of an epoch.

A mixin of :class:`~hotw.rulesets.hotw2018.game.Hotw2018Game`: it reads and writes
the game's state (``self.epoch``, ``self.phase``, the decks and hands) and is never
used alone.
"""

from __future__ import annotations

from typing import Any, Callable

from hotw.board import Board
from hotw.i18n import Domain, Msg, joined, plural_name
from hotw.rulesets.hotw2018.cardcheck import load_content
from hotw.rulesets.hotw2018.cards import Content
from hotw.rulesets.hotw2018.pieces import ROMAN

_ = Domain("hotw2018")
_NO_CHANGE, _EVENT_CARD, _EMPIRE_CARD = _("region tokens: no change"), _("an event card"), _("an empire card")

_CONTENT: dict[int, tuple[Board, Content]] = {}


def content_for(board: Board) -> Content:
    """``load_content("hotw2018", board)`` once per board: it reads the board's ids and resolves paths each call."""
    hit = _CONTENT.get(id(board))
    if hit is None or hit[0] is not board:
        hit = _CONTENT[id(board)] = (board, load_content("hotw2018", board))
    return hit[1]


_EPOCH_CARDS: dict[tuple[int, str, int], tuple[Content, tuple[str, ...]]] = {}


def _epoch_cards(content: Content, kind: str, epoch: int) -> tuple[str, ...]:
    """Ids of the epoch's empire cards (call order) or event cards (file order), once per card set.

    Each card draw lists the pile still to draw from; sorting the empires every time cost more than the draw.
    """
    key = (id(content), kind, epoch)
    hit = _EPOCH_CARDS.get(key)
    if hit is None or hit[0] is not content:
        cards = content.empires_of_epoch(epoch) if kind == "empire" else content.events_of_epoch(epoch)
        if len(_EPOCH_CARDS) > 256:  # scenarios make card sets of their own; keep the table small
            _EPOCH_CARDS.clear()
        hit = _EPOCH_CARDS[key] = (content, tuple(c.id for c in cards))
    return hit[1]



class EpochPhases:
    """Epoch start (region tokens), the draft of empire and event cards, the epoch's end."""

    __slots__ = ()  # the state's slots are the game's (see Hotw2018Game)

    def _start_epoch(self) -> None:
        start = int(self.opts["start_epoch"])
        if self.epoch == 0 and start > 1:  # a shorter game: the tokens of the skipped epochs lie on the board
            for e in range(1, start):
                for tok in self.content.tokens_of_epoch(e):
                    self.region_values[tok.region] = tuple(tok.values)  # type: ignore[assignment]
            self._say(_("the game starts in Epoch {epoch}", epoch=ROMAN[start]))
            self.epoch = start - 1
        self.epoch += 1
        changed = []
        names = self._region_names
        for tok in self.content.tokens_of_epoch(self.epoch):
            values = self.region_values[tok.region] = tuple(tok.values)  # type: ignore[assignment]
            changed.append((names.get(tok.region, tok.region), values))
        if changed:
            self._tell(_tokens_laid, tuple(changed))
        else:
            self._say(_NO_CHANGE)
        self.deck_empires = []
        self.deck_events = []
        self.empire_of = [None] * self.n
        self.phase = "trim_empires"

    def _pile(self, kind: str) -> list[str]:
        cards = _epoch_cards(self.content, kind, self.epoch)
        drawn = self.deck_empires if kind == "empire" else self.deck_events
        return [c for c in cards if c not in drawn]

    def _begin_draft(self) -> None:
        by_score = sorted(range(self.n), key=lambda p: self.score[p])
        self.empire_order = by_score
        self.event_order = by_score[::-1]
        self.draft_left_events = sorted(self.deck_events)
        self.draft_left_empires = sorted(self.deck_empires, key=lambda c: self.content.empires[c].order)
        self.draft_step = 0
        self.phase = "draft"

    def _draft_turn(self) -> tuple[str, int, list[str]]:
        i = self.draft_step // 2
        if self.draft_step % 2 == 0:
            return "event", self.event_order[i], self.draft_left_events
        return "empire", self.empire_order[i], self.draft_left_empires

    def _pick(self, kind: str, p: int, card: str, automatic: bool = False) -> None:
        said = _took_last if automatic else _took
        if kind == "event":
            self.draft_left_events.remove(card)
            self.hands[p].append(card)
            self._log_specs.append((self.epoch, said, (self.players[p], _EVENT_CARD)))  # self._tell(...)
        else:
            self.draft_left_empires.remove(card)
            self.empire_of[p] = card
            self._log_specs.append((self.epoch, said, (self.players[p], _the_empire, self.content.empires[card].name)))
            # drafted face down: the others read which empire only once it is called
            self._write_secret(card, (self.epoch, said, (self.players[p], _EMPIRE_CARD)))
        self.draft_step += 1

    def _end_draft(self) -> None:
        self.call_order = sorted(
            (c for c in self.empire_of if c is not None), key=lambda c: self.content.empires[c].order
        )
        self.turn = -1
        self.phase = "next_turn"

    def _end_epoch(self) -> None:
        for p in range(self.n):
            keep = [c for c in self.hands[p] if self.content.events[c].saveable]
            lost = [c for c in self.hands[p] if c not in keep]
            for c in lost:
                self._say(_("{player}'s {card} is lost (not played)", player=self._who(p),
                            card=self.content.events[c].name))
            self.hands[p] = keep
        self.epoch_scores.append(list(self.score))
        if self.epoch >= self.ruleset.epochs:
            self.phase = "game_over"
            self.is_over = True  # (see Hotw2018Game._setup)
            ranked = sorted(range(self.n), key=lambda p: -self.score[p])
            self._tell(_game_over_line, tuple((self.players[p], self.score[p]) for p in ranked))
        else:
            self.phase = "epoch_start"



def player_scores(scores: tuple[tuple[str, int], ...]) -> Msg:
    """'Ada 12, Ben 9': seats and their points, as the log lists them, from (player, points) pairs."""
    return joined(_("{player} {score}", player=player, score=score) for player, score in scores)


def _game_over_line(scores: tuple[tuple[str, int], ...]) -> Msg:
    return _("the game is over; {scores}", scores=player_scores(scores))


def _tokens_laid(tokens: tuple[tuple[str, tuple[int, ...]], ...]) -> Msg:
    """The epoch's region tokens, from (region name, values) pairs (made when the log is read)."""
    return _("region tokens: {tokens}", tokens=joined(
        _("{region} {values}", region=name, values="/".join(map(str, values))) for name, values in tokens))


# The draft's log lines, made when the log is read (see ``Hotw2018Game._tell``): a seat takes a card, named
# by ``card`` or by ``card(*named)``
def _took(player: str, card: Msg | Callable[..., Msg], *named: Any) -> Msg:
    return _("{player} takes {card}", player=player, card=card(*named) if named else card)


def _took_last(player: str, card: Msg | Callable[..., Msg], *named: Any) -> Msg:
    return _("{player} takes {card} (the last card, automatic)", player=player, card=card(*named) if named else card)


def _the_empire(name: str) -> Msg | str:
    # An empire card drafted, by its name: "the Romans", but "Mali" (a singular name takes no article, as in
    # "Mali (Ben) invades"); the name alone is a Term, said in the reader's language
    if plural_name(name):
        # TRANSLATORS: an empire card drafted, by its plural name ("the Romans")
        return _("the {empire}", empire=name)
    return name
