"""The 2018 heuristic bots: exact battle and siege odds and region scoring, with look-ahead set by a :class:`Style`.

One class plays every level (``greedy``, ``heuristic:easy|medium|hard``); the
levels differ only in their style (:data:`~hotw.rulesets.hotw2018.evaluation.LEVELS`).
It decides from the seat's :class:`~hotw.rulesets.hotw2018.observation.Hotw2018Observation`,
never from the game, and weighs positions with :mod:`hotw.rulesets.hotw2018.evaluation`
(the draft's cards with :mod:`hotw.rulesets.hotw2018.botdraft`).
The dice of a battle come from :func:`hotw.rulesets.hotw2018.battle.battle_setup`,
the rules' one place where abilities and events become dice.
"""

from __future__ import annotations

import math
import random
from typing import Any, Collection

from hotw.actions import Action, ActionsOf
from hotw.game import Game
from hotw.i18n import Domain, percent
from hotw.observation import observation
from hotw.rulesets.hotw2018.battle import PRINTED_DICE, DiceEffects, battle_setup
from hotw.rulesets.hotw2018.botdraft import event_to_play, pick_empire, pick_event
from hotw.rulesets.hotw2018.botodds import ATTACK_ODDS, attack_odds
from hotw.rulesets.hotw2018.botreach import reach_bounds
from hotw.rulesets.hotw2018.evaluation import (
    LEVELS,
    Context,
    Style,
    compute_outcomes,
    invade_text,
    tables,
)
from hotw.rulesets.hotw2018.observation import Hotw2018Observation
from hotw.rulesets.hotw2018.scoring import structure_points

__all__ = ["HeuristicBot"]

_ = Domain("hotw2018")
# The explanations without arguments, made once; the others are said when explain() asks for them
_NO_MOVE = _("no move yet")
_ONLY_END = _("end invasions: the only legal action")
_STEP_FORWARD = _("step forward on the score track: a point gained beats a point lost")
_NO_ARMIES = _("end invasions: no armies left on the card")
_NO_REACH = _("end invasions: no land in reach")
_NOT_WORTH = _("end invasions: no land is worth another army")
_FREE_FORT, _ONE_ARMY = _("a free fort"), _("one army from the card")
_SIEGE_TOKEN, _AN_ARMY = _("a siege token"), _("an army")

#: land -> Action("invade", land) and Action("fortify", land): actions are immutable values, made once
_INVADE, _FORTIFY = ActionsOf("invade"), ActionsOf("fortify")
_END_INVASIONS, _SIEGE, _RETREAT = Action("end_invasions"), Action("siege"), Action("retreat")  # values: made once
#: the odds key (printed dice) or (dice effects, odds key) -> the ATTACK_ODDS memo of those dice and the same odds
#: as a list by bits (see HeuristicBot._effects_odds): fort 4, rough terrain 2, naval 1 -> (chance to win, to tie,
#: to lose, and to win and to tie the siege's first round after a lost battle); an odds key is a tuple, never a
#: DiceEffects, so the two kinds of keys never meet
_ODDS_OF: dict[Any, tuple[dict[Any, Any], list[Any]]] = {}




def _odds_by_bits(ctx: Context, bits: int, dice: DiceEffects, odds: dict[Any, Any]) -> tuple[float, ...]:
    """The chances to win, tie and lose a battle of ``bits`` (fort 4, rough terrain 2, naval 1), and to win and tie
    the siege's first round after it is lost (``attack_odds``, rounds 0 and 1)."""
    fort, rough, naval = bits >= 4, bits & 2 == 2, bits & 1 == 1
    pw, pt = attack_odds(ctx, fort, rough, naval, 0, dice, odds)
    spw, spt = attack_odds(ctx, fort, rough, naval, 1, dice, odds)
    return pw, pt, 1 - pw - pt, spw, spt


# The words of a choice as a function and its values (said only when asked): a lambda would make the values it
# reads cells of the whole method, paid at every decision
def _only_legal(obs: Hotw2018Observation, action: Action) -> str:
    return _("{action}: the only legal action", action=obs.label(action))


def _a_hunch(obs: Hotw2018Observation, action: Action) -> str:
    return _("{action}: a hunch (chosen at random)", action=obs.label(action))


def _first_legal(obs: Hotw2018Observation, action: Action) -> str:
    return _("{action}: the first legal action", action=obs.label(action))


def _play_kingdom(card: Any, armies: int) -> str:
    return _("play the kingdom {card}: {armies} more armies on the board", card=card, armies=armies)


