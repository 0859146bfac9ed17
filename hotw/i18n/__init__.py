"""The game's words in the reader's language: English, Japanese and Spanish.

Messages are gettext catalogs made with Babel (``make catalogs``: extract, update,
compile), one *domain* per part of the product: ``hotw`` for the shared layer, the
notebook app and the command line, and one per ruleset (named after it). The compiled catalogs ship in the package
(``hotw/i18n/locale/<lang>/LC_MESSAGES/<domain>.mo``). Plurals follow CLDR (the
catalogs' ``Plural-Forms`` come from Babel), so "1 piece" and "2 pieces" in English,
one form in Japanese, two in Spanish.

The engine never picks a language. It writes its log, prompts and errors as
:class:`Msg` values: a ``str`` whose text is the English sentence (so logs, golden
transcripts and ``str(error)`` read as before) that also keeps its message id and
arguments, so :meth:`Msg.render` says it again in any language. A save file holds
actions, not words, so a game saved by a Japanese class opens in Spanish.

Names that come from content (an empire, an event, a land) are :class:`Term`
values: English text plus the place of their translation in the content data
(:mod:`hotw.i18n.content`).

The widget layer draws in the *active* language (:func:`speaking`, :func:`language`):

    from hotw.i18n import Domain
    _ = Domain("myruleset")     # the module's catalog
    _n = _.plural               # "{n} piece" / "{n} pieces"
    t, tn = _.text, _.text_plural   # for views: a str in the active language now

    self._say(_("{empire} invades {land}.", empire=card.name, land=space.name))
    label = t("Score")

Importing this module loads the standard library only; Babel (numbers and lists by
locale) is imported the first time a number or a list is said in another language.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import os
import string
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from hotw.errors import HotwError

__all__ = [
    "DEFAULT", "LANGUAGES", "LOCALE_DIR", "Domain", "LanguageError", "Listing", "Msg", "Num", "Term",
    "check_language", "joined", "language", "num", "percent", "plural_name", "preferred_language", "render",
    "speaking",
    "use_language", "written",
]

LANGUAGES: dict[str, str] = {"en": "English", "ja": "日本語", "es": "Español"}
"""The languages hotw speaks, by code, each named in itself (as a language menu shows it)."""

DEFAULT = "en"
"""The language of the message ids, and of a game when nobody chose one."""

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""Where the compiled catalogs live: ``<lang>/LC_MESSAGES/<domain>.mo``."""

_active: ContextVar[str | None] = ContextVar("hotw_language", default=None)
_chosen: list[str] = []  # the language a notebook chose for itself (use_language), if any


class LanguageError(HotwError):
    """A language hotw does not speak."""


def check_language(lang: str | None) -> str:
    """The language code for ``lang`` ('ja', 'ja_JP.UTF-8', 'es-MX' -> 'es'); None gives the default."""
    if lang is None or lang == "":
        return DEFAULT
    if not isinstance(lang, str):
        raise LanguageError(f"a language is a code such as 'ja', not {type(lang).__name__}")
    code = lang.replace("-", "_").split(".")[0].split("_")[0].strip().lower()
    if code in LANGUAGES:
        return code
    spoken = ", ".join(f"{c} ({n})" for c, n in LANGUAGES.items())
    raise LanguageError(f"hotw does not speak {lang!r}; it speaks {spoken}")


def language() -> str:
    """The active language: the one a :func:`speaking` block set, else the notebook's
    (:func:`use_language`), else English."""
    return _active.get() or (_chosen[0] if _chosen else DEFAULT)


def use_language(lang: str | None) -> str:
    """Speak ``lang`` from now on wherever no :func:`speaking` block says otherwise: a notebook's first
    cell (``hotw.i18n.use_language("ja")``) makes its lessons and games Japanese. None goes back to English."""
    code = check_language(lang)
    _chosen[:] = [] if lang is None else [code]
    return code


@contextlib.contextmanager
def speaking(lang: str | None) -> Iterator[str]:
    """Make ``lang`` the active language inside the block (for this thread or task only)."""
    token = _active.set(check_language(lang))
    try:
        yield language()
    finally:
        _active.reset(token)


