"""Heroes of the World in Japanese and Spanish: every word the game says has a translation, and the views draw none
in English.

Seeded games of each bot are played to the end; every log line must be a Msg, and
nothing said (log lines, prompts, bot explanations, breakdown labels, conquest
results, illegal-action reasons) may lack a ``ja`` or ``es`` translation. The views,
the position editor's texts and the lesson widgets are drawn under
``speaking("ja")`` / ``speaking("es")`` and must leave no run of English words, apart
from seat names, the titles of sources and the game's own title, and (only while
their content translations have not landed) the names and notes of the cards, the
lives and the board's areas: :func:`pending_content` lists exactly those.
"""

from __future__ import annotations

import ast
import html
import re
from pathlib import Path
from typing import Any

import pytest

import hotw
from hotw.actions import Action
from hotw.bots import make_bot
from hotw.errors import IllegalActionError, OptionError
from hotw.i18n import Listing, Msg, Term, render, speaking
from hotw.i18n import content as i18n_content
from hotw.rulesets.heroes import walkthrough
from hotw.rulesets.heroes.cardcheck import load_content
from hotw.rulesets.heroes.cards import ABILITIES
from hotw.rulesets.heroes.game import HeroesGame
from hotw.rulesets.heroes.lives import load_lives
from hotw.rulesets.heroes.view import view as heroes_view
from tests.i18n_check import english_runs, not_said, untranslated

LANGS = ("ja", "es")
BOTS = ("random", "greedy", "heuristic:easy", "heuristic:medium", "heuristic:hard")
PLAYERS = ["Ada", "Ben", "Cy", "Dee"]
HEROES_DIR = Path(__file__).resolve().parent.parent / "hotw" / "rulesets" / "heroes"
#: the game's own title, kept as published in every language (as the glossary keeps "History of the World")
TITLES = ("Heroes of the World",)


# -- what may still be English: content whose translation has not landed ----------------------------------------


def _landed(table: str, lang: str) -> bool:
    return i18n_content.translation_file(table, lang).exists()


def pending_content(lang: str) -> tuple[str, ...]:
    """The English names and notes of the content tables that have no ``lang`` translation file yet (the cards,
    the lives, the board's areas), longest first. Empty once every content translation has landed."""
    words: list[str] = []
    cards = load_content()
    for table, records in (("heroes/heroes", cards.heroes), ("heroes/progress", cards.progress),
                           ("heroes/wonders", cards.wonders)):
        if not _landed(table, lang):
            for card in records.values():
                words += [str.__str__(getattr(card, f)) for f in ("name", "title", "dates", "note") if hasattr(card, f)]
    if not _landed("heroes/lives", lang):
        for life in load_lives().values():
            words.append(str.__str__(life.note))
            for place in life.places:
                words += [str.__str__(place.name), str.__str__(place.when), str.__str__(place.note)]
    board = hotw.new_game("heroes", PLAYERS[:3], 0).board
    for space in board.spaces.values():
        # the board's names are the shared board loader's: allowed while they are no Term or have no translation
        if not isinstance(space.name, Term) or i18n_content.lookup(space.name.table, space.name.key, "name", lang) is None:
            words.append(str.__str__(space.name))
    return tuple(sorted(set(words), key=len, reverse=True))


def content_said(lang: str) -> tuple[str, ...]:
    """The cards', lives' and areas' names and notes as their content translations say them in ``lang`` (a place
    name such as "Col de la Traversette" stays as it is in every language: it is the content's word, not the
    view's)."""
    terms: list[Any] = []
    cards = load_content()
    for records in (cards.heroes, cards.progress, cards.wonders):
        for card in records.values():
            terms += [getattr(card, f) for f in ("name", "title", "dates", "note") if hasattr(card, f)]
    for life in load_lives().values():
        terms.append(life.note)
        terms += [t for p in life.places for t in (p.name, p.when, p.note)]
    terms += [space.name for space in hotw.new_game("heroes", PLAYERS[:3], 0).board.spaces.values()]
    said = {i18n_content.lookup(term.table, term.key, term.field, lang) for term in terms if isinstance(term, Term)}
    return tuple(sorted((w for w in said if w), key=len, reverse=True))


def source_titles() -> tuple[str, ...]:
    """Authors, titles and entries of the sources the lives name (kept as published)."""
    out: set[str] = set()
    for life in load_lives().values():
        for ref in life.sources + tuple(r for p in life.places for r in p.sources):
            out.update(x for x in (ref.title, ref.author, ref.entry) if x)
    return tuple(sorted(out, key=len, reverse=True))


