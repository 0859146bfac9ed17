"""A what-if's changes to the 2018 cards: empires changed or removed, events removed, region tokens changed.

The changes are the ``content_changes`` rule option (so a changed game saves and
replays like any other); :func:`changed_content` builds a changed copy of the card
data, never touching the shared original. Every problem raises an
:class:`~hotw.errors.OptionError` whose message starts with the field
(``empires.mongols.armies: must be ...``).

In a scenario file the changes stand at the top level beside the rules::

    {
      "name": "Mongols at half strength",
      "rules": {"tie_rule": "defender_holds", "catapult_max": 2},
      "empires": {"mongols": {"armies": 8}, "vikings": {"remove": true},
                  "huns": {"epoch": 2, "order": 9}, "romans": {"start": ["northern_italia"]}},
      "events": {"weaponry_1": {"remove": true}},
      "region_tokens": {"1": {"middle_east": [1, 3, 5]}},
      "start": {"epoch": 3}
    }

An empire may change its armies, start, epoch, order, fleets, caravans, capitol, or
be removed; an event card may be removed; a region token's three values may change
from an epoch on.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
from types import MappingProxyType
from typing import Any, Mapping

from hotw.errors import OptionError
from hotw.files import DataProblem, field_name, plain
from hotw.options import quoted
from hotw.rulesets.hotw2018.cards import Content, RegionToken

__all__ = ["CHANGE_KEYS", "EMPIRE_KEYS", "build_changed", "changed_content", "check_changes", "check_changes_shape"]

EMPIRE_KEYS = ("armies", "start", "epoch", "order", "fleets", "caravans", "capitol", "remove")
"""What a what-if may change on an empire card."""

CHANGE_KEYS = ("empires", "events", "region_tokens")
"""The kinds of card change."""

def _fail(where: str, message: str) -> OptionError:
    return OptionError(f"{where}: {message}" if where else message, field=where, reason=message)


def _at(where: str, key: Any) -> str:
    return f"{where}.{field_name(key)}" if where else field_name(key)


def _plain(changes: Any) -> dict[str, Any]:
    """``changes`` as bounded plain data with text keys (YAML's ``1:`` becomes ``"1"``), or OptionError."""
    if not isinstance(changes, Mapping):
        raise _fail("", f"card changes must be an object, not {quoted(changes)}")
    try:
        return plain(dict(changes), int_keys=True)  # type: ignore[no-any-return]
    except DataProblem as problem:
        raise _fail(problem.where, problem.reason) from None


def _whole(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def suggest(name: str, known: Any) -> str:
    """" (did you mean ...?)" with the known names close to ``name``, or nothing."""
    if not isinstance(name, str) or not 0 < len(name) <= 60:
        return ""
    close = difflib.get_close_matches(str(name), [str(k) for k in known], n=3, cutoff=0.6)
    return f" (did you mean {', '.join(close)}?)" if close else ""


def check_changes(changes: Mapping[str, Any], content: Any, board: Any, epochs: int) -> None:
    """Raise OptionError naming the field of the first problem in ``changes``."""
    unknown = sorted(set(changes) - set(CHANGE_KEYS))
    if unknown:
        raise _fail(field_name(unknown[0]), f"is not a kind of card change; use {', '.join(CHANGE_KEYS)}")
    spaces = board.spaces
    empires = changes.get("empires", {})
    if not isinstance(empires, dict):
        raise _fail("empires", f"must be an object: empire id -> changes, not {quoted(empires)}")
    for eid, change in empires.items():
        where = _at("empires", eid)
        if eid not in content.empires:
            raise _fail(where, f"there is no empire card {quoted(eid)}{suggest(eid, content.empires)}")
        if not isinstance(change, dict) or not change:
            raise _fail(where, f"must be an object with one or more of {', '.join(EMPIRE_KEYS)}")
        for key, value in change.items():
            at = _at(where, key)
            if key not in EMPIRE_KEYS:
                raise _fail(at, f"cannot be changed{suggest(key, EMPIRE_KEYS)}; "
                                f"an empire's {', '.join(EMPIRE_KEYS)} can")
            if key == "armies" and not _whole(value, 1, 60):
                raise _fail(at, f"must be a whole number of armies from 1 to 60, not {quoted(value)}")
            if key == "epoch" and not _whole(value, 1, epochs):
                raise _fail(at, f"must be an epoch from 1 to {epochs}, not {quoted(value)}")
            if key == "order" and not _whole(value, 1, 99):
                raise _fail(at, f"must be a call order from 1 to 99, not {quoted(value)}")
            if key in ("capitol", "remove") and not isinstance(value, bool):
                raise _fail(at, f"must be true or false, not {quoted(value)}")
            if key in ("start", "fleets", "caravans"):
                if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
                    raise _fail(at, f"must be a list of territory ids, not {quoted(value)}")
                if key == "start" and not value:
                    raise _fail(at, "needs at least one start territory")
                kinds = {"start": ("land",), "fleets": ("sea", "ocean"), "caravans": ("barren",)}[key]
                words = {"start": "a land", "fleets": "a sea or ocean", "caravans": "a barren land"}[key]
                for v in value:
                    if v not in spaces:
                        raise _fail(at, f"{quoted(v)} is not a territory on the board{suggest(v, spaces)}")
                    if spaces[v].kind not in kinds:
                        raise _fail(at, f"{quoted(v)} is {spaces[v].kind}, not {words}")
    events = changes.get("events", {})
    if not isinstance(events, dict):
        raise _fail("events", f"must be an object: event id -> changes, not {quoted(events)}")
    for cid, change in events.items():
        where = _at("events", cid)
        if cid not in content.events:
            raise _fail(where, f"there is no event card {quoted(cid)}{suggest(cid, content.events)}")
        for key in change if isinstance(change, dict) else ():
            if key != "remove":
                raise _fail(_at(where, key), 'cannot be changed; the only change to an event card is {"remove": true}')
        if change != {"remove": True}:
            raise _fail(where, f'the only change to an event card is {{"remove": true}}, not {quoted(change)}')
    tokens = changes.get("region_tokens", {})
    if not isinstance(tokens, dict):
        raise _fail("region_tokens", "must be an object: epoch -> {region: [presence, dominance, supremacy]}, "
                                     f"not {quoted(tokens)}")
    for ep, regions in tokens.items():
        where = _at("region_tokens", ep)
        text = str(ep)
        if not (text.isascii() and text.isdigit() and len(text) <= 3 and 1 <= int(text) <= epochs):
            raise _fail(where, f"must be keyed by an epoch from 1 to {epochs}")
        if not isinstance(regions, dict):
            raise _fail(where, f"must be an object: region -> [presence, dominance, supremacy], not {quoted(regions)}")
        for region, values in regions.items():
            at = _at(where, region)
            if region not in board.regions:
                raise _fail(at, f"there is no region {quoted(region)}{suggest(region, board.regions)}")
            if not (isinstance(values, (list, tuple)) and len(values) == 3 and all(_whole(v, 0, 99) for v in values)
                    and values[0] <= values[1] <= values[2]):
                raise _fail(at, f"must be three whole numbers [presence, dominance, supremacy], "
                                f"none decreasing, not {quoted(values)}")


def build_changed(content: Any, changes: Mapping[str, Any], epochs: int, n_players: int) -> Any:
    empires = dict(content.empires)
    for eid, change in changes.get("empires", {}).items():
        if change.get("remove"):
            del empires[eid]
            continue
        fields = {k: (tuple(v) if isinstance(v, list) else v) for k, v in change.items() if k != "remove"}
        empires[eid] = dataclasses.replace(empires[eid], **fields)
    orders: dict[tuple[int, int], str] = {}
    for eid, card in sorted(empires.items(), key=lambda kv: (kv[0] in changes.get("empires", {}), kv[0])):
        key = (card.epoch, card.order)
        if key in orders:
            raise _fail(f"empires.{eid}", f"call order {card.order} in Epoch {card.epoch} is already used by "
                                          f"{orders[key]}; give an 'order' that is free")
        orders[key] = eid
    events = {cid: card for cid, card in content.events.items()
              if not changes.get("events", {}).get(cid, {}).get("remove")}
    tokens = list(content.tokens)
    for ep, regions in changes.get("region_tokens", {}).items():
        for region, values in regions.items():
            e = int(ep)
            old = next((t for t in tokens if t.region == region and t.epoch == e), None)
            new = RegionToken(f"{region}_{e}_scenario", region, e, tuple(values), "authored",  # type: ignore[arg-type]
                              "changed by a scenario")
            tokens = [t for t in tokens if t is not old] + [new]
    for e in range(1, epochs + 1):
        for what, cards in (("empire", empires), ("event", events)):
            count = sum(1 for c in cards.values() if c.epoch == e)
            if count < n_players:
                raise _fail(f"{what}s", f"Epoch {e} keeps {count} {what} card(s); a game of {n_players} "
                                        f"needs at least {n_players}")
    return Content(content.ruleset, MappingProxyType(empires), MappingProxyType(events), tuple(tokens))


_CHANGED: dict[tuple[int, str, int], tuple[Any, Any]] = {}


def changed_content(content: Any, changes: Mapping[str, Any], board: Any, n_players: int) -> Any:
    """A copy of ``content`` with a scenario's card changes (the shared original is never changed).

    Built once per process for each set of changes, so thousands of games share it.
    """
    changes = _plain(changes)
    key = (id(content), json.dumps(changes, sort_keys=True), n_players)
    hit = _CHANGED.get(key)
    if hit is not None and hit[0] is content:
        return hit[1]
    epochs = max(c.epoch for c in content.empires.values())
    check_changes(changes, content, board, epochs)
    built = build_changed(content, changes, epochs, n_players)
    _CHANGED[key] = (content, built)
    return built


def check_changes_shape(changes: Any) -> dict[str, Any]:
    """The ``content_changes`` option checked against the world board and the printed cards; returned as given."""
    from hotw.board import load_board
    from hotw.rulesets.hotw2018.cardcheck import load_content

    changes = _plain(changes)
    board = load_board()
    check_changes(changes, load_content("hotw2018", board), board, 5)
    return changes
