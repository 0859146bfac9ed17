"""Save files: plain JSON holding the ruleset, players, seed, options and the action list.

Loading replays every action through ``apply``, so a save file can never hold
anything but legal moves; it is data, never code (no pickle). Reading is bounded
(``hotw/files.py``): at most MAX_BYTES, no duplicate keys, no numbers beyond 64
bits, no text that cannot be written back; every problem is one SaveFileError
line naming the file and the field.

Trust: a save records every die and card draw and is replayed as recorded, so it
is exactly as trustworthy as whoever wrote it (lessons and tests choose dice on
purpose). :func:`chance_differences` (and ``hotw check-save``) lists the outcomes
that differ from what the game's seed would have drawn.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from hotw.actions import Action
from hotw.errors import HotwError, IllegalActionError, OptionError, SaveFileError
from hotw.files import DataProblem, decode, field_name, one_line, parse_json, plain, quote, read_bounded
from hotw.game import SAVE_FORMAT, SAVE_VERSION
from hotw.i18n import Domain, Msg, joined, num

_ = Domain("hotw")

if TYPE_CHECKING:
    from hotw.game import Game

FORMAT = SAVE_FORMAT
VERSION = SAVE_VERSION
MAX_BYTES = 5_000_000
MAX_ACTIONS = 200_000
#: A text seed may have at most this many characters (a number seed: 64 bits).
MAX_SEED_TEXT = 100
_KEYS = {"format", "version", "ruleset", "players", "seed", "options", "actions"}
#: Fields a save may have besides: ``game_log``, what the log of a real game said of each turn it replays (written by
#: the notebook game for an imported log, :func:`with_game_log`; never read by the rules)
_MORE_KEYS = {"game_log"}
#: The most scored turns a game log's record may list, and the largest points it may give
MAX_LOG_TURNS = 1000
MAX_LOG_POINTS = 1_000_000


def game_to_json(game: "Game") -> str:
    """The save-file text of ``game`` (``game.to_json()``)."""
    return game.to_json()


def _fail(reason: Any, source: str | None = None, field: str | None = None) -> SaveFileError:
    """A SaveFileError of one line: the file, the field, what is wrong (a Msg, said again in any language)."""
    src = one_line(source, 200) if source else _("save file")
    if not isinstance(reason, Msg):
        reason = one_line(reason, 400)
    text = _("{file}: {field}: {reason}", file=src, field=field, reason=reason) if field else \
        _("{file}: {reason}", file=src, reason=reason)
    return SaveFileError(text, source=src, field=field)


def _said(err: BaseException) -> Any:
    """An error's message as it was made (a Msg where the engine made one), for another message to quote."""
    return err.args[0] if err.args and isinstance(err.args[0], str) else str(err)


