"""The online board: links between lands, and area values, where the online classic game differs from the printed.

``hotw/data/classic/links.json`` holds one record per link with the game log
lines that show it (a force expanding or attacking from one land into the other
where none of its lands, straits or fleets reaches). The links are used only under
the option ``online_links`` (the replay of the game logs turns it on); the world
board itself is never changed. :func:`online_links` checks every record against the
board and raises one :class:`~hotw.errors.ContentError` listing every problem.

``hotw/data/classic/online_areas.json`` holds the area values the game logs score
differently from the printed chart (option ``online_areas``), each with its log lines;
``online_starts.json`` the start lands of minor empires the online game places
elsewhere than the 1993 cards (option ``online_starts``); ``online_navigation.json``
the seas and oceans of the online empire cards where they differ from the 1993
cards (option ``online_navigation``); ``online_resources.json`` the resource symbols of
the online board where they differ from the world board (option ``online_resources``);
``online_capitols.json`` the empires whose turns the logs score with a capitol the 1993
card lacks (option ``online_capitols``); ``online_monuments.json`` the empires the logs build
more monuments for than their resource symbols give (option ``online_monuments``);
``online_events.json`` the event cards the logs play outside the terms of this project's card
(option ``online_events``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, NamedTuple

from hotw.board import Board
from hotw.carddata import DATA_DIR
from hotw.errors import ContentError

LINKS_FILE = DATA_DIR / "classic" / "links.json"
AREAS_FILE = DATA_DIR / "classic" / "online_areas.json"
STARTS_FILE = DATA_DIR / "classic" / "online_starts.json"
NAVIGATION_FILE = DATA_DIR / "classic" / "online_navigation.json"
RESOURCES_FILE = DATA_DIR / "classic" / "online_resources.json"
CAPITOLS_FILE = DATA_DIR / "classic" / "online_capitols.json"
MONUMENTS_FILE = DATA_DIR / "classic" / "online_monuments.json"
EVENTS_FILE = DATA_DIR / "classic" / "online_events.json"

#: (file, list, id of the board) -> (the board, what the list's records give on it): each list read and checked once
#: a board.
_LOADED: dict[tuple[Path, str, int], tuple[Board, Any]] = {}


def _load(path: Path, key: str, board: Board, check: Callable[[list[dict], Board], list[str]],
          build: Callable[[list[dict]], Any]) -> Any:
    """``build(records)`` of the records under ``key`` in ``path``, checked against ``board`` (cached per board)."""
    hit = _LOADED.get((path, key, id(board)))
    if hit is None or hit[0] is not board:
        records = json.loads(path.read_text(encoding="utf-8"))[key]
        problems = check(records, board)
        if problems:
            raise ContentError(problems, path.name)
        hit = _LOADED[(path, key, id(board))] = (board, build(records))
    return hit[1]


def check_links(records: list[dict], board: Board) -> list[str]:
    """Every problem of the link records against ``board``: unknown or non-land ids, links the board already has,
    repeated links, records without a log line as their source."""
    problems: list[str] = []
    seen: set[frozenset[str]] = set()
    for rec, where in _sourced_records(records, "links.json", problems):
        a, b = rec.get("a"), rec.get("b")
        ends = [t for t in (a, b) if t in board.spaces and board.spaces[t].kind == "land"]
        if len(ends) != 2 or a == b:
            problems.append(f"{where}: 'a' and 'b' must be two different lands of the board")
            continue
        if b in board.spaces[a].adjacent | board.spaces[a].straits:
            problems.append(f"{where}: {a} and {b} are already neighbours on the board")
        key = frozenset((a, b))
        if key in seen:
            problems.append(f"{where}: the link is listed twice")
        seen.add(key)
    return problems


def _sourced(rec: dict, where: str) -> list[str]:
    sources = rec.get("sources")
    if not sources or not all(isinstance(s, dict) and s.get("file") and isinstance(s.get("line"), int)
                              and s["line"] > 0 for s in sources):
        return [f"{where}: every record needs its game log file and line as a source"]
    return []


def _sourced_records(records: list[dict], file: str, problems: list[str],
                     unnamed: str = "record") -> Iterator[tuple[dict, str]]:
    """Each record with the name its problems are given under (``file: id``), a record without its game log lines
    added to ``problems`` first (see :func:`_sourced`)."""
    for i, rec in enumerate(records):
        where = f"{file}: {rec.get('id', f'{unnamed} {i}')}"
        problems += _sourced(rec, where)
        yield rec, where


def _card_records(records: list[dict], file: str, good: Callable[[dict], bool], needs: str) -> list[str]:
    """Every problem of records that each name one card: without their game log lines, not ``good`` (the problem
    says what each record ``needs``), a card listed twice."""
    problems: list[str] = []
    seen: set[str] = set()
    for rec, where in _sourced_records(records, file, problems):
        if not good(rec):
            problems.append(f"{where}: {needs}")
        elif rec["card"] in seen:
            problems.append(f"{where}: {rec['card']} is listed twice")
        else:
            seen.add(rec["card"])
    return problems


def check_areas(records: list[dict], board: Board) -> list[str]:
    """Every problem of the online area values: unknown areas, epochs out of 1-7, values not three rising numbers,
    records without a log line as their source."""
    problems: list[str] = []
    for rec, where in _sourced_records(records, "online_areas.json", problems):
        vals = rec.get("values")
        if rec.get("region") not in board.regions:
            problems.append(f"{where}: unknown area {rec.get('region')!r}")
        if rec.get("epoch") not in range(1, 8):
            problems.append(f"{where}: the epoch must be 1 to 7")
        if not (isinstance(vals, list) and len(vals) == 3 and all(isinstance(v, int) and v >= 0 for v in vals)
                and vals == sorted(vals)):
            problems.append(f"{where}: the values must be three rising whole numbers")
    return problems


def online_area_values(board: Board) -> dict[tuple[str, int], tuple[int, int, int]]:
    """(area, epoch) -> the online game's presence, dominance and control values where they differ from the chart."""
    return _load(AREAS_FILE, "area_values", board, check_areas,
                 lambda records: {(r["region"], r["epoch"]): tuple(r["values"]) for r in records})


