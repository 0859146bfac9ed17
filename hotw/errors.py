"""Errors a user can cause; each says what went wrong in plain words (one line, but for data-file checks that list every problem).

Every one is a :class:`HotwError`, itself a ``ValueError``; ``docs/errors.md`` says
what each means and what a user can do.
"""

from __future__ import annotations

from typing import Any


class HotwError(ValueError):
    """Base class of every error hotw raises on bad input.

    ``source`` names the file (or "save file", "scenario" when there is none) and
    ``field`` the field with the problem, when the error is about a file.
    """

    def __init__(self, message: str = "", *, source: str | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.source = source
        self.field = field


class IllegalActionError(HotwError):
    """An action that is not legal in the current position; the game is unchanged."""


class SaveFileError(HotwError):
    """A save file that is malformed, truncated, too large or names unknown ids."""


class GameLogError(HotwError):
    """A game log (a record of a game played elsewhere) that cannot be imported; ``field`` names the line."""


class SimulationError(HotwError):
    """A simulation that could not finish (a worker process died); ``run`` holds the games that did."""

    def __init__(self, message: str, run: Any = None) -> None:
        super().__init__(message)
        self.run = run


class SimulationInterrupted(KeyboardInterrupt):
    """A simulation stopped by Ctrl-C or "Interrupt kernel"; ``run`` holds the games already finished.

    A KeyboardInterrupt, so whatever called the simulation stops too; catch it to keep
    the finished games: ``except SimulationInterrupted as stop: table = stop.run.frame()``.
    """

    def __init__(self, message: str, run: Any = None) -> None:
        super().__init__(message)
        self.run = run


class RulesetError(HotwError):
    """A ruleset name that no registered ruleset has."""


class OptionError(HotwError):
    """Rule options, players or a seed that the ruleset does not take; ``field`` names which."""

    def __init__(self, message: str, field: str = "", reason: str = "") -> None:
        super().__init__(message)
        #: which option (or "players", "seed"; a card change's path like "empires.mongols.armies")
        self.field = field
        #: what is wrong with it, without the field's name ("must be ..., not ...")
        self.reason = reason or message


class ScenarioError(HotwError):
    """A what-if scenario with a problem; the message names the field and says what is wrong."""


class BotError(HotwError):
    """A bot name that no bot has."""


class StaleMoveError(HotwError):
    """A move at a class's table made on a game that has moved on (or is paused or ended): refused, nothing changed."""


class StoreError(HotwError):
    """A class's store cannot do what was asked (an unknown table or seat, a bad value)."""


class BoardError(HotwError):
    """A board GeoJSON file with one or more problems (all listed in the message)."""

    def __init__(self, problems: list[str], source: str = "board") -> None:
        self.problems = list(problems)
        head = f"{source}: {len(self.problems)} problem(s)"
        super().__init__(head + "\n" + "\n".join(f"  - {p}" for p in self.problems))


class ContentError(HotwError):
    """Card or token data with one or more problems (all listed in the message)."""

    def __init__(self, problems: list[str], source: str = "content") -> None:
        self.problems = list(problems)
        head = f"{source}: {len(self.problems)} problem(s)"
        super().__init__(head + "\n" + "\n".join(f"  - {p}" for p in self.problems))
