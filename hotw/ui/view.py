"""The map's view model: pure functions from a game to fill styles, markers, hover text and clicks.

Nothing here imports a widget library, so every display rule is an ordinary
unit test. The widget layer (``hotw.ui.app``) only copies these results onto
the map. Colours are the Okabe-Ito palette (safe for colour-blind readers);
each seat also has a shape symbol, so colour is never the only cue.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import hotw
from hotw.actions import Action

if TYPE_CHECKING:
    from hotw.game import Game

#: Seat colours from the Okabe-Ito palette. Sky blue comes last (a 6-player game) because at
#: half opacity it looks like the seas; yellow is left out, too close to the pale region fills.
SEAT_COLOURS = ("#E69F00", "#0072B2", "#009E73", "#D55E00", "#CC79A7", "#56B4E9")
SEAT_COLOUR_NAMES = ("orange", "blue", "green", "vermilion", "purple", "sky blue")
#: The second cue of each seat: a shape drawn on its armies and next to its name.
SEAT_SYMBOLS = ("●", "■", "▲", "◆", "✚", "✖")
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "cross", "saltire")

#: Symbols of the pieces that are not armies (the legend says what each means).
PIECE_SYMBOLS = {
    "capitol": "♛",
    "city": "⌂",
    "monument": "Π",
    "fort": "♜",
    "fleet": "⚓",
    "caravan": "⚑",
    "battle": "⚔",
}
PIECE_NAMES = {
    "capitol": "capitol (2 points)",
    "city": "city (1 point)",
    "monument": "monument (1 point)",
    "fort": "fort (defender rolls 2 dice)",
    "fleet": "fleet (armies cross this water)",
    "caravan": "caravan (armies cross this barren land)",
    "battle": "battle under way",
}
DICE_FACES = "⚀⚁⚂⚃⚄⚅"

WATER_STYLE = {"fillColor": "#d4e4f1", "fillOpacity": 1.0, "color": "#9db7cc", "weight": 0.6}
OCEAN_STYLE = {"fillColor": "#c2d7ea", "fillOpacity": 1.0, "color": "#9db7cc", "weight": 0.6}
BARREN_STYLE = {"fillColor": "#ece4cf", "fillOpacity": 1.0, "color": "#a89d80", "weight": 0.8, "dashArray": "2 3"}
FREE_LAND = {"fillOpacity": 0.35, "color": "#5c5c5c", "weight": 0.8}
RESIGNED = {"fillOpacity": 0.6, "color": "#3a3a3a", "weight": 1.2, "dashArray": "4 3"}
ACTIVE = {"fillOpacity": 0.9, "color": "#000000", "weight": 2.2}
TARGET = {"color": "#000000", "weight": 3.5, "dashArray": "7 4"}
CANDIDATE = {"color": "#000000", "weight": 3.0, "dashArray": "2 4"}
BATTLE = {"color": "#000000", "weight": 4.0}
#: Leaflet's hover style for the territory under the mouse.
HOVER_STYLE = {"weight": 4, "color": "#222222", "fillOpacity": 0.95}


def seat_colour(seat: int) -> str:
    """The colour of a seat (0-based)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_symbol(seat: int) -> str:
    """The shape symbol of a seat, its second cue next to colour."""
    return SEAT_SYMBOLS[seat % len(SEAT_SYMBOLS)]


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (a #rrggbb string)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def seat_badge(game: "Game", seat: int, *, name: bool = True) -> str:
    """HTML for a seat: its symbol on its colour, then the player's name."""
    colour = seat_colour(seat)
    who = f" {html.escape(game.players[seat])}" if name else ""
    return (
        f'<span class="hotw-seat hotw-seat-{seat}" style="background:{colour};color:{ink_on(colour)}" '
        f'title="{SEAT_COLOUR_NAMES[seat % 6]} {SEAT_SHAPES[seat % 6]}">{seat_symbol(seat)}</span>{who}'
    )


def percent(value: Fraction | float) -> str:
    """A probability as a percentage with one decimal: ``Fraction(1, 3)`` -> ``'33.3%'``."""
    return f"{float(value) * 100:.1f}%"


# -- what is where ------------------------------------------------------------------


@dataclass(frozen=True)
class LandState:
    """Who holds a land and how: the owner seat (or None) and whether the army is active."""

    owner: int | None
    active: bool


#: Decision steps during which an empire (or kingdom) is on the board with its armies and markers.
TURN_STEPS = frozenset({"invade", "siege_or_retreat"})


def acting(game: "Game") -> Any:
    """The empire or kingdom taking its turn now, or None between turns (the last one stays in ``game.actor``)."""
    if game.is_over or game.decision.step not in TURN_STEPS:
        return None
    return game.actor


def land_state(game: "Game", land: str) -> LandState:
    """The army on ``land``: its seat and whether it belongs to the empire playing now."""
    owner = game.owner.get(land)
    actor = game.actor
    active = owner is not None and actor is not None and actor.player == owner and land in actor.active
    return LandState(owner, active)


def invade_targets(game: "Game") -> dict[str, bool]:
    """Lands the acting empire may invade now (True if by fleet); empty outside an invade step."""
    if game.is_over or game.decision.step != "invade":
        return {}
    legal = {a.target for a in game.legal_actions() if a.kind == "invade"}
    return {land: naval for land, naval in game.targets().items() if land in legal}


def start_candidates(game: "Game") -> dict[str, str]:
    """During the empire draft or a kingdom choice: start territory -> the card a click picks."""
    if game.is_over:
        return {}
    step = game.decision.step
    out: dict[str, str] = {}
    if step == "pick_empire":
        for a in game.legal_actions():
            for land in game.content.empires[a.target].start:
                out.setdefault(land, a.target)
    elif step == "kingdom":
        for a in game.legal_actions():
            if a.kind == "play_kingdom":
                kingdom = game.content.events[a.target].kingdom
                for land in kingdom.start if kingdom else ():
                    out.setdefault(land, a.target)
    return out


def battle_target(game: "Game") -> str | None:
    """The land fought over while a battle waits for siege or retreat."""
    battle = getattr(game, "battle", None)
    return battle.target if battle is not None else None


# -- fill styles -------------------------------------------------------------------


def style_for(game: "Game") -> dict[str, dict[str, Any]]:
    """The Leaflet path style of every space, keyed by feature id (a pure function of the game).

    Each style carries ``className`` with the space's id, kind, owner and state,
    so a browser (or a test) can read the map without knowing pixels.
    """
    regions = game.board.regions
    targets = invade_targets(game)
    candidates = start_candidates(game)
    fight = battle_target(game)
    out: dict[str, dict[str, Any]] = {}
    for sid, space in game.board.spaces.items():
        classes = ["hotw-space", f"hotw-id-{sid}", f"hotw-{space.kind}"]
        if space.kind == "sea":
            style = dict(WATER_STYLE)
        elif space.kind == "ocean":
            style = dict(OCEAN_STYLE)
        elif space.kind == "barren":
            style = dict(BARREN_STYLE)
        else:
            state = land_state(game, sid)
            if state.owner is None:
                region = regions.get(space.region or "")
                style = {"fillColor": region.colour if region else "#cccccc", **FREE_LAND}
                classes.append("hotw-free")
            else:
                style = {"fillColor": seat_colour(state.owner), **(ACTIVE if state.active else RESIGNED)}
                classes += [f"hotw-owner-{state.owner}", "hotw-active" if state.active else "hotw-resigned"]
            if sid in targets:
                style.update(TARGET)
                classes.append("hotw-target")
            elif sid in candidates:
                style.update(CANDIDATE)
                classes.append("hotw-candidate")
            if sid == fight:
                style.update(BATTLE)
                classes.append("hotw-battle")
        style["className"] = " ".join(classes)
        out[sid] = style
    return out


# -- markers -----------------------------------------------------------------------


def _chip(symbol: str, title: str, extra: str = "", style: str = "") -> str:
    return f'<span class="hotw-chip {extra}" style="{style}" title="{html.escape(title)}">{symbol}</span>'


def marker_html(game: "Game", sid: str) -> str:
    """HTML of the marker on space ``sid`` (army, structures, fort, fleet, caravan); '' if none."""
    parts: list[str] = []
    attrs = [f'data-space="{sid}"']
    state = land_state(game, sid)
    if state.owner is not None:
        colour = seat_colour(state.owner)
        how = "active" if state.active else "resigned"
        attrs += [f'data-owner="{state.owner}"', f'data-state="{how}"']
        parts.append(
            _chip(seat_symbol(state.owner), f"{game.players[state.owner]}'s army ({how})",
                  f"hotw-army hotw-{how}", f"background:{colour};color:{ink_on(colour)}")
        )
    token = game.tokens.get(sid)
    if token:
        parts.append(_chip(PIECE_SYMBOLS[token], PIECE_NAMES[token], f"hotw-{token}"))
    if sid in game.monuments:
        parts.append(_chip(PIECE_SYMBOLS["monument"], PIECE_NAMES["monument"], "hotw-monument"))
    if sid in game.forts:
        parts.append(_chip(PIECE_SYMBOLS["fort"], PIECE_NAMES["fort"], "hotw-fort"))
    actor = acting(game)
    if actor is not None:
        colour = seat_colour(actor.player)
        for kind, spaces in (("fleet", actor.fleets), ("caravan", actor.caravans)):
            if sid in spaces:
                attrs.append(f'data-{kind}="{actor.player}"')
                parts.append(_chip(PIECE_SYMBOLS[kind], f"{actor.name}: {PIECE_NAMES[kind]}", f"hotw-{kind}",
                                   f"background:{colour};color:{ink_on(colour)}"))
    if sid == battle_target(game):
        parts.append(_chip(PIECE_SYMBOLS["battle"], PIECE_NAMES["battle"], "hotw-battle-chip"))
    if not parts:
        return ""
    return f'<div class="hotw-marker" {" ".join(attrs)}>{"".join(parts)}</div>'


def markers(game: "Game") -> dict[str, str]:
    """Every space that shows a marker, with the marker's HTML."""
    out = {}
    for sid in game.board.spaces:
        text = marker_html(game, sid)
        if text:
            out[sid] = text
    return out


def marker_location(game: "Game", sid: str) -> tuple[float, float]:
    """Where a space's marker goes, as Leaflet (lat, lon): the space's label point."""
    lon, lat = game.board.spaces[sid].label
    return (lat, lon)


# -- hover ---------------------------------------------------------------------------


def _odds_text(odds: dict[str, Fraction]) -> str:
    return " · ".join(
        f"{k} <b>{percent(odds[k])}</b> <small>({odds[k].numerator}/{odds[k].denominator})</small>"
        for k in ("win", "tie", "lose")
    )


def setup_words(setup: Any) -> list[str]:
    """What changes the dice of a battle, in words (fort, terrain, fleet, bonuses)."""
    words = []
    if setup.invader_dice != 2:
        words.append(f"invader rolls {setup.invader_dice} dice")
    if setup.invader_bonus:
        words.append(f"invader +{setup.invader_bonus}")
    if setup.fortified:
        words.append("fort: defender rolls 2 dice")
    if setup.terrain:
        words.append("mountain/forest: defender +1")
    if setup.defender_bonus:
        words.append(f"defender +{setup.defender_bonus}")
    if setup.naval:
        words.append("by fleet: defender may reroll")
    if setup.invader_wins_ties:
        words.append("ties count as wins")
    return words


def hover_text(game: "Game", sid: str) -> str:
    """HTML describing a space: name, region, terrain, resources, owner, pieces and battle odds."""
    space = game.board.spaces.get(sid)
    if space is None:
        return ""
    esc = html.escape
    lines = [f"<b>{esc(space.name)}</b>"]
    if space.kind in ("sea", "ocean"):
        lines.append(f"Water ({space.kind}): armies cannot stop here; fleets carry them across")
    elif space.kind == "barren":
        lines.append("Barren land: no army may stop here; caravans carry armies across it")
    else:
        region = game.board.regions.get(space.region or "")
        if region is not None:
            values = game.region_values.get(region.id)
            token = f" (token {'/'.join(map(str, values))})" if values else ""
            lines.append(f"Region: {esc(region.name)}{token}")
        icons = f"{space.resources} resource icon{'' if space.resources == 1 else 's'}"
        lines.append(f"Terrain: {space.terrain} · {icons}")
        state = land_state(game, sid)
        if state.owner is None:
            lines.append("No army")
        else:
            how = "active" if state.active else "resigned"
            lines.append(f"{seat_badge(game, state.owner)}'s army ({how})")
        pieces = [PIECE_NAMES[t] for t in (game.tokens.get(sid),) if t]
        pieces += [PIECE_NAMES["monument"]] if sid in game.monuments else []
        pieces += [PIECE_NAMES["fort"]] if sid in game.forts else []
        if pieces:
            lines.append("Pieces: " + ", ".join(pieces))
        lines += _invasion_lines(game, sid)
    if space.note:
        lines.append(f"<i>{esc(space.note)}</i>")
    return "<br>".join(lines)


def _invasion_lines(game: "Game", sid: str) -> list[str]:
    targets = invade_targets(game)
    actor = game.actor
    if sid not in targets or actor is None:
        return []
    how = " by fleet" if targets[sid] else ""
    setup = game.invasion_setup(sid)
    if setup is None:
        return [f"Click to invade{how}: no defender, {html.escape(actor.name)} take it without a battle."]
    words = setup_words(setup)
    lines = [f"Click to invade{how}. Battle odds for {html.escape(actor.name)}: {_odds_text(hotw.battle_odds(setup))}"]
    if words:
        lines.append("(" + "; ".join(words) + ")")
    return lines


# -- clicks ------------------------------------------------------------------------


def click_to_action(game: "Game", sid: str, humans: set[int] | frozenset[int] | None = None) -> Action | str:
    """The legal action a click on space ``sid`` means now, or a sentence saying why there is none.

    ``humans`` is the set of seats played by people (None: every seat); a click
    during a bot's decision is explained rather than played.
    """
    space = game.board.spaces.get(sid)
    if space is None:
        return f"There is no territory called '{sid}' on the board."
    if game.is_over:
        return "The game is over: no more moves can be made."
    decision = game.decision
    if humans is not None and decision.player not in humans:
        return (f"It is {game.players[decision.player]}'s turn, played by the computer: "
                "wait for it, or press Next step.")
    step = decision.step
    if step == "invade":
        actor = game.actor
        assert actor is not None
        action = Action("fortify" if sid in actor.active else "invade", sid)
        if action in game.legal_actions():
            return action
        return game.why_illegal(action)
    if step in ("pick_empire", "kingdom"):
        card = start_candidates(game).get(sid)
        if card is not None:
            return Action("pick_empire" if step == "pick_empire" else "play_kingdom", card)
        if step == "pick_empire":
            return f"No empire card left in the draft starts in {space.name}: choose an empire with the buttons."
        return f"Your kingdom does not start in {space.name}: play it with its button, or skip it."
    if step == "pick_event":
        return "First choose an event card with the buttons beside the map."
    if step == "siege_or_retreat":
        target = battle_target(game)
        name = game.board.spaces[target].name if target else "the territory"
        return f"The battle for {name} is lost: press Siege (fight again with the catapult) or Retreat."
    if step == "score_tie":
        return "Your score marker lands on a taken space: press Step forward or Step back."
    return f"Nothing to do on the map now: {decision.prompt}"
