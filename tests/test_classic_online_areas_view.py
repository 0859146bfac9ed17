"""The classic view shows the area values the game scores and the areas a land counts in: the printed chart and
board in a default game, the online game's under ``online_areas`` (the replay of a game log), each from the one
place the rules decide them (``ClassicGame.area_values`` and ``land_areas``), which the turn's score and the bots
read too."""

from __future__ import annotations

import re

import hotw
from hotw.bots import make_bot
from hotw.i18n import speaking
from hotw.observation import observation
from hotw.rulesets.classic.logreplay import ONLINE_OPTIONS
from hotw.rulesets.classic.view import view

NAMES = ["A", "B", "C", "D"]


def _game(online: bool, epoch: int = 1, armies: dict[str, int] | None = None) -> hotw.Game:
    """A game about to call an empire of ``epoch``, under the online options or the printed rules."""
    turn = {1: "minoans", 4: "byzantines", 6: "portugal"}[epoch]
    position = {"epoch": epoch, "turn": [turn, 0], "armies": armies or {}}
    return hotw.new_game("classic", NAMES, 1, options={**(ONLINE_OPTIONS if online else {}), "position": position})


def _table_values(game: hotw.Game) -> dict[str, tuple[tuple[int, ...], bool]]:
    """Area -> (the values the view's area table shows, whether it marks them as the online game's)."""
    out = {}
    for rid, cell in re.findall(r'<tr data-region="(\w+)"><td>.*?</td><td>(.*?)</td></tr>', view(game).panels()["regions"]):
        numbers = re.match(r"(\d+) / (\d+) / (\d+)", cell)
        assert numbers is not None, cell
        out[rid] = (tuple(map(int, numbers.groups())), "(online)" in cell)
    return out


def test_the_area_table_shows_the_values_the_breakdown_scores() -> None:
    for online in (False, True):
        for epoch in (1, 4, 6):
            game = _game(online, epoch)
            table = _table_values(game)
            scored = {r.region: r.values for r in game.score_breakdown(0).regions}
            assert set(table) == set(scored) == set(game.board.regions)
            for rid, (values, _marked) in table.items():
                assert values == scored[rid] == game.area_values(rid), (online, epoch, rid)


def test_an_online_value_is_marked_in_words_and_explained() -> None:
    printed, online = _game(False), _game(True)
    assert printed.content.areas["southern_europe"].values(1) != online.area_values("southern_europe")
    assert _table_values(online)["southern_europe"] == (online.area_values("southern_europe"), True)
    assert _table_values(printed)["southern_europe"] == (printed.content.areas["southern_europe"].values(1), False)
    assert not any(marked for _v, marked in _table_values(printed).values())
    assert [r for r, (_v, marked) in _table_values(online).items() if marked] == ["southern_europe"]
    assert "printed chart" in view(online).panels()["regions"]
    assert "printed chart" not in view(printed).panels()["regions"]
    key = view(online).panels()["region_key"]
    assert "(online)" in key  # the map's key marks it too
    # folded, as the other rulesets' keys are (open, it would cover the Mediterranean of a narrow map)
    assert key.startswith("<details><summary") and "<details open" not in key
    # the land card: the values scored, and that they are the online game's
    card = view(online).hover("crete")
    assert "Area: Southern Europe (1 / 2 / 3 this epoch, the online game's values)" in card
    assert "Area: Southern Europe (0 / 0 / 0 this epoch)" in view(printed).hover("crete")


def test_danubia_says_where_it_counts_for_its_holder_and_against_the_others() -> None:
    printed, online = _game(False, 4), _game(True, 4)
    assert online.land_areas("danubia") == ("northern_europe",) and online.land_areas("danubia", False) == ()
    assert printed.land_areas("danubia") == printed.land_areas("danubia", False) == ("southern_europe",)
    north = " / ".join(map(str, online.area_values("northern_europe")))
    said = (f"Counts in Northern Europe ({north}) for its holder under the online rules, and in no area against the "
            "other players.")
    assert said in view(online).hover("danubia")
    assert "Counts in" not in view(printed).hover("danubia")
    notes = view(online).panels()["regions"]
    assert said in notes and "Tarim Basin" in notes and "Manchurian Plain" in notes
    assert "Counts in" not in view(printed).panels()["regions"]
    assert "Counts in China (" in view(online).hover("tarim_basin")
    # the board as a table for a screen reader says it too
    _heads, rows = view(online).board_rows()
    assert any(row[0] == "Danubia" and said in row[2] for row in rows)
    # the words are translated: the Spanish card says it too, without the English
    with speaking("es"):
        card = view(online).hover("danubia")
    assert "para quien lo ocupa" in card and "for its holder" not in card


def test_the_breakdown_counts_danubia_where_the_card_says() -> None:
    armies = {"danubia": 0, "scandinavia": 0}
    for game in (_game(False, 4, armies), _game(True, 4, armies)):
        rows = {r.region: r for r in game.score_breakdown(0).regions}
        for area in game.board.regions:
            held = sum(1 for t, seat in game.owner.items() if seat == 0 and area in game.land_areas(t))
            assert rows[area].armies == held, area


def test_the_bots_weigh_the_values_the_game_scores() -> None:
    for online in (False, True):
        game = _game(online)
        obs, bot = observation(game, 0), make_bot("greedy", 0, "classic")
        for rid in game.board.regions:
            assert obs.area_values(rid) == game.area_values(rid)
            assert bot._chart_values(obs, rid) == game.area_values(rid)
    # a land counted elsewhere changes the points of the area it counts in, for the bot as for the score: with
    # Danubia, one land of Northern Europe becomes two (presence to dominance) for its holder
    armies = {"scandinavia": 0, "balkans": 1, "dalmatia": 1}
    for online in (False, True):
        game = _game(online, 4, armies)
        obs, bot = observation(game, 0), make_bot("greedy", 0, "classic")
        delta = bot._region_delta(obs, 0, "danubia", +1)
        after = _game(online, 4, {**armies, "danubia": 0}).score_breakdown(0).total
        assert after - game.score_breakdown(0).total == delta, online
        assert (delta == 2) == online  # Northern Europe's 2 / 4 / 6: dominance adds 2; Southern Europe: no change
