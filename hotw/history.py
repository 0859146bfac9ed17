"""What empires really held: authored historical extents on the board, and how a game compares.

Each file in ``hotw/data/history/`` names the board lands one empire held at one
date (the Roman Empire in AD 117, the Han in AD 100, ...), with the borderline
lands and the lands left out explained in a sentence each, a ``source`` note on
how it was drawn, its ``sources`` (one or two references a teacher can look
up, see :mod:`hotw.references`) and ``"provenance": "authored"``: the board's
territories are much coarser than real frontiers, so every extent is a
judgement, and says so. Loading checks every land id against the board, and
that the sources are there, and reports every problem with its file.

One counting rule holds for every extent. A board territory is counted when
most of it, or the main cities its board note names, was ruled *directly*:
by the empire's own governors in its provinces (a Roman province, a Persian
satrapy, a Han commandery, a khan's own lands), including local rulers who
served inside that provincial system, and lands where a local ruler kept only
his title while the empire's governors and garrisons held the power. Client
and vassal states that kept their own rulers and government are **not**
counted, even when they paid tribute, sent troops or took their kings from the
empire (Characene under Trajan, Goryeo and the Rus principalities under the
Mongols, the Tarim oasis kingdoms under the Han protectorate); neither are
lands only raided or overrun for a season (Hungary in 1241-1242). Every such
case near the frontier is named in ``outside``, or in ``borderline`` when the
territory is counted on balance, with its reason.

>>> rome = load_extents()["romans_117"]
>>> rome.date, "southern_italia" in rome.lands
('AD 117', True)
>>> overlap({"a", "b"}, {"b", "c"}).both
frozenset({'b'})
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Collection, Mapping

from hotw.errors import ContentError
from hotw.i18n import Term
from hotw.references import Reference, check_sources, read_sources

if TYPE_CHECKING:
    from hotw.rulesets.hotw2018.cards import Content
    from hotw.game import Game

__all__ = ["EPOCH_BANDS", "Extent", "Overlap", "TimelineEntry", "era", "extents_of", "held_after_turn", "held_lands",
           "load_extents", "overlap", "timeline", "years"]

HISTORY_DIR = Path(__file__).resolve().parent / "data" / "history"
"""Where the authored extents live, one JSON file each."""

FORMAT = 1
_KEYS = ("format", "id", "empire", "name", "year", "date", "note", "lands", "borderline", "outside",
         "provenance", "source", "sources")


@dataclass(frozen=True)
class Extent:
    """The board lands an empire held at one date, with the reasons for the close calls."""

    id: str
    empire: str
    name: str
    year: int
    date: str
    note: str
    lands: frozenset[str]
    borderline: Mapping[str, str]
    outside: Mapping[str, str]
    provenance: str
    source: str
    sources: tuple[Reference, ...] = ()

    @property
    def core(self) -> frozenset[str]:
        """The lands counted without doubt (``lands`` less the borderline ones)."""
        return self.lands - frozenset(self.borderline)


@dataclass(frozen=True)
class Overlap:
    """How the lands of a game compare with a historical extent."""

    both: frozenset[str]
    only_game: frozenset[str]
    only_history: frozenset[str]

    @property
    def share_of_history(self) -> Fraction:
        """The part of the real empire the game's lands cover (0 when the extent is empty)."""
        real = len(self.both) + len(self.only_history)
        return Fraction(len(self.both), real) if real else Fraction(0)

    @property
    def share_of_game(self) -> Fraction:
        """The part of the game's lands that lie inside the real empire (0 when there are none)."""
        mine = len(self.both) + len(self.only_game)
        return Fraction(len(self.both), mine) if mine else Fraction(0)

    @property
    def jaccard(self) -> Fraction:
        """Shared lands over all lands of either (1 = the same map, 0 = nothing in common)."""
        union = len(self.both) + len(self.only_game) + len(self.only_history)
        return Fraction(len(self.both), union) if union else Fraction(0)


def overlap(game_lands: Collection[str], history_lands: Collection[str]) -> Overlap:
    """Compare the lands held in a game with the lands of a real empire.

    >>> o = overlap({"albion", "levant"}, {"levant", "palestine"})
    >>> sorted(o.only_game), sorted(o.only_history), o.share_of_history
    (['albion'], ['palestine'], Fraction(1, 2))
    """
    mine, real = frozenset(game_lands), frozenset(history_lands)
    return Overlap(mine & real, mine - real, real - mine)


# -- loading --------------------------------------------------------------------------


