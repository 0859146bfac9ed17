"""The checks every ruleset's position set up by hand shares: one line naming the field, the space or the card.

A ruleset's ``position`` rule option (the lesson builder's start) is plain data; its
own module (``hotw/rulesets/<name>/position.py``) says what the fields mean and lays
the position out. What is checked alike lives here: the shape of the object, a
space of the board a piece may stand on, lists of spaces with each space once,
seats, scores, and cards by id. Every problem is an
:class:`~hotw.errors.OptionError` whose message starts with ``position.<field>``.

>>> fail("forts", "Levant is listed twice").field
'position.forts'
>>> whole(3, 0, 5), whole(True, 0, 5), whole(7, 0, 5)
(True, False, False)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

from hotw.errors import OptionError
from hotw.options import quoted

__all__ = ["MAX_SEATS", "check_armies", "check_epoch", "check_fields", "check_scores", "check_seats",
           "check_structures", "empire_calls", "empire_pair", "fail", "seat_lists", "space", "spaces", "whole"]

#: The largest table of the family (seats are numbered from 0).
MAX_SEATS = 6


def fail(where: str, message: str) -> OptionError:
    """The one-line error of a position: ``position.<where>: <message>``."""
    field = f"position.{where}" if where else "position"
    return OptionError(f"{field}: {message}", field=field, reason=message)


def whole(value: Any, lo: int, hi: int) -> bool:
    """Whether ``value`` is a whole number (not a bool) from ``lo`` to ``hi``."""
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def check_fields(data: Any, fields: Collection[str], needed: Collection[str]) -> Mapping[str, Any]:
    """``data`` if it is an object with only ``fields`` and every ``needed`` one; a one-line error otherwise."""
    if not isinstance(data, Mapping):
        raise fail("", f"must be an object with at least {', '.join(repr(k) for k in needed)}")
    for key in data:
        if key not in fields:
            raise fail(str(key)[:40], f"is not a position field; fields: {', '.join(fields)}")
    for key in needed:
        if key not in data:
            raise fail(key, "is needed")
    return data


def space(board: Any, where: str, sid: Any, kinds: Collection[str] = ("land",)) -> str:
    """``sid`` if it is a space of ``board`` of one of ``kinds`` (where pieces stand); a one-line error otherwise."""
    if not isinstance(sid, str) or sid not in board.spaces:
        raise fail(where, f"{quoted(sid)} is not a territory on the board")
    s = board.spaces[sid]
    if s.kind in kinds:
        return sid
    if s.kind == "barren":
        raise fail(where, f"{s.name} is barren land; no army or piece may stand there")
    if s.is_water:
        raise fail(where, f"{s.name} is water; pieces stand on lands")
    raise fail(where, f"{s.name} is {s.kind}; pieces stand on {' or '.join(kinds)}")


def spaces(board: Any, data: Mapping[str, Any], key: str, piece: str, kinds: Collection[str] = ("land",), *,
           check: Callable[[Any, str, Any], Any] | None = None, listing: str = "lands") -> list[str]:
    """The list ``data[key]`` of spaces, each a space of ``kinds`` and each once (one ``piece`` per space).

    ``check(board, where, sid)`` checks each space where a ruleset words it its own way
    (:func:`space` by default); ``listing`` is what the list is said to hold.
    """
    value = data.get(key, [])
    if not isinstance(value, list):
        raise fail(key, f"must be a list of {listing}")
    seen: set[str] = set()
    for sid in value:
        if check is None:
            space(board, key, sid, kinds)
        else:
            check(board, key, sid)
        if sid in seen:
            raise fail(key, f"{board.spaces[sid].name} is listed twice (one {piece} per land)")
        seen.add(sid)
    return list(value)


def seat_lists(data: Mapping[str, Any], key: str, what: str) -> dict[int, list[Any]]:
    """``data[key]`` as seat -> list: an object keyed by seat numbers ("0", "1", ...) whose values are lists."""
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise fail(key, f"must be an object: seat -> {what}")
    out: dict[int, list[Any]] = {}
    for seat, items in value.items():
        if not (isinstance(seat, str) and seat.isdigit() and int(seat) < MAX_SEATS):
            raise fail(f"{key}.{str(seat)[:10]}", "must be keyed by a seat number")
        if not isinstance(items, list):
            raise fail(f"{key}.{seat}", f"must be a list of {what}")
        out[int(seat)] = items
    return out


def check_seats(seats: Collection[int], n_players: int) -> None:
    """Every seat a position names exists at a table of ``n_players``."""
    for seat in sorted(set(seats)):
        if seat >= n_players:
            raise fail("", f"names seat {seat}, but this table has seats 0 to {n_players - 1}")


def check_scores(scores: Any, n_players: int | None = None, *, distinct: bool = False, high: int = 999) -> None:
    """``scores``: one whole number per seat (``n_players`` of them when given), all different if ``distinct``."""
    if scores is None:
        return
    if not isinstance(scores, list) or not all(whole(s, 0, high) for s in scores):
        raise fail("scores", f"must be a list of whole numbers from 0 to {high}, one per seat")
    if distinct and len(set(scores)) != len(scores):
        raise fail("scores", f"must be one space of the score track per seat (0-{high}), no two alike")
    if n_players is not None and len(scores) != n_players:
        raise fail("scores", f"needs one score per seat ({n_players}), not {len(scores)}")


def empire_pair(content: Any, where: str, pair: Any, epoch: int, elsewhere: Callable[[Any], str]) -> tuple[str, int]:
    """``pair`` as [empire card id, seat] of an empire of ``epoch``; ``elsewhere(card)`` words one of another epoch."""
    if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)
            and whole(pair[1], 0, MAX_SEATS - 1)):
        raise fail(where, f"must be [empire id, seat], not {quoted(pair)}")
    card = content.empires.get(pair[0])
    if card is None:
        raise fail(where, f"there is no empire card {quoted(pair[0])}")
    if card.epoch != epoch:
        raise fail(where, elsewhere(card))
    return pair[0], pair[1]


def empire_calls(data: Mapping[str, Any], content: Any, first: tuple[str, int],
                 read: Callable[[str, Any], tuple[str, int]], out_of_order: str,
                 seat_twice: str) -> list[tuple[str, int]]:
    """The empire ``first`` about to play and those of ``data["later"]`` (each read by ``read(where, pair)``).

    They must follow the order printed on the cards, each once (else ``out_of_order``), one a seat
    (else ``seat_twice``).
    """
    later = data.get("later", [])
    if not isinstance(later, list):
        raise fail("later", "must be a list of [empire id, seat]")
    calling = [first] + [read(f"later.{i + 1}", pair) for i, pair in enumerate(later)]
    orders = [content.empires[e].order for e, _ in calling]
    if orders != sorted(orders) or len(set(orders)) != len(orders):
        raise fail("later", out_of_order)
    if len({seat for _, seat in calling}) != len(calling):
        raise fail("later", seat_twice)
    return calling


def check_epoch(data: Any, fields: Collection[str], epochs: int) -> int:
    """The epoch of ``data``, an object with only ``fields`` naming an epoch from 1 to ``epochs``."""
    if not isinstance(data, Mapping):
        raise fail("", "must be an object with at least 'epoch' and 'turn'")
    for key in data:
        if key not in fields:
            raise fail(str(key)[:40], f"is not a position field; fields: {', '.join(fields)}")
    epoch = data.get("epoch")
    if not whole(epoch, 1, epochs):
        raise fail("epoch", f"must be an epoch from 1 to {epochs}, not {quoted(epoch)}")
    return int(epoch)


def check_armies(board: Any, data: Mapping[str, Any]) -> Mapping[str, Any]:
    """``data["armies"]``: land -> the seat whose army stands there."""
    armies = data.get("armies", {})
    if not isinstance(armies, Mapping):
        raise fail("armies", "must be an object: land -> seat")
    for land, seat in armies.items():
        space(board, f"armies.{land}", land)
        if not whole(seat, 0, MAX_SEATS - 1):
            raise fail(f"armies.{land}", f"must be a seat number, not {quoted(seat)}")
    return armies


def check_structures(board: Any, data: Mapping[str, Any], kinds: tuple[str, str]) -> Mapping[str, Any]:
    """``data["structures"]``: land -> one of the two ``kinds`` of structure."""
    structures = data.get("structures", {})
    if not isinstance(structures, Mapping):
        raise fail("structures", f"must be an object: land -> {kinds[0]} or {kinds[1]}")
    for land, kind in structures.items():
        space(board, f"structures.{land}", land)
        if kind not in kinds:
            raise fail(f"structures.{land}", f"must be {kinds[0]!r} or {kinds[1]!r}, not {quoted(kind)}")
    return structures
