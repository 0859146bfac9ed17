"""Area valuations (docs/rules-heroes.md, "Assessment of the areas")."""

from __future__ import annotations

from tests.rules_heroes.helpers import chance, clear, modern, play, start, table


def _complete(game, area: str, hero: str, tile: str) -> None:  # type: ignore[no-untyped-def]
    """The active player plays ``hero`` and puts ``tile`` in ``area``'s last empty box."""
    play(game, hero)
    while game.phase == "population":
        game.apply(game.legal_actions()[0])
    game.bag = [tile] + [t for t in game.bag if t != tile]
    while game.phase == "progress_draw":
        game.apply(f"draw:{tile}" if tile not in game.drawn else f"draw:{game.bag[1]}")
    if game.phase == "progress_tile":
        game.apply(f"tile:{tile}")
    game.apply(f"box:{area}")


def test_the_rulebook_example_europe_worth_12_scored_12_6_and_2() -> None:
    # Blue places Teaching and completes Europe: Banks 4, Physics 3, Painting 3, Teaching 2 = 12.
    # Blue 15 figures, green 12, red 8, yellow 4: blue 12, green 6, red 2 (the lowest progress), yellow 0.
    game = modern(4)
    blue = game.active
    green, red, yellow = [(blue + i) % 4 for i in (1, 2, 3)]
    clear(game)
    counts = [0] * 4
    counts[blue], counts[green], counts[red], counts[yellow] = 15, 12, 8, 4
    table(game, figures={"europe": counts}, boxes={"europe": ["banks", "physics", "painting"]})
    game.hands[blue] = []
    before = list(game.score)
    play(game, "isaac_newton")  # Europe only; 2 figures placed first
    counts[blue] += 2
    while game.phase == "population":
        game.apply("place:europe")
    while game.phase == "progress_draw":
        game.apply("draw:teaching" if "teaching" in game.bag else f"draw:{game.bag[0]}")
    if game.phase == "progress_tile":
        game.apply("tile:teaching")
    game.apply("box:europe")
    gained = [game.score[s] - before[s] for s in range(4)]
    assert gained[blue] == 12 and gained[green] == 6 and gained[red] == 2 and gained[yellow] == 0
    record = game.valuations[-1]
    assert record.area == "europe" and record.total == 12 and [p.seat for p in record.placings] == [blue, green, red,
                                                                                                     yellow]


def test_the_area_is_valued_as_soon_as_its_last_box_is_filled() -> None:
    game = start(3)
    clear(game)
    table(game, figures={"china": [3, 1, 0]}, boxes={"china": ["writing", "pottery"]})
    play(game, "confucius")
    while game.phase == "population":
        game.apply("place:china")
    assert not game.valuations
    game.apply("draw:music")
    chance(game)
    game.apply("tile:music")
    game.apply("box:china")
    assert [v.area for v in game.valuations] == ["china"]
    assert game.phase in ("spend", "conquest")  # the turn goes on


def test_second_place_gets_half_rounded_up_and_third_the_lowest_progress() -> None:
    game = start(3)
    clear(game)
    table(game, figures={"china": [1, 3, 2]}, boxes={"china": ["writing", "music"]})
    game.hands[0] = []
    play(game, "cai_lun")  # China, population 3
    while game.phase == "population":
        game.apply("place:china")  # 4, 3, 2
    game.apply("draw:mining")
    chance(game)
    game.apply("tile:mining")
    game.apply("box:china")  # Writing 4, Music 1, Mining 2 = 7: half is 3.5, rounded up 4
    v = game.valuations[-1]
    assert [(p.seat, p.points) for p in v.placings] == [(0, 7), (1, 4), (2, 1)]


def test_only_three_players_score_and_a_player_without_figures_is_not_placed() -> None:
    game = start(5)
    clear(game)
    table(game, figures={"china": [5, 4, 3, 2, 0]}, boxes={"china": ["writing", "music"]})
    _complete(game, "china", "cai_lun", "pottery")
    v = game.valuations[-1]
    assert [p.seat for p in v.placings] == [0, 1, 2, 3]
    assert [p.points for p in v.placings] == [6, 3, 1, 0] and all(p.seat != 4 for p in v.placings)


def test_a_tie_in_figures_goes_to_the_higher_progress_of_heroes_played() -> None:
    game = start(3)
    clear(game)
    table(game, figures={"china": [0, 4, 4]}, boxes={"china": ["writing", "music"]})
    game.played[1] = ["confucius"]  # progress 3
    game.played[2] = ["qin_shi_huang"]  # progress 1
    _complete(game, "china", "cai_lun", "pottery")
    v = game.valuations[-1]
    assert [p.seat for p in v.placings][:2] == [1, 2] and v.placings[1].tie == "progress of heroes played"


def test_then_to_the_player_with_more_heroes_played() -> None:
    game = start(3)
    clear(game)
    table(game, figures={"china": [0, 4, 4]}, boxes={"china": ["writing", "music"]})
    game.played[1] = ["qin_shi_huang"]  # progress 1
    game.played[2] = ["hannibal", "han_wudi"]  # 1 + 1 = 2: more progress; equalise:
    game.played[1] = ["qin_shi_huang", "liu_bang"]  # 1 + 1 = 2, two heroes each
    game.played[2] = ["cleopatra"]  # progress 2, one hero
    _complete(game, "china", "cai_lun", "pottery")
    v = game.valuations[-1]
    assert [p.seat for p in v.placings][:2] == [1, 2] and v.placings[1].tie == "heroes played"


def test_then_counterclockwise_from_the_active_player_as_the_best() -> None:
    game = start(4)
    clear(game)
    table(game, figures={"china": [0, 3, 3, 3]}, boxes={"china": ["writing", "music"]})
    for s in (1, 2, 3):
        game.played[s] = []
    _complete(game, "china", "cai_lun", "pottery")  # seat 0 places 3 and has played Cai Lun (progress 3)
    v = game.valuations[-1]
    # 1, 2 and 3 tie on everything: counterclockwise from the active seat 0 comes 3, then 2, then 1.
    assert [p.seat for p in v.placings] == [0, 3, 2, 1]
    assert [p.tie for p in v.placings[2:]] == ["order from the active player"] * 2


def test_a_valued_area_and_its_figures_stay_in_play() -> None:
    game = start(3)
    clear(game)
    table(game, figures={"china": [3, 2, 1]}, boxes={"china": ["writing", "music"]})
    _complete(game, "china", "cai_lun", "pottery")
    assert game.boxes["china"] == ["writing", "music", "pottery"]
    assert game.figures["china"][0] >= 3 and game.figures["china"][1:] == [2, 1]
