"""The notebook game, the classroom pages and the command line speak English, Japanese and Spanish.

What the shared layer draws (buttons, menus, tooltips, section titles, the message area, the shared
panels) must carry no English left in ``ja`` and ``es``; the language menu redraws everything and
changes nothing of the game; an illegal click is explained in the reader's language; the command line
follows ``--lang`` and ``LANG``. The words a ruleset hands over (its prompts, log, card names) are its
own catalog's and are checked by its own tests.
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from hotw.actions import Action
from hotw.i18n import Msg, render, speaking
from hotw.scoring import Breakdown, RegionScore
from hotw.ui import panels
from hotw.ui.app import play
from hotw.ui.view import odds_text, seat_badge
from i18n_check import english_runs, untranslated

LANGS = ("ja", "es")
PLAYERS = ["Ada", "Ben", "Cy"]
#: Words that stay as they are in every language: the games' own titles.
ALLOWED = ("A Brief History of the World", "Heroes of the World", "History of the World")


#: Labels that are the same word in English and another language (Spanish "normal", "Total", "Final").
SAME_WORDS = ("English", "Español", "normal", "Total", "Final", "Bot", "Bots")


def english_left(text: str, lang: str, english: str = "") -> list[str]:
    """Runs of English words left in ``text`` drawn in ``lang``: in Japanese any run of Latin words; in Spanish
    (whose words are Latin too) the runs of the same thing drawn in English (``english``) found in it."""
    if lang == "ja":
        return english_runs(text, allowed=ALLOWED)
    return [run for run in english_runs(english, allowed=ALLOWED) if run in text]


def control_texts(widget: Any, skip: tuple[Any, ...] = ()) -> list[str]:
    """The words of every control under ``widget``: button labels and tooltips, menu labels and entries, the
    section titles (not the panels, whose words come from the ruleset's view)."""
    if widget in skip:
        return []
    out: list[str] = []
    for attr in ("description", "tooltip", "placeholder"):
        value = getattr(widget, attr, None)
        if isinstance(value, str) and value:
            out.append(value)
    if isinstance(widget, (w.Dropdown, w.Select)) and "hotw-target-list" not in widget._dom_classes:
        out.extend(str(o[0]) if isinstance(o, tuple) else str(o) for o in widget.options)
    if isinstance(widget, w.HTML) and widget.value.startswith("<div class='hotw-section'>"):
        out.append(html.unescape(re.sub(r"<[^>]+>", " ", widget.value)))
    for child in getattr(widget, "children", ()):
        out.extend(control_texts(child, skip))
    return out


def app_texts(view: Any) -> list[str]:
    """What the app's own code draws: its controls, the hover's first hint and the load button's CSS label."""
    skip = (view.map, view.language_menu, view.choices)  # the choices' words are the ruleset's
    texts = control_texts(view, skip) + [view.hover.value]
    texts += re.findall(r'hotw-load::after \{ content: "([^"]*)"', view.css.value)
    return texts


@pytest.fixture(scope="module", params=LANGS)
def drawn(request: pytest.FixtureRequest) -> Any:
    return play(PLAYERS, bots={1: "random", 2: "random"}, seed=7, speed="instant", lang=request.param)


def test_the_app_drawn_in_a_language_has_no_english_left(drawn: Any) -> None:
    texts = app_texts(drawn)
    assert len(texts) > 40
    english = play(PLAYERS, bots={1: "random", 2: "random"}, seed=7, speed="instant", lang="en")
    runs = english_left("\n".join(texts), drawn.lang, "\n".join(app_texts(english)))
    assert runs == [], f"{drawn.lang}: English left in the app's controls: {runs}"
    same = set(app_texts(english)) & set(texts)
    words = {s for s in same if re.search(r"[A-Za-z]{3,}", s) and s not in SAME_WORDS}
    assert words == set(), f"{drawn.lang}: drawn the same as in English: {sorted(words)}"


def test_the_pages_language_is_marked_for_screen_readers(drawn: Any) -> None:
    assert f"data-lang='{drawn.lang}'" in drawn.css.value
    assert drawn.language_menu.value == drawn.lang
    assert [label for label, _code in drawn.language_menu.options] == ["English", "日本語", "Español"]


def test_the_language_menu_redraws_everything_and_changes_nothing_of_the_game() -> None:
    view = play(PLAYERS, bots={1: "random", 2: "random"}, seed=7, speed="instant", lang="en")
    view.next_step()
    english, history, log = app_texts(view), list(view.game.history), list(view.game.log)
    message, status = view.message.value, view.status.value
    view.language_menu.value = "ja"  # as a person choosing in the menu (its observer redraws)
    assert view.lang == "ja"
    japanese = app_texts(view)
    assert japanese != english and english_left("\n".join(japanese), "ja") == []
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", view.next_button.description)
    assert view.game.history == history and view.game.log == log
    view.language_menu.value = "es"
    assert english_left("\n".join(app_texts(view)), "es", "\n".join(english)) == []
    view.language_menu.value = "en"
    assert app_texts(view) == english
    assert view.message.value == message and view.status.value == status
    assert view.game.history == history


@pytest.mark.parametrize("lang", LANGS)
def test_an_illegal_click_is_explained_in_the_readers_language(lang: str) -> None:
    view = play(PLAYERS, bots={1: "random", 2: "random"}, seed=7, speed="instant", lang=lang)
    view.run("end")
    assert view.game.is_over
    before = (list(view.game.history), list(view.game.log))
    # the shared Game refuses any move once the game is over; the app says why, in the reader's language
    assert view.act(Action("nonsense", "nowhere")) is False
    said = html.unescape(view.message.value)
    assert "hotw-illegal" in said and "The game is over" not in said, said
    assert Msg("hotw", "The game is over: no more moves can be made.").render(lang) in said
    assert (view.game.history, view.game.log) == before
    view.start_replay(0)  # a click on the map during a replay is refused in the same language
    view.click(next(iter(view.game.board.spaces)))
    said = html.unescape(view.message.value)
    assert "This is a replay" not in said and "hotw-illegal" in said, said
    assert view.game.history == before[0]


@pytest.mark.parametrize("lang", LANGS)
def test_what_the_app_says_is_in_the_catalog(lang: str) -> None:
    view = play(PLAYERS, bots={1: "random", 2: "random"}, seed=7, speed="instant", lang=lang)
    view.run("end")
    assert view.game.is_over
    summary = html.unescape(view.summary.value)
    assert summary and "The game is over" not in summary and "Points after each epoch" not in summary
    said = [text for text, _how in view._said]
    view.act(Action("nonsense", "nowhere"))
    said += [text for text, _how in view._said]
    view.undo()
    said += [text for text, _how in view._said]
    view.start_replay(3)
    said += [text for text, _how in view._said]
    mine = [m for text in said for m in untranslated(text, lang) if m.startswith("[hotw]")]
    assert len(said) >= 4 and mine == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_shared_panels_speak_the_language(lang: str) -> None:
    view = play(PLAYERS, seed=7, speed="instant", lang="en")
    game = view.game
    region = RegionScore("x", "Asia Minor", 3, 1, 0, "presence", (1, 3, 5), 1)
    empty = RegionScore("y", "Gaul", 0, 2, -1, None, (1, 2, 4), 0)
    bd = Breakdown(0, (region, empty), (), 1)
    lines = [Msg("hotw", "The start of the game."), Msg("hotw", "There is nothing to undo.")]
    with speaking(lang):
        drawn = "\n".join([
            panels.breakdown_table(bd, tiers=("presence", "dominance")),
            panels.score_table(game, [3, 5, 1], bots={1}),
            panels.final_scores_html(game, [3, 5, 1]),
            panels.summary_html(game, [[1, 2, 0], [3, 5, 1]], [3, 5, 1], lambda e: f"E{e}"),
            panels.log_html(game, lines=lines),
            panels.status_html(game, "", bots={game.decision.player}, prompt="¶"),
            odds_text({"win": Fraction(1, 3), "tie": Fraction(1, 6), "lose": Fraction(1, 2)}),
            seat_badge(game, 1),
        ])
    text = html.unescape(re.sub(r"<[^>]+>", " ", drawn))
    for name in PLAYERS + ["Asia Minor", "Gaul", "presence", "dominance"]:
        text = text.replace(name, " ")
    assert english_runs(text) == [] if lang == "ja" else True
    assert not re.search(r"\b(points?|computer|win|tie|lose|armies|Region|Player)\b", text), text
    assert "33,3" in text if lang == "es" else "33.3" in text
    assert render(lines[0], lang) in text


def test_a_voila_address_chooses_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "lang=es")
    view = play(PLAYERS, bots={1: "random", 2: "random"}, seed=7, speed="instant")
    assert view.lang == "es" and view.language_menu.value == "es"


