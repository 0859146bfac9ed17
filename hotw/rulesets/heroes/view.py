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
from hotw.rulesets.heroes.viewpanels import (
    CSS,
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

#: Action kinds whose target is an area: a click on that area plays them.
AREA_KINDS = ("place", "box", "conquer", "flee", "migrate", "move", "area", "from", "to")
ERA_FILL = {"antiquity": "#e9d9b4", "modern": "#f3b56b"}


REGION_KEY = (f'<span style="background:{ERA_FILL["antiquity"]}">&nbsp;&nbsp;&nbsp;</span> antiquity '
              f'<span style="background:{ERA_FILL["modern"]}">&nbsp;&nbsp;&nbsp;</span> modern age<br>'
              "<small>chips: figures by player; filled boxes / boxes</small>")
LEGEND = ("<p><small>Each area shows its figures by player (a rider is five figures) and its filled progress "
          "boxes. A thick coloured border marks the player with most figures there; a dashed black border is "
          "where a click plays now.</small></p>")


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
                    chips.append(chip(f"{seat_symbol(seat)}{count}", f"{g.who(seat)}: {figures_text(count)} "
                                      f"({count} figures)", "hotw-army", seat_ink(seat)))
            filled = len(g.boxes[sid])
            if filled or sid in g.open_areas:
                points = sum(g.content.progress[t].points for t in g.boxes[sid])
                chips.append(chip(f"{filled}/{g.capacity[sid]}", f"progress boxes filled: {filled} of "
                                  f"{g.capacity[sid]}, worth {points}", "hotw-progress"))
            out[sid] = marker([f'data-space="{sid}"', f'data-boxes="{filled}"'], chips)
        return out

    def hover(self, sid: str) -> str:
        g = self.game
        space = g.board.spaces[sid]
        tiles = ", ".join(f"{esc(g.content.progress[t].name)} {g.content.progress[t].points}"
                          for t in g.boxes[sid]) or "none"
        figs = "<br>".join(f"{seat_badge(g, s)}: {figures_text(c)}" for s, c in enumerate(g.figures[sid]) if c)
        state = ("valued this era" if sid in g.valued else
                 "not in play in antiquity" if sid not in g.open_areas else f"{g.free_boxes(sid)} empty boxes")
        return (f"<b>{esc(space.name)}</b> ({space.era}, {state})<br>progress: {tiles}<br>"
                f"{figs or 'no figures'}")

    def click(self, sid: str, humans: frozenset[int] | set[int] | None = None) -> Action | str:
        g = self.game
        if g.is_over:
            return "The game is over."
        d = g.decision
        if d.is_chance:
            return "Chance decides now (a draw or the die)."
        if humans is not None and d.player not in humans:
            return f"It is {g.who(d.player)}'s move (the computer's)."
        action = self._targets().get(sid)
        if action is not None:
            return action
        kinds = {a.kind for a in g.legal_actions() if a.kind in AREA_KINDS}
        if kinds:
            return g.why_illegal(Action(sorted(kinds)[0], sid))
        return f"{g.area_name(sid)}: {d.prompt} (use the buttons)."

    def follow(self) -> tuple[Hashable, str | None] | None:
        g = self.game
        if g.hero is None:
            return None
        card = g.content.heroes[g.hero]
        return ((g.era, g.turns), card.areas[0] if card.areas else None)

    # -- decisions and panels ----------------------------------------------------------------
    def label(self, action: Action) -> str:
        g = self.game
        kind, t = action.kind, action.target
        words = {"deck": "Draw from the deck", "no_conquest": "No conquest", "end_turn": "End the turn",
                 "buy": "Buy a point (2 coins)", "stop": "Stop moving"}
        if kind in words:
            return words[kind]
        if t in g.content.heroes:
            return f"{kind.capitalize()} {g.content.heroes[t].name}"
        if t in g.content.progress:
            return f"{g.tile_name(t)}" if kind == "tile" else f"{kind} {g.tile_name(t)}"
        if t in g.content.wonders:
            return f"{'Build' if kind == 'build' else 'Use'} the {g.content.wonders[t].name}"
        if t in g.board.spaces:
            return f"{kind.replace('_', ' ').capitalize()} {g.area_name(t)}"
        if kind in ("defender", "seat"):
            return f"{kind.capitalize()}: {g.who(int(t))}"
        if kind in ("ajanta", "gardens"):
            return ("Use" if t == "use" else "Keep") + (" the Ajanta Caves" if kind == "ajanta" else " the Gardens")
        return f"{kind.capitalize()} {t}"

    def choices(self) -> Choices:
        g = self.game
        if g.is_over:
            return Choices(panels.final_scores_html(g, g.score))
        if g.decision.is_chance:
            return Choices(esc(g.decision.prompt))
        buttons = []
        for a in g.legal_actions():
            detail = ""
            if a.target in g.content.heroes and a.kind in ("take", "play"):
                detail = hero_html(g, a.target, short=True)
            buttons.append(Choice(self.label(a), a, f"hotw-{a.kind}", detail))
        area_note = "Click a dashed area on the map, or a button." if self._targets() else ""
        return Choices(esc(g.decision.prompt), tuple(buttons), area_note)

    def panels(self, bots: frozenset[int] = frozenset()) -> dict[str, str]:
        g = self.game
        humans = frozenset(range(g.n)) - bots
        best = max(g.score)
        over = "Game over: " + " and ".join(g.who(s) for s in range(g.n) if g.score[s] == best) + " win(s)"
        notes = {s: (f" <small>{g.coins[s]} coins, {g.reserve[s]} in reserve"
                     + "".join(f", {esc(g.content.wonders[w].name)}" for w, o in g.wonders.items() if o == s)
                     + "</small>") for s in range(g.n)}
        head = (f"<b>Heroes of the World</b>: {('Antiquity', 'the modern age')[max(g.era, 1) - 1]}, "
                f"valuation {len(g.valued)} of {g.valuation_limit()}")
        return {
            "status": panels.status_html(g, head, bots, over),
            "actor": turn_html(g, humans),
            "battle": conquest_html(g),
            "score": panels.score_table(g, g.score, bots, notes),
            "regions": valuations_html(g),
            "region_key": REGION_KEY,
            "legend": table_html(g) + LEGEND,
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
        name = self.game.content.heroes[hero].name if hero else "no hero"
        return f"Turn {index + 1}: {seat_badge(self.game, seat)} with {esc(name)}: {bd.total} points"

    def breakdown(self, index: int = -1) -> str:
        g = self.game
        if not g.turn_scores:
            return "<i>No turn has been played yet.</i>"
        era, hero, seat, bd = g.turn_scores[index]
        parts = [self.turn_caption(index % len(g.turn_scores))]
        for row in bd.regions:
            v = next((x for x in reversed(g.valuations) if x.area == row.region and x.era == era), None)
            if v is not None:
                parts.append(valuation_html(g, v))
        for st in bd.structures:
            parts.append(f"{esc(st.label)}: {st.count} x {st.each} = <b>{st.points}</b>")
        return "<br>".join(parts)


def view(game: "HeroesGame") -> HeroesView:
    """This module's view(game), as ``Ruleset.view`` asks it."""
    return HeroesView(game)


def position_spec() -> Any:
    """The Heroes position format for the lesson builder (:mod:`.positionview`)."""
    from hotw.rulesets.heroes.positionview import position_spec as spec

    return spec()
