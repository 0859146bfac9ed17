"""The game's words: the prompt of each decision, and why an action is not legal now, for a student."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hotw.actions import Action

if TYPE_CHECKING:
    from hotw.rulesets.heroes.game import HeroesGame

__all__ = ["explain", "prompt"]


def _areas(game: "HeroesGame", areas: list[str] | tuple[str, ...]) -> str:
    names = [game.area_name(a) for a in areas]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else "no area"


def prompt(game: "HeroesGame", phase: str) -> str:
    """What the player deciding now is asked."""
    seat = game._decider()
    who = game.who(seat)
    card = game.hero_card
    hero = card.name if card else ""
    if phase == "start":
        return f"{who}: place a start figure in an area ({game.start_left[seat]} left)"
    if phase == "choose":
        return f"{who}: take a face-up hero or draw one from the deck"
    if phase == "play":
        return f"{who}: play a hero card from your hand"
    if phase == "population":
        return f"{who}: place a figure in an area of {hero} ({game.left} left)"
    if phase == "progress_tile":
        return f"{who}: choose the progress tile to place next"
    if phase == "progress_box":
        tile = game.tile_name(game.tile) if game.tile else "the tile"
        return f"{who}: place {tile} in an empty progress box of {hero}'s areas"
    if phase == "ajanta":
        area = game.area_name(game.pending_value) if game.pending_value else "this area"
        return f"{who}: use the Ajanta Caves in the valuation of {area} (the points of third place)?"
    if phase == "conquest":
        return f"{who}: choose an area to conquer with {hero} (conquest {card.conquest if card else 0}), or give up"
    if phase == "defender":
        return f"{who}: choose the opponent to attack"
    if phase == "escape":
        return f"{who}: choose the area the defender's figures escape to"
    if phase == "gardens":
        s, area, count, _ = game.losses[0]
        return f"{who}: use the Hanging Gardens to ignore the loss of {count} figures in {game.area_name(area)}?"
    if phase == "spend":
        return f"{who}: spend your {game.coins[seat]} coins (migrate, build a wonder, buy points) or end the turn"
    if phase == "migrate":
        eff = game.effect or {}
        return f"{who}: move a figure from {game.area_name(eff.get('from', ''))} to a neighbouring area " \
               f"({4 - eff.get('moved', 0)} at most)" if eff else f"{who}: migrate"
    if phase == "wonder":
        return _wonder_prompt(game, who)
    return f"{who}: decide"


def _wonder_prompt(game: "HeroesGame", who: str) -> str:
    eff = game.effect or {}
    name = game.content.wonders[eff["wonder"]].name if eff.get("wonder") else "the wonder"
    step = eff.get("step", "")
    asks = {
        "area": "choose an area", "seat": "choose a player", "count": "choose how many",
        "from": "choose the area the figures leave", "to": "choose the neighbouring area they go to",
        "tile": "choose the progress tile to move", "box": "choose the area it moves to",
    }
    return f"{who}: {name}: {asks.get(step, 'go on')}"


def explain(game: "HeroesGame", action: Action) -> str:
    """Why ``action`` is not legal now, in a sentence a student understands."""
    phase, kind, target = game.phase, action.kind, action.target
    card = game.hero_card
    spaces = game.board.spaces
    if target in spaces and target not in game.open_areas:
        return (f"{spaces[target].name} is an area of the modern age: in antiquity only the five beige areas "
                "are played.")
    if phase == "start" and kind == "place" and target in spaces:
        return f"start figures go in the areas of this era: {_areas(game, game.start_areas())}."
    if phase == "population" and kind == "place" and target in spaces and card is not None:
        return f"{card.name} has influence in {_areas(game, game.hero_areas())} only; the figures go there."
    if phase == "progress_box" and kind == "box" and target in spaces and card is not None:
        if target not in game.hero_areas():
            return f"{card.name} can place progress only in {_areas(game, game.hero_areas())}."
        if target in game.placed_here:
            return f"a progress tile was already placed in {spaces[target].name} this turn: one per area a turn."
        return f"{spaces[target].name} has no empty progress box."
    if phase == "conquest" and kind == "conquer" and target in spaces and card is not None:
        if card.conquest == 0:
            return f"{card.name}'s conquest value is 0: no conquest."
        if target not in game.hero_areas():
            return f"{card.name} can conquer only in {_areas(game, game.hero_areas())}."
        if not game.figures[target][game.active]:
            return f"you need at least one figure in {spaces[target].name} to conquer there."
        return f"no opponent has figures in {spaces[target].name}."
    if phase == "spend" or kind in ("buy", "build", "migrate"):
        return _spend_reason(game, action)
    if kind == "wonder" and phase == "choose":
        wonder = game.content.wonders.get(target)
        if wonder is not None and wonder.effect == "versailles":
            return "coins can be spent only in the treasure step at the end of the turn."
    if kind == "play" and phase == "play":
        return "you can play only a hero card from your own hand."
    return game.decision.prompt + "."


def _spend_reason(game: "HeroesGame", action: Action) -> str:
    if game.phase != "spend":
        return "coins can be spent only in the treasure step at the end of the turn."
    coins = game.coins[game.active]
    kind, target = action.kind, action.target
    if kind == "buy":
        return f"a civilization point costs 2 coins; you have {coins}."
    if kind == "migrate":
        if coins < 2:
            return f"a migration costs 2 coins; you have {coins}."
        return "you can migrate only from an area where you have figures."
    if kind == "build":
        wonder = game.content.wonders.get(target)
        if wonder is None:
            return f"there is no wonder called {target!r}."
        if target in game.wonders:
            return f"the {wonder.name} has been built already."
        if wonder.era != game.era_name:
            return f"the {wonder.name} belongs to the other era; build this era's wonders."
        if game.n == 2 and wonder.effect == "lighthouse":
            return "the Great Lighthouse of Alexandria is not used in a game of two players."
        return f"a wonder costs {game.opts['wonder_cost']} coins; you have {coins}."
    if kind == "wonder":
        if target in game.used:
            return "that wonder's ability has been used this era already."
        return "you can use only your own wonders, and only when their ability can act."
    return game.decision.prompt + "."