@pytest.mark.parametrize("lang", LANGS)
def test_the_control_room_speaks_the_language(tmp_path: Path, lang: str) -> None:
    from hotw.classroom import open_store
    from hotw.classroom.pages.control import ControlRoom, when
    from hotw.classroom.table import new_table

    store = open_store(tmp_path / "c.sqlite")
    new_table(store, "Roma", PLAYERS, seed=3)
    room = ControlRoom(store, lang=lang)
    room.new_players.value = "Ada"
    room.open_table()  # refused: too few players
    texts = control_texts(room, skip=(room.projector_box,)) + [room.message.value]
    texts += [html.unescape(re.sub(r"<[^>]+>", " ", h.value)) for h in room._heads.values()]
    english = ControlRoom(store, lang="en")
    english.new_players.value = "Ada"
    english.open_table()
    english_texts = control_texts(english, skip=(english.projector_box,)) + [english.message.value]
    english_texts += [html.unescape(re.sub(r"<[^>]+>", " ", h.value)) for h in english._heads.values()]
    runs = english_left("\n".join(texts), lang, "\n".join(english_texts))
    assert runs == [], runs
    assert "No table opened" not in room.message.value
    from datetime import datetime, timezone

    moment = datetime(2026, 11, 30, 22, 15, 2, tzinfo=timezone.utc)
    assert when(moment, lang) != when(moment, "en") and "2026" in when(moment, lang)


