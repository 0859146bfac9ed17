"""The classic game in the notebook: what the map shows, what a click means, the buttons and the panels.

``view(game)`` returns the :class:`ClassicView` the app asks (the protocol is
:class:`hotw.ui.rulesetview.RulesetView`). Pure: no widget imports. Pre-eminence
markers show as a count beside each player until the end; their values only then.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from hotw.actions import Action
from hotw.i18n import Domain, Msg, joined, plural_name, render
from hotw.observation import observation
from hotw.rulesets.classic.battle import attack_dice, conquest_odds
from hotw.rulesets.classic.observation import HIDDEN_CARD
from hotw.rulesets.classic.pieces import RESULTS
from hotw.rulesets.classic.scoring import TIERS
from hotw.rulesets.classic.turnlog import scores as _scores
from hotw.rulesets.classic.viewstyle import CSS, SYMBOLS
from hotw.ui import panels
from hotw.ui.rulesetview import Choice, Choices, RulesetView
from hotw.ui.view import (army_chip, board_styles, chip, dice, esc, marker, odds_text, roman, seat_badge,
                          seat_ink, without_epoch)

if TYPE_CHECKING:
    from hotw.rulesets.classic.game import ClassicGame
    from hotw.rulesets.classic.pieces import BattleRecord

__all__ = ["ClassicView", "position_spec", "view"]

_ = Domain("classic")
t, tn = _.text, _.text_plural


EPOCH_LINE = "Epoch {epoch}, {text}"
"""The message of a log line's epoch prefix (the line itself is its ``text``)."""
# TRANSLATORS: the events in force this turn, as the actor panel lists them
EFFECTS = {"leader": _("leader"), "weaponry": _("weaponry"), "reallocation": _("reallocation"),
           "armies": _("armies"), "forts": _("forts"), "naval_power": _("naval_power"),
           "siegecraft": _("siegecraft"), "elite": _("elite"), "wins_ties": _("wins_ties"),
           "treachery": _("treachery"), "expert": _("expert")}
# TRANSLATORS: the map legend's piece names (beside their symbols)
SYMBOL_NAMES = {"capitol": _("capitol"), "city": _("city"), "monument": _("monument"), "fort": _("fort"),
                "fleet": _("fleet"), "battle": _("battle")}
MAP_ACTIONS = frozenset({"invade", "fort", "monument"})
DRAFT_STEPS = frozenset({"keep_or_give"})
#: the msgid of the line that scores a turn (the log line itself, made by turnlog)
_SCORES_LINE = _scores("", 0, 0).msgid


def _targets(game: "ClassicGame") -> dict[str, int]:
    if game.is_over or game.decision.step != "expand":
        return {}
    legal = {a.target for a in game.legal_actions() if a.kind == "invade"}
    return {t: d for t, d in game.targets().items() if t in legal}


def _picks(game: "ClassicGame") -> list[str]:
    """Lands a click picks now: an event step's land targets (a region's lands for an area pick), monument lands."""
    if game.is_over:
        return []
    step = game.decision.step
    if step == "monument":
        return game.monument_lands()
    if step != "event_step":
        return []
    out = []
    for t in game.step_targets():
        if t in game.board.regions:
            out += list(game.board.regions[t].lands)
        elif game.board.spaces[t].kind == "land":
            out.append(t)
    return out


def _region_pick(game: "ClassicGame", sid: str) -> str | None:
    region = game.board.spaces[sid].region
    if region is not None and region in game.step_targets():
        return region
    return None


def _pieces_on(game: "ClassicGame", sid: str) -> list[tuple[str, str]]:
    """The pieces on a land, as (kind, what its map chip says): its capitol or city, each monument, its fort."""
    out = []
    kind = game.structures.get(sid)
    if kind:
        out.append((kind, t("capitol (2 points)") if kind == "capitol" else t("city (1 point)")))
    monuments = game.monuments.get(sid, 0)
    if monuments:
        out += [("monument", t("monument (1 point)"))] * monuments
    if sid in game.forts:
        out.append(("fort", t("fort (+1 to the defender)")))
    return out


