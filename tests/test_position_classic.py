"""Classic positions set up by hand (the lesson builder's start): part of the game, checked with one clear line."""

from __future__ import annotations

import json
import random

import pytest

import hotw
from hotw.cli import main
from hotw.errors import OptionError
from hotw.scenario import Scenario

ROME = {
    "epoch": 3,
    "turn": ["romans", 0],
    "later": [["sassanids", 1]],
    "first": 2,
    "scores": [30, 41, 27],
    "armies": {"libya": 1, "levant": 2, "southern_italia": 0},
    "forces": {"levant": "Hittites"},
    "structures": {"libya": "capitol", "levant": "city"},
    "monuments": {"levant": 2},
    "forts": ["libya"],
    "hands": {"0": ["hittites", "leader"], "2": ["weaponry"]},
    "played": {"0": ["egypt", "persia"], "1": ["sumeria"]},
}
NAMES = ["Ada", "Ben", "Cy"]


def _game(position: dict, players: int = 3, **kw: object) -> hotw.Game:
    return hotw.new_game("classic", NAMES[:players], 4, options={"position": position}, **kw)


def test_a_position_opens_exactly_as_prepared() -> None:
    g = _game(ROME, auto_chance=False)
    assert g.epoch == 3 and g.score == [30, 41, 27] and g.first == 2
    assert g.decision.player == 0 and g.decision.step == "events" and g.empire == "romans"
    assert g.land_force["levant"] == "Hittites" and g.land_force["libya"] == "Sumeria"  # seat 1 played it
    assert g.land_force["southern_italia"] == "Persia"  # the last empire seat 0 played
    assert g.owner["libya"] == 1 and g.owner["levant"] == 2 and g.structures == {"libya": "capitol", "levant": "city"}
    assert g.monuments == {"levant": 2} and g.forts == {"libya"}
    assert g.hands == [["hittites", "leader"], [], ["weaponry"]]
    assert g.call_order == ["romans", "sassanids"] and g.played[0] == ["egypt", "persia", "romans"]
    assert "romans" not in g.deck and len(g.deck) == 5
    g.apply("begin")
    assert g.actor is not None and g.actor.card == "romans" and g.decision.step in ("expand", "roll")


def test_save_load_undo_replay_and_check_save_keep_the_position(tmp_path) -> None:
    g = _game(ROME)
    start = g.state_key()
    rng = random.Random(2)
    for _ in range(6):
        g.apply(rng.choice(g.legal_actions()))
    again = hotw.load_game(g.to_json())
    assert again.state_key() == g.state_key()
    assert g.replay(list(g.history)).state_key() == g.state_key()
    while g.history and g.state_key() != start:
        g.undo()
    assert g.state_key() == start
    assert json.loads(g.to_json())["options"]["position"]["forts"] == ["libya"]
    path = tmp_path / "rome.json"
    path.write_text(again.to_json(), encoding="utf-8")
    assert main(["check-save", str(path)]) == 0


def test_a_position_plays_on_to_the_end_and_later_epochs_draw_as_printed() -> None:
    g = _game({"epoch": 6, "turn": ["ottomans", 2], "later": [["mughals", 0]]})
    rng = random.Random(1)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    assert g.epoch == 7 and len(g.epoch_scores) == 2
    assert [c for _, c, _, _ in g.turn_scores[:2]] == ["ottomans", "mughals"]
    assert len(g.turn_scores) == 2 + 3  # Epoch VII: an empire for every player


def test_a_scenario_and_a_simulation_start_from_a_position() -> None:
    s = Scenario.from_dict({"name": "Rome fortified", "ruleset": "classic", "rules": {"position": ROME}})
    assert s.new_game(NAMES, seed=1).forts == {"libya"}
    table = hotw.simulate("classic", games=3, seed=2, bots="random", workers=1, progress=False, start=ROME)
    assert len(table) == 9  # three seats: the position's scores say how many
    assert set(table[table["seat"] == 0]["empires"].str.split().str[0]) == {"romans"}
    assert (table["start"] == table["seat"].map(dict(enumerate(ROME["scores"])))).all()
    same = hotw.simulate("classic", games=3, seed=2, bots="random", workers=1, progress=False, scenario=s)
    assert table.drop(columns="start").equals(same.drop(columns="start"))


