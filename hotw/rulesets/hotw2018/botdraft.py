"""How the 2018 heuristic bots weigh the draft: event cards, empire cards and kingdoms, and when to play an event.

An empire card (for a bot whose style drafts by plan) and a kingdom are worth the weighted points
of their armies played along :func:`~hotw.rulesets.hotw2018.botplan.plan`, the expansion they would
make on an empty board, weighed on the board as it stands (:func:`plan_value`); any other event is
worth a rough value per unit of each of its effects. Each choice comes back with its words, said
only when asked (:meth:`~hotw.rulesets.hotw2018.heuristic.HeuristicBot.explain`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from hotw.actions import Action
from hotw.i18n import Domain, num
from hotw.rulesets.hotw2018.battle import battle_setup
from hotw.rulesets.hotw2018.botodds import card_dice, win_tie
from hotw.rulesets.hotw2018.botplan import plan
from hotw.rulesets.hotw2018.evaluation import Context, DecisionBoard, Style
from hotw.rulesets.hotw2018.observation import Hotw2018Observation

__all__ = ["event_to_play", "pick_empire", "pick_event", "plan_value"]

_ = Domain("hotw2018")

#: Rough worth in points of one unit of each enhancement effect, for the event draft.
_EVENT_VALUE = {"extra_armies": 1.5, "battle_bonus": 3.0, "extra_die": 3.0, "wins_ties": 2.0, "siege_bonus": 1.0,
                "ignore_terrain": 1.5, "ignore_forts": 1.0, "no_naval_reroll": 0.8, "free_forts": 0.8,
                "extra_monuments": 1.5, "monument_rate": 2.0}

#: the bot's context for an observation (:meth:`~hotw.rulesets.hotw2018.heuristic.HeuristicBot._context`)
ContextOf = Callable[[Hotw2018Observation], Context]


def event_to_play(obs: Hotw2018Observation, events: list[Action], targets: Mapping[str, bool],
                  style: Style) -> tuple[Action, Any] | None:
    """An enhancement to play at the start of the turn, and why; None when every one is better saved."""
    content = obs.content
    last_epoch = obs.epoch >= obs.epochs
    for a in events:
        ev = content.events[a.target]
        kinds = {e.kind for e in ev.effects}
        if ev.saveable and not last_epoch and style.fortify:
            if kinds <= {"no_naval_reroll"} and not any(targets.values()):
                continue
        return a, lambda: _("play {card}: {text}", card=ev.name, text=ev.text)
    return None


def pick_event(obs: Hotw2018Observation, legal: list[Action], style: Style, context: ContextOf) -> tuple[Action, Any]:
    """The event card worth most to us (a kingdom by its planned expansion), and why."""
    content = obs.content
    scored = []
    for a in legal:
        ev = content.events[a.target]
        if ev.kind == "kingdom" and ev.kingdom is not None:
            k = ev.kingdom
            value = plan_value(obs, context(obs), style, k.start, k.armies, k.capitol, k.fleets, k.caravans, ())
        else:
            value = sum(_EVENT_VALUE.get(e.kind, 1.0) * (e.amount or 1) for e in ev.effects)
            if ev.saveable:
                value += 0.5
        scored.append((value, a.target, a))
    scored.sort(key=lambda s: (-s[0], s[1]))
    value, card, action = scored[0]
    return action, lambda: _("pick the event {card}: worth about {points} points to us",
                             card=content.events[card].name, points=num(value))


def pick_empire(obs: Hotw2018Observation, legal: list[Action], style: Style,
                context: ContextOf) -> tuple[Action, Any]:
    """The empire card with the most armies or the best planned expansion (as ``style`` drafts), and why."""
    content = obs.content
    scored = []
    for a in legal:
        em = content.empires[a.target]
        if style.draft == "armies":
            value = float(em.armies)
        else:
            extra = sum(e.amount or 0 for e in em.effects if e.kind == "extra_armies")
            value = plan_value(obs, context(obs), style, em.start, em.armies + extra, em.capitol, em.fleets,
                               em.caravans, em.effects)
        scored.append((value, em.order, a))
    scored.sort(key=lambda s: (-s[0], s[1]))
    value, _order, action = scored[0]
    em = content.empires[action.target]
    if style.draft == "armies":
        return action, lambda: _("pick the {empire}: the most armies on offer ({armies})", empire=em.name,
                                 armies=em.armies)
    points = f"{value:+.0f}"
    return action, lambda: _("pick the {empire}: {armies} armies, about {points} points planned on this board",
                             empire=em.name, armies=em.armies, points=points)


def plan_value(obs: Hotw2018Observation, ctx: Context, style: Style, starts: tuple[str, ...], armies: int,
               capitol: bool, fleets: tuple[str, ...], caravans: tuple[str, ...], effects: tuple[Any, ...]) -> float:
    """Weighted points of an empire (or kingdom) playing its armies along a planned expansion."""
    board = DecisionBoard(obs, ctx)
    t = ctx.t
    me = ctx.me
    dice = card_dice(effects)
    counts: dict[str, tuple[int, ...]] = {}
    total = 0.0
    left = float(armies)
    owner = board.owner
    forts = obs.forts
    sw_me = ctx.sw[me]
    chances: dict[tuple[bool, bool], float] = {}
    for i, land in enumerate(plan(t, starts, fleets, caravans, obs.epoch)):
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
            fort_rough = (land in forts, land in t.rough)
            pw = chances.get(fort_rough)  # the dice are the card's: the chance depends on these alone
            if pw is None:
                setup = battle_setup(dice, *fort_rough, False, 0, ctx.catapult_max)
                pw = chances[fort_rough] = win_tie(setup, style.odds, False)[0]
            gain -= board.structure_points(land) * ctx.sw[q]
            total += pw * gain
            left -= 1.0 / max(pw, 0.3) if i else 1.0
        else:
            total += gain
            left -= 1.0
    return total
