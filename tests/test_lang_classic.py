"""The classic ruleset speaks English, Japanese and Spanish: every word it says is a message of the ``classic``
catalog (or a card's content term), every message has its translations, and the views draw in the active language.

Allowances, each explicit and narrow:

- Card content (``classic/empires``, ``classic/events``) and board names are translated as data by their own
  tables; until a table's translation file exists for a language, its terms read in English, and so a missing
  field of *those tables only* is not reported (:func:`_content_pending`). Once the file lands, every field is
  checked.
- In a drawn view, the names and texts that still read in English for that reason (card names, leaders, dates,
  notes and texts, the board's land and area names and notes) and the seat names are allowed
  (:func:`_still_english`); so are the shared panels' own phrases while the shared ``hotw`` catalog has no
  translation for the language (:data:`SHARED_PHRASES`).
- ``english_runs`` cannot tell Spanish from English words (both are Latin letters): in Spanish a run made only of
  words the Spanish catalog itself writes is Spanish.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

import hotw
from hotw.actions import Action
from hotw.errors import GameLogError, IllegalActionError
from hotw.i18n import Msg, Term, content, render, speaking
from hotw.rulesets.classic.bots import BOTS
from hotw.rulesets.classic.cards import NamePart
from hotw.rulesets.classic.logimport import import_log_text, report_lines
from hotw.rulesets.classic.view import EPOCH_LINE, view
from tests.i18n_check import catalog, english_runs, not_said, untranslated

LANGS = ("ja", "es")
SEATS = ["Ada", "Bex", "Cyd"]  # names no land or card name contains (the allowance removes them from the text)
LOGS = Path(__file__).resolve().parent / "data" / "classic-logs"
CLASSIC = Path(__file__).resolve().parent.parent / "hotw" / "rulesets" / "classic"
#: content tables whose words the classic game shows (translated as data, not by the classic catalog)
CONTENT_TABLES = ("classic/empires", "classic/events", "boards/world", "boards/regions")
#: phrases the shared panels write themselves (the ``hotw`` catalog's words), allowed only while it lacks the language
SHARED_PHRASES = ("most armies of one opponent",)


def _lines(log: list[Any]) -> list[Any]:
    """The log's lines, and within each line of an epoch its own text (the prefix "Epoch IV, " is a message
    whose argument is the line: a plain string there would pass unseen)."""
    out = []
    for line in log:
        out.append(line)
        if isinstance(line, Msg) and line.msgid == EPOCH_LINE:
            out.append(line.args["text"])
    return out


def _content_pending(entry: str, lang: str) -> bool:
    """True for a missing content field of a classic card or board table whose translation file has not landed."""
    found = re.match(r"\[([\w-]+/[\w-]+)\] ", entry)
    return bool(found and found.group(1) in CONTENT_TABLES
                and not content.translation_file(found.group(1), lang).exists())


def _missing(texts: list[Any], lang: str) -> list[str]:
    out: list[str] = []
    for text in texts:
        out += [e for e in untranslated(text, lang) if not _content_pending(e, lang)]
    return sorted(set(out))


def _play(bot: str, seed: int, players: int = 3, options: dict[str, Any] | None = None) -> tuple[Any, list[Any]]:
    """A seeded game of ``bot`` at every seat to its end, with everything said on the way (prompts, bot
    explanations, breakdown labels, the reason of an illegal action tried now and then)."""
    game = hotw.new_game("classic", SEATS + [f"P{i}" for i in range(3, players)], seed, options=options)
    bots = [BOTS[bot](seed * 10 + i) for i in range(players)]
    said: list[Any] = []
    probes = [Action("invade", "sahara"), Action("fort", "gaul"), Action("play_event", "leader"), Action("give", "9"),
              Action("invade", "mediterranean_sea"), Action("invade", "nowhere"), Action("treachery", "egypt")]
    step = 0
    while not game.is_over:
        said.append(game.decision.prompt)
        if step % 11 == 0:
            said += [game.why_illegal(a) for a in probes if a not in game.legal_actions()]
        player = bots[game.decision.player]
        game.apply(player.choose(game))
        said.append(player.explain())
        step += 1
    for _epoch, _card, _seat, bd in game.turn_scores:
        said += [r.tier for r in bd.regions if r.tier] + [s.label for s in bd.structures]
    return game, said


@pytest.fixture(scope="module", params=["random", "greedy", "heuristic:easy", "heuristic:medium", "heuristic:hard"])
def played(request: pytest.FixtureRequest) -> tuple[Any, list[Any]]:
    return _play(request.param, 17)


def test_a_game_to_its_end_writes_every_log_line_as_a_message(played: tuple[Any, list[Any]]) -> None:
    game, said = played
    assert game.is_over and len(game.log) > 100
    assert not_said(_lines(game.log)) == []
    assert not_said(said) == []
    assert all(isinstance(line, Msg) and line.domain == "classic" for line in game.log)


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_said_in_a_game_is_left_untranslated(played: tuple[Any, list[Any]], lang: str) -> None:
    game, said = played
    assert _missing(list(game.log) + said, lang) == []
    # the words really change: no line of the log reads as its English
    assert not [line for line in game.log if render(line, lang) == str(line)]


def test_the_1993_options_and_the_online_rules_say_their_own_lines_in_every_language() -> None:
    game, said = _play("heuristic:medium", 7, 5, {"tie_rule": "reroll", "area_rule": "1993", "draw_order": "strength",
                                                  "strengths": "1993", "preeminence": False})
    online, more = _play("greedy", 5, 4, {"tie_rule": "attacker_enters", "start_epoch": 3, "plague_spreads": True})
    for lang in LANGS:
        assert _missing(list(game.log) + said + list(online.log) + more, lang) == []
    assert any(line.msgid == "the game starts in Epoch {epoch}" for line in online.log if isinstance(line, Msg))


def test_the_epoch_prefix_is_said_in_the_language() -> None:
    game, _said = _play("greedy", 3)
    line = next(line for line in game.log if str(line).startswith("Epoch IV, "))
    assert render(line, "ja").startswith("第IV時代、")
    assert render(line, "es").startswith("Época IV: ")


@pytest.mark.parametrize("lang", LANGS)
def test_an_illegal_action_is_explained_in_the_language_and_changes_nothing(lang: str) -> None:
    game = hotw.new_game("classic", SEATS, 2)
    bots = [BOTS["greedy"](i) for i in range(3)]
    while game.decision.step != "expand":
        game.apply(bots[game.decision.player].choose(game))
    before = game.state_key()
    with pytest.raises(IllegalActionError) as caught:
        game.apply(Action("invade", "sahara"))
    message = caught.value.args[0]
    assert str(caught.value) == "Sahara is barren land: no army may enter it."
    assert isinstance(message, Msg) and _missing([message], lang) == []
    said = render(message, lang)
    assert said != str(message) and {"ja": "不毛地帯", "es": "tierra yerma"}[lang] in said
    assert game.state_key() == before


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_game_log_is_refused_in_the_language(lang: str) -> None:
    bad = "Empires Game\nPlayer1\nPlayer2\nPlayer3\n1. The Atlanteans rise from the sea.\n"
    with pytest.raises(GameLogError) as caught:
        import_log_text(bad, "atlantis.txt")
    message = caught.value.args[0]
    assert str(message).startswith("atlantis.txt: line 5: a line the classic game log does not have")
    assert _missing([message], lang) == []
    said = render(message, lang)
    assert said.startswith("atlantis.txt") and "The Atlanteans rise from the sea." in said
    assert {"ja": "5行目", "es": "línea 5"}[lang] in said
    with pytest.raises(GameLogError) as short:
        import_log_text("Empires Game\nPlayer1\nPlayer2\n1. Epoch 1 - Start\n", "two.txt")
    assert str(short.value) == "two.txt: line 4: the header names 2 players; the classic game has 3 to 6"
    assert {"ja": "2人", "es": "2 jugadores"}[lang] in render(short.value.args[0], lang)


def test_a_real_game_log_replayed_reads_in_spanish() -> None:
    replay = hotw.import_log(LOGS / "game003.txt")
    game = replay.game
    assert game.is_over and not_said(_lines(game.log)) == []
    report = report_lines(replay)
    assert not_said(report) == [] and not_said([n.why for n in replay.notes]) == []
    for lang in LANGS:
        assert _missing(list(game.log) + report, lang) == []
    spanish = [render(line, "es") for line in game.log]
    assert spanish[0] == "cada jugador recibe 3 cartas de Evento Mayor y 7 de Evento Menor"
    assert any(line.startswith("Época VII: ") for line in spanish)
    assert render(report[0], "es").startswith(f"{LOGS / 'game003.txt'}: 6 jugadores, 42 turnos, ")


# -- the views -------------------------------------------------------------------------------------------


def _content_texts(game: Any) -> list[Any]:
    """Every content text the game may show: the board's names and notes, the cards' readable fields."""
    texts: list[Any] = []
    for space in game.board.spaces.values():
        texts += [space.name, space.note]
    texts += [r.name for r in game.board.regions.values()]
    for card in list(game.content.empires.values()) + list(game.content.events.values()):
        texts += [getattr(card, f, None) for f in ("name", "leader", "dates", "text", "note")]
        if getattr(card, "empire", None) is not None:
            texts += [card.empire.name, card.people]
        elif card.name.startswith("Kingdom: "):
            texts.append(card.people)
    return [t for t in texts if t]


def _still_english(game: Any, lang: str) -> set[str]:
    """Words the game shows that are not the classic catalog's: seat names, and content whose translation reads
    as the English does (not yet translated, or a name kept as it is)."""
    out = set(game.players)
    out.update(str(text) for text in _content_texts(game) if render(text, lang) == str(text))
    if catalog("hotw", lang) is None:
        out.update(SHARED_PHRASES)
    return out


def _spanish_words(game: Any) -> set[str]:
    """The words the Spanish catalog and the Spanish content translations write."""
    words: set[str] = set()
    for value in catalog("classic", "es")._catalog.values():  # type: ignore[union-attr]
        words.update(re.findall(r"[A-Za-z][a-z]+", value))
    for text in _content_texts(game):
        said = render(text, "es")
        if said != str(text):
            words.update(re.findall(r"[A-Za-z][a-z]+", said))
    return words


def _drawn(game: Any, lang: str) -> dict[str, str]:
    """Everything the classic view draws now, under ``speaking(lang)``."""
    with speaking(lang):
        v = view(game)
        parts = dict(v.panels())
        choices = v.choices()
        parts.update(prompt=choices.prompt, note=choices.note,
                     buttons=" | ".join(f"{b.label} {b.detail}" for b in choices.buttons),
                     hover=" ".join(v.hover(s) for s in game.board.spaces),
                     click=" | ".join(c for c in map(v.click, game.board.spaces) if isinstance(c, str)),
                     news=" | ".join(map(render, v.news(0))),  # Msgs, said in the language when shown
                     view_prompt=v.prompt())
        if v.scored_turns():
            parts["breakdown"] = v.breakdown()
    return parts


def _english_left(parts: dict[str, str], allowed: tuple[str, ...], lang: str, spanish: set[str]) -> list[str]:
    out = []
    for key, text in parts.items():
        for run in english_runs(html.unescape(text), allowed):
            if lang == "es" and all(w in spanish for w in re.findall(r"[A-Za-z][a-z]+", run)):
                continue  # Spanish words (see the module's docstring)
            out.append(f"{key}: {run}")
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_views_draw_no_english_in_the_language(lang: str) -> None:
    game = hotw.new_game("classic", SEATS, 4)
    bots = [BOTS["heuristic:hard"](i) for i in range(3)]
    allowed = tuple(sorted(_still_english(game, lang), key=len, reverse=True))
    spanish = _spanish_words(game)
    left: set[str] = set()
    steps = 0
    while True:
        if steps % 9 == 0 or game.is_over or game.decision.step in ("keep_or_give", "monument", "event_step"):
            left.update(_english_left(_drawn(game, lang), allowed, lang, spanish))
        if game.is_over:
            break
        game.apply(bots[game.decision.player].choose(game))
        steps += 1
    assert sorted(left) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_position_builder_speaks_the_language(lang: str) -> None:
    from hotw.rulesets.classic.positionview import PIECES, position_spec

    spec = position_spec()
    with speaking(lang):
        counts = spec.counts({"armies": {"gaul": 0}, "structures": {"gaul": "city"}, "monuments": {"gaul": 2},
                              "forts": ["gaul"], "hands": {"0": ["leader", "weaponry"]}})
        hands = [label for label, _id in spec.hand_choices({})]
        words = [spec.army_label("Ada", "active")] + counts + [render(p.label) for p in PIECES]
        words += [render(p.help) for p in PIECES] + [render(spec.about_to), render(spec.on_the)]
    game = hotw.new_game("classic", SEATS, 1)
    allowed = tuple(sorted(_still_english(game, lang), key=len, reverse=True))
    assert _english_left({"words": " | ".join(words + hands)}, allowed, lang, _spanish_words(game)) == []
    assert counts[0] == {"ja": "軍隊1個", "es": "1 ejército"}[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_drawn_is_hidden_from_other_eyes_in_every_language(lang: str) -> None:
    game = hotw.new_game("classic", SEATS, 9)
    while game.decision.step != "keep_or_give":
        game.apply(BOTS["greedy"](0).choose(game))
    card = game.content.empires[game.pending_card].name
    drawer = game.decision.player
    other = next(s for s in range(3) if s != drawer)
    with speaking(lang):
        mine, theirs = view(game), view(game)
        mine.eyes, theirs.eyes = (drawer,), (other,)
        shown, hidden = mine.prompt(), theirs.prompt()
    assert render(card, lang) in shown and render(card, lang) not in hidden
    assert {"ja": "引いた帝国カード", "es": "la carta de imperio robada"}[lang] in hidden
    theirs.eyes = (other,)
    assert theirs.prompt() == (f"{game.players[drawer]}: keep the empire card drawn, or give it to a player "
                               "who has no empire")


# -- the checks themselves -------------------------------------------------------------------------------


def test_the_check_finds_a_message_missing_from_the_catalog() -> None:
    from hotw.i18n import Domain

    probe = Domain("classic")("{empire} sails off the edge of the world", empire="Atlantis")
    assert _missing([probe], "ja") == ["[classic] {empire} sails off the edge of the world"]


def test_a_people_named_by_a_card_follows_the_cards_translation(monkeypatch: pytest.MonkeyPatch) -> None:
    game = hotw.new_game("classic", SEATS, 1)
    kush = game.content.events["kush"]
    people = kush.people
    assert isinstance(people, NamePart) and str(people) == "Kush" and isinstance(kush.name, Term)
    monkeypatch.setattr(content, "lookup", lambda table, key, field, lang: {"ja": "王国：クシュ",
                                                                            "es": "Reino: Kush"}[lang])
    assert render(people, "ja") == "クシュ" and render(people, "es") == "Kush" and render(people, "en") == "Kush"
    assert game.content.events["hittites"].empire.name == "Hittites"


def test_engine_modules_never_pick_a_language() -> None:
    views = {"view.py", "positionview.py", "viewstyle.py"}
    calls = re.compile(r"(?<![\w.])(t|tn|render|speaking)\(")
    for path in sorted(CLASSIC.glob("*.py")):
        if path.name in views:
            continue
        found = [line for line in path.read_text(encoding="utf-8").splitlines()
                 if calls.search(line) and not line.lstrip().startswith("def ")]
        assert found == [], f"{path.name} draws words in a language: {found}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_walkthrough_demos_are_told_in_the_language(lang: str) -> None:
    from hotw.rulesets.classic.demos import DEMOS

    for name, make in DEMOS.items():
        demo = make()
        told = [demo.title, demo.explanation] + list(demo.happened)
        assert not_said(told) == [], name
        assert _missing(told, lang) == [], name
        assert render(demo.title, lang) != str(demo.title)


@pytest.mark.parametrize("lang", LANGS)
def test_the_breakdown_names_levels_and_structures_in_the_language(lang: str) -> None:
    from hotw.rulesets.classic.scoring import LABELS, TIERS

    game, _said = _play("heuristic:hard", 4)
    with speaking(lang):
        tables = " ".join(view(game).breakdown(i) for i in range(len(game.turn_scores)))
    levels = {str(r.tier) for *_rest, bd in game.turn_scores for r in bd.regions if r.tier}
    assert levels and all(render(t, lang) in tables for t in TIERS if str(t) in levels)
    english = [str(t) for t in TIERS if render(t, lang) != str(t)]  # Spanish writes "control" as English does
    assert english and not re.search(">(" + "|".join(english) + ")<", tables)
    assert all(f"{render(label, lang)}: " in tables for _kind, label in LABELS)


def test_another_seat_observes_the_keep_or_give_prompt_without_the_card() -> None:
    from hotw.observation import observation

    game = hotw.new_game("classic", SEATS, 9)
    while game.decision.step != "keep_or_give":
        game.apply(BOTS["greedy"](0).choose(game))
    card = game.content.empires[game.pending_card].name
    drawer = game.decision.player
    other = next(s for s in range(3) if s != drawer)
    assert card in observation(game, drawer).decision.prompt
    hidden = observation(game, other).decision.prompt
    assert card not in hidden
    assert hidden == f"{SEATS[drawer]}: keep the empire card drawn, or give it to a player who has no empire"
    for lang in LANGS:
        assert render(card, lang) not in render(hidden, lang) and _missing([hidden], lang) == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_what_if_or_position_is_refused_in_the_language(lang: str) -> None:
    from hotw.errors import OptionError

    cases = {"content_changes": {"empires": {"romanz": {"armies": 3}}},
             "position": {"epoch": 1, "turn": ["egypt", 0], "forts": ["libya"]}}
    for name, value in cases.items():
        with pytest.raises(OptionError) as caught:
            hotw.new_game("classic", SEATS, 1, options={name: value})
        reason = caught.value.reason
        assert isinstance(reason, Msg) and _missing([reason], lang) == []
        assert render(reason, lang) != str(reason)
    assert str(caught.value) == "position.forts: a fort stands with an army; Libya has none in 'armies'"


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_option_is_described_in_the_language(lang: str) -> None:
    from hotw.rulesets.classic.options import OPTIONS

    assert all(isinstance(o.doc, Msg) for o in OPTIONS)
    assert _missing([o.doc for o in OPTIONS], lang) == []
