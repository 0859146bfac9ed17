"""Bots that know the Brief History game: ``greedy`` and ``heuristic`` (``heuristic:easy|medium|hard``).

Each decides from :class:`~hotw.rulesets.brief.observation.BriefObservation` of its
seat and draws any randomness from its own seeded generator. They weigh a move by
the gold it adds at the end of the empire turn (areas by presence, dominance and
mastery, capitals, cities, monuments), times the exact chance of taking the land;
the heuristic levels also count the gold an opponent loses, the way a land opens
to further lands, monuments on their way, and continue a failed invasion when the
odds with the dial make it worth an army. ``scripts/brief_ladder.py`` measures them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hotw.actions import Action
from hotw.i18n import Domain, Msg, num
from hotw.rulesets.brief.botwords import action_words
from hotw.rulesets.brief.gold import STRUCTURE_GOLD
from hotw.rulesets.brief.observation import BriefObservation, brief_observation
from hotw.scoring import best_other, level_index

if TYPE_CHECKING:
    from hotw.game import Game

__all__ = ["BOTS", "BriefBot", "Style"]

_ = Domain("brief")


@dataclass(frozen=True)
class Style:
    """How a bot weighs its choices; the levels differ only here."""

    name: str
    #: weight of each gold an opponent loses
    denial: float
    #: value of each land a placement opens to further placements
    reach: float
    #: use the exact odds (False: every invasion counts as a coin toss)
    odds: bool
    #: continue failed invasions when worth it
    persist: bool
    #: chance of a random legal move instead
    noise: float


STYLES = {
    "greedy": Style("greedy", denial=0.0, reach=0.0, odds=True, persist=False, noise=0.0),
    "easy": Style("heuristic:easy", denial=0.0, reach=0.0, odds=False, persist=False, noise=0.3),
    "medium": Style("heuristic:medium", denial=0.5, reach=0.15, odds=True, persist=True, noise=0.0),
    "hard": Style("heuristic:hard", denial=0.7, reach=0.3, odds=True, persist=True, noise=0.0),
}


def _tier_gold(value: int, mine: int, best_other: int) -> int:
    lv = level_index(mine, best_other)
    return value * (lv + 1) if lv >= 0 else 0


class BriefBot:
    """A bot for the Brief History game."""

    def __init__(self, seed: int | str = 0, style: Style = STYLES["medium"]) -> None:
        self.rng = random.Random(str(seed))
        self.style = style
        self.name = style.name
        #: why the last action was chosen: (how, action, worth), made into a sentence only when asked
        self._why: tuple[str, Action | None, float] = ("none", None, 0.0)
        self._seen: BriefObservation | None = None  # the observation the last action was chosen from
        #: the placements of the decision being weighed, with its observation (computed once per decision)
        self._targets: tuple[BriefObservation, dict[str, tuple[str, bool, bool]]] | None = None
        #: what a land's gain reads of the decision being weighed, with its observation (see _board)
        self._look: tuple[Any, ...] | None = None
        #: the lands next to each land of the board last read (see land_gain)
        self._nbrs: dict[str, tuple[str, ...]] = {}
        self._nbrs_board: Any = None

    def explain(self) -> Msg:
        """One line on why the last action was chosen, in the game's words ("expand into Zagros: ...")."""
        how, action, worth = self._why
        if action is None or self._seen is None:
            return _("no move yet")
        said = action_words(self._seen, action)
        if how == "only":
            return _("{action}: the only legal action", action=said)
        if how == "hunch":
            return _("{action}: a hunch", action=said)
        return _("{action}: worth about {gold} gold", action=said, gold=num(worth, 1))

    def choose(self, game: "Game") -> Action:
        """One legal action for the pending decision."""
        obs = self._seen = brief_observation(game)  # type: ignore[arg-type]  (kept: explain names what it read)
        legal, targets = obs.expand_choices()  # at an expand decision, the placements from the same walk
        self._targets = None if targets is None else (obs, targets)
        if len(legal) == 1:
            self._why = ("only", legal[0], 0.0)
            return legal[0]
        if self.style.noise and self.rng.random() < self.style.noise:
            action = self.rng.choice(legal)
            self._why = ("hunch", action, 0.0)
            return action
        value = self.value  # the best value, ties to the first action: as max over (value, -index), in a loop
        best, top = legal[0], value(obs, legal[0])
        for a in legal[1:]:
            v = value(obs, a)
            if v > top:
                best, top = a, v
        self._why = ("worth", best, top)
        return best

    # -- valuing actions --------------------------------------------------------------------------
    def value(self, obs: BriefObservation, action: Action) -> float:
        k, t = action.kind, action.target
        if k == "empire":
            part = obs.content.empires[t].parts
            return sum(p.armies + (2 if p.capital else 0) + len(p.fleets) for p in part)
        if k == "event":
            ev = obs.content.events[t]
            return (3.0 if ev.kind in ("dice", "minor", "civil_war", "treachery") else 2.0) - 0.2 * ev.cost
        if k == "first":
            return 1.0 if t == "empire" else 0.0
        if k == "bonus":
            return float(t)
        if k in ("expand", "invade", "surrender"):
            return self.place_value(obs, k, t)
        if k == "overrun":
            return 10 + self.land_gain(obs, t, taking=True)
        if k == "stop":
            return 0.0
        if k == "continue":
            return self.continue_value(obs)
        if k == "abandon":
            return 0.0
        if k in ("monument", "no_monument"):
            return 1.0 if k == "monument" else 0.0
        if k == "play":
            return self.event_value(obs, t)
        if k == "establish":
            return 0.5
        if k == "fort":
            return 0.6 if obs.structures.get(t) == "capital" and self.style.reach else -1.0
        if k == "end_turn":
            return -0.5
        if k == "discard":
            return -1.0
        if k in ("target", "start"):
            return self.land_gain(obs, t, taking=True) + self.style.reach * len(obs.board.neighbours(t))
        if k == "area":
            colour = obs.turn_colour or 0
            counts = [0] * obs.nc
            for land in obs.board.regions[t].lands:
                c = obs.owner.get(land)
                if c is not None and obs.colour_player[c] != obs.seat:
                    counts[c] += 1
            return max(counts) * obs.area_values.get(t, 0) + sum(counts) + (0 if colour is None else 0)
        if k == "fleet":
            return self._fleet_value(obs, t)
        return 0.0

    @staticmethod
    def _fleet_value(obs: BriefObservation, sea: str) -> float:
        """The empty lands on ``sea``'s coasts: a method of its own, since in :meth:`value` its generator would make
        ``obs`` a cell for every action weighed."""
        spaces, owner = obs.board.spaces, obs.owner
        return sum(1 for land in spaces[sea].coasts if land not in owner and spaces[land].is_land)

    def _board(self, obs: BriefObservation) -> tuple[Any, ...]:
        """What a land's gain reads of the table, read once for the decision at ``obs`` (each read of the observation
        makes a view or a copy, and a decision weighs every land it may take), and the lands next to each land of
        the board, kept while the board is the same (see :meth:`land_gain`)."""
        look = self._look
        if look is None or look[0] is not obs:
            board = obs.board
            if self._nbrs_board is not board:
                self._nbrs, self._nbrs_board = {}, board
            owner, counts, structures, values = obs.board_now()  # the game's own: read, never changed
            look = self._look = (obs, obs.turn_colour, board.spaces, values, counts, obs.nc, owner, structures,
                                 obs.colour_player, obs.seat, obs.standing, self._nbrs)
        return look

    def land_gain(self, obs: BriefObservation, land: str, taking: bool) -> float:
        """Gold the acting colour gains at its turn's end by holding ``land`` (and, with denial, others lose)."""
        _obs, colour, spaces, values, region_counts, nc, owner, structures, colour_player, seat, standing, nbrs_of = (
            self._board(obs))
        if colour is None:
            return 0.0
        space = spaces[land]
        area = space.region
        value = values.get(area or "", 0)
        counts = list(region_counts.get(area, (0,) * nc)) if area else [0] * nc
        before = _tier_gold(value, counts[colour], best_other(counts, colour))
        old = owner.get(land)
        if old is not None and old != colour:
            counts[old] -= 1
        counts[colour] += 1 if old != colour else 0
        gain = _tier_gold(value, counts[colour], best_other(counts, colour)) - before
        kind = structures.get(land)
        if kind and old != colour:
            gain += STRUCTURE_GOLD["city"] if kind == "capital" else 0
        gain += 0.4 * space.resources
        style = self.style
        if style.denial and old is not None and colour_player[old] != seat:
            loss = value + (STRUCTURE_GOLD.get(kind or "", 0) if kind else 0)
            gain += style.denial * loss
        if style.reach:  # the lands next to it (or across a strait) with no standing army of the empire playing
            nbrs = nbrs_of.get(land)
            if nbrs is None:
                near = []  # a loop: a generator here would make ``spaces`` a cell for the whole method
                for n in space.adjacent | space.straits:
                    if spaces[n].is_land:
                        near.append(n)
                nbrs = nbrs_of[land] = tuple(near)
            fresh = 0
            for n in nbrs:
                if n not in standing:
                    fresh += 1
            gain += style.reach * fresh
        return gain

    def _targets_of(self, obs: BriefObservation) -> dict[str, tuple[str, bool, bool]]:
        """The placements of the decision at ``obs`` (:meth:`BriefObservation.targets`), made once for it."""
        targets = self._targets
        if targets is None or targets[0] is not obs:
            targets = self._targets = (obs, obs.targets())
        return targets[1]

    def place_value(self, obs: BriefObservation, kind: str, land: str) -> float:
        gain = self.land_gain(obs, land, taking=True)
        if kind == "surrender":
            return gain - (1.5 if obs.structures.get(land) else 0.0) - 0.5
        if kind == "invade":
            naval = self._targets_of(obs).get(land, ("", False, False))[1]
            p = obs.odds(land, naval) if self.style.odds else 0.5
            return p * (gain + 0.5) - (1 - p) * 1.0
        return gain + 0.2

    def continue_value(self, obs: BriefObservation) -> float:
        inv, force = obs.invasion, obs.force
        if not self.style.persist or inv is None or force is None or force.array < 2:
            return -0.1
        g = obs._game
        rule = g.roll_rule(force, inv.target, inv.naval, dial=min(force.dial + 1, int(obs.opts["dial_max"])))
        from hotw.rulesets.brief.odds import take_odds
        p = float(take_odds(inv.attack_dice, inv.defend_dice, rule.dial, rule.cost, rule.fear, rule.automatic))
        return p * (self.land_gain(obs, inv.target, taking=True) + 1.0) - 1.0

    def event_value(self, obs: BriefObservation, card: str) -> float:
        ev = obs.content.events[card]
        colour = obs.turn_colour
        gold = obs.gold[colour] if colour is not None else 0
        start = obs.step == "turn_start"
        if ev.colour == "red" and start:
            return 3.0 - 0.3 * ev.cost  # played now or lost
        if ev.kind in ("minor", "kingdom") and start:
            return 2.5 - 0.3 * ev.cost
        if ev.kind == "dice" and ev.param("scope") == "turn" and start:
            return 1.0 - 0.2 * ev.cost if gold > ev.cost + 4 else -1.0
        if ev.kind in ("reinforce", "forts"):
            return 1.5 - 0.3 * ev.cost
        if ev.kind == "civil_war":
            return 1.5 - 0.3 * ev.cost
        if ev.kind in ("dice", "treachery", "dial", "siegecraft") and not start:
            targets = self._targets_of(obs)
            invasions = [land for land, (k, _n, _a) in targets.items() if k in ("invade", "both")]
            return (1.2 - 0.25 * ev.cost) if invasions else -1.0
        return -1.0


def _build(level: str) -> Any:
    def make(seed: int | str = 0) -> BriefBot:
        return BriefBot(seed, STYLES[level])
    return make


BOTS: dict[str, Any] = {
    "greedy": _build("greedy"),
    "heuristic": _build("medium"),
    "heuristic:easy": _build("easy"),
    "heuristic:medium": _build("medium"),
    "heuristic:hard": _build("hard"),
}