def _no_army_to_siege(land: Any) -> str:
    return _("retreat from {land}: no army left to siege", land=land)


def _never_sieges(land: Any) -> str:
    return _("retreat from {land}: this bot never sieges", land=land)


def _siege_words(land: Any, pw: float, dice: DiceEffects, fort: bool, rough: bool, naval: bool, siege_round: int,
                 most: int, used: Any) -> str:
    # The bonus on the highest die (catapult and events) is read from the siege battle's setup.
    return _("siege {land}: {odds} to win with +{bonus} on the highest die, worth more than {used}", land=land,
             odds=percent(pw), bonus=battle_setup(dice, fort, rough, naval, siege_round, most).invader_bonus,
             used=used)


def _retreat_words(land: Any, pw: float) -> str:
    return _("retreat from {land}: {odds} to win is not worth another army", land=land, odds=percent(pw))


# --------------------------------------------------------------------------- the heuristic bot


class HeuristicBot:
    """Chooses by exact odds and region scoring, with look-ahead set by its :class:`Style`."""

    def __init__(self, seed: int | str = 0, style: Style = LEVELS["medium"]) -> None:
        self.style = style
        self.name = style.name
        self.rng = random.Random(str(seed))
        self._why: Any = _NO_MOVE
        self._ctx: Context | None = None
        self._ctx_key: tuple[Any, ...] = ()
        self._ctx_actor: Any = None  # the acting empire the context was last checked for
        self._army_value = 0.0
        self._fx: tuple[Any, ...] | None = None  # see _effects_odds
        self._bounds: tuple[Any, dict[str, float]] = (None, {})  # a context and its reach_bounds
        self._rate: tuple[Any, ...] = (None, None, 0, 0.0)  # see _monument_rate

    def explain(self) -> str:
        """One line on why the last action was chosen (said only when asked: most are never read)."""
        why = self._why
        if callable(why):
            why = self._why = why()
        elif not isinstance(why, str):
            words, args = why
            why = self._why = words(*args)
        return why

    def choose(self, game: Game) -> Action:
        """One legal action for the pending decision, from what this seat may see."""
        obs = observation(game)
        step = obs.step
        if step == "invade":
            # The commonest decision: weigh the engine's choices without making an action for each.
            # The choices (the lands to fortify unsorted: _best_fort breaks ties by id), the acting empire, the
            # scores and the board in one call
            now = obs.invade_now()
            if not (now[0] or now[1] or now[2]):
                self._why = _ONLY_END
                return _END_INVASIONS
            if not (self.style.noise and self._hunch()):
                return self._invade(obs, now)
            legal = obs.legal_actions()
        else:
            legal = obs.legal_actions()
            if len(legal) == 1:
                self._why = (_only_legal, (obs, legal[0]))
                return legal[0]
            if not (self.style.noise and self._hunch()):
                return self._decide(obs, step, legal)
        action = self.rng.choice(legal)
        self._why = (_a_hunch, (obs, action))
        return action

    def _decide(self, obs: Hotw2018Observation, step: str, legal: list[Action]) -> Action:
        """The choice at any step but invading."""
        if step == "siege_or_retreat":
            return self._siege_or_retreat(obs, legal)
        if step == "pick_empire":
            action, self._why = pick_empire(obs, legal, self.style, self._context)
            return action
        if step == "pick_event":
            action, self._why = pick_event(obs, legal, self.style, self._context)
            return action
        if step == "kingdom":
            play = [a for a in legal if a.kind == "play_kingdom"]
            if play:
                card = obs.content.events[play[0].target]
                armies = card.kingdom.armies if card.kingdom else 0
                self._why = (_play_kingdom, (card.name, armies))
                return play[0]
        if step == "score_tie":
            self._why = _STEP_FORWARD
            return next((a for a in legal if a.target == "forward"), legal[0])
        self._why = (_first_legal, (obs, legal[0]))
        return legal[0]

    # -- shared ----------------------------------------------------------------------
    def _hunch(self) -> bool:
        """True when this move should be a random one (easy bots, sometimes)."""
        return bool(self.style.noise) and self.rng.random() < self.style.noise

    def _context(self, obs: Hotw2018Observation, acting: tuple[Any, tuple[int, ...]] | None = None) -> Context:
        """The context of this decision (``acting``: ``obs.acting()``, if the caller has read it already)."""
        actor, score = obs.acting() if acting is None else acting
        seat = obs.seat
        # The memos inside hold for one seat, scores, call order and acting card (a kingdom and
        # then its empire share a turn but not their starts or torch). The engine makes an actor
        # for each turn, so while the same actor plays, the call order, the table and the card
        # are those the context was made for: the seat and scores are all there is to compare.
        if actor is not None:
            if actor is self._ctx_actor and score == self._ctx_key[3] and seat == self._ctx_key[0]:
                return self._ctx  # type: ignore[return-value]
            # Another actor is another turn, or a kingdom and then its empire (another card): never the last
            # context's key, so the rest of the key (the call order a tuple made at each read) is not made.
            key: tuple[Any, ...] = (seat, None, None, score, None, None, actor.card)
        else:
            key = (seat, obs.epoch, obs.turn, score, obs.turn_order, obs.n, None)
            if self._ctx is not None and key == self._ctx_key:
                self._ctx_actor = None
                return self._ctx
        ctx = Context(obs, self.style, tables(obs))
        ctx.share_memos(self._ctx)
        self._ctx = ctx
        self._ctx_key = key
        self._army_value = 0.0
        self._ctx_actor = actor
        return ctx

    def _effects_odds(self, actor: Any, odds_key: tuple[Any, ...]) -> tuple[DiceEffects, dict[Any, Any]]:
        """The actor's dice effects, and the odds memo for them: kept while the effects stay the same list.

        The engine only appends to an actor's effects (an event played), never changes one in
        place, so the same list at the same length holds the same effects.
        """
        fx = self._fx
        effects = actor.effects
        if fx is None or fx[0] is not effects or fx[1] != len(effects) or fx[2] != odds_key:
            # The odds memo, and the same odds as a list by (fort, rough, naval) as bits, with the siege's first
            # round beside each (read by _invade), kept for the process per dice effects and odds key, as
            # ATTACK_ODDS: the printed dice (most actors) by the odds key alone, with no dataclass to hash
            if effects:
                dice = DiceEffects.of(effects)
                key: Any = (dice, odds_key)
            else:
                dice, key = PRINTED_DICE, odds_key
            hit = _ODDS_OF.get(key)
            if hit is None:
                hit = _ODDS_OF[key] = (ATTACK_ODDS.setdefault((dice, odds_key), {}), [None] * 8)
            fx = self._fx = (effects, len(effects), odds_key, dice, hit[0], hit[1])
        return fx[3], fx[4]

    def _monument_rate(self, ctx: Context, actor: Any) -> float:
        """Weighted worth of one resource icon in a land the actor holds at the end of its turn."""
        effects = actor.effects
        if not effects:  # the printed rate (most turns)
            return ctx.plain_rate
        hit = self._rate  # kept while the context and the effects (only ever appended to) stay the same
        if hit[0] is not ctx or hit[1] is not effects or hit[2] != len(effects):
            per = min([int(e.get("per", 2)) for e in effects if e["kind"] == "monument_rate"] or [ctx.icons])
            hit = self._rate = (ctx, effects, len(effects), 0.8 * ctx.sw[ctx.me] / max(per, 1))
        return hit[3]

    # -- invading ------------------------------------------------------------------
    def _invade(self, obs: Hotw2018Observation, now: tuple[Any, ...]) -> Action:
        st = self.style
        # What obs.invade_now() read: the game's own objects (read, never changed, nothing kept past the decision:
        # the words keep the region's counts, a tuple, and what they read of the land at the choice).
        targets, fortify, events, actor, score, owners, counts, structures, monuments, forts = now
        if events:
            chosen = event_to_play(obs, events, targets, st)
            if chosen is not None:
                self._why = chosen[1]
                return chosen[0]
        if actor.armies <= 0 and not (st.fortify and actor.free_forts):
            self._why = _NO_ARMIES
            return _END_INVASIONS
        ctx = self._context(obs, (actor, score))
        rate = (self._monument_rate(ctx, actor) if actor.effects else ctx.plain_rate) if len(monuments) < 20 else 0.0
        # The hot loop of every simulation: locals, memo lookups inline.
        t = ctx.t
        resources, region_of, rough_bit, nbrs = t.resources, t.region_of, t.rough_bit, t.land_nbrs
        me = ctx.me
        owner_get, tokens_get = owners.get, structures.get
        memo, odds_key = ctx.outcomes, ctx.odds_key
        marauder = actor.marauder
        capitol, starts = actor.capitol, actor.starts
        dmemo, new_delta = ctx.deltas, ctx.new_delta
        sp0, sw_me = ctx.sp[0], ctx.sw[me]
        fx = self._fx  # as _effects_odds: kept while the effects stay the same list
        effects = actor.effects
        if fx is None or fx[0] is not effects or fx[1] != len(effects) or fx[2] != odds_key:
            self._effects_odds(actor, odds_key)
            fx = self._fx
        dice, odds, by_bits = fx[3], fx[4], fx[5]  # type: ignore[index]
        armies = actor.armies
        siege = st.siege and armies + actor.tokens > 1
        # The first step of each target in one pass: (value, land, odds, value of a win); the value of a siege
        # after a lost battle is added once an army's worth is known (it is the siege's cost), from ``sieges``:
        # (index in firsts, the siege round's value before its cost, the chance the battle is lost).
        firsts: list[tuple[float, str, float, float]] = []
        sieges: list[tuple[int, float, float]] = []
        top, top_i = -math.inf, 0  # the best first step so far and its index
        for land, naval in targets.items():
            q = owner_get(land, -1)
            cnt = counts[region_of[land]]
            tok = tokens_get(land)
            has_mon = land in monuments
            key = (land, q, cnt, tok, has_mon, rate)
            wt = memo.get(key)
            if wt is None:
                # The commonest misses, computed here as compute_outcomes computes them.
                if q == me:  # our own resigned army, taken back
                    wt = (rate * resources[land], 0.0)
                elif q < 0 and tok is None and not has_mon:  # an empty land without structures
                    dk = (region_of[land], cnt, me, -1)
                    d = dmemo.get(dk)
                    if d is None:
                        d = new_delta(dk)
                    held = sp0 if (capitol and land in starts) else 0
                    wt = (d + sw_me * held - 0.0 + 0.0 + rate * resources[land], 0.0)
                else:
                    wt = compute_outcomes(ctx, land, q, region_of[land], cnt, tok, has_mon, marauder,
                                          capitol and land in starts, rate * resources[land])
                memo[key] = wt
            win_v, tie_v = wt
            if q < 0 or q == me:
                ev, pw = win_v, 1.0
            else:
                # The odds by bits (fort, rough, naval), the siege's first round with them: a list read, no key to hash.
                bits = (4 if land in forts else 0) + rough_bit[land] + naval
                hit = by_bits[bits]
                if hit is None:
                    hit = by_bits[bits] = _odds_by_bits(ctx, bits, dice, odds)
                pw, pt, lost, spw, spt = hit
                ev = pw * win_v + pt * tie_v
                if siege:
                    sieges.append((len(firsts), spw * win_v + spt * tie_v, lost))
            if ev > top:
                top, top_i = ev, len(firsts)
            firsts.append((ev, land, pw, win_v))
        # An army is worth a share of what the last army on the card could still win.
        self._army_value = army_value = 0.0
        if len(firsts) > armies > 0:
            wins = [f[3] for f in firsts]
            wins.sort(reverse=True)  # in place: no second list
            v = wins[armies - 1]
            self._army_value = army_value = (v if v >= 0.0 else 0.0) * 0.5  # max(v, 0.0) without the call
        if sieges:
            siege_cost = 0.0 if actor.tokens else army_value
            for i, m, lost in sieges:
                more = m - siege_cost
                if more > 0:
                    ev, land, pw, win_v = firsts[i]
                    ev += lost * more
                    firsts[i] = (ev, land, pw, win_v)
                    if ev > top:
                        top, top_i = ev, i
        reach = st.reach
        best_ev, best_land, best_pw = -math.inf, "", 0.0
        if top_i:  # the best first step in front (the likeliest choice: it sets the value the others must beat)
            firsts[0], firsts[top_i] = firsts[top_i], firsts[0]
        if not reach:
            for ev, land, pw, _win in firsts:
                if ev > best_ev or (ev == best_ev and land < best_land):  # ties: the first land by id
                    best_ev, best_land, best_pw = ev, land, pw
        else:
            bounds = self._bounds
            if bounds[0] is not ctx:
                bounds = self._bounds = (ctx, reach_bounds(ctx))
            bound = bounds[1]
            # Second-step worth of each land met, the targets counted 0 (never above ``far``'s start):
            # one lookup per neighbour instead of a membership test and a lookup.
            seen: dict[str, float] = dict.fromkeys(targets, 0.0)
            seen_get = seen.get
            for ev, land, pw, _win in firsts:
                if ev + reach * bound[land] < best_ev:
                    continue  # not the best even with the largest second step its neighbours allow
                # A second step: the best land that taking this one would newly bring in reach.
                far = 0.0
                for nb in nbrs[land]:
                    val = seen_get(nb)
                    if val is None:
                        nq = owner_get(nb, -1)
                        if nq == me:
                            val = 0.0
                        else:
                            r = region_of[nb]
                            dk = (r, counts[r], me, nq)
                            d = dmemo.get(dk)
                            if d is None:
                                d = new_delta(dk)
                            val = d * (0.5 if nq >= 0 else 1.0)
                        seen[nb] = val
                    if val > far:
                        far = val
                ev += reach * far
                if ev > best_ev or (ev == best_ev and land < best_land):  # ties: the first land by id
                    best_ev, best_land, best_pw = ev, land, pw
        best_ev = best_ev if firsts else 0.0
        if st.fortify and (actor.free_forts or best_ev < self._army_value):
            built = self._best_fort(obs, ctx, counts, structures, monuments, fortify, actor)
            if built is not None and built[0] > best_ev:
                return built[1]
        if not firsts:
            self._why = _NO_REACH
            return _END_INVASIONS
        ev, land, pw = best_ev, best_land, best_pw
        if ev <= 0 and not (actor.armies > 0 and ev > -0.05):
            self._why = _NOT_WORTH
            return _END_INVASIONS
        # Worded only if asked, from values read now.
        self._why = (invade_text, (obs.board, ctx, land, counts[region_of[land]], land in monuments,
                                   owner_get(land, -1), tokens_get(land), capitol and land in starts, pw))
        return _INVADE[land]

    def _best_fort(self, obs: Hotw2018Observation, ctx: Context, counts: Any, structures: Any,
                   monuments: frozenset[str], fortify: Collection[str], actor: Any) -> tuple[float, Action] | None:
        if not ctx.fsum:
            return None
        me = ctx.me
        region_of = ctx.t.region_of
        best: tuple[float, str] | None = None
        for land in fortify:
            r = region_of[land]
            points = structure_points(structures.get(land), land in monuments, ctx.sp)
            keep = points * ctx.sw[me] + max(-ctx.delta(r, counts[r], -1, me), 0.0)
            # A fort roughly halves the chance a later invader takes the land.
            value = 0.2 * keep - (0.0 if actor.free_forts else self._army_value)
            if best is None or value > best[0] or (value == best[0] and land < best[1]):
                best = (value, land)
        if best is None or best[0] <= 0:
            return None
        name = obs.board.spaces[best[1]].name
        what = _FREE_FORT if actor.free_forts else _ONE_ARMY
        self._why = lambda: _("fortify {land} ({how}): its points are worth guarding against later invaders",
                              land=name, how=what)
        return best[0], _FORTIFY[best[1]]

    def _siege_or_retreat(self, obs: Hotw2018Observation, legal: list[Action]) -> Action:
        b, actor = obs.battle, obs.actor
        board = obs.board
        target = b.target
        can_siege = False
        for a in legal:  # a kind compared, not an Action made and compared field by field
            if a.kind == "siege":
                can_siege = True
        if not can_siege or not self.style.siege:
            if not can_siege:
                self._why = (_no_army_to_siege, (board.spaces[target].name,))
            else:
                self._why = (_never_sieges, (board.spaces[target].name,))
            return _RETREAT
        ctx = self._context(obs)
        t = ctx.t
        region = t.region_of[target]
        q, cnt, tok, has_mon, fort, placed = obs.land(target, region)
        rate = self._monument_rate(ctx, actor) if placed < 20 else 0.0
        # The memo and key of the invade step (its values hold the actor's marauder and capitol, which a
        # context never changes): the battle just lost was weighed there, from the same land and counts.
        key = (target, q, cnt, tok, has_mon, rate)
        memo = ctx.outcomes
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = compute_outcomes(ctx, target, q, region, cnt, tok, has_mon, actor.marauder,
                                               actor.capitol and target in actor.starts, rate * t.resources[target])
        win_v, tie_v = hit
        dice, odds = self._effects_odds(actor, ctx.odds_key)
        rough, naval, siege_round = target in t.rough, b.naval, b.round + 1
        pw, pt = attack_odds(ctx, fort, rough, naval, siege_round, dice, odds)
        cost = 0.0 if actor.tokens else self._army_value
        if pw * win_v + pt * tie_v - cost > 0:
            most = ctx.catapult_max
            used = _SIEGE_TOKEN if actor.tokens else _AN_ARMY
            self._why = (_siege_words, (board.spaces[target].name, pw, dice, fort, rough, naval, siege_round, most,
                                        used))
            return _SIEGE
        self._why = (_retreat_words, (board.spaces[target].name, pw))
        return _RETREAT
