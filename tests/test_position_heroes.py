"""Heroes of the World positions set up by hand (the lesson builder's start): part of the game, checked in one line."""

from __future__ import annotations

import json
import random

import pytest

import hotw
from hotw.cli import main
from hotw.errors import OptionError
from hotw.scenario import Scenario

NAMES = ["Ada", "Ben", "Cy"]
CHINA = {
    "era": 1,
    "turn": 1,
    "scores": [4, 0, 2],
    "coins": [3, 1, 0],
    "figures": {"china": [2, 0, 1], "india": [0, 3, 0]},
    "boxes": {"china": ["writing", "wheel"]},
    "hands": {"1": ["ashoka"], "0": ["cai_lun"]},
    "display": ["buddha", "aristotle"],
    "played": {"2": ["archimedes"]},
    "wonders": {"parthenon": 0},
    "used": ["parthenon"],
}


def _game(position: dict, players: int = 3, **kw: object) -> hotw.Game:
    return hotw.new_game("heroes", NAMES[:players], 4, options={"position": position}, **kw)


def test_a_position_opens_exactly_as_prepared() -> None:
    g = _game(CHINA, auto_chance=False)
    assert g.era == 1 and g.active == 1 and g.decision.step == "choose" and g.decision.player == 1
    assert g.score == [4, 0, 2] and g.coins == [3, 1, 0] and g.bank == 56
    assert g.figures["china"] == [2, 0, 1] and g.reserve == [63, 62, 64]
    assert g.boxes["china"] == ["writing", "wheel"] and "writing" not in g.bag and len(g.bag) == 22
    assert g.hands == [["cai_lun"], ["ashoka"], []] and g.display == ["buddha", "aristotle"]
    assert g.played[2] == ["archimedes"] and len(g.deck) == 38 - 5
    assert g.wonders == {"parthenon": 0} and g.used == {"parthenon"}
    assert sorted(a.text() for a in g.legal_actions()) == ["deck", "take:aristotle", "take:buddha"]


def test_a_turn_may_start_at_the_play_of_a_hero_already_taken() -> None:
    g = _game({**CHINA, "step": "play"}, auto_chance=False)
    assert g.decision.step == "play" and [a.text() for a in g.legal_actions()] == ["play:ashoka"]
    g.apply("play:ashoka")
    assert g.decision.step == "population"


def test_save_load_undo_replay_and_check_save_keep_the_position(tmp_path) -> None:
    g = _game(CHINA)
    start = g.state_key()
    rng = random.Random(3)
    for _ in range(6):
        g.apply(rng.choice(g.legal_actions()))
    again = hotw.load_game(g.to_json())
    assert again.state_key() == g.state_key()
    assert g.replay(list(g.history)).state_key() == g.state_key()
    while g.history and g.state_key() != start:
        g.undo()
    assert g.state_key() == start
    path = tmp_path / "china.json"
    path.write_text(again.to_json(), encoding="utf-8")
    assert main(["check-save", str(path)]) == 0


def test_a_modern_position_plays_on_to_the_end() -> None:
    g = _game({"era": 2, "turn": 2, "figures": {"europe": [1, 2, 3]}, "boxes": {"china": ["writing"]},
               "played": {"0": ["ashoka"]}})
    assert g.era == 2 and set(g.deck) <= set(g.content.heroes_of("modern")) and len(g.deck) == 38
    rng = random.Random(1)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    assert len(g.epoch_scores) == 1 and len(g.valued) == 8


def test_a_scenario_and_a_simulation_start_from_a_position() -> None:
    s = Scenario.from_dict({"name": "China first", "ruleset": "heroes", "rules": {"position": CHINA}})
    assert s.new_game(NAMES, seed=1).boxes["china"] == ["writing", "wheel"]
    table = hotw.simulate("heroes", games=3, seed=2, bots="random", workers=1, progress=False, start=CHINA)
    assert len(table) == 9 and (table["start"] == table["seat"].map(dict(enumerate(CHINA["scores"])))).all()


