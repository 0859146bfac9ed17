"""What the notebook game asks of a ruleset: its view of one game (the seam between the app and a ruleset).

The app (``hotw.ui.app.GameView``) and the lessons draw a map and panels and turn
clicks into actions; everything they show that depends on the game system (step
names, pieces, rules, words) comes from a :class:`RulesetView`. A ruleset names the
module of its view in ``Ruleset.view_module``; that module's ``view(game)`` returns
one, and :func:`view_of` asks for it. A game on another board, or of another system,
then needs no change to the app.

Pure: no widget imports, so a view is unit-tested as text.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hotw.actions import Action
from hotw.board import GEODATA, REGION_OUTLINES
from hotw.i18n import Domain, render
from hotw.ui.view import html_to_text, roman, space_name

if TYPE_CHECKING:
    from hotw.game import Game

_ = Domain("hotw")
t = _.text

__all__ = ["BOARD_OUTLINES", "EXTRA_PANELS", "PANELS", "Choice", "Choices", "RulesetView", "view_of"]

#: The panels beside and under the map, by the names :meth:`RulesetView.panels` keys them with.
PANELS = ("status", "actor", "battle", "score", "regions", "region_key", "legend", "log")
#: Panels a view may add (the app shows nothing there otherwise): ``table``, what each player has
#: off the board and what is left in the box; ``events``, the cards played this round, by everyone.
EXTRA_PANELS = ("table", "events")

#: Region outlines drawn over a board, by board name (lines only; not part of the board graph).
BOARD_OUTLINES: dict[str, Path] = {"world": REGION_OUTLINES}

#: Where the world map opens: (lat, lon) and zoom.
WORLD_CENTER = (30.0, 50.0)
WORLD_ZOOM = 2.5
#: The whole world board as ((south, west), (north, east)).
WORLD_BOUNDS = ((-56.0, -170.0), (76.0, 190.0))


@dataclass(frozen=True)
class Choice:
    """One button of the pending decision: its label, the action it plays, a CSS class, and HTML above it."""

    label: str
    action: Action
    css: str = ""
    #: HTML shown just above the button (e.g. the card it plays); '' for none
    detail: str = ""
    #: the space the action is played on, for a choice the map also offers ('' for none)
    space: str = ""


@dataclass(frozen=True)
class Choices:
    """The pending decision as the choices panel shows it: a prompt, the buttons, a note under them (HTML)."""

    prompt: str = ""
    buttons: tuple[Choice, ...] = ()
    note: str = ""


class RulesetView(ABC):
    """A ruleset's view of one game: what the map and the panels show, and what a click means.

    Subclasses implement the abstract methods; the others have defaults that fit a
    game on a board file named by ``Ruleset.board`` with no turns scored apart.
    Every method reads the game as it is now (the app calls them after each move).
    """

    #: (lat, lon) the map opens on, and its zoom
    center: tuple[float, float] = WORLD_CENTER
    zoom: float = WORLD_ZOOM
    #: ((south, west), (north, east)) of the whole board, and a zoom that shows it all: the map shows it
    #: when the game is over
    bounds: tuple[tuple[float, float], tuple[float, float]] = WORLD_BOUNDS
    world_zoom: float = 1.25
    #: True on a map that only shows a position (a lesson's picture): the hover says what a click
    #: *would* do there, never "click to ..."
    read_only: bool = False
    #: Whose eyes the view draws for. None: everyone at one screen (the notebook game): the table as it is,
    #: and the hand of whoever decides. A tuple of seats: only what every one of those seats' observations
    #: shows (:mod:`hotw.observation`): one seat for a student's own page; every seat for a projector,
    #: which so shows what no seat's own hand reveals.
    eyes: tuple[int, ...] | None = None

    def __init__(self, game: "Game") -> None:
        self.game = game

    def sees_private(self, seat: int) -> bool:
        """True if the eyes may read what is ``seat``'s own (its hand, the cards offered to it): at one screen,
        or on that seat's own page."""
        return self.eyes is None or (seat >= 0 and set(self.eyes) == {seat})

    def log_lines(self) -> list[str]:
        """The game log as the eyes read it: a line naming a card that one of them may not see reads in the
        public words (from each seat's observation, :attr:`hotw.observation.Observation.log_seen`)."""
        game = self.game
        if self.eyes is None or not getattr(game, "secret_lines", None):
            return list(game.log)
        from hotw.observation import observation

        lines = list(game.log)
        for seat in self.eyes:
            for i, line in enumerate(observation(game, seat).log_seen):
                if line != game.log[i]:
                    lines[i] = line
        return lines

    def prompt(self) -> str:
        """The pending decision's prompt as the eyes may read it (the engine's words; a ruleset whose prompt
        names a card of the seat deciding gives other eyes other words)."""
        return self.game.decision.prompt

    # -- the board ----------------------------------------------------------------------
    def board_file(self) -> Path:
        """The board GeoJSON whose features the map draws (``geodata/<Ruleset.board>.geojson``)."""
        return GEODATA / f"{self.game.ruleset.board}.geojson"

    def outline_file(self) -> Path | None:
        """Region outlines to draw over the board (lines only), or None."""
        return BOARD_OUTLINES.get(self.game.ruleset.board)

    def css(self) -> str:
        """CSS rules of this ruleset's own pieces and panels (without ``<style>``), added to the app's."""
        return ""

    # -- the map --------------------------------------------------------------------------
    @abstractmethod
    def styles(self) -> dict[str, dict[str, Any]]:
        """Space id -> Leaflet path style (with a ``className`` naming id, kind, owner and state) of every space."""

    @abstractmethod
    def markers(self) -> dict[str, str]:
        """Space id -> the HTML of its marker, for every space that shows one."""

    def marker_location(self, sid: str) -> tuple[float, float]:
        """Where a space's marker goes, as Leaflet (lat, lon): the space's label point."""
        lon, lat = self.game.board.spaces[sid].label  # type: ignore[attr-defined]
        return (lat, lon)

    @abstractmethod
    def hover(self, sid: str) -> str:
        """HTML about a space under the mouse (with the exact odds where a click would start a battle)."""

    @abstractmethod
    def click(self, sid: str, humans: frozenset[int] | set[int] | None = None) -> Action | str:
        """The legal action a click on ``sid`` means now, or a sentence saying why there is none.

        ``humans`` are the seats played by people (None: all); a click during a
        computer's decision is explained, not played.
        """

    def map_choices(self, humans: frozenset[int] | set[int] | None = None) -> tuple[Choice, ...]:
        """Every action a click on the map would play now, as choices a keyboard can reach.

        Each choice names its space (``Choice.space``) and says what happens there in its
        label (the odds, where a battle would follow). The default asks :meth:`click` of
        every space; a view that knows its targets answers faster and in better words.
        """
        out = []
        for sid in self.game.board.spaces:  # type: ignore[attr-defined]
            found = self.click(sid, humans)
            if isinstance(found, Action):
                out.append(Choice(space_name(self.game, sid), found, space=sid))
        return tuple(out)

    def board_rows(self) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
        """The board as a table a screen reader can read: (column headings, one row of plain text per space).

        The default lists every space with its region and what the hover says of it.
        """
        board = self.game.board  # type: ignore[attr-defined]
        rows = []
        for sid, space in board.spaces.items():
            region = board.regions.get(space.region or "")
            facts = _plain_text(self.hover(sid)).split("\n")[1:]
            rows.append((render(space.name), render(region.name) if region else "", "; ".join(f for f in facts if f)))
        return (t("Space"), t("Region"), t("What is there")), rows

    def follow(self) -> tuple[Hashable, str | None] | None:
        """(a key of the turn under way, the space to pan to when it begins), or None between turns."""
        return None

    # -- decisions and panels ------------------------------------------------------------------
    @abstractmethod
    def choices(self) -> Choices:
        """The buttons of the pending decision of a person (or, once the game is over, the final scores)."""

    @abstractmethod
    def panels(self, bots: frozenset[int] = frozenset()) -> dict[str, str]:
        """The HTML of each panel named in :data:`PANELS` (``bots``: seats the computer plays)."""

    def is_draft(self, step: str) -> bool:
        """True for a step of a card draft: bots make those picks first, and their picks stay hidden."""
        return False

    def epoch(self) -> int:
        """The epoch under way (0 before the first)."""
        return int(getattr(self.game, "epoch", 0))

    def news(self, since: int) -> list[str]:
        """The log lines added since line ``since``, as sentences for the message area (as the eyes read them)."""
        return self.log_lines()[since:]

    def battle_html(self, record: Any) -> str:
        """One decided battle (a record of the ruleset's engine) in a line: who, where, the dice, the result."""
        return ""

    # -- scored turns -------------------------------------------------------------------------
    def scored_turns(self) -> int:
        """How many turns have been scored so far (each has a breakdown)."""
        return 0

    def scores_a_turn(self, line: Any) -> bool:
        """Whether ``line`` (an item of :meth:`news`) is the line that scores a turn: a replay puts what it adds of
        that turn (an imported log's points) right after it. None is, by default: the words go last."""
        return False

    def turn_caption(self, index: int) -> str:
        """A line of HTML naming scored turn ``index`` and its points."""
        return t("Turn {number}", number=index + 1)

    def breakdown(self, index: int = -1) -> str:
        """The HTML breakdown of scored turn ``index`` (the latest by default), or a hint before any."""
        return ""

    # -- the end of the game ------------------------------------------------------------------
    def epoch_label(self, epoch: int) -> str:
        """How an epoch (or round) is named in the summary: 'Epoch II'."""
        return t("Epoch {number}", number=roman(epoch))

    def epoch_points(self) -> list[list[int]]:
        """Each seat's points at the end of each epoch so far (``game.epoch_scores`` if the game keeps them)."""
        return [list(row) for row in getattr(self.game, "epoch_scores", [])]

    def final_points(self) -> list[int]:
        """Each seat's points now (``game.score`` if the game keeps it)."""
        return list(getattr(self.game, "score", []))

    def summary(self) -> str:
        """Once the game is over: the winner, each seat's points epoch by epoch (a chart and a table); else ''."""
        if not self.game.is_over:
            return ""
        from hotw.ui.panels import summary_html

        return summary_html(self.game, self.epoch_points(), self.final_points(), self.epoch_label)


def _plain_text(text: str) -> str:
    """HTML as lines of plain text (``<br>`` and block ends become line breaks)."""
    import re

    return html_to_text(re.sub(r"<br\s*/?>|</(?:div|p|li|tr)>", "\n", text))


def view_of(game: "Game") -> RulesetView:
    """The view of ``game`` from its ruleset (``Ruleset.view``)."""
    found = game.ruleset.view(game)
    if not isinstance(found, RulesetView):
        raise TypeError(f"{game.ruleset.title}: its view is a {type(found).__name__}, not a RulesetView")
    return found
