"""*A Brief History of the World* (Ragnar Brothers, 2009): six epochs, gold, the Array, invasion points and overruns.

The flow of an epoch: Area values laid; empire and event cards counted out and
allocated (least gold chooses an empire while most gold chooses an event); the
seven empires called in the order on the cards, each held one taking its turn
(establish, expand one army at a time, reorganise, collect gold); then the gold
track's stacks are undone and Bonus tokens handed out. Every choice is a player's
decision; lots, card counts, dice and Bonus tokens are chance steps. The phases
are listed in :data:`hotw.rulesets.brief.phases.PHASES`; the choices made where
the rulebook is silent in docs/rules-brief.md.
"""

from __future__ import annotations

from typing import Any, Callable

from hotw.actions import Action
from hotw.board import Board
from hotw.game import CHANCE, Decision, Game
from hotw.i18n import Domain, Msg
from hotw.reach import land_neighbours
from hotw.rulesets import Ruleset
from hotw.rulesets.brief.allocation import Allocation
from hotw.rulesets.brief.boardmap import brief_board
from hotw.rulesets.brief.cardcheck import load_content
from hotw.rulesets.brief.cards import ROMAN, Content
from hotw.rulesets.brief.events import Events
from hotw.rulesets.brief.explain import Explain
from hotw.rulesets.brief.gold import GoldTrack
from hotw.rulesets.brief.invasion import Invasions
from hotw.rulesets.brief.observation import BriefObservation
from hotw.rulesets.brief.options import OPTIONS
from hotw.rulesets.brief.phases import PHASES
from hotw.rulesets.brief.position import set_up
from hotw.rulesets.brief.pieces import COLOURS, WAIT, Force, Invasion, InvasionRecord
from hotw.rulesets.brief.turn import EmpireTurn
from hotw.scoring import Breakdown, LandArmies, regions_of

__all__ = ["BriefGame", "RULESET"]

_ = Domain("brief")

_DICE = [(Action("roll", str(v)), 1) for v in range(1, 7)]

#: Phases decided by chance (``game_over`` too: nobody decides any more).
_CHANCE = frozenset({"lots", "deal_empires", "deal_events", "roll", "plague_roll", "bonus_draw", "game_over"})


