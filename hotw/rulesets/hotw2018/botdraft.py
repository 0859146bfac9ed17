"""How the 2018 heuristic bots weigh the draft: event cards, empire cards and kingdoms, and when to play an event.

An empire card (for a bot whose style drafts by plan) and a kingdom are worth the weighted points
of their armies played along :func:`~hotw.rulesets.hotw2018.botplan.plan`, the expansion they would
make on an empty board, weighed on the board as it stands (:func:`plan_value`); any other event is
worth a rough value per unit of each of its effects. Each choice comes back with its words, said
only when asked (:meth:`~hotw.rulesets.hotw2018.heuristic.HeuristicBot.explain`).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from hotw.actions import Action, ActionsOf
from hotw.i18n import Domain, num, plural_name
from hotw.rulesets.hotw2018.battle import battle_setup
from hotw.rulesets.hotw2018.botodds import card_dice, win_tie
from hotw.rulesets.hotw2018.botplan import plan
from hotw.rulesets.hotw2018.evaluation import Context, Style
from hotw.rulesets.hotw2018.observation import Hotw2018Observation
from hotw.rulesets.hotw2018.scoring import structure_points

__all__ = ["event_to_play", "pick_empire", "pick_event", "plan_value"]

_ = Domain("hotw2018")

#: Rough worth in points of one unit of each enhancement effect, for the event draft.
_EVENT_VALUE = {"extra_armies": 1.5, "battle_bonus": 3.0, "extra_die": 3.0, "wins_ties": 2.0, "siege_bonus": 1.0,
                "ignore_terrain": 1.5, "ignore_forts": 1.0, "no_naval_reroll": 0.8, "free_forts": 0.8,
                "extra_monuments": 1.5, "monument_rate": 2.0}

#: the card set last drafted from, and its event cards' :func:`_event_value` (enhancements only: a kingdom is
#: weighed on the board, never kept here); one card set at a time, so a game's changed cards are not held on to
_CARD_VALUES: tuple[Any, dict[str, float]] = (None, {})

#: the bot's context for an observation (:meth:`~hotw.rulesets.hotw2018.heuristic.HeuristicBot._context`)
ContextOf = Callable[[Hotw2018Observation], Context]


def event_to_play(obs: Hotw2018Observation, events: list[str], targets: Mapping[str, bool],
                  style: Style) -> tuple[Action, Any] | None:
    """An enhancement to play at the start of the turn (of the cards ``events``, in their order), and why; None
    when every one is better saved."""
    content = obs.content
    last_epoch = obs.epoch >= obs.epochs
    for card in events:
        ev = content.events[card]
        if ev.saveable and not last_epoch and style.fortify:
            if _SAVED_KINDS.issuperset([e.kind for e in ev.effects]) and not any(targets.values()):
                continue
        return _PLAY_EVENT[card], (_play_words, (ev.name, ev.text))
    return None


#: what event_to_play keeps for a turn with a naval invasion (a card whose effects are all of these kinds)
_SAVED_KINDS = frozenset({"no_naval_reroll"})
_PLAY_EVENT = ActionsOf("play_event")


def _play_words(name: Any, text: Any) -> str:
    return _("play {card}: {text}", card=name, text=text)


def pick_event(obs: Hotw2018Observation, legal: list[Action], style: Style, context: ContextOf) -> tuple[Action, Any]:
    """The event card worth most to us (a kingdom by its planned expansion), and why."""
    global _CARD_VALUES
    content = obs.content
    events = content.events
    if _CARD_VALUES[0] is not content:
        _CARD_VALUES = (content, {})
    values = _CARD_VALUES[1]
    # The best value, ties to the first card by id (as sorting by (-value, card) and taking the first).
    best: tuple[float, str, Action] | None = None
    ctx = None
    for a in legal:
        card = a.target
        value = values.get(card)  # an enhancement's worth is the card's alone: weighed once
        if value is None:
            ev = events[card]
            if ev.kind == "kingdom" and ev.kingdom is not None:
                k = ev.kingdom
                if ctx is None:
                    ctx = context(obs)
                value = plan_value(obs, ctx, style, k.start, k.armies, k.capitol, k.fleets, k.caravans, ())
            else:
                value = values[card] = _event_value(ev)
        if best is None or value > best[0] or (value == best[0] and card < best[1]):
            best = (value, card, a)
    assert best is not None  # a draft offers at least one card
    value, card, action = best
    return action, (_event_words, (content.events[card].name, value))


# The words of a pick as a function and its values (said only when asked): a lambda would make the values it
# reads cells of the whole function
def _event_words(card: Any, value: float) -> str:
    return _("pick the event {card}: worth about {points} points to us", card=card, points=num(value))


# A plural name takes the article, a singular one none ("pick the Romans", "pick Mali"): a message each
def _most_armies(empire: Any, armies: int) -> str:
    if plural_name(empire):
        return _("pick the {empire}: the most armies on offer ({armies})", empire=empire, armies=armies)
    return _("pick {empire}: the most armies on offer ({armies})", empire=empire, armies=armies)


def _planned(empire: Any, armies: int, points: str) -> str:
    if plural_name(empire):
        return _("pick the {empire}: {armies} armies, about {points} points planned on this board", empire=empire,
                 armies=armies, points=points)
    return _("pick {empire}: {armies} armies, about {points} points planned on this board", empire=empire,
             armies=armies, points=points)


def _event_value(ev: Any) -> float:
    """Rough worth in points of an enhancement event (its effects, and being able to save it)."""
    value = sum(_EVENT_VALUE.get(e.kind, 1.0) * (e.amount or 1) for e in ev.effects)
    if ev.saveable:
        value += 0.5
    return value


def pick_empire(obs: Hotw2018Observation, legal: list[Action], style: Style,
                context: ContextOf) -> tuple[Action, Any]:
    """The empire card with the most armies or the best planned expansion (as ``style`` drafts), and why."""
    content = obs.content
    empires = content.empires
    armies_only = style.draft == "armies"
    # The best value, ties to the earlier call order (as sorting by (-value, order) and taking the first).
    best: tuple[float, int, Action] | None = None
    ctx = None
    for a in legal:
        em = empires[a.target]
        if armies_only:
            value = float(em.armies)
        else:
            if ctx is None:
                ctx = context(obs)
            extra = sum(e.amount or 0 for e in em.effects if e.kind == "extra_armies")
            value = plan_value(obs, ctx, style, em.start, em.armies + extra, em.capitol, em.fleets, em.caravans,
                               em.effects)
        if best is None or value > best[0] or (value == best[0] and em.order < best[1]):
            best = (value, em.order, a)
    assert best is not None  # a draft offers at least one card
    value, _order, action = best
    em = empires[action.target]
    if armies_only:
        return action, (_most_armies, (em.name, em.armies))
    return action, (_planned, (em.name, em.armies, f"{value:+.0f}"))


def plan_value(obs: Hotw2018Observation, ctx: Context, style: Style, starts: tuple[str, ...], armies: int,
               capitol: bool, fleets: tuple[str, ...], caravans: tuple[str, ...], effects: tuple[Any, ...]) -> float:
    """Weighted points of an empire (or kingdom) playing its armies along a planned expansion."""
    t = ctx.t
    me = ctx.me
    region_of, resources, rough = t.region_of, t.resources, t.rough
    owner, counts = obs.armies_copy()  # plain dicts of our own: the plan's counts are written into them
    standing: Any = None  # structures, monuments and forts, read at the first land held by another seat
    dmemo, new_delta, after = ctx.deltas, ctx.new_delta, _AFTER
    total = 0.0
    left = float(armies)
    sw, sw_me = ctx.sw, ctx.sw[me]
    chances: dict[tuple[bool, bool], float] = {}
    for i, land in enumerate(plan(t, starts, fleets, caravans, obs.epoch)):
        if left <= 0:
            break
        q = owner.get(land, -1)
        if q == me:
            continue
        region = region_of[land]
        cnt = counts[region]
        dk = (region, cnt, me, q)  # ctx.delta, its memo read here
        gain = dmemo.get(dk)
        if gain is None:
            gain = new_delta(dk)
        shift = (cnt, me, q)  # the counts once we took the land: remembered, not a list and a tuple made each time
        new = after.get(shift)
        if new is None:
            new = _after(shift)
        counts[region] = new
        if capitol and land in starts:
            gain += ctx.sp[0] * sw_me
        gain += 0.4 * resources.get(land, 0) * sw_me
        if q >= 0:
            if standing is None:
                standing = obs.standing()
            structures, monuments, forts = standing
            fort_rough = (land in forts, land in rough)
            pw = chances.get(fort_rough)  # the dice are the card's: the chance depends on these alone
            if pw is None:
                setup = battle_setup(card_dice(effects), *fort_rough, False, 0, ctx.catapult_max)
                pw = chances[fort_rough] = win_tie(setup, style.odds, False)[0]
            gain -= structure_points(structures.get(land), land in monuments, ctx.sp) * sw[q]
            total += pw * gain
            left -= 1.0 / max(pw, 0.3) if i else 1.0
        else:
            total += gain
            left -= 1.0
    return total


#: (army counts, seat gaining an army, seat losing one or -1) -> the counts after (see :func:`_after`)
_AFTER: dict[tuple[tuple[int, ...], int, int], tuple[int, ...]] = {}


def _after(shift: tuple[tuple[int, ...], int, int]) -> tuple[int, ...]:
    """The army counts once seat ``gain`` took a land from seat ``lose`` (-1: an empty land), remembered."""
    cnt, gain, lose = shift
    new = list(cnt)
    new[gain] += 1
    if lose >= 0:
        new[lose] -= 1
    if len(_AFTER) > 100_000:  # a few thousand games fill a fraction of it; never let it grow without end
        _AFTER.clear()
    made = _AFTER[shift] = tuple(new)
    return made
