"""The wonders' abilities, each once per era (docs/rules-heroes.md, "Wonders of the world cards")."""

from __future__ import annotations

import pytest

from hotw.errors import IllegalActionError
from tests.rules_heroes.helpers import chance, full, laid, legal, modern, playing, to_spend


def test_an_ability_is_used_once_per_era_and_the_card_turns_over() -> None:
    game = laid(figures={"china": [1, 4, 0]}, wonders={"great_wall": 0}, hands={0: ["pericles"]})
    assert "wonder:great_wall" in legal(game)
    game.apply("wonder:great_wall")
    game.apply("area:china")
    game.apply("seat:1")
    game.apply("count:3")
    assert game.figures["china"][1] == 1 and "great_wall" in game.used
    assert game.phase == "choose" and "wonder:great_wall" not in legal(game)
    with pytest.raises(IllegalActionError, match="used this era already"):
        game.apply("deck") or chance(game) or game.apply("play:pericles") or to_spend(game) or game.apply(
            "wonder:great_wall")


def test_the_great_wall_removes_up_to_three_figures_of_any_player_anywhere() -> None:
    game = laid(figures={"africa": [0, 0, 5]}, wonders={"great_wall": 0})
    game.apply("wonder:great_wall")
    assert legal(game) == ["area:africa"]  # no figures of the owner needed there
    game.apply("area:africa")
    game.apply("seat:2")
    assert legal(game) == ["count:1", "count:2", "count:3"]


def test_tenochtitlan_removes_up_to_six_figures_of_another_player() -> None:
    me = 0
    other = (me + 1) % 3
    counts = [0, 0, 0]
    counts[other] = 8
    game = modern(3, turn=me, figures={"russia": counts}, wonders={"tenochtitlan": me})
    game.apply("wonder:tenochtitlan")
    game.apply("area:russia")
    game.apply(f"seat:{other}")
    assert legal(game)[-1] == "count:6"
    game.apply("count:6")
    assert game.figures["russia"][other] == 2


def test_the_great_lighthouse_takes_three_coins_from_other_players() -> None:
    game = laid(coins=[0, 2, 5], wonders={"lighthouse": 0})
    game.apply("wonder:lighthouse")
    for seat in ("1", "1", "2"):
        game.apply(f"seat:{seat}")
    assert game.coins == [3, 0, 4] and game.phase == "choose"


def test_the_hanging_gardens_ignore_the_casualties_of_the_die() -> None:
    game = playing("qin_shi_huang", figures={"china": [1, 6, 0]}, wonders={"hanging_gardens": 1})
    while game.phase != "conquest":
        game.apply(game.legal_actions()[0])
    game.apply("conquer:china")
    game.apply("defender:1")
    game.apply("roll:victory")
    assert game.phase == "gardens" and game.decision.player == 1
    game.apply("gardens:use")
    assert game.figures["china"][1] == 6 and "hanging_gardens" in game.used


def test_the_hanging_gardens_also_stop_the_great_wall_and_tenochtitlan() -> None:
    game = laid(figures={"china": [0, 6, 0]}, wonders={"hanging_gardens": 1, "great_wall": 0})
    game.apply("wonder:great_wall")
    game.apply("area:china")
    game.apply("seat:1")
    game.apply("count:3")
    assert game.phase == "gardens"
    game.apply("gardens:use")
    assert game.figures["china"][1] == 6


def test_the_kremlin_places_five_figures_where_the_owner_already_has_figures() -> None:
    me = 0
    counts = [0, 0, 0]
    counts[me] = 1
    game = modern(3, turn=me, figures={"india": counts}, wonders={"kremlin": me})
    game.apply("wonder:kremlin")
    assert legal(game) == ["area:india"]
    game.apply("area:india")
    assert game.figures["india"][me] == 6


def test_the_moais_move_any_number_of_figures_to_a_neighbouring_area() -> None:
    me = 0
    counts = [0, 0, 0]
    counts[me] = 7
    game = modern(3, turn=me, figures={"america": counts}, wonders={"moai": me})
    game.apply("wonder:moai")
    game.apply("from:america")
    assert set(legal(game)) == {"to:europe", "to:russia", "to:southeast_asia_pacific"}
    game.apply("to:russia")
    assert legal(game)[-1] == "count:7"
    game.apply("count:7")
    assert game.figures["russia"][me] == 7 and game.figures["america"][me] == 0


def test_the_parthenon_moves_a_progress_from_one_area_to_another() -> None:
    game = laid(figures={"india": [2, 1, 0]}, boxes={"china": ["writing"], "india": ["music", "theater"]},
                wonders={"parthenon": 0})
    game.apply("wonder:parthenon")
    game.apply("tile:writing")
    assert "box:china" not in legal(game) and "box:india" in legal(game)
    game.apply("box:india")  # India is complete: it is valued at once
    assert game.boxes["china"] == [] and [v.area for v in game.valuations] == ["india"]
    assert game.phase == "choose"


def test_the_palace_of_versailles_exchanges_coins_for_points_one_each_in_the_treasure_step() -> None:
    me = 0
    game = modern(3, turn=me, wonders={"versailles": me}, coins=[5, 1, 1], hands={me: ["isaac_newton"]}, step="play")
    assert "wonder:versailles" not in legal(game)  # coins are spent only in the treasure step
    game.apply("play:isaac_newton")
    to_spend(game)
    game.apply("wonder:versailles")
    coins = game.coins[me]
    game.apply(f"count:{coins}")
    assert game.coins[me] == 0 and game.score[me] >= coins


def test_the_ajanta_caves_give_their_owner_the_third_places_points_without_figures() -> None:
    game = playing("cai_lun", figures=full({"china": [0, 3, 2]}, "india"), boxes={"china": ["writing", "music"]},
                   wonders={"ajanta_caves": 2})  # seat 0's figures all in India: none placed in China
    game.apply("draw:pottery")
    chance(game)
    game.apply("tile:pottery")
    game.apply("box:china")
    assert game.phase == "ajanta" and game.decision.player == 2
    before = game.score[2]
    game.apply("ajanta:use")
    assert game.score[2] - before == 3 + 1  # second place (6 / 2) and the Ajanta Caves (Music or Pottery, 1)
    assert game.valuations[-1].ajanta == (2, 1) and "ajanta_caves" in game.used


def test_the_wonders_used_in_antiquity_turn_face_up_for_the_modern_age() -> None:
    from tests.rules_heroes.helpers import finish_turn, place_starts

    game = playing("aristotle", boxes={"mediterranean": ["wheel", "writing"]}, wonders={"great_wall": 0},
                   used=["great_wall"], options={"antiquity_valuations": 1},
                   figures=full({}, "china"))  # Mediterranean only, no population: its last box ends antiquity
    while game.phase in ("progress_draw", "progress_tile", "progress_box", "ajanta"):
        game.apply(game.legal_actions()[0])
    assert game.era_over and game.used == {"great_wall"}
    finish_turn(game)
    place_starts(game)
    assert game.era == 2 and not game.used and game.wonders == {"great_wall": 0}
