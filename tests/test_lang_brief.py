"""A Brief History of the World in Japanese and Spanish: the game says everything as Msg values of the
``brief`` catalog (or content Terms), every one of them translated, and its views drawn in either
language leave no English behind.

Seeded games are played to the end by each bot at two and four players; along the way every
prompt, bot explanation, gold breakdown and an illegal action's error are collected and checked.
"""

from __future__ import annotations

import functools
import html
import json
import random
import re
from typing import Any

import pytest

import hotw
from hotw.bots import make_bot
from hotw.errors import IllegalActionError, OptionError
from babel.messages.pofile import read_po

from hotw.i18n import LOCALE_DIR, Msg, content, render, speaking
from hotw.rulesets.brief import demos
from hotw.rulesets.brief.positionview import position_spec
from hotw.ui.rulesetview import view_of
from tests.i18n_check import catalog, english_runs, not_said, untranslated

LANGS = ("ja", "es")
WORD = re.compile(r"[A-Za-z][a-z]+")
BOTS = ("random", "greedy", "heuristic:easy", "heuristic:medium", "heuristic:hard")

#: Content fields no translation file holds: the two empires of the one card that shows two (Incas and
#: Aztecs) are named by the card's ``empire`` and ``second.name`` fields, which are not among the readable
#: fields the content tables translate (hotw.i18n.content.READABLE); the card's own name is translated.
UNTRANSLATABLE_TERMS = ("[brief/empires] incas_aztecs.empire", "[brief/empires] incas_aztecs.second.name")

#: Words the shared panels (hotw.ui.panels: the status line, the breakdown table, the final scores) draw
#: themselves: the ``hotw`` catalog says them in other languages. Allowed only while that catalog is missing.
SHARED_PANEL_WORDS = ("most armies of one opponent", "level reached", "No armies (no points) in", "Final scores",
                      "Region", "armies", "points", "Total", "computer")


@functools.lru_cache(maxsize=1)
def spanish_words() -> frozenset[str]:
    """Every word the Spanish texts of this game write: the brief catalog's and the Brief cards' and board's
    translations. english_runs cannot tell Spanish from English (both are Latin letters): in Spanish a run made
    only of these words is Spanish."""
    texts: list[str] = []
    for path in (LOCALE_DIR / "es" / "LC_MESSAGES").glob("*.po"):
        for message in read_po(path.open("rb")):
            texts += [message.string] if isinstance(message.string, str) else list(message.string)
    for table in ("brief/empires", "brief/events", "boards/world", "boards/regions"):
        texts += _strings(json.loads(content.translation_file(table, "es").read_text(encoding="utf-8")))
    return frozenset(w for text in texts for w in WORD.findall(text))


