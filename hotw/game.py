"""The game protocol shared by every ruleset: decisions, legal actions, chance, undo, saving.

A game is its action history: player decisions and chance outcomes (dice, card
draws) alike. ``apply`` checks an action against ``legal_actions`` before it
changes anything, so an illegal action leaves the game exactly as it was.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from hotw import rng
from hotw.actions import Action
from hotw.errors import IllegalActionError
from hotw.files import quote
from hotw.i18n import Domain
from hotw.options import check_players, check_seed

_ = Domain("hotw")

if TYPE_CHECKING:
    from hotw.observation import Observation
    from hotw.rulesets import Ruleset

#: ``Decision.player`` for steps decided by chance.
CHANCE = -1

SAVE_FORMAT = "hotw-save"
"""The ``format`` field of every save file."""

SAVE_VERSION = 1
"""The save-file version this hotw writes and reads."""


def state_names(game: "Game") -> list[str]:
    """The names of every attribute ``game`` holds: its classes' slots that are set, then its instance dict's keys
    (a ruleset's game may keep its state in either)."""
    names = [name for cls in type(game).__mro__ for name in cls.__dict__.get("__slots__", ())
             if name not in ("__dict__", "__weakref__") and hasattr(game, name)]
    return names + list(getattr(game, "__dict__", ()))


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Phase:
    """One row of a ruleset's phase table: the phase's name, who decides in it, and what it is.

    ``decides`` is "player", "chance" or "automatic" (the phase runs by itself and
    moves on). Every ruleset keeps its flow as such a table (see "Adding a ruleset").
    """

    name: str
    decides: str
    what: str


@dataclass(frozen=True)
class Decision:
    """Who must decide what now: a seat number (or CHANCE), a step name and a prompt."""

    player: int
    step: str
    prompt: str

    @property
    def is_chance(self) -> bool:
        """True when dice or a card draw decide this step."""
        return self.player == CHANCE


class Game:
    """Base class of a game in progress; rulesets supply the ``_``-prefixed hooks."""

    #: what one seat may see of a game of this class (:func:`hotw.observation.observation` builds it);
    #: None: the shared :class:`~hotw.observation.Observation`
    observation_class: ClassVar[type["Observation"] | None] = None

    # The protocol's state in slots: a ruleset whose classes declare ``__slots__`` too keeps no instance dict,
    # and CPython reads its attributes and looks up its methods fast (see ``state_names``).
    __slots__ = ("ruleset", "players", "seed", "options", "opts", "auto_chance", "history", "_log", "_log_specs",
                 "_secret", "_secret_specs", "_key", "_draws")

    def __init__(
        self,
        ruleset: "Ruleset",
        players: list[str],
        seed: int | str = 0,
        *,
        auto_chance: bool = True,
        options: dict[str, Any] | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.players = check_players(ruleset, players)
        self.seed = check_seed(seed)
        #: the rule options given (checked against the ruleset's declared options); ``opts`` adds the defaults
        self.options = ruleset.check_options(options)
        self.opts = {**ruleset.defaults, **self.options}
        self.auto_chance = auto_chance
        self.history: list[Action] = []
        # The log as made so far, and the lines written since but not yet made (see ``log``)
        self._log: list[str] = []
        self._log_specs: list[Any] = []
        # ``secret_lines`` as made so far, and those written since: (line index, card, the public line's spec)
        self._secret: dict[int, tuple[str, str]] = {}
        self._secret_specs: list[tuple[int, str, Any]] = []
        self._key = rng.seed_key(seed)
        self._draws = 0
        self._setup()
        self._run_chance()

    # -- the log: written as specs, made when read ---------------------------------------
    @property
    def log(self) -> list[str]:
        """The game log, one sentence (a :class:`~hotw.i18n.Msg`) a line, oldest first.

        A ruleset may write a line as a *spec* (:meth:`_write`), which :meth:`_make_line`
        turns into the sentence when the log is first read: a simulation writes thousands
        of lines and reads none. Every reader gets the same real list, made up to date (a
        spec holds the values of its moment, so a line reads as it would have when written).
        """
        if self._log_specs:
            self._make_log()
        return self._log

    @property
    def secret_lines(self) -> dict[int, tuple[str, str]]:
        """Log lines that name a card its seat keeps face down: line index -> (the card, the line in the words
        everyone at the table reads); an observation shows a seat the public words while the card is hidden
        from it (:attr:`hotw.observation.Observation.log_seen`)."""
        if self._secret_specs:
            made, make = self._secret, self._make_line
            for i, card, spec in self._secret_specs:
                made[i] = (card, make(spec))
            self._secret_specs.clear()
        return self._secret

    def _make_log(self) -> None:
        made = list(map(self._make_line, self._log_specs))  # all made, or the log unchanged
        self._log.extend(made)
        self._log_specs.clear()

    def _write(self, spec: Any) -> None:
        """Add a line to the log as ``spec``, made into its sentence by :meth:`_make_line` when the log is read."""
        self._log_specs.append(spec)

    def _write_secret(self, card: str, spec: Any) -> None:
        """The line last written names ``card``, which its seat keeps face down; ``spec`` is that line as the
        other seats read it (see ``secret_lines``)."""
        self._secret_specs.append((self._log_length() - 1, card, spec))

    def _log_length(self) -> int:
        """``len(self.log)`` without making the lines."""
        return len(self._log) + len(self._log_specs)

    def _make_line(self, spec: Any) -> str:
        """The sentence of a line written as ``spec``: ``(make, *values)`` -> ``make(*values)``; a ruleset may
        write its own kind of spec and say how it is made."""
        return spec[0](*spec[1:])

    # -- hooks -----------------------------------------------------------------
    def _setup(self) -> None:
        raise NotImplementedError

    def _decision(self) -> Decision:
        raise NotImplementedError

    def _legal(self) -> list[Action]:
        raise NotImplementedError

    def _chance_weights(self) -> list[tuple[Action, int]]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def _over(self) -> bool:
        """True once the game has ended (a ruleset may answer without building the decision)."""
        return self._decision().step == "game_over"

    def _is_chance(self) -> bool:
        """True when chance decides the pending step (a ruleset may answer without building the decision)."""
        return self._decision().is_chance

    def _to_decide(self) -> tuple[int, str]:
        """(player, step) of the pending decision (a ruleset may answer without formatting the prompt)."""
        d = self._decision()
        return d.player, d.step

    def why_illegal(self, action: Action) -> str:
        """A sentence for a student on why ``action`` is not legal now."""
        return _("'{action}' is not possible now: {prompt}", action=action.text(), prompt=self.decision.prompt)

    # -- public protocol ----------------------------------------------------------
    @property
    def decision(self) -> Decision:
        """The pending decision: whose it is and what it is about."""
        return self._decision()

    @property
    def to_decide(self) -> tuple[int, str]:
        """``(decision.player, decision.step)`` without the prompt: simulations ask it at every move."""
        return self._to_decide()

    @property
    def is_over(self) -> bool:
        """True once the last epoch has been played."""
        return self._over()

    def legal_actions(self) -> list[Action]:
        """Every legal action for the pending decision, in a stable order (empty only at the end)."""
        if self._over():
            return []
        if self._is_chance():
            return [a for a, _ in self._chance_weights()]
        return self._legal()

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """For a chance step, each outcome with its exact probability."""
        if not self._is_chance():
            return []
        weights = self._chance_weights()
        total = sum(w for _, w in weights)
        return [(a, Fraction(w, total)) for a, w in weights]

    def apply(self, action: Action | str) -> None:
        """Play ``action``; raise IllegalActionError (and change nothing) if it is not legal."""
        if isinstance(action, str):
            action = Action.parse(action)
        if not isinstance(action, Action):
            raise IllegalActionError(_("{value} is not an action", value=quote(action)))
        if self._over():
            raise IllegalActionError(_("The game is over: no more moves can be made."))
        if action not in self.legal_actions():
            raise IllegalActionError(self.why_illegal(action))
        self._do(action)
        self._run_chance()

    def apply_legal(self, action: Action) -> None:
        """Play an action just taken from ``legal_actions()`` without building that list again.

        For simulations, whose bots choose among the legal actions (their tests check
        it): checking each choice again cost a fifth of a simulated game. Anything
        else, above all a person's move, goes through ``apply``.
        """
        self._do(action)
        self._run_chance()

    def _do(self, action: Action) -> None:
        self._apply(action)
        self.history.append(action)
        if action.is_chance:
            self._draws += 1

    def _run_chance(self) -> None:
        """With ``auto_chance``, resolve chance steps from the seeded generator."""
        if not self.auto_chance:
            return
        while not self._over() and self._is_chance():
            self._do(self._chance_draw())

    def _chance_draw(self) -> Action:
        """The outcome of the pending chance step, drawn from the seeded generator.

        A ruleset may override it for a step whose outcomes are equally likely (dice),
        as long as it draws the same outcome: ``rng.draw(key, draws, n)`` picks the
        outcome at that index.
        """
        weights = self._chance_weights()
        total = sum(w for _, w in weights)
        pick = rng.draw(self._key, self._draws, total)
        for action, w in weights:
            if pick < w:
                break
            pick -= w
        return action

    def set_auto_chance(self, on: bool = True) -> None:
        """Let the seeded generator resolve chance steps (``on``) or leave them to ``apply``; resolves any pending now."""
        self.auto_chance = on
        self._run_chance()

    def seeded_outcome(self) -> Action | None:
        """The outcome the seed draws for the pending chance step (None when no chance step is pending).

        What ``auto_chance`` would play now; ``hotw check-save`` compares it with a save's record.
        """
        if self._over() or not self._is_chance():
            return None
        return self._chance_draw()

    def undo(self) -> None:
        """Take back the last player decision (and the chance outcomes that followed it)."""
        cut = len(self.history)
        while cut > 0 and self.history[cut - 1].is_chance:
            cut -= 1
        if cut == 0:
            raise IllegalActionError(_("There is nothing to undo."))
        replay = self.replay(self.history[: cut - 1])
        for name in state_names(replay):
            setattr(self, name, getattr(replay, name))

    def replay(self, actions: list[Action]) -> "Game":
        """A new game of the same ruleset, players and seed with ``actions`` applied."""
        game = type(self)(self.ruleset, self.players, self.seed, auto_chance=False, options=self.options)
        for action in actions:
            game.apply(action)
        game.set_auto_chance(self.auto_chance)
        return game

    def to_json(self) -> str:
        """The game as a plain JSON save file: ruleset, players, seed, options given, and every action."""
        doc = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "ruleset": self.ruleset.name,
            "players": list(self.players),
            "seed": self.seed,
            "options": _jsonable(self.options),
            "actions": [a.text() for a in self.history],
        }
        return json.dumps(doc, separators=(",", ":"))
