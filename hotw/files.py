"""Files and text that users share (save files, scenarios), read with bounds and quoted safely.

Every loader goes through these helpers, so a hostile or broken file costs a
bounded amount of time and memory and fails with one line:

- :func:`read_bounded` reads only regular files, at most ``limit`` bytes (never a
  device such as ``/dev/zero``, a pipe that would wait forever, or a folder);
- :func:`decode` turns bytes into text (UTF-8) or says which encoding it is;
- :func:`parse_json` / :func:`parse_yaml` parse without duplicate keys, numbers of
  thousands of digits, YAML aliases (the "billion laughs") or deep nesting;
- :func:`plain` checks parsed data (depth, size, text that can be written back,
  numbers within 64 bits) and returns it with text keys;
- :func:`quote` and :func:`one_line` put a user's value or another library's text
  into a message: short, on one line, control characters escaped.

They raise :class:`DataProblem`, which each loader turns into its own error
(``SaveFileError``, ``ScenarioError``) naming the file and the field.
"""

from __future__ import annotations

import math
import os
import stat
from pathlib import Path
from typing import Any

from hotw.i18n import Domain, num

_ = Domain("hotw")

#: How deeply lists and objects may nest (the deepest real file nests 5 levels).
MAX_DEPTH = 32
#: How many values (lists, objects, numbers, texts) parsed data may hold (a save of MAX_ACTIONS holds 200,007).
MAX_VALUES = 250_000
#: The digits a number in a file may have (a 64-bit number has at most 20).
MAX_DIGITS = 20
#: Whole numbers in files lie in [INT_MIN, INT_MAX]: 64 bits, signed or not.
INT_MIN, INT_MAX = -(2**63), 2**64 - 1


class DataProblem(Exception):
    """What is wrong with some user data (``reason``) and where (``where``, a field path or "")."""

    def __init__(self, reason: Any, where: str = "") -> None:
        super().__init__(f"{where}: {reason}" if where else reason)
        self.reason = reason
        self.where = where


# --------------------------------------------------------------------------- quoting for messages


def one_line(text: str, limit: int = 300) -> str:
    """``text`` on one line, at most ``limit`` characters, control characters escaped."""
    text = str(text)
    cut = len(text) > limit
    text = text[:limit]
    out = []
    for ch in text:
        if ch in "\n\r\t":
            out.append(" ")
        elif ch.isprintable():
            out.append(ch)
        else:
            out.append(repr(ch)[1:-1])
    line = "".join(out)
    if len(line) > limit:
        line = line[:limit]
        cut = True
    return line + ("..." if cut else "")


class _Full(Exception):
    pass


def quote(value: Any, limit: int = 60) -> str:
    """A user's value for an error message, like ``repr`` but short and on one line.

    Never builds more than about ``limit`` characters, however large or deeply
    shared the value is (a YAML alias bomb, a 5 MB text, a 5,000-digit number).

    >>> quote("atlantis")
    "'atlantis'"
    >>> quote("x" * 5000, limit=8)
    "'xxxxxxx..."
    >>> quote([1, [2, [3]]])
    '[1, [2, [3]]]'
    """
    parts: list[str] = []
    size = 0

    def put(text: str) -> None:
        nonlocal size
        parts.append(text)
        size += len(text)
        if size > limit:
            raise _Full

    def walk(v: Any) -> None:
        if isinstance(v, str):
            put(repr(v[: limit + 1]))
        elif isinstance(v, bool) or v is None:
            put(repr(v))
        elif isinstance(v, int):
            if INT_MIN <= v <= INT_MAX:
                put(repr(v))
            else:
                put(f"<a number of about {int(v.bit_length() * math.log10(2)) + 1:,} digits>")
        elif isinstance(v, float):
            put(repr(v))
        elif isinstance(v, (list, tuple)):
            put("[")
            for i, item in enumerate(v):
                if i:
                    put(", ")
                walk(item)
            put("]")
        elif isinstance(v, dict):
            put("{")
            for i, (k, item) in enumerate(v.items()):
                if i:
                    put(", ")
                walk(k)
                put(": ")
                walk(item)
            put("}")
        else:
            put(f"<{type(v).__name__}>")

    try:
        walk(value)
    except _Full:
        return one_line("".join(parts), limit)[:limit] + "..."
    except RecursionError:  # a container that holds itself
        return one_line("".join(parts), limit)[:limit] + "..."
    return one_line("".join(parts), limit + 10)


