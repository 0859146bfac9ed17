"""Bots: players that choose among the legal actions, seeing only what their seat may see.

``make_bot(spec, seed)`` builds one from its spec:

* ``random``: any legal action, uniformly;
* ``greedy``: the action worth most points right now, weighted by the exact odds;
* ``heuristic:easy|medium|hard`` (``heuristic`` alone is medium): exact battle
  and siege odds and region scoring, looking further ahead as the level rises
  (future region tokens, points taken from opponents, a second step of reach,
  forts). Easy ignores the odds, never sieges and sometimes plays a hunch.

The levels differ only in their :class:`Style`; ``scripts/tournament.py`` measures
the ladder (hard above medium above greedy above easy).

Every bot decides from :func:`hotw.observation.observation` of its seat, never
from the game itself, and draws any randomness from its own seeded generator.
``bot.explain()`` says in one line why it made its last move, for the teaching UI.

>>> import hotw
>>> game = hotw.new_game(players=["Ada", "Ben", "Cy"], seed=7)
>>> bot = make_bot("heuristic:hard", seed=1)
>>> bot.choose(game) in game.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Protocol

from hotw.actions import Action
from hotw.files import quote
from hotw.rulesets.hotw2018.battle import BattleSetup, battle_fractions
from hotw.game import Game
from hotw.observation import Observation, observation

__all__ = ["BOTS", "LEVELS", "Bot", "HeuristicBot", "RandomBot", "Style", "make_bot"]

LEVEL_NAMES = ("presence", "dominance", "supremacy")


class Bot(Protocol):
    """What every bot offers: a name, a choice for the pending decision, and why."""

    name: str

    def choose(self, game: Game) -> Action:
        """One legal action for the pending decision."""

    def explain(self) -> str:
        """One line on why the last action was chosen."""


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(str(seed))
        self._why = "no move yet"

    def choose(self, game: Game) -> Action:
        """One legal action for the pending decision."""
        obs = observation(game)
        legal = obs.legal_actions()
        action = self.rng.choice(legal)
        how = "the only legal action" if len(legal) == 1 else f"chosen at random among {len(legal)} legal actions"
        self._why = f"{_label(obs, action)}: {how}"
        return action

    def explain(self) -> str:
        """One line on why the last action was chosen."""
        return self._why


# --------------------------------------------------------------------------- styles


@dataclass(frozen=True)
class Style:
    """How a heuristic bot weighs its choices; the levels differ only here."""

    name: str
    #: chance that a held land still stands one epoch later; 0 values the current epoch only
    survival: float
    #: weight of each point an opponent loses (0: ignore the opponents)
    denial: float
    #: use the exact battle odds (False: every battle counts as a coin toss)
    odds: bool
    #: siege after a lost battle when it is worth an army
    siege: bool
    #: build forts to protect what is worth protecting
    fortify: bool
    #: how to value empire cards in the draft: "armies" (ties: the earlier call order) or "plan"
    #: (an expansion planned on the board as it stands). Measured: armies wins more games.
    draft: str
    #: value opening a way to more lands (a second step of look-ahead)
    reach: float
    #: chance of a random legal move instead of the chosen one
    noise: float


LEVELS: dict[str, Style] = {
    "easy": Style("heuristic:easy", survival=0.0, denial=0.0, odds=False, siege=False, fortify=False,
                  draft="armies", reach=0.0, noise=0.3),
    "greedy": Style("greedy", survival=0.0, denial=0.0, odds=True, siege=True, fortify=False,
                    draft="plan", reach=0.0, noise=0.0),
    "medium": Style("heuristic:medium", survival=0.5, denial=0.3, odds=True, siege=True, fortify=False,
                    draft="plan", reach=0.0, noise=0.0),
    "hard": Style("heuristic:hard", survival=0.6, denial=0.5, odds=True, siege=True, fortify=True,
                  draft="armies", reach=0.25, noise=0.0),
}


# --------------------------------------------------------------------------- board tables


class _Tables:
    """Facts of a board and card set that never change during a game, computed once per process."""

    def __init__(self, board: Any, content: Any, epochs: int) -> None:
        spaces = board.spaces
        self.region_of: dict[str, str] = {}
        for rid, reg in board.regions.items():
            for land in reg.lands:
                self.region_of[land] = rid
        self.regions = tuple(board.regions)
        self.land_nbrs: dict[str, tuple[str, ...]] = {}
        self.resources: dict[str, int] = {}
        self.rough: frozenset[str] = frozenset(
            s.id for s in spaces.values() if s.kind == "land" and s.terrain in ("mountain", "forest"))
        for s in spaces.values():
            if s.kind == "land":
                self.land_nbrs[s.id] = tuple(sorted(n for n in s.adjacent | s.straits if spaces[n].kind == "land"))
                self.resources[s.id] = s.resources
        # Lands a fleet or caravan marker lets an army reach.
        self.marker_lands: dict[str, frozenset[str]] = {}
        for s in spaces.values():
            if s.kind != "land":
                touch = s.adjacent | s.straits | s.waters | s.coasts
                self.marker_lands[s.id] = frozenset(t for t in touch if spaces[t].kind == "land")
        # Token values per region lying on the board in each epoch (the latest placed).
        self.epochs = epochs
        self.token_values: list[dict[str, tuple[int, int, int]]] = [{} for _ in range(epochs + 2)]
        for e in range(1, epochs + 1):
            vals = dict(self.token_values[e - 1])
            for tok in content.tokens_of_epoch(e):
                vals[tok.region] = tuple(tok.values)
            self.token_values[e] = vals
        self._future: dict[tuple[int, float], tuple[dict[str, tuple[float, float, float]], float]] = {}
        self.plans: dict[tuple[str, bool], tuple[str, ...]] = {}

    def future(self, epoch: int, survival: float) -> tuple[dict[str, tuple[float, float, float]], float]:
        """Per region, the discounted points of each level in the epochs after ``epoch``; and the discount sum."""
        key = (epoch, survival)
        hit = self._future.get(key)
        if hit is None:
            out: dict[str, tuple[float, float, float]] = {}
            total = 0.0
            if survival > 0:
                for e in range(epoch + 1, self.epochs + 1):
                    w = survival ** (e - epoch)
                    total += w
                    for r, v in self.token_values[e].items():
                        a = out.get(r, (0.0, 0.0, 0.0))
                        out[r] = (a[0] + w * v[0], a[1] + w * v[1], a[2] + w * v[2])
            hit = self._future[key] = (out, total)
        return hit


_TABLES: dict[tuple[int, int], tuple[Any, Any, _Tables]] = {}


def _tables(obs: Observation) -> _Tables:
    board, content = obs.board, obs.content
    key = (id(board), id(content))
    hit = _TABLES.get(key)
    if hit is None or hit[0] is not board or hit[1] is not content:
        hit = _TABLES[key] = (board, content, _Tables(board, content, obs.epochs))
    return hit[2]


def _level(c: int, other: int) -> int:
    """Region level index (0 presence, 1 dominance, 2 supremacy) of ``c`` armies against ``other``, or -1."""
    if c >= 3 and other == 0:
        return 2
    if c >= 2 and c > other:
        return 1
    return 0 if c >= 1 else -1


_LEVELS: dict[tuple[int, ...], tuple[int, ...]] = {}


def _levels(cnt: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's region level index (-1: none) for these army counts (memoised: counts are small)."""
    hit = _LEVELS.get(cnt)
    if hit is None:
        out = []
        for i, c in enumerate(cnt):
            other = max((x for j, x in enumerate(cnt) if j != i), default=0)
            out.append(_level(c, other))
        hit = _LEVELS[cnt] = tuple(out)
    return hit


