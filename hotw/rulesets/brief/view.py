"""The Brief History game in the notebook: what the map shows, what a click means, the buttons and the panels.

``view(game)`` returns the :class:`BriefView` the app asks (the protocol is
:class:`hotw.ui.rulesetview.RulesetView`). The map shows the standing and resigned
armies, capitals, cities, monuments, forts, the fleets of the empire playing and the
lands an invasion has taken so far (an overrun appears land by land as it happens);
hovering over a land a click would invade shows the exact odds with the dial.
"""

from __future__ import annotations

import html
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from hotw.actions import Action
from hotw.rulesets.brief.viewpanels import (ALLOCATION_STEPS, CSS, PIECES, array_html, areas_html, breakdown_html,
                                            colour_badge, gold_html, key_html, land_odds, legend_html, roll_html,
                                            status_html, turn_caption)
from hotw.rulesets.brief.viewtable import events_html, table_html
from hotw.ui import panels
from hotw.ui.rulesetview import Choice, Choices, RulesetView
from hotw.ui.view import board_styles, chip, marker, seat_ink, seat_symbol

if TYPE_CHECKING:
    from hotw.rulesets.brief.game import BriefGame
    from hotw.rulesets.brief.pieces import InvasionRecord

__all__ = ["BriefView", "position_spec", "view"]

esc = html.escape

#: Actions a click on the map plays (the others are buttons).
MAP_KINDS = ("overrun", "invade", "expand", "surrender", "monument", "start", "target", "fleet", "area")



def click_targets(game: "BriefGame") -> dict[str, Action]:
    """Space -> the legal action a click on it plays now (overruns and invasions before the rest)."""
    if game.is_over or game.decision.is_chance:
        return {}
    out: dict[str, Action] = {}
    legal = game.legal_actions()
    for kind in MAP_KINDS:
        for a in legal:
            if a.kind == kind and a.target not in out:
                out[a.target] = a
    if game.phase == "plague_area":  # a click on any land of an area picks it
        for a in legal:
            for land in game.board.regions[a.target].lands:
                out[land] = a
    return out


def styles(game: "BriefGame") -> dict[str, dict[str, object]]:
    clicks = click_targets(game)
    inv = game.invasion
    fought = set(inv.taken) | ({inv.target} if inv.waiting else set()) if inv is not None else set()
    monument_sites = {t for t, a in clicks.items() if a.kind == "monument"}
    return board_styles(game.board, game.owner, game.standing,
                        targets=[t for t, a in clicks.items() if a.kind != "monument"],
                        candidates=monument_sites, battles=fought)


def marker_html(game: "BriefGame", sid: str) -> str:
    chips, attrs = [], [f'data-space="{sid}"']
    colour = game.owner.get(sid)
    if colour is not None:
        how = "standing" if sid in game.standing else "resigned"
        chips.append(chip(seat_symbol(colour), f"{game.who(colour)}'s army ({how})",
                          f"hotw-army hotw-{'active' if how == 'standing' else 'resigned'}", seat_ink(colour)))
        attrs.append(f'data-owner="{colour}" data-army="{how}"')
    inv, force = game.invasion, game.force
    if inv is not None and inv.waiting and inv.target == sid and force is not None:
        chips.append(chip(seat_symbol(force.colour), f"the invading army of the {force.name}", "hotw-army hotw-active",
                          seat_ink(force.colour)))
        attrs.append('data-invaded="true"')
    for kind in ("capital", "city"):
        if game.structures.get(sid) == kind:
            chips.append(chip(PIECES[kind][0], PIECES[kind][1], f"hotw-{kind}"))
            attrs.append(f'data-structure="{kind}"')
    if sid in game.monuments:
        chips.append(chip(*PIECES["monument"], "hotw-monument"))
        attrs.append('data-monument="true"')
    if sid in game.forts:
        chips.append(chip(*PIECES["fort"], "hotw-fort"))
        attrs.append('data-fort="true"')
    if force is not None and sid in force.influence:
        chips.append(chip(*PIECES["influence"], "hotw-influence"))
    if force is not None and sid in force.waters:
        chips.append(chip(PIECES["fleet"][0], f"a fleet of the {force.name}", "hotw-fleet"))
        attrs.append('data-fleet="true"')
    if inv is not None and sid in inv.taken:
        step = inv.taken.index(sid) + 1
        how = "invaded" if step == 1 else "overrun"
        chips.append(chip(str(step), f"land {step} taken in this invasion ({how})", "hotw-taken"))
        attrs.append(f'data-taken="{step}"')
    return marker(attrs, chips)


