"""Heroes of the World in the notebook game: the nine-area map, what a click means, the buttons, the panels.

``view(game)`` returns the :class:`HeroesView` the app asks (the protocol is
:class:`hotw.ui.rulesetview.RulesetView`). Each area shows its figures by colour (as
riders of five and single figures) and its progress boxes; the panels show the turn,
the conquest die with each face's effect, the score track with coins and wonders,
each valuation's breakdown, and the table of areas and wonders. Pure: no widget imports.
"""

from __future__ import annotations

import html
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from hotw.actions import Action
from hotw.i18n import Domain, joined, render
from hotw.rulesets.heroes.viewpanels import (
    CSS,
    ERA_WORDS,
    conquest_html,
    conquest_line,
    figures_text,
    hero_html,
    table_html,
    turn_html,
    valuation_html,
    valuations_html,
)
from hotw.ui import panels
from hotw.ui.rulesetview import Choice, Choices, RulesetView
from hotw.ui.view import chip, marker, seat_badge, seat_colour, seat_ink, seat_symbol

if TYPE_CHECKING:
    from hotw.rulesets.heroes.game import HeroesGame

__all__ = ["AREA_KINDS", "HeroesView", "position_spec", "view"]

esc = html.escape
_ = Domain("heroes")
t, tn = _.text, _.text_plural

#: Action kinds whose target is an area: a click on that area plays them.
AREA_KINDS = ("place", "box", "conquer", "flee", "migrate", "move", "area", "from", "to")
ERA_FILL = {"antiquity": "#e9d9b4", "modern": "#f3b56b"}


def region_key() -> str:
    """The map's key: the two eras' colours, what the chips say (in the active language)."""
    antiquity, modern = t("antiquity"), t("modern age")
    chips = t("chips: figures by player; filled boxes / boxes")
    return (f'<span style="background:{ERA_FILL["antiquity"]}">&nbsp;&nbsp;&nbsp;</span> {antiquity} '
            f'<span style="background:{ERA_FILL["modern"]}">&nbsp;&nbsp;&nbsp;</span> {modern}<br>'
            f"<small>{chips}</small>")


def legend() -> str:
    """What the map's marks mean (in the active language)."""
    return ("<p><small>" + t("Each area shows its figures by player (a rider is five figures) and its filled "
                             "progress boxes. A thick coloured border marks the player with most figures there; a "
                             "dashed black border is where a click plays now.") + "</small></p>")