ROMAN = {"era": 1, "turn": 0}
BAD = [
    ({"figures": {"europe": [1, 0, 0]}}, "position.figures.europe: Europe is an area of the modern age, not open in antiquity"),
    ({"figures": {"atlantis": [1, 0, 0]}}, "position.figures.atlantis: 'atlantis' is not a territory on the board"),
    ({"figures": {"china": [1, 0]}}, "position.figures.china: needs the figures of each seat (3), not 2"),
    ({"figures": {"china": [40, 0, 0], "india": [30, 0, 0]}}, "position.figures: Ada has 70 figures on the board; a colour has 65"),
    ({"boxes": {"china": ["writing", "wheel", "music", "trade"]}}, "position.boxes.china: China has 3 progress boxes, not 4"),
    ({"boxes": {"china": ["writing"], "india": ["writing"]}}, "position.boxes.india: Writing is placed twice"),
    ({"boxes": {"china": ["steam_engine"]}}, "position.boxes.china: Steam engine is a progress tile of the modern age"),
    ({"boxes": {"china": ["paper"]}}, "position.boxes.china: there is no progress tile 'paper'"),
    ({"hands": {"0": ["genghis"]}}, "position.hands.0: there is no hero card 'genghis'"),
    ({"hands": {"0": ["akbar"]}}, "position.hands.0: Akbar is a hero of the modern age, not held in antiquity"),
    ({"hands": {"0": ["ashoka"]}, "display": ["ashoka"]}, "position.display: Ashoka is in 'hands' already (each card once)"),
    ({"display": ["buddha", "ashoka", "aristotle", "archimedes"]}, "position.display: must be a list of at most three"),
    ({"wonders": {"kremlin": 0}}, "position.wonders.kremlin: Kremlin is a wonder of the modern age, not built in antiquity"),
    ({"wonders": {"colossus": 0}}, "position.wonders.colossus: there is no wonder 'colossus'"),
    ({"used": ["parthenon"]}, "position.used: 'parthenon' is not a wonder built in 'wonders'"),
    ({"valued": ["china"]}, "position.valued: China is valued when its last box is filled"),
    ({"coins": [30, 30, 1]}, "position.coins: the box has 60 coins, not 61"),
    ({"coins": [1, 1]}, "position.coins: needs the coins of each seat (3), not 2"),
    ({"turn": 3}, "names seat 3, but this table has seats 0 to 2"),
    ({"step": "play"}, "position.step: Ada is to play a hero but holds none in 'hands'"),
    ({"step": "conquer"}, "position.step: must be 'choose' or 'play'"),
    ({"era": 3}, "position.era: must be 1 (antiquity) or 2 (the modern age)"),
    ({"heroes": []}, "position.heroes: is not a position field"),
]


@pytest.mark.parametrize(("mistake", "message"), BAD, ids=[m.split(":")[0] + str(i) for i, (_, m) in enumerate(BAD)])
def test_an_invalid_position_is_refused_in_one_line_naming_the_area_or_card(mistake: dict, message: str) -> None:
    with pytest.raises(OptionError) as err:
        _game({**ROMAN, **mistake})
    assert message in str(err.value) and "\n" not in str(err.value)


def test_a_position_at_the_eras_end_is_refused() -> None:
    full = {"china": ["writing", "wheel", "music"], "india": ["trade", "theater", "theology"]}
    with pytest.raises(OptionError, match="position.valued: 2 valuations end the era; a position is before its end"):
        hotw.new_game("heroes", NAMES, options={"antiquity_valuations": 2,
                                                "position": {**ROMAN, "boxes": full, "valued": ["china", "india"]}})


def test_a_broken_position_in_a_save_file_is_a_save_file_error() -> None:
    doc = json.loads(_game(CHINA).to_json())
    doc["options"]["position"]["figures"] = {"europe": [1, 0, 0]}
    with pytest.raises(hotw.SaveFileError, match="position.figures.europe"):
        hotw.load_game(json.dumps(doc))