def _check(rec: Any, name: str, lands: frozenset[str]) -> list[str]:
    """Every problem of one extent record, each starting with the file name."""
    if not isinstance(rec, dict):
        return [f"{name}: the file must hold one JSON object"]
    out = [f"{name}: unknown field '{k}'" for k in rec if k not in _KEYS]
    out += [f"{name}: missing field '{k}'" for k in _KEYS if k not in rec]
    if out:
        return out
    if rec["format"] != FORMAT:
        out.append(f"{name}: format must be {FORMAT}, not {rec['format']!r}")
    if rec["id"] != name.removesuffix(".json"):
        out.append(f"{name}: id '{rec['id']}' must match the file name")
    for key in ("empire", "name", "date", "note", "source"):
        if not isinstance(rec[key], str) or not rec[key].strip():
            out.append(f"{name}: {key} must be a non-empty text")
    out += [f"{name}: sources {problem}" for problem in check_sources(rec["sources"])]
    if not isinstance(rec["year"], int) or isinstance(rec["year"], bool):
        out.append(f"{name}: year must be a whole number (negative for BC), not {rec['year']!r}")
    if rec["provenance"] != "authored":
        out.append(f"{name}: provenance must be 'authored' (no printed source gives board extents)")
    if not isinstance(rec["lands"], list) or not rec["lands"]:
        return out + [f"{name}: lands must be a non-empty list of board land ids"]
    for land in rec["lands"]:
        if land not in lands:
            out.append(f"{name}: lands: '{land}' is not a land on the board")
    if len(set(rec["lands"])) != len(rec["lands"]):
        out.append(f"{name}: lands: an id is listed twice")
    for key in ("borderline", "outside"):
        notes = rec[key]
        if not isinstance(notes, dict):
            out.append(f"{name}: {key} must be an object: land id -> reason")
            continue
        for land, why in notes.items():
            if land not in lands:
                out.append(f"{name}: {key}: '{land}' is not a land on the board")
            if not isinstance(why, str) or not why.strip():
                out.append(f"{name}: {key}: {land}: the reason must be a non-empty text")
            if key == "borderline" and land not in rec["lands"]:
                out.append(f"{name}: borderline: '{land}' is not among the lands")
            if key == "outside" and land in rec["lands"]:
                out.append(f"{name}: outside: '{land}' is also among the lands")
    return out


def load_extents(directory: str | Path | None = None, board: Any = None) -> Mapping[str, Extent]:
    """Every extent in ``directory`` (default: the shipped ones), checked against the board.

    Raises ContentError listing every problem, each naming its file.
    """
    if board is None:
        from hotw.board import load_board

        board = load_board()
    lands = frozenset(sid for sid, space in board.spaces.items() if space.kind == "land")
    return _load(str(directory or HISTORY_DIR), lands)


@functools.lru_cache(maxsize=8)
def _load(directory: str, lands: frozenset[str]) -> Mapping[str, Extent]:
    problems: list[str] = []
    found: dict[str, Extent] = {}
    for path in sorted(Path(directory).glob("*.json")):
        try:
            rec = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as err:
            problems.append(f"{path.name}: not valid JSON ({err.msg} at line {err.lineno})")
            continue
        errs = _check(rec, path.name, lands)
        if errs:
            problems += errs
            continue
        said = _sayer(rec["id"], shipped=Path(directory).resolve() == HISTORY_DIR.resolve())
        found[rec["id"]] = Extent(
            rec["id"], rec["empire"], said("name", rec["name"]), rec["year"], said("date", rec["date"]),
            said("note", rec["note"]), frozenset(rec["lands"]),
            MappingProxyType({land: said(f"borderline.{land}", why) for land, why in rec["borderline"].items()}),
            MappingProxyType({land: said(f"outside.{land}", why) for land, why in rec["outside"].items()}),
            rec["provenance"], rec["source"], read_sources(rec["sources"]),
        )
    if problems:
        raise ContentError(problems, source=f"history extents in {directory}")
    return MappingProxyType(dict(sorted(found.items(), key=lambda kv: (kv[1].year, kv[0]))))


def _sayer(extent_id: str, shipped: bool) -> Callable[[str, str], str]:
    """How to make an extent's readable fields: Terms of ``history/<id>`` for a shipped map, else plain text.

    Field paths are those of :mod:`hotw.i18n.content` (``"note"``, ``"borderline.levant"``).
    """
    if not shipped:
        return lambda field, english: english
    return lambda field, english: Term(f"history/{extent_id}", extent_id, field, english)


