"""Bots that know the classic game: greedy and three heuristic levels, deciding from the seat's observation only.

``greedy`` takes the move that adds most to its score this turn. The heuristic
levels also weigh what a land will be worth next epoch, what a conquest takes from
the others, where to build forts, which empire cards to keep or pass to the leader
and when to play each event; ``easy`` and ``medium`` play a random legal move half
and a fifth of the time; ``random`` always does. ``BOTS`` maps each name to a factory of ``seed``.
"""

from __future__ import annotations

import random
from statistics import mean
from typing import Any, Callable, Mapping, Sequence

from hotw.actions import Action
from hotw.i18n import Domain
from hotw.observation import observation
from hotw.rulesets.classic.botlook import NO_STRUCTURE, Look, enter_share, kept_more, look_of, win_tie
from hotw.rulesets.classic.botwords import WHY  # why a bot chose its last action, said only when asked (explain)
from hotw.rulesets.classic.observation import ClassicObservation
from hotw.rulesets.classic.scoring import area_level
from hotw.scoring import best_other, level_index

__all__ = ["BOTS", "ClassicBot"]

_ = Domain("classic")

NOISE = {"random": 1.0, "greedy": 0.0, "easy": 0.5, "medium": 0.2, "hard": 0.0}
_MEMO_LIMIT = 50_000  # remembered area changes per bot before they are forgotten (a long simulation stays small)
_MEMO_PARTS = 16  # the gain memo's parts (seat, epoch, rules) a bot keeps before it forgets them all
_DONE = Action("done")


#: How much each event is worth playing (higher first); 0: never worth a slot.
PRIORITY = {"minor_empire": 10, "kingdom": 9, "armies": 8, "leader": 7, "weaponry": 6, "elite": 6,
            "treachery": 5, "raid": 4, "uprising": 4, "migrants": 4, "pestilence": 3, "fleet": 3, "forts": 3,
            "naval_power": 2, "siegecraft": 2, "wins_ties": 2, "expert": 2, "disaster": 2, "reallocation": 1}