_SHIFTED: dict[tuple[tuple[int, ...], int, int], tuple[int, ...]] = {}


def _shifted(cnt: tuple[int, ...], gain: int, lose: int) -> tuple[int, ...]:
    """The seat levels once seat ``gain`` (if >= 0) has one army more and ``lose`` (if >= 0) one less (memoised)."""
    new = list(cnt)
    if gain >= 0:
        new[gain] += 1
    if lose >= 0:
        new[lose] -= 1
    if len(_SHIFTED) > 200_000:  # a few thousand games fill a tenth of it; never let it grow without end
        _SHIFTED.clear()
    hit = _SHIFTED[(cnt, gain, lose)] = _levels(tuple(new))
    return hit


def _win_tie(setup: BattleSetup, odds: bool, ties_hold: bool) -> tuple[float, float]:
    """Chances the invader wins or ties one battle (a coin toss without odds)."""
    if not odds:
        return 0.5, 0.0
    hit = _ODDS.get(setup)
    if hit is None:
        w, t, _ = battle_fractions(setup)
        hit = _ODDS[setup] = (float(w), float(t))
    return (hit[0], 0.0) if ties_hold else hit


_ODDS: dict[BattleSetup, tuple[float, float]] = {}
#: land -> Action("invade", land): actions are immutable values, made once
_INVADE: dict[str, Action] = {}
#: (actor's effects, rule options, siege round) -> the invader's bonus on the highest die
_SIEGE_BONUS: dict[tuple[Any, ...], int] = {}
#: (actor's effects, rule options) -> (fort, rough terrain, naval, siege round) -> chances to win and to tie
_ATTACK_ODDS: dict[tuple[Any, ...], dict[tuple[bool, bool, bool, int], tuple[float, float]]] = {}


def _effects_key(actor: Any) -> tuple[Any, ...]:
    """The actor's effects in force as a hashable value."""
    effects = actor.effects
    return tuple([tuple(sorted(e.items())) for e in effects]) if effects else ()


# --------------------------------------------------------------------------- valuation