def _pieces_here(game: "ClassicGame", sid: str) -> str:
    """The pieces on a land in words, as the map's chips name them ("2 × monument (1 point)")."""
    pieces = _pieces_on(game, sid)
    count = sum(kind == "monument" for kind, _title in pieces)
    words = [f"{count} × {title}" if kind == "monument" and count > 1 else title
             for kind, title in dict(pieces).items()]  # one entry a kind, in the chips' order
    return render(joined(words)) if words else ""


class ClassicView(RulesetView):
    """The classic game as the notebook shows it."""

    game: "ClassicGame"

    def css(self) -> str:
        return CSS

    # -- the map ---------------------------------------------------------------------------
    def styles(self) -> dict[str, dict[str, object]]:
        g = self.game
        active = g.actor.lands if g.actor is not None else set()
        fight = (g.battle.target,) if g.battle is not None else ()
        return board_styles(g.board, g.owner, active, _targets(g), _picks(g), fight)

    def markers(self) -> dict[str, str]:
        g = self.game
        out = {}
        active = g.actor.lands if g.actor is not None else set()
        for sid in g.board.spaces:
            chips, attrs = [], [f'data-space="{sid}"']
            seat = g.owner.get(sid)
            if seat is not None:
                army, how = army_chip(g, seat, sid in active)
                attrs += [f'data-owner="{seat}"', f'data-state="{how}"']
                chips.append(army)
            chips += [chip(SYMBOLS[kind], title, f"hotw-{kind}") for kind, title in _pieces_on(g, sid)]
            if sid in g.fleets and g.actor is not None:
                attrs.append(f'data-fleet="{g.actor.player}"')
                chips.append(chip(SYMBOLS["fleet"], t("{empire}: fleet", empire=g.actor.name), "hotw-fleet",
                                  seat_ink(g.actor.player)))
            if g.battle is not None and g.battle.target == sid:
                chips.append(chip(SYMBOLS["battle"], t("battle"), "hotw-battle-chip"))
            text = marker(attrs, chips)
            if text:
                out[sid] = text
        return out

    def hover(self, sid: str) -> str:
        g = self.game
        space = g.board.spaces.get(sid)
        if space is None:
            return ""
        lines = [f"<b>{esc(space.name)}</b>"]
        if space.is_water:
            water = {"sea": t("sea"), "ocean": t("ocean")}.get(space.kind, space.kind)
            lines.append(t("Water ({kind}): a fleet here carries armies to every land on its coast", kind=water))
        elif space.kind == "barren":
            lines.append(t("Barren land: no army may enter it"))
        else:
            region = g.board.regions.get(space.region or "")
            if region is not None and g.epoch:
                values = _values_text(g, region.id, g.epoch)
                lines.append(t("Area: {area} ({values} this epoch, the online game's values)", area=esc(region.name),
                               values=values) if g.area_values_online(region.id) else
                             t("Area: {area} ({values} this epoch)", area=esc(region.name), values=values))
            if g.epoch and sid in g.moved_lands():
                lines.append(_counts_in(g, sid))
            forest = t("Forest") if space.terrain == "forest" else t("No forest")
            lines.append(f"{forest} · " + tn("{n} resource symbol", "{n} resource symbols", space.resources))
            seat = g.owner.get(sid)
            lines.append(t("No army") if seat is None else
                         t("{player}'s army ({force})", player=seat_badge(g, seat),
                           force=esc(g.land_force.get(sid, ""))))
            pieces = _pieces_here(g, sid)
            if pieces:
                lines.append(pieces)
            targets = _targets(g)
            if sid in targets and g.actor is not None:
                lines.append(self._target_words(sid, seat, targets[sid]))
        if space.note:
            lines.append(f"<i>{esc(space.note)}</i>")
        return "<br>".join(lines)

    def _target_words(self, sid: str, seat: int | None, defend: int) -> str:
        """What a click on a land in reach does (on a replay's or a lesson's picture: what the empire could do)."""
        g = self.game
        assert g.actor is not None
        name = g.actor.name  # the verb agrees with it: "the Romans take", "Egypt takes"
        if seat is None or seat == g.actor.player:
            if self.read_only:
                return t("{empire} could move in here without a battle.", empire=esc(name))
            return (t("Click to move in: {empire} take it without a battle.", empire=esc(name)) if plural_name(name)
                    else t("Click to move in: {empire} takes it without a battle.", empire=esc(name)))
        fx = g.fx
        odds = odds_text(conquest_odds(attack_dice(bool(fx.get("leader")), bool(fx.get("elite"))), defend,
                                       int(fx.get("weaponry", 0)), g._fort_counts(sid), g._wins_ties(),
                                       g.opts["tie_rule"]))
        if self.read_only:
            return tn("{empire} could attack here (defender rolls {n} die): {odds}",
                      "{empire} could attack here (defender rolls {n} dice): {odds}", defend, empire=esc(name),
                      odds=odds)
        return tn("Click to attack (defender rolls {n} die): {odds}",
                  "Click to attack (defender rolls {n} dice): {odds}", defend, odds=odds)

    def click(self, sid: str, humans: frozenset[int] | set[int] | None = None) -> Action | str:
        g = self.game
        space = g.board.spaces.get(sid)
        if space is None:
            return t("There is no land called '{land}' on the board.", land=sid)
        if g.is_over:
            return t("The game is over: no more moves can be made.")
        d = g.decision
        if humans is not None and d.player not in humans:
            return t("It is {player}'s turn, played by the computer: wait for it, or press Next step.",
                     player=g.players[d.player])
        legal = g.legal_actions()
        if d.step == "expand":
            own = g.actor is not None and sid in g.actor.lands
            action = Action("fort" if own else "invade", sid)
            return action if action in legal else render(g.why_illegal(action))
        if d.step == "monument":
            action = Action("monument", sid)
            return action if action in legal else t("{land} is not a land of {empire}.", land=render(space.name),
                                                    empire=render(g.actor.name))
        if d.step == "event_step":
            pick = Action("target", sid)
            if pick in legal:
                return pick
            region = _region_pick(g, sid)
            if region is not None:
                return Action("target", region)
            return t("{land} cannot be chosen for this event: use the buttons, or Done.", land=render(space.name))
        return t("Nothing to do on the map now: {prompt}", prompt=self.prompt())

    def follow(self) -> tuple[Hashable, str | None] | None:
        a = self.game.actor
        if a is None:
            return None
        return (self.game.epoch, a.card), (a.starts[0] if a.starts else None)

    # -- buttons ------------------------------------------------------------------------------
    def choices(self) -> Choices:
        g = self.game
        if g.is_over:
            return Choices(panels.final_scores_html(g, g.score) + self._markers_revealed())
        d = g.decision
        legal = [a for a in g.legal_actions() if a.kind not in MAP_ACTIONS]
        ev = g.content.events
        buttons = []
        for a in legal:
            if a.kind == "keep":
                buttons.append(Choice(t("Keep {empire}", empire=render(g.content.empires[g.pending_card].name)), a,
                                      "hotw-keep", self._empire_html(g.pending_card)))
            elif a.kind == "give":
                buttons.append(Choice(t("Give it to {player}", player=g.players[int(a.target)]), a, "hotw-give"))
            elif a.kind == "play_event":
                buttons.append(Choice(t("Play {event}", event=render(ev[a.target].name)), a, "hotw-event",
                                      f"<small>{esc(ev[a.target].text)}</small>"))
            elif a.kind == "begin":
                buttons.append(Choice(t("Begin {empire}", empire=render(g.content.empires[g.empire].name)), a,
                                      "hotw-begin", self._empire_html(g.empire)))
            elif a.kind == "target":
                sid = a.target
                name = g.board.regions[sid].name if sid in g.board.regions else g.board.spaces[sid].name
                buttons.append(Choice(render(name), a, "hotw-target"))
            elif a.kind == "done":
                buttons.append(Choice(t("Done"), a, "hotw-done"))
            elif a.kind == "treachery":
                buttons.append(Choice(t("Treachery: take {land}", land=render(g.board.spaces[a.target].name)), a,
                                      "hotw-treachery"))
            elif a.kind == "trade_fleet":
                buttons.append(Choice(t("Trade the fleet on {sea} for a coin",
                                        sea=render(g.board.spaces[a.target].name)), a))
            elif a.kind == "buy_army":
                buttons.append(Choice(t("Buy back a defeated army (1 coin)"), a))
            elif a.kind == "end_turn":
                buttons.append(Choice(t("End the turn (monuments, then score)"), a, "hotw-end"))
            else:
                buttons.append(Choice(a.text(), a))
        if d.step == "expand":
            prompt = t("Click a land with a thick dashed outline to move in or attack; click one of your lands to "
                       "build a fort there (costs one army).")
        elif d.step == "monument":
            prompt = t("Click one of your empire's lands (or a button) to build a monument there.")
        else:
            prompt = esc(d.prompt)
        if d.step == "monument":
            buttons = [Choice(t("Monument in {land}", land=render(g.board.spaces[a.target].name)), a, "hotw-monument")
                       for a in g.legal_actions()]
        hand = g.hands[d.player] if d.player >= 0 else []
        note = (t("Your event cards: {cards}", cards=esc(joined([ev[c].name for c in hand])))
                if hand and d.step == "events" else "")
        return Choices(prompt, tuple(buttons), note)

    def _empire_html(self, empire: str | None) -> str:
        if empire is None:
            return ""
        g = self.game
        e = g.content.empires[empire]
        spaces = g.board.spaces
        navigation = g.empire_navigation(empire)  # what this game uses: the card, or the online rules' card
        nav = esc(joined([spaces[w].name for w in navigation])) if navigation else t("none")
        facts = tn("{n} army", "{n} armies", g._strength(empire))
        extra = g.empire_monuments_more(empire)  # the online game's, under its option
        # TRANSLATORS: on an empire card: the monuments it builds beyond one per two resource symbols (the online game)
        more = " · " + tn("{n} monument more than its symbols give", "{n} monuments more than its symbols give",
                          extra) if extra else ""
        return (f"<small>{facts} · " + t("starts in {lands}", lands=esc(joined([spaces[s].name for s in e.start])))
                + " · " + (t("capitol") if g.empire_capitol(empire) else t("no capitol")) + more + " · "
                + t("navigation: {seas}", seas=nav)
                + f"<br><i>{esc(e.dates)}: {esc(e.note)}</i></small>")

    def _markers_revealed(self) -> str:
        g = self.game
        rows = [f"{seat_badge(g, p)}: {' + '.join(map(str, m))}" for p, m in enumerate(g.preeminence) if m]
        return "<br><b>" + t("Pre-eminence markers") + "</b><br>" + "<br>".join(rows) if rows else ""

    # -- panels -----------------------------------------------------------------------------------
    def panels(self, bots: frozenset[int] = frozenset()) -> dict[str, str]:
        g = self.game
        head = [t("<b>Epoch {epoch}</b> of {epochs}", epoch=roman(g.epoch), epochs=g.ruleset.epochs)]
        if g.call_order and g.decision.step not in DRAFT_STEPS:
            names = []
            for i, card in enumerate(g.call_order):
                label = esc(g.content.empires[card].name) + f" ({esc(g.players[g._holder(card)])})"
                names.append(f"<u>{label}</u>" if i == g.turn else label)
            head.append(" · " + t("called in order: {empires}", empires=" → ".join(names)))
        over = (tn("The game is over. {players} wins.", "The game is over. {players} win.", len(g.winners),
                   players=render(joined(g.winners))) if g.is_over else "")
        notes = {}
        for p in range(g.n):
            held = len(g.preeminence[p])
            empire = g.holder.get(p)
            text = f" <small>{esc(g.content.empires[empire].name)}</small>" if empire else ""
            if held and not g.is_over:
                down = html.escape(t("face down until the end"))
                text += f' <small class="hotw-marker-count" title="{down}">★×{held}</small>'
            notes[p] = text
        a = g.actor
        actor = ""
        if a is not None:
            actor = f"{seat_badge(g, a.player)} <b>{esc(a.name)}</b>: " + tn("{n} army to place", "{n} armies to place",
                                                                            a.armies)
            if g.coins:
                actor += ", " + tn("{n} coin", "{n} coins", g.coins)
            shown = [EFFECTS.get(k, k) for k in sorted(g.fx) if k != "battles_lost"]  # a count, not an event
            if shown:
                actor += "<br>" + t("Events in force: {effects}", effects=esc(joined(shown)))
        regions, note = self._region_table()
        legend = " · ".join(f"{sym} {render(SYMBOL_NAMES.get(k, k))}" for k, sym in SYMBOLS.items())
        return {
            "status": panels.status_html(g, "".join(head), bots, over, None if g.is_over else self.prompt()),
            "actor": actor,
            "battle": self.battle_html(g.last_battle) if g.last_battle is not None else "",
            "score": panels.score_table(g, g.score, bots, notes),
            "regions": regions + note + self._moved_notes(),
            # the map's key stays small and folded (open, it covers the Mediterranean in a narrow map): the
            # "(online)" mark's note is in the panel
            "region_key": (f"<details><summary class='hotw-key-title'>{t('Area')} {_points_head()}</summary>"
                           f"{regions}</details>"),
            "legend": legend,
            "log": panels.log_html(g, lines=[render(line) for line in self.log_lines()]),
        }

    def _region_table(self) -> tuple[str, str]:
        """Each area with the values this game scores this epoch, and the note under it: a value of the online
        game's, not the printed chart's, says so in words, and the note what that means."""
        g = self.game
        epoch, rows, online = max(g.epoch, 1), [], False
        mark = html.escape(t("the online game's value; the printed chart differs"))
        for rid, region in g.board.regions.items():
            cell = _values_text(g, rid, epoch)
            if g.area_values_online(rid, epoch):
                online = True
                cell += f' <small class="hotw-online-value" title="{mark}">' + t("(online)") + "</small>"
            rows.append(f'<tr data-region="{rid}"><td><span class="hotw-swatch" style="background:{region.colour}">'
                        f"</span>{esc(region.name)}</td><td>{cell}</td></tr>")
        heads = "<th>" + t("Area") + "</th><th>" + _points_head() + "</th>"
        note = ("<br><small>" + t("(online): the value the online game's logs score, where it differs from the "
                                  "printed chart.") + "</small>") if online else ""
        return f"<table class='hotw-region-table'><tr>{heads}</tr>{''.join(rows)}</table>", note

    def _moved_notes(self) -> str:
        """One line for each land the game counts in another area than the board draws it in (``online_areas``)."""
        g = self.game
        if not g.epoch:
            return ""
        lines = [f"<b>{esc(g.board.spaces[land].name)}</b>: {_counts_in(g, land)}" for land in sorted(g.moved_lands())]
        return "<p class='hotw-moved-lands'><small>" + "<br>".join(lines) + "</small></p>" if lines else ""

    def prompt(self) -> str:
        """The decision's words; the empire card being drawn is named only to eyes its drawer's observation
        shows it to (another seat reads that a card is drawn)."""
        g = self.game
        d = g.decision
        prompt = d.prompt
        if self.eyes is not None and d.step == "keep_or_give" and isinstance(prompt, Msg):
            if any(observation(g, seat).drawn_card is None for seat in self.eyes):
                prompt = prompt.replace_args(card=HIDDEN_CARD)
        return render(prompt)

    def is_draft(self, step: str) -> bool:
        return step in DRAFT_STEPS

    def news(self, since: int) -> list[str]:
        """The new log lines without their epoch heads (each still a Msg, to be said in any language)."""
        return [without_epoch(line) for line in self.log_lines()[since:]]

    def battle_html(self, record: "BattleRecord") -> str:
        g = self.game
        r = record
        bonus = f" +{r.attack_bonus}" if r.attack_bonus else ""
        fort = " +1 " + t("(fort)") if r.fort else ""
        text = t("{attacker} attacks {land} ({dice} dice{bonus}) against {defender} ({defend}{fort}): highest {high} "
                 "against {low}: <b>{result}</b>", attacker=seat_badge(g, r.attacker),
                 land=esc(g.board.spaces[r.target].name), dice=r.attack_dice, bonus=bonus,
                 defender=seat_badge(g, r.defender), defend=r.defend_dice, fort=fort, high=dice([r.attack_high]),
                 low=dice([r.defend_high]), result=esc(RESULTS.get(r.result, r.result)))
        if g.opts.get("log_dice"):
            imported = t("(an imported game log: the outcome is the log's, the dice were chosen to give it)")
            text += f" <i>{imported}</i>"
        return text

    def scored_turns(self) -> int:
        return len(self.game.turn_scores)

    def scores_a_turn(self, line: Any) -> bool:
        return isinstance(line, Msg) and line.msgid == _SCORES_LINE

    def turn_caption(self, index: int) -> str:
        epoch, empire, seat, bd = self.game.turn_scores[index]
        return t("Epoch {epoch}: {empire} ({player}) scored {points}", epoch=roman(epoch),
                 empire=esc(self.game.content.empires[empire].name), player=seat_badge(self.game, seat),
                 points=bd.total)

    def breakdown(self, index: int = -1) -> str:
        if not self.game.turn_scores:
            return t("No empire has scored yet.")
        bd = self.game.turn_scores[index][3]
        # the breakdown's own words (the areas, the levels reached, the structures' labels) in the reader's language
        bd = dataclasses.replace(bd, regions=tuple(dataclasses.replace(r, name=render(r.name),
                                                                       tier=render(r.tier) if r.tier else r.tier)
                                                   for r in bd.regions),
                                 structures=tuple(dataclasses.replace(s, label=render(s.label)) for s in bd.structures))
        return panels.breakdown_table(bd, self.turn_caption(index % len(self.game.turn_scores)),
                                      tuple(render(x) for x in TIERS),
                                      t("Presence: a land; dominance: 2 lands and more than anyone; "
                                        "control: 3 lands and no one else."))