@functools.lru_cache(maxsize=64)
def _catalog(domain: str, lang: str) -> gettext.NullTranslations:
    return gettext.translation(domain, localedir=str(LOCALE_DIR), languages=[lang], fallback=True)


def render(text: Any, lang: str | None = None) -> str:
    """Any text in ``lang`` (default: the active language): a :class:`Msg`, :class:`Term` or other value."""
    lang = language() if lang is None else lang
    if isinstance(text, (Msg, Term, Listing, Num)):
        return text.render(lang)
    return "" if text is None else str(text)


def _arg(value: Any, lang: str) -> Any:
    """An argument ready for ``str.format`` in ``lang``: words rendered, large numbers grouped by locale."""
    if isinstance(value, (Msg, Term, Listing, Num)):
        return value.render(lang)
    if lang != DEFAULT and isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 1000:
        return Num(value).render(lang)
    return value


def _fill(pattern: str, args: dict[str, Any], lang: str) -> str:
    if not args:
        return pattern
    return pattern.format_map({k: _arg(v, lang) for k, v in args.items()})


def fields(pattern: str) -> set[str]:
    """The names of a pattern's placeholders: ``'{empire} takes {land}'`` -> ``{'empire', 'land'}``."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(pattern) if name}


class _Said(str):
    """A str that can be said again in another language; immutable, so copies are itself."""

    __slots__ = ()

    def __copy__(self) -> "_Said":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "_Said":
        return self

    def render(self, lang: str | None = None) -> str:  # pragma: no cover - every subclass says itself
        raise NotImplementedError


class Msg(_Said):
    """A sentence of the game: the English text, with what it takes to say it in another language.

    ``domain`` names the catalog, ``msgid`` (and ``plural``, with its count ``n``) the
    message, ``args`` the values of its placeholders, which may be Msg or Term themselves.
    """

    __slots__ = ("_m",)
    _m: tuple[str, str, dict[str, Any], str | None, int]

    def __new__(cls, domain: str, msgid: str, args: dict[str, Any] | None = None,
                plural: str | None = None, n: int = 1) -> "Msg":
        english = msgid if plural is None or n == 1 else plural
        # In English every argument is already its own text (a Msg, Term, Listing or Num is a str holding
        # its English), so the pattern is filled directly.
        self = _Made(english.format_map(args) if args else english)
        self._m = (domain, msgid, args if args is not None else {}, plural, n)
        return self

    @property
    def domain(self) -> str:
        return self._m[0]

    @property
    def msgid(self) -> str:
        return self._m[1]

    @property
    def args(self) -> dict[str, Any]:
        return self._m[2]

    @property
    def plural(self) -> str | None:
        return self._m[3]

    @property
    def n(self) -> int:
        return self._m[4]

    def __reduce__(self) -> tuple[Any, ...]:
        return (Msg, (self.domain, self.msgid, self.args, self.plural, self.n))

    def render(self, lang: str | None = None) -> str:
        """This sentence in ``lang`` (default: the active language); English where a catalog lacks it."""
        lang = language() if lang is None else lang
        if lang == DEFAULT:
            return str.__str__(self)
        domain, msgid, args, plural, n = self._m
        catalog = _catalog(domain, lang)
        pattern = catalog.gettext(msgid) if plural is None else catalog.ngettext(msgid, plural, n)
        return _fill(pattern, args, lang)

    def replace_args(self, **changes: Any) -> "Msg":
        """The same sentence with some arguments changed (e.g. a face-down card as 'an empire card')."""
        return Msg(self.domain, self.msgid, {**self.args, **changes}, self.plural, self.n)


class _Made(Msg):
    """How every Msg is made: ``str.__new__`` called straight from the type (the fastest way Python has to make a
    str subclass), then the message set once; a Msg in every other respect."""

    __slots__ = ()
    __new__ = str.__new__  # type: ignore[assignment]


def written(english: str, domain: str, msgid: str, args: dict[str, Any]) -> Msg:
    """The Msg ``Domain(domain)(msgid, **args)`` whose English the caller has already written (an f-string of the
    same pattern, on a path hot enough that ``format_map`` counts); a test should compare the two once."""
    self = _Made(english)
    self._m = (domain, msgid, args, None, 1)
    return self


class Term(_Said):
    """A name or text from content data (an empire, an event, a land): English, and where its translations live.

    ``table`` is a content table such as ``"<ruleset>/empires"`` or ``"boards/world"``,
    ``key`` the record's id and ``field`` the field (``"name"``, ``"note"``, ``"places.0.name"``).
    """

    __slots__ = ("table", "key", "field")
    table: str
    key: str
    field: str

    def __new__(cls, table: str, key: str, field: str, english: str) -> "Term":
        self = super().__new__(cls, english)
        self.table, self.key, self.field = table, key, field
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Term, (self.table, self.key, self.field, str.__str__(self)))

    def render(self, lang: str | None = None) -> str:
        lang = language() if lang is None else lang
        if lang == DEFAULT:
            return str.__str__(self)
        from hotw.i18n import content

        found = content.lookup(self.table, self.key, self.field, lang)
        return str.__str__(self) if found is None else found


class Num(_Said):
    """A number as a reader of each language writes it (Babel): 10,000 / 10.000; 45% / 45 %."""

    __slots__ = ("value", "digits", "style")
    value: float
    digits: int
    style: str

    def __new__(cls, value: float, digits: int = 0, style: str = "decimal") -> "Num":
        if style == "percent":
            english = f"{value:.{digits}%}"
        else:
            english = f"{value:,.{digits}f}"
        self = super().__new__(cls, english)
        self.value, self.digits, self.style = value, digits, style
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Num, (self.value, self.digits, self.style))

    def render(self, lang: str | None = None) -> str:
        lang = language() if lang is None else lang
        if lang == DEFAULT:
            return str.__str__(self)
        try:
            pattern, locale = _number_pattern(lang, self.style, self.digits)
        except ImportError:  # pragma: no cover - Babel is a dependency; a bare engine still answers
            return str.__str__(self)
        # The digits the English shows, as a decimal, so every language rounds alike: Babel reads a float by its
        # shortest repr (4.35 -> 4,4) where Python formats its binary value (4.35 -> 4.3)
        from decimal import Decimal

        if self.style == "percent":
            shown = Decimal(f"{self.value * 100:.{self.digits}f}").scaleb(-2)
        else:
            shown = Decimal(f"{self.value:.{self.digits}f}")
        return pattern.apply(shown, locale)


@functools.lru_cache(maxsize=32)
def _number_pattern(lang: str, style: str, digits: int) -> tuple[Any, Any]:
    """The locale's own number pattern ("#,##0 %" in Spanish) with ``digits`` decimals, and the locale (Babel)."""
    import copy

    from babel import Locale

    locale = Locale.parse(lang)
    formats = locale.percent_formats if style == "percent" else locale.decimal_formats
    pattern = copy.copy(formats[None])
    pattern.frac_prec = (digits, digits)
    return pattern, locale


