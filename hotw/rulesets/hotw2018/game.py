"""History of the World, 2018 edition (5 epochs, 3-6 players): the default ruleset.

The flow of an epoch: region tokens, the card draft, then each drafted empire
in the call order printed on the card backs takes a turn: catapult, kingdom,
establish, invade, build monuments, resign, gain points. Every choice the
rules leave to a player is a decision; dice and card draws are chance steps.
Choices the rule texts leave open are listed in docs/rules-2018.md.
"""

from __future__ import annotations

from typing import Any, Callable

from hotw.actions import CHANCE_KINDS, Action
from hotw.board import Board
from hotw.rng import BLOCK
from hotw.game import CHANCE, Decision, Game
from hotw.i18n import Domain, Msg, written
from hotw.reach import land_neighbours, marker_lands, touching
from hotw.rulesets import Ruleset
from hotw.rulesets.hotw2018.cards import Content
from hotw.rulesets.hotw2018.changes import changed_content
from hotw.rulesets.hotw2018.draft import EpochPhases, content_for, player_scores
from hotw.rulesets.hotw2018.invasion import Invasions
from hotw.rulesets.hotw2018.observation import Hotw2018Observation
from hotw.rulesets.hotw2018.options import OPTIONS
from hotw.rulesets.hotw2018.pieces import LIMITS, ROMAN, Actor, Battle
from hotw.rulesets.hotw2018.chance import CHANCE_PHASES as _CHANCE_PHASES
from hotw.rulesets.hotw2018.chance import WAITING_PHASES as _WAITING_PHASES
from hotw.rulesets.hotw2018.chance import ChanceSteps
from hotw.rulesets.hotw2018.chance import DICE as _DICE
from hotw.rulesets.hotw2018.phases import PHASES, Phase
from hotw.rulesets.hotw2018.position import set_up, take_active
from hotw.rulesets.hotw2018.reasons import why_illegal
from hotw.rulesets.hotw2018.tables import TableReads, board_for, board_tables
from hotw.rulesets.hotw2018.turn import EmpireTurn
from hotw.scoring import Breakdown, LandArmies

__all__ = ["LIMITS", "PHASES", "RULESET", "Hotw2018Game", "Phase"]

_ = Domain("hotw2018")
_n = _.plural
# TRANSLATORS: the head of every log line after the game's start: "Epoch IV, the Romans establish in Latium"
_EPOCH_LINE = _("Epoch {epoch}, {line}").msgid
# The prompts without arguments, made once
_DRAW_MARKER, _ROLL, _OVER = _("draw a score marker at random"), _("roll the dice"), _("the game is over")