def check_land_areas(records: list[dict], board: Board) -> list[str]:
    """Every problem of the online game's land areas: unknown lands or areas, lands listed twice, records without a
    log line as their source."""
    problems: list[str] = []
    seen: set[str] = set()
    for rec, where in _sourced_records(records, "online_areas.json", problems):
        land = rec.get("land")
        if not (isinstance(land, str) and land in board.spaces and board.spaces[land].region):
            problems.append(f"{where}: {land!r} is not a land of an area of the board")
        elif land in seen:
            problems.append(f"{where}: {land} is listed twice")
        seen.add(str(land))
        for key in ("holder", "others"):
            areas = rec.get(key)
            if not (isinstance(areas, list) and len(set(areas)) == len(areas)
                    and all(a in board.regions for a in areas)):
                problems.append(f"{where}: {key!r} must list areas of the board, each once ([]: no area)")
    return problems


def online_land_areas(board: Board) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Land -> (the areas it counts in for its holder, the areas it counts in against the other players; none, one or
    more) where the online game's scores count it elsewhere than in the board's area."""
    return _load(AREAS_FILE, "land_areas", board, check_land_areas,
                 lambda records: {r["land"]: (tuple(r["holder"]), tuple(r["others"])) for r in records})


def check_starts(records: list[dict], board: Board) -> list[str]:
    """Every problem of the online start lands: unknown lands, records without a log line as their source."""
    problems: list[str] = []
    for rec, where in _sourced_records(records, "online_starts.json", problems):
        start = rec.get("start")
        if not (isinstance(start, list) and start and all(isinstance(t, str) and t in board.spaces
                                                          and board.spaces[t].kind not in ("sea", "ocean")
                                                          for t in start)):
            problems.append(f"{where}: start must list lands of the board")
    return problems


def online_starts(board: Board) -> dict[str, tuple[str, ...]]:
    """Minor empire card id -> the start lands of the online game where they differ from the 1993 card."""
    return _load(STARTS_FILE, "starts", board, check_starts,
                 lambda records: {r["card"]: tuple(r["start"]) for r in records})


def _sources_ok(rec: dict, where: str) -> list[str]:
    sources = rec.get("sources")
    if not sources or not all(isinstance(x, dict) and (x.get("title") or (x.get("file") and isinstance(
            x.get("line"), int) and x["line"] > 0)) for x in sources):
        return [f"{where}: every record needs its sources (a game log file and line, or the card data's title)"]
    return []


def check_navigation(records: list[dict], board: Board) -> list[str]:
    """Every problem of the online navigation: seas or oceans not on the board, records without sources."""
    problems: list[str] = []
    for i, rec in enumerate(records):
        where = f"online_navigation.json: {rec.get('id', f'record {i}')}"
        problems += _sources_ok(rec, where)
        nav = rec.get("navigation")
        if not (isinstance(nav, list) and all(isinstance(t, str) and t in board.spaces
                                              and board.spaces[t].kind in ("sea", "ocean") for t in nav)):
            problems.append(f"{where}: navigation must list seas or oceans of the board")
    return problems


def online_navigation(board: Board) -> dict[str, tuple[str, ...]]:
    """Empire card id -> the seas and oceans of the online card where they differ from the 1993 card."""
    return _load(NAVIGATION_FILE, "navigation", board, check_navigation,
                 lambda records: {r["card"]: tuple(r["navigation"]) for r in records})


def check_capitols(records: list[dict], board: Board) -> list[str]:
    """Every problem of the online capitols: a record that is not one empire card id with ``"capitol": true``,
    records without a game log line as their source (the cards are checked against the content by the tests)."""
    problems: list[str] = []
    for rec, where in _sourced_records(records, "online_capitols.json", problems):
        if not (isinstance(rec.get("card"), str) and rec.get("capitol") is True):
            problems.append(f"{where}: each record names a card and gives it \"capitol\": true")
    return problems


def online_capitols(board: Board) -> frozenset[str]:
    """Empire card ids the online game's scores give a capitol where the 1993 card has none."""
    return _load(CAPITOLS_FILE, "capitols", board, check_capitols,
                 lambda records: frozenset(r["card"] for r in records))