class _Context:
    """What stays fixed for one seat while the board changes within a turn: weights and memos.

    Everything here is a pure function of the key it was built for (seat, epoch,
    turn, scores, call order), so a memo can never go stale.
    """

    def __init__(self, obs: Observation, style: Style, tables: _Tables) -> None:
        self.t = tables
        self.me = me = obs.seat
        self.n = n = obs.n
        self.style = style
        epoch = max(obs.epoch, 1)
        self.cur = obs.region_values.copy()  # a plain dict (copying the view with dict() is 15x slower)
        self.fut, fsum = tables.future(epoch, style.survival)
        order, turn = obs.turn_order, obs.turn
        later = set(order[turn:]) if order else set(range(n))
        score = obs.score
        lead = max(score)
        k = [1.0] * n
        for i in range(n):
            if i != me:
                # Points taken from the leader count more than points taken from a trailer.
                k[i] = -style.denial * (1.5 if score[i] >= lead else 1.0 if score[i] >= score[me] else 0.6)
        self.k = k
        cw = [1.0 if i in later else 0.0 for i in range(n)]
        cw[me] = 1.0
        self.cw = cw
        self.fsum = fsum
        #: weighted worth of one structure point held by each seat, now (if it still scores) and later
        self.sw = [k[i] * (cw[i] + fsum) for i in range(n)]
        opts = obs.opts
        self.sp = tuple(opts["structure_points"])
        self.ties_hold = opts.get("tie_rule", "both_removed") == "defender_holds"
        icons = int(opts["monument_icons"])
        self.icons = icons
        #: HeuristicBot._monument_rate without effects in force
        self.plain_rate = 0.8 * self.sw[me] / max(icons, 1)
        self._util: dict[tuple[str, tuple[int, ...]], float] = {}  # (region, seat levels) -> utility
        self._vals: dict[str, tuple[tuple[float, float, float, float], ...]] = {}  # see _sum
        self._delta: dict[tuple[str, tuple[int, ...], int, int], float] = {}
        self.outcomes: dict[tuple[Any, ...], tuple[float, float]] = {}
        self.odds_key = (int(opts["catapult_max"]), self.ties_hold, style.odds)

    def utility(self, region: str, cnt: tuple[int, ...]) -> float:
        """Weighted points of every seat in ``region`` with these army counts."""
        # Remembered per region and seat levels, which many army counts share.
        key = (region, _LEVELS.get(cnt) or _levels(cnt))
        hit = self._util.get(key)
        if hit is None:
            hit = self._util[key] = self._sum(key)
        return hit

    def _sum(self, key: tuple[str, tuple[int, ...]]) -> float:
        """The utility of (region, seat levels)."""
        region, levels = key
        vals = self._vals.get(region)
        if vals is None:
            # Per seat, the weighted worth of presence, dominance and supremacy here, then 0.0 for
            # no level (index -1), so the sum needs no test: adding 0.0 to a sum that starts at 0.0
            # changes nothing, so the total is the same as adding the levels reached alone.
            c0, c1, c2 = self.cur.get(region) or (0, 0, 0)
            f0, f1, f2 = self.fut.get(region) or (0.0, 0.0, 0.0)
            vals = self._vals[region] = tuple([(k * (cw * c0 + f0), k * (cw * c1 + f1),
                                                k * (cw * c2 + f2), 0.0) for k, cw in zip(self.k, self.cw)])
        total = 0.0
        for v, lv in zip(vals, levels):
            total += v[lv]
        return total

    def delta(self, region: str, cnt: tuple[int, ...], gain: int, lose: int) -> float:
        """Change in weighted points when seat ``gain`` (if >= 0) gets an army and ``lose`` (if >= 0) loses one."""
        key = (region, cnt, gain, lose)
        hit = self._delta.get(key)
        if hit is None:
            hit = self._new_delta(key)
        return hit

    def _new_delta(self, key: tuple[str, tuple[int, ...], int, int]) -> float:
        """``delta(*key)`` computed and remembered (for callers that looked ``key`` up in ``_delta`` already)."""
        region, cnt, gain, lose = key
        levels_after = _SHIFTED.get(key[1:]) or _shifted(cnt, gain, lose)
        levels = _LEVELS.get(cnt) or _levels(cnt)
        if levels_after == levels:  # no seat's level changes: the same utility minus itself
            self._delta[key] = 0.0
            return 0.0
        util = self._util
        ukey = (region, levels_after)
        after = util.get(ukey)
        if after is None:
            after = util[ukey] = self._sum(ukey)
        ukey = (region, levels)
        before = util.get(ukey)
        if before is None:
            before = util[ukey] = self._sum(ukey)
        hit = self._delta[key] = after - before
        return hit