def num(value: float, digits: int = 0) -> Num:
    """A number grouped and with ``digits`` decimals by the reader's locale."""
    return Num(value, digits)


def percent(value: float, digits: int = 0) -> Num:
    """A share (0.45) as a percentage by the reader's locale."""
    return Num(value, digits, "percent")


class Listing(_Said):
    """Several words as one phrase: in English joined by ``sep`` (as the game has always written them),
    in other languages by the locale's list pattern (Babel: "a、b、c", "a, b y c")."""

    __slots__ = ("items", "sep")
    items: tuple[Any, ...]
    sep: str

    def __new__(cls, items: Iterable[Any], sep: str = ", ") -> "Listing":
        items = tuple(items)
        self = super().__new__(cls, sep.join(str.__str__(i) if isinstance(i, str) else str(i) for i in items))
        self.items, self.sep = items, sep
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Listing, (self.items, self.sep))

    def render(self, lang: str | None = None) -> str:
        lang = language() if lang is None else lang
        if lang == DEFAULT:
            return str.__str__(self)
        words = [render(i, lang) for i in self.items]
        if not words:
            return ""
        try:
            from babel import lists
        except ImportError:  # pragma: no cover
            return self.sep.join(words)
        return lists.format_list(words, style="standard", locale=lang)


def joined(items: Iterable[Any], sep: str = ", ") -> Listing:
    """Words as one phrase (see :class:`Listing`)."""
    return Listing(items, sep)


