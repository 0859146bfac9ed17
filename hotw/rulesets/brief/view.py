"""The Brief History game in the notebook: what the map shows, what a click means, the buttons and the panels.

``view(game)`` returns the :class:`BriefView` the app asks (the protocol is
:class:`hotw.ui.rulesetview.RulesetView`). The map shows the standing and resigned
armies, capitals, cities, monuments, forts, the fleets of the empire playing and the
lands an invasion has taken so far (an overrun appears land by land as it happens);
hovering over a land a click would invade shows the exact odds with the dial.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from hotw.actions import Action
from hotw.i18n import Domain, joined, plural_name, render
from hotw.rulesets.brief.viewpanels import (ALLOCATION_STEPS, CSS, array_html, areas_html, breakdown_html, colour_badge,
                                            esc, feature_name, gold_html, key_html, land_odds, legend_html, pieces,
                                            roll_html, status_html, turn_caption)
from hotw.rulesets.brief.viewtable import events_html, table_html
from hotw.ui import panels
from hotw.ui.rulesetview import Choice, Choices, RulesetView
from hotw.ui.view import board_styles, chip, marker, seat_ink, seat_symbol, without_epoch

if TYPE_CHECKING:
    from hotw.rulesets.brief.game import BriefGame
    from hotw.rulesets.brief.pieces import InvasionRecord

__all__ = ["BriefView", "position_spec", "view"]

_ = Domain("brief")
t, tn = _.text, _.text_plural

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
    names = pieces()
    if colour is not None:
        how = "standing" if sid in game.standing else "resigned"
        words = (t("{player}'s army (standing)", player=render(game.who(colour))) if how == "standing" else
                 t("{player}'s army (resigned)", player=render(game.who(colour))))
        chips.append(chip(seat_symbol(colour), words,
                          f"hotw-army hotw-{'active' if how == 'standing' else 'resigned'}", seat_ink(colour)))
        attrs.append(f'data-owner="{colour}" data-army="{how}"')
    inv, force = game.invasion, game.force
    if inv is not None and inv.waiting and inv.target == sid and force is not None:
        chips.append(chip(seat_symbol(force.colour), t("the invading army of the {empire}", empire=render(force.name)),
                          "hotw-army hotw-active", seat_ink(force.colour)))
        attrs.append('data-invaded="true"')
    for kind in ("capital", "city"):
        if game.structures.get(sid) == kind:
            chips.append(chip(names[kind][0], names[kind][1], f"hotw-{kind}"))
            attrs.append(f'data-structure="{kind}"')
    if sid in game.monuments:
        chips.append(chip(*names["monument"], "hotw-monument"))
        attrs.append('data-monument="true"')
    if sid in game.forts:
        chips.append(chip(*names["fort"], "hotw-fort"))
        attrs.append('data-fort="true"')
    if force is not None and sid in force.influence:
        chips.append(chip(*names["influence"], "hotw-influence"))
    if force is not None and sid in force.waters:
        fleet = (t("a fleet of the {empire}", empire=render(force.name)) if plural_name(force.name) else
                 t("a fleet of {empire}", empire=render(force.name)))
        chips.append(chip(names["fleet"][0], fleet, "hotw-fleet"))
        attrs.append('data-fleet="true"')
    if inv is not None and sid in inv.taken:
        step = inv.taken.index(sid) + 1
        words = (t("land {step} taken in this invasion (invaded)", step=step) if step == 1 else
                 t("land {step} taken in this invasion (overrun)", step=step))
        chips.append(chip(str(step), words, "hotw-taken"))
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
        value = game.area_values.get(region.id, 0) or "–"
        terrain = tn("{terrain} (costs {n} invasion point)", "{terrain} (costs {n} invasion points)", game.cost(sid),
                     terrain=terrain_name(space.terrain))
        if space.resources:
            lines.append(tn("{area} (value {value}); {terrain}; {n} resource symbol",
                            "{area} (value {value}); {terrain}; {n} resource symbols", space.resources,
                            area=esc(region.name), value=value, terrain=terrain))
        else:
            lines.append(t("{area} (value {value}); {terrain}", area=esc(region.name), value=value, terrain=terrain))
        colour = game.owner.get(sid)
        if colour is not None:
            how = t("standing") if sid in game.standing else t("resigned")
            lines.append(t("{player} ({state})", player=colour_badge(game, colour), state=how))
        kind = game.structures.get(sid)
        here = [t("capital") if kind == "capital" else t("city") if kind == "city" else ""]
        here += [t("monument") if sid in game.monuments else "", t("fort") if sid in game.forts else ""]
        if any(here):
            lines.append(render(joined([p for p in here if p])))
    elif space.kind == "barren":
        lines.append(t("barren: no army may be placed here"))
    else:
        lines.append(t("ocean") if space.kind == "ocean" else t("sea"))
    action = click_targets(game).get(sid)
    if action is not None:
        if action.kind == "invade" and game.force is not None:
            naval = game.targets().get(sid, ("", False, False))[1]
            lines.append(t("Click to invade: {odds}", odds=land_odds(game, sid, naval)))
        elif action.kind == "overrun" and game.invasion is not None:
            left = game.invasion.points
            lines.append(tn("Click to overrun it for {cost} of your {n} point (no dice)",
                            "Click to overrun it for {cost} of your {n} points (no dice)", left, cost=game.cost(sid)))
        else:
            lines.append(t("Click: {action}", action=esc(_label(game, action)[0])))
    return "<br>".join(lines)


def terrain_name(terrain: str | None) -> str:
    """A land's terrain in the active language."""
    return {"clear": t("clear"), "mountain": t("mountain"), "forest": t("forest")}.get(terrain or "", str(terrain))


