"""Heroes of the World (3-5 players, and 2 with the special rules): the state, the protocol hooks, the flow.

Two eras on the nine-area board: antiquity on the five beige areas, then the modern
age on all nine. A turn: choose a hero, play one, and use its values top to bottom
(population, progress, conquest, treasure) in its areas of influence. Filling an
area's last progress box values it. Antiquity ends after four valuations, the game
after eight valuations of the modern age. The flow is the phase table of
:mod:`.phases`; each phase's step lives in a mixin (:mod:`.turn`, :mod:`.conquest`,
:mod:`.spending`, :mod:`.eras`). Choices the text leaves open are listed in
``docs/rules-heroes.md``.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Callable

from hotw import rng
from hotw.actions import Action, ActionsOf
from hotw.board import Board, load_board
from hotw.errors import IllegalActionError
from hotw.game import CHANCE, Decision, Game
from hotw.i18n import Domain, Msg
from hotw.rulesets.heroes.cardcheck import load_content
from hotw.rulesets.heroes.cards import BOX_COUNT, ERAS, Content
from hotw.rulesets.heroes.conquest import Conquests, ConquestRecord
from hotw.rulesets.heroes.eras import Eras
from hotw.rulesets.heroes.observation import HeroesObservation
from hotw.rulesets.heroes.phases import PHASES, WAITING
from hotw.rulesets.heroes.position import set_up
from hotw.rulesets.heroes.spending import Spending
from hotw.rulesets.heroes.turn import Turn
from hotw.rulesets.heroes.valuation import Valuation
from hotw.scoring import Breakdown

__all__ = ["BOX_COUNT", "COINS_IN_BOX", "FIGURES", "HeroesGame", "PHASES"]

#: A colour's figures: 25 population figures and 8 riders of five figures each.
FIGURES = 25 + 8 * 5
#: Coins in the box (each player's start coin included).
COINS_IN_BOX = 60
#: Start figures placed at the start of each era, and hero cards dealt to each player.
HAND = 2
DISPLAY = 3

_ = Domain("heroes")
_DRAW = ActionsOf("draw")
#: an action's sort key: (kind, target), the order of Action itself (a dataclass with order=True)
_ORDER = attrgetter("kind", "target")


class HeroesGame(Turn, Conquests, Spending, Eras, Game):
    """A game of Heroes of the World."""

    board: Board
    content: Content
    observation_class = HeroesObservation

    # -- setup -----------------------------------------------------------------------
    def _setup(self) -> None:
        self.board = load_board(self.ruleset.board_path())
        self.content = load_content()
        n = self.n = len(self.players)
        self.era_areas = {era: tuple(s for s in sorted(self.board.spaces) if self.board.spaces[s].era == era)
                          for era in ERAS}
        self._all_areas = tuple(sorted(self.board.spaces))
        self.capacity = {s: BOX_COUNT[self.board.spaces[s].era or "modern"] for s in self.board.spaces}
        #: figures per area and seat
        self.figures: dict[str, list[int]] = {s: [0] * n for s in sorted(self.board.spaces)}
        # With two players each plays two colours, so as to have enough figures.
        self.reserve = [FIGURES * (2 if n == 2 else 1)] * n
        self.coins = [int(self.opts["start_coins"])] * n
        self.score = [0] * n
        self.boxes: dict[str, list[str]] = {s: [] for s in sorted(self.board.spaces)}
        self.bag: list[str] = []
        self.deck: list[str] = []
        self.display: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.played: list[list[str]] = [[] for _ in range(n)]
        #: wonder -> the seat that built it; wonders whose ability was used this era
        self.wonders: dict[str, int] = {}
        self.used: set[str] = set()
        self.era = 0
        self.valued: list[str] = []
        self.era_over = False
        self.valuations: list[Valuation] = []
        self.turn_scores: list[tuple[int, str, int, Breakdown]] = []
        self.epoch_scores: list[list[int]] = []
        self.ledger: list[dict[str, int]] = [{} for _ in range(n)]
        self.last_conquest: ConquestRecord | None = None
        self.active = 0
        self.turns = 0
        self.passes = 0
        self._reset_turn()
        self.deal_to: list[int] = []
        self.placer = 0
        self.start_left = [0] * n
        self.phase = "new_era"
        if self.opts["position"]:  # a position set up by hand: no deal, no start figures; its seat's turn begins
            set_up(self, self.opts["position"])
        self._advance()

    def _reset_turn(self) -> None:
        """Forget what belongs to one turn."""
        self.hero: str | None = None
        self.left = 0
        self.to_draw = 0
        self.drawn: list[str] = []
        self.tile: str | None = None
        self.placed_here: set[str] = set()
        self.conquest: dict[str, Any] | None = None
        self.losses: list[tuple[int, str, int, str]] = []
        self.after_losses = "treasure"
        self.pending_value: str | None = None
        self.after_value = "progress_next"
        self.window = "choose"
        self.effect: dict[str, Any] | None = None
        self.turn_valuations: list[Valuation] = []
        self.turn_gains: dict[str, list[int]] = {}

    # -- small helpers -------------------------------------------------------------
    @property
    def epoch(self) -> int:
        """The era under way: 1 antiquity, 2 the modern age (the family's word for it is epoch)."""
        return self.era

    @property
    def era_name(self) -> str:
        return ERAS[self.era - 1] if self.era else ERAS[0]

    @property
    def open_areas(self) -> tuple[str, ...]:
        """The areas in play: the beige ones in antiquity, all nine in the modern age."""
        if self.era <= 1:
            return self.era_areas["antiquity"]
        return self._all_areas

    @property
    def bank(self) -> int:
        """Coins left in the reserve next to the board."""
        return COINS_IN_BOX - sum(self.coins)

    def who(self, seat: int) -> str:
        return self.players[seat]

    def area_name(self, area: str) -> str:
        return self.board.spaces[area].name

    def say(self, text: Msg) -> None:
        """Log ``text`` after the era's name ("Antiquity: ...", made when the log is read)."""
        self._log_specs.append((self.era, None, text))

    def tell(self, make: Callable[..., Msg], *values: Any) -> None:
        """Log ``make(*values)``, made when the log is first read (see ``Game.log``): ``make`` is a module function
        of the values alone, which cannot change (names, numbers, words, tuples)."""
        self._log_specs.append((self.era, make, values))

    def _make_line(self, spec: tuple[Any, ...]) -> Msg:
        era, make, said = spec
        text = said if make is None else make(*said)
        if era <= 1:
            return _("Antiquity: {text}", text=text)
        return _("Modern age: {text}", text=text)

    def free_boxes(self, area: str) -> int:
        return self.capacity[area] - len(self.boxes[area])

    def gain(self, seat: int, points: int, kind: str, each: int = 1, *, in_turn: bool = True) -> None:
        """``seat`` scores ``points`` for ``kind``, kept in its ledger and (``in_turn``, the active seat's
        gains other than valuations, which the turn's valuations give) in the turn's breakdown."""
        self.score[seat] += points
        self.ledger[seat][kind] = self.ledger[seat].get(kind, 0) + points
        if in_turn and seat == self.active:
            row = self.turn_gains.setdefault(kind, [0, each])
            row[0] += points // each if each else 0

    def neighbours(self, area: str) -> list[str]:
        """Open areas sharing a border with ``area`` (in antiquity, never a modern one)."""
        space, open_areas = self.board.spaces[area], self.open_areas
        return sorted(a for a in space.adjacent | space.straits if a in open_areas)

    def wonder_ready(self, seat: int, effect: str) -> str | None:
        """The wonder with ``effect`` if ``seat`` built it and has not used it this era."""
        for wid, owner in self.wonders.items():
            if owner == seat and wid not in self.used and self.content.wonders[wid].effect == effect:
                return wid
        return None

    def owner_of(self, effect: str) -> int | None:
        """The seat whose wonder has ``effect`` ready to use now, if any."""
        for wid, owner in self.wonders.items():
            if wid not in self.used and self.content.wonders[wid].effect == effect:
                return owner
        return None

    # -- the flow ------------------------------------------------------------------------
    def _advance(self) -> None:
        """Run automatic phases until a player or chance must decide (see :data:`PHASES`)."""
        while self.phase not in WAITING:
            _AUTOMATIC[self.phase](self)

    # -- protocol hooks ----------------------------------------------------------------
    def _over(self) -> bool:
        return self.phase == "over"

    def _is_chance(self) -> bool:
        return self.phase in _CHANCE_PHASES

    def _to_decide(self) -> tuple[int, str]:
        if self.phase == "over":
            return CHANCE, "game_over"
        if self.phase in _CHANCE_PHASES:
            return CHANCE, self.phase
        return self._decider(), self.phase

    def _decider(self) -> int:
        ph = self.phase
        if ph == "start":
            return self.placer
        if ph == "ajanta":
            owner = self.owner_of("ajanta")
            return self.active if owner is None else owner
        if ph == "gardens":
            return self.losses[0][0]
        return self.active

    def _decision(self) -> Decision:
        player, step = self._to_decide()
        if step == "game_over":
            return Decision(CHANCE, "game_over", _("the game is over"))
        return Decision(player, step, _PROMPTS[step](self))

    def _chance_draw(self) -> Action:
        # A card or a tile: every one equally likely, so the drawn index is the outcome, as Game._chance_draw
        # finds it by walking the weights (without making an action for every card left)
        ph = self.phase
        if ph in ("deal", "deck_draw", "refill"):
            deck = sorted(self.deck)
            return _DRAW[deck[rng.draw(self._key, self._draws, len(deck))]]
        if ph == "progress_draw":
            return _DRAW[self.bag[rng.draw(self._key, self._draws, len(self.bag))]]
        return super()._chance_draw()

    def _chance_weights(self) -> list[tuple[Action, int]]:
        ph = self.phase
        if ph in ("deal", "deck_draw", "refill"):
            return [(_DRAW[h], 1) for h in sorted(self.deck)]
        if ph == "progress_draw":
            return [(_DRAW[t], 1) for t in self.bag]
        if ph == "die":
            return self.die_weights()
        return []

    def _legal(self) -> list[Action]:
        return sorted(_LEGAL[self.phase](self), key=_ORDER)  # as Action's own order, compared in C

    def _apply(self, action: Action) -> None:
        _APPLY[self.phase](self, action)
        self._advance()

    def why_illegal(self, action: Action) -> Msg:
        """A sentence for a student on why ``action`` is not legal now."""
        reason = self.explain_illegal(action)
        return _("'{action}' is not possible now: {reason}", action=action.text(), reason=reason)

    # -- what the what-if layer and the tests read ---------------------------------------
    def state_key(self) -> tuple[Any, ...]:
        """Everything that defines the position."""
        return (self.phase, self.era, self.active, self.turns, tuple(self.score), tuple(self.reserve),
                tuple(self.coins), tuple((a, tuple(f)) for a, f in sorted(self.figures.items())),
                tuple((a, tuple(b)) for a, b in sorted(self.boxes.items())), tuple(self.bag), tuple(self.deck),
                tuple(self.display), tuple(map(tuple, self.hands)), tuple(map(tuple, self.played)),
                tuple(sorted(self.wonders.items())), tuple(sorted(self.used)), tuple(self.valued),
                self.hero, self.left, tuple(self.drawn), repr(self.effect), repr(self.conquest),
                tuple(self.losses), self._draws)

    def figures_on_board(self, seat: int) -> int:
        return sum(f[seat] for f in self.figures.values())

    def progress_sums(self) -> list[int]:
        """Each seat's sum of the progress values of the heroes it has played (the first tie-break)."""
        heroes = self.content.heroes
        return [sum(heroes[h].progress for h in self.played[s]) for s in range(self.n)]


def _chance_phases() -> frozenset[str]:
    return frozenset(p.name for p in PHASES if p.decides == "chance")


_CHANCE_PHASES = _chance_phases()

Step = Callable[[HeroesGame], None]
_AUTOMATIC: dict[str, Step] = {
    "turn_start": HeroesGame.turn_start,
    "progress_start": HeroesGame.progress_start,
    "progress_next": HeroesGame.progress_next,
    "losses": HeroesGame.resolve_losses,
    "treasure": HeroesGame.take_treasure,
    "turn_end": HeroesGame.turn_end,
    "new_era": HeroesGame.new_era,
}
_APPLY: dict[str, Callable[[HeroesGame, Action], None]] = {
    "deal": HeroesGame.apply_deal,
    "start": HeroesGame.apply_start,
    "choose": HeroesGame.apply_choose,
    "deck_draw": HeroesGame.apply_deck_draw,
    "play": HeroesGame.apply_play,
    "population": HeroesGame.apply_population,
    "progress_draw": HeroesGame.apply_progress_draw,
    "progress_tile": HeroesGame.apply_progress_tile,
    "progress_box": HeroesGame.apply_progress_box,
    "ajanta": HeroesGame.apply_ajanta,
    "conquest": HeroesGame.apply_conquest,
    "defender": HeroesGame.apply_defender,
    "die": HeroesGame.apply_die,
    "escape": HeroesGame.apply_escape,
    "gardens": HeroesGame.apply_gardens,
    "spend": HeroesGame.apply_spend,
    "migrate": HeroesGame.apply_migrate,
    "wonder": HeroesGame.apply_wonder,
    "refill": HeroesGame.apply_refill,
}
_LEGAL: dict[str, Callable[[HeroesGame], list[Action]]] = {
    "start": HeroesGame.legal_start,
    "choose": HeroesGame.legal_choose,
    "play": HeroesGame.legal_play,
    "population": HeroesGame.legal_population,
    "progress_tile": HeroesGame.legal_progress_tile,
    "progress_box": HeroesGame.legal_progress_box,
    "ajanta": HeroesGame.legal_ajanta,
    "conquest": HeroesGame.legal_conquest,
    "defender": HeroesGame.legal_defender,
    "escape": HeroesGame.legal_escape,
    "gardens": HeroesGame.legal_gardens,
    "spend": HeroesGame.legal_spend,
    "migrate": HeroesGame.legal_migrate,
    "wonder": HeroesGame.legal_wonder,
}
_PROMPTS: dict[str, Callable[[HeroesGame], Msg]] = {
    "deal": lambda g: _("deal the hero cards"),
    "deck_draw": lambda g: _("draw the top hero card of the deck"),
    "progress_draw": lambda g: _("draw a progress tile from the bag"),
    "die": lambda g: _("roll the conquest die"),
    "refill": lambda g: _("turn up a hero card from the deck"),
    **{name: (lambda g, name=name: g.prompt(name)) for name in _LEGAL},
}


def _check_tables() -> None:
    names = {p.name for p in PHASES}
    for table in (_AUTOMATIC, _APPLY, _LEGAL):
        unknown = set(table) - names
        if unknown:  # pragma: no cover - a programming error, caught at import
            raise IllegalActionError(f"phases not in the table: {sorted(unknown)}")


_check_tables()
