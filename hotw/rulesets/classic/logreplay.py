"""Replaying a game log of the online classic game through the classic ruleset.

Every line of the log becomes actions of a :class:`ClassicGame` played with ``auto_chance=False``: the event cards
dealt are the ones each player plays, the empire draw plays the log's keeps and gives in its drawing order
(``log_draw_orders``), the cards played, starts, expansions, battles and monuments are the player's decisions, and
every die is *chosen* to give the logged outcome (``log_dice`` marks such a game). Forts are not logged: a battle
round the log shows against a fort (``The A defeated the B.``) places the fort, in a second pass, at the end of the
turn of the force that held the land. What the engine cannot play as logged is a :class:`Note` with the line's
number (never skipped silently); each turn's score and running total are compared with the log's (:class:`TurnCheck`).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from hotw.actions import Action
from hotw.errors import GameLogError, IllegalActionError
from hotw.files import one_line
from hotw.i18n import Domain
from hotw.rulesets.classic.battle import dice_for
from hotw.rulesets.classic.logparse import Entry, LogGame, Turn
from hotw.rulesets.classic.logpasses import played
from hotw.rulesets.classic.logresult import Note, Replay, ReplayStuck, TurnCheck
from hotw.rulesets.classic.pieces import RESULTS

__all__ = ["ONLINE_OPTIONS", "Note", "Replay", "TurnCheck", "dice_for", "replay_log"]

_ = Domain("classic")
_n = _.plural

ONLINE_OPTIONS: dict[str, Any] = {"preeminence": False, "start_land": "take", "expand_from": "colour",
                                  "online_resources": True, "online_links": True, "online_areas": True,
                                  "tie_rule": "attacker_enters", "online_starts": True, "online_navigation": True,
                                  "ocean_fleets": "connected", "treachery_keeps": True,
                                  "plague_spreads": True, "empty_keeps": True, "revolt_builds": False,
                                  "siegecraft_ignores_forts": False, "strengths": "1993", "ties_until_losses": 2,
                                  "online_capitols": True, "disaster_reduces": True,
                                  "online_monuments": True, "online_events": True, "holders_draw": True}
"""The rule options under which the online game of the logs plays (see docs/rules-classic.md)."""

#: raid cards and the people the log names when their armies appear
RAIDERS = {"barbarians": "Barbarians", "crusade": "Crusaders"}
_BATTLE = ("win", "lose", "tie", "round")
_ACTOR = _BATTLE + ("expand", "absorbed", "treachery_chosen", "treachery", "reallocation")


class _Driver:
    """Plays one log into one game; ``forts`` says where to build forts at the end of which turn."""

    def __init__(self, log: LogGame, options: dict[str, Any], forts: dict[int, set[str]]) -> None:
        import hotw

        self.log = log
        orders = {ep.number: list(dict.fromkeys(e.get("player") for e in ep.draws)) for ep in log.epochs if ep.draws}
        self.game = hotw.new_game("classic", list(log.players), 0, auto_chance=False,
                                  options={**options, "log_dice": True, "log_draw_orders": orders})
        self.forts = forts
        self.needed: dict[int, set[str]] = {}
        #: empire card -> the lands where one of its ties left the land empty, as the log shows (_emptied)
        self.empties: dict[str, set[str]] = {}
        #: empire card -> those lands whose tie's turn builds more monuments than the engine allows with the land empty
        #: (hotw_game_2.txt line 454, game003.txt line 544): the land was held after all
        self.held_ties: dict[str, set[str]] = {}
        self.turn_empties: list[tuple[str, str]] = []  # this turn's (empire card, land) of self.empties
        self.notes: list[Note] = []
        self.checks: list[TurnCheck] = []
        self.turn_no = 0
        self.at = 0  # the line being played
        self.spent = False  # whether the last force played had no army left at the end of its turn
        self.trades: list[tuple[Entry, str]] = []  # the fleets a Reallocation line cashes in, not yet traded
        self.body: list[Entry] = []
        #: land -> (turn number, player) of the last force that held it at the end of its turn
        self.held_by: dict[str, tuple[int, int]] = {}

    # -- small helpers ---------------------------------------------------------------------
    def note(self, e: Entry, why: str) -> None:
        self.notes.append(Note(e.line, e.text, why))

    def named(self, space: Any) -> str:  # a land's or sea's name on the board, as a note says it (else the id)
        return getattr(self.game.board.spaces.get(space), "name", str(space))

    def can(self, action: Action) -> bool:
        return action in self.game.legal_actions()

    def tried(self, action: Action) -> bool:
        """Play ``action`` if it is legal now; False (and nothing changed) if not."""
        try:
            self.game.apply(action)
        except IllegalActionError:
            return False
        return True

    def do(self, action: Action) -> None:
        try:
            self.game.apply(action)
        except IllegalActionError as err:  # the engine cannot go on as logged: one error naming the line
            raise ReplayStuck(self.at, err.args[0] if err.args else str(err)) from None

    # -- the whole game --------------------------------------------------------------------
    def run(self) -> None:
        g = self.game
        self._deal()
        first = self.log.epochs[0].draws[0].get("player") if self.log.epochs[0].draws else 0
        self.do(Action("draw", str(first)))
        for epoch in self.log.epochs:
            self._draw(epoch)
            for turn in epoch.turns:
                self._turn(turn)
            while g.phase == "preeminence":
                self.do(g.legal_actions()[0])

    def _deal(self) -> None:
        g = self.game
        wanted = [[c for ep in self.log.epochs for t in ep.turns if t.player == p for c in t.cards]
                  for p in range(len(self.log.players))]
        spare = {k: dict(v) for k, v in g.piles.items()}
        for want in wanted:
            for c in want:
                spare[g.content.events[c].kind][c] = spare[g.content.events[c].kind].get(c, 0) - 1
        while g.phase == "deal":
            seat, pile = g.dealing()
            legal = {a.target for a in g.legal_actions()}
            mine = [c for c in wanted[seat] if c in legal and g.content.events[c].kind == pile]
            if mine:
                card = mine[0]
                wanted[seat].remove(card)
            else:
                card = max(sorted(legal), key=lambda c: spare[pile].get(c, 0))
                spare[pile][card] = spare[pile].get(card, 0) - 1
            self.do(Action("draw", card))

    def _draw(self, epoch: Any) -> None:
        g = self.game
        final = {t.player: t.empire for t in epoch.turns}
        logged = {p: [e for e in epoch.draws if e.get("player") == p] for p in range(g.n)}  # each player's, in order
        while g.phase in ("draw", "keep_or_give"):
            p = g.drawer()[0]
            e = logged[p].pop(0) if logged.get(p) else None
            if e is not None and e.get("to") != p and e.get("empire") in g.deck and final.get(e.get("to")) == e.get(
                    "empire") and e.get("to") not in g.holder:
                self.do(Action("draw", e.get("empire")))
                if g.phase == "keep_or_give":
                    give = Action("give", str(e.get("to")))
                    self.do(give if self.can(give) else Action("keep"))
                continue
            card = final.get(p)
            if card not in g.deck:
                raise ReplayStuck(self.at, _("{empire} cannot be drawn", empire=card))
            self.do(Action("draw", card))
            if g.phase == "keep_or_give":
                self.do(Action("keep"))

    # -- one turn ----------------------------------------------------------------------------
    def _turn(self, turn: Turn) -> None:
        g = self.game
        self.turn_no += 1
        self.at = turn.play.line
        if g.phase != "events" or g.empire != turn.empire or g.active_player != turn.player:
            self.note(turn.play, _("the engine calls {empire} of seat {seat} here", empire=g.empire,
                                   seat=g.active_player))
        lines = deque(turn.body)
        self.body = turn.body
        self.spent = False
        self.turn_empties = []
        for card in self._card_order(turn):
            act = Action("play_event", card)
            if not self.can(act):
                self.note(turn.play, _("{card} cannot be played now: {why}", card=card, why=g.why_illegal(act)))
                continue
            self.do(act)
            self._resolve(card, lines)
        if self.tried(Action("begin")):
            pass
        self._appeared(lines)
        self._actor(lines, minor=False)
        self._monuments(lines)
        for e in lines:
            self.note(e, _("not played: the engine's turn had ended (its force had no army left)") if self.spent
                      else _("not played: the engine's turn had ended"))
        self._check(turn)

    def _check(self, turn: Turn) -> None:
        g = self.game
        e = turn.score
        assert e is not None
        if len(g.turn_scores) < self.turn_no:  # never an earlier turn's score as this one's
            raise ReplayStuck(e.line, _("the engine has not scored this turn: it is still at {phase}", phase=g.phase))
        epoch, empire, p, bd = g.turn_scores[-1]
        self.checks.append(TurnCheck(e.line, epoch, p, empire, bd.total, g.score[p], e.get("points"),
                                     e.get("total")))

    def _card_order(self, turn: Turn) -> list[str]:
        """The turn's cards, raids in the order the log shows their armies (game012.txt lines 351-356: the Crusade
        card is named first, the Barbarians appear first; each raid's first line starts that card's raid)."""
        seen = [e.get("name") for e in turn.body if e.kind == "appeared"]
        raids = [c for c in turn.cards if RAIDERS.get(c) in seen]
        order = iter(sorted(raids, key=lambda c: seen.index(RAIDERS[c])))
        return [next(order) if c in raids else c for c in turn.cards]

    def _appeared(self, lines: deque[Entry]) -> None:
        """The force's start lines: one for each start land (a minor empire's, then its empire's, come in turn)."""
        for _start in range(len(self.game.actor.starts) if self.game.actor is not None else 0):
            if not (lines and lines[0].kind == "appeared"):
                break
            e = lines.popleft()
            if e.get("space") not in self.game.actor.lands:
                self.note(e, _("the engine's force does not start there"))

    # -- event cards -----------------------------------------------------------------------
    def _resolve(self, card: str, lines: deque[Entry]) -> None:
        g = self.game
        kind = g.content.events[card].effect.kind
        if kind == "kingdom":
            if lines and lines[0].kind == "kingdom":
                lines.popleft()
            return
        if kind == "minor_empire":
            self._appeared(lines)
            self._actor(lines, minor=True)
            return
        if g.phase != "event_step":
            return
        step = g.step["kind"]
        if step == "fleet" and any(e.kind == "astronomy" for e in lines):
            # the log may name Astronomy's fleet after the force's start lines; the card places it before
            e = next(e for e in lines if e.kind == "astronomy")
            lines.remove(e)
            self._pick(e, sea=True)
        elif step == "migrants" and lines and lines[0].kind == "migrants":
            self._pick(lines.popleft())
        elif step == "disaster" and lines and lines[0].kind == "disaster":
            self._pick(lines.popleft(), quiet=True)
        elif step in ("raid_origin", "raid") and lines:
            self._raid(lines)
        elif step == "uprising":
            self._uprising(lines)
        elif step == "pestilence" and lines and lines[0].kind in ("famine", "black_death", "plague", "pestilence"):
            self._disease(e := lines.popleft(), lines)
            while g.phase == "event_step" and g.step.get("from") and lines and lines[0].kind == "plague":
                self._disease(e := lines.popleft(), lines)  # the online plague spreads while armies die
            if g.phase == "event_step" and g.step.get("from") and not self.can(Action("done")):
                self._plague_stops(e)
        if g.phase == "event_step":
            self.tried(Action("done"))

    def _pick(self, e: Entry, sea: bool = False, quiet: bool = False) -> None:
        g = self.game
        targets = [e.get("sea")] if sea else e.get("lands")
        for t in targets:
            if g.phase != "event_step":
                break
            act = Action("target", t)
            if not self.tried(act) and not quiet:
                self.note(e, _("{target} cannot be chosen for this card in the engine", target=self.named(t)))

    def _raid(self, lines: deque[Entry]) -> None:
        g = self.game
        if g.step["kind"] == "raid_origin":
            e = lines[0]
            if e.kind != "appeared":
                self.note(e, _("the raid's starting space is not logged"))
                return
            self.at = lines.popleft().line
            self.do(Action("target", e.get("space")))
        elif lines[0].kind == "appeared":
            lines.popleft()
        if lines and lines[0].kind == "jewish_revolt":
            e = lines.popleft()
            self._attack(e, "target", e.get("land"), "win")
            return
        while lines and g.phase in ("event_step", "battle") and lines[0].kind in _BATTLE + ("expand",):
            land = (e := lines.popleft()).get("land") or (lines[0].get("land") if lines else None)
            self._attack(e, "target", land, "win" if e.kind == "expand" else e.kind)

    def _uprising(self, lines: deque[Entry]) -> None:
        """The rebels' battles. A round against a fort names no land: the next line does (a raid's too). After it the
        log may drop "Rebel " (game004.txt lines 116-117: "The Rebel IVC defeated the IVC." then "The IVC defeated
        the IVC and occupied Lower Indus"): a people fighting itself is the rebels too."""
        g = self.game
        while (lines and g.phase in ("event_step", "battle") and lines[0].kind in _BATTLE
               and (str(lines[0].get("people", "")).startswith("Rebel ")
                    or lines[0].get("people") == lines[0].get("foe"))):
            e = lines.popleft()
            land = e.get("land") or (lines[0].get("land") if lines else None)
            self._attack(e, "target", land, e.kind)

    def _disease(self, e: Entry, rest: deque[Entry] | None = None) -> None:
        g = self.game
        picks = e.get("areas") or [e.get("land")]
        for t in picks:
            if g.phase == "event_step" and g.step.get("from") == t:
                continue  # named again once its army died: the online plague passes on (strategidagis_g2.txt line 138)
            if g.phase != "event_step" or not self.can(act := Action("target", t)):
                self.note(e, _("{target} cannot be struck in the engine", target=self.named(t)))
                continue
            self.do(act)
            while g.phase == "event_roll":
                land = g.strikes[0][0]
                spreads = e.kind == "plague" and g.step.get("spread") and rest and rest[0].kind == "plague"
                self.do(Action("roll", "1" if spreads or self._dies(land, e.line) else "6"))

    def _plague_stops(self, e: Entry) -> None:
        """The log's plague ends after an army died (Zagros named four times, strategidagis_r10.txt lines 279-282);
        the engine's spreads on: the first neighbouring army it may strike survives it, the board stays the log's."""
        g = self.game
        self.do(Action("target", land := g.legal_actions()[0].target))
        while g.phase == "event_roll":
            self.do(Action("roll", "6"))
        self.note(e, _("the log's plague stops here; the engine's spreads on while armies die: it strikes {land}, "
                       "whose army survives", land=self.named(land)))

    def _dies(self, land: str, after: int) -> bool:
        """Whether the log shows the army in ``land`` died: the next line naming the land is an expansion."""
        for ep in self.log.epochs:
            for t in ep.turns:
                for e in t.body:
                    if e.line <= after:
                        continue
                    if e.get("land") == land or land in (e.get("lands") or ()):
                        return e.kind in ("expand", "migrants")
        return False

    # -- an acting force -------------------------------------------------------------------
    def _actor(self, lines: deque[Entry], minor: bool) -> None:
        g = self.game
        actor = g.actor
        if actor is None:
            return
        while lines and g.actor is actor and g.phase in ("expand", "battle"):
            e = lines[0]
            if e.kind == "appeared" and e.get("space") in actor.starts and e.get("space") in actor.lands:
                lines.popleft()  # a later start line: the engine places every start land first
                continue
            if e.kind not in _ACTOR:
                break
            lines.popleft()
            # an event's army (barbarians, rebels) the engine no longer has: never the empire's battle
            if e.kind in _BATTLE and str(e.get("people", "")).startswith(("Barbarians", "Rebel ")):
                self.note(e, _("the engine's {force} have no army left for this battle", force=e.get("people")))
                continue
            if e.kind == "reallocation":  # fleets traded as late as the turn allows: they still carry it (_army)
                self.trades = [(e, s) for s in e.get("seas")]
                if e.get("treachery"):
                    lines.appendleft(Entry(e.line, "treachery_chosen", e.text, {"land": e.get("treachery")}))
            elif e.kind in ("treachery_chosen", "treachery"):  # the land falls where the log says it falls
                later = any(x.kind == "treachery" and x.get("land") == e.get("land") for x in lines)
                if e.kind == "treachery" or not later:  # strategidagis_g1.txt 287-289: Northern Gaul comes between
                    self._army()
                    if not self.tried(Action("treachery", e.get("land"))):
                        empty = e.get("land") not in g.owner and self.tried(Action("invade", e.get("land")))
                        self.note(e, _("treachery cannot take {land} in the engine: it is empty there, and the army "
                                       "enters it", land=e.get("land")) if empty else
                                  _("treachery cannot take {land} in the engine", land=e.get("land")))
            else:
                land = e.get("land") or (lines[0].get("land") if lines else None)
                result = {"expand": "win", "absorbed": "win"}.get(e.kind, e.kind)
                if g.phase == "expand":
                    self._army()
                self._attack(e, "invade", land, result)
        if g.actor is actor and g.phase == "expand":
            self._trade(len(self.trades))
            for land in actor.lands:
                if g.owner.get(land) == actor.player:
                    self.held_by[land] = (self.turn_no, actor.player)
            for land in sorted(self.forts.get(self.turn_no, ())):
                if g.phase == "expand":
                    if actor.armies <= 0:  # an army bought back with a Reallocation coin left makes the fort
                        self.tried(Action("buy_army"))
                    self.tried(Action("fort", land))
            if g.actor is actor and g.phase == "expand":
                self.do(Action("end_turn"))
        self.spent = actor.armies <= 0

    def _army(self) -> None:
        """Buy back a defeated army with a Reallocation coin when none is left to place (a logged fleet is traded for
        it only now: a force crosses the seas it cashed in, game002.txt lines 474-479, and in four more logs)."""
        if self.game.actor is not None and self.game.actor.armies <= 0:
            self._trade(0 if self.game.coins else 1)
            self.tried(Action("buy_army"))

    def _trade(self, n: int) -> None:
        for e, sea in self.trades[:n]:  # the next n fleets the log's Reallocation line cashes in
            if not self.tried(Action("trade_fleet", sea)):
                self.note(e, _("no fleet on {sea} to trade in the engine", sea=self.named(sea)))
        del self.trades[:n]

    def _attack(self, e: Entry, kind: str, land: str | None, result: str) -> None:
        """One battle line: start the attack on ``land`` (unless a fort's round began it) and roll ``result``."""
        g = self.game
        if land is None:
            self.note(e, _("a battle round whose land the log does not name"))
            return
        if g.phase != "battle":
            act = Action(kind, land)
            if not self.tried(act):
                why = g.why_illegal(act) if kind == "invade" else _("not a target of this card now")
                self.note(e, _("cannot enter {land} in the engine: {why}", land=self.named(land), why=why))
                return
            if g.phase != "battle":
                if result != "win":
                    self.note(e, _("{land} is empty in the engine; the log has a battle there", land=self.named(land)))
                return
        elif g.battle.target != land:
            self.note(e, _("the engine's battle is in {target}, not {land}", target=self.named(g.battle.target),
                           land=self.named(land)))
            return
        b = g.battle
        online_tie = result == "tie" and g.opts["tie_rule"] == "attacker_enters"
        fort_tie = online_tie and self._fights_on(land, e)
        if online_tie and b.source == "actor" and not fort_tie and g.actor is not None and self._emptied(land, e):
            self.empties.setdefault(g.actor.card, set()).add(land)
            self.turn_empties.append((g.actor.card, land))
        if result == "round" or (fort_tie and not b.fort):
            if not b.fort:
                self._fort_needed(land)
                if result == "round":
                    return
        elif b.fort and result != "lose" and not fort_tie:
            self.note(e, _("the engine has a fort here that the log does not show"))
            self._roll_pair(dice_for("round", b.attack_bonus, True, b.wins_ties))
            if g.phase != "battle":
                return
            b = g.battle
        pair = dice_for(result, b.attack_bonus, b.fort, b.wins_ties)
        if pair is None:
            self.note(e, _("no roll gives a {result} here in the engine", result=RESULTS.get(result, result)))
            pair = dice_for("win", b.attack_bonus, b.fort, b.wins_ties) or (6, 1)
        self._roll_pair(pair)

    def _fights_on(self, land: str, tie: Entry) -> bool:
        """Whether the defender of the tie ``tie`` in ``land`` still holds it: the turn fights there again, or the
        next line of the log naming the land is a battle against the same people. Then the tie was against a fort
        (under the online tie rule a tie without one gives the attacker the land)."""
        if any(e.line > tie.line and e.kind in _BATTLE and e.get("land") == land for e in self.body):
            return True
        e = self._next_naming(land, tie.line)
        return e is not None and e.kind in ("win", "lose", "tie") and e.get("foe") == tie.get("foe")

    def _emptied(self, land: str, tie: Entry) -> bool:
        """Whether the acting force's tie ``tie`` in ``land`` left it empty, both armies dying (``log_empty_ties``): the
        next line naming the land is an expansion into it, by any force (strategidagis_r8.txt lines 181-182), and no
        Famine or Black Death struck its area before (game003.txt lines 189, 258, 285)."""
        e = self._next_naming(land, tie.line, self.game.board.spaces[land].region)
        return e is not None and e.kind == "expand"

    def _next_naming(self, land: str, line: int, area: str | None = None) -> Entry | None:
        """The log's next line naming ``land`` after ``line``; None if none, or a line striking ``area`` is first."""
        for e in self.log.entries_after(line):
            if e.get("land") == land or land in (e.get("lands") or ()):
                return e
            if area is not None and area in (e.get("areas") or ()):
                return None
        return None

    def _roll_pair(self, pair: tuple[int, int] | None) -> None:
        for v in pair or ():
            self.do(Action("roll", str(v)))

    def _fort_needed(self, land: str) -> None:
        held = self.held_by.get(land)
        if held is not None:
            self.needed.setdefault(held[0], set()).add(land)

    # -- monuments ---------------------------------------------------------------------------
    def _monuments(self, lines: deque[Entry]) -> None:
        g = self.game
        e = lines.popleft() if lines and lines[0].kind == "monuments" else None
        wanted = list(e.get("lands")) if e is not None else []
        while g.phase == "monuments":
            land = wanted.pop(0) if wanted else None
            act = Action("monument", land) if land else None
            if act is None or not self.can(act):
                act = g.legal_actions()[0]
                if e is not None:
                    named = self.named(act.target if land is None else land)
                    self.note(e, _("the engine builds a monument the log does not ({land})", land=named)
                              if land is None else _("a monument cannot go on {land} in the engine", land=named))
            self.do(act)
        if wanted and e is not None:
            for card, land in self.turn_empties:
                self.held_ties.setdefault(card, set()).add(land)
            self.note(e, _n("the log builds {n} more monument(s) than the engine allows",
                                 "the log builds {n} more monument(s) than the engine allows", len(wanted)))


def replay_log(log: LogGame, options: dict[str, Any] | None = None, passes: int = 3) -> Replay:
    """Play ``log`` through the classic ruleset under ``options`` (default: :data:`ONLINE_OPTIONS`); a log the engine
    cannot go on with is one GameLogError naming the line, nothing half-imported."""
    try:
        d = played(log, dict(ONLINE_OPTIONS if options is None else options), _Driver, passes)
    except ReplayStuck as stuck:
        raise GameLogError(_("{source}: line {line}: the classic game cannot go on from this line: {why}",
                             source=one_line(log.source, 200), line=stuck.line, why=stuck.why),
                           source=log.source, field=f"line {stuck.line}") from None
    return Replay(d.game, log, d.notes, d.checks)
