"""English agrees the verb with its subject in every log: "Ana wins", "Egypt expands", "the Romans expand".

A player is one person; an empire's or a people's name may be singular or plural (``hotw.i18n.plural_name``), and
each such sentence has a message for each, translated in every language.
"""

from __future__ import annotations

import re

import pytest

import hotw
from hotw.bots import make_bot
from hotw.i18n import plural_name
from hotw.rulesets.classic import turnlog
from hotw.tutorial_more import deal

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
#: a player's name followed by a verb without its -s: "Ana win the battle"
BARE_VERB = re.compile(r"\b(?:Ana|Ben|Cy|Dee) (?:win|lose|play|score|reveal|step|draw|take|lead|roll|declare|gain)\b")


@pytest.mark.parametrize(("name", "plural"), [
    ("Romans", True), ("Seljuk Turks", True), ("Incas and Aztecs", True), ("Vedic City States", True),
    ("Maya", True), ("Khmer", True), ("Dutch", True), ("Hsiung-Nu", True),
    ("Egypt", False), ("Han Dynasty", False), ("Holy Roman Empire", False), ("Israel", False),
    ("Netherlands", False), ("United States", False), ("Crusade", False),
])
def test_a_name_takes_the_verb_english_gives_it(name: str, plural: bool) -> None:
    assert plural_name(name) is plural


def test_the_classic_turn_agrees_with_the_empire_and_the_player() -> None:
    assert turnlog.expand("Egypt", "Libya") == "Egypt expands into Libya"
    assert turnlog.expand("Romans", "Gaul") == "Romans expand into Gaul"
    assert turnlog.capitol("Persia", "Persian Plateau") == "Persia founds its capitol in Persian Plateau"
    assert turnlog.capitol("Celts", "Central Europe") == "Celts found their capitol in Central Europe"
    assert turnlog.wins("Ana", "Libya") == "Ana wins the battle for Libya"
    assert turnlog.scores("Ana", 12, 30) == "Ana scores 12 (30 in all)"
    # each form has its own translation: the Spanish verb agrees too
    assert turnlog.expand("Romans", "Gaul").render("es").endswith("se expanden a Gaul")
    assert turnlog.expand("Egypt", "Libya").render("es").endswith("se expande a Libya")
    assert turnlog.expand("Egypt", "Libya").render("ja") == turnlog.expand("Romans", "Libya").render("ja").replace(
        "Romans", "Egypt")


@pytest.mark.parametrize("ruleset", ["hotw2018", "classic", "brief"])
def test_no_log_line_says_a_player_with_a_bare_verb(ruleset: str) -> None:
    game = hotw.new_game(ruleset, PLAYERS, 3)
    bots = [make_bot("heuristic:medium", f"3:{i}", ruleset) for i in range(len(PLAYERS))]
    while not game.is_over:
        game.apply_legal(bots[game.to_decide[0]].choose(game))
    wrong = [line for line in game.log if BARE_VERB.search(line)]
    assert wrong == []


def test_brief_says_a_singular_empire_without_the_article() -> None:
    game = hotw.new_game("brief", PLAYERS, 0)
    bots = [make_bot("heuristic:medium", f"0:{i}", "brief") for i in range(len(PLAYERS))]
    while not game.is_over:
        game.apply_legal(bots[game.to_decide[0]].choose(game))
    names = {str(card.name) for card in game.content.empires.values()}
    singular = sorted(n for n in names if not plural_name(n))
    wrong = [line for line in game.log for n in singular if f"the {n} " in line and "card" not in line]
    assert singular and wrong == []


#: the verbs of the 2018 lines that name the acting empire, plural form -> singular form
VERBS_2018 = {"invade": "invades", "establish": "establishes", "siege": "sieges", "gain": "gains",
              "retreat": "retreats", "fortify": "fortifies", "play": "plays", "place": "places", "build": "builds",
              "resign": "resigns", "take": "takes", "have": "has"}


def test_the_2018_log_agrees_with_the_acting_empire() -> None:
    game = hotw.new_game("hotw2018", PLAYERS, 5)
    bots = [make_bot("heuristic:hard", i) for i in range(len(PLAYERS))]
    while not game.is_over:
        game.apply_legal(bots[game.to_decide[0]].choose(game))
    checked: set[tuple[str, bool]] = set()
    for line in game.log:
        m = re.match(r"Epoch [IVX]+, (.+?) \((?:Ana|Ben|Cy|Dee)\) (\w+) ", line)
        if not m or m.group(2) not in {*VERBS_2018, *VERBS_2018.values()}:
            continue
        name, verb = m.groups()
        many = plural_name(name)
        assert verb in (VERBS_2018 if many else VERBS_2018.values()), line
        checked.add((name, many))
    assert {many for _name, many in checked} == {True, False}  # both kinds of name were read


def test_2018_says_a_singular_empire_without_the_article() -> None:
    """The draft's log and the bots' reasons: "Ben takes the Romans", "Ben takes Mali", "pick Mali: ..."."""
    said: list[str] = []
    for seed in (0, 1):  # both seeds' drafts deal Mali, a singular name, and plural ones
        game = hotw.new_game("hotw2018", PLAYERS, seed)
        bots = [make_bot("heuristic:hard", f"{seed}:{i}") for i in range(len(PLAYERS))]
        while not game.is_over:
            bot = bots[game.to_decide[0]]
            action = bot.choose(game)
            said.append(bot.explain())
            game.apply_legal(action)
        said += game.log
    names = {str(card.name) for card in game.content.empires.values()}
    singular = sorted(n for n in names if not plural_name(n))
    picked = [line for line in said if line.startswith("pick ") and "event" not in line]
    assert any(f"pick {n}:" in line for line in picked for n in singular)
    assert any(line.startswith("pick the ") for line in picked)
    wrong = [line for line in said for n in singular if f"the {n}" in line]
    assert singular and wrong == []


@pytest.mark.parametrize(("card", "to_play"), [
    ("mali", "Epoch 4, Mali to play"), ("romans", "Epoch 2, the Romans to play")])
def test_a_2018_position_names_the_empire_as_english_does(card: str, to_play: str) -> None:
    epoch = hotw.new_game("hotw2018", PLAYERS, 4).content.empires[card].epoch
    game = hotw.new_game("hotw2018", PLAYERS[:3], 4, options={"position": {"epoch": epoch, "turn": [card, 0],
                                                                            "scores": [5, 9, 7]}})
    assert any(line.endswith(f"a position set up by hand: {to_play}") for line in game.log)


@pytest.mark.parametrize(("card", "rivals", "said"), [
    ("mali", ["vikings", "persians"], "Persians do not play in Epoch 4 like Mali"),
    ("romans", ["celts", "mali"], "Mali does not play in Epoch 2 like the Romans"),
    ("romans", ["celts", "khmer"], "Khmer do not play in Epoch 2 like the Romans"),
])
def test_a_lesson_deal_of_two_epochs_says_so_as_english_does(card: str, rivals: list[str], said: str) -> None:
    with pytest.raises(ValueError) as err:
        deal(card, rivals)
    assert str(err.value) == said