class HeroesView(RulesetView):
    """The Heroes view of one game."""

    game: "HeroesGame"
    center = (28.0, 45.0)
    zoom = 2.0

    def css(self) -> str:
        return CSS

    # -- the map ---------------------------------------------------------------------------
    def _targets(self) -> dict[str, Action]:
        g = self.game
        if g.is_over or g.decision.is_chance:
            return {}
        out: dict[str, Action] = {}
        for a in g.legal_actions():
            if a.kind in AREA_KINDS and a.target in g.board.spaces:
                out.setdefault(a.target, a)
        return out

    def leader(self, area: str) -> int | None:
        """The seat with most figures in ``area`` (None if none or a tie)."""
        counts = self.game.figures[area]
        best = max(counts)
        return counts.index(best) if best and counts.count(best) == 1 else None

    def styles(self) -> dict[str, dict[str, Any]]:
        g = self.game
        targets = self._targets()
        out = {}
        for sid, space in g.board.spaces.items():
            era = space.era or "modern"
            classes = ["hotw-space", f"hotw-id-{sid}", "hotw-area", f"hotw-era-{era}"]
            style: dict[str, Any] = {"fillColor": ERA_FILL[era], "fillOpacity": 0.75, "color": "#5c5c5c",
                                     "weight": 1.0}
            if sid not in g.open_areas:
                style.update(fillOpacity=0.25, dashArray="4 4")
                classes.append("hotw-closed")
            if sid in g.valued:
                style.update(fillOpacity=0.95)
                classes.append("hotw-valued")
            lead = self.leader(sid)
            if lead is not None:
                style.update(color=seat_colour(lead), weight=3.0)
                classes.append(f"hotw-owner-{lead}")
            if sid in targets:
                style.update(color="#000000", weight=3.5, dashArray="7 4")
                classes.append("hotw-target")
            style["className"] = " ".join(classes)
            out[sid] = style
        return out

    def markers(self) -> dict[str, str]:
        g = self.game
        out = {}
        for sid in g.board.spaces:
            chips = []
            for seat, count in enumerate(g.figures[sid]):
                if count:
                    chips.append(chip(f"{seat_symbol(seat)}{count}",
                                      tn("{who}: {riders} ({n} figure)", "{who}: {riders} ({n} figures)", count,
                                         who=g.who(seat), riders=figures_text(count)), "hotw-army", seat_ink(seat)))
            filled = len(g.boxes[sid])
            if filled or sid in g.open_areas:
                points = sum(g.content.progress[t].points for t in g.boxes[sid])
                chips.append(chip(f"{filled}/{g.capacity[sid]}", t("progress boxes filled: {filled} of {boxes}, worth "
                                                                   "{points}", filled=filled, boxes=g.capacity[sid],
                                                                   points=points), "hotw-progress"))
            out[sid] = marker([f'data-space="{sid}"', f'data-boxes="{filled}"'], chips)
        return out

    def hover(self, sid: str) -> str:
        g = self.game
        space = g.board.spaces[sid]
        progress = g.content.progress
        tiles = render(joined(t("{tile} {points}", tile=progress[x].name, points=progress[x].points)
                              for x in g.boxes[sid])) if g.boxes[sid] else t("none")
        figs = "<br>".join(f"{seat_badge(g, s)}: {figures_text(c)}" for s, c in enumerate(g.figures[sid]) if c)
        if sid in g.valued:
            state = t("valued this era")
        elif sid not in g.open_areas:
            state = t("not in play in antiquity")
        else:
            state = tn("{n} empty box", "{n} empty boxes", g.free_boxes(sid))
        return t("<b>{area}</b> ({era}, {state})<br>progress: {tiles}<br>{figures}", area=esc(render(space.name)),
                 era=ERA_WORDS[space.era or "modern"](), state=state, tiles=esc(tiles),
                 figures=figs or t("no figures"))

    def click(self, sid: str, humans: frozenset[int] | set[int] | None = None) -> Action | str:
        g = self.game
        if g.is_over:
            return t("The game is over.")
        d = g.decision
        if d.is_chance:
            return t("Chance decides now (a draw or the die).")
        if humans is not None and d.player not in humans:
            return t("It is {who}'s move (the computer's).", who=g.who(d.player))
        action = self._targets().get(sid)
        if action is not None:
            return action
        kinds = {a.kind for a in g.legal_actions() if a.kind in AREA_KINDS}
        if kinds:
            return render(g.why_illegal(Action(sorted(kinds)[0], sid)))
        return t("{area}: {prompt} (use the buttons).", area=g.area_name(sid), prompt=d.prompt)

    def follow(self) -> tuple[Hashable, str | None] | None:
        g = self.game
        if g.hero is None:
            return None
        card = g.content.heroes[g.hero]
        return ((g.era, g.turns), card.areas[0] if card.areas else None)

    # -- decisions and panels ----------------------------------------------------------------
    def label(self, action: Action) -> str:
        """A decision's button, in the active language."""
        return label_words(self.game, action)

    def choices(self) -> Choices:
        g = self.game
        if g.is_over:
            return Choices(panels.final_scores_html(g, g.score))
        if g.decision.is_chance:
            return Choices(esc(render(g.decision.prompt)))
        buttons = []
        for a in g.legal_actions():
            detail = ""
            if a.target in g.content.heroes and a.kind in ("take", "play"):
                detail = hero_html(g, a.target, short=True)
            buttons.append(Choice(self.label(a), a, f"hotw-{a.kind}", detail))
        area_note = t("Click a dashed area on the map, or a button.") if self._targets() else ""
        return Choices(esc(render(g.decision.prompt)), tuple(buttons), area_note)

    def panels(self, bots: frozenset[int] = frozenset()) -> dict[str, str]:
        g = self.game
        humans = frozenset(range(g.n)) - bots
        best = max(g.score)
        winners = [g.who(s) for s in range(g.n) if g.score[s] == best]
        over = t("Game over: {winners} win(s)", winners=render(joined(winners, " and ")))
        notes = {s: (" <small>" + tn("{n} coin, {reserve} in reserve", "{n} coins, {reserve} in reserve",
                                     g.coins[s], reserve=g.reserve[s])
                     + "".join(f", {esc(render(g.content.wonders[w].name))}" for w, o in g.wonders.items() if o == s)
                     + "</small>") for s in range(g.n)}
        era = t("Antiquity") if g.era <= 1 else t("the modern age")
        head = t("<b>Heroes of the World</b>: {era}, valuation {k} of {limit}", era=era, k=len(g.valued),
                 limit=g.valuation_limit())
        return {
            "status": panels.status_html(g, head, bots, over),
            "actor": turn_html(g, humans),
            "battle": conquest_html(g),
            "score": panels.score_table(g, g.score, bots, notes),
            "regions": valuations_html(g),
            "region_key": region_key(),
            "legend": table_html(g) + legend(),
            "log": panels.log_html(g, lines=self.log_lines()),
        }

    def epoch(self) -> int:
        return int(self.game.era)

    def battle_html(self, record: Any) -> str:
        return conquest_line(self.game, record)

    # -- scored turns -----------------------------------------------------------------------------
    def scored_turns(self) -> int:
        return len(self.game.turn_scores)

    def turn_caption(self, index: int) -> str:
        era, hero, seat, bd = self.game.turn_scores[index]
        name = render(self.game.content.heroes[hero].name) if hero else t("no hero")
        return tn("Turn {k}: {who} with {hero}: {n} point", "Turn {k}: {who} with {hero}: {n} points", bd.total,
                  k=index + 1, who=seat_badge(self.game, seat), hero=esc(name))

    def breakdown(self, index: int = -1) -> str:
        g = self.game
        if not g.turn_scores:
            return "<i>" + t("No turn has been played yet.") + "</i>"
        era, hero, seat, bd = g.turn_scores[index]
        parts = [self.turn_caption(index % len(g.turn_scores))]
        for row in bd.regions:
            v = next((x for x in reversed(g.valuations) if x.area == row.region and x.era == era), None)
            if v is not None:
                parts.append(valuation_html(g, v))
        for st in bd.structures:
            parts.append(t("{label}: {count} x {each} = <b>{points}</b>", label=esc(render(st.label)), count=st.count,
                           each=st.each, points=st.points))
        return "<br>".join(parts)