def _points_head() -> str:
    """The area table's points heading: "points: presence / dominance / control" (the folded map key's title too)."""
    return t("points: {tiers}", tiers=" / ".join(render(x) for x in TIERS))


def _values_text(game: "ClassicGame", region: str, epoch: int) -> str:
    return " / ".join(map(str, game.area_values(region, epoch)))


def _counts_in(game: "ClassicGame", land: str) -> str:
    """In words, where ``land`` counts under the online rules: for its holder, and against the other players."""
    regions = game.board.regions

    def areas(ids: tuple[str, ...]) -> str:
        return esc(joined([f"{render(regions[r].name)} ({_values_text(game, r, game.epoch)})" for r in ids], " and "))
    mine, others = game.land_areas(land), game.land_areas(land, for_holder=False)
    if mine == others:
        return (t("Counts in {areas} under the online rules.", areas=areas(mine)) if mine else
                t("Counts in no area under the online rules."))
    if not others:
        return t("Counts in {areas} for its holder under the online rules, and in no area against the other "
                 "players.", areas=areas(mine))
    if not mine:
        return t("Counts in no area for its holder under the online rules, and in {others} against the other "
                 "players.", others=areas(others))
    return t("Counts in {areas} for its holder under the online rules, and in {others} against the other players.",
             areas=areas(mine), others=areas(others))


def view(game: "ClassicGame") -> ClassicView:
    """The view of a classic game (what ``Ruleset.view`` returns)."""
    return ClassicView(game)


def position_spec() -> Any:
    """The classic position format for the lesson builder (:mod:`.positionview`)."""
    from hotw.rulesets.classic.positionview import position_spec as spec

    return spec()
