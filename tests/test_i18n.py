"""The i18n core: sentences said again in another language, plurals, numbers, lists, the active language."""

from __future__ import annotations

import copy
import json
import pickle
import subprocess
import sys

import pytest

from hotw.i18n import (Domain, LanguageError, Msg, Term, check_language, joined, language, num, percent,
                       preferred_language, render, speaking)

_ = Domain("test-domain-without-catalog")


def test_a_msg_is_its_english_sentence() -> None:
    line = _("{empire} invades {land}.", empire="Romans", land="Gaul")
    assert line == "Romans invades Gaul."
    assert isinstance(line, str) and line.msgid == "{empire} invades {land}."
    assert json.dumps([line]) == '["Romans invades Gaul."]'


def test_english_plurals_follow_the_count() -> None:
    assert _.plural("{n} army", "{n} armies", 1) == "1 army"
    assert _.plural("{n} army", "{n} armies", 0) == "0 armies"
    assert _.plural("{n} army", "{n} armies", 2) == "2 armies"


def test_a_msg_survives_copy_and_pickle_unchanged() -> None:
    line = _("{a} and {b}", a=Term("hotw2018/empires", "romans", "name", "Romans"), b=1)
    assert copy.deepcopy(line) is line
    again = pickle.loads(pickle.dumps(line))
    assert again == line and again.args["a"].key == "romans" and again.msgid == line.msgid


def test_without_a_catalog_a_msg_reads_in_english() -> None:
    assert _("Score").render("ja") == "Score"


def test_arguments_are_rendered_in_the_language() -> None:
    inner = Term("test/none", "x", "name", "Mesopotamia")
    outer = _("In {land}", land=inner)
    assert outer.render("ja") == "In Mesopotamia"  # no translation for the test table: English
    assert outer.replace_args(land="Elsewhere") == "In Elsewhere"


def test_numbers_and_lists_by_locale() -> None:
    assert num(12345).render("en") == "12,345"
    assert num(12345).render("es") == "12.345"
    assert percent(0.456, 1).render("es") == "45,6\xa0%"
    assert percent(0.456).render("ja") == "46%"
    assert joined(["a", "b", "c"]) == "a, b, c"
    assert joined(["a", "b", "c"]).render("es") == "a, b y c"
    assert joined(["a", "b", "c"]).render("ja") == "a、b、c"
    assert _("{n} games", n=10000).render("es") == "10.000 games"


def test_every_language_rounds_a_number_as_the_english_shows_it() -> None:
    # 4.35 is 4.3499... in binary: the English says 4.3, so must the Spanish (Babel alone rounds its repr to 4,4)
    assert (num(4.35, 1), num(4.35, 1).render("es"), num(4.35, 1).render("ja")) == ("4.3", "4,3", "4.3")
    assert (num(2.675, 2), num(2.675, 2).render("es")) == ("2.67", "2,67")
    assert (percent(0.455), percent(0.455).render("es")) == ("46%", "46\xa0%")


def test_the_active_language_is_set_for_a_block_only() -> None:
    assert language() == "en"
    with speaking("ja_JP.UTF-8") as lang:
        assert lang == "ja" == language()
        assert render(num(1000)) == "1,000"
    assert language() == "en"


def test_an_unknown_language_is_refused_in_one_line() -> None:
    with pytest.raises(LanguageError, match="does not speak 'fr'.*ja"):
        check_language("fr")
    assert check_language("es-MX") == "es" and check_language(None) == "en"


def test_the_preferred_language_comes_from_the_page_jupyterlab_then_the_system(tmp_path) -> None:
    settings = tmp_path / "@jupyterlab" / "translation-extension"
    settings.mkdir(parents=True)
    (settings / "plugin.jupyterlab-settings").write_text('{\n // chosen in the menu\n "locale": "ja_JP"\n}')
    assert preferred_language({"QUERY_STRING": "lang=es", "LANG": "ja_JP.UTF-8"}, tmp_path) == "es"
    assert preferred_language({"LANG": "es_ES.UTF-8"}, tmp_path) == "ja"
    assert preferred_language({"LANG": "es_ES.UTF-8"}, tmp_path / "none") == "es"
    assert preferred_language({"LANG": "C.UTF-8", "QUERY_STRING": "lang=fr"}, tmp_path / "none") == "en"


def test_importing_the_i18n_core_loads_no_babel() -> None:
    code = "import hotw.i18n, sys; print('babel' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_a_plain_str_is_rendered_as_it_is() -> None:
    assert render("Ada", "ja") == "Ada" and render(None, "ja") == ""
    assert isinstance(_("x"), Msg)


def test_a_notebook_chooses_its_language_and_a_block_overrides_it() -> None:
    from hotw.i18n import use_language

    try:
        assert use_language("es") == "es" and language() == "es"
        with speaking("ja"):
            assert language() == "ja"
        assert language() == "es"
        assert preferred_language({"LANG": "ja_JP.UTF-8"}) == "es"
    finally:
        use_language(None)
    assert language() == "en"