def test_the_command_line_speaks_spanish(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from hotw.cli import main

    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "other"}', encoding="utf-8")
    assert main(["--lang", "es", "check-save", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "this is not a hotw save file" not in err and "bad.json" in err, err
    with pytest.raises(SystemExit):
        main(["--lang", "es", "simulate", "--help"])
    out = capsys.readouterr().out
    assert "show this help message" not in out and "number of players" not in out and "semilla" in out, out
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    assert main(["check-save", str(bad)]) == 2
    assert capsys.readouterr().err == err  # LANG chose Spanish as --lang did
    assert main(["--lang", "ja", "check-save", str(bad)]) == 2
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", capsys.readouterr().err)
    assert main(["--lang", "xx", "check-save", str(bad)]) == 2
    assert "xx" in capsys.readouterr().err


def _editor_texts(lang: str) -> str:
    from hotw.ui.editor import PositionEditor

    ed = PositionEditor(position={"epoch": 2, "turn": ["romans", 0]}, lang=lang)
    ed.place(None)  # refused: no land chosen
    ruleset_words = (ed.map, ed.piece, ed.land, ed.turn_pick, ed.later, ed.hand_pick, ed.epoch_pick, ed.summary)
    return "\n".join(control_texts(ed, skip=ruleset_words) + [ed.message.value, ed.hover.value])


def _whatif_texts(lang: str) -> str:
    from hotw.ui.whatif import WhatIfPanel

    panel = WhatIfPanel(games=10, lang=lang)
    skip = (panel.card, panel.rule, panel.rule_value, panel.land, panel.ruleset, panel.bots)
    return "\n".join(control_texts(panel, skip=skip) + [c.value for c in panel.children if isinstance(c, w.HTML)])


@pytest.mark.parametrize("lang", LANGS)
def test_the_lesson_builder_and_what_if_panel_speak_the_language(lang: str) -> None:
    for texts in (_editor_texts, _whatif_texts):
        drawn, english = texts(lang), texts("en")
        assert drawn != english
        runs = english_left(re.sub(r"<style>.*?</style>", " ", drawn, flags=re.S), lang,
                            re.sub(r"<style>.*?</style>", " ", english, flags=re.S))
        assert runs == [], f"{texts.__name__}: {runs}"


def _errors() -> list[Any]:
    """Errors a user can cause in the shared layer: a save file, a scenario, a position, rule options, a bot."""
    import hotw
    from hotw.bots import make_bot
    from hotw.errors import HotwError
    from hotw.scenario import load_scenario

    attempts = [
        lambda: hotw.load_game('{"format": "hotw-save", "version": 99}'),
        lambda: load_scenario({"name": "x", "rulez": {}}),
        lambda: load_scenario({"name": "x", "start": {"epoch": 99}}),
        lambda: hotw.new_game(players=["Ada", "Ada", "Cy"]),
        lambda: hotw.new_game(players=["Ada", "Ben", "Cy"], options={"position": {"epoch": 2, "turn": ["romans", 0],
                                                                                   "armies": {"atlantis": 0}}}),
        lambda: make_bot("genius", "1"),
    ]
    found = []
    for attempt in attempts:
        with pytest.raises(HotwError) as caught:
            attempt()
        found.append(caught.value.args[0])
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_errors_a_user_can_cause_are_said_in_the_language(lang: str) -> None:
    for said in _errors():
        assert isinstance(said, Msg), said
        mine = [m for m in untranslated(said, lang) if m.startswith("[hotw]")]
        assert mine == [], mine
        shown = render(said, lang)
        assert shown != str(said)
        if lang == "ja":
            assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", shown), shown
