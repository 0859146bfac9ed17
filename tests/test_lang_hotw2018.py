"""The 2018 edition in English, Japanese and Spanish: what the engine says, the bots explain and the views draw.

Seeded games are played to the end by each bot; every log line, prompt, bot
explanation, breakdown label and illegal-action reason must be a message the game
can say again (a :class:`~hotw.i18n.Msg`), with a ``ja`` and an ``es`` translation.
The views are drawn under ``speaking("ja")`` / ``speaking("es")`` and must leave no
English words of their own.

One allowance, explicit and narrow (:func:`untranslated_content`): content the card and
board translations do not yet cover (the content files of a table not written yet) may
still read in English, and so may seat names and the titles of sources. Anything else in
English fails; an empire's ability (its name and text) is translated like the card.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import hotw
from hotw.actions import Action
from hotw.bots import make_bot
from hotw.errors import IllegalActionError
from hotw.i18n import Msg, Term, render, speaking
from hotw.i18n import content as content_i18n
from hotw.rulesets.hotw2018 import view as view2018
from hotw.rulesets.hotw2018 import viewpanels, viewtable
from hotw.rulesets.hotw2018.positionview import position_spec
from hotw.save import load_game
from tests.i18n_check import english_runs, not_said, untranslated

LANGS = ("ja", "es")
BOTS = ("random", "greedy", "heuristic:easy", "heuristic:medium", "heuristic:hard")
SEATS = ["Ana", "Ben", "Chen", "Dee"]

#: English words a Spanish text never has: a run of Latin words with one of them is English left over.
ENGLISH_ONLY = frozenset("the of and to is on with your you from this for by are have can now or it its not "
                         "which when who click press army armies land lands card cards".split())


def untranslated_content(entry: str, lang: str) -> bool:
    """True for a missing content translation the allowance covers (see the module's doc)."""
    found = re.match(r"\[([\w]+/[\w]+)\] [^.]+\.(.+)$", entry)
    if not found:
        return False
    table, _field = found.groups()
    return not content_i18n.translation_file(table, lang).exists()


def missing(text: Any, lang: str) -> list[str]:
    """What ``text`` lacks in ``lang``, the allowance left out."""
    return [e for e in untranslated(text, lang) if not untranslated_content(e, lang)]


def play(bots: tuple[str, ...], seed: int) -> tuple[Any, list[Any], list[Any]]:
    """A seeded game played to its end: the game, every prompt met and every bot explanation."""
    game = hotw.new_game("hotw2018", SEATS[:len(bots)], seed)
    players = [make_bot(b, seed=seed * 10 + i) for i, b in enumerate(bots)]
    prompts, why = [], []
    while not game.is_over:
        d = game.decision
        prompts.append(d.prompt)
        bot = players[d.player]
        game.apply(bot.choose(game))
        why.append(bot.explain())
    return game, prompts, why


@pytest.fixture(scope="module", params=BOTS)
def played(request: Any) -> tuple[str, Any, list[Any], list[Any]]:
    bot = request.param
    seed = 3 + BOTS.index(bot)
    game, prompts, why = play((bot,) * 3 + ("heuristic:hard",), seed)
    return bot, game, prompts, why


def test_every_line_of_a_game_is_a_message(played: Any) -> None:
    bot, game, prompts, why = played
    assert game.is_over
    assert not_said(game.log) == []
    assert not_said(prompts) == []
    assert not_said(game.secret_lines[i][1] for i in game.secret_lines) == []
    if bot != "random":  # the random bot is the shared layer's (hotw.bots)
        assert not_said(why) == []


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_said_is_untranslated(played: Any, lang: str) -> None:
    bot, game, prompts, why = played
    said = list(game.log) + prompts + [line for _card, line in game.secret_lines.values()]
    if bot != "random":
        said += why
    for _epoch, _card, _seat, bd in game.turn_scores:
        said += [r.tier for r in bd.regions if r.tier] + [s.label for s in bd.structures]
    gaps = sorted({m for text in said for m in missing(text, lang)})
    assert gaps == []
    # and each line reads in the language: no English sentence left (card names aside, see the allowance)
    allowed = _allowed(game, lang)
    english = {run for line in game.log for run in _english(render(line, lang), lang, allowed)}
    assert english == set()


def test_the_face_down_draft_line_is_the_same_message_with_another_card() -> None:
    game, _prompts, _why = play(("greedy",) * 3, 4)
    card, hidden = next(iter(game.secret_lines.values()))
    shown = next(line for i, line in enumerate(game.log) if game.secret_lines.get(i, (None,))[0] == card)
    assert isinstance(hidden, Msg) and hidden.msgid == shown.msgid == "Epoch {epoch}, {line}"
    assert hidden.args["line"].msgid == shown.args["line"].msgid
    assert "an empire card" in hidden and render(hidden, "ja").count("帝国カード") == 1
    assert "carta de imperio" in render(hidden, "es")


def test_an_illegal_action_says_why_in_each_language() -> None:
    game = hotw.new_game("hotw2018", SEATS[:3], 5)
    bots = [make_bot("greedy", seed=i) for i in range(3)]
    while game.decision.step != "invade":
        game.apply(bots[game.decision.player].choose(game))
    before = game.state_key()
    with pytest.raises(IllegalActionError) as caught:
        game.apply(Action("invade", "atlantis"))
    reason = game.why_illegal(Action("invade", "atlantis"))
    assert isinstance(reason, Msg) and str(caught.value) == str(reason)
    assert game.state_key() == before
    assert render(reason, "ja") == "盤上に「atlantis」という区域はありません。"
    assert render(reason, "es") == "No hay ningún territorio llamado 'atlantis' en el tablero."
    for action in (Action("siege"), Action("play_event", "nothing"), Action("fortify", "atlantis"),
                   Action("pick_event", "weaponry_1")):
        why = game.why_illegal(action)
        for lang in LANGS:
            assert missing(why, lang) == [], action


def test_a_game_saved_in_japanese_replays_to_the_same_log() -> None:
    with speaking("ja"):
        game, _prompts, _why = play(("heuristic:medium",) * 3, 6)
        saved = game.to_json()
        again = load_game(saved)
    assert [str(line) for line in again.log] == [str(line) for line in game.log]
    assert [render(line, "es") for line in again.log] == [render(line, "es") for line in game.log]
    assert [render(line, "ja") for line in again.log] == [render(line, "ja") for line in game.log]


# -- the views -------------------------------------------------------------------------------------------


def _allowed(game: Any, lang: str) -> tuple[str, ...]:
    """Seat names, and the content words that have no ``lang`` translation yet (the allowance)."""
    words = list(game.players)
    content = game.content
    texts: list[Any] = []
    for card in list(content.empires.values()) + list(content.events.values()):
        texts += [card.name, card.leader, card.dates, card.note]
        texts += [getattr(card, "text", None)]
        ability = getattr(card, "ability", None)
        if ability is not None:
            texts += [ability.name, ability.text]
        kingdom = getattr(card, "kingdom", None)
        if kingdom is not None:
            texts.append(kingdom.name)
    texts += [space.name for space in game.board.spaces.values()] + [space.note for space in game.board.spaces.values()]
    texts += [region.name for region in game.board.regions.values()]
    for text in texts:
        if text and render(text, lang) == str(text):  # not translated: allowed while it is not
            words.append(str(text))
    return tuple(sorted(words, key=len, reverse=True))


def _english(text: str, lang: str, allowed: tuple[str, ...]) -> list[str]:
    import html

    runs = english_runs(html.unescape(text), allowed)
    if lang == "es":  # Spanish is written in Latin letters too: a run is English if it has an English-only word
        runs = [r for r in runs if set(re.findall(r"[a-z]+", r.lower())) & ENGLISH_ONLY]
    return runs


def _drawn(game: Any, humans: frozenset[int]) -> list[str]:
    """Everything the 2018 view draws itself at this point of ``game``."""
    v = view2018.view(game)
    out: list[str] = []
    panels = v.panels()
    # status, score and log wrap the shared layer's panels (hotw.ui.panels), checked with it
    out += [panels[k] for k in ("actor", "battle", "regions", "region_key", "legend", "table", "events")]
    choices = v.choices()
    out += [choices.prompt, choices.note] + [c.label for c in choices.buttons] + [c.detail for c in choices.buttons]
    out += [c.label for c in v.map_choices(humans)]
    head, rows = v.board_rows()
    out += list(head) + [cell for row in rows for cell in row]
    for sid in list(game.board.spaces)[::7] + list(view2018.invade_targets(game)):
        out.append(v.hover(sid))
        clicked = v.click(sid, humans)
        if not isinstance(clicked, Action):
            out.append(render(clicked))
    if game.turn_scores:
        out.append(v.turn_caption(-1))
    out.append(viewpanels.levels_note())
    out += [viewpanels.card_html(game, c) for c in list(game.content.empires)[::9] + list(game.content.events)[::9]]
    spec = position_spec()
    out += [p.label + " " + p.help for p in spec.pieces]
    out += spec.counts({"armies": {"gaul": 0}, "active": [], "structures": {}, "monuments": ["nile"], "forts": []})
    out += [label for label, _id in spec.hand_choices({"epoch": 2, "turn": ["romans", 0]})]
    return [text for text in out if text]


@pytest.mark.parametrize("lang", LANGS)
def test_the_views_draw_in_the_language(lang: str) -> None:
    game = hotw.new_game("hotw2018", SEATS[:3], 11)
    bots = [make_bot("heuristic:hard", seed=i) for i in range(3)]
    steps: set[str] = set()
    seen_battle = False
    while not game.is_over:
        step = game.decision.step
        if step not in steps or (game.last_battle is not None and not seen_battle):
            steps.add(step)
            seen_battle = seen_battle or game.last_battle is not None
            with speaking(lang):
                drawn = _drawn(game, frozenset({game.decision.player}))
            allowed = _allowed(game, lang)
            english = sorted({run for text in drawn for run in _english(text, lang, allowed)})
            assert english == [], (step, english)
        game.apply(bots[game.decision.player].choose(game))
    with speaking(lang):
        drawn = _drawn(game, frozenset({0}))
    assert sorted({run for text in drawn for run in _english(text, lang, _allowed(game, lang))}) == []
    assert {"pick_event", "pick_empire", "invade"} <= steps


def test_the_views_still_draw_english_by_default() -> None:
    game = hotw.new_game("hotw2018", SEATS[:3], 11)
    choices = view2018.view(game).choices()
    assert choices.prompt.endswith(": choose an event card.")
    with speaking("ja"):
        assert view2018.view(game).choices().prompt.endswith("：イベントカードを選んでください。")


def test_a_term_is_the_card_name_in_english() -> None:
    game = hotw.new_game("hotw2018", SEATS[:3], 1)
    name = game.content.empires["egyptians"].name
    assert isinstance(name, Term) and (name.table, name.key, name.field) == ("hotw2018/empires", "egyptians", "name")
    assert str(name) == "Egyptians"


def test_the_epoch_head_and_the_actor_label_are_the_messages_they_say_they_are() -> None:
    from hotw.rulesets.hotw2018.game import _, _actor_line, _epoch_line

    game = hotw.new_game("hotw2018", ["Ana", "Ben", "Cy"], seed=1)
    romans = game.content.empires["romans"].name
    label = _actor_line(romans, "Ana")
    line = _("{actor} resign", actor=label)
    pairs = [(_epoch_line("IV", line), _("Epoch {epoch}, {line}", epoch="IV", line=line)),
             (label, _("{empire} ({player})", empire=romans, player="Ana"))]
    for fast, slow in pairs:
        assert (str(fast), fast.domain, fast.msgid, fast.args) == (str(slow), slow.domain, slow.msgid, slow.args)
        for lang in LANGS:
            assert render(fast, lang) == render(slow, lang)
    assert render(label, "ja") != str(label)  # the empire's name and the brackets are translated