class ClassicBot:
    """A classic bot of one level: "greedy", "easy", "medium" or "hard"."""

    def __init__(self, seed: int | str = 0, level: str = "hard") -> None:
        self.level = level
        self.name = level if level in ("random", "greedy") else f"heuristic:{level}"
        self.rng = random.Random(f"classic-{level}-{seed}")
        self._why: tuple[str, dict[str, Any], Any] = ("none", {}, None)  # the reason, its values, what was read
        self._charts: dict[tuple[str, int, bool], tuple[float, float, float]] = {}
        self._deltas: dict[tuple[Any, ...], float] = {}
        #: (seat, epoch, rules) -> a land's gain and loss by what else they read (see _gains_for)
        self._gains: dict[tuple[Any, ...], dict[tuple[Any, ...], tuple[float, float]]] = {}
        self._online = False  # whether the game it decides for plays the online area values (``online_areas``)
        self._area_rule = "2001"  # the area levels of the game it decides for (``area_rule``): its deltas hold for it
        self._areas: dict[str, tuple[str, ...]] = {}  # land -> the areas it counts in for its holder, in that game

    def explain(self) -> str:
        """One line on why the last action was chosen."""
        kind, args, obs = self._why
        return WHY[kind](obs, **args)

    def choose(self, game: Any) -> Action:
        """One legal action for the pending decision, chosen from the seat's observation."""
        obs = observation(game)
        assert isinstance(obs, ClassicObservation), "the classic game names its observation class"
        opts = obs.opts
        online, rule = bool(opts["online_areas"]), opts["area_rule"]
        if online != self._online or rule != self._area_rule:  # the areas, gains and deltas held for other rules
            self._online, self._area_rule, self._areas, self._gains, self._deltas = online, rule, {}, {}, {}
        step = obs.step
        targets: dict[str, int] = {}
        if step == "expand":  # the legal actions and the targets' dice from one walk of the board
            legal, targets = obs.expand_choices()
        else:
            legal = obs.legal_actions()
        if len(legal) == 1:
            self._why = ("only", {"action": legal[0]}, obs)
            return legal[0]
        if self.level == "random" or self.rng.random() < NOISE[self.level]:
            action = self.rng.choice(legal)
            self._why = ("random", {"action": action}, obs)
            return action
        if step == "expand":
            return self._expand(obs, legal, targets)
        chooser: Callable[[ClassicObservation, list[Action]], Action] = {
            "keep_or_give": self._keep_or_give, "events": self._events, "event_step": self._event_step,
        }.get(step, lambda _o, acts: acts[0])
        return chooser(obs, legal)

    @property
    def smart(self) -> bool:
        return self.level not in ("greedy", "random")

    # -- values --------------------------------------------------------------------------
    def _values(self, obs: ClassicObservation, region: str) -> tuple[float, float, float]:
        key = (region, obs.epoch, self._online)
        hit = self._charts.get(key)
        if hit is None:
            hit = self._charts[key] = self._chart_values(obs, region)
        return hit

    def _chart_values(self, obs: ClassicObservation, region: str) -> tuple[float, float, float]:
        """The area's values as the game scores them (the chart's, or the online game's), with next epoch's."""
        now = obs.area_values(region)
        if not self.smart or obs.epoch >= 7:
            return now
        nxt = obs.area_values(region, obs.epoch + 1)
        return tuple(a + 0.6 * b for a, b in zip(now, nxt))  # type: ignore[return-value]

    def _region_delta(self, obs: ClassicObservation, seat: int, land: str, change: int,
                      other: int | None = None, look: Look | None = None) -> float:
        """The change of ``seat``'s area points if it gains (+1) or loses (-1) ``land`` (``other`` loses it too).

        Remembered by what it reads (the region, its counts, the seats, the epoch's values): an expand decision
        weighs every target, many of them in the same few regions. A land the game counts in other areas (the
        online Danubia) changes those areas' points, counted as if it stood there (a bot's estimate)."""
        areas = self._areas.get(land)
        if areas is None:
            areas = self._areas[land] = obs.land_areas(land)
        if look is None:
            look = look_of(obs)
        total = 0.0
        for region in areas:
            counts = look.counts[region]
            key = (region, counts, seat, change, other, look.epoch)  # no rules: choose() forgets it when they change
            hit = self._deltas.get(key)
            if hit is None:
                if len(self._deltas) >= _MEMO_LIMIT:
                    self._deltas.clear()
                hit = self._deltas[key] = self._count_delta(obs, region, counts, seat, change, other)
            total += hit
        return total

    def _count_delta(self, obs: ClassicObservation, region: str, counts: Sequence[int], seat: int, change: int,
                     other: int | None) -> float:
        """The change of ``seat``'s points in ``region`` when its count changes by ``change`` (and ``other``, not
        ``seat``, loses a land there), at the levels of the game's area rule."""
        vals = self._values(obs, region)
        mine = counts[seat]
        best = best_other(counts, seat)
        after = best  # the count to beat after the change (the seat's own count is not in it)
        if other is not None and counts[other] == best:  # ``other`` loses a land: it may have held the most
            rest = list(counts)
            rest[other] -= 1
            after = best_other(rest, seat)
        if obs.opts["area_rule"] == "2001":  # level_index, as area_level gives it for this rule
            lv, lv_after = level_index(mine, best), level_index(mine + change, after)
        else:
            size = len(obs.board.regions[region].lands)
            lv = area_level(mine, best, size, "1993")
            lv_after = area_level(mine + change, after, size, "1993")
        return (vals[lv_after] if lv_after >= 0 else 0.0) - (vals[lv] if lv >= 0 else 0.0)

    def _land_gain(self, obs: ClassicObservation, me: int, land: str, look: Look | None = None) -> float:
        """What taking ``land`` is worth to ``me``: areas, structures, monuments, resource symbols, and (heuristic)
        what it takes from its holder."""
        return self._gain(obs, me, land, look_of(obs) if look is None else look)[0]

    def _gain(self, obs: ClassicObservation, me: int, land: str, look: Look) -> tuple[float, float]:
        """:meth:`_land_gain`, and the change of its holder's area points if it loses the land (0.0 where the
        heuristic weighs none: an empty land or ours, or a greedy bot), which a battle's tie denies it too."""
        return self._gains_for(obs, me, (land,), look)[0]

    def _gains_for(self, obs: ClassicObservation, me: int, lands: Sequence[str],
                   look: Look) -> list[tuple[float, float]]:
        """:meth:`_gain` of each of ``lands``, in order: an expand decision weighs every target, so the memo is read
        for all of them in one loop.

        Remembered by all a gain reads (an expand decision weighs every target again, and a land taken changes its
        own areas' counts alone): the land, the seats, its areas' counts, what stands there, the epoch, the rules."""
        # one memo per seat, epoch and rules (a few at a time), so a land's key holds only what is the land's
        part = (me, look.epoch, look.rules)
        gains = self._gains.get(part)
        if gains is None:
            if len(self._gains) >= _MEMO_PARTS:
                self._gains.clear()
            gains = self._gains[part] = {}
        areas_of, counts = self._areas, look.counts
        owner_get, structures_get, monuments_get = look.owner.get, look.structures.get, look.monuments.get
        score, top = look.score, look.top
        out = []
        for land in lands:
            holder = owner_get(land)
            other = holder if holder is not None and holder != me else None
            areas = areas_of.get(land)
            if areas is None:
                areas = areas_of[land] = obs.land_areas(land)
            seen = counts[areas[0]] if len(areas) == 1 else tuple([counts[r] for r in areas])
            key = (land, holder, seen, structures_get(land), monuments_get(land, 0),
                   other is not None and score[other] == top)
            hit = gains.get(key)
            if hit is None:
                if len(gains) >= _MEMO_LIMIT:
                    gains.clear()
                hit = gains[key] = self._gain_of(obs, me, land, look, holder, other)
            out.append(hit)
        return out

    def _gain_of(self, obs: ClassicObservation, me: int, land: str, look: Look, holder: int | None,
                 other: int | None) -> tuple[float, float]:
        gain = self._region_delta(obs, me, land, +1, other, look)
        kind = look.structures.get(land)
        kept = holder is None and look.opts["empty_keeps"]  # the online game: an empty land keeps its buildings
        structure = look.worth.get(kind or "", NO_STRUCTURE)
        gain += structure[0] if kept else structure[1]
        gain += look.monuments.get(land, 0) * look.rules[2][2]
        gain += obs.resources(land) * 0.5  # the symbols the game counts (the online board's under its option)
        loss = 0.0
        if other is not None and self.smart:
            loss = self._region_delta(obs, other, land, -1, None, look)
            lost = -loss + structure[2]
            gain += 0.5 * lost * (1.3 if look.score[other] == look.top else 1.0)
        return gain, loss

    # -- keep or give ---------------------------------------------------------------------------
    def _card_value(self, obs: ClassicObservation, empire: str) -> float:
        return (obs.strength(empire) + (2 if obs.capitol(empire) else 0) + len(obs.navigation(empire))
                + obs.monuments_more(empire))

    def _keep_or_give(self, obs: ClassicObservation, legal: list[Action]) -> Action:
        card = obs.drawn_card
        if not any(a.kind == "keep" for a in legal):  # it holds an empire already (holders_draw): give the card
            self._why = ("give", {"card": card}, obs)
            return max((a for a in legal if a.kind == "give"), key=lambda a: (obs.score[int(a.target)], a.target))
        if card is None or not self.smart:
            self._why = ("bird", {}, obs)
            return Action("keep")
        taken = set(obs.holders.values()) | {card}
        unseen = [e.id for e in obs.content.empires_of_epoch(obs.epoch) if e.id not in taken]
        mine = self._card_value(obs, card)
        if not unseen or mine >= mean(self._card_value(obs, e) for e in unseen):
            self._why = ("keep", {"card": card}, obs)
            return Action("keep")
        gives = [a for a in legal if a.kind == "give"]
        target = max(gives, key=lambda a: (obs.score[int(a.target)], a.target))
        self._why = ("give", {"card": card}, obs)
        return target

    # -- events -----------------------------------------------------------------------------------
    def _event_value(self, obs: ClassicObservation, cid: str) -> float:
        ev = obs.content.events[cid]
        value = float(PRIORITY.get(ev.effect.kind, 0))
        if ev.epochs[1] == obs.epoch:
            value += 5  # its last chance
        empire = obs.content.empires[obs.call_order[obs.turn]]
        if ev.effect.kind in ("leader", "weaponry", "elite") and obs.strength(empire.id) < 6:
            value -= 4
        if ev.effect.kind in ("naval_power", "reallocation") and not obs.navigation(empire.id):
            value = 0
        return value

    def _events(self, obs: ClassicObservation, legal: list[Action]) -> Action:
        plays = [a for a in legal if a.kind == "play_event"]
        if not plays:
            return Action("begin")
        if not self.smart:
            self._why = ("first_event", {}, obs)
            return plays[0]
        best = max(plays, key=lambda a: (self._event_value(obs, a.target), a.target))
        if self._event_value(obs, best.target) >= 4 or len(obs.hand) > 2 * (8 - obs.epoch):
            self._why = ("play", {"card": best.target}, obs)
            return best
        self._why = ("later", {}, obs)
        return Action("begin")

    def _event_step(self, obs: ClassicObservation, legal: list[Action]) -> Action:
        picks = [a for a in legal if a.kind == "target"]
        if not picks:
            return _DONE
        me, step = obs.seat, obs.event_step or {}
        kind = step.get("kind")
        leader = max((p for p in range(obs.n) if p != me), key=lambda p: obs.score[p])
        owner = obs.board_now()[0]  # read, never changed: each obs.owner is a new view

        def foe_armies(lands: Any) -> int:
            return sum(1 for t in lands if owner.get(t) not in (None, me)) - 2 * sum(
                1 for t in lands if owner.get(t) == me)
        if kind == "fleet":
            key = lambda a: sum(1 for t in obs.board.spaces[a.target].coasts if owner.get(t) != me)  # noqa: E731
        elif kind in ("migrants", "raid", "uprising"):  # every land's gain in one loop (a Migrants card has many)
            gains = dict(zip(picks, self._gains_for(obs, me, [a.target for a in picks], look_of(obs))))
            key = lambda a: gains[a][0]  # noqa: E731
        elif kind == "disaster":
            key = lambda a: self._disaster_value(obs, me, leader, a.target)  # noqa: E731
        elif kind == "raid_origin":
            key = lambda a: sum(1 for t in obs.board.spaces[a.target].adjacent  # noqa: E731
                                if obs.board.spaces[t].kind == "land" and owner.get(t) != me)
        elif kind == "pestilence" and step.get("scope") == "region":
            key = lambda a: foe_armies(obs.board.regions[a.target].lands)  # noqa: E731
        elif kind == "pestilence":
            key = lambda a: foe_armies([a.target, *obs.board.spaces[a.target].adjacent])  # noqa: E731
        else:
            key = lambda a: 0  # noqa: E731
        best = max(picks, key=lambda a: (key(a), a.target))
        # nothing worth striking: stop, where the card lets it (the online Plague must spread while armies die)
        if kind in ("pestilence", "disaster", "raid", "uprising") and key(best) <= 0 and _DONE in legal:
            self._why = ("no_strike", {}, obs)
            return _DONE
        self._why = ("best_for", {"target": best.target, "card": step.get("card", "")}, obs)
        return best

    def _disaster_value(self, obs: ClassicObservation, me: int, leader: int, land: str) -> float:
        """What a Disaster striking ``land`` is worth to ``me``: the leader's land first, never one of mine; under
        ``disaster_reduces`` (the online card) also what it takes from another player: its monuments, the point of a
        capitol reduced to a city or of a city destroyed, and a fort (half a point)."""
        holder = obs.owner.get(land)
        value = float((holder == leader) * 2 - (holder == me) * 5)
        if obs.opts["disaster_reduces"] and holder is not None and holder != me:
            kind = obs.structures.get(land, "")
            value += obs.monuments.get(land, 0) + (kind in ("capitol", "city")) + 0.5 * (land in obs.forts)
        return value

    # -- the turn ---------------------------------------------------------------------------------
    def _attack_value(self, obs: ClassicObservation, land: str, dice: int, look: Look | None = None) -> float:
        """What invading ``land`` (its defender rolling ``dice``) is worth: its gain at the odds of taking it."""
        return self._attack_values(obs, (land,), {land: dice}, look_of(obs) if look is None else look)[0]

    def _attack_values(self, obs: ClassicObservation, lands: Sequence[str], dice: Mapping[str, int],
                       look: Look) -> list[float]:
        """:meth:`_attack_value` of each of ``lands`` (``dice``: land -> the defender's dice), in order, in one loop."""
        me, smart = obs.seat, self.smart
        owner_get, forts, odds = look.owner.get, look.forts, look.odds
        ignored = odds[2]
        # this decision's odds by the defender's dice and a fort (twice the dice, plus 1 for a fort), with the share
        # of a win that keeps the land's buildings (a tie under the online rule): an int key per target instead of
        # hashing the look's odds with them
        by: dict[int, tuple[float, float, float]] = {}
        out = []
        for land, (gain, loss) in zip(lands, self._gains_for(obs, me, lands, look)):
            holder = owner_get(land)
            if holder is None or holder == me:
                out.append(gain + (0.05 if holder is None else -1.0))
                continue
            fort = land in forts and not ignored
            i = dice[land] * 2 + fort
            hit = by.get(i)
            if hit is None:
                key = (odds, dice[land], fort)
                hit = by[i] = (*win_tie(*key), enter_share(*key))
            win, tie, enter = hit
            deny = 0.5 * -loss if smart else 0.0  # the holder's loss, weighed in the gain already
            value = win * gain + tie * deny - 0.3
            if enter:
                more = kept_more(look, land)
                if more:
                    value += enter * more
            out.append(value)
        return out

    def _betray_values(self, obs: ClassicObservation, lands: Sequence[str], look: Look) -> list[float]:
        """What taking each of ``lands`` by Treachery is worth, in order: its gain, sure (no battle), and a little
        more; under ``treachery_keeps`` (the online game) its capitol or city kept as it stands."""
        if not lands:
            return []
        keeps = bool(look.opts["treachery_keeps"])
        out = []
        for land, (gain, _loss) in zip(lands, self._gains_for(obs, obs.seat, lands, look)):
            out.append(gain + 0.5 + (kept_more(look, land) if keeps else 0.0))
        return out

    def _expand(self, obs: ClassicObservation, legal: list[Action], targets: dict[str, int]) -> Action:
        a = obs.actor
        assert a is not None
        kinds = {x.kind for x in legal}
        if "buy_army" in kinds:
            self._why = ("buy", {}, obs)
            return Action("buy_army")
        if a.lost and obs.coins == 0 and "trade_fleet" in kinds and (a.armies == 0 or not self.smart):
            trade = next(x for x in legal if x.kind == "trade_fleet")
            self._why = ("trade", {}, obs)
            return trade
        look = look_of(obs)
        invade: list[str] = []
        betray: list[str] = []
        for x in legal:
            if x.kind == "invade":
                invade.append(x.target)
            elif x.kind == "treachery":
                betray.append(x.target)
        # each kind's values in one call, then the best by (value, land), the first such action as max() would
        values = iter(self._attack_values(obs, invade, targets, look))
        betrayals = iter(self._betray_values(obs, betray, look))
        value, best = 0.0, None
        for x in legal:
            if x.kind == "invade":
                v = next(values)
            elif x.kind == "treachery":
                v = next(betrayals)
            else:
                continue
            if best is None or v > value or (v == value and x.target > best.target):
                value, best = v, x
        if best is not None:
            if value > 0 or not self.smart:
                self._why = ("worth", {"action": best, "value": value}, obs)
                return best
        forts = [x for x in legal if x.kind == "fort"]
        if forts and self.smart and a.armies > 0:
            rank = {"capitol": 0, "city": 1}
            best = min(forts, key=lambda x: (rank.get(obs.structures.get(x.target, ""), 2),
                                            -obs.monuments.get(x.target, 0), x.target))
            self._why = ("fort", {"land": best.target}, obs)
            return best
        self._why = ("end", {}, obs)
        return Action("end_turn")


def _factory(level: str) -> Callable[..., ClassicBot]:
    def make(seed: int | str = 0) -> ClassicBot:
        return ClassicBot(seed, level)
    return make


BOTS: dict[str, Callable[..., ClassicBot]] = {
    "random": _factory("random"),
    "greedy": _factory("greedy"),
    "heuristic": _factory("hard"),
    "heuristic:easy": _factory("easy"),
    "heuristic:medium": _factory("medium"),
    "heuristic:hard": _factory("hard"),
}
"""The classic bots by name, each a factory of ``seed``."""