#: English names of peoples that take a plural verb without ending in "s" ("the Maya invade"), and names ending
#: in "s" that take a singular one ("the Netherlands expands")
_PLURAL_WITHOUT_S = frozenset({"British", "Dutch", "French", "Fujiwara", "Hsiung-Nu", "Japanese", "Khmer", "Maya",
                               "Spanish", "Thai", "Xiongnu"})
_SINGULAR_WITH_S = frozenset({"Netherlands", "United States"})


def plural_name(name: str) -> bool:
    """Whether an empire's or a people's English name takes a plural verb: "the Romans expand", "Egypt expands".

    The engine writes a sentence whose subject is such a name twice, one message for each (``"{empire} expand
    into {land}"``, ``"{empire} expands into {land}"``), and picks one with this; each language's catalog
    translates both (Spanish: "se expanden", "se expande").
    """
    text = str.__str__(name) if isinstance(name, str) else str(name)
    if text in _PLURAL_WITHOUT_S:
        return True
    return text.endswith("s") and text not in _SINGULAR_WITH_S


class Domain:
    """One catalog of messages: ``_ = Domain("myruleset")`` in a module, then ``_("...", name=value)``.

    ``_(...)`` and ``_.plural(...)`` make :class:`Msg` values (for the engine: the game's log, prompts,
    errors); ``_.text(...)`` and ``_.text_plural(...)`` give a ``str`` in the active language at once (for
    views, which draw again when the language changes). ``scripts/catalogs.py`` finds a module's
    messages by the ``Domain("...")`` it declares.
    """

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"Domain({self.name!r})"

    def __call__(self, msgid: str, /, **args: Any) -> Msg:
        said = _Made(msgid.format_map(args) if args else msgid)  # the engine's hot path: one per line it writes
        said._m = (self.name, msgid, args, None, 1)
        return said

    def plural(self, singular: str, plural: str, n: int, /, **args: Any) -> Msg:
        """A sentence whose form follows the count ``n`` (CLDR plural rules of each language)."""
        args["n"] = n  # a fresh dict of this call's own
        said = _Made((singular if n == 1 else plural).format_map(args))
        said._m = (self.name, singular, args, plural, n)
        return said

    def text(self, msgid: str, /, **args: Any) -> str:
        """The sentence in the active language, now."""
        return Msg(self.name, msgid, args).render()

    def text_plural(self, singular: str, plural: str, n: int, /, **args: Any) -> str:
        """The sentence in the active language, now, its form following ``n``."""
        return Msg(self.name, singular, {"n": n, **args}, plural, n).render()


def preferred_language(environ: dict[str, str] | None = None, settings_dir: Path | None = None) -> str:
    """The language a reader asked for where no code says: ``?lang=`` of a Voila page, the notebook's
    :func:`use_language`, the JupyterLab locale setting, then the system locale; English when none
    names a language hotw speaks."""
    env = os.environ if environ is None else environ
    from urllib.parse import parse_qs

    asked = parse_qs(env.get("QUERY_STRING", "")).get("lang")
    candidates = [asked[-1]] if asked else []
    candidates.extend(_chosen)
    candidates.append(_jupyterlab_locale(settings_dir, env))
    candidates.extend(env.get(k, "") for k in ("LC_ALL", "LC_MESSAGES", "LANG"))
    for candidate in candidates:
        try:
            code = check_language(candidate) if candidate else None
        except LanguageError:
            continue
        if code and candidate not in ("C", "POSIX"):
            return code
    return DEFAULT


def _jupyterlab_locale(settings_dir: Path | None, env: Any) -> str:
    """The ``locale`` of JupyterLab's language setting, if the user chose one (``""`` otherwise)."""
    import json

    base = settings_dir
    if base is None:
        root = env.get("JUPYTERLAB_SETTINGS_DIR") or str(Path.home() / ".jupyter" / "lab" / "user-settings")
        base = Path(root)
    path = base / "@jupyterlab" / "translation-extension" / "plugin.jupyterlab-settings"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return ""
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("//")]
    try:
        value = json.loads("\n".join(lines)).get("locale", "")
    except (ValueError, AttributeError):
        return ""
    return value if isinstance(value, str) and value != "default" else ""