def allowed(lang: str, players: list[str] = PLAYERS) -> tuple[str, ...]:
    content = pending_content(lang) + content_said(lang) + source_titles()
    escaped = [html.escape(w) for w in content]
    return tuple(sorted({*players, *TITLES, *content, *escaped}, key=len, reverse=True))


#: an action in the save file's form ("place:america"), which an illegal action's message quotes as it is, and a
#: field or id of a position's data in quotes ('hands'), which its error messages quote as the data writes them
ACTION_CODE = re.compile(r"\b[a-z_]+:[a-z_0-9]+\b|「[a-z_]+」|'[a-z_]+'")


def leftover(draw: Any, lang: str, words: tuple[str, ...]) -> list[tuple[list[str], str]]:
    """English left in what ``draw()`` returns when drawn in ``lang``: in Japanese any run of English words, in
    Spanish (whose own words are Latin letters too) a run that the English drawing of the same texts has."""
    with speaking("en"):
        english = draw()
    with speaking(lang):
        said = draw()
    assert len(said) == len(english)
    out = []
    for text, original in zip(said, english):
        runs = english_runs(text, words)
        if lang == "ja":  # Japanese has no Latin words of its own: even a single English word is left over
            plain = html.unescape(re.sub(r"<[^>]+>", " ", text))
            plain = ACTION_CODE.sub(" ", plain)
            for word in words:
                plain = plain.replace(word, " ")
            runs += re.findall(r"\b[A-Za-z]{2,}\b", plain)
        else:
            plain = " ".join(html.unescape(original).split())
            runs = [r for r in runs if r in plain]
        if runs:
            out.append((runs, text[:300]))
    return out


def missing(text: Any, lang: str) -> list[str]:
    """What ``text`` lacks in ``lang``, apart from content tables whose translation has not landed."""
    out = []
    for problem in untranslated(text, lang):
        if problem.startswith("[heroes/") or problem.startswith("[boards/"):
            table = problem[1:problem.index("]")]
            if not _landed(table, lang):
                continue
        out.append(problem)
    return out


# -- the games ---------------------------------------------------------------------------------------------------


def play(bot: str, n: int = 3, seed: int = 2) -> tuple[HeroesGame, list[Any]]:
    """A seeded game of ``bot`` seats played to the end, and everything it said besides its log."""
    game = hotw.new_game("heroes", PLAYERS[:n], seed)
    assert isinstance(game, HeroesGame)
    bots = [make_bot(bot, seed * 10 + i, ruleset="heroes") for i in range(n)]
    said: list[Any] = []
    while not game.is_over:
        seat = game.decision.player
        said.append(game.decision.prompt)
        game.apply(bots[seat].choose(game))
        if bot != "random":  # the random bot is the shared layer's (hotw.bots), its words that catalog's
            said.append(bots[seat].explain())
    said.append(game.decision.prompt)
    for _era, _hero, _seat, bd in game.turn_scores:
        said += [row.tier for row in bd.regions if row.tier] + [st.label for st in bd.structures]
    return game, said


@pytest.fixture(scope="module")
def games() -> dict[str, tuple[HeroesGame, list[Any]]]:
    return {bot: play(bot, 4 if bot == "random" else 3) for bot in BOTS}


@pytest.mark.parametrize("bot", BOTS)
def test_every_log_line_of_a_game_is_a_msg(games: dict[str, Any], bot: str) -> None:
    game, _said = games[bot]
    assert game.is_over and len(game.log) > 100
    assert not_said(game.log) == []


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("lang", LANGS)
def test_nothing_a_game_says_is_untranslated(games: dict[str, Any], bot: str, lang: str) -> None:
    game, said = games[bot]
    lines = list(game.log) + said
    assert all(isinstance(x, Msg) for x in said), [x for x in said if not isinstance(x, Msg)][:3]
    problems = sorted({p for line in lines for p in missing(line, lang)})
    assert problems == []
    for line in lines:
        text = render(line, lang)
        assert text and "{" not in text and text != str(line), (line, text)


def test_a_conquest_and_the_wonders_are_said_in_both_languages(games: dict[str, Any]) -> None:
    """The games above met conquest dice, losses and wonders: their lines are among those checked."""
    lines = [line for game, _ in games.values() for line in game.log]
    kinds = {line.args["text"].msgid for line in lines}
    assert "the conquest die shows {face}" in kinds
    assert "{who} uses the {wonder}" in kinds or "{who} builds the {wonder} for {cost} coins (+{points} points)" in kinds
    assert any(k.startswith("{who} loses {n} figure") for k in kinds)