class _Board:
    """The board of one decision as counts per region, with the values of taking each land."""

    def __init__(self, obs: Observation, ctx: _Context) -> None:
        self.ctx = ctx
        # A snapshot: a plain dict reads faster than the view (and the view's copy() is 15x faster than dict()).
        self.owner = obs.owner.copy()
        self.tokens = obs.tokens
        self.monuments = obs.monuments
        self.forts = obs.forts
        self.counts = obs.region_counts.copy()  # a snapshot, as the owners

    def cnt(self, region: str) -> tuple[int, ...]:
        """Army counts per seat in ``region``."""
        return self.counts[region]

    def structure_points(self, land: str) -> int:
        """Points of the structures standing on ``land``."""
        sp = self.ctx.sp
        tok = self.tokens.get(land)
        return (sp[0] if tok == "capitol" else sp[1] if tok == "city" else 0) + (sp[2] if land in self.monuments else 0)

    def outcomes(self, land: str, marauder: bool, capitol_here: bool, monument: float) -> tuple[float, float]:
        """Weighted value of winning and of tying a battle for ``land`` (a win alone if it is empty)."""
        ctx = self.ctx
        q = self.owner.get(land, -1)
        region = ctx.t.region_of[land]
        cnt = self.cnt(region)
        tok = self.tokens.get(land)
        has_mon = land in self.monuments
        key = (land, q, cnt, tok, has_mon, marauder, capitol_here, monument)
        hit = ctx.outcomes.get(key)
        if hit is None:
            hit = ctx.outcomes[key] = self._outcomes(land, q, region, cnt, tok, has_mon, marauder, capitol_here,
                                                     monument)
        return hit

    def _outcomes(self, land: str, q: int, region: str, cnt: tuple[int, ...], tok: str | None, has_mon: bool,
                  marauder: bool, capitol_here: bool, monument: float) -> tuple[float, float]:
        ctx = self.ctx
        me = ctx.me
        sp = ctx.sp
        mon = sp[2] if has_mon else 0
        if tok == "capitol":
            before, after = sp[0] + mon, sp[1] + mon
        elif tok == "city":
            before, after = sp[1] + mon, mon
        else:
            before, after = mon, 0
        if q == me:  # our own resigned army, taken back: no change in the regions
            return monument, 0.0
        sw = ctx.sw
        lost = sw[q] * before if q >= 0 else 0.0
        maraud = 1.0 if (marauder and before > after) else 0.0
        held = (sp[0] + (mon if tok else 0)) if capitol_here else after
        dmemo = ctx._delta
        key = (region, cnt, me, q)
        d = dmemo.get(key)
        if d is None:
            d = ctx._new_delta(key)
        win = d + sw[me] * held - lost + maraud + monument
        if q < 0:
            return win, 0.0
        key = (region, cnt, -1, q)
        d = dmemo.get(key)
        if d is None:
            d = ctx._new_delta(key)
        tie = d - lost + sw[q] * after + maraud
        return win, tie

    def immediate(self, land: str, capitol_here: bool, q: int, tok: str | None) -> tuple[int, int]:
        """My points at this epoch's scoring if I take ``land`` from seat ``q`` (-1: empty), and my level there.

        ``q`` and the structure ``tok`` are passed in, read when the choice was made:
        the words may be asked for after the game has moved on.
        """
        ctx = self.ctx
        me = ctx.me
        region = ctx.t.region_of[land]
        cur = ctx.cur.get(region)

        def pts(c: list[int]) -> tuple[int, int]:
            other = max((x for i, x in enumerate(c) if i != me), default=0)
            lv = _level(c[me], other)
            return (cur[lv] if (cur is not None and lv >= 0) else 0), lv

        cnt = list(self.cnt(region))
        before, _ = pts(cnt)
        if q != me:
            cnt[me] += 1
            if q >= 0:
                cnt[q] -= 1
        after, lv = pts(cnt)
        sp = ctx.sp
        gain = after - before
        if q != me:
            if capitol_here:
                gain += sp[0]
            elif tok == "capitol":
                gain += sp[1]
            if land in self.monuments and tok:
                gain += sp[2]
        return gain, lv


# --------------------------------------------------------------------------- the heuristic bot


