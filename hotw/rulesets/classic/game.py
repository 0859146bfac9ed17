"""History of the World, classic 7-epoch edition (Hasbro 2001 rules, 3-6 players).

The flow: the event cards are dealt (3 greater, 7 lesser to each player) and dice
choose the first player; each epoch the players draw empire cards (keep one, or
give it to a player who has none), then the empires are called in card order:
each player plays up to two events, the empire places its fleets and capitol,
expands and fights, builds monuments, and its player scores. The leader after
each epoch takes a secret pre-eminence marker. Every choice the rules leave to a
player is a decision; dice, card draws and markers are chance steps. The choices
made where the rules are silent are listed in docs/rules-classic.md.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from hotw.actions import Action
from hotw.board import Board, load_board
from hotw.files import one_line
from hotw.game import Game, Phase
from hotw.i18n import Domain, plural_name
from hotw.reach import land_neighbours, marker_lands, touching
from hotw.rulesets import Ruleset
from hotw.rulesets.classic.cardcheck import load_content
from hotw.rulesets.classic.links import (EventTerms, online_area_values, online_capitols, online_coasts,
                                        online_events, online_land_areas, online_links, online_monuments,
                                        online_navigation, with_coasts, with_links)
from hotw.rulesets.classic.observation import ClassicObservation
from hotw.rulesets.classic.cards import Content
from hotw.rulesets.classic.changes import changed_content
from hotw.rulesets.classic.decisions import PLAYER_PHASES, PhaseDecisions
from hotw.rulesets.classic.draw import WAIT, EpochFlow
from hotw.rulesets.classic.events import EventPlay
from hotw.rulesets.classic.options import OPTIONS
from hotw.rulesets.classic.pieces import ROMAN, Actor, Battle, BattleRecord
from hotw.rulesets.classic.position import set_up
from hotw.rulesets.classic.turn import EmpireTurn
from hotw.scoring import Breakdown, LandArmies, regions_of

__all__ = ["PHASES", "RULESET", "ClassicGame", "Phase"]

_ = Domain("classic")
#: an event card played by its own terms (no online difference)
_CARD_TERMS = EventTerms()



class ClassicGame(EpochFlow, EmpireTurn, EventPlay, PhaseDecisions, Game):
    """A game of History of the World (classic edition): the state, the flow and the protocol hooks."""

    board: Board
    content: Content
    observation_class = ClassicObservation
    #: the phase an epoch begins in, before its first empire card is drawn (a scenario's saved start stops here)
    EPOCH_START_PHASE = "draw"
    _ROLLS = (None,) + tuple(Action("roll", str(v)) for v in range(1, 7))

    # -- setup -----------------------------------------------------------------------------
    def _setup(self) -> None:
        self.board = load_board(self.ruleset.board_path())
        self.content = load_content(self.board)
        if self.opts["content_changes"]:  # a what-if's cards: a changed copy, the shared data untouched
            self.content = changed_content(self.content, self.opts["content_changes"], self.board, len(self.players))
        n = self.n = len(self.players)
        self._region_lands = {r: tuple(reg.lands) for r, reg in self.board.regions.items()}
        self._region_names = {r: reg.name for r, reg in self.board.regions.items()}
        self._region_sizes = {r: len(v) for r, v in self._region_lands.items()}
        self.owner: LandArmies = LandArmies(regions_of(self._region_lands), self._region_lands, n)
        self.land_force: dict[str, str] = {}
        self.structures: dict[str, str] = {}
        self.monuments: dict[str, int] = {}
        self.forts: set[str] = set()
        self.fleets: set[str] = set()
        self.extra_fleets: set[str] = set()
        self.score = [0] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.events_used: list[list[str]] = [[] for _ in range(n)]
        self.played: list[list[str]] = [[] for _ in range(n)]
        self.preeminence: list[list[int]] = [[] for _ in range(n)]
        self.markers_left = Counter(self.content.markers)
        self.piles = {k: Counter(self.content.deck(k)) for k in ("major", "minor")}
        self._epoch_values: tuple[int, dict[str, tuple[int, int, int]]] | None = None  # see score_breakdown (derived)
        self._pile_order: dict[str, list[str]] = {}  # pile -> its cards by id, as the deal walks them (derived)
        self._plan = self._deal_plan()
        self.dealt = 0
        self.first: int | None = None
        self.epoch = 0
        self.draw_order: list[int] = []
        self.deck: list[str] = []
        self.holder: dict[int, str] = {}
        self.drawn: set[int] = set()
        self.drawing: int | None = None
        self.pending_card: str | None = None
        self.call_order: list[str] = []
        self.turn = -1
        self.active_player = 0
        self.actor: Actor | None = None
        self.fx: dict[str, Any] = {}
        self.events_played = 0
        self.coins = 0
        self.step: dict[str, Any] | None = None
        self.strikes: list[tuple[str, int]] = []
        self.battle: Battle | None = None
        self.battle_back = "expand"
        self.last_battle: BattleRecord | None = None
        self.to_build = 0
        self.turn_scores: list[tuple[int, str, int, Breakdown]] = []
        self.epoch_scores: list[list[int]] = []
        self._land_nbrs = land_neighbours(self.board)
        if self.opts["online_links"]:
            self._land_nbrs = with_links(self._land_nbrs, online_links(self.board))
        self._touch = touching(self.board)
        self._touch_lands = marker_lands(self.board)
        if self.opts["online_links"]:
            self._touch, self._touch_lands = with_coasts(self._touch, self._touch_lands, online_coasts(self.board))
        self.phase = "deal"
        if self.opts["position"]:  # a position set up by hand: no deal, the flow starts at its empire's call
            set_up(self, self.opts["position"])
            self._advance()

    # -- small helpers -----------------------------------------------------------------------
    def _name(self, space: str) -> str:
        return self.board.spaces[space].name

    def _who(self, p: int) -> str:
        return self.players[p]

    def _say(self, text: str) -> None:
        """Add a sentence made now to the log (its "Epoch IV, " head is made when the log is read)."""
        self._log_specs.append((self.epoch, None, text))

    def _tell(self, make: Callable[..., str], *values: Any) -> None:
        """Add the sentence ``make(*values)`` to the log, made when the log is first read (see ``Game.log``):
        ``make`` is a module function of the values alone, which cannot change (names, numbers, words)."""
        self._log_specs.append((self.epoch, make, values))

    def _make_line(self, spec: tuple[Any, ...]) -> str:
        epoch, make, said = spec
        text = said if make is None else make(*said)
        # TRANSLATORS: the prefix of every log line of an epoch; {text} is the line itself
        return _("Epoch {epoch}, {text}", epoch=ROMAN[epoch], text=text) if epoch else text

    def _strength(self, empire: str) -> int:
        return self.content.empires[empire].strength(self.opts["strengths"])

    def empire_capitol(self, empire: str) -> bool:
        """Whether ``empire`` founds a capitol in this game: its card's, or the online game's (``online_capitols``).
        The one place the rules decide it: the turn, the view's card and the bots ask here."""
        return bool(self.content.empires[empire].capitol
                    or (self.opts["online_capitols"] and empire in online_capitols(self.board)))

    def empire_monuments_more(self, empire: str) -> int:
        """The monuments ``empire`` builds at the end of its turn beyond one per ``monument_icons`` resource symbols:
        none by the card, or the online game's (``online_monuments``). The turn and the view's card ask here."""
        return online_monuments(self.board).get(empire, 0) if self.opts["online_monuments"] else 0

    def event_terms(self, event: str) -> tuple[tuple[int, int], EventTerms]:
        """The epochs ``event`` may be played in, and how it is played where the online game's card differs
        (``online_events``; else the card's terms): the legal actions, the reasons and the event steps ask here."""
        terms = online_events(self.board).get(event, _CARD_TERMS) if self.opts["online_events"] else _CARD_TERMS
        return terms.epochs or self.content.events[event].epochs, terms

    def empire_navigation(self, empire: str) -> tuple[str, ...]:
        """The seas and oceans where ``empire`` places fleets in this game: its card's, or the online card's
        (``online_navigation``)."""
        navigation = self.content.empires[empire].navigation
        if self.opts["online_navigation"]:
            return online_navigation(self.board).get(empire, navigation)
        return navigation

    # -- the areas as this game scores them (the turn's score, the view and the bots ask here) --------------
    def area_values(self, region: str, epoch: int | None = None) -> tuple[int, int, int]:
        """The presence, dominance and control values of ``region`` in ``epoch`` (this epoch by default): the
        chart's, or the online game's where its logs score another (``online_areas``)."""
        e = self.epoch if epoch is None else epoch
        if self.opts["online_areas"]:
            online = online_area_values(self.board).get((region, e))
            if online is not None:
                return online
        return self.content.areas[region].values(e)

    def area_values_online(self, region: str, epoch: int | None = None) -> bool:
        """Whether :meth:`area_values` gives the online game's values, not the printed chart's."""
        e = self.epoch if epoch is None else epoch
        return bool(self.opts["online_areas"]) and (region, e) in online_area_values(self.board)

    def moved_lands(self) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
        """Land -> (the areas it counts in for its holder, those it counts in against the other players) for each
        land this game scores elsewhere than in its area of the board (``online_areas``; none by default)."""
        return online_land_areas(self.board) if self.opts["online_areas"] else {}

    def land_areas(self, land: str, for_holder: bool = True) -> tuple[str, ...]:
        """The areas ``land`` counts in for the player holding it (``for_holder``) or against the other players:
        its area of the board, or the online game's (Danubia: Northern Europe for its holder, no area for others)."""
        moved = self.moved_lands().get(land)
        if moved is not None:
            return moved[0] if for_holder else moved[1]
        region = self.board.spaces[land].region
        return (region,) if region else ()

    @property
    def empire(self) -> str | None:
        """The empire card whose turn it is, or None between turns."""
        return self.call_order[self.turn] if 0 <= self.turn < len(self.call_order) else None

    # -- the flow ----------------------------------------------------------------------------
    def _advance(self) -> None:
        """Run automatic steps until a player or chance must decide (see :data:`PHASES`)."""
        while True:
            ph = self.phase
            step = _AUTOMATIC.get(ph)
            if step is None or step(self) is WAIT:
                return

    def _expand_step(self) -> object:
        if self._nothing_left():
            self._end_actor()
            return None
        return WAIT

    # -- protocol hooks (who decides what: decisions.py) --------------------------------------
    def _apply(self, action: Action) -> None:
        k, t = action.kind, action.target
        ph = self.phase
        if k == "roll":
            if ph == "battle":
                self._roll(int(t))
            else:
                self._strike_roll(int(t))
        elif k == "draw":
            if ph == "deal":
                self._deal_card(t)
            elif ph == "first_player":
                self._choose_first(int(t))
            elif ph == "draw":
                self._drawn_card(t)
            else:
                self._take_marker(int(t))
        elif k == "invade":
            self._invade(t)
        elif k == "fort":
            self._fort(t)
        elif k == "end_turn":
            self._end_actor()
        elif k == "keep":
            self._give(self.drawing, self.drawing)
        elif k == "give":
            self._give(self.drawing, int(t))
        elif k == "play_event":
            self._play_event(t)
        elif k == "begin":
            self._begin_empire()
        elif k == "target":
            self._step_pick(t)
        elif k == "done":
            self._close_step()
        elif k == "treachery":
            self._treachery(t)
        elif k == "trade_fleet":
            self._trade_fleet(t)
        elif k == "buy_army":
            self._buy_army()
        elif k == "monument":
            self._build_monument(t)
        else:  # pragma: no cover - legal_actions never offers anything else
            raise RuntimeError(f"unhandled action {action}")
        self._advance()

    def why_illegal(self, action: Action) -> str:
        """A sentence for a student on why ``action`` is not legal now."""
        d = self._decision()
        k, t = action.kind, action.target
        if d.is_chance:
            return _("'{action}' is not possible now: the next step is chance ({prompt}).",
                     action=one_line(action.text(), 80), prompt=d.prompt)
        space = self.board.spaces.get(t)
        if k in ("invade", "fort", "treachery") and d.step == "expand":
            a = self.actor
            assert a is not None
            if space is None:
                return _("There is no land called '{land}' on the board.", land=one_line(t, 60))
            if space.kind == "barren":
                return _("{land} is barren land: no army may enter it.", land=space.name)
            if space.is_water:
                return _("{land} is water: armies enter lands, fleets only carry them across.", land=space.name)
            many = plural_name(a.name)  # "the Romans hold", "Egypt holds"
            if k == "fort":
                if t not in a.lands:
                    return (_("A fort can only be built where {empire} stand; {land} is not one of their lands.",
                              empire=a.name, land=space.name) if many else
                            _("A fort can only be built where {empire} stands; {land} is not one of its lands.",
                              empire=a.name, land=space.name))
                if t in self.forts:
                    return _("{land} already has a fort.", land=space.name)
                return (_("{empire} have no army left to turn into a fort.", empire=a.name) if many else
                        _("{empire} has no army left to turn into a fort.", empire=a.name))
            if a.armies <= 0:
                return (_("{empire} have no armies left to place.", empire=a.name) if many else
                        _("{empire} has no armies left to place.", empire=a.name))
            if t in a.lands:
                return (_("{empire} already hold {land} (one army per land).", empire=a.name, land=space.name) if many
                        else _("{empire} already holds {land} (one army per land).", empire=a.name, land=space.name))
            if k == "treachery":
                return _("Treachery takes a land another player holds, once, after the Treachery card is played.")
            if many:
                return _("{land} is not next to a land of {empire}, across a strait, or on a sea where they have a "
                         "fleet.", land=space.name, empire=a.name)
            return _("{land} is not next to a land of {empire}, across a strait, or on a sea where it has a fleet.",
                     land=space.name, empire=a.name)
        if k == "play_event" and d.step == "events":
            if self.events_played >= 2:
                return _("At most two event cards may be played before a turn.")
            ev = self.content.events.get(t)
            if ev is None or t not in self.hands[self.active_player]:
                return _("You do not hold the event card '{card}'.", card=one_line(t, 60))
            (first, last), _terms = self.event_terms(t)
            if not first <= self.epoch <= last:
                return _("{event} may only be played in epochs {first} to {last}.", event=ev.name,
                         first=ROMAN[first], last=ROMAN[last])
            return _("{event} cannot be played now: {text}", event=ev.name, text=ev.text)
        if k == "give" and d.step == "keep_or_give":
            return _("An empire card can only be given to a player who has no empire yet this epoch.")
        return _("'{action}' is not possible now. {prompt}.", action=one_line(action.text(), 80), prompt=d.prompt)

    # -- read-only views ---------------------------------------------------------------------
    @property
    def scores(self) -> dict[str, int]:
        """Points by player name (pre-eminence markers added only at the end)."""
        return {self.players[p]: self.score[p] for p in range(self.n)}

    @property
    def winners(self) -> list[str]:
        """The players with the highest total once the game is over (several on a tie)."""
        if not self.is_over:
            return []
        best = max(self.score)
        return [self.players[p] for p in range(self.n) if self.score[p] == best]

    @property
    def winner(self) -> str | None:
        """The first of the winners, or None before the end."""
        w = self.winners
        return w[0] if w else None

    def state_key(self) -> tuple[Any, ...]:
        """Everything that defines the position, for comparing two games."""
        a = self.actor
        return (self.phase, self.epoch, self.turn, tuple(self.score), tuple(sorted(self.owner.items())),
                tuple(sorted(self.structures.items())), tuple(sorted(self.monuments.items())),
                tuple(sorted(self.forts)), tuple(sorted(self.fleets)), tuple(tuple(h) for h in self.hands),
                tuple(sorted(self.holder.items())), tuple(self.call_order), tuple(map(tuple, self.preeminence)),
                None if a is None else (a.card, a.armies, tuple(sorted(a.lands)), tuple(a.to_start), a.lost),
                repr(self.battle), repr(sorted(self.fx.items())), repr(self.step), tuple(self.strikes),
                self.coins, self.events_played, self.to_build, self._draws)