def test_a_position_and_a_later_start_epoch_are_not_both_taken() -> None:
    with pytest.raises(OptionError, match="give start_epoch or a position, not both"):
        hotw.new_game("classic", NAMES, options={"position": ROME, "start_epoch": 3})


BAD = [
    ({"armies": {"sahara": 1}}, "position.armies.sahara: Sahara is barren land"),
    ({"armies": {"north_sea": 1}}, "position.armies.north_sea: North Sea is water"),
    ({"armies": {"atlantis": 1}}, "position.armies.atlantis: 'atlantis' is not a territory on the board"),
    ({"armies": {"levant": 1}, "forts": ["levant", "levant"]}, "position.forts: Levant is listed twice (one fort per land)"),
    ({"forts": ["levant"]}, "position.forts: a fort stands with an army; Levant has none in 'armies'"),
    ({"forces": {"levant": "Hittites"}}, "position.forces.levant: names the army of 'levant', but 'armies' has none"),
    ({"armies": {"levant": 1}, "forces": {"levant": ""}}, "position.forces.levant: must be a name of 1 to 40 characters"),
    ({"structures": {"levant": "palace"}}, "position.structures.levant: must be 'capitol' or 'city'"),
    ({"monuments": {"levant": 0}}, "position.monuments.levant: must be a count of monuments from 1 to 20"),
    ({"turn": ["atlantis", 0]}, "position.turn: there is no empire card 'atlantis'"),
    ({"turn": ["egypt", 0]}, "position.turn: Egypt is an Epoch I empire, not Epoch III"),
    ({"turn": ["romans", 3]}, "names seat 3, but this table has seats 0 to 2"),
    ({"later": [["celts", 1]]}, "position.later: the empires are called in the order printed on the cards"),
    ({"later": [["sassanids", 0]]}, "position.later: each seat holds one empire card an epoch"),
    ({"hands": {"1": ["no_such_card"]}}, "position.hands.1: there is no event card 'no_such_card'"),
    ({"hands": {"1": ["hittites"], "2": ["hittites"]}}, "position.hands: Minor Empire: Hittites is held 2 times; the box has 1"),
    ({"played": {"2": ["sassanids"]}}, "position.played.2: Sassanids (Epoch III) is not called before Romans"),
    ({"played": {"0": ["celts"]}}, "position.played.0: a seat holds one empire card an epoch; two of Epoch III"),
    ({"played": {"1": ["egypt"], "2": ["egypt"]}}, "position.played.2: Egypt is played once a game"),
    ({"scores": [3, 4]}, "position.scores: needs one score per seat (3), not 2"),
    ({"scores": [3, -4, 1]}, "position.scores: must be a list of whole numbers from 0 to 999"),
    ({"epoch": 9}, "position.epoch: must be an epoch from 1 to 7"),
    ({"pieces": 1}, "position.pieces: is not a position field"),
]


@pytest.mark.parametrize(("mistake", "message"), BAD, ids=[m.split(":")[0] + str(i) for i, (_, m) in enumerate(BAD)])
def test_an_invalid_position_is_refused_in_one_line_naming_the_land_or_piece(mistake: dict, message: str) -> None:
    with pytest.raises(OptionError) as err:
        _game({"epoch": 3, "turn": ["romans", 0], **mistake})
    assert message in str(err.value) and "\n" not in str(err.value)


def test_more_forts_than_the_box_holds_is_refused() -> None:
    lands = sorted(hotw.new_game("classic", NAMES).board.lands())[:33]
    with pytest.raises(OptionError, match="position.forts: the box has 32 forts, not 33"):
        _game({"epoch": 3, "turn": ["romans", 0], "armies": {t: 1 for t in lands}, "forts": lands})


def test_a_position_needs_epoch_and_turn() -> None:
    with pytest.raises(OptionError, match=r"position.turn: is needed"):
        _game({"epoch": 3})


def test_a_broken_position_in_a_save_file_is_a_save_file_error() -> None:
    doc = json.loads(_game(ROME).to_json())
    doc["options"]["position"]["armies"] = {"sahara": 1}
    with pytest.raises(hotw.SaveFileError, match="position.armies.sahara"):
        hotw.load_game(json.dumps(doc))
