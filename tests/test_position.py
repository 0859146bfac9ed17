"""Positions set up by hand (the lesson builder's start): part of the game, checked with one clear line."""

from __future__ import annotations

import json
import random

import pytest

import hotw
from hotw.errors import OptionError
from hotw.scenario import Scenario

CARTHAGE = {
    "epoch": 2,
    "turn": ["romans", 0],
    "scores": [5, 9, 7],
    "armies": {"libya": 1, "shatts_plateau": 1, "levant": 2},
    "structures": {"libya": "capitol"},
    "forts": ["libya"],
    "hands": {"1": []},
}


def _game(position: dict, players: int = 3, **kw: object) -> hotw.Game:
    return hotw.new_game(players=[f"P{i}" for i in range(players)], seed=4, options={"position": position}, **kw)


def test_a_position_opens_exactly_as_prepared() -> None:
    g = _game(CARTHAGE, auto_chance=False)
    assert g.epoch == 2 and g.score == [5, 9, 7]
    assert g.actor is not None and g.actor.card == "romans" and g.actor.player == 0
    assert g.decision.step == "invade"
    assert g.owner["libya"] == 1 and g.tokens["libya"] == "capitol" and "libya" in g.forts
    assert g.supply[1] == 25 - 2 and g.supply[2] == 25 - 1
    assert g.region_values  # the tokens of Epochs I and II lie on the board
    assert g.army_count(0) == g.army_count(1) == g.army_count(2) == 25


def test_active_lands_are_taken_from_the_acting_empires_card() -> None:
    plain = _game({"epoch": 2, "turn": ["romans", 0]}, auto_chance=False)
    g = _game({"epoch": 2, "turn": ["romans", 0], "active": ["dalmatia", "pindus"]}, auto_chance=False)
    assert {"dalmatia", "pindus"} <= g.actor.active
    assert g.actor.armies == plain.actor.armies - 2
    assert g.owner["dalmatia"] == 0


def test_an_active_army_laid_on_a_start_land_establishes_the_empire_there() -> None:
    plain = _game({"epoch": 2, "turn": ["romans", 0]}, auto_chance=False)
    g = _game({"epoch": 2, "turn": ["romans", 0], "active": ["southern_italia"]}, auto_chance=False)
    assert g.actor.active == plain.actor.active == {"southern_italia"}
    assert g.actor.armies == plain.actor.armies and g.supply[0] == plain.supply[0]  # one army there, not two paid
    assert g.tokens["southern_italia"] == "capitol" and g.army_count(0) == 25


def test_save_load_undo_and_replay_keep_the_position() -> None:
    g = _game(CARTHAGE)
    start = g.state_key()
    g.apply(g.legal_actions()[0])
    again = hotw.load_game(g.to_json())
    assert again.state_key() == g.state_key()
    g.undo()
    assert g.state_key() == start
    assert json.loads(g.to_json())["options"]["position"]["forts"] == ["libya"]


def test_a_position_plays_on_to_the_end_and_later_epochs_draw_as_printed() -> None:
    g = _game({"epoch": 4, "turn": ["mongols", 2], "later": [["ottomans", 0]]})
    rng = random.Random(1)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    assert g.epoch == 5 and len(g.epoch_scores) == 2
    assert [c for _, c, _, _ in g.turn_scores[:2]] == ["mongols", "ottomans"]


def test_a_scenario_and_a_simulation_start_from_a_position() -> None:
    s = Scenario.from_dict({"name": "Carthage fortified", "rules": {"position": CARTHAGE}})
    g = s.new_game(["A", "B", "C"], seed=1)
    assert g.forts == {"libya"}
    table = hotw.simulate(players=3, games=4, seed=2, bots="random", scenario=s, workers=1, progress=False)
    assert len(table) == 12


def test_simulate_and_compare_start_from_a_position() -> None:
    table = hotw.simulate(games=3, seed=2, bots="random", workers=1, progress=False, start=CARTHAGE)
    assert len(table) == 9  # three seats: the position's scores say how many
    assert set(table[table["seat"] == 0]["empires"].str.split().str[0]) == {"romans"}  # the empire about to play
    assert (table["start"] == table["seat"].map(dict(enumerate(CARTHAGE["scores"])))).all()
    same = hotw.simulate(games=3, seed=2, bots="random", workers=1, progress=False,
                         scenario={"name": "lesson", "rules": {"position": CARTHAGE}})
    assert table.equals(same)
    frame = hotw.compare(None, {"name": "no catapult", "rules": {"catapult_max": 0}}, games=4, bots="random",
                         workers=1, progress=False, start=CARTHAGE)
    assert set(frame["group"]) == {"seat 1", "seat 2", "seat 3"} and (frame["n_a"] == 4).all()


def test_a_start_that_does_not_fit_is_one_line() -> None:
    bad = {"epoch": 2, "turn": ["romans", 0], "armies": {"sahara": 1}}
    with pytest.raises(hotw.HotwError, match=r"rules\.position\.armies\.sahara: Sahara is barren land") as err:
        hotw.simulate(games=2, workers=1, start=bad)
    assert "\n" not in str(err.value)
    with pytest.raises(hotw.HotwError, match="names seat 3, but this table has seats 0 to 2"):
        hotw.simulate(players=3, games=2, workers=1, start={"epoch": 2, "turn": ["romans", 3]})
    with pytest.raises(ValueError, match="give start= or rules.position, not both"):
        hotw.simulate(games=2, workers=1, start=CARTHAGE, scenario={"rules": {"position": CARTHAGE}})