def click_to_action(game: "BriefGame", sid: str, humans: frozenset[int] | set[int] | None = None) -> Action | str:
    if game.is_over:
        return t("The game is over.")
    d = game.decision
    if d.is_chance:
        return t("The dice (or the cards) decide now.")
    if humans is not None and d.player not in humans:
        return t("The computer is playing {player}: wait for its move.", player=game.players[d.player])
    action = click_targets(game).get(sid)
    if action is not None:
        return action
    if game.phase == "expand":
        return render(game.explain_illegal(Action("expand", sid)))
    if game.phase == "overrun":
        return render(game.explain_illegal(Action("overrun", sid)))
    return t("A click on {land} does nothing now: {prompt}",
             land=render(game.name(sid)) if sid in game.board.spaces else sid, prompt=render(d.prompt))


def _label(game: "BriefGame", a: Action) -> tuple[str, str]:
    """(button label, HTML detail above it) of an action."""
    k, target = a.kind, a.target
    if k == "empire":
        card = game.content.empires[target]
        parts = "; ".join(_part_words(game, p) for p in card.parts)
        return f"{render(card.name)} (#{card.order})", f"<small>{esc(parts)}</small>"
    if k in ("event", "play"):
        ev = game.content.events[target]
        label = (t("Play {card} ({cost} gold)", card=render(ev.name), cost=ev.cost) if k == "play" else
                 t("{card} ({cost} gold)", card=render(ev.name), cost=ev.cost))
        colour = t("red") if ev.colour == "red" else t("black")
        return label, f"<small>{esc(colour)} {ev.epoch}: {esc(ev.text)}</small>"
    if k == "first":
        return (t("Look at the empire cards first") if target == "empire" else t("Look at the event cards first")), ""
    if k == "discard":
        name = render(game.content.events[target].name) if target in game.content.events else target
        return t("Discard {card}", card=name), ""
    words = {"establish": t("Establish the empire"), "end_turn": t("End the turn"),
             "continue": t("Continue the invasion"), "abandon": t("Abandon the invasion"),
             "stop": t("Stop overrunning"), "no_monument": t("No monument"),
             "bonus": t("Bonus token {value}", value=target),
             "fort": t("Fort in {land}", land=render(game.name(target)) if target in game.board.spaces else target),
             "area": render(game.region_names.get(target, target)),
             "expand": t("Expand into {land}", land=_space(game, target)),
             "invade": t("Invade {land}", land=_space(game, target)),
             "surrender": t("Take the surrender of {land}", land=_space(game, target)),
             "overrun": t("Overrun {land}", land=_space(game, target)),
             "monument": t("Monument in {land}", land=_space(game, target)),
             "start": t("Start in {land}", land=_space(game, target)),
             "target": t("Rise in {land}", land=_space(game, target)),
             "fleet": t("Fleet in the {sea}", sea=_space(game, target))}
    return words.get(k, a.text()), ""


def _space(game: "BriefGame", sid: str) -> str:
    return render(game.name(sid)) if sid in game.board.spaces else sid


def _part_words(game: "BriefGame", p: Any) -> str:
    """One empire of a card in a line: armies, start-land, capital, fleets, feature."""
    words = tn("{empire}: {n} army, {land}", "{empire}: {n} armies, {land}", p.armies, empire=render(p.name),
               land=render(game.name(p.start)))
    if p.capital:
        words += ", " + t("capital")
    if p.fleets:
        words += ", " + t("fleets {waters}", waters=render(joined(render(game.name(w)) for w in p.fleets)))
    if p.feature:
        words += ", " + feature_name(p.feature)
    return words


def click_note(phase: str) -> str:
    """What a click on the map does in ``phase``, in the active language."""
    notes = {
        "overrun": t("Click a land with a dashed outline to overrun it (no dice)."),
        "monument": t("Click one of the outlined lands to build the monument there."),
        "minor_start": t("Click the land where the minor empire starts."),
        "civil_target": t("Click the land the Civil War rises in."),
        "plague_area": t("Click a land of the area the plague strikes."),
        "fleet_place": t("Click the sea or ocean for the fleet."),
    }
    return notes.get(phase, t("Click a land on the map to place an army there."))


def choices(game: "BriefGame") -> Choices:
    if game.is_over:
        return Choices(t("The game is over."), (), panels.final_scores_html(game, game.score))
    d = game.decision
    if d.is_chance:
        return Choices(render(d.prompt))
    buttons = []
    for a in game.legal_actions():
        if a.kind in MAP_KINDS and a.kind != "area":
            continue
        label, detail = _label(game, a)
        buttons.append(Choice(label, a, f"hotw-choice-{a.kind}", detail))
    note = ""
    if click_targets(game):
        note = click_note(game.phase)
    return Choices(render(d.prompt), tuple(buttons), note)


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
                "legend": legend_html(), "log": panels.log_html(game, lines=[render(x) for x in self.log_lines()]),
                "table": table_html(game), "events": events_html(game)}

    def is_draft(self, step: str) -> bool:
        return step in ALLOCATION_STEPS

    def news(self, since: int) -> list[str]:
        """The new log lines without their epoch heads (each still a Msg, to be said in any language)."""
        return [without_epoch(line) for line in self.log_lines()[since:]]

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