class HeuristicBot:
    """Chooses by exact odds and region scoring, with look-ahead set by its :class:`Style`."""

    def __init__(self, seed: int | str = 0, style: Style = LEVELS["medium"]) -> None:
        self.style = style
        self.name = style.name
        self.rng = random.Random(str(seed))
        self._why: Any = "no move yet"
        self._ctx: _Context | None = None
        self._ctx_key: tuple[Any, ...] = ()
        self._army_value = 0.0
        self._fx: tuple[Any, ...] | None = None  # see _effects_odds

    def explain(self) -> str:
        """One line on why the last action was chosen."""
        if not isinstance(self._why, str):
            words, args = self._why
            self._why = words(*args)
        return self._why

    def choose(self, game: Game) -> Action:
        """One legal action for the pending decision, from what this seat may see."""
        obs = observation(game)
        step = obs.step
        if step == "invade":
            # The commonest decision: weigh the engine's choices without making an action for each.
            choices = obs.invade_choices()
            if not any(choices):
                self._why = "end invasions: the only legal action"
                return Action("end_invasions")
            if not self._hunch():
                return self._invade(obs, *choices)
            legal = obs.legal_actions()
        else:
            legal = obs.legal_actions()
            if len(legal) == 1:
                self._why = f"{_label(obs, legal[0])}: the only legal action"
                return legal[0]
            if not self._hunch():
                return self._decide(obs, step, legal)
        action = self.rng.choice(legal)
        self._why = f"{_label(obs, action)}: a hunch (chosen at random)"
        return action

    def _decide(self, obs: Observation, step: str, legal: list[Action]) -> Action:
        """The choice at any step but invading."""
        if step == "siege_or_retreat":
            return self._siege_or_retreat(obs, legal)
        if step == "pick_empire":
            return self._pick_empire(obs, legal)
        if step == "pick_event":
            return self._pick_event(obs, legal)
        if step == "kingdom":
            play = [a for a in legal if a.kind == "play_kingdom"]
            if play:
                card = obs.content.events[play[0].target]
                armies = card.kingdom.armies if card.kingdom else 0
                self._why = f"play the kingdom {card.name}: {armies} more armies on the board"
                return play[0]
        if step == "score_tie":
            self._why = "step forward on the score track: a point gained beats a point lost"
            return next((a for a in legal if a.target == "forward"), legal[0])
        self._why = f"{_label(obs, legal[0])}: the first legal action"
        return legal[0]

    # -- shared ----------------------------------------------------------------------
    def _hunch(self) -> bool:
        """True when this move should be a random one (easy bots, sometimes)."""
        return bool(self.style.noise) and self.rng.random() < self.style.noise

    def _context(self, obs: Observation) -> _Context:
        actor = obs.actor
        # The memos inside hold for one seat, scores, call order and acting card (a kingdom and
        # then its empire share a turn but not their starts or torch).
        key = (obs.seat, obs.epoch, obs.turn, obs.score, obs.turn_order, obs.n, actor.card if actor else None)
        if self._ctx is None or key != self._ctx_key:
            self._ctx = _Context(obs, self.style, _tables(obs))
            self._ctx_key = key
            self._army_value = 0.0
        return self._ctx

    def _effects_odds(self, actor: Any, odds_key: tuple[Any, ...]) -> tuple[tuple[Any, ...], dict[Any, Any]]:
        """The actor's effects as a key, and the odds memo for them: kept while the effects stay the same list.

        The engine only appends to an actor's effects (an event played), never changes one in
        place, so the same list at the same length holds the same effects.
        """
        fx = self._fx
        effects = actor.effects
        if fx is None or fx[0] is not effects or fx[1] != len(effects) or fx[2] != odds_key:
            key = _effects_key(actor)
            fx = self._fx = (effects, len(effects), odds_key, key, _ATTACK_ODDS.setdefault((key, odds_key), {}))
        return fx[3], fx[4]

    def _odds(self, obs: Observation, board: _Board, land: str, naval: bool, siege_round: int,
              effects: tuple[Any, ...]) -> tuple[float, float]:
        """Chances to win and to tie one battle for ``land``, given the actor's effects in force."""
        ctx = board.ctx
        # The dice depend on the land only through its fort and terrain; the rest is the actor's
        # effects and the rule options, so the memo holds for every game of a process.
        table = _ATTACK_ODDS.setdefault((effects, ctx.odds_key), {})
        key = (land in board.forts, land in ctx.t.rough, naval, siege_round)
        hit = table.get(key)
        if hit is None:
            hit = table[key] = _win_tie(obs.battle_setup(land, naval, siege_round), self.style.odds, ctx.ties_hold)
        return hit

    def _monument_rate(self, ctx: _Context, actor: Any) -> float:
        """Weighted worth of one resource icon in a land the actor holds at the end of its turn."""
        if not actor.effects:  # the printed rate (most turns)
            return ctx.plain_rate
        per = min([int(e.get("per", 2)) for e in actor.effects if e["kind"] == "monument_rate"] or [ctx.icons])
        return 0.8 * ctx.sw[ctx.me] / max(per, 1)

    # -- invading ------------------------------------------------------------------
    def _invade(self, obs: Observation, targets: dict[str, bool], fortify: list[str],
                events: list[str]) -> Action:
        st = self.style
        actor = obs.actor
        if events:
            chosen = self._event_to_play(obs, [Action("play_event", c) for c in events], targets)
            if chosen is not None:
                return chosen
        if actor.armies <= 0 and not (st.fortify and actor.free_forts):
            self._why = "end invasions: no armies left on the card"
            return Action("end_invasions")
        ctx = self._context(obs)
        board = _Board(obs, ctx)
        rate = self._monument_rate(ctx, actor) if len(board.monuments) < 20 else 0.0
        # The hot loop of every simulation: locals, memo lookups inline.
        t = ctx.t
        resources, region_of, rough, nbrs = t.resources, t.region_of, t.rough, t.land_nbrs
        me = ctx.me
        owner = board.owner
        owner_get, tokens_get = owner.get, board.tokens.get
        monuments, forts = board.monuments, board.forts
        memo, odds_key = ctx.outcomes, ctx.odds_key
        marauder = actor.marauder
        capitol, starts = actor.capitol, actor.starts
        raw: list[tuple[float, float, str, bool, int]] = []
        counts = board.counts
        dmemo, new_delta = ctx._delta, ctx._new_delta
        sp0, sw_me = ctx.sp[0], ctx.sw[me]
        for land, naval in targets.items():
            q = owner_get(land, -1)
            cnt = counts[region_of[land]]
            tok = tokens_get(land)
            has_mon = land in monuments
            key = (land, q, cnt, tok, has_mon, rate)
            wt = memo.get(key)
            if wt is None:
                if q == me:  # our own resigned army, taken back (as _Board._outcomes, inlined: the commonest miss)
                    wt = (rate * resources[land], 0.0)
                elif q < 0 and tok is None and not has_mon:  # an empty land without structures
                    dk = (region_of[land], cnt, me, -1)
                    d = dmemo.get(dk)
                    if d is None:
                        d = new_delta(dk)
                    held = sp0 if (capitol and land in starts) else 0
                    wt = (d + sw_me * held - 0.0 + 0.0 + rate * resources[land], 0.0)
                else:
                    wt = board._outcomes(land, q, region_of[land], cnt, tok, has_mon, marauder,
                                         capitol and land in starts, rate * resources[land])
                memo[key] = wt
            raw.append((wt[0], wt[1], land, naval, q))
        # An army is worth a share of what the last army on the card could still win.
        armies = actor.armies
        self._army_value = army_value = 0.0
        if len(raw) > armies > 0:
            best = sorted([r[0] for r in raw], reverse=True)
            self._army_value = army_value = max(best[armies - 1], 0.0) * 0.5
        siege = st.siege and armies + actor.tokens > 1
        siege_cost = 0.0 if actor.tokens else army_value
        effects, odds = self._effects_odds(actor, odds_key)
        reach = st.reach
        best_ev, best_land, best_pw = -math.inf, "", 0.0
        # Second-step worth of each land met, the targets counted 0 (never above ``far``'s start):
        # one lookup per neighbour instead of a membership test and a lookup.
        seen: dict[str, float] = dict.fromkeys(targets, 0.0)
        seen_get = seen.get
        for win_v, tie_v, land, naval, q in raw:
            if q < 0 or q == me:
                ev, pw = win_v, 1.0
            else:
                fort, hill = land in forts, land in rough
                hit = odds.get((fort, hill, naval, 0))
                if hit is None:
                    hit = self._odds(obs, board, land, naval, 0, effects)
                pw, pt = hit
                ev = pw * win_v + pt * tie_v
                if siege:
                    nxt = odds.get((fort, hill, naval, 1))
                    if nxt is None:
                        nxt = self._odds(obs, board, land, naval, 1, effects)
                    more = nxt[0] * win_v + nxt[1] * tie_v - siege_cost
                    if more > 0:
                        ev += (1 - pw - pt) * more
            if reach:
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
        if not raw:
            best_ev = 0.0
        if st.fortify and (actor.free_forts or best_ev < self._army_value):
            built = self._best_fort(obs, board, fortify, actor)
            if built is not None and built[0] > best_ev:
                return built[1]
        if not raw:
            self._why = "end invasions: no land in reach"
            return Action("end_invasions")
        ev, land, pw = best_ev, best_land, best_pw
        if ev <= 0 and not (actor.armies > 0 and ev > -0.05):
            self._why = "end invasions: no land is worth another army"
            return Action("end_invasions")
        # Worded only if asked, from values read now.
        self._why = (_invade_text, (obs.board, board, land, owner.get(land, -1),
                                    board.tokens.get(land), actor.capitol and land in actor.starts, pw))
        action = _INVADE.get(land)
        if action is None:
            action = _INVADE[land] = Action("invade", land)
        return action

    def _best_fort(self, obs: Observation, board: _Board, fortify: list[str],
                   actor: Any) -> tuple[float, Action] | None:
        ctx = board.ctx
        if not ctx.fsum:
            return None
        me = ctx.me
        region_of = ctx.t.region_of
        best: tuple[float, str] | None = None
        for land in fortify:
            r = region_of[land]
            keep = board.structure_points(land) * ctx.sw[me] + max(-ctx.delta(r, board.cnt(r), -1, me), 0.0)
            # A fort roughly halves the chance a later invader takes the land.
            value = 0.2 * keep - (0.0 if actor.free_forts else self._army_value)
            if best is None or value > best[0] or (value == best[0] and land < best[1]):
                best = (value, land)
        if best is None or best[0] <= 0:
            return None
        name = obs.board.spaces[best[1]].name
        what = "a free fort" if actor.free_forts else "one army from the card"
        self._why = f"fortify {name} ({what}): its points are worth guarding against later invaders"
        return best[0], Action("fortify", best[1])

    def _siege_or_retreat(self, obs: Observation, legal: list[Action]) -> Action:
        b, actor = obs.battle, obs.actor
        name = obs.board.spaces[b.target].name
        if Action("siege") not in legal or not self.style.siege:
            self._why = f"retreat from {name}: " + ("no army left to siege" if Action("siege") not in legal
                                                    else "this bot never sieges")
            return Action("retreat")
        ctx = self._context(obs)
        board = _Board(obs, ctx)
        rate = self._monument_rate(ctx, actor) if len(board.monuments) < 20 else 0.0
        resources = ctx.t.resources
        # An army's worth as weighed at the invade decision that began this battle (0 at Establish).
        capitol_here = actor.capitol and b.target in actor.starts
        win_v, tie_v = board.outcomes(b.target, actor.marauder, capitol_here, rate * resources[b.target])
        effects = self._effects_odds(actor, ctx.odds_key)[0]
        pw, pt = self._odds(obs, board, b.target, b.naval, b.round + 1, effects)
        cost = 0.0 if actor.tokens else self._army_value
        if pw * win_v + pt * tie_v - cost > 0:
            # The catapult and events add the same to any battle of this round (a memo, like the odds').
            key = (effects, ctx.odds_key, b.round + 1)
            bonus = _SIEGE_BONUS.get(key)
            if bonus is None:
                bonus = _SIEGE_BONUS[key] = obs.battle_setup(b.target, b.naval, b.round + 1).invader_bonus
            self._why = (f"siege {name}: {round(100 * pw)}% to win with +{bonus} on the highest die, "
                         f"worth more than {'a siege token' if actor.tokens else 'an army'}")
            return Action("siege")
        self._why = f"retreat from {name}: {round(100 * pw)}% to win is not worth another army"
        return Action("retreat")

    # -- events ------------------------------------------------------------------------
    def _event_to_play(self, obs: Observation, events: list[Action], targets: dict[str, bool]) -> Action | None:
        """Play an enhancement at the start of the turn unless it is better saved."""
        content = obs.content
        last_epoch = obs.epoch >= obs.epochs
        for a in events:
            ev = content.events[a.target]
            kinds = {e.kind for e in ev.effects}
            if ev.saveable and not last_epoch and self.style.fortify:
                if kinds <= {"no_naval_reroll"} and not any(targets.values()):
                    continue
            self._why = f"play {ev.name}: {ev.text}"
            return a
        return None

    def _pick_event(self, obs: Observation, legal: list[Action]) -> Action:
        content = obs.content
        scored = []
        for a in legal:
            ev = content.events[a.target]
            if ev.kind == "kingdom" and ev.kingdom is not None:
                k = ev.kingdom
                value = self._plan_value(obs, k.start, k.armies, k.capitol, k.fleets, k.caravans, ())
            else:
                value = sum(_EVENT_VALUE.get(e.kind, 1.0) * (e.amount or 1) for e in ev.effects)
                if ev.saveable:
                    value += 0.5
            scored.append((value, a.target, a))
        scored.sort(key=lambda s: (-s[0], s[1]))
        value, card, action = scored[0]
        self._why = f"pick the event {content.events[card].name}: worth about {value:.0f} points to us"
        return action

    # -- empires -----------------------------------------------------------------------
    def _pick_empire(self, obs: Observation, legal: list[Action]) -> Action:
        content = obs.content
        scored = []
        for a in legal:
            em = content.empires[a.target]
            if self.style.draft == "armies":
                value = float(em.armies)
            else:
                extra = sum(e.amount or 0 for e in em.effects if e.kind == "extra_armies")
                value = self._plan_value(obs, em.start, em.armies + extra, em.capitol, em.fleets,
                                         em.caravans, em.effects)
            scored.append((value, em.order, a))
        scored.sort(key=lambda s: (-s[0], s[1]))
        value, _, action = scored[0]
        em = content.empires[action.target]
        if self.style.draft == "armies":
            self._why = f"pick the {em.name}: the most armies on offer ({em.armies})"
        else:
            self._why = f"pick the {em.name}: {em.armies} armies, about {value:+.0f} points planned on this board"
        return action

    def _plan_value(self, obs: Observation, starts: tuple[str, ...], armies: int, capitol: bool,
                    fleets: tuple[str, ...], caravans: tuple[str, ...], effects: tuple[Any, ...]) -> float:
        """Weighted points of an empire (or kingdom) playing its armies along a planned expansion."""
        ctx = self._context(obs)
        board = _Board(obs, ctx)
        t = ctx.t
        me = ctx.me
        kinds = {e.kind for e in effects}
        dice = 3 if "extra_die" in kinds else 2
        bonus = sum(e.amount or 0 for e in effects if e.kind == "battle_bonus")
        counts: dict[str, tuple[int, ...]] = {}
        total = 0.0
        left = float(armies)
        owner = board.owner
        forts = obs.forts
        sw_me = ctx.sw[me]
        for i, land in enumerate(_plan(t, starts, fleets, caravans, obs.epoch)):
            if left <= 0:
                break
            q = owner.get(land, -1)
            if q == me:
                continue
            region = t.region_of[land]
            cnt = counts.get(region) or board.cnt(region)
            gain = ctx.delta(region, cnt, me, q)
            new = list(cnt)
            new[me] += 1
            if q >= 0:
                new[q] -= 1
            counts[region] = tuple(new)
            if capitol and land in starts:
                gain += ctx.sp[0] * sw_me
            gain += 0.4 * t.resources.get(land, 0) * sw_me
            if q >= 0:
                setup = BattleSetup(invader_dice=dice, fortified=land in forts and "ignore_forts" not in kinds,
                                    terrain=land in t.rough and "ignore_terrain" not in kinds,
                                    invader_bonus=bonus, invader_wins_ties="wins_ties" in kinds)
                pw, _ = _win_tie(setup, self.style.odds, False)
                gain -= board.structure_points(land) * ctx.sw[q]
                total += pw * gain
                left -= 1.0 / max(pw, 0.3) if i else 1.0
            else:
                total += gain
                left -= 1.0
        return total