def check_monuments(records: list[dict], board: Board) -> list[str]:
    """Every problem of the online monuments: a record that is not one empire card id with a whole number of
    monuments more (1 or more), a card listed twice, records without a game log line as their source (the cards are
    checked against the content by the tests)."""
    def good(rec: dict) -> bool:
        card, extra = rec.get("card"), rec.get("extra")
        return isinstance(card, str) and isinstance(extra, int) and not isinstance(extra, bool) and extra >= 1

    return _card_records(records, "online_monuments.json", good,
                         "each record names a card and the monuments more it builds (\"extra\": 1 or more)")


def online_monuments(board: Board) -> dict[str, int]:
    """Empire card id -> the monuments more the online game builds for it at the end of its turn."""
    return _load(MONUMENTS_FILE, "monuments", board, check_monuments,
                 lambda records: {r["card"]: r["extra"] for r in records})


class EventTerms(NamedTuple):
    """How the online game plays an event card where this project's card differs (``online_events.json``)."""

    #: the epochs it may be played in (None: the card's)
    epochs: tuple[int, int] | None = None
    #: an empire without a capitol may play it when its effect needs one, to no effect
    without_capitol: bool = False
    #: a raid with no army limit: it goes on from its conquests until a battle is lost or tied, or the player stops
    until_it_loses: bool = False


def check_events(records: list[dict], board: Board) -> list[str]:
    """Every problem of the online event terms: a record that is not one event card id with at least one term (its
    epochs, two epochs from 1 to 7, the first not after the last; ``"without_capitol": true``; ``"until_it_loses":
    true``), a card listed twice, records without a game log line as their source (the cards are checked against the
    content by the tests)."""
    def good(rec: dict) -> bool:
        eps = rec.get("epochs")
        good_eps = eps is None or (isinstance(eps, list) and len(eps) == 2 and all(
            isinstance(e, int) and not isinstance(e, bool) and 1 <= e <= 7 for e in eps) and eps[0] <= eps[1])
        flags = [rec.get(f) for f in ("without_capitol", "until_it_loses")]
        return (isinstance(rec.get("card"), str) and good_eps and all(f in (None, True) for f in flags)
                and (eps is not None or any(flags)))

    return _card_records(records, "online_events.json", good, "each record names a card and gives its epochs "
                         "([first, last], from 1 to 7), \"without_capitol\": true or \"until_it_loses\": true")


