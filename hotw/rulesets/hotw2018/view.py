"""The 2018 game in the notebook: what the map shows, what a click means, the buttons and the panels.

``view(game)`` returns the :class:`Hotw2018View` the app asks (the protocol is
:class:`hotw.ui.rulesetview.RulesetView`). Everything here is a pure function of
the game (no widget imports); the panels are in :mod:`.viewpanels`, the parts
every ruleset draws alike in :mod:`hotw.ui.view` and :mod:`hotw.ui.panels`.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hotw.actions import Action
from hotw.i18n import Domain, Msg, joined, language, plural_name, render
from hotw.observation import observation
from hotw.rulesets.hotw2018.battle import battle_odds
from hotw.rulesets.hotw2018.viewpanels import (
    DRAFT_STEPS,
    PIECE_SYMBOLS,
    acting,
    actor_html,
    battle_html,
    battle_line_html,
    card_html,
    card_label,
    esc,
    legend_html,
    pct,
    piece_names,
    region_key_html,
    regions_html,
    score_html,
    setup_words,
    status_html,
    turn_breakdown_html,
    turn_caption,
)
from hotw.ui import panels
from hotw.ui.rulesetview import Choice, Choices, RulesetView
from hotw.rulesets.hotw2018 import viewtable
from hotw.ui.view import board_styles, chip, marker, seat_badge, seat_ink, seat_symbol, without_epoch

if TYPE_CHECKING:
    from hotw.rulesets.hotw2018.game import Hotw2018Game
    from hotw.rulesets.hotw2018.pieces import Actor, BattleRecord

__all__ = ["Hotw2018View", "click_to_action", "hover_text", "invade_targets", "marker_html", "markers",
           "position_spec", "start_candidates", "style_for", "view"]

_ = Domain("hotw2018")
t, tn = _.text, _.text_plural

#: The chips of this edition's pieces (the app's CSS sizes armies; fleets and caravans share their size).
CSS = """
.hotw-chip.hotw-fleet, .hotw-chip.hotw-caravan { min-width: 13px; height: 15px;
  font: 11px/15px "DejaVu Sans", sans-serif; border-radius: 3px; }
