"""Every message of every domain is translated into Japanese and Spanish, with its placeholders, and compiled."""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path

from babel.messages.pofile import write_po

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "catalogs.py"


def _catalogs():
    spec = importlib.util.spec_from_file_location("catalogs", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def test_every_message_is_translated_and_compiled() -> None:
    problems = _catalogs().problems()
    assert not problems, "\n".join(problems[:40]) + f"\n({len(problems)} in all; run make catalogs, then translate)"


def test_the_check_catches_a_missing_translation_and_a_lost_placeholder(tmp_path, monkeypatch) -> None:
    catalogs = _catalogs()
    module = tmp_path / "hotw" / "m.py"
    module.parent.mkdir()
    module.write_text('from hotw.i18n import Domain\n_ = Domain("probe")\n'
                      'A = _("{empire} invades {land}.", empire=1, land=2)\nB = _("Score")\n')
    monkeypatch.setattr(catalogs, "ROOT", tmp_path)
    monkeypatch.setattr(catalogs, "PACKAGE", tmp_path / "hotw")
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path / "locale")
    catalogs.update()
    for lang in catalogs.LANGUAGES:
        catalog = catalogs.read(lang, "probe")
        catalog.get("{empire} invades {land}.").string = "{empire} → {territory}"  # a placeholder renamed
        buffer = io.BytesIO()
        write_po(buffer, catalog)
        catalogs.po_path(lang, "probe").write_bytes(buffer.getvalue())
    catalogs.compile_all()
    found = "\n".join(catalogs.problems())
    assert "'Score' has no translation" in found
    assert "placeholders ['empire', 'territory'] differ" in found