def _strings(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return []


def _english(text: str, lang: str, allowed: tuple[str, ...]) -> list[str]:
    """The runs of English words left in ``text`` drawn in ``lang``."""
    runs = english_runs(html.unescape(text), allowed)
    if lang == "ja":  # Japanese has no Latin words of its own: even one English word is left over
        plain = html.unescape(re.sub(r"<[^>]+>", " ", text))
        for word in sorted(allowed, key=len, reverse=True):
            plain = plain.replace(word, " ")
        runs += [w for w in re.findall(r"\b[A-Za-z]{2,}\b", plain) if not re.fullmatch(r"[IVX]+", w)]  # not epochs
    if lang == "es":
        words = spanish_words()
        runs = [r for r in runs if not all(w in words for w in WORD.findall(r))]
    return runs


def _missing(text: Any, lang: str) -> list[str]:
    return [m for m in untranslated(text, lang) if m not in UNTRANSLATABLE_TERMS]


def _allowed(game: Any, lang: str) -> tuple[str, ...]:
    """What may stay English in a drawing: the seat names, the two empires of the Incas and Aztecs card
    (:data:`UNTRANSLATABLE_TERMS`), and the shared panels' words while the shared catalog is missing."""
    shared = SHARED_PANEL_WORDS if catalog("hotw", lang) is None else ()
    two = tuple(str(part.name) for part in game.content.empires["incas_aztecs"].parts)
    return tuple(game.players) + two + shared


def play(players: int, bot: str, seed: int) -> tuple[Any, list[Any]]:
    """A seeded game played to its end by ``bot`` at every seat; returns it with every word it said on the way
    besides its log: prompts, bot explanations, gold breakdowns, and the error of an illegal action now and then."""
    g = hotw.new_game("brief", [f"P{i}" for i in range(players)], seed)
    bots = [make_bot(bot, seed * 10 + i, "brief") for i in range(players)]
    rng = random.Random(seed)
    said: list[Any] = []
    while not g.is_over:
        said.append(g.decision.prompt)
        seat = g.decision.player
        if rng.random() < 0.05:  # an action nobody may take now: its reason is said too
            wrong = rng.choice(["end_turn", "fort:balkans", "invade:sahara", "overrun:gaul", "play:leader",
                                "continue", "expand:atlantic_ocean", "empire:romans"])
            if wrong not in {a.text() for a in g.legal_actions()}:
                with pytest.raises(IllegalActionError) as err:
                    g.apply(wrong)
                said.append(err.value.args[0])
        g.apply(bots[seat].choose(g))
        if bot != "random":
            said.append(bots[seat].explain())
    for _epoch, _card, _seat, bd in g.turn_scores:
        said += [s.label for s in bd.structures] + [r.tier for r in bd.regions if r.tier] + [r.name for r in bd.regions]
    return g, said


GAMES = [(players, bot) for players in (2, 4) for bot in BOTS]


@pytest.fixture(scope="module")
def games() -> dict[tuple[int, str], tuple[Any, list[Any]]]:
    return {(players, bot): play(players, bot, 11 + players + i) for i, (players, bot) in enumerate(GAMES)}


@pytest.mark.parametrize("players,bot", GAMES)
def test_every_log_line_is_a_sentence_the_game_can_say_again(games: Any, players: int, bot: str) -> None:
    g, said = games[(players, bot)]
    assert g.is_over and len(g.log) > 100
    assert not_said(g.log) == []
    assert not_said(said) == []
    assert all(isinstance(line, Msg) and line.domain == "brief" for line in g.log)


@pytest.mark.parametrize("players,bot", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_nothing_said_in_a_game_is_left_untranslated(games: Any, players: int, bot: str, lang: str) -> None:
    g, said = games[(players, bot)]
    missing = sorted({m for text in g.log + said for m in _missing(text, lang)})
    assert missing == []
    english = [render(line, "en") for line in g.log]
    spoken = [render(line, lang) for line in g.log]
    assert english == [str(line) for line in g.log]  # English is the log as it always read
    assert sum(a != b for a, b in zip(english, spoken)) == len(english)


def test_the_log_reads_in_good_english() -> None:
    g, _said = play(3, "greedy", 5)
    text = "\n".join(g.log)
    assert " collects " in text and " declares the " in text and " plays " in text
    for wrong in (r" collect ", r" declare the ", r"P\d play ", r"\b1 invasion points", r"\b1 armies", r" reveal Bonus",
                  r" take a ", r" gain 1 gold"):
        assert not re.search(wrong, text), wrong


def _views(g: Any) -> list[str]:
    """Everything the game's view draws now: every panel, the choices, each space's hover and click."""
    v = view_of(g)
    out = list(v.panels().values())
    choices = v.choices()
    out += [choices.prompt, choices.note] + [f"{b.label} {b.detail}" for b in choices.buttons]
    for sid in g.board.spaces:
        out.append(v.hover(sid))
        click = v.click(sid)
        out.append(click if isinstance(click, str) else "")
    out += [render(line) for line in v.news(0)]  # Msgs, said in the language when shown
    if v.scored_turns():
        out += [v.breakdown(), v.turn_caption(0)]
    return out


def _snapshots() -> list[Any]:
    """Games at the moments with the most on screen: allocation, an invasion under way, an overrun, its end."""
    out = []
    g = hotw.new_game("brief", ["Ada", "Ben", "Cy"], 3)
    while g.decision.is_chance:
        g.apply(g.legal_actions()[0])
    out.append(g)
    out.append(demos.table(demos.romans_example()))
    g = demos.table(demos.romans_example())
    demos.act(g, "establish", "invade:balkans")
    out.append(g)
    g = demos.table(demos.romans_example())
    demos.act(g, "establish", "invade:balkans", "roll:6", "roll:5", "roll:3")
    out.append(g)
    out.append(demos.gold().game)
    out.append(demos.events().game)
    two = hotw.new_game("brief", ["Ada", "Ben"], 2)
    bots = [make_bot("greedy", i, "brief") for i in range(2)]
    while not two.is_over:
        two.apply(bots[two.decision.player].choose(two))
    out.append(two)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_views_drawn_in_another_language_have_no_english_left(lang: str) -> None:
    for g in _snapshots():
        with speaking(lang):
            drawn = _views(g)
        runs = [(run, text[:80]) for text in drawn for run in _english(text, lang, _allowed(g, lang))]
        assert runs == [], runs


@pytest.mark.parametrize("lang", LANGS)
def test_the_lesson_builder_and_the_walkthrough_speak_the_language(lang: str) -> None:
    spec = position_spec()
    position = demos.romans_example(hands={"0": ["siege_craft"]}, empires={"1": "han", "2": "huns"})
    players = ["Ada", "Ben"]
    with speaking(lang):
        drawn = [spec.summary(position, players), spec.summary({"epoch": 2, "stage": "epoch_end"}, players)]
        drawn += [label for label, _id in spec.hand_choices(position) + spec.turn_choices(3)]
        drawn += [p.label + " " + p.help for p in spec.pieces] + list(spec.markers(position, players).values())
        drawn += [spec.edit_text({}, {"epoch": 3, "turn": ["romans", 0], "active": ["danubia"]}, "danubia", "standing", 0,
                                 players),
                  spec.edit_text({}, {"armies": {"danubia": 1}}, "danubia", "army", 1, players)]
        drawn.append(render(demos.odds_text()))
        for make in demos.DEMOS.values():
            d = make()
            drawn += [render(d.title), render(d.explanation)] + [render(line) for line in d.happened]
    runs = [run for text in drawn for run in _english(text, lang, ("Ada", "Ben", "Cy"))]
    assert runs == []
    for make in demos.DEMOS.values():
        d = make()
        assert _missing(d.title, lang) == [] and _missing(d.explanation, lang) == []
        assert [m for line in d.happened for m in _missing(line, lang)] == []


def test_an_illegal_action_is_explained_in_every_language() -> None:
    g = demos.table(demos.romans_example())
    g.apply("establish")
    before = g.state_key()
    with pytest.raises(IllegalActionError) as err:
        g.apply("expand:yellow_river")
    reason = err.value.args[0]
    assert g.state_key() == before and isinstance(reason, Msg)
    assert str(err.value) == "Yellow River is not next to a land of your standing armies, and none of your fleets reaches its coast."
    assert render(reason, "ja") == "黄河はあなたの活動中の軍隊がいる区域の隣になく、あなたの艦隊もその沿岸に届きません。"
    assert render(reason, "es") == ("Río Amarillo no está junto a un territorio de tus ejércitos activos, y ninguna de tus "
                                    "flotas llega a su costa.")
    with pytest.raises(IllegalActionError) as err:
        g.apply("fort:balkans")
    for lang in LANGS:
        assert _missing(err.value.args[0], lang) == [] and _english(render(err.value.args[0], lang), lang, ()) == []


def test_an_invalid_position_is_refused_in_every_language() -> None:
    with pytest.raises(OptionError) as err:
        hotw.new_game("brief", ["Ada", "Ben", "Cy"], 0,
                      options={"position": {"epoch": 3, "turn": ["romans", 0], "armies": {"sahara": 1}}})
    message = err.value.args[0]
    assert str(message) == "position.armies.sahara: Sahara is barren land; no army or piece may stand there"
    assert render(message, "ja") == "position.armies.sahara：サハラは不毛地帯です。軍隊も駒も置けません"
    assert render(message, "es") == ("position.armies.sahara: Sáhara es tierra yerma; no puede haber allí ningún "
                                     "ejército ni pieza")
    assert err.value.field == "position.armies.sahara"
    with pytest.raises(OptionError) as err:
        hotw.new_game("brief", ["Ada", "Ben", "Cy"], 0,
                      options={"position": {"epoch": 3, "turn": ["romans", 0], "bonus": {"1": [8, 8]}}})
    assert str(err.value.args[0]) == "position.bonus.1: there is 1 Bonus token of 8, not 2"
    assert render(err.value.args[0], "es") == "position.bonus.1: hay 1 ficha de bonificación de 8, no 2"
