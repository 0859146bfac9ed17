"""A what-if's changes to the classic cards: empires changed or removed, event cards removed.

The changes are the ``content_changes`` rule option (so a changed game saves and
replays like any other); :func:`changed_content` builds a changed copy of the card
data, never touching the shared original. Every problem raises an
:class:`~hotw.errors.OptionError` whose message starts with the field
(``empires.mongols.armies: must be ...``).

In a scenario file the changes stand at the top level beside the rules::

    {
      "name": "Mongols at half strength",
      "ruleset": "classic",
      "rules": {"tie_rule": "reroll"},
      "empires": {"mongols": {"armies": 9}, "vikings": {"remove": true},
                  "romans": {"start": ["northern_italia"]}},
      "events": {"treachery": {"remove": true}},
      "start": {"epoch": 3}
    }

An empire may change its armies (its strength in either card set), start lands,
capitol, navigation (seas and oceans), epoch and call order, or be removed; a kind
of event card may be removed (all its copies). Every epoch must keep an empire card
for each player, and the event piles enough cards to deal every hand.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
from types import MappingProxyType
from typing import Any, Mapping

from hotw.errors import OptionError
from hotw.files import DataProblem, field_name, plain
from hotw.i18n import Domain
from hotw.options import quoted
from hotw.rulesets.classic.cards import EPOCHS, HAND, Content

__all__ = ["CHANGE_KEYS", "EMPIRE_KEYS", "changed_content", "check_changes", "check_changes_shape"]

_ = Domain("classic")
_n = _.plural

EMPIRE_KEYS = ("armies", "start", "capitol", "navigation", "epoch", "order", "remove")
"""What a what-if may change on a classic empire card."""

CHANGE_KEYS = ("empires", "events")

# TRANSLATORS: the kind of a space of the board, in "'x' is sea, not a land"
KINDS = {"land": _("land"), "sea": _("sea"), "ocean": _("ocean"), "barren": _("barren")}
"""The kinds of card change (a scenario's top-level fields)."""


def _fail(where: str, message: str) -> OptionError:
    # TRANSLATORS: {field} names the field of a what-if's card changes ("empires.rome.armies")
    return OptionError(_("{field}: {reason}", field=where, reason=message) if where else message, field=where,
                       reason=message)


def _at(where: str, key: Any) -> str:
    return f"{where}.{field_name(key)}"


def _whole(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _suggest(name: Any, known: Any) -> str:
    if not isinstance(name, str) or not 0 < len(name) <= 60:
        return ""
    close = difflib.get_close_matches(name, [str(k) for k in known], n=3, cutoff=0.6)
    # TRANSLATORS: added after an unknown name, with a leading space
    return _(" (did you mean {names}?)", names=", ".join(close)) if close else ""  # ids, alternatives: no "and"


def _plain(changes: Any) -> dict[str, Any]:
    if not isinstance(changes, Mapping):
        raise _fail("", _("card changes must be an object, not {value}", value=quoted(changes)))
    try:
        return plain(dict(changes))  # type: ignore[no-any-return]
    except DataProblem as problem:
        raise _fail(problem.where, problem.reason) from None


def _check_lands(at: str, value: Any, spaces: Any, kinds: tuple[str, ...], words: str, empty: bool) -> None:
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise _fail(at, _("must be a list of territory ids, not {value}", value=quoted(value)))
    if not value and not empty:
        raise _fail(at, _("needs at least one start land"))
    for v in value:
        if v not in spaces:
            raise _fail(at, _("{name} is not a territory on the board{hint}", name=quoted(v), hint=_suggest(v, spaces)))
        if spaces[v].kind not in kinds:
            kind = spaces[v].kind
            raise _fail(at, _("{name} is {kind}, not {wanted}", name=quoted(v), kind=KINDS.get(kind, kind),
                              wanted=words))


def _check_empire(where: str, change: Any, spaces: Any) -> None:
    if not isinstance(change, dict) or not change:
        raise _fail(where, _("must be an object with one or more of {keys}", keys=", ".join(EMPIRE_KEYS)))
    for key, value in change.items():
        at = _at(where, key)
        if key not in EMPIRE_KEYS:
            raise _fail(at, _("cannot be changed{hint}; an empire's {keys} can", hint=_suggest(key, EMPIRE_KEYS),
                              keys=", ".join(EMPIRE_KEYS)))
        if key == "armies" and not _whole(value, 1, 60):
            raise _fail(at, _("must be a whole number of armies from 1 to 60, not {value}", value=quoted(value)))
        if key == "epoch" and not _whole(value, 1, len(EPOCHS)):
            raise _fail(at, _("must be an epoch from 1 to {last}, not {value}", last=len(EPOCHS), value=quoted(value)))
        if key == "order" and not _whole(value, 1, 99):
            raise _fail(at, _("must be a call order from 1 to 99, not {value}", value=quoted(value)))
        if key in ("capitol", "remove") and not isinstance(value, bool):
            raise _fail(at, _("must be true or false, not {value}", value=quoted(value)))
        if key == "start":
            _check_lands(at, value, spaces, ("land",), _("a land"), empty=False)
        if key == "navigation":
            _check_lands(at, value, spaces, ("sea", "ocean"), _("a sea or ocean"), empty=True)


def check_changes(changes: Mapping[str, Any], content: Content, board: Any) -> None:
    """Raise OptionError naming the field of the first problem in ``changes``."""
    unknown = sorted(set(changes) - set(CHANGE_KEYS))
    if unknown:
        raise _fail(field_name(unknown[0]), _("is not a kind of card change; use {keys}", keys=", ".join(CHANGE_KEYS)))
    empires = changes.get("empires", {})
    if not isinstance(empires, dict):
        raise _fail("empires", _("must be an object: empire id -> changes, not {value}", value=quoted(empires)))
    for eid, change in empires.items():
        if eid not in content.empires:
            raise _fail(_at("empires", eid), _("there is no empire card {card}{hint}", card=quoted(eid),
                                                hint=_suggest(eid, content.empires)))
        _check_empire(_at("empires", eid), change, board.spaces)
    events = changes.get("events", {})
    if not isinstance(events, dict):
        raise _fail("events", _("must be an object: event id -> changes, not {value}", value=quoted(events)))
    for cid, change in events.items():
        where = _at("events", cid)
        if cid not in content.events:
            raise _fail(where, _("there is no event card {card}{hint}", card=quoted(cid),
                                 hint=_suggest(cid, content.events)))
        if change != {"remove": True}:
            raise _fail(where, _('the only change to an event card is {remove}, not {value}', remove='{"remove": true}',
                                  value=quoted(change)))


def _build(content: Content, changes: Mapping[str, Any], n_players: int) -> Content:
    empires = dict(content.empires)
    for eid, change in changes.get("empires", {}).items():
        if change.get("remove"):
            del empires[eid]
            continue
        fields = {k: (tuple(v) if isinstance(v, list) else v) for k, v in change.items() if k != "remove"}
        if "armies" in fields:  # the strength in either card set (the option ``strengths``)
            fields["armies_1993"] = fields["armies"]
        empires[eid] = dataclasses.replace(empires[eid], **fields)
    orders: dict[tuple[int, int], str] = {}
    for eid, card in sorted(empires.items(), key=lambda kv: (kv[0] in changes.get("empires", {}), kv[0])):
        key = (card.epoch, card.order)
        if key in orders:
            raise _fail(f"empires.{eid}", _("call order {order} in Epoch {epoch} is already used by {other}; give an "
                                            "'order' that is free", order=card.order, epoch=card.epoch,
                                            other=orders[key]))
        orders[key] = eid
    for e in EPOCHS:
        count = sum(1 for c in empires.values() if c.epoch == e)
        if count < n_players:
            raise _fail("empires", _n("Epoch {epoch} keeps {n} empire card(s); a game of {players} needs at least "
                                      "{players}", "Epoch {epoch} keeps {n} empire card(s); a game of {players} needs "
                                      "at least {players}", count, epoch=e, players=n_players))
    events = {cid: card for cid, card in content.events.items() if cid not in changes.get("events", {})}
    for kind in ("major", "minor"):
        count = sum(c.copies for c in events.values() if c.kind == kind)
        if count < HAND[kind] * n_players:
            args = {"dealt": HAND[kind], "players": n_players, "needed": HAND[kind] * n_players}
            if kind == "major":
                why = _n("{n} greater event card(s) are left; dealing {dealt} to each of {players} players needs "
                         "{needed}", "{n} greater event card(s) are left; dealing {dealt} to each of {players} players "
                         "needs {needed}", count, **args)
            else:
                why = _n("{n} lesser event card(s) are left; dealing {dealt} to each of {players} players needs "
                         "{needed}", "{n} lesser event card(s) are left; dealing {dealt} to each of {players} players "
                         "needs {needed}", count, **args)
            raise _fail("events", why)
    return dataclasses.replace(content, empires=MappingProxyType(empires), events=MappingProxyType(events))


_CHANGED: dict[tuple[int, str, int], tuple[Content, Content]] = {}


def changed_content(content: Content, changes: Mapping[str, Any], board: Any, n_players: int) -> Content:
    """A copy of ``content`` with a scenario's card changes, built once per process for each set of changes."""
    changes = _plain(changes)
    key = (id(content), json.dumps(changes, sort_keys=True), n_players)
    hit = _CHANGED.get(key)
    if hit is not None and hit[0] is content:
        return hit[1]
    check_changes(changes, content, board)
    built = _build(content, changes, n_players)
    _CHANGED[key] = (content, built)
    return built


def check_changes_shape(changes: Any) -> dict[str, Any]:
    """The ``content_changes`` option checked against the world board and the classic cards; returned as given."""
    from hotw.board import board_file, load_board
    from hotw.rulesets.classic.cardcheck import load_content

    changes = _plain(changes)
    board = load_board(board_file("world"))  # the classic board
    check_changes(changes, load_content(board), board)
    return changes