def field_name(key: Any) -> str:
    """A key as part of a field path: plain names as they are, anything else quoted.

    >>> field_name("mongols"), field_name(""), field_name("a.b c")
    ('mongols', "''", "'a.b c'")
    """
    if isinstance(key, str) and 0 < len(key) <= 40 and key.replace("_", "").replace("-", "").isalnum() \
            and key.isascii():
        return key
    if isinstance(key, int) and not isinstance(key, bool) and 0 <= key < 10**6:
        return str(key)
    return quote(key, 40)


# --------------------------------------------------------------------------- reading files


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file ``path``, refusing folders, devices, pipes and files over ``limit`` bytes.

    Raises DataProblem with the reason in words (the caller names the file).
    """
    name = os.fspath(path)
    if not isinstance(name, str) or not name:
        raise DataProblem(_("no file name was given"))
    if "\0" in name:
        raise DataProblem(_("a file name cannot contain a NUL character"))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(name, flags)  # non-blocking: opening a pipe with no writer returns at once
    except OSError as err:
        raise DataProblem(_("cannot read it: {reason}", reason=one_line(err.strerror or str(err), 100))) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise DataProblem(_("it is a folder, not a file"))
        if not stat.S_ISREG(info.st_mode):
            raise DataProblem(_("it is not a regular file (a device, a pipe or a socket cannot be read)"))
        if info.st_size > limit:
            raise DataProblem(_("it is {size} bytes, more than the {limit} allowed", size=num(info.st_size),
                                limit=num(limit)))
        chunks = []
        left = limit + 1
        while left > 0:
            try:
                chunk = os.read(fd, min(left, 1 << 20))
            except OSError as err:
                raise DataProblem(_("cannot read it: {reason}", reason=one_line(err.strerror or str(err), 100))) from None
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > limit:
            raise DataProblem(_("it is more than the {limit} bytes allowed", limit=num(limit)))
        return data
    finally:
        os.close(fd)


def sibling(base: Path, name: Any) -> Path:
    """The file called ``name`` in the folder ``base``: a bare file name, never a path elsewhere."""
    if not isinstance(name, str) or not name.strip():
        raise DataProblem("must be the name of a file next to this one")
    bad = ("/", "\\", "\0") + ((os.sep,) if os.sep else ()) + ((os.altsep,) if os.altsep else ())
    if any(b in name for b in bad) or name in (".", "..") or name.startswith("~") or ":" in name:
        raise DataProblem("must be the name of a file in the same folder, "
                          "without a folder or '..' (or put the save itself here)")
    return base / name


# --------------------------------------------------------------------------- text and parsing


def decode(data: bytes) -> str:
    """UTF-8 text from ``data`` (a UTF-8 byte order mark is dropped); other encodings are named."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise DataProblem(_("it is UTF-16 text; save it as UTF-8"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise DataProblem(_("it is not UTF-8 text (byte {byte} cannot be read); save it as UTF-8",
                            byte=num(err.start + 1))) from None
    return text[1:] if text.startswith("\ufeff") else text


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DataProblem(_("the key {key} appears twice in one object", key=quote(key, 40)))
        out[key] = value
    return out


def _int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise DataProblem(f"a number of {digits:,} digits is too long (at most {MAX_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise DataProblem(f"the number {quote(text, 30)} is too large")
    return value


def _constant(text: str) -> Any:
    raise DataProblem(f"{text} is not a number JSON allows")


def parse_json(text: str) -> Any:
    """Parse JSON text, refusing duplicate keys, NaN and numbers of more than 20 digits."""
    import json

    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_int=_int, parse_float=_float,
                          parse_constant=_constant)
    except json.JSONDecodeError as err:
        raise DataProblem(_("it is not complete JSON ({detail} at line {line}, column {column})", detail=err.msg,
                            line=err.lineno, column=err.colno)) \
            from None
    except RecursionError:
        raise DataProblem(_("it is nested too deeply (more than {limit} levels)", limit=MAX_DEPTH)) from None


