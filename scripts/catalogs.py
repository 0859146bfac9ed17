"""The message catalogs: extract, update, compile and check them with Babel.

    python scripts/catalogs.py update    # extract every domain's messages, merge them into the .po files
    python scripts/catalogs.py compile   # .po -> .mo (shipped in the package)
    python scripts/catalogs.py check     # every message translated, placeholders kept, .mo current
    python scripts/catalogs.py update --domain hotw2018   # one domain only (repeat --domain for more)

``make catalogs`` runs update then compile. A module belongs to the domain it declares
(``_ = Domain("hotw2018")``); its messages are the calls of ``_``, ``_n``, ``t`` and ``tn``
(see :mod:`hotw.i18n`). A new message arrives in each language's .po with an empty
translation, which ``check`` (and ``tests/test_catalogs.py``) reports until someone writes it.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import sys
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hotw"
LOCALE_DIR = PACKAGE / "i18n" / "locale"
LANGUAGES = ("ja", "es")
KEYWORDS = {"_": None, "t": None, "_n": (1, 2), "tn": (1, 2)}
DOMAIN_DECLARATION = re.compile(r"""\bDomain\(\s*["'](\w+)["']\s*\)""")
FIXED_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)
"""Catalog headers carry this date, so a catalog changes only when its messages do."""

HEADER = {
    "project": "hotw",
    "version": "",
    "copyright_holder": "the hotw authors",
    "msgid_bugs_address": "",
    "creation_date": FIXED_DATE,
    "revision_date": FIXED_DATE,
    "last_translator": "the hotw authors",
    "language_team": "the hotw authors",
}


def domains() -> dict[str, list[Path]]:
    """Each domain's modules, by the ``Domain("...")`` they declare."""
    out: dict[str, list[Path]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent.name == "i18n":
            continue
        found = set(DOMAIN_DECLARATION.findall(path.read_text(encoding="utf-8")))
        if len(found) > 1:
            raise SystemExit(f"{path.relative_to(ROOT)} declares more than one domain: {sorted(found)}")
        for name in found:
            out.setdefault(name, []).append(path)
    return out


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def extract_python(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """Babel extraction method that reads the syntax tree, so a call inside an f-string's braces
    (``f"<b>{t('Score')}</b>"``) is found too, which Babel's token-based extractor skips."""
    source = fileobj.read().decode("utf-8")
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in keywords):
            continue
        texts = tuple(_literal(arg) for arg in node.args)  # Babel picks the message by the keyword's spec
        if not texts or texts[0] is None:
            continue
        comments = []
        row = node.lineno - 2
        while row >= 0 and lines[row].strip().startswith("#"):
            comments.insert(0, lines[row].strip().lstrip("#").strip())
            row -= 1
        comments = [c[len("TRANSLATORS:"):].strip() for c in comments if c.startswith("TRANSLATORS:")]
        yield node.lineno, node.func.id, texts if len(texts) > 1 else texts[0], comments


def extract(domain: str, paths: list[Path]) -> Catalog:
    """The template of one domain: every message its modules say, with where each is said."""
    template = Catalog(domain=domain, **HEADER)
    found = []
    for path in paths:
        rel = str(path.relative_to(ROOT))
        for lineno, message, comments, context in extract_from_file(
                extract_python, str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
                strip_comment_tags=True):
            found.append((rel, lineno, message, comments, context))
    for rel, lineno, message, comments, context in sorted(found, key=lambda f: (f[0], f[1])):
        template.add(message, None, [(rel, lineno)], auto_comments=comments, context=context,
                     flags=("python-brace-format",))
    return template


def po_path(lang: str, domain: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def read(lang: str, domain: str) -> Catalog | None:
    path = po_path(lang, domain)
    if not path.exists():
        return None
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def update(only: set[str] | None = None) -> None:
    for domain, paths in domains().items():
        if only and domain not in only:
            continue
        template = extract(domain, paths)
        for lang in LANGUAGES:
            catalog = read(lang, domain) or Catalog(locale=lang, domain=domain, **HEADER)
            catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
            catalog.creation_date = catalog.revision_date = FIXED_DATE
            catalog.obsolete.clear()
            path = po_path(lang, domain)
            path.parent.mkdir(parents=True, exist_ok=True)
            buffer = io.BytesIO()
            write_po(buffer, catalog, width=100, include_lineno=False, sort_by_file=True)
            path.write_bytes(buffer.getvalue())
            print(f"{path.relative_to(ROOT)}: {len(catalog)} messages")


def compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def compile_all(only: set[str] | None = None) -> None:
    for domain in domains():
        if only and domain not in only:
            continue
        for lang in LANGUAGES:
            catalog = read(lang, domain)
            if catalog is None:
                continue
            path = po_path(lang, domain).with_suffix(".mo")
            path.write_bytes(compiled(catalog))
            print(f"{path.relative_to(ROOT)}")


def _fields(pattern: str) -> set[str]:
    from hotw.i18n import fields

    return fields(pattern)


def problems(only: set[str] | None = None) -> list[str]:
    """Every message without a translation in a language, fuzzy, with other placeholders, or a stale .mo."""
    out: list[str] = []
    for domain, paths in sorted(domains().items()):
        if only and domain not in only:
            continue
        template = extract(domain, paths)
        for lang in LANGUAGES:
            catalog = read(lang, domain)
            where = f"{lang}/{domain}.po"
            if catalog is None:
                out.append(f"{where}: missing (run make catalogs)")
                continue
            for message in template:
                if not message.id:
                    continue
                entry = catalog.get(message.id, context=message.context)
                label = message.id if isinstance(message.id, str) else message.id[0]
                if entry is None:
                    out.append(f"{where}: {label!r} is not in the catalog (run make catalogs)")
                    continue
                strings = entry.string if isinstance(entry.string, (tuple, list)) else (entry.string,)
                if entry.fuzzy:
                    out.append(f"{where}: {label!r} is fuzzy")
                elif not all(strings):
                    out.append(f"{where}: {label!r} has no translation")
                else:
                    ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
                    wanted = set().union(*(_fields(i) for i in ids))
                    for s in strings:
                        try:
                            got = _fields(s)
                        except ValueError as error:
                            out.append(f"{where}: {label!r}: translation is not a valid pattern ({error})")
                            continue
                        # a plural's forms may drop {n} ("one" in Japanese says it in words), nothing else
                        if got != wanted and not (len(ids) > 1 and got == wanted - {"n"}):
                            out.append(f"{where}: {label!r}: placeholders {sorted(got)} differ from {sorted(wanted)}")
            mo = po_path(lang, domain).with_suffix(".mo")
            if not mo.exists() or mo.read_bytes() != compiled(catalog):
                out.append(f"{where}: the compiled .mo is missing or older than the .po (run make catalogs)")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("update", "compile", "check"))
    parser.add_argument("--domain", action="append", help="these domains only (repeat for more)")
    args = parser.parse_args(argv)
    only = set(args.domain) if args.domain else None
    if args.command == "update":
        update(only)
    elif args.command == "compile":
        compile_all(only)
    else:
        found = problems(only)
        for line in found:
            print(line)
        print(f"{len(found)} problem(s)")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