def read_save_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a save file on disk: a regular file of at most MAX_BYTES, else SaveFileError."""
    try:
        return read_bounded(path, MAX_BYTES)
    except DataProblem as problem:
        raise _fail(problem.reason, one_line(os.fspath(path) or "''", 200)) from None


def _names(keys: Any) -> Any:
    keys = sorted(keys)
    shown = joined(field_name(k) for k in keys[:5])
    return _("{names} and {n} more", names=shown, n=len(keys) - 5) if len(keys) > 5 else shown


def read_save(text: str | bytes, source: str = "save file") -> dict[str, Any]:
    """Parse and check the structure of a save file; raise SaveFileError naming ``source`` and the field."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_BYTES:
            raise _fail(_("it is {size} bytes, more than the {limit} a save file may have", size=num(len(text)),
                          limit=num(MAX_BYTES)), source)
        try:
            text = decode(bytes(text))
        except DataProblem as problem:
            raise _fail(problem.reason, source) from None
    if not isinstance(text, str):
        raise _fail(_("expected the text of a save file, not {kind}", kind=type(text).__name__), source)
    if len(text) > MAX_BYTES:
        raise _fail(_("it is {size} characters, more than the {limit} a save file may have", size=num(len(text)),
                      limit=num(MAX_BYTES)), source)
    try:
        doc = plain(parse_json(text))
    except DataProblem as problem:
        raise _fail(problem.reason, source, problem.where or None) from None
    if not isinstance(doc, dict):
        raise _fail(_("the top level must be a JSON object"), source)
    if doc.get("format") != FORMAT:
        raise _fail(_("must be {wanted}, not {value}: this is not a hotw save file", wanted=repr(FORMAT),
                      value=quote(doc.get("format"))), source, "format")
    version = doc.get("version")
    if type(version) is not int or version != VERSION:
        raise _fail(_("this hotw reads version {wanted}, not version {value}", wanted=VERSION, value=quote(version)),
                    source, "version")
    unknown = set(doc) - _KEYS - _MORE_KEYS
    if unknown:
        raise _fail(_("unknown field(s): {names}", names=_names(unknown)), source)
    missing = _KEYS - set(doc)
    if missing:
        raise _fail(_("missing field(s): {names}", names=_names(missing)), source)
    if not isinstance(doc["ruleset"], str) or not 0 < len(doc["ruleset"]) <= 40:
        raise _fail(_("must be the name of a ruleset, not {value}", value=quote(doc["ruleset"])), source, "ruleset")
    players = doc["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) and 0 < len(p) <= 40 for p in players):
        raise _fail(_("must be a list of names (1-40 characters each), not {value}", value=quote(players)), source,
                    "players")
    seed = doc["seed"]
    if isinstance(seed, bool) or not isinstance(seed, (int, str)) or (isinstance(seed, str)
                                                                     and len(seed) > MAX_SEED_TEXT):
        raise _fail(_("must be a whole number (64 bits) or a text of at most {limit} characters, not {value}",
                      limit=MAX_SEED_TEXT, value=quote(seed)), source, "seed")
    if not isinstance(doc["options"], dict):
        raise _fail(_("must be an object of rule options, not {value}", value=quote(doc["options"])), source, "options")
    actions = doc["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise _fail(_("must be a list of action texts"), source, "actions")
    if len(actions) > MAX_ACTIONS:
        raise _fail(_("it has {count} actions, more than {limit}", count=num(len(actions)), limit=num(MAX_ACTIONS)),
                    source, "actions")
    if "game_log" in doc:
        _check_game_log(doc["game_log"], source)
    return doc


def _points(value: Any) -> bool:
    return type(value) is int and abs(value) <= MAX_LOG_POINTS


def _check_game_log(log: Any, source: str) -> None:
    """``game_log``: {"source": a name, "turns": [[points, total, the log's points, the log's total], ...] in the
    order the turns scored, "winner": the log's winner's seat or null, "points": the winner's points or null}."""
    if not isinstance(log, dict) or set(log) != {"source", "turns", "winner", "points"}:
        raise _fail(_("must be an object with source, turns, winner and points"), source, "game_log")
    if not isinstance(log["source"], str) or not 0 < len(log["source"]) <= 200:
        raise _fail(_("must be the name of the game log (1-200 characters), not {value}", value=quote(log["source"])),
                    source, "game_log.source")
    turns = log["turns"]
    if not isinstance(turns, list) or len(turns) > MAX_LOG_TURNS or not all(
            isinstance(row, list) and len(row) == 4 and all(map(_points, row)) for row in turns):
        raise _fail(_("must be a list of at most {limit} turns, each four whole numbers (points, total, the log's "
                      "points, the log's total)", limit=num(MAX_LOG_TURNS)), source, "game_log.turns")
    for key in ("winner", "points"):
        if log[key] is not None and not _points(log[key]):
            raise _fail(_("must be a whole number or null, not {value}", value=quote(log[key])), source,
                        f"game_log.{key}")


def with_game_log(text: str, game_log: dict[str, Any]) -> str:
    """The save-file text ``text`` (``game.to_json()``) with what the log of a real game said of each turn
    (``game_log``, as :func:`saved_game_log` gives it back), checked as a loaded save's would be."""
    import json

    _check_game_log(game_log, "game_log")
    doc = json.loads(text)
    doc["game_log"] = game_log
    return json.dumps(doc, separators=(",", ":"))


def saved_game_log(text: str | bytes, source: str = "save file") -> dict[str, Any] | None:
    """What the log of a real game said of each turn, as a save of its replay keeps it (None if it keeps none)."""
    return read_save(text, source).get("game_log")


def load_game(text: str | bytes, *, auto_chance: bool = True, source: str = "save file") -> "Game":
    """Rebuild a game from its save-file text by replaying every action.

    Raises SaveFileError (one line naming ``source``, e.g. the file name, and the
    field) on anything malformed. A save records its dice and card draws and is
    replayed as recorded: see :func:`chance_differences` for checking them against
    the seed.
    """
    return _replay(text, auto_chance, source, None)


def chance_differences(text: str | bytes, source: str = "save file") -> tuple["Game", list[tuple[int, Action, Action]]]:
    """The game of a save and each recorded chance outcome its seed would not have drawn.

    A save file is a record, trusted as far as whoever wrote it: it may choose its own
    dice (tests and lessons set dice on purpose). Each difference is ``(action number,
    recorded, what the seed draws at that point)``; an empty list means every die and
    card came from the seed.
    """
    differences: list[tuple[int, Action, Action]] = []
    game = _replay(text, True, source, differences)
    return game, differences


def _replay(text: str | bytes, auto_chance: bool, source: str,
            differences: list[tuple[int, Action, Action]] | None) -> "Game":
    from hotw.rulesets import get_ruleset

    doc = read_save(text, source)
    try:
        ruleset = get_ruleset(doc["ruleset"])
    except HotwError as err:
        raise _fail(_said(err), source, "ruleset") from None
    try:
        game = ruleset.new_game(doc["players"], doc["seed"], auto_chance=False, options=doc["options"])
    except OptionError as err:
        field = err.field if err.field in ("players", "seed") else f"options.{err.field}" if err.field else "options"
        raise _fail(err.reason if err.field else _said(err), source, field) from None
    except HotwError as err:  # a card change that leaves too few cards, say
        raise _fail(_said(err), source, "options") from None
    for i, text_action in enumerate(doc["actions"]):
        try:
            action = Action.parse(text_action)
            if differences is not None and action.is_chance:
                drawn = game.seeded_outcome()
                if drawn is not None and drawn != action:
                    differences.append((i + 1, action, drawn))
            game.apply(action)
        except IllegalActionError as err:
            raise _fail(_("action {number} ({action}) cannot be played at that point: {reason}", number=i + 1,
                          action=quote(text_action), reason=_said(err)), source, "actions") from None
    game.set_auto_chance(auto_chance)
    return game