def parse_yaml(text: str) -> Any:
    """Parse YAML text safely: no aliases or anchors (``*a`` / ``&a``), no deep nesting, one-line errors."""
    import yaml  # type: ignore[import-untyped]

    class Loader(yaml.SafeLoader):  # type: ignore[misc]
        path: list[str] = []

        def compose_node(self, parent: Any, index: Any) -> Any:
            event = self.peek_event()
            if parent is None or index is None:
                part = ""
            elif isinstance(index, int):
                part = f"[{index}]"
            else:
                part = field_name(getattr(index, "value", "?"))
            self.path = self.path + [part]
            where = "".join(p if p.startswith("[") or i == 0 or not p else "." + p
                            for i, p in enumerate(x for x in self.path if x))
            at = f"line {event.start_mark.line + 1}, column {event.start_mark.column + 1}"
            try:
                if isinstance(event, yaml.AliasEvent):
                    raise DataProblem(f"YAML aliases such as *{one_line(event.anchor, 30)} are not allowed "
                                      f"(at {at}); write the value out", where)
                if getattr(event, "anchor", None) is not None:
                    raise DataProblem(f"YAML anchors such as &{one_line(event.anchor, 30)} are not allowed "
                                      f"(at {at}); write the value out", where)
                if len(self.path) > MAX_DEPTH:
                    raise DataProblem(f"it is nested too deeply (more than {MAX_DEPTH} levels, at {at})", where)
                return super().compose_node(parent, index)
            finally:
                self.path = self.path[:-1]

    loader = None
    try:
        loader = Loader(text)  # the reader refuses control characters here already
        return loader.get_single_data()
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        what = err.problem or err.context or "a syntax error"
        raise DataProblem(_("it is not valid YAML ({detail})", detail=one_line(what, 120) + at)) from None
    except yaml.YAMLError as err:
        raise DataProblem(_("it is not valid YAML ({detail})", detail=one_line(str(err), 120))) from None
    except RecursionError:
        raise DataProblem(_("it is nested too deeply (more than {limit} levels)", limit=MAX_DEPTH)) from None
    except ValueError as err:  # a number too long for Python to convert, a bad date
        raise DataProblem(f"it has a value YAML cannot read ({one_line(str(err), 80)})") from None
    finally:
        if loader is not None:
            loader.dispose()


_TYPE_WORDS = {"bytes": "binary data", "date": "a date", "datetime": "a date and time", "set": "a set"}


def plain(data: Any, where: str = "", *, int_keys: bool = False) -> Any:
    """``data`` checked as plain JSON-like data, with dicts copied and tuples made lists.

    Refuses nesting deeper than MAX_DEPTH (so also a structure that holds itself),
    more than MAX_VALUES values (shared parts count each time they appear), text that
    cannot be written as UTF-8 (lone surrogates such as ``"\\ud800"``), numbers that are
    not finite or outside 64 bits, and any other type (YAML dates, sets, binary). Keys
    must be text; with ``int_keys`` whole-number keys (as YAML writes ``1:``) become text.
    """
    count = 0

    def at(path: str, key: Any) -> str:
        part = field_name(key)
        return f"{path}.{part}" if path else part

    def walk(v: Any, path: str, depth: int) -> Any:
        nonlocal count
        count += 1
        if count > MAX_VALUES:
            raise DataProblem(f"it holds more than {MAX_VALUES:,} values", path)
        if depth > MAX_DEPTH:
            raise DataProblem(f"it is nested too deeply (more than {MAX_DEPTH} levels)", path)
        if isinstance(v, str):
            try:
                v.encode("utf-8")
            except UnicodeEncodeError:
                raise DataProblem(f"the text {quote(v, 40)} has a character that is not valid Unicode "
                                  "(a lone surrogate)", path) from None
            return v
        if v is None or isinstance(v, bool):
            return v
        if isinstance(v, int):
            if not INT_MIN <= v <= INT_MAX:
                raise DataProblem(f"the number {quote(v)} is too large", path)
            return v
        if isinstance(v, float):
            if not math.isfinite(v):
                raise DataProblem(f"{quote(v)} is not a number a file can hold", path)
            return v
        if isinstance(v, (list, tuple)):
            return [walk(item, f"{path}[{i}]", depth + 1) for i, item in enumerate(v)]
        if isinstance(v, dict):
            out: dict[str, Any] = {}
            for key, item in v.items():
                if int_keys and isinstance(key, int) and not isinstance(key, bool) and 0 <= key < 10**6:
                    key = str(key)
                if not isinstance(key, str):
                    raise DataProblem(f"the key {quote(key, 40)} must be a text", path)
                walk(key, path, depth + 1)
                if key in out:
                    raise DataProblem(f"the key {quote(key, 40)} appears twice", path)
                out[key] = walk(item, at(path, key), depth + 1)
            return out
        name = type(v).__name__
        raise DataProblem(f"{_TYPE_WORDS.get(name, 'a ' + name)} is not allowed here; use text, numbers, "
                          "true/false, lists and objects", path)

    try:
        return walk(data, where, 0)
    except RecursionError:
        raise DataProblem(f"it is nested too deeply (more than {MAX_DEPTH} levels)", where) from None