def online_events(board: Board) -> dict[str, EventTerms]:
    """Event card id -> how the online game plays it where this project's card differs."""
    return _load(EVENTS_FILE, "events", board, check_events,
                 lambda records: {r["card"]: EventTerms(tuple(r["epochs"]) if "epochs" in r else None,
                                                        bool(r.get("without_capitol")),
                                                        bool(r.get("until_it_loses"))) for r in records})


def check_resources(records: list[dict], board: Board) -> list[str]:
    """Every problem of the online resource symbols: unknown or non-land ids, a count outside 0-2, a record that
    changes nothing or repeats a land, records without a game log line as their source."""
    problems: list[str] = []
    seen: set[str] = set()
    for rec, where in _sourced_records(records, "online_resources.json", problems):
        land, n = rec.get("land"), rec.get("symbols")
        space = board.spaces.get(land) if isinstance(land, str) else None
        if space is None or space.kind in ("sea", "ocean"):
            problems.append(f"{where}: {land!r} is not a land of the board")
            continue
        if not (isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 2):
            problems.append(f"{where}: symbols must be 0, 1 or 2")
        elif n == space.resources:
            problems.append(f"{where}: the world board already has {n} symbol(s) on {land}")
        if land in seen:
            problems.append(f"{where}: {land} appears twice")
        seen.add(land)
    return problems


def online_resources(board: Board) -> dict[str, int]:
    """Land -> the online board's resource symbols where they differ from the world board's."""
    return _load(RESOURCES_FILE, "resources", board, check_resources,
                 lambda records: {r["land"]: r["symbols"] for r in records})


def online_links(board: Board) -> tuple[tuple[str, str], ...]:
    """The links of the online board (checked against ``board``, cached per board)."""
    return _load(LINKS_FILE, "links", board, check_links,
                 lambda records: tuple((r["a"], r["b"]) for r in records))


def check_coasts(records: list[dict], board: Board) -> list[str]:
    """Every problem of the coast records against ``board``: a land that is not a land, a sea that is not a sea or
    ocean, a coast the board already has, repeated coasts, records without a log line as their source."""
    problems: list[str] = []
    seen: set[tuple[str, str]] = set()
    for rec, where in _sourced_records(records, "links.json", problems, "coast"):
        land, sea = rec.get("land"), rec.get("sea")
        spaces = board.spaces
        if not (isinstance(land, str) and land in spaces and spaces[land].kind == "land"
                and isinstance(sea, str) and sea in spaces and spaces[sea].kind in ("sea", "ocean")):
            problems.append(f"{where}: 'land' must be a land and 'sea' a sea or ocean of the board")
            continue
        if sea in spaces[land].waters or land in spaces[sea].coasts:
            problems.append(f"{where}: {land} already touches {sea} on the board")
        if (land, sea) in seen:
            problems.append(f"{where}: the coast is listed twice")
        seen.add((land, sea))
    return problems


def online_coasts(board: Board) -> tuple[tuple[str, str], ...]:
    """The (land, sea) coasts of the online board the world board lacks (checked against ``board``, cached)."""
    return _load(LINKS_FILE, "coasts", board, check_coasts,
                 lambda records: tuple((r["land"], r["sea"]) for r in records))


def with_coasts(touch: Mapping[str, frozenset[str]], lands: Mapping[str, tuple[str, ...]],
                coasts: tuple[tuple[str, str], ...]) -> tuple[dict[str, frozenset[str]], dict[str, tuple[str, ...]]]:
    """``touch`` (space -> the spaces a marker on it touches) and ``lands`` (space -> the lands a marker on it
    touches) with each coast added: the sea touches the land and the land the sea."""
    out = dict(touch)
    reach = dict(lands)
    for land, sea in coasts:
        out[land] = out[land] | {sea}
        out[sea] = out[sea] | {land}
        if land not in reach[sea]:
            reach[sea] = reach[sea] + (land,)
    return out, reach


def with_links(neighbours: Mapping[str, tuple[str, ...]], links: tuple[tuple[str, str], ...]
               ) -> dict[str, tuple[str, ...]]:
    """``neighbours`` (land -> neighbouring lands) with each link added both ways."""
    out = {k: set(v) for k, v in neighbours.items()}
    for a, b in links:
        out[a].add(b)
        out[b].add(a)
    return {k: tuple(sorted(v)) for k, v in out.items()}