# -- illegal actions ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_an_illegal_actions_message_is_said_in_both_languages(lang: str) -> None:
    game = hotw.new_game("heroes", PLAYERS[:3], 1)
    before = game.state_key()
    with pytest.raises(IllegalActionError) as caught:
        game.apply(Action("place", "america"))  # a modern-age area, in antiquity
    message = caught.value.args[0]
    assert game.state_key() == before
    assert isinstance(message, Msg) and str(message).startswith("'place:america' is not possible now: ")
    assert missing(message, lang) == []
    said = render(message, lang)
    assert said != str(message) and "{" not in said
    assert leftover(lambda: [render(message)], lang, allowed(lang)) == []
    if lang == "ja":
        assert "近代の地域" in said and "古代" in said
    else:
        assert "Edad Moderna" in said and "no es posible ahora" in said


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("position", [
    {"era": 1, "turn": 0, "figures": {"america": [1, 0, 0]}},                 # a modern area in antiquity
    {"era": 1, "turn": 0, "boxes": {"china": ["writing", "writing"]}},       # a tile placed twice
    {"era": 1, "turn": 0, "hands": {"0": ["isaac_newton"]}},                # a modern hero in antiquity
    {"era": 1, "turn": 0, "coins": [30, 30, 30]},                            # more coins than the box holds
    {"era": 1, "turn": 0, "step": "play"},                                   # to play a hero, none held
])
def test_a_bad_positions_reason_is_said_in_both_languages(position: dict[str, Any], lang: str) -> None:
    with pytest.raises(OptionError) as caught:
        hotw.new_game("heroes", PLAYERS[:3], 1, options={"position": position})
    reason = caught.value.reason
    assert isinstance(reason, Msg) and str(caught.value).endswith(str(reason))
    assert missing(reason, lang) == []
    assert render(reason, lang) != str(reason)
    assert leftover(lambda: [render(reason)], lang, allowed(lang)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_reason_words_has_for_an_illegal_action_is_translated(lang: str) -> None:
    """Reasons from each branch of :func:`hotw.rulesets.heroes.words.explain`, at several moments of a game."""
    game = hotw.new_game("heroes", PLAYERS[:3], 5)
    bots = [make_bot("greedy", i, ruleset="heroes") for i in range(3)]
    tries = [Action("buy"), Action("build", "parthenon"), Action("build", "kremlin"), Action("build", "nowhere"),
             Action("migrate", "china"), Action("play", "confucius"), Action("conquer", "europe"),
             Action("box", "india"), Action("place", "china"), Action("wonder", "versailles"),
             Action("wonder", "kremlin"), Action("conquer", "china")]
    reasons = set()
    while not game.is_over:
        legal = game.legal_actions()
        for action in tries:
            if action not in legal:
                reason = game.why_illegal(action)
                reasons.add(reason.args["reason"].msgid)
                assert missing(reason, lang) == [], reason
                assert render(reason, lang) != str(reason)
        game.apply(bots[game.decision.player].choose(game))
    assert len(reasons) >= 8


# -- the views -------------------------------------------------------------------------------------------------------


def _drawn(game: HeroesGame) -> list[str]:
    """Everything the Heroes view draws itself (the shared panels' frames are the shared layer's)."""
    v = heroes_view(game)
    panels = v.panels()
    out = [panels[k] for k in ("actor", "battle", "regions", "region_key", "legend")]
    out += [render(line) for line in game.log[-20:]]
    out += [v.label(a) for a in game.legal_actions()] if not game.decision.is_chance else []
    if not game.is_over:
        choices = v.choices()
        out += [choices.prompt, choices.note] + [c.label + c.detail for c in choices.buttons]
    for sid in sorted(game.board.spaces):
        out.append(v.hover(sid))
        clicked = v.click(sid, humans=frozenset({0}))
        out.append(clicked if isinstance(clicked, str) else v.label(clicked))
    out += list(v.markers().values())
    out += [v.breakdown(i) for i in range(max(0, v.scored_turns() - 3), v.scored_turns())] or [v.breakdown()]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_view_draws_no_english_during_a_game(lang: str) -> None:
    game = hotw.new_game("heroes", PLAYERS[:3], 7)
    bots = [make_bot("heuristic:hard", 70 + i, ruleset="heroes") for i in range(3)]
    words = allowed(lang)
    step = 0
    drawn_texts = 0
    while True:
        if step % 9 == 0 or game.is_over:
            assert leftover(lambda: _drawn(game), lang, words) == []
            drawn_texts += len(_drawn(game))
        if game.is_over:
            break
        game.apply(bots[game.decision.player].choose(game))
        step += 1
    assert drawn_texts > 500


@pytest.mark.parametrize("lang", LANGS)
def test_the_walkthrough_and_the_lives_are_drawn_in_the_language(lang: str) -> None:
    pytest.importorskip("ipywidgets")
    from hotw.ui.lessonheroes import heroes_demo_html, life_html, life_places

    words = allowed(lang, ["Ada", "Ben", "Cy", "Dee", "Eve", "A", "B", "C"])
    for name, make in walkthrough.DEMOS.items():
        demo = make()
        for said in (demo.title, demo.rule, demo.result, *demo.happened):
            assert isinstance(said, (Msg, Listing)) and missing(said, lang) == [], (name, said)
        assert not_said(demo.game.log) == []  # a position's game logs its start too
        assert [p for line in demo.game.log for p in missing(line, lang)] == []
        assert leftover(lambda: list(heroes_demo_html(demo)), lang, words) == [], name
    game = hotw.new_game("heroes", ["A", "B", "C"], 1)
    for hero, life in load_lives().items():
        assert leftover(lambda: [life_html(game, hero, life), life_places(hero)], lang, words) == [], hero


@pytest.mark.parametrize("lang", LANGS)
def test_the_position_editor_speaks_the_language(lang: str) -> None:
    from hotw.rulesets.heroes.positionview import PIECES, position_spec

    spec = position_spec()
    position = {"era": 1, "turn": 0, "figures": {"china": [2, 1, 0]}, "boxes": {"china": ["writing"]},
                "hands": {"0": ["confucius"]}, "wonders": {"parthenon": 1}}
    def draw() -> list[str]:
        texts = [spec.epoch_label(1), spec.epoch_label(2), spec.summary(position, PLAYERS[:3]),
                 *(label for label, _ in spec.turn_choices(1)), *(label for label, _ in spec.hand_choices(position)),
                 render(spec.turn_label), render(spec.space_label)]
        texts += [render(p.label) + " " + render(p.help) for p in PIECES]
        for piece in ("figure", "progress", "wonder", "valued"):
            land = "mediterranean" if piece == "wonder" else "china"
            after = spec.toggle(position, land, piece, 1)
            texts.append(spec.edit_text(position, after, land, piece, 1, PLAYERS[:3]) or "")
        return texts

    assert leftover(draw, lang, allowed(lang)) == []


# -- the words are where the translators find them -------------------------------------------------------------------


def test_the_wonders_abilities_are_the_catalogs_words() -> None:
    """The loader gives each wonder's ability as the catalog's Msg only if the data says exactly the same."""
    for wonder in load_content().wonders.values():
        assert isinstance(wonder.ability, Msg), wonder.id
        assert wonder.ability is ABILITIES[wonder.effect]


def test_cards_and_lives_are_terms_of_their_content_tables() -> None:
    cards = load_content()
    for table, records, fields in (("heroes/heroes", cards.heroes, ("name", "title", "dates", "note")),
                                   ("heroes/progress", cards.progress, ("name", "note")),
                                   ("heroes/wonders", cards.wonders, ("name", "note"))):
        english = i18n_content._records(table)
        for key, card in records.items():
            for field in fields:
                term = getattr(card, field)
                assert isinstance(term, Term) and (term.table, term.key, term.field) == (table, key, field)
                assert str(term) == english[key][field]
    lives = i18n_content._records("heroes/lives")
    for hero, life in load_lives().items():
        paths = i18n_content.readable_paths(lives[hero])
        assert life.note.field == "note" and str(life.note) == paths["note"]
        for place in life.places:
            for term in (place.name, place.when, place.note):
                assert isinstance(term, Term) and term.table == "heroes/lives" and term.key == hero
                assert paths[term.field] == str(term)


ENGINE = ("bots.py", "cardcheck.py", "cards.py", "conquest.py", "eras.py", "game.py", "judge.py", "lives.py",
          "observation.py", "options.py", "phases.py", "position.py", "spending.py", "turn.py", "valuation.py",
          "walkthrough.py", "wonders.py", "words.py")


@pytest.mark.parametrize("module", ENGINE)
def test_the_engine_never_picks_a_language(module: str) -> None:
    """Engine modules make Msg values; only views say them now (t, tn, render, speaking)."""
    tree = ast.parse((HEROES_DIR / module).read_text(encoding="utf-8"))
    called = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    called |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
               and n.value.id == "_" and n.attr in ("text", "text_plural")}  # the Domain's words said now
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module == "hotw.i18n"
                for a in n.names}
    saying = {"t", "tn", "render", "speaking", "use_language", "text", "text_plural"}
    assert not (called | imported) & saying, module