#: Rough worth in points of one unit of each enhancement effect, for the event draft.
_EVENT_VALUE = {
    "extra_armies": 1.5, "battle_bonus": 3.0, "extra_die": 3.0, "wins_ties": 2.0, "siege_bonus": 1.0,
    "ignore_terrain": 1.5, "ignore_forts": 1.0, "no_naval_reroll": 0.8, "free_forts": 0.8,
    "extra_monuments": 1.5, "monument_rate": 2.0,
}


def _plan(t: _Tables, starts: tuple[str, ...], fleets: tuple[str, ...], caravans: tuple[str, ...],
          epoch: int) -> tuple[str, ...]:
    """Lands in the order an empire would take them on an empty board (cached per empire and epoch)."""
    key = (starts, fleets + caravans, epoch)
    hit = t.plans.get(key)  # type: ignore[call-overload]
    if hit is not None:
        return hit
    values = t.token_values[min(epoch, t.epochs)]
    taken: list[str] = []
    held: dict[str, int] = {}
    frontier = set(starts)
    markers = set(fleets) | set(caravans)
    reached: set[str] = set()
    while frontier and len(taken) < 24:
        def gain(land: str) -> tuple[float, str]:
            r = t.region_of[land]
            c = held.get(r, 0)
            vals = values.get(r, (0, 0, 0))
            before = vals[_level(c, 0)] if c else 0
            after = vals[_level(c + 1, 0)]
            return (after - before + 0.5 * t.resources.get(land, 0) + (100 if land in starts else 0), land)

        land = max(frontier, key=gain)
        frontier.discard(land)
        taken.append(land)
        held[t.region_of[land]] = held.get(t.region_of[land], 0) + 1
        frontier.update(n for n in t.land_nbrs[land] if n not in taken)
        for m in markers - reached:
            if land in t.marker_lands.get(m, ()):
                reached.add(m)
                frontier.update(x for x in t.marker_lands[m] if x not in taken)
    plan = tuple(taken)
    t.plans[key] = plan  # type: ignore[index]
    return plan