def label_words(g: "HeroesGame", action: Action) -> str:
    """A decision's button in the active language: "End the turn", "Take Confucius", "Build the Parthenon"."""
    kind, target = action.kind, action.target
    words = {"deck": lambda: t("Draw from the deck"), "no_conquest": lambda: t("No conquest"),
             "end_turn": lambda: t("End the turn"), "buy": lambda: t("Buy a point (2 coins)"),
             "stop": lambda: t("Stop moving")}
    if kind in words:
        return words[kind]()
    if target in g.content.heroes:
        hero = render(g.content.heroes[target].name)
        if kind == "take":
            return t("Take {hero}", hero=hero)
        if kind == "play":
            return t("Play {hero}", hero=hero)
        return t("{action} {target}", action=kind.capitalize(), target=hero)
    if target in g.content.progress:
        tile = render(g.tile_name(target))
        return tile if kind == "tile" else t("{action} {target}", action=kind, target=tile)
    if target in g.content.wonders:
        wonder = render(g.content.wonders[target].name)
        return t("Build the {wonder}", wonder=wonder) if kind == "build" else t("Use the {wonder}", wonder=wonder)
    if target in g.board.spaces:
        area = render(g.area_name(target))
        said = _AREA_ACTIONS.get(kind)
        return said(area) if said else t("{action} {target}", action=kind.replace("_", " ").capitalize(), target=area)
    if kind == "defender":
        return t("Defender: {who}", who=g.who(int(target)))
    if kind == "seat":
        return t("Seat: {who}", who=g.who(int(target)))
    if kind == "ajanta":
        return t("Use the Ajanta Caves") if target == "use" else t("Keep the Ajanta Caves")
    if kind == "gardens":
        return t("Use the Gardens") if target == "use" else t("Keep the Gardens")
    if kind == "count":
        return t("Count {n}", n=target)
    return t("{action} {target}", action=kind.capitalize(), target=target)


_AREA_ACTIONS = {
    "place": lambda a: t("Place {area}", area=a), "box": lambda a: t("Box {area}", area=a),
    "conquer": lambda a: t("Conquer {area}", area=a), "flee": lambda a: t("Flee {area}", area=a),
    "migrate": lambda a: t("Migrate {area}", area=a), "move": lambda a: t("Move {area}", area=a),
    "area": lambda a: t("Area {area}", area=a), "from": lambda a: t("From {area}", area=a),
    "to": lambda a: t("To {area}", area=a),
}


def view(game: "HeroesGame") -> HeroesView:
    """This module's view(game), as ``Ruleset.view`` asks it."""
    return HeroesView(game)


def position_spec() -> Any:
    """The Heroes position format for the lesson builder (:mod:`.positionview`)."""
    from hotw.rulesets.heroes.positionview import position_spec as spec

    return spec()