.hotw-capitol { background: #ffe28a; }
.hotw-battle-chip { background: #fff; border: 2px solid #000; }
"""


# -- what is where ------------------------------------------------------------------


@dataclass(frozen=True)
class LandState:
    """Who holds a land and how: the owner seat (or None) and whether the army is active."""

    owner: int | None
    active: bool


def active_lands(game: "Hotw2018Game") -> set[str]:
    """The lands of the active armies: those of the empire (or kingdom) that played or plays last."""
    actor = game.actor
    if actor is None:
        return set()
    return {land for land in actor.active if game.owner.get(land) == actor.player}


def land_state(game: "Hotw2018Game", land: str) -> LandState:
    """The army on ``land``: its seat and whether it belongs to the empire playing now."""
    owner = game.owner.get(land)
    actor = game.actor
    active = owner is not None and actor is not None and actor.player == owner and land in actor.active
    return LandState(owner, active)


def invade_targets(game: "Hotw2018Game") -> dict[str, bool]:
    """Lands the acting empire may invade now (True if by fleet); empty outside an invade step."""
    if game.is_over or game.decision.step != "invade":
        return {}
    legal = {a.target for a in game.legal_actions() if a.kind == "invade"}
    return {land: naval for land, naval in game.targets().items() if land in legal}


def start_candidates(game: "Hotw2018Game") -> dict[str, str]:
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


def battle_target(game: "Hotw2018Game") -> str | None:
    """The land fought over while a battle waits for siege or retreat."""
    battle = game.battle
    return battle.target if battle is not None else None


# -- the map -------------------------------------------------------------------------------


def style_for(game: "Hotw2018Game", candidates: bool = True) -> dict[str, dict[str, object]]:
    """The Leaflet path style of every space, keyed by feature id (a pure function of the game).

    ``candidates``: outline the starting territories the seat deciding may pick (they name the cards in
    its hand or offered to it, so only eyes that may read those see them).
    """
    fight = battle_target(game)
    return board_styles(game.board, game.owner, active_lands(game), invade_targets(game),
                        start_candidates(game) if candidates else {}, (fight,) if fight else ())


def _marker(game: "Hotw2018Game", sid: str, active: set[str], actor: "Actor | None", fight: str | None,
            names: dict[str, str]) -> str:
    chips: list[str] = []
    attrs = [f'data-space="{sid}"']
    seat = game.owner.get(sid)
    if seat is not None:
        army, how = army_chip(game, seat, sid in active)
        attrs += [f'data-owner="{seat}"', f'data-state="{how}"']
        chips.append(army)
    token = game.tokens.get(sid)
    if token:
        chips.append(chip(PIECE_SYMBOLS[token], names[token], f"hotw-{token}"))
    if sid in game.monuments:
        chips.append(chip(PIECE_SYMBOLS["monument"], names["monument"], "hotw-monument"))
    if sid in game.forts:
        chips.append(chip(PIECE_SYMBOLS["fort"], names["fort"], "hotw-fort"))
    if actor is not None:
        for kind, spaces in (("fleet", actor.fleets), ("caravan", actor.caravans)):
            if sid in spaces:
                attrs.append(f'data-{kind}="{actor.player}"')
                chips.append(chip(PIECE_SYMBOLS[kind], t("{empire}: {piece}", empire=render(actor.name), piece=names[kind]),
                                  f"hotw-{kind}", seat_ink(actor.player)))
    if sid == fight:
        chips.append(chip(PIECE_SYMBOLS["battle"], names["battle"], "hotw-battle-chip"))
    return marker(attrs, chips)


def marker_html(game: "Hotw2018Game", sid: str, names: dict[str, str] | None = None) -> str:
    """HTML of the marker on space ``sid`` (army, structures, fort, fleet, caravan); '' if none."""
    return _marker(game, sid, active_lands(game), acting(game), battle_target(game), names or piece_names(game))


def markers(game: "Hotw2018Game", names: dict[str, str] | None = None) -> dict[str, str]:
    """Every space that shows a marker, with the marker's HTML."""
    active, actor, fight = active_lands(game), acting(game), battle_target(game)
    names = names or piece_names(game)
    out = {}
    for sid in game.board.spaces:
        text = _marker(game, sid, active, actor, fight, names)
        if text:
            out[sid] = text
    return out


def hover_text(game: "Hotw2018Game", sid: str, names: dict[str, str] | None = None, read_only: bool = False) -> str:
    """HTML describing a space: name, region, terrain, resources, owner, pieces and battle odds."""
    space = game.board.spaces.get(sid)
    if space is None:
        return ""
    names = names or piece_names(game)
    lines = [f"<b>{esc(space.name)}</b>"]
    if space.kind == "sea":
        lines.append(t("Water (sea): armies cannot stop here; fleets carry them across"))
    elif space.kind == "ocean":
        lines.append(t("Water (ocean): armies cannot stop here; fleets carry them across"))
    elif space.kind == "barren":
        lines.append(t("Barren land: no army may stop here; caravans carry armies across it"))
    else:
        region = game.board.regions.get(space.region or "")
        if region is not None:
            values = game.region_values.get(region.id)
            if values:
                lines.append(t("Region: {region} (token {values})", region=esc(region.name),
                               values="/".join(map(str, values))))
            else:
                lines.append(t("Region: {region}", region=esc(region.name)))
        icons = tn("{n} resource icon", "{n} resource icons", space.resources)
        lines.append(t("Terrain: {terrain} · {icons}", terrain=terrain_name(space.terrain), icons=icons))
        state = land_state(game, sid)
        if state.owner is None:
            lines.append(t("No army"))
        else:
            lines.append(f"{seat_badge(game, state.owner, name=False)} "
                         + esc(army_words(game.players[state.owner], state.active)))
        token_kind = game.tokens.get(sid)
        pieces = [names[token_kind]] if token_kind else []
        pieces += [names["monument"]] if sid in game.monuments else []
        pieces += [names["fort"]] if sid in game.forts else []
        if pieces:
            lines.append(t("Pieces: {pieces}", pieces=render(joined(pieces))))
        lines += _invasion_lines(game, sid, read_only)
    if space.note:
        lines.append(f"<i>{esc(space.note)}</i>")
    return "<br>".join(lines)


def _invasion_lines(game: "Hotw2018Game", sid: str, read_only: bool = False) -> list[str]:
    targets = invade_targets(game)
    actor = game.actor
    if sid not in targets or actor is None:
        return []
    name = esc(actor.name)
    if read_only:
        act = t("{empire} could invade here by fleet", empire=name) if targets[sid] else \
            t("{empire} could invade here", empire=name)
    else:
        act = t("Click to invade by fleet") if targets[sid] else t("Click to invade")
    setup = game.invasion_setup(sid)
    if setup is None:
        if plural_name(actor.name):  # English agrees the verb: 'the Romans take', 'the kingdom takes'
            return [t("{act}: no defender, {empire} take it without a battle.", act=act, empire=name)]
        return [t("{act}: no defender, {empire} takes it without a battle.", act=act, empire=name)]
    words = setup_words(setup)
    lines = [t("{act}. Battle odds for {empire}: {odds}", act=act, empire=name, odds=odds_text(battle_odds(setup)))]
    if words:
        lines.append("(" + "; ".join(words) + ")")
    return lines


def terrain_name(terrain: str | None) -> str:
    """A land's terrain in the active language."""
    words = {"mountain": t("mountain"), "forest": t("forest"), "clear": t("clear")}
    return words.get(terrain or "", str(terrain))


def army_words(player: str, active: bool) -> str:
    """"Ada's army (active)", "Ada's army (resigned)" in the active language."""
    plural = player.rstrip().endswith("s")  # English: "Kings' army", "Ada's army"
    if active:
        return t("{player}' army (active)", player=player) if plural else t("{player}'s army (active)", player=player)
    return t("{player}' army (resigned)", player=player) if plural else t("{player}'s army (resigned)", player=player)


def army_chip(game: "Hotw2018Game", seat: int, active: bool) -> tuple[str, str]:
    """(the chip of a seat's army, 'active' or 'resigned')."""
    how = "active" if active else "resigned"
    return chip(seat_symbol(seat), army_words(game.players[seat], active), f"hotw-army hotw-{how}",
                seat_ink(seat)), how


def odds_text(odds: Any) -> str:
    """Win, tie and lose as percentages with their exact fractions, in one line of HTML."""
    frac = {k: f"<b>{pct(odds[k])}</b> <small>({odds[k].numerator}/{odds[k].denominator})</small>"
            for k in ("win", "tie", "lose")}
    return t("win {win} · tie {tie} · lose {lose}", **frac)


# -- clicks and buttons ----------------------------------------------------------------------


def click_to_action(game: "Hotw2018Game", sid: str, humans: set[int] | frozenset[int] | None = None) -> Action | Msg:
    """The legal action a click on space ``sid`` means now, or a sentence saying why there is none.

    ``humans`` is the set of seats played by people (None: every seat); a click
    during a bot's decision is explained rather than played.
    """
    space = game.board.spaces.get(sid)
    if space is None:
        return _("There is no territory called '{land}' on the board.", land=sid)
    if game.is_over:
        return _("The game is over: no more moves can be made.")
    decision = game.decision
    if humans is not None and decision.player not in humans:
        return _("It is {player}'s turn, played by the computer: wait for it, or press Next step.",
                 player=game.players[decision.player])
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
            return _("No empire card left in the draft starts in {land}: choose an empire with the buttons.",
                     land=space.name)
        return _("Your kingdom does not start in {land}: play it with its button, or skip it.", land=space.name)
    if step == "pick_event":
        return _("First choose an event card with the buttons beside the map.")
    if step == "siege_or_retreat":
        target = battle_target(game)
        name = game.board.spaces[target].name if target else _("the territory")
        return _("The battle for {land} is lost: press Siege (fight again with the catapult) or Retreat.", land=name)
    if step == "score_tie":
        return _("Your score marker lands on a taken space: press Step forward or Step back.")
    return _("Nothing to do on the map now: {prompt}", prompt=decision.prompt)


#: Actions played by a click on the map, not by a button.
MAP_ACTIONS = frozenset({"invade", "fortify"})


def choices(game: "Hotw2018Game") -> Choices:
    """The buttons of the pending decision (cards with their text, kingdom, events, siege, score tie)."""
    if game.is_over:
        return Choices(panels.final_scores_html(game, game.score))
    d = game.decision
    step = d.step
    legal = [a for a in game.legal_actions() if a.kind not in MAP_ACTIONS]
    events = game.content.events
    if step in DRAFT_STEPS:
        hand = game.hands[d.player]
        note = t("Your event cards: {cards}", cards=esc(joined(events[c].name for c in hand))) if hand else ""
        cards = tuple(Choice(t("Choose {card}", card=card_label(game, a.target)), a, f"hotw-{step}",
                             card_html(game, a.target)) for a in legal)
        if step == "pick_event":
            prompt = t("{seat}: choose an event card.", seat=seat_badge(game, d.player))
        else:
            prompt = t("{seat}: choose an empire (or click its starting territory).", seat=seat_badge(game, d.player))
        return Choices(prompt, cards, note)
    if step == "kingdom":
        return Choices(t("Play your kingdom before your empire (or click its starting territory), or skip it."), tuple(
            Choice(t("Play {card}", card=render(events[a.target].name)), a, "hotw-kingdom", card_html(game, a.target))
            if a.kind == "play_kingdom" else Choice(t("Skip the kingdom"), a, "hotw-skip") for a in legal))
    if step == "invade":
        buttons = []
        for a in legal:
            if a.kind == "play_event":
                buttons.append(Choice(t("Play {card}", card=render(events[a.target].name)), a, "hotw-event",
                                      card_html(game, a.target)))
            elif a.kind == "end_invasions":
                buttons.append(Choice(t("End invasions (build, resign, score)"), a, "hotw-end"))
        actor = game.actor
        if actor is not None and actor.armies + actor.tokens == 0 and not invade_targets(game):
            prompt = t("No armies are left on your card: press End invasions to build, resign and score.")
        else:
            prompt = t("Click a territory with a thick dashed outline to invade it (or choose it in the list of "
                       "lands below); click one of your active territories to build a fort there (costs one army).")
        return Choices(prompt, tuple(buttons))
    if step == "siege_or_retreat":
        labels = {"siege": t("Siege"), "retreat": t("Retreat")}
        return Choices("", tuple(Choice(labels.get(a.kind, a.text()), a, f"hotw-{a.kind}") for a in legal))
    if step == "score_tie":
        labels = {"forward": t("Step forward (+1)"), "back": t("Step back (-1)")}
        return Choices(esc(d.prompt), tuple(Choice(labels.get(a.target, a.text()), a, "hotw-tie") for a in legal))
    return Choices("", tuple(Choice(a.text(), a) for a in legal))


# -- the view the app asks ------------------------------------------------------------------------


class Hotw2018View(RulesetView):
    """The 2018 game as the notebook shows it (see :class:`~hotw.ui.rulesetview.RulesetView`)."""

    game: "Hotw2018Game"

    def __init__(self, game: "Hotw2018Game") -> None:
        super().__init__(game)
        self._piece_names: tuple[str, dict[str, str]] | None = None

    @property
    def piece_names(self) -> dict[str, str]:
        """What each piece is, with the structures' points under this game's options, in the language spoken now
        (made once a language: the menu may change it while the view lasts)."""
        lang = language()
        if self._piece_names is None or self._piece_names[0] != lang:
            self._piece_names = (lang, piece_names(self.game))
        return self._piece_names[1]

    def css(self) -> str:
        return CSS

    def styles(self) -> dict[str, dict[str, object]]:
        game = self.game
        return style_for(game, game.is_over or self.sees_private(game.decision.player))

    def known_empires(self) -> dict[int, str]:
        """Seat -> the empire it drafted this epoch, as far as the eyes may know (each seat's observation)."""
        game = self.game
        if self.eyes is None:
            from hotw.rulesets.hotw2018.viewpanels import drafted_empires

            return drafted_empires(game)
        seen = [observation(game, seat).revealed_empires for seat in self.eyes]
        return {p: e for p, e in seen[0].items() if all(other.get(p) == e for other in seen[1:])}

    def markers(self) -> dict[str, str]:
        return markers(self.game, self.piece_names)

    def hover(self, sid: str) -> str:
        return hover_text(self.game, sid, self.piece_names, self.read_only)

    def map_choices(self, humans: frozenset[int] | set[int] | None = None) -> tuple[Choice, ...]:
        return viewtable.map_choices(self.game, invade_targets(self.game), humans)

    def board_rows(self) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
        game = self.game
        return viewtable.board_rows(game, active_lands(game), self.piece_names, invade_targets(game))

    def click(self, sid: str, humans: frozenset[int] | set[int] | None = None) -> Action | Msg:
        return click_to_action(self.game, sid, humans)

    def follow(self) -> tuple[Hashable, str | None] | None:
        """The empire (or kingdom) playing now and its first starting territory."""
        actor = acting(self.game)
        if actor is None:
            return None
        return (self.game.epoch, actor.card), (actor.starts[0] if actor.starts else None)

    def choices(self) -> Choices:
        return choices(self.game)

    def panels(self, bots: frozenset[int] = frozenset()) -> dict[str, str]:
        game = self.game
        known = self.known_empires()
        return {
            "status": status_html(game, bots, known),
            "actor": actor_html(game),
            "battle": battle_html(game),
            "score": score_html(game, bots, known),
            "regions": regions_html(game),
            "region_key": region_key_html(game),
            "legend": legend_html(self.piece_names),
            "log": panels.log_html(game, lines=self.log_lines()),
            "table": viewtable.table_html(game),
            "events": viewtable.events_html(game),
        }

    def is_draft(self, step: str) -> bool:
        return step in DRAFT_STEPS

    def news(self, since: int) -> list[str]:
        """The new log lines without their 'Epoch II, ' heads (each still a Msg, to be said in any language)."""
        return [without_epoch(line) for line in self.log_lines()[since:]]

    def battle_html(self, record: "BattleRecord") -> str:
        return battle_line_html(self.game, record)

    def scored_turns(self) -> int:
        return len(self.game.turn_scores)

    def turn_caption(self, index: int) -> str:
        return turn_caption(self.game, index)

    def breakdown(self, index: int = -1) -> str:
        return turn_breakdown_html(self.game, index)


def position_spec() -> Any:
    """The 2018 position format for the lesson builder (:mod:`.positionview`)."""
    from hotw.rulesets.hotw2018.positionview import position_spec as spec

    return spec()


def view(game: "Hotw2018Game") -> Hotw2018View:
    """The view of a 2018 game (what ``Ruleset.view`` returns)."""
    return Hotw2018View(game)
