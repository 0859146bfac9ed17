"""The epoch around the empire turns: lots, Area values, counting out and allocating cards, the conclusion.

Allocation is simultaneous in the rulebook: least gold chooses an empire while
most gold chooses an event, each passing the rest on. Here the two choices of a
round are taken one after the other (the empire first); neither chooser sees the
other's choice, so nothing is learnt from the order. When one colour receives
both sets in the same round (the middle player with 3 or 5 colours), it first
says which set it looks at, and sees the other only after choosing from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hotw.actions import Action
from hotw.i18n import Domain, Msg, joined
from hotw.rulesets.brief.cards import EPOCHS, ROMAN
from hotw.rulesets.brief.pieces import WAIT

if TYPE_CHECKING:
    from hotw.rulesets.brief.game import BriefGame

__all__ = ["Allocation"]

_ = Domain("brief")

class Allocation:
    """Lots, epoch start, dealing and allocation, the end of the epoch and the Bonus tokens."""

    # -- lots and the start of an epoch -------------------------------------------------
    def lots_drawn(self: "BriefGame") -> object:
        if self.first_lot is None:
            return WAIT
        for k in range(self.nc):
            self.track.set((self.first_lot + k) % self.nc, k + 1)
        self.say(_("lots: {player} on 1, each colour to the left one space further", player=self.who(self.first_lot)))
        self.phase = "epoch_start"
        return None

    def start_epoch(self: "BriefGame") -> object:
        self.epoch += 1
        laid = []
        for area in self.content.spiral():
            value = self.content.areas[area].values[self.epoch - 1]
            if value is not None:
                self.area_values[area] = value
                # TRANSLATORS: an area and the value laid on it ("Levant 2"), in a list of them
                laid.append(_("{area} {value}", area=self.region_names[area], value=value))
        self.say(_("Area values laid: {values}", values=joined(laid)) if laid else _("Area values laid: none"))
        self.dealt_empires, self.dealt_events = [], []
        self.empire_of = [None] * self.nc
        self.phase = "deal_empires"
        return None

    def empires_dealt(self: "BriefGame") -> object:
        if len(self.dealt_empires) < self.nc:
            return WAIT
        self.phase = "deal_events"
        return None

    def events_dealt(self: "BriefGame") -> object:
        if len(self.dealt_events) < self.nc:
            return WAIT
        self.empires_left = sorted(self.dealt_empires, key=self.content.epoch_empires(self.epoch).index)
        self.events_left = sorted(self.dealt_events)
        self.alloc_step, self.alloc_first, self.alloc_done = 0, None, set()
        self.phase = "allocate"
        return None

    def do_draw(self: "BriefGame", target: str) -> None:
        ph = self.phase
        if ph == "lots":
            self.first_lot = int(target)
        elif ph == "deal_empires":
            self.dealt_empires.append(target)
        elif ph == "deal_events":
            self.dealt_events.append(target)
        else:  # bonus_draw
            self.bonus_pool.remove(int(target))
            self.bonus_drawn.append(int(target))

    # -- allocation -------------------------------------------------------------------------
    def alloc_pickers(self: "BriefGame") -> tuple[int, int]:
        """(empire chooser, event chooser) of this round: least gold down for empires, most gold up for events."""
        rank = self.track.ranking()
        return rank[self.nc - 1 - self.alloc_step], rank[self.alloc_step]

    def alloc_turn(self: "BriefGame") -> tuple[int, str]:
        """(colour, "first" | "empire" | "event") of the pending allocation choice."""
        emp, evt = self.alloc_pickers()
        if emp == evt:
            if self.alloc_first is None:
                return emp, "first"
            order = [self.alloc_first, "event" if self.alloc_first == "empire" else "empire"]
        else:
            order = ["empire", "event"]
        what = next(w for w in order if w not in self.alloc_done)
        return (emp if what == "empire" else evt), what

    def allocate_step(self: "BriefGame") -> object:
        if self.alloc_step >= self.nc:
            self.say(_("allocation done; the empires are called"))
            self.call_index, self.part = -1, 0
            self.phase = "call"
            return None
        colour, what = self.alloc_turn()
        left = self.empires_left if what == "empire" else self.events_left if what == "event" else None
        if left is None or len(left) > 1:
            return WAIT
        self.take_card(colour, what, left[0])
        return None

    def take_card(self: "BriefGame", colour: int, what: str, card: str) -> None:
        if what == "empire":
            self.empires_left.remove(card)
            self.empire_of[colour] = card
        else:
            self.events_left.remove(card)
            self.hands[colour].append(card)
        self.alloc_done.add(what)
        if self.alloc_done == {"empire", "event"}:
            self.alloc_step += 1
            self.alloc_first, self.alloc_done = None, set()

    def legal_allocate(self: "BriefGame") -> list[Action]:
        _colour, what = self.alloc_turn()
        if what == "first":
            return [Action("first", "empire"), Action("first", "event")]
        return [Action(what, c) for c in (self.empires_left if what == "empire" else self.events_left)]

    def do_first(self: "BriefGame", target: str) -> None:
        self.alloc_first = target

    def do_pick_empire(self: "BriefGame", target: str) -> None:
        colour, _what = self.alloc_turn()
        self.take_card(colour, "empire", target)

    def do_pick_event(self: "BriefGame", target: str) -> None:
        colour, _what = self.alloc_turn()
        self.take_card(colour, "event", target)

    # -- the end of an epoch ----------------------------------------------------------------------
    def end_epoch(self: "BriefGame") -> object:
        for colour, old, new in self.track.adjust():
            self.say(_("{player}'s marker lies on top at {old}: moved forward to {new}", player=self.who(colour),
                       old=old, new=new))
        self.bonus_drawn = []
        self.phase = "bonus_draw"
        return None

    def bonus_drawn_all(self: "BriefGame") -> object:
        if len(self.bonus_drawn) < 3:
            return WAIT
        self.bonus_order = self.track.ranking()[:3]
        self.phase = "bonus_pick"
        return None

    def bonus_picker(self: "BriefGame") -> int:
        """The colour choosing a Bonus token now: most gold with three left, second with two, third with one."""
        return self.bonus_order[3 - len(self.bonus_drawn)]

    def bonus_step(self: "BriefGame") -> object:
        if len(self.bonus_drawn) > 1:
            return WAIT
        self.bonus_held[self.bonus_picker()].append(self.bonus_drawn.pop())
        self.epoch_scores.append(list(self.score))
        if self.epoch < EPOCHS:
            self.phase = "epoch_start"
            return None
        for colour, held in enumerate(self.bonus_held):
            self.track.move(colour, sum(held))
            self.say(_("{player} reveals Bonus tokens {tokens}: +{gold} gold", player=self.who(colour),
                       tokens=str(held), gold=sum(held)))
        self.epoch_scores[-1] = list(self.score)
        best = max(self.score)
        winners = [self.players[p] for p in range(self.n) if self.score[p] == best]
        if len(winners) == 1:
            self.say(_("the winner is {player} with {gold} gold", player=winners[0], gold=best))
        else:
            self.say(_("a tie between {players} with {gold} gold", players=joined(winners, " and "), gold=best))
        self.phase = "game_over"
        return None

    def legal_bonus_pick(self: "BriefGame") -> list[Action]:
        return [Action("bonus", str(v)) for v in sorted(set(self.bonus_drawn))]

    def do_bonus(self: "BriefGame", target: str) -> None:
        colour = self.bonus_picker()
        self.bonus_drawn.remove(int(target))
        self.bonus_held[colour].append(int(target))
        self.tell(_takes_bonus, self.who(colour))

    @staticmethod
    def epoch_title(epoch: int) -> Msg:
        """'Epoch IV'."""
        return _("Epoch {number}", number=ROMAN[epoch])


def _takes_bonus(player: str) -> Msg:
    """The log's line of a Bonus token taken, made when the log is read (``tell``)."""
    return _("{player} takes a Bonus token (face down)", player=player)