def extents_of(empire: str, extents: Mapping[str, Extent] | None = None) -> list[Extent]:
    """The extents authored for an empire card id (e.g. ``"romans"``), oldest first."""
    return [e for e in (extents if extents is not None else load_extents()).values() if e.empire == empire]


# -- what a game's player held --------------------------------------------------------------


def held_lands(game: "Game", seat: int) -> frozenset[str]:
    """The lands where ``seat`` has an army now (active or resigned)."""
    owner: Mapping[str, int] = getattr(game, "owner")
    return frozenset(land for land, who in owner.items() if who == seat)


def held_after_turn(game: "Game", card: str, epoch: int | None = None) -> frozenset[str] | None:
    """The lands of the player of empire ``card`` just after its turn was scored; None if not yet.

    Replays the game's history (it is the game), so later turns that took lands
    away do not change the answer. ``epoch`` picks the epoch when a scenario
    lets a card come back.
    """
    scored = [(e, c, p) for e, c, p, _bd in getattr(game, "turn_scores") if c == card and epoch in (None, e)]
    if not scored:
        return None
    seat = scored[0][2]
    replay = type(game)(game.ruleset, game.players, game.seed, auto_chance=False, options=game.options)
    for action in game.history:
        replay.apply(action)
        if any(c == card and epoch in (None, e) for e, c, _p, _bd in getattr(replay, "turn_scores")):
            return held_lands(replay, seat)
    return None  # pragma: no cover - the history always reaches the scored turn


# -- the epochs as a timeline ------------------------------------------------------------------

EPOCH_BANDS: Mapping[int, tuple[int, int]] = MappingProxyType(
    {1: (-3000, -450), 2: (-450, 300), 3: (300, 900), 4: (900, 1600), 5: (1600, 1912)}
)
"""The date band of each epoch of the 2018 edition (years; negative for BC), from its player reference."""

_YEAR = re.compile(r"(?:\b(AD)\s*)?(\d{1,4})(?:\s*(BC|AD)\b)?|(present)")


def era(year: int) -> str:
    """A year as students write it: ``-450`` -> ``'450 BC'``, ``300`` -> ``'AD 300'``.

    >>> era(-3000), era(117), era(1912)
    ('3000 BC', 'AD 117', 'AD 1912')
    """
    return f"{-year} BC" if year < 0 else f"AD {year}"


def years(dates: str) -> tuple[int, int | None]:
    """The first and last year of a card's ``dates`` text (negative for BC; None for "present").

    A number without an era takes the era of the next one that has it (``c. 3500-2004 BC``).

    >>> years("c. 3500-2004 BC"), years("509 BC-AD 476"), years("1776-present")
    ((-3500, -2004), (-509, 476), (1776, None))
    >>> years("Aztecs 1428-1521; Incas 1438-1533")
    (1428, 1533)
    """
    found: list[tuple[int | None, str | None]] = []
    for ad, number, after, present in _YEAR.findall(dates):
        found.append((None, "present") if present else (int(number), ad or after or None))
    if not found or found[0][0] is None:
        raise ValueError(f"no year in {dates!r}")
    values: list[int | None] = []
    for i, (number, mark) in enumerate(found):
        if number is None:
            values.append(None)
            continue
        if mark is None:  # "3500-2004 BC": the era of the next marked number
            mark = next((m for n, m in found[i + 1:] if n is not None and m), "AD")
        values.append(-number if mark == "BC" else number)
    known = [v for v in values if v is not None]
    return min(known), (None if values[-1] is None else max(known))


@dataclass(frozen=True)
class TimelineEntry:
    """One empire on the timeline: its card, its years and what its card says."""

    id: str
    name: str
    epoch: int
    order: int
    start: int
    end: int | None
    dates: str
    leader: str | None
    note: str
    provenance: str


def timeline(content: "Content") -> dict[int, list[TimelineEntry]]:
    """The empires of each epoch in date order (first year, then last year, then call order)."""
    out: dict[int, list[TimelineEntry]] = {e: [] for e in sorted({c.epoch for c in content.empires.values()})}
    for card in content.empires.values():
        start, end = years(card.dates)
        out[card.epoch].append(TimelineEntry(card.id, card.name, card.epoch, card.order, start, end, card.dates,
                                             card.leader, card.note, card.provenance))
    for entries in out.values():
        entries.sort(key=lambda t: (t.start, t.end if t.end is not None else 10**6, t.order))
    return out
