"""The classic epoch: the deal of the event cards, the first player, the keep-or-give empire draw, the epoch's end.

A mixin of :class:`~hotw.rulesets.classic.game.ClassicGame`; each automatic step
returns ``WAIT`` when a player or chance must decide first.
"""

from __future__ import annotations

from hotw import rng
from hotw.actions import Action, ActionsOf
from hotw.i18n import Domain, joined
from hotw.rulesets.classic.cards import HAND
from hotw.rulesets.classic.pieces import ROMAN

_ = Domain("classic")
_n = _.plural

WAIT = object()
"""Returned by an automatic step that needs a decision first."""
_DRAW = ActionsOf("draw")


class EpochFlow:
    """Dealing, the first player, the empire draw and the end of an epoch."""

    # -- the deal -------------------------------------------------------------------------
    def _deal_plan(self) -> list[tuple[int, str]]:
        """(seat, pile) of each card dealt at the start: 3 greater cards to each player, then 7 lesser."""
        return [(p, "major") for p in range(self.n) for _ in range(HAND["major"])] + \
               [(p, "minor") for p in range(self.n) for _ in range(HAND["minor"])]

    def dealing(self) -> tuple[int, str] | None:
        """(seat, pile) of the card being dealt now, or None once dealt."""
        plan = self._plan
        return plan[self.dealt] if self.dealt < len(plan) else None

    def _dealt_pile(self) -> tuple[dict[str, int], list[str]]:
        """The pile the card being dealt comes from (card -> copies left) and its cards by id, sorted once a game
        (a deal only takes from a pile, so its cards stay the same)."""
        seat_pile = self.dealing()
        assert seat_pile is not None
        kind = seat_pile[1]
        pile = self.piles[kind]
        order = self._pile_order.get(kind)
        if order is None or len(order) != len(pile):
            order = self._pile_order[kind] = sorted(pile)
        return pile, order

    def _deal_weights(self) -> list[tuple[Action, int]]:
        pile, order = self._dealt_pile()
        return [(_DRAW[card], pile[card]) for card in order if pile[card] > 0]

    def _deal_draw(self) -> Action:
        """The card the seed deals now: the draw ``Game._chance_draw`` makes over :meth:`_deal_weights` (each card
        weighed by its copies left), without making the weights: a game deals 40 cards or more before its first
        decision, and a simulation makes many games."""
        pile, order = self._dealt_pile()
        pick = rng.draw(self._key, self._draws, sum(pile.values()))
        for card in order:  # a card with no copy left weighs 0: never picked, the pick unchanged, as if left out
            n = pile[card]
            if pick < n:
                return _DRAW[card]
            pick -= n
        raise AssertionError("the draw is below the pile's total")  # pragma: no cover

    def _deal_card(self, card: str) -> None:
        seat, kind = self._plan[self.dealt]
        self.piles[kind][card] -= 1
        self.hands[seat].append(card)
        self.hands[seat].sort()
        self.dealt += 1

    def _dealt(self) -> object:
        if self.dealing() is not None:
            return WAIT
        self._say(_("each player is dealt 3 greater and 7 lesser event cards"))
        self.phase = "first_player"
        return WAIT

    def _choose_first(self, seat: int) -> None:
        self.first = seat
        self._say(_("{player} rolls highest and draws first", player=self._who(seat)))
        self.phase = "epoch_start"

    # -- the empire draw -----------------------------------------------------------------
    def clockwise(self, p: int) -> int:
        """How far seat ``p`` sits clockwise from the first player (the tie-break of every order)."""
        return (p - (self.first or 0)) % self.n

    def strength_played(self, p: int) -> int:
        """The total strength of the empires ``p`` has played (the 1993 draw order)."""
        return sum(self._strength(e) for e in self.played[p])

    def draw_order_now(self) -> list[int]:
        """The seats in drawing order: clockwise from the first player in Epoch I; later lowest score first
        (or lowest total strength, the 1993 option), ties clockwise from the first player. An imported game log's
        order (``log_draw_orders``) comes first, the seats it does not name after it in that order."""
        order = self._rules_draw_order()
        logged = self.opts["log_draw_orders"].get(self.epoch)
        if logged:
            first = [p for p in logged if p < self.n]
            order = first + [p for p in order if p not in first]
        return order

    def _rules_draw_order(self) -> list[int]:
        seats = range(self.n)
        if self.epoch == self.opts["start_epoch"]:  # the first epoch played (Epoch I unless a what-if says)
            return sorted(seats, key=self.clockwise)
        if self.opts["draw_order"] == "strength":
            return sorted(seats, key=lambda p: (self.strength_played(p), self.score[p], self.clockwise(p)))
        return sorted(seats, key=lambda p: (self.score[p], self.clockwise(p)))

    def _start_epoch(self) -> object:
        start = int(self.opts["start_epoch"])
        if self.epoch == 0 and start > 1:  # a shorter game, on an empty board
            self._say(_("the game starts in Epoch {epoch}", epoch=ROMAN[start]))
            self.epoch = start - 1
        self.epoch += 1
        self.holder = {}
        self.drawn = set()
        self.deck = [e.id for e in self.content.empires_of_epoch(self.epoch)]
        self.draw_order = self.draw_order_now()
        self._say(_("the epoch begins; drawing order: {players}",
                    players=joined([self._who(p) for p in self.draw_order])))
        self.phase = "draw"
        return None

    def drawer(self) -> tuple[int, bool] | None:
        """(seat, second draw) of who draws next: the next player in order without an empire who has not drawn;
        once all have, each still without one draws again (and keeps it). None when everyone has an empire.
        With ``holders_draw`` (the online game) a player given an empire still draws in turn while another player
        has none, and gives the card away."""
        holders_draw = self.opts["holders_draw"] and len(self.holder) < self.n
        for p in self.draw_order:
            if p not in self.drawn and (p not in self.holder or holders_draw):
                return p, False
        for p in self.draw_order:
            if p not in self.holder:
                return p, True
        return None

    def _draw_step(self) -> object:
        if self.drawer() is None:
            self._after_draw()
            return None
        return WAIT

    def _draw_weights(self) -> list[tuple[Action, int]]:
        return [(_DRAW[e], 1) for e in self.deck]

    def _drawn_card(self, card: str) -> None:
        who = self.drawer()
        assert who is not None
        p, again = who
        self.deck.remove(card)
        self.drawn.add(p)
        self.pending_card = card
        self.drawing = p
        if again or not self.receivers():
            self._give(p, p)
        else:
            self.phase = "keep_or_give"

    def receivers(self) -> list[int]:
        """Seats the drawer may give the drawn card to: every other player who has no empire yet."""
        return [q for q in self.draw_order if q not in self.holder and q != self.drawing]

    def _give(self, giver: int, to: int) -> None:
        card = self.pending_card
        assert card is not None
        self.holder[to] = card
        name = self.content.empires[card].name
        if to == giver:
            self._tell(_keeps, self._who(giver), name)
        else:
            self._tell(_gives, self._who(giver), name, self._who(to))
        self.pending_card = None
        self.drawing = None
        self.phase = "draw"

    def _after_draw(self) -> None:
        cards = self.content.empires
        self.call_order = sorted(self.holder.values(), key=lambda e: cards[e].order)
        for p, e in self.holder.items():
            self.played[p].append(e)
        self.turn = -1
        self.phase = "next_turn"

    # -- the end of an epoch ---------------------------------------------------------------
    def leader(self) -> int:
        """The player with the highest score (ties: the one who would draw last)."""
        return max(range(self.n), key=lambda p: (self.score[p], self.clockwise(p)))

    def _end_epoch(self) -> object:
        self.epoch_scores.append(list(self.score))
        self._say(_("scores: {scores}", scores=self._score_list()))
        if self.opts["preeminence"] and sum(self.markers_left.values()) > 0:
            self.phase = "preeminence"
            return WAIT
        self._next_epoch()
        return None

    def _score_list(self) -> object:
        # TRANSLATORS: one player's score in a list of scores ("Ada 12, Ben 9")
        return joined([_("{player} {points}", player=self._who(p), points=self.score[p]) for p in range(self.n)])

    def _marker_weights(self) -> list[tuple[Action, int]]:
        return [(_DRAW[str(v)], n) for v, n in sorted(self.markers_left.items()) if n > 0]

    def _take_marker(self, value: int) -> None:
        p = self.leader()
        self.markers_left[value] -= 1
        self.preeminence[p].append(value)
        self._say(_("{player} leads and takes a pre-eminence marker (kept face down)", player=self._who(p)))
        self._next_epoch()

    def _next_epoch(self) -> None:
        if self.epoch >= self.ruleset.epochs:
            revealed = False
            for p in range(self.n):
                bonus = sum(self.preeminence[p])
                if bonus:
                    self.score[p] += bonus
                    revealed = True
                    self._say(_("{player} reveals pre-eminence markers worth {points}", player=self._who(p),
                                points=bonus))
            if revealed:  # the totals changed since the epoch's "scores:" line
                self._say(_("scores: {scores}", scores=self._score_list()))
            self.phase = "game_over"
            # The winners by name, as the epoch's line has just given every total (not the list again)
            best = max(self.score)
            won = [self._who(p) for p in range(self.n) if self.score[p] == best]
            self._say(_n("the game is over: {players} wins with {points} points",
                         "the game is over: {players} win with {points} points each", len(won),
                         players=joined(won), points=best))
        else:
            self.phase = "epoch_start"


# -- the log's lines, made when the log is read (``_tell``) ------------------------------------------------------
def _keeps(player: str, empire: str) -> str:
    return _("{player} draws {empire} and keeps it", player=player, empire=empire)


def _gives(player: str, empire: str, receiver: str) -> str:
    return _("{player} draws {empire} and gives it to {receiver}", player=player, empire=empire, receiver=receiver)