BAD = [
    ({"epoch": 2, "turn": ["romans", 0], "armies": {"sahara": 1}}, "position.armies.sahara: Sahara is barren land"),
    ({"epoch": 2, "turn": ["romans", 0], "armies": {"north_sea": 1}}, "position.armies.north_sea: North Sea is water"),
    ({"epoch": 2, "turn": ["romans", 0], "armies": {"atlantis": 1}}, "position.armies.atlantis: 'atlantis' is not a territory"),
    ({"epoch": 2, "turn": ["romans", 0], "forts": ["levant", "levant"]}, "position.forts: Levant is listed twice (one fort per land)"),
    ({"epoch": 2, "turn": ["romans", 0], "monuments": ["levant", "levant"]}, "position.monuments: Levant is listed twice"),
    ({"epoch": 1, "turn": ["egyptians", 0], "active": ["nile_delta", "nile_delta"]},
     "position.active: Nile Delta is listed twice (one active army per land)"),
    ({"epoch": 2, "turn": ["romans", 0], "armies": {"levant": 1}, "active": ["levant"]}, "position.active: Levant already holds"),
    ({"epoch": 2, "turn": ["romans", 0], "structures": {"levant": "palace"}}, "position.structures.levant: must be 'capitol' or 'city'"),
    ({"epoch": 2, "turn": ["atlantis", 0]}, "position.turn: there is no empire card 'atlantis'"),
    ({"epoch": 3, "turn": ["romans", 0]}, "position.turn: the Romans play in Epoch 2, not in Epoch 3"),
    ({"epoch": 2, "turn": ["romans", 3]}, "names seat 3, but this table has seats 0 to 2"),
    ({"epoch": 2, "turn": ["romans", 0], "later": [["romans", 1]]}, "position.later: the empires must follow the call order"),
    ({"epoch": 2, "turn": ["romans", 0], "hands": {"1": ["no_such_card"]}}, "position.hands.1: there is no event card 'no_such_card'"),
    ({"epoch": 2, "turn": ["romans", 0], "scores": [3, 3, 4]}, "position.scores: must be one space of the score track per seat"),
    ({"epoch": 2, "turn": ["romans", 0], "scores": [3, 4]}, "position.scores: needs one score per seat (3), not 2"),
    ({"epoch": 9, "turn": ["romans", 0]}, "position.epoch: must be an epoch from 1 to 5"),
    ({"epoch": 2}, "position.turn: is needed"),
    ({"epoch": 2, "turn": ["romans", 0], "pieces": 1}, "position.pieces: is not a position field"),
]


@pytest.mark.parametrize(("position", "message"), BAD, ids=[m.split(":")[0] + str(i) for i, (_, m) in enumerate(BAD)])
def test_an_invalid_position_is_refused_in_one_line_naming_the_land_or_piece(position: dict, message: str) -> None:
    with pytest.raises(OptionError) as err:
        _game(position)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_more_armies_than_a_colour_has_is_refused() -> None:
    lands = [t for t in hotw.new_game(players=["A", "B", "C"]).board.lands()][:26]
    with pytest.raises(OptionError, match="P1 has 26 armies on the board; a colour has 25"):
        _game({"epoch": 2, "turn": ["romans", 0], "armies": {t: 1 for t in lands}})


def test_a_broken_position_in_a_save_file_is_a_save_file_error() -> None:
    doc = json.loads(_game(CARTHAGE).to_json())
    doc["options"]["position"]["armies"] = {"sahara": 1}
    with pytest.raises(hotw.SaveFileError, match="position.armies.sahara"):
        hotw.load_game(json.dumps(doc))


def test_the_lessons_page_quotes_the_engines_lines() -> None:
    """docs/lessons.md lists a line per mistake: each is what the engine says for that mistake."""
    from pathlib import Path

    from hotw.situations import free_lands

    lands = free_lands(30)
    romans = {"epoch": 2, "turn": ["romans", 0]}
    mistakes = [{"armies": {"sahara": 1}}, {"forts": ["north_sea"]}, {"armies": {"atlantis": 1}},
                {"forts": ["levant", "levant"]}, {"forts": lands[:15]}, {"armies": {"levant": 1}, "active": ["levant"]},
                {"structures": {"levant": "palace"}}, {"epoch": 3}, {"later": [["persians", 1]]},
                {"scores": [3, 3, 4]}, {"turn": ["romans", 3]}, {"armies": {t: 0 for t in lands[:26]}},
                {"hands": {"1": ["weaponry_1"]}}]
    said = set()
    for mistake in mistakes:
        with pytest.raises(OptionError) as err:
            hotw.new_game(players=["Player 1", "Player 2", "Player 3"], options={"position": {**romans, **mistake}})
        said.add(str(err.value))
    doc = (Path(__file__).resolve().parents[1] / "docs" / "lessons.md").read_text(encoding="utf-8")
    quoted = [line.split("| `")[1].rstrip("` |") for line in doc.splitlines() if line.startswith("| ") and "| `position" in line]
    assert len(quoted) == len(mistakes) and set(quoted) == said