class BriefGame(Allocation, EmpireTurn, Invasions, Events, Explain, Game):
    """A game of A Brief History of the World: the state, the flow and the protocol hooks."""

    board: Board
    content: Content
    #: what a seat sees of this game (bots decide from it)
    observation_class: type = BriefObservation

    # -- setup ---------------------------------------------------------------------
    def _setup(self) -> None:
        self.board = brief_board()
        self.content = load_content(self.board)
        self.n = len(self.players)
        #: colours in play: one per player, two each in a two-player game
        self.nc = 4 if self.n == 2 else self.n
        self.colour_player = [c % self.n for c in range(self.nc)]
        self.track = GoldTrack(self.nc)
        self.supply = [int(self.opts["player_armies"])] * self.nc
        lands = {r: tuple(reg.lands) for r, reg in self.board.regions.items()}
        self.region_names = {r: reg.name for r, reg in self.board.regions.items()}
        self.owner: LandArmies = LandArmies(regions_of(lands), lands, self.nc)
        self.standing: set[str] = set()
        self.structures: dict[str, str] = {}
        self.monuments: set[str] = set()
        self.forts: set[str] = set()
        self.area_values: dict[str, int] = {}
        self.hands: list[list[str]] = [list(self.content.starting) for _ in range(self.nc)]
        self.discards: list[str] = []
        #: (epoch, colour, card) of every event card played, in order (the table shows this epoch's)
        self.events_played: list[tuple[int, int, str]] = []
        self.empire_of: list[str | None] = [None] * self.nc
        self.epoch = 0
        self.phase = "lots"
        self.first_lot: int | None = None
        self.dealt_empires: list[str] = []
        self.dealt_events: list[str] = []
        self.empires_left: list[str] = []
        self.events_left: list[str] = []
        self.alloc_step = 0
        self.alloc_first: str | None = None
        self.alloc_done: set[str] = set()
        self.call_index = -1
        self.part = 0
        self.turn_colour: int | None = None
        self.established = False
        self.in_play: str | None = None
        self.effects: dict[str, Any] = {}
        self.forces: list[Force] = []
        self.invasion: Invasion | None = None
        self.last_roll: InvasionRecord | None = None
        self.resume = "expand"
        self.plague_lands: list[str] = []
        self.bonus_pool = list(self.content.bonus)
        self.bonus_drawn: list[int] = []
        self.bonus_order: list[int] = []
        self.bonus_held: list[list[int]] = [[] for _ in range(self.nc)]
        self.epoch_scores: list[list[int]] = []
        self.turn_scores: list[tuple[int, str, int, Breakdown]] = []
        #: the colour that collected each entry of ``turn_scores`` (a two-player game's player has two)
        self.turn_colours: list[int] = []
        self.nbrs = land_neighbours(self.board)
        #: what a position gives the acting empire once it is established (see position.py)
        self.position_force: dict[str, Any] = {}
        if self.opts["position"]:
            set_up(self, self.opts["position"])
        self._advance()

    # -- small helpers --------------------------------------------------------------------
    def name(self, space: str) -> str:
        """A space's name on the board."""
        return self.board.spaces[space].name

    def who(self, colour: int) -> str:
        """A colour's player, with the colour named when a player has two."""
        p = self.players[self.colour_player[colour]]
        # TRANSLATORS: a player and the colour of their armies, in a two-player game where each plays two colours
        return _("{player} ({colour})", player=p, colour=COLOURS[colour]) if self.nc != self.n else p

    def say(self, text: Msg) -> None:
        """A line of the game's log (a sentence the game can say again in any language); its "Epoch IV, " head
        is made when the log is read."""
        self._log_specs.append((self.epoch, None, text))

    def tell(self, make: Callable[..., Msg], *values: Any) -> None:
        """The log's line ``make(*values)``, made when the log is first read (see ``Game.log``): ``make`` is a
        module function of the values alone, which cannot change (names, numbers, words, tuples)."""
        self._log_specs.append((self.epoch, make, values))

    def _make_line(self, spec: tuple[Any, ...]) -> Msg:
        epoch, make, said = spec
        text = said if make is None else make(*said)
        # TRANSLATORS: every line of the log during an epoch: "Epoch IV, the Romans invade Gaul"
        return _("Epoch {epoch}, {line}", epoch=ROMAN[epoch], line=text) if epoch else text

    @property
    def gold(self) -> list[int]:
        """Each colour's gold."""
        return self.track.gold

    @property
    def score(self) -> list[int]:
        """Each player's gold (both colours together in a two-player game; Bonus tokens added at the end)."""
        out = [0] * self.n
        for c, g in enumerate(self.track.gold):
            out[self.colour_player[c]] += g
        return out

    @property
    def force(self) -> Force | None:
        """The force the Array serves now (the topmost), or None."""
        return self.forces[-1] if self.forces else None

    def same_player(self, a: int, b: int) -> bool:
        """True when two colours belong to one player (a two-player game's pairs)."""
        return self.colour_player[a] == self.colour_player[b]

    # -- the flow ---------------------------------------------------------------------------
    def _advance(self) -> None:
        """Run automatic phases until a player or chance must decide (see PHASES)."""
        while True:
            step = _AUTOMATIC.get(self.phase)
            if step is None or step(self) is _WAIT:
                return

    # -- protocol hooks ---------------------------------------------------------------------
    def _over(self) -> bool:
        return self.phase == "game_over"

    def _is_chance(self) -> bool:
        return self.phase in _CHANCE

    def _to_decide(self) -> tuple[int, str]:
        if self.phase in _CHANCE:
            return CHANCE, self.phase
        colour, step = self._decider()
        return self.colour_player[colour], step

    def _decider(self) -> tuple[int, str]:
        """(colour, step) of the pending player decision."""
        ph = self.phase
        if ph == "allocate":
            colour, what = self.alloc_turn()
            return colour, f"allocate_{what}"
        if ph == "bonus_pick":
            return self.bonus_picker(), "bonus_pick"
        assert self.turn_colour is not None
        return self.turn_colour, ph

    def _decision(self) -> Decision:
        ph = self.phase
        if ph in _CHANCE:
            return Decision(CHANCE, ph, _CHANCE_PROMPTS[ph])
        colour, step = self._decider()
        return Decision(self.colour_player[colour], step,
                        _("{player}: {prompt}", player=self.who(colour), prompt=self.prompt(step)))

    def _chance_weights(self) -> list[tuple[Action, int]]:
        ph = self.phase
        if ph in ("roll", "plague_roll"):
            return list(_DICE)
        if ph == "lots":
            return [(Action("draw", str(c)), 1) for c in range(self.nc)]
        if ph == "deal_empires":
            return [(Action("draw", c), 1) for c in self.content.epoch_empires(self.epoch) if c not in self.dealt_empires]
        if ph == "deal_events":
            return [(Action("draw", c), 1) for c in self.content.epoch_events(self.epoch) if c not in self.dealt_events]
        if ph == "bonus_draw":
            return [(Action("draw", str(v)), self.bonus_pool.count(v)) for v in sorted(set(self.bonus_pool))]
        return []

    def _legal(self) -> list[Action]:
        return _LEGAL[self.phase](self)

    def _apply(self, action: Action) -> None:
        _APPLY[action.kind](self, action.target)
        self._advance()

    def why_illegal(self, action: Action) -> Msg:  # type: ignore[override]
        """A sentence for a student on why ``action`` is not legal now."""
        return self.explain_illegal(action)

    # -- read-only views ------------------------------------------------------------------------
    @property
    def winners(self) -> list[str]:
        """The players with most gold once the game is over (a tie is a tie), else []."""
        if not self.is_over:
            return []
        best = max(self.score)
        return [self.players[p] for p in range(self.n) if self.score[p] == best]

    @property
    def winner(self) -> str | None:
        """The winner once the game is over; None before, or when the game ends in a tie."""
        w = self.winners
        return w[0] if len(w) == 1 else None

    def army_count(self, colour: int) -> int:
        """Every army of a colour: supply, map, Array (always the supply the game began with)."""
        on_map = sum(1 for c in self.owner.values() if c == colour)
        array = sum(f.array for f in self.forces if f.colour == colour)
        inv, force = self.invasion, self.force
        waiting = 1 if inv is not None and inv.waiting and force is not None and force.colour == colour else 0
        return self.supply[colour] + on_map + array + waiting

    def state_key(self) -> tuple[Any, ...]:
        """Everything that defines the position, for comparing two games."""
        return (self.phase, self.epoch, self.track.state(), tuple(self.supply), tuple(sorted(self.owner.items())),
                tuple(sorted(self.standing)), tuple(sorted(self.structures.items())), tuple(sorted(self.monuments)),
                tuple(sorted(self.forts)), tuple(map(tuple, self.hands)), tuple(self.empire_of),
                tuple(sorted(self.area_values.items())), self.call_index, self.part, self.in_play,
                tuple(sorted((k, str(v)) for k, v in self.effects.items())),
                tuple(repr(f) for f in self.forces), repr(self.invasion), tuple(map(tuple, self.bonus_held)),
                tuple(self.bonus_drawn), tuple(self.empires_left), tuple(self.events_left), self.alloc_step,
                repr(sorted(self.position_force.items())), self._draws)


