"""The wonders' abilities, each once per era (docs/rules-heroes.md, "Wonders of the world cards")."""

from __future__ import annotations

import pytest

from hotw.errors import IllegalActionError
from tests.rules_heroes.helpers import chance, clear, legal, modern, play, start, table, to_spend


def _own(game, wonder: str, seat: int | None = None) -> None:  # type: ignore[no-untyped-def]
    game.wonders[wonder] = game.active if seat is None else seat


def test_an_ability_is_used_once_per_era_and_the_card_turns_over() -> None:
    game = start(3)
    clear(game)
    table(game, figures={"china": [1, 4, 0]})
    _own(game, "great_wall")
    assert "wonder:great_wall" in legal(game)
    game.apply("wonder:great_wall")
    game.apply("area:china")
    game.apply("seat:1")
    game.apply("count:3")
    assert game.figures["china"][1] == 1 and "great_wall" in game.used
    assert game.phase == "choose" and "wonder:great_wall" not in legal(game)
    with pytest.raises(IllegalActionError, match="used this era already"):
        play(game, "pericles") or to_spend(game) or game.apply("wonder:great_wall")


def test_the_great_wall_removes_up_to_three_figures_of_any_player_anywhere() -> None:
    game = start(3)
    clear(game)
    table(game, figures={"africa": [0, 0, 5]})
    _own(game, "great_wall")
    game.apply("wonder:great_wall")
    assert legal(game) == ["area:africa"]  # no figures of the owner needed there
    game.apply("area:africa")
    game.apply("seat:2")
    assert legal(game) == ["count:1", "count:2", "count:3"]


def test_tenochtitlan_removes_up_to_six_figures_of_another_player() -> None:
    game = modern(3)
    me = game.active
    clear(game)
    other = (me + 1) % 3
    counts = [0, 0, 0]
    counts[other] = 8
    table(game, figures={"russia": counts})
    _own(game, "tenochtitlan")
    game.apply("wonder:tenochtitlan")
    game.apply("area:russia")
    game.apply(f"seat:{other}")
    assert legal(game)[-1] == "count:6"
    game.apply("count:6")
    assert game.figures["russia"][other] == 2


def test_the_great_lighthouse_takes_three_coins_from_other_players() -> None:
    game = start(3)
    game.coins = [0, 2, 5]
    _own(game, "lighthouse")
    game.apply("wonder:lighthouse")
    for seat in ("1", "1", "2"):
        game.apply(f"seat:{seat}")
    assert game.coins == [3, 0, 4] and game.phase == "choose"


def test_the_hanging_gardens_ignore_the_casualties_of_the_die() -> None:
    game = start(3)
    clear(game)
    table(game, figures={"china": [1, 6, 0]})
    _own(game, "hanging_gardens", seat=1)
    play(game, "qin_shi_huang")
    while game.phase != "conquest":
        game.apply(game.legal_actions()[0])
    game.apply("conquer:china")
    game.apply("defender:1")
    game.apply("roll:victory")
    assert game.phase == "gardens" and game.decision.player == 1
    game.apply("gardens:use")
    assert game.figures["china"][1] == 6 and "hanging_gardens" in game.used


def test_the_hanging_gardens_also_stop_the_great_wall_and_tenochtitlan() -> None:
    game = start(3)
    clear(game)
    table(game, figures={"china": [0, 6, 0]})
    _own(game, "hanging_gardens", seat=1)
    _own(game, "great_wall")
    game.apply("wonder:great_wall")
    game.apply("area:china")
    game.apply("seat:1")
    game.apply("count:3")
    assert game.phase == "gardens"
    game.apply("gardens:use")
    assert game.figures["china"][1] == 6


def test_the_kremlin_places_five_figures_where_the_owner_already_has_figures() -> None:
    game = modern(3)
    me = game.active
    clear(game)
    counts = [0, 0, 0]
    counts[me] = 1
    table(game, figures={"india": counts})
    _own(game, "kremlin")
    game.apply("wonder:kremlin")
    assert legal(game) == ["area:india"]
    game.apply("area:india")
    assert game.figures["india"][me] == 6


def test_the_moais_move_any_number_of_figures_to_a_neighbouring_area() -> None:
    game = modern(3)
    me = game.active
    clear(game)
    counts = [0, 0, 0]
    counts[me] = 7
    table(game, figures={"america": counts})
    _own(game, "moai")
    game.apply("wonder:moai")
    game.apply("from:america")
    assert set(legal(game)) == {"to:europe", "to:russia", "to:southeast_asia_pacific"}
    game.apply("to:russia")
    assert legal(game)[-1] == "count:7"
    game.apply("count:7")
    assert game.figures["russia"][me] == 7 and game.figures["america"][me] == 0


def test_the_parthenon_moves_a_progress_from_one_area_to_another() -> None:
    game = start(3)
    clear(game)
    table(game, figures={"india": [2, 1, 0]}, boxes={"china": ["writing"], "india": ["music", "theater"]})
    _own(game, "parthenon")
    game.apply("wonder:parthenon")
    game.apply("tile:writing")
    assert "box:china" not in legal(game) and "box:india" in legal(game)
    game.apply("box:india")  # India is complete: it is valued at once
    assert game.boxes["china"] == [] and [v.area for v in game.valuations] == ["india"]
    assert game.phase == "choose"


def test_the_palace_of_versailles_exchanges_coins_for_points_one_each_in_the_treasure_step() -> None:
    game = modern(3)
    me = game.active
    _own(game, "versailles")
    game.coins[me] = 5
    assert "wonder:versailles" not in legal(game)  # coins are spent only in the treasure step
    play(game, "isaac_newton")
    to_spend(game)
    game.apply("wonder:versailles")
    coins = game.coins[me]
    game.apply(f"count:{coins}")
    assert game.coins[me] == 0 and game.score[me] >= coins


def test_the_ajanta_caves_give_their_owner_the_third_places_points_without_figures() -> None:
    game = start(3)
    clear(game)
    table(game, figures={"china": [0, 3, 2]}, boxes={"china": ["writing", "music"]})
    _own(game, "ajanta_caves", seat=2)
    play(game, "cai_lun")
    game.reserve[0] = 0
    game.phase = "progress_start"
    game._advance()
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
    game = start(3)
    game.wonders["great_wall"] = 0
    game.used.add("great_wall")
    from tests.rules_heroes.helpers import end_era, place_starts

    end_era(game)
    place_starts(game)
    assert game.era == 2 and not game.used and game.wonders == {"great_wall": 0}
