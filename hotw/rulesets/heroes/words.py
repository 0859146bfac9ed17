"""The game's words: the prompt of each decision, and why an action is not legal now, for a student.

Every sentence is a :class:`~hotw.i18n.Msg` of the ``heroes`` catalog: English as the game
has always said it, and said again in the reader's language by the views.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hotw.actions import Action
from hotw.i18n import Domain, Msg, joined

if TYPE_CHECKING:
    from hotw.rulesets.heroes.game import HeroesGame

__all__ = ["areas_phrase", "explain", "prompt"]

_ = Domain("heroes")
_n = _.plural


def areas_phrase(names: list[Any]) -> Any:
    """Area names as one phrase: 'Europe', 'China and India', 'A, B and C' ('no area' for none)."""
    if not names:
        return _("no area")
    if len(names) == 1:
        return names[0]
    # TRANSLATORS: the last two of a list of areas; {others} is the rest, already joined
    return _("{others} and {last}", others=joined(names[:-1]), last=names[-1])


def _areas(game: "HeroesGame", areas: list[str] | tuple[str, ...]) -> Any:
    return areas_phrase([game.area_name(a) for a in areas])


_WONDER_STEPS = {
    "area": lambda: _("choose an area"), "seat": lambda: _("choose a player"),
    "count": lambda: _("choose how many"), "from": lambda: _("choose the area the figures leave"),
    "to": lambda: _("choose the neighbouring area they go to"),
    "tile": lambda: _("choose the progress tile to move"), "box": lambda: _("choose the area it moves to"),
}


def prompt(game: "HeroesGame", phase: str) -> Msg:
    """What the player deciding now is asked."""
    seat = game._decider()
    who = game.who(seat)
    card = game.hero_card
    hero = card.name if card else ""
    if phase == "start":
        return _("{who}: place a start figure in an area ({n} left)", who=who, n=game.start_left[seat])
    if phase == "choose":
        return _("{who}: take a face-up hero or draw one from the deck", who=who)
    if phase == "play":
        return _("{who}: play a hero card from your hand", who=who)
    if phase == "population":
        return _("{who}: place a figure in an area of {hero} ({n} left)", who=who, hero=hero, n=game.left)
    if phase == "progress_tile":
        return _("{who}: choose the progress tile to place next", who=who)
    if phase == "progress_box":
        tile = game.tile_name(game.tile) if game.tile else _("the tile")
        return _("{who}: place {tile} in an empty progress box of {hero}'s areas", who=who, tile=tile, hero=hero)
    if phase == "ajanta":
        area = game.area_name(game.pending_value) if game.pending_value else _("this area")
        return _("{who}: use the Ajanta Caves in the valuation of {area} (the points of third place)?",
                 who=who, area=area)
    if phase == "conquest":
        return _("{who}: choose an area to conquer with {hero} (conquest {value}), or give up",
                 who=who, hero=hero, value=card.conquest if card else 0)
    if phase == "defender":
        return _("{who}: choose the opponent to attack", who=who)
    if phase == "escape":
        return _("{who}: choose the area the defender's figures escape to", who=who)
    if phase == "gardens":
        _seat, area, count, _why = game.losses[0]
        return _n("{who}: use the Hanging Gardens to ignore the loss of {n} figure in {area}?",
                  "{who}: use the Hanging Gardens to ignore the loss of {n} figures in {area}?",
                  count, who=who, area=game.area_name(area))
    if phase == "spend":
        return _n("{who}: spend your {n} coin (migrate, build a wonder, buy points) or end the turn",
                  "{who}: spend your {n} coins (migrate, build a wonder, buy points) or end the turn",
                  game.coins[seat], who=who)
    if phase == "migrate":
        eff = game.effect or {}
        if not eff:
            return _("{who}: migrate", who=who)
        return _("{who}: move a figure from {area} to a neighbouring area ({n} at most)",
                 who=who, area=game.area_name(eff.get("from", "")), n=4 - eff.get("moved", 0))
    if phase == "wonder":
        return _wonder_prompt(game, who)
    return _("{who}: decide", who=who)


def _wonder_prompt(game: "HeroesGame", who: str) -> Msg:
    eff = game.effect or {}
    name = game.content.wonders[eff["wonder"]].name if eff.get("wonder") else _("the wonder")
    ask = _WONDER_STEPS.get(eff.get("step", ""))
    # TRANSLATORS: {wonder} is a wonder of the world, {ask} one step of its ability ("choose an area")
    return _("{who}: {wonder}: {ask}", who=who, wonder=name, ask=ask() if ask else _("go on"))


def explain(game: "HeroesGame", action: Action) -> Msg:
    """Why ``action`` is not legal now, in a sentence a student understands."""
    phase, kind, target = game.phase, action.kind, action.target
    card = game.hero_card
    spaces = game.board.spaces
    if target in spaces and target not in game.open_areas:
        return _("{area} is an area of the modern age: in antiquity only the five beige areas are played.",
                 area=spaces[target].name)
    if phase == "start" and kind == "place" and target in spaces:
        return _("start figures go in the areas of this era: {areas}.", areas=_areas(game, game.start_areas()))
    if phase == "population" and kind == "place" and target in spaces and card is not None:
        return _("{hero} has influence in {areas} only; the figures go there.",
                 hero=card.name, areas=_areas(game, game.hero_areas()))
    if phase == "progress_box" and kind == "box" and target in spaces and card is not None:
        if target not in game.hero_areas():
            return _("{hero} can place progress only in {areas}.", hero=card.name, areas=_areas(game, game.hero_areas()))
        if target in game.placed_here:
            return _("a progress tile was already placed in {area} this turn: one per area a turn.",
                     area=spaces[target].name)
        return _("{area} has no empty progress box.", area=spaces[target].name)
    if phase == "conquest" and kind == "conquer" and target in spaces and card is not None:
        if card.conquest == 0:
            return _("{hero}'s conquest value is 0: no conquest.", hero=card.name)
        if target not in game.hero_areas():
            return _("{hero} can conquer only in {areas}.", hero=card.name, areas=_areas(game, game.hero_areas()))
        if not game.figures[target][game.active]:
            return _("you need at least one figure in {area} to conquer there.", area=spaces[target].name)
        return _("no opponent has figures in {area}.", area=spaces[target].name)
    if phase == "spend" or kind in ("buy", "build", "migrate"):
        return _spend_reason(game, action)
    if kind == "wonder" and phase == "choose":
        wonder = game.content.wonders.get(target)
        if wonder is not None and wonder.effect == "versailles":
            return _("coins can be spent only in the treasure step at the end of the turn.")
    if kind == "play" and phase == "play":
        return _("you can play only a hero card from your own hand.")
    return _("{prompt}.", prompt=game.decision.prompt)


def _spend_reason(game: "HeroesGame", action: Action) -> Msg:
    if game.phase != "spend":
        return _("coins can be spent only in the treasure step at the end of the turn.")
    coins = game.coins[game.active]
    kind, target = action.kind, action.target
    if kind == "buy":
        return _("a civilization point costs 2 coins; you have {coins}.", coins=coins)
    if kind == "migrate":
        if coins < 2:
            return _("a migration costs 2 coins; you have {coins}.", coins=coins)
        return _("you can migrate only from an area where you have figures.")
    if kind == "build":
        wonder = game.content.wonders.get(target)
        if wonder is None:
            return _("there is no wonder called {name}.", name=repr(target))
        if target in game.wonders:
            return _("the {wonder} has been built already.", wonder=wonder.name)
        if wonder.era != game.era_name:
            return _("the {wonder} belongs to the other era; build this era's wonders.", wonder=wonder.name)
        if game.n == 2 and wonder.effect == "lighthouse":
            return _("the Great Lighthouse of Alexandria is not used in a game of two players.")
        return _("a wonder costs {cost} coins; you have {coins}.", cost=game.opts["wonder_cost"], coins=coins)
    if kind == "wonder":
        if target in game.used:
            return _("that wonder's ability has been used this era already.")
        return _("you can use only your own wonders, and only when their ability can act.")
    return _("{prompt}.", prompt=game.decision.prompt)
