"""Save files: plain JSON holding the ruleset, players, seed, options and the action list.

Loading replays every action through ``apply``, so a save file can never hold
anything but legal moves; it is data, never code (no pickle).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from hotw.actions import Action
from hotw.errors import HotwError, IllegalActionError, SaveFileError
from hotw.game import SAVE_FORMAT, SAVE_VERSION

if TYPE_CHECKING:
    from hotw.game import Game

FORMAT = SAVE_FORMAT
VERSION = SAVE_VERSION
MAX_BYTES = 5_000_000
MAX_ACTIONS = 200_000
_KEYS = {"format", "version", "ruleset", "players", "seed", "options", "actions"}


def game_to_json(game: "Game") -> str:
    """The save-file text of ``game`` (``game.to_json()``)."""
    return game.to_json()


def _fail(reason: str) -> SaveFileError:
    return SaveFileError(f"This is not a valid hotw save file: {reason}")


def read_save(text: str | bytes) -> dict[str, Any]:
    """Parse and check the structure of a save file; raise SaveFileError with the reason."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise _fail(f"it is {len(text):,} bytes, more than the {MAX_BYTES:,} a save file may have")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise _fail("it is not UTF-8 text") from None
    if not isinstance(text, str):
        raise _fail("expected text")
    if len(text) > MAX_BYTES:
        raise _fail(f"it is {len(text):,} characters, more than the {MAX_BYTES:,} a save file may have")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as err:
        raise _fail(f"it is not complete JSON ({err.msg} at line {err.lineno}, column {err.colno})") from None
    except RecursionError:
        raise _fail("it is nested too deeply") from None
    if not isinstance(doc, dict):
        raise _fail("the top level must be a JSON object")
    if doc.get("format") != FORMAT:
        raise _fail(f"'format' must be {FORMAT!r}")
    if doc.get("version") != VERSION:
        raise _fail(f"version {doc.get('version')!r} is not supported (this hotw reads version {VERSION})")
    unknown = set(doc) - _KEYS
    if unknown:
        raise _fail(f"unknown field(s): {', '.join(sorted(unknown))}")
    missing = _KEYS - set(doc)
    if missing:
        raise _fail(f"missing field(s): {', '.join(sorted(missing))}")
    if not isinstance(doc["ruleset"], str):
        raise _fail("'ruleset' must be a name")
    players = doc["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) and 0 < len(p) <= 40 for p in players):
        raise _fail("'players' must be a list of names (1-40 characters each)")
    if not isinstance(doc["seed"], (int, str)) or isinstance(doc["seed"], bool):
        raise _fail("'seed' must be a number or a text")
    if not isinstance(doc["options"], dict):
        raise _fail("'options' must be an object")
    actions = doc["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise _fail("'actions' must be a list of action texts")
    if len(actions) > MAX_ACTIONS:
        raise _fail(f"it has {len(actions):,} actions, more than {MAX_ACTIONS:,}")
    return doc


def load_game(text: str | bytes, *, auto_chance: bool = True) -> "Game":
    """Rebuild a game from its save-file text by replaying every action."""
    from hotw.rulesets import get_ruleset

    doc = read_save(text)
    try:
        ruleset = get_ruleset(doc["ruleset"])
    except HotwError as err:
        raise _fail(str(err)) from None
    try:
        game = ruleset.new_game(doc["players"], doc["seed"], auto_chance=False, options=doc["options"])
    except HotwError as err:
        raise _fail(str(err)) from None
    for i, text_action in enumerate(doc["actions"]):
        try:
            game.apply(Action.parse(text_action))
        except IllegalActionError as err:
            raise _fail(f"action {i + 1} ({text_action!r}) cannot be played at that point: {err}") from None
    game.set_auto_chance(auto_chance)
    return game