def markers(game: "BriefGame") -> dict[str, str]:
    out = {}
    for sid in game.board.spaces:
        html_ = marker_html(game, sid)
        if html_:
            out[sid] = html_
    return out


def hover_text(game: "BriefGame", sid: str) -> str:
    space = game.board.spaces.get(sid)
    if space is None:
        return ""
    lines = [f"<b>{esc(space.name)}</b>"]
    if space.is_land:
        region = game.board.regions[space.region or ""]
        lines.append(f"{esc(region.name)} (value {game.area_values.get(region.id, 0) or '–'}); "
                     f"{space.terrain} (costs {game.cost(sid)} invasion point{'s' if game.cost(sid) > 1 else ''})"
                     + (f"; {space.resources} resource symbol{'s' if space.resources > 1 else ''}"
                        if space.resources else ""))
        colour = game.owner.get(sid)
        if colour is not None:
            lines.append(f"{colour_badge(game, colour)} ({'standing' if sid in game.standing else 'resigned'})")
        pieces = [game.structures.get(sid, "")] + ["monument" if sid in game.monuments else ""] + \
            ["fort" if sid in game.forts else ""]
        if any(pieces):
            lines.append(", ".join(p for p in pieces if p))
    elif space.kind == "barren":
        lines.append("barren: no army may be placed here")
    else:
        lines.append(space.kind)
    action = click_targets(game).get(sid)
    if action is not None:
        if action.kind == "invade" and game.force is not None:
            naval = game.targets().get(sid, ("", False, False))[1]
            lines.append("Click to invade: " + land_odds(game, sid, naval))
        elif action.kind == "overrun" and game.invasion is not None:
            left = game.invasion.points
            lines.append(f"Click to overrun it for {game.cost(sid)} of your {left} point{'s' if left != 1 else ''} "
                         "(no dice)")
        else:
            lines.append(f"Click: {esc(action.text().replace('_', ' ').replace(':', ' '))}")
    return "<br>".join(lines)


def click_to_action(game: "BriefGame", sid: str, humans: frozenset[int] | set[int] | None = None) -> Action | str:
    if game.is_over:
        return "The game is over."
    d = game.decision
    if d.is_chance:
        return "The dice (or the cards) decide now."
    if humans is not None and d.player not in humans:
        return f"The computer is playing {game.players[d.player]}: wait for its move."
    action = click_targets(game).get(sid)
    if action is not None:
        return action
    if game.phase == "expand":
        return game.explain_illegal(Action("expand", sid))
    if game.phase == "overrun":
        return game.explain_illegal(Action("overrun", sid))
    return f"A click on {game.name(sid) if sid in game.board.spaces else sid} does nothing now: {d.prompt}"


def _label(game: "BriefGame", a: Action) -> tuple[str, str]:
    """(button label, HTML detail above it) of an action."""
    k, t = a.kind, a.target
    if k == "empire":
        card = game.content.empires[t]
        parts = "; ".join(f"{p.name}: {p.armies} armies, {game.name(p.start)}" + (", capital" if p.capital else "")
                          + (f", fleets {', '.join(game.name(w) for w in p.fleets)}" if p.fleets else "")
                          + (f", {p.feature}" if p.feature else "") for p in card.parts)
        return f"{card.name} (#{card.order})", f"<small>{esc(parts)}</small>"
    if k in ("event", "play"):
        ev = game.content.events[t]
        return (f"{'Play ' if k == 'play' else ''}{ev.name} ({ev.cost} gold)",
                f"<small>{esc(ev.colour)} {ev.epoch}: {esc(ev.text)}</small>")
    words = {"establish": "Establish the empire", "end_turn": "End the turn", "continue": "Continue the invasion",
             "abandon": "Abandon the invasion", "stop": "Stop overrunning", "no_monument": "No monument",
             "first": f"Look at the {t} cards first", "bonus": f"Bonus token {t}", "discard": f"Discard {t}",
             "fort": f"Fort in {game.name(t) if t in game.board.spaces else t}",
             "area": f"{game.region_names.get(t, t)}"}
    return words.get(k, a.text()), ""