class Hotw2018Game(EpochPhases, EmpireTurn, Invasions, ChanceSteps, TableReads, Game):
    """A game of History of the World (2018 edition): the state, the flow and the protocol hooks."""

    board: Board
    content: Content
    observation_class = Hotw2018Observation
    # Every attribute in a slot, none in an instance dict: a game has more attributes than CPython keeps beside
    # an object with a dict (about 30), and slots let it read them and look up the game's methods fast.
    __slots__ = ("board", "content", "n", "score", "supply", "_region_lands", "_region_names", "_resources", "_rough",
                 "owner", "tokens", "monuments", "forts", "region_values", "hands", "_event_actions", "empire_of",
                 "epoch", "phase", "marker_order", "deck_empires", "deck_events", "draft_step", "event_order",
                 "empire_order", "call_order", "turn", "actor", "battle", "_last_battle", "tie", "turn_scores",
                 "epoch_scores", "events_played", "_raw_draws", "_land_nbrs", "_touch", "_touch_lands",
                 "position_active", "draft_left_events", "draft_left_empires", "is_over")

    # -- setup -----------------------------------------------------------------------
    def _setup(self) -> None:
        self.board = board_for(self.ruleset)
        self.content = content_for(self.board)
        if self.opts["content_changes"]:  # a what-if's cards: a changed copy, the printed cards untouched
            self.content = changed_content(self.content, self.opts["content_changes"], self.board, len(self.players))
        n = len(self.players)
        self.n = n
        self.score = [0] * n
        self.supply = [int(self.opts["player_armies"])] * n
        # the board's tables, made once per board and only read: region -> its lands, its name; land -> its
        # resource icons, the regions listing it; the lands of rough terrain
        self._region_lands, self._region_names, self._resources, land_regions, self._rough = board_tables(
            self.board)
        # Land -> seat, with the armies per region kept current for scoring and the bots.
        self.owner: dict[str, int] = LandArmies(land_regions, self._region_lands, n)
        self.tokens: dict[str, str] = {}  # land -> "capitol" | "city"
        self.monuments: set[str] = set()
        self.forts: set[str] = set()
        self.region_values: dict[str, tuple[int, int, int]] = {}
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self._event_actions: list[Any] = [None] * n  # see InvadeStep.legal_actions
        self.empire_of: list[str | None] = [None] * n
        self.epoch = 0
        self.phase = "markers"
        self.marker_order: list[int] = []
        self.deck_empires: list[str] = []
        self.deck_events: list[str] = []
        self.draft_step = 0
        self.event_order: list[int] = []
        self.empire_order: list[int] = []
        self.call_order: list[str] = []
        self.turn = -1
        self.actor: Actor | None = None
        self.battle: Battle | None = None
        self.last_battle = None  # see Invasions.last_battle
        self.tie: tuple[int, int] | None = None  # (player, contested score)
        #: True once the last epoch has been played: a plain attribute, not a property (a simulation's loop and
        #: the bots' observations ask at every decision, and a property costs a call each time), set by
        #: ``_end_epoch``, which never runs with a score tie pending (``_advance`` stops at one)
        self.is_over = False
        self.turn_scores: list[tuple[int, str, int, Breakdown]] = []
        self.epoch_scores: list[list[int]] = []
        #: (epoch, seat, card) of every event card played, kingdoms included, in the order played
        self.events_played: list[tuple[int, int, str]] = []
        self._raw_draws: tuple[int, Any, int] = (-BLOCK, (), self._key)  # none yet: see chance.py
        self._land_nbrs = land_neighbours(self.board)
        self._touch = touching(self.board)
        self._touch_lands = marker_lands(self.board)
        self.position_active: list[str] = []  # lands a position gives its first empire as already taken
        if self.opts["position"]:
            set_up(self, self.opts["position"])
        self._advance()

    # -- small helpers -------------------------------------------------------------
    def _name(self, space: str) -> str:
        return self.board.spaces[space].name

    def _who(self, p: int) -> str:
        return self.players[p]

    def _say(self, text: Msg) -> None:
        """Add a sentence made now to the log (its epoch head is made when the log is read)."""
        self._log_specs.append((self.epoch, None, text))

    def _tell(self, make: Callable[..., Msg], *values: Any) -> None:
        """Add the sentence ``make(*values)`` to the log, made when the log is first read (see ``Game.log``).

        ``make`` is a function of the values alone, which must not change after this call (names,
        numbers, Msg and Term values, tuples): the line then reads as it would have now."""
        self._log_specs.append((self.epoch, make, values))

    def _make_line(self, spec: tuple[Any, ...]) -> Msg:
        """A log line from what ``_say`` or ``_tell`` kept: the sentence, after "Epoch IV, " once the game began."""
        epoch, make, said = spec
        line = said if make is None else make(*said)
        return _epoch_line(ROMAN[epoch], line) if epoch else line

    def _actor_label(self) -> str:
        a = self.actor
        assert a is not None
        label = a.label
        if label is None:  # the log names the actor at every step of its turn, made once a turn
            label = a.label = _actor_line(a.name, self.players[a.player])
        return label

    def _take_armies(self, actor: Actor, count: int) -> None:
        """Armies from supply onto the card; a shortfall becomes siege tokens."""
        real = min(count, self.supply[actor.player])
        self.supply[actor.player] -= real
        actor.armies += real
        actor.tokens += count - real

    def _move_score(self, p: int, delta: int) -> None:
        if delta == 0:
            return
        score = self.score
        score[p] += delta
        if score.count(score[p]) > 1:  # another seat's marker is on that space
            self.tie = (p, score[p])

    def _occupied(self, value: int, p: int) -> bool:
        return any(s == value for i, s in enumerate(self.score) if i != p)

    # -- the flow ------------------------------------------------------------------------
    def _advance(self) -> None:
        """Run automatic steps until a player or chance must decide (see :data:`PHASES`)."""
        while self.tie is None:
            ph = self.phase
            if ph in _WAITING_PHASES:  # the commonest case (after every die and invasion): checked first
                return
            if _AUTOMATIC[ph](self) is _WAIT:
                return

    # -- the automatic steps of PHASES: each moves the phase on, or returns _WAIT for a decision
    def _markers_drawn(self) -> object:
        if len(self.marker_order) < self.n:
            return _WAIT
        for space, p in enumerate(self.marker_order, start=1):
            self.score[p] = space
        self._tell(_markers_line, tuple((self.players[p], self.score[p]) for p in self.marker_order))
        self.phase = "epoch_start"
        return None

    def _empires_drawn(self) -> object:
        if len(self.deck_empires) < self.n:
            return _WAIT
        self.phase = "trim_events"
        return None

    def _events_drawn(self) -> object:
        if len(self.deck_events) < self.n:
            return _WAIT
        self._begin_draft()
        return None

    def _draft_step(self) -> object:
        if self.draft_step >= 2 * self.n:
            self._end_draft()
            return None
        kind, p, left = _draft_turn(self)
        if len(left) > 1:
            return _WAIT
        self._pick(kind, p, left[0], automatic=True)
        return None

    def _establish_empire(self) -> None:
        empire = self.call_order[self.turn]
        self.actor = self._make_actor(empire, self._holder(empire), kingdom=False)
        if self.position_active:
            take_active(self)
        self.phase = "establish"

    def _after_invasions(self) -> None:
        _build(self)  # (functions, not methods: see _invade below)
        _resign(self)
        a = self.actor
        assert a is not None
        if a.kingdom:
            self.phase = "establish_empire"
        else:
            _gain_points(self)

    # -- protocol hooks ----------------------------------------------------------------
    def _over(self) -> bool:
        return self.tie is None and self.phase == "game_over"

    def _is_chance(self) -> bool:
        # The phases where _decision() answers CHANCE, without formatting its prompt.
        return self.tie is None and self.phase in _CHANCE_PHASES

    @property
    def to_decide(self) -> tuple[int, str]:
        """``(decision.player, decision.step)`` without the prompt: asked twice a decision (the loop and the
        bot's observation), so the invade and siege steps are answered here without a further call."""
        if self.tie is None:
            ph = self.phase
            if ph == "invade" or ph == "siege_or_retreat":
                return self.actor.player, ph  # type: ignore[union-attr]
        return self._to_decide()

    def _to_decide(self) -> tuple[int, str]:
        # The steps players take without formatting their prompts; the same pairs as _decision().
        if self.tie is None:
            ph = self.phase
            if ph == "invade" or ph == "siege_or_retreat":
                a = self.actor
                assert a is not None
                return a.player, ph
            if ph == "battle":
                return CHANCE, "roll"
            if ph == "draft":
                kind, p, _left = self._draft_turn()
                return p, "pick_event" if kind == "event" else "pick_empire"
            if ph == "kingdom":
                return self._holder(self.call_order[self.turn]), "kingdom"
        else:
            return self.tie[0], "score_tie"
        d = self._decision()
        return d.player, d.step

    def _decision(self) -> Decision:
        if self.tie is not None:
            p, s = self.tie
            return Decision(p, "score_tie", _("{player}: your marker lands on {score}, which is taken; step forward "
                                              "(gain) or back (lose) to an empty space?", player=self._who(p), score=s))
        ph = self.phase
        if ph == "markers":
            return Decision(CHANCE, "draw_markers", _DRAW_MARKER)
        if ph == "trim_empires":
            return Decision(CHANCE, "trim_empires",
                            _("draw the Epoch {epoch} empire cards for this game", epoch=ROMAN[self.epoch]))
        if ph == "trim_events":
            return Decision(CHANCE, "trim_events",
                            _("draw the Epoch {epoch} event cards for this game", epoch=ROMAN[self.epoch]))
        if ph == "draft":
            kind, p, _left = self._draft_turn()
            if kind == "event":
                return Decision(p, "pick_event", _("{player}: choose an event card", player=self._who(p)))
            return Decision(p, "pick_empire", _("{player}: choose an empire card", player=self._who(p)))
        if ph == "kingdom":
            p = self._holder(self.call_order[self.turn])
            return Decision(p, "kingdom",
                            _("{player}: play your kingdom before your empire, or skip it", player=self._who(p)))
        if ph == "invade":
            a = self.actor
            assert a is not None
            armies = _n("{n} army", "{n} armies", a.armies)
            tokens = _n("{n} siege token", "{n} siege tokens", a.tokens)
            if a.kingdom:
                prompt = _("{actor}: invade, fortify or end invasions ({armies}, {tokens} on the card)",
                           actor=self._actor_label(), armies=armies, tokens=tokens)
            else:
                prompt = _("{actor}: invade, fortify, play an event or end invasions ({armies}, {tokens} on the card)",
                           actor=self._actor_label(), armies=armies, tokens=tokens)
            return Decision(a.player, "invade", prompt)
        if ph == "battle":
            return Decision(CHANCE, "roll", _ROLL)
        if ph == "siege_or_retreat":
            a, b = self.actor, self.battle
            assert a is not None and b is not None
            return Decision(a.player, "siege_or_retreat",
                            _("{actor}: the battle for {land} is lost; siege or retreat?",
                              actor=self._actor_label(), land=self._name(b.target)))
        if ph == "game_over":
            return Decision(CHANCE, "game_over", _OVER)
        raise RuntimeError(f"no decision in phase {ph!r}")  # pragma: no cover

    def apply_legal(self, action: Action) -> None:
        # Game.apply_legal with its _do written out (a simulation's every move comes here)
        if action.kind == "invade":  # the commonest move (legal at the invade step only, no tie pending)
            _invade(self, action.target)  # (functions, not methods: see _invade below)
            self.history.append(action)
            if self.phase == "battle" and self.auto_chance:  # _run_chance for a fresh battle: one step
                _fight(self, _DICE)  # then the invade or siege-or-retreat step: a decision, nothing to advance
            return
        if action.kind == "siege":  # after a lost battle: the next round, its dice at once
            _siege(self)
            self.history.append(action)
            if self.auto_chance:  # _run_chance for a fresh round written out
                _fight(self, _DICE)
                if self.phase not in _WAITING_PHASES:  # a start territory won: establishing goes on
                    _advance(self)
                    if self.phase in _CHANCE_PHASES:  # (a battle for the next one)
                        _run_chance(self)
            return
        _apply(self, action)
        self.history.append(action)
        if action.kind in CHANCE_KINDS:
            self._draws += 1
        if self.phase in _CHANCE_PHASES:  # else _run_chance would find nothing to draw
            _run_chance(self)

    def _apply(self, action: Action) -> None:
        k, t = action.kind, action.target
        if self.tie is not None:
            p, s = self.tie
            step = 1 if t == "forward" else -1
            while self._occupied(s, p):
                s += step
            if step > 0:
                self._say(_("{player} steps forward to {score}", player=self._who(p), score=s))
            else:
                self._say(_("{player} steps back to {score}", player=self._who(p), score=s))
            self.score[p] = s
            self.tie = None
        elif k == "invade":  # the commonest actions first (the kinds exclude each other)
            _invade(self, t)
        elif k == "siege":
            _siege(self)
        elif k == "pick_event" or k == "pick_empire":
            kind, p, _left = _draft_turn(self)
            _pick(self, kind, p, t)
        elif k == "draw":
            ph = self.phase
            if ph == "markers":
                self.marker_order.append(int(t))
            elif ph == "trim_empires":
                self.deck_empires.append(t)
            elif ph == "trim_events":
                self.deck_events.append(t)
            else:  # pragma: no cover - legal_actions never offers anything else
                raise RuntimeError(f"unhandled action {action}")
        elif k == "end_invasions":
            self.phase = "after_invasions"
        elif k == "retreat":
            _retreat(self)
        elif k == "fortify":
            self._fortify(t)
        elif k == "play_event":
            self._play_event(t)
        elif k == "play_kingdom":
            p = self._holder(self.call_order[self.turn])
            self.hands[p].remove(t)
            self.events_played.append((self.epoch, p, t))
            self.actor = self._make_actor(t, p, kingdom=True)
            self._tell(_plays_kingdom, self.players[p], self.content.events[t].name, self.actor.name)
            self.phase = "establish"
        elif k == "skip_kingdom":
            self.phase = "establish_empire"
        elif k == "roll":  # a die played by hand (the seeded dice are played in _fight)
            self._roll(int(t))
        else:  # pragma: no cover - legal_actions never offers anything else
            raise RuntimeError(f"unhandled action {action}")
        if self.phase not in _WAITING_PHASES:  # else _advance would return at once
            _advance(self)

    def why_illegal(self, action: Action) -> Msg:
        """A sentence for a student on why ``action`` is not legal now."""
        return why_illegal(self, action)