_WAIT = WAIT

_CHANCE_PROMPTS = {
    "lots": _("draw lots for the first gold marker"), "deal_empires": _("count out an empire card"),
    "deal_events": _("count out an event card"), "roll": _("roll a die"),
    "plague_roll": _("roll a die for the plague"), "bonus_draw": _("turn up a Bonus token"),
    "game_over": _("the game is over"),
}


def _automatic() -> dict[str, Callable[[BriefGame], object]]:
    g = BriefGame
    return {
        "lots": g.lots_drawn, "epoch_start": g.start_epoch, "deal_empires": g.empires_dealt,
        "deal_events": g.events_dealt, "allocate": g.allocate_step, "call": g.call_next,
        "establish": g.establish, "expand": g.expand_step, "force_end": g.end_force, "reorganise": g.reorganise,
        "epoch_end": g.end_epoch, "bonus_draw": g.bonus_drawn_all, "bonus_pick": g.bonus_step,
        "roll": g.roll_step, "plague_roll": g.plague_step, "overrun": g.overrun_step,
        "monument": g.monument_step,
    }


_AUTOMATIC = _automatic()

_LEGAL: dict[str, Callable[[BriefGame], list[Action]]] = {
    "allocate": BriefGame.legal_allocate, "turn_start": BriefGame.legal_turn_start,
    "minor_start": BriefGame.legal_minor_start, "expand": BriefGame.legal_expand,
    "after_fail": BriefGame.legal_after_fail, "overrun": BriefGame.legal_overrun,
    "monument": BriefGame.legal_monument, "civil_target": BriefGame.legal_civil_target,
    "plague_area": BriefGame.legal_plague_area, "bonus_pick": BriefGame.legal_bonus_pick,
    "fleet_place": BriefGame.legal_fleet_place,
}

_APPLY: dict[str, Callable[[BriefGame, str], None]] = {
    "draw": BriefGame.do_draw, "roll": BriefGame.do_roll, "first": BriefGame.do_first,
    "empire": BriefGame.do_pick_empire, "event": BriefGame.do_pick_event, "establish": BriefGame.do_establish,
    "play": BriefGame.do_play, "discard": BriefGame.do_discard, "start": BriefGame.do_minor_start,
    "expand": BriefGame.do_expand, "invade": BriefGame.do_invade, "surrender": BriefGame.do_surrender,
    "fort": BriefGame.do_fort, "end_turn": BriefGame.do_end_turn, "continue": BriefGame.do_continue,
    "abandon": BriefGame.do_abandon, "overrun": BriefGame.do_overrun, "stop": BriefGame.do_stop_overrun,
    "monument": BriefGame.do_monument, "no_monument": BriefGame.do_no_monument,
    "target": BriefGame.do_civil_target, "area": BriefGame.do_plague_area, "bonus": BriefGame.do_bonus, "fleet": BriefGame.do_fleet,
}

assert {p.name for p in PHASES} == set(_AUTOMATIC) | set(_LEGAL) | {"game_over"}, "every phase is in the table"


RULESET = Ruleset(
    name="brief",
    title=_("A Brief History of the World"),
    min_players=2,
    max_players=6,
    epochs=6,
    game_factory=BriefGame,
    options=OPTIONS,
    board="world",
    bots_module="hotw.rulesets.brief.bots",
    view_module="hotw.rulesets.brief.view",
)