PHASES: tuple[Phase, ...] = (
    Phase("deal", "chance", "each player is dealt 3 greater and 7 lesser event cards"),
    Phase("first_player", "chance", "the dice choose the first player"),
    Phase("epoch_start", "automatic", "the drawing order: lowest score first (Epoch I: from the first player)"),
    Phase("draw", "chance", "the next drawer draws an empire card"),
    Phase("keep_or_give", "player", "the drawer keeps the card or gives it to a player without one"),
    Phase("next_turn", "automatic", "the next empire in card order is called"),
    Phase("events", "player", "its player plays up to two event cards, then begins the empire"),
    Phase("event_step", "player", "the choices an event card needs"),
    Phase("event_roll", "chance", "a disease's dice, one army at a time"),
    Phase("establish", "automatic", "fleets, then an army (and the capitol) in each start land"),
    Phase("expand", "player", "expand, attack, build forts, trade fleets, or end the turn"),
    Phase("battle", "chance", "the attacker's highest die, then the defender's"),
    Phase("monuments", "player", "a monument per two resource symbols the empire holds"),
    Phase("epoch_end", "automatic", "the epoch's scores are kept"),
    Phase("preeminence", "chance", "the leader draws a secret pre-eminence marker"),
    Phase("game_over", "chance", "markers revealed; the game is over (no decision)"),
)
"""The classic game as a table: every phase, who decides in it, what happens."""

_AUTOMATIC = {
    "deal": ClassicGame._dealt,
    "epoch_start": ClassicGame._start_epoch,
    "draw": ClassicGame._draw_step,
    "next_turn": ClassicGame._next_turn,
    "establish": ClassicGame._establish,
    "expand": ClassicGame._expand_step,
    "monuments": ClassicGame._monuments_step,
    "event_roll": ClassicGame._event_rolls,
    "epoch_end": ClassicGame._end_epoch,
}
"""The step run by itself in each phase (WAIT when a player or chance decides first)."""

assert {p.name for p in PHASES} >= set(_AUTOMATIC) | PLAYER_PHASES, "every phase is in the table"


RULESET = Ruleset(
    name="classic",
    title=_("History of the World (classic 7-epoch edition)"),
    min_players=3,
    max_players=6,
    epochs=7,
    game_factory=ClassicGame,
    options=OPTIONS,
    board="world",
    bots_module="hotw.rulesets.classic.bots",
    view_module="hotw.rulesets.classic.view",
)