def _invade_text(game_board: Any, board: _Board, land: str, q: int, tok: str | None, capitol_here: bool,
                 pw: float) -> str:
    """ "invade Gaul: 58% to win, region becomes dominance, +4 points" """
    name = game_board.spaces[land].name
    gain, lv = board.immediate(land, capitol_here, q, tok)
    if q < 0:
        chance = "empty"
    elif q == board.ctx.me:
        chance = "our own resigned army, taken back"
    else:
        chance = f"{round(100 * pw)}% to win"
    level = f"region becomes {LEVEL_NAMES[lv]}" if lv >= 0 else "no region points"
    return f"invade {name}: {chance}, {level}, {gain:+d} point{'' if abs(gain) == 1 else 's'}"


def _label(obs: Observation, action: Action) -> str:
    """An action in words: names of lands and cards rather than ids."""
    t = action.target
    if t in obs.board.spaces:
        return f"{action.kind.replace('_', ' ')} {obs.board.spaces[t].name}"
    if getattr(obs._game, "content", None) is None:  # a ruleset without cards
        return action.text().replace("_", " ")
    if t in obs.content.empires:
        return f"{action.kind.replace('_', ' ')} {obs.content.empires[t].name}"
    if t in obs.content.events:
        return f"{action.kind.replace('_', ' ')} {obs.content.events[t].name}"
    return action.text().replace("_", " ")