#: What a click on the map does, by phase, where it is not placing an army.
_CLICK_NOTES = {
    "overrun": "Click a land with a dashed outline to overrun it (no dice).",
    "monument": "Click one of the outlined lands to build the monument there.",
    "minor_start": "Click the land where the minor empire starts.",
    "civil_target": "Click the land the Civil War rises in.",
    "plague_area": "Click a land of the area the plague strikes.",
    "fleet_place": "Click the sea or ocean for the fleet.",
}


def choices(game: "BriefGame") -> Choices:
    if game.is_over:
        return Choices("The game is over.", (), panels.final_scores_html(game, game.score))
    d = game.decision
    if d.is_chance:
        return Choices(d.prompt)
    buttons = []
    for a in game.legal_actions():
        if a.kind in MAP_KINDS and a.kind != "area":
            continue
        label, detail = _label(game, a)
        buttons.append(Choice(label, a, f"hotw-choice-{a.kind}", detail))
    note = ""
    if click_targets(game):
        note = _CLICK_NOTES.get(game.phase, "Click a land on the map to place an army there.")
    return Choices(d.prompt, tuple(buttons), note)


class BriefView(RulesetView):
    """The Brief History game as the notebook shows it (see :class:`~hotw.ui.rulesetview.RulesetView`)."""

    game: "BriefGame"
    #: closer than the world view: an empire's turn is played in one part of the world, and the lands of an
    #: overrun must be told apart (the map pans to each empire as its turn begins; "-" shows the world)
    zoom: float = 3.5

    def css(self) -> str:
        return CSS

    def styles(self) -> dict[str, dict[str, object]]:
        return styles(self.game)

    def markers(self) -> dict[str, str]:
        return markers(self.game)

    def hover(self, sid: str) -> str:
        return hover_text(self.game, sid)

    def click(self, sid: str, humans: frozenset[int] | set[int] | None = None) -> Action | str:
        return click_to_action(self.game, sid, humans)

    def follow(self) -> tuple[Hashable, str | None] | None:
        force = self.game.force
        if force is None:
            return None
        return (self.game.epoch, self.game.call_index, self.game.part), force.start

    def choices(self) -> Choices:
        return choices(self.game)

    def panels(self, bots: frozenset[int] = frozenset()) -> dict[str, str]:
        game = self.game
        return {"status": status_html(game, bots), "actor": array_html(game), "battle": roll_html(game),
                "score": gold_html(game, bots), "regions": areas_html(game), "region_key": key_html(game),
                "legend": legend_html(), "log": panels.log_html(game, lines=self.log_lines()),
                "table": table_html(game), "events": events_html(game)}

    def is_draft(self, step: str) -> bool:
        return step in ALLOCATION_STEPS

    def news(self, since: int) -> list[str]:
        return [line.split(", ", 1)[1] if line.startswith("Epoch ") else line for line in self.log_lines()[since:]]

    def battle_html(self, record: "InvasionRecord") -> str:
        return roll_html(self.game, record)

    def scored_turns(self) -> int:
        return len(self.game.turn_scores)

    def turn_caption(self, index: int) -> str:
        return turn_caption(self.game, index)

    def breakdown(self, index: int = -1) -> str:
        return breakdown_html(self.game, index)


def view(game: "BriefGame") -> BriefView:
    """The view of a Brief History game (what ``Ruleset.view`` returns)."""
    return BriefView(game)


def position_spec() -> Any:
    """The Brief History position format, for the lesson builder (see :mod:`.positionview`)."""
    from hotw.rulesets.brief.positionview import position_spec as spec

    return spec()
