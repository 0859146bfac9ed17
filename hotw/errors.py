"""Errors a user can cause; each says what went wrong in plain words."""

from __future__ import annotations


class HotwError(ValueError):
    """Base class of every error hotw raises on bad input."""


class IllegalActionError(HotwError):
    """An action that is not legal in the current position; the game is unchanged."""


class SaveFileError(HotwError):
    """A save file that is malformed, truncated, too large or names unknown ids."""


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