# --------------------------------------------------------------------------- registry


def _heuristic(level: str) -> Any:
    def build(seed: int | str = 0) -> HeuristicBot:
        return HeuristicBot(seed, LEVELS[level])

    return build


BOTS: dict[str, Any] = {
    "random": RandomBot,
    "greedy": _heuristic("greedy"),
    "heuristic:easy": _heuristic("easy"),
    "heuristic:medium": _heuristic("medium"),
    "heuristic:hard": _heuristic("hard"),
}


def bot_names() -> list[str]:
    """Every bot spec ``make_bot`` accepts."""
    return sorted(BOTS) + ["heuristic"]


def make_bot(spec: str, seed: int | str = 0, ruleset: str | None = None) -> Any:
    """A bot from its spec (``random``, ``greedy``, ``heuristic:easy|medium|hard``); ValueError if unknown.

    With ``ruleset`` (a registered name other than the default), the ruleset's own bots
    (``Ruleset.bots()``) come first, and ``random`` plays any ruleset.
    """
    key = str(spec).strip().lower()
    if ruleset is not None and ruleset != "hotw2018" and key != "random":
        from hotw.rulesets import get_ruleset

        own = get_ruleset(ruleset).bots()
        if key in own:
            return own[key](seed)
        known = ", ".join(sorted({"random", *own}))
        raise ValueError(f"unknown bot {quote(spec)} for {ruleset}; known bots: {known}")
    if key == "heuristic":
        key = "heuristic:medium"
    if key not in BOTS:
        raise ValueError(f"unknown bot {quote(spec)}; known bots: {', '.join(bot_names())}")
    return BOTS[key](seed)
