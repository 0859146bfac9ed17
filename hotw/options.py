"""Rule options, players and seeds: declared per ruleset, checked in one place.

A ruleset declares each option it understands as an :class:`Option` (its default,
its kind and range, a line for a reader). :func:`check_options` is the one check:
``hotw.new_game``, ``hotw.load_game`` and what-if scenarios all go through it, so
every game that can be made can also be saved and loaded. :func:`check_players`
and :func:`check_seed` do the same for the table and the seed.

>>> spec = Option("player_armies", 25, "armies per colour", low=1, high=200)
>>> check_options([spec], {"player_armies": 20})
{'player_armies': 20}
>>> check_options([spec], {"player_armies": -5})
Traceback (most recent call last):
...
hotw.errors.OptionError: rule option 'player_armies' must be a whole number from 1 to 200, not -5
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

from hotw.errors import OptionError
from hotw.files import quote
from hotw.i18n import Domain, Msg, joined

if TYPE_CHECKING:
    from hotw.rulesets import Ruleset

_ = Domain("hotw")
_n = _.plural

__all__ = ["MAX_NAME", "MAX_SEED_TEXT", "Option", "check_options", "check_players", "check_seed", "quoted"]

MAX_NAME = 40
"""Longest player name (characters)."""

MAX_SEED_TEXT = 100
"""Longest seed given as text (characters); a number seed is a 64-bit whole number."""

_SEED_LIMIT = 2**63


def quoted(value: Any, limit: int = 60) -> str:
    """``repr(value)`` for a message: one line, at most about ``limit`` characters, built without ever
    making the whole repr (user values can be huge or deeply shared): :func:`hotw.files.quote`."""
    return quote(value, limit)


@dataclass(frozen=True)
class Option:
    """One rule option a ruleset declares: its name, default, what it means, and what values it takes.

    The kind follows the default: a whole number (between ``low`` and ``high``), a
    tuple of whole numbers (as many as the default has, each between ``low`` and
    ``high``), a text from ``choices``, a true/false, or data (a JSON object that
    ``check`` reads further, e.g. a scenario's card changes).
    """

    name: str
    default: Any
    doc: str
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    #: for data options: checks the value and returns it normalised, raising OptionError
    check: Callable[[Any], Any] | None = None
    #: for data options: the keys the object may have (a scenario file gives them at its top level)
    keys: tuple[str, ...] = ()

    def validate(self, value: Any) -> Any:
        """``value`` normalised (lists become tuples), or OptionError saying what this option takes."""
        d = self.default
        if self.choices:
            if not isinstance(value, str) or value not in self.choices:
                raise self._wrong(value, _("one of {choices}", choices=joined(self.choices)))
            return value
        if isinstance(d, bool):
            if not isinstance(value, bool):
                raise self._wrong(value, _("true or false"))
            return value
        if isinstance(d, int):
            if not _whole(value, self.low, self.high):
                raise self._wrong(value, self._range(_("a whole number"), d))
            return value
        if isinstance(d, tuple):
            if (not isinstance(value, (list, tuple)) or len(value) != len(d)
                    or not all(_whole(v, self.low, self.high) for v in value)):
                raise self._wrong(value, self._range(_n("{n} whole number", "{n} whole numbers", len(d)), d))
            return tuple(value)
        if isinstance(d, Mapping):
            if not isinstance(value, Mapping):
                raise self._wrong(value, _("an object"))
            try:
                json.dumps(value)
            except (TypeError, ValueError):
                raise self._wrong(value, _("plain data (text, numbers, lists and objects)")) from None
            return self.check(value) if self.check is not None else dict(value)
        raise OptionError(f"rule option {self.name!r} has a default no check knows")  # pragma: no cover

    def _range(self, what: Msg, default: Any) -> Msg:
        """``what`` ('a whole number', '2 whole numbers') with the range this option takes, if any."""
        each = isinstance(default, tuple)
        if self.low is not None and self.high is not None:
            return (_("{what} each from {low} to {high}", what=what, low=self.low, high=self.high) if each else
                    _("{what} from {low} to {high}", what=what, low=self.low, high=self.high))
        if self.low is not None:
            return (_("{what} each of at least {low}", what=what, low=self.low) if each else
                    _("{what} of at least {low}", what=what, low=self.low))
        return what

    def _wrong(self, value: Any, what: Msg) -> OptionError:
        reason = _("must be {what}, not {value}", what=what, value=quoted(value))
        return OptionError(_("rule option {name} {reason}", name=repr(self.name), reason=reason), field=self.name,
                           reason=reason)


def _whole(value: Any, low: int | None, high: int | None) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool)
            and (low is None or value >= low) and (high is None or value <= high))


def check_options(declared: Iterable[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """The given options checked against the declared ones and normalised; OptionError on the first problem.

    Only the options given come back (the ruleset fills in its defaults), so a save
    file keeps just what was changed.
    """
    specs = {o.name: o for o in declared}
    if given is None:
        return {}
    if not isinstance(given, Mapping):
        raise OptionError(_("rule options must be an object (name -> value), not {value}", value=quoted(given)))
    out: dict[str, Any] = {}
    for key, value in given.items():
        spec = specs.get(key) if isinstance(key, str) else None
        if spec is None:
            known = joined(sorted(specs)) if specs else _("none")
            raise OptionError(_("unknown rule option {name}; this game's options: {known}", name=quoted(key), known=known),
                              field=str(key)[:40], reason=_("is not a rule option; options: {known}", known=known))
        out[key] = spec.validate(value)
    return out


def check_players(ruleset: "Ruleset", players: Any) -> list[str]:
    """The player names as a list, or OptionError: names of 1-40 printable characters, all different, a count the ruleset takes."""
    if not isinstance(players, (list, tuple)):
        raise OptionError(_("players must be a list of names, not {value}", value=quoted(players)), field="players")
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise OptionError(_("a player's name must be a non-empty text, not {value}", value=quoted(name)),
                              field="players")
        if len(name) > MAX_NAME:
            raise OptionError(_("a player's name has at most {limit} characters; {name} has {count}", limit=MAX_NAME,
                                name=quoted(name), count=len(name)), field="players")
        if not name.isprintable() or not _utf8(name):
            raise OptionError(_("a player's name must be printable text, not {value}", value=quoted(name)),
                              field="players")
    if len(set(players)) != len(players):
        raise OptionError(_("player names must be different"), field="players")
    if not ruleset.min_players <= len(players) <= ruleset.max_players:
        raise OptionError(_("{game} is for {low}-{high} players, not {count}", game=ruleset.title,
                            low=ruleset.min_players, high=ruleset.max_players, count=len(players)), field="players")
    return list(players)


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no file or page can show it
        return False
    return True


def check_seed(seed: Any) -> int | str:
    """The seed, or OptionError: a whole number of 64 bits or a printable text of at most 100 characters."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise OptionError(_("the seed must be a whole number or a text, not {value}", value=quoted(seed)), field="seed")
    if isinstance(seed, int) and not -_SEED_LIMIT <= seed < _SEED_LIMIT:
        raise OptionError(_("the seed must be a whole number of at most 64 bits"), field="seed")
    if isinstance(seed, str) and (len(seed) > MAX_SEED_TEXT or not seed.isprintable() or not _utf8(seed)):
        raise OptionError(_("a seed text is printable and at most {limit} characters long", limit=MAX_SEED_TEXT),
                          field="seed")
    return seed