def _markers_line(scores: tuple[tuple[str, int], ...]) -> Msg:
    return _("score markers: {markers}", markers=player_scores(scores))


def _plays_kingdom(player: str, card: str, kingdom: str) -> Msg:
    return _("{player} plays the kingdom card {card}: {kingdom}", player=player, card=card, kingdom=kingdom)


_ACTOR_LINE = _("{empire} ({player})").msgid


def _actor_line(empire: str, player: str) -> Msg:
    """``_("{empire} ({player})", empire=..., player=...)``, its English written out (made once a turn, as
    ``_epoch_line`` is once a line: ``format_map`` was the dearest line of the engine alone)."""
    return written(f"{empire} ({player})", "hotw2018", _ACTOR_LINE, {"empire": empire, "player": player})


def _epoch_line(epoch: str, line: Msg) -> Msg:
    """``_("Epoch {epoch}, {line}", epoch=..., line=...)``, made as cheaply as the f-string it replaced (every
    log line has one): the same message, domain and arguments, its English written out here."""
    return written(f"Epoch {epoch}, {line}", "hotw2018", _EPOCH_LINE, {"epoch": epoch, "line": line})


# The game's commonest steps called as functions. They were made functions when a game's attributes lived in a
# dict, where a method looked up on the game was not specialised (about 300 more machine instructions a call);
# with the game's state in slots a method call costs about the same, and these stay. No subclass overrides them.
_invade, _fight, _siege, _retreat = Invasions._invade, Invasions._fight, Invasions._siege, Invasions._retreat
_draft_turn, _pick = EpochPhases._draft_turn, EpochPhases._pick
_build, _resign, _gain_points = EmpireTurn._build, EmpireTurn._resign, EmpireTurn._gain_points
_run_chance = ChanceSteps._run_chance
_apply, _advance = Hotw2018Game._apply, Hotw2018Game._advance

_WAIT = object()
"""Returned by an automatic step that needs a decision first."""


_AUTOMATIC = {
    "markers": Hotw2018Game._markers_drawn,
    "epoch_start": Hotw2018Game._start_epoch,
    "trim_empires": Hotw2018Game._empires_drawn,
    "trim_events": Hotw2018Game._events_drawn,
    "draft": Hotw2018Game._draft_step,
    "next_turn": Hotw2018Game._next_turn,
    "establish_empire": Hotw2018Game._establish_empire,
    "establish": Hotw2018Game._establish,
    "after_invasions": Hotw2018Game._after_invasions,
    "epoch_end": Hotw2018Game._end_epoch,
}
"""The step run by itself in each phase that a player or chance does not decide at once."""

assert {p.name for p in PHASES} == set(_AUTOMATIC) | _WAITING_PHASES, "every phase is in the table"


RULESET = Ruleset(
    name="hotw2018",
    title=_("History of the World (2018 edition)"),
    min_players=3,
    max_players=6,
    epochs=5,
    game_factory=Hotw2018Game,
    options=OPTIONS,
    board="world",
    bots_module="hotw.rulesets.hotw2018.bots",
    view_module="hotw.rulesets.hotw2018.view",
)

