"""How the 2018 bots weigh a position: their styles, the board's fixed tables, and the worth of taking a land.

Region levels come from :func:`hotw.scoring.level_index` and structure points from
:func:`hotw.rulesets.hotw2018.scoring.structure_points`, the rules' own functions;
this module only adds weights (future epochs, points taken from opponents) and
memos, which many decisions of a simulation share:

* :class:`Tables`, facts of a board and card set computed once per process;
* :func:`seat_levels`, each seat's region level for some army counts (memoised, named by a small int
  code: the memos are keyed by these codes);
* :class:`Context`, the weights and memos of one seat within one turn;
* :class:`DecisionBoard`, the board of one decision with the values of taking each land.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import getitem
from typing import Any, Mapping

from hotw.i18n import Domain, Msg, percent
from hotw.rulesets.hotw2018.observation import Hotw2018Observation
from hotw.rulesets.hotw2018.scoring import TIERS, structure_points
from hotw.scoring import level_index

__all__ = ["LEVELS", "Context", "Style", "Tables", "compute_outcomes", "held_points", "immediate",
           "invade_text", "level_code", "level_codes", "seat_levels", "shifted_levels", "structure_values", "tables"]

_ = Domain("hotw2018")
_n = _.plural

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


class Tables:
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
        #: land -> 2 if it is rough terrain, else 0: its bit of the invade step's odds by bits
        self.rough_bit: dict[str, int] = {s.id: 2 if s.id in self.rough else 0 for s in spaces.values()
                                          if s.kind == "land"}
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
        self._rules: tuple[Any, ...] = (None, 0, None, ())  # see rules

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

    def rules(self, opts: Mapping[str, Any], epoch: int, style: Style) -> tuple[Any, ...]:
        """What a context reads of the rule options and the epoch: the later epochs' points and their discount
        sum (:meth:`future`), the structure points, :func:`structure_values` of them, whether ties leave the
        defender in place, the monument icons, the catapult's most and the odds key. Kept for the last options,
        epoch and style asked (a game's options never change once it is made; a bot asks at every new context)."""
        hit = self._rules
        if hit[0] is not opts or hit[1] != epoch or hit[2] is not style:
            fut, fsum = self.future(epoch, style.survival)
            sp = tuple(opts["structure_points"])
            ties_hold = opts.get("tie_rule", "both_removed") == "defender_holds"
            catapult_max = int(opts["catapult_max"])
            hit = self._rules = (opts, epoch, style, (fut, fsum, sp, structure_values(sp), ties_hold,
                                                      int(opts["monument_icons"]), catapult_max,
                                                      (catapult_max, ties_hold, style.odds)))
        return hit[3]


_TABLES: dict[tuple[int, int], tuple[Any, Any, Tables]] = {}


def tables(obs: Hotw2018Observation) -> Tables:
    """The tables of the observed game's board and cards (made once per board and card set)."""
    board, content = obs.board, obs.content
    key = (id(board), id(content))
    hit = _TABLES.get(key)
    if hit is None or hit[0] is not board or hit[1] is not content:
        hit = _TABLES[key] = (board, content, Tables(board, content, obs.epochs))
    return hit[2]


#: :func:`~hotw.scoring.level_index` of (mine, strongest opponent) as a table, [mine][opponent], for the
#: counts a region can hold: two list reads instead of a call for each seat of a new count
_LEVEL_TABLE = [[level_index(mine, other) for other in range(64)] for mine in range(64)]
#: seat levels -> a small int naming them (from 1), and back: the memos are keyed by these ints, which
#: hash and compare at once where a tuple of levels is hashed and compared item by item
_CODES: dict[tuple[int, ...], int] = {}
_CODED: list[tuple[int, ...]] = [()]
#: army counts per seat -> the code of each seat's level there (the memo of :func:`level_code`)
_LEVELS: dict[tuple[int, ...], int] = {}


def level_code(cnt: tuple[int, ...]) -> int:
    """The code of :func:`seat_levels` for these army counts (memoised: counts are small, and every
    decision asks for many)."""
    hit = _LEVELS.get(cnt)
    if hit is None:
        # Each seat's strongest opponent: the highest count, or the second highest for the seat holding
        # the highest (equal to it when two seats share it). One pass, whatever the seats (the counts of
        # six seats are many, so this memo misses more often at a larger table).
        top = second = 0
        for c in cnt:
            if c > top:
                top, second = c, top
            elif c > second:
                second = c
        if top < 64:
            table = _LEVEL_TABLE
            made = []
            for c in cnt:  # a loop, not a comprehension (see Context.__init__)
                made.append(table[c][second if c == top else top])
            levels = tuple(made)
        else:  # pragma: no cover - more armies in one region than any board holds
            levels = tuple([level_index(c, second if c == top else top) for c in cnt])
        hit = _CODES.get(levels)
        if hit is None:
            hit = _CODES[levels] = len(_CODED)
            _CODED.append(levels)
        _LEVELS[cnt] = hit
    return hit


def seat_levels(cnt: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's region level index (:func:`~hotw.scoring.level_index`, -1: none) for these army counts."""
    return _CODED[level_code(cnt)]


def _sum(vals: tuple[tuple[float, ...], ...], seat_lv: tuple[int, ...]) -> float:
    """The utility of seat levels in a region: each seat's worth at its level, added in seat order
    (0.0 for no level: adding 0.0 to a sum that starts at 0.0 changes nothing)."""
    total = 0.0
    for worth in map(getitem, vals, seat_lv):
        total += worth
    return total


def shifted_levels(cnt: tuple[int, ...], gain: int, lose: int) -> tuple[int, ...]:
    """The seat levels once seat ``gain`` (if >= 0) has one army more and ``lose`` (if >= 0) one less."""
    new = list(cnt)
    if gain >= 0:
        new[gain] += 1
    if lose >= 0:
        new[lose] -= 1
    return seat_levels(tuple(new))


#: (army counts, gaining seat, losing seat) -> the codes of the seat levels after and before, or ()
#: when no seat's level changes (the memo of :func:`level_codes`)
_SHIFTED: dict[tuple[tuple[int, ...], int, int], tuple[int, ...]] = {}


def level_codes(cnt: tuple[int, ...], gain: int, lose: int) -> tuple[int, ...]:
    """The codes of the seat levels after (:func:`shifted_levels`) and before, or () when they are the same."""
    new = list(cnt)
    if gain >= 0:
        new[gain] += 1
    if lose >= 0:
        new[lose] -= 1
    shifted = tuple(new)
    after = _LEVELS.get(shifted) or level_code(shifted)
    now = _LEVELS.get(cnt) or level_code(cnt)
    if len(_SHIFTED) > 200_000:  # a few thousand games fill a tenth of it; never let it grow without end
        _SHIFTED.clear()
    hit = _SHIFTED[(cnt, gain, lose)] = () if after == now else (after, now)
    return hit


# --------------------------------------------------------------------------- valuation


class Context:
    """What stays fixed for one seat while the board changes within a turn: weights and memos.

    Everything here is a pure function of the key it was built for (seat, epoch,
    turn, scores, call order), so a memo can never go stale.
    """

    def __init__(self, obs: Hotw2018Observation, style: Style, tables: Tables) -> None:
        self.t = tables
        self.me = me = obs.seat
        self.style = style
        # What the weights read of the game, in one call (eight property reads before), and what the rule
        # options and the epoch give, kept by the tables while the game and epoch are the same
        epoch, cur, order, turn, score, opts = obs.weighing()
        self.n = n = len(score)
        self.cur = cur
        # structure_values: (structure, monument) -> points standing, left after an invasion, held with a new
        # capitol; odds_key: what the odds of a battle depend on besides its dice effects, fort, terrain, fleet
        (self.fut, fsum, self.sp, self.structure_values, self.ties_hold, icons, self.catapult_max,
         self.odds_key) = tables.rules(opts, epoch if epoch > 1 else 1, style)
        later = order[turn:] if order else range(n)  # the seats still to play this epoch
        mine = lead = score[me]
        for s in score:  # max(score) without the call
            if s > lead:
                lead = s
        den = -style.denial
        # Plain loops, not comprehensions: a comprehension is a function made and called (Python 3.11), and
        # the locals it reads become cells for the whole method
        k = []
        cw = []
        rows = []
        #: weighted worth of one structure point held by each seat, now (if it still scores) and later
        sw = []
        i = 0
        for s in score:
            if i == me:
                ki, now = 1.0, True
            else:
                # Points taken from the leader count more than points taken from a trailer.
                ki = den * (1.5 if s >= lead else 1.0 if s >= mine else 0.6)
                now = i in later
            k.append(ki)
            if now:
                cw.append(1.0)
                sw.append(ki * (1.0 + fsum))
            else:
                cw.append(0.0)
                sw.append(ki * (0.0 + fsum))
            rows.append((ki, now))
            i += 1
        self.k, self.cw, self.sw = k, cw, sw
        self._rows = rows  # see _region_vals
        self.fsum = fsum
        self.icons = icons
        #: HeuristicBot._monument_rate without effects in force
        self.plain_rate = 0.8 * sw[me] / (icons if icons > 1 else 1)
        self._vals: dict[str, tuple[Any, dict[int, float]]] = {}  # region -> see _region_vals
        #: (region, army counts, gaining seat, losing seat) -> :meth:`delta` (hot loops read it directly)
        self.deltas: dict[tuple[str, tuple[int, ...], int, int], float] = {}
        self.outcomes: dict[tuple[Any, ...], tuple[float, float]] = {}

    def share_memos(self, other: Context | None) -> None:
        """Take ``other``'s region memos (``_vals``, ``deltas``) if they hold here: the same seat, weights and
        region points (a kingdom and then its empire in one turn, a score change that moves no weight)."""
        if other is not None and other.me == self.me and other.fut is self.fut and other.k == self.k \
                and other.cw == self.cw and other.cur == self.cur:
            self._vals, self.deltas = other._vals, other.deltas

    def utility(self, region: str, cnt: tuple[int, ...]) -> float:
        """Weighted points of every seat in ``region`` with these army counts."""
        # Remembered per region and seat levels (by their code), which many army counts share.
        code = _LEVELS.get(cnt) or level_code(cnt)
        vals, util = self._vals.get(region) or self._region_vals(region)
        hit = util.get(code)
        if hit is None:
            hit = util[code] = _sum(vals, _CODED[code])
        return hit

    def _region_vals(self, region: str) -> tuple[tuple[tuple[float, ...], ...], dict[int, float]]:
        """Per seat, the weighted worth of presence, dominance and supremacy in ``region``, then 0.0 for no
        level (index -1); and the utility memo (code of the seat levels -> :func:`_sum`) of those worths."""
        c0, c1, c2 = self.cur.get(region) or (0, 0, 0)
        f0, f1, f2 = self.fut.get(region) or (0.0, 0.0, 0.0)
        # k * (cw * c + f) for a seat's weight cw of 1.0 or 0.0: k * (c + f) or k * f, the same floats
        a0, a1, a2, b0, b1, b2 = c0 + f0, c1 + f1, c2 + f2, 0.0 + f0, 0.0 + f1, 0.0 + f2
        rows = []
        for k, now in self._rows:  # a loop, not a comprehension (see __init__)
            rows.append((k * a0, k * a1, k * a2, 0.0) if now else (k * b0, k * b1, k * b2, 0.0))
        hit = self._vals[region] = (tuple(rows), {})
        return hit

    def delta(self, region: str, cnt: tuple[int, ...], gain: int, lose: int) -> float:
        """Change in weighted points when seat ``gain`` (if >= 0) gets an army and ``lose`` (if >= 0) loses one."""
        key = (region, cnt, gain, lose)
        hit = self.deltas.get(key)
        if hit is None:
            hit = self.new_delta(key)
        return hit

    def new_delta(self, key: tuple[str, tuple[int, ...], int, int]) -> float:
        """``delta(*key)`` computed and remembered (for callers that looked ``key`` up in ``deltas`` already)."""
        codes = _SHIFTED.get(key[1:])
        if codes is None:
            codes = level_codes(*key[1:])
        if not codes:  # no seat's level changes: the same utility minus itself
            self.deltas[key] = 0.0
            return 0.0
        after_code, now_code = codes
        vals, util = self._vals.get(key[0]) or self._region_vals(key[0])
        # Each utility is :func:`_sum`, written out here (a call costs more than its loop): the same additions.
        after = util.get(after_code)
        if after is None:
            after = 0.0
            for worth in map(getitem, vals, _CODED[after_code]):
                after += worth
            util[after_code] = after
        before = util.get(now_code)
        if before is None:
            before = 0.0
            for worth in map(getitem, vals, _CODED[now_code]):
                before += worth
            util[now_code] = before
        hit = self.deltas[key] = after - before
        return hit


def compute_outcomes(ctx: Context, land: str, q: int, region: str, cnt: tuple[int, ...], tok: str | None,
                     has_mon: bool, marauder: bool, capitol_here: bool, monument: float) -> tuple[float, float]:
    """Weighted value of winning and of tying a battle for ``land`` (a win alone if it is empty), from what
    was read of it: its owner ``q`` (-1: none), its region's counts, its structure and monument."""
    me = ctx.me
    before, after, with_capitol = ctx.structure_values[(tok, has_mon)]
    if q == me:  # our own resigned army, taken back: no change in the regions
        return monument, 0.0
    sw = ctx.sw
    lost = sw[q] * before if q >= 0 else 0.0
    maraud = 1.0 if (marauder and before > after) else 0.0
    held = with_capitol if capitol_here else after
    dmemo = ctx.deltas
    key = (region, cnt, me, q)
    d = dmemo.get(key)
    if d is None:
        d = ctx.new_delta(key)
    win = d + sw[me] * held - lost + maraud + monument
    if q < 0:
        return win, 0.0
    key = (region, cnt, -1, q)
    d = dmemo.get(key)
    if d is None:
        d = ctx.new_delta(key)
    tie = d - lost + sw[q] * after + maraud
    return win, tie


def immediate(ctx: Context, land: str, cnt: tuple[int, ...], has_mon: bool, capitol_here: bool, q: int,
              tok: str | None) -> tuple[int, int]:
    """My points at this epoch's scoring if I take ``land`` from seat ``q`` (-1: empty), and my level there.

    What was read of the land (its region's counts ``cnt``, its monument, owner ``q`` and
    structure ``tok``) is passed in when the choice is made: the words may be asked for
    after the game has moved on.
    """
    me = ctx.me
    cur = ctx.cur.get(ctx.t.region_of[land])

    def pts(c: list[int]) -> tuple[int, int]:
        other = max((x for i, x in enumerate(c) if i != me), default=0)
        lv = level_index(c[me], other)
        return (cur[lv] if (cur is not None and lv >= 0) else 0), lv

    counts = list(cnt)
    before, _after = pts(counts)
    if q != me:
        counts[me] += 1
        if q >= 0:
            counts[q] -= 1
    after, lv = pts(counts)
    gain = after - before
    if q != me:
        gain += held_points(tok, has_mon, capitol_here, ctx.sp)
    return gain, lv


def held_points(structure: str | None, monument: bool, capitol_here: bool, points: tuple[int, ...]) -> int:
    """Structure points on a land once taken from another seat.

    A capitol empire taking one of its starts (``capitol_here``) places its capitol there;
    otherwise what the invasion left counts (one structure reduced: a capitol to a city,
    else a city removed, else the monument).
    """
    monument = monument and structure is not None
    if capitol_here:
        return structure_points("capitol", monument, points)
    return structure_points("city" if structure == "capitol" else None, monument, points)


#: structure points of a game's options -> its :func:`structure_values` (games of a process share a few)
_STRUCTURE_VALUES: dict[tuple[int, ...], dict[tuple[str | None, bool], tuple[int, int, int]]] = {}


def structure_values(points: tuple[int, ...]) -> dict[tuple[str | None, bool], tuple[int, int, int]]:
    """(capitol, city or None; monument or not) -> the points standing on such a land, those left once
    another seat took it, and those held by a capitol empire taking its start (:func:`held_points`)."""
    hit = _STRUCTURE_VALUES.get(points)
    if hit is None:
        hit = _STRUCTURE_VALUES[points] = {
            (structure, monument): (structure_points(structure, monument, points),
                                    held_points(structure, monument, False, points),
                                    held_points(structure, monument, True, points))
            for structure in (None, "capitol", "city") for monument in (False, True)}
    return hit


def invade_text(game_board: Any, ctx: Context, land: str, cnt: tuple[int, ...], has_mon: bool, q: int,
                tok: str | None, capitol_here: bool, pw: float) -> Msg:
    """ "invade Gaul: 58% to win, region becomes dominance, +4 points" (from what was read at the choice)"""
    name = game_board.spaces[land].name
    gain, lv = immediate(ctx, land, cnt, has_mon, capitol_here, q, tok)
    if q < 0:
        chance = _("empty")
    elif q == ctx.me:
        chance = _("our own resigned army, taken back")
    else:
        chance = _("{odds} to win", odds=percent(pw))
    level = _("region becomes {tier}", tier=TIERS[lv]) if lv >= 0 else _("no region points")
    signed = f"{gain:+d}"
    return _n("invade {land}: {chance}, {level}, {gain} point", "invade {land}: {chance}, {level}, {gain} points",
              abs(gain), land=name, chance=chance, level=level, gain=signed)
