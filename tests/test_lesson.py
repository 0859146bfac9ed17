"""Lesson widgets build without a browser and show exactly what the engine says."""

from __future__ import annotations

import itertools
import re

import pytest

pytest.importorskip("ipyleaflet")

import hotw
from hotw.rulesets.hotw2018.battle import BattleSetup, siege_report
from hotw.history import load_extents, years
from hotw.ui import lesson, lessonmap
from hotw.ui.rulesetview import view_of


@pytest.fixture(scope="module")
def content():  # type: ignore[no-untyped-def]
    return hotw.new_game().content


def test_every_demo_builds_a_small_map_with_its_focus() -> None:
    for name in lesson.ALL_DEMOS:
        box = lesson.show_demo(name)
        small = next(c for c in box.children if isinstance(c, lesson.LessonMap))
        assert set(small.focus) <= small.spaces, name
        assert not any(small.game.board.spaces[s].kind == "ocean" for s in small.spaces), name
        styles = small.styles()
        for land in small.focus:
            assert "hotw-focus" in styles[land]["className"], (name, land)
        assert len(small.spaces) < 60, name  # a neighbourhood, not the world
        features = small.layer.data["features"]
        assert {f["id"] for f in features} == small.spaces


def test_demo_html_draws_the_dice_and_the_score() -> None:
    rule, after = lesson.demo_html(lesson.ALL_DEMOS["battle_win"]())
    assert "2 dice against 1" in rule
    assert "data-result='win'" in after and "⚁" in after and "⚄" in after and "⚃" in after
    _rule, scored = lesson.demo_html(lesson.ALL_DEMOS["dominance"]())
    assert "hotw-bd-table" in scored and "dominance" in scored
    with pytest.raises(ValueError, match="no demo called"):
        lesson.show_demo("teleport")


def test_demo_battles_are_the_engines_records_drawn_in_place_of_their_lines() -> None:
    demo = lesson.ALL_DEMOS["siege"]()
    assert sorted(demo.battles) == [0, 2, 4]  # invade, lose; siege, lose; siege, win (the siege lines between)
    assert [r.round for r in demo.battles.values()] == [0, 1, 2]
    assert [r.result for r in demo.battles.values()] == ["lose", "lose", "win"]
    _rule, after = lesson.demo_html(demo)
    items = re.findall(r"<li( class='hotw-lesson-battle' data-result='(\w+)')?>(.*?)</li>", after)
    assert [result for _cls, result, _text in items] == ["lose", "", "lose", "", "win"]
    game_view = view_of(demo.game)
    for i, record in demo.battles.items():
        assert items[i][2] == game_view.battle_html(record)
        for die in record.invader_dice + record.defender_dice:
            assert f'<span class="hotw-die" title="{die}">' in items[i][2]
    assert "with an army (catapult +1)" in items[1][2]
    assert lesson.ALL_DEMOS["invade_empty"]().battles == {}


def test_lesson_map_hides_the_invade_outlines_of_a_live_game() -> None:
    demo = lesson.ALL_DEMOS["invade_empty"]()  # still in the Egyptians' invade step
    plain = lessonmap.lesson_styles(demo.game)
    live = view_of(demo.game).styles()
    targets = [s for s, st in live.items() if "hotw-target" in st["className"]]
    assert targets
    for sid in targets:
        assert plain[sid].get("dashArray") in ("", None) and plain[sid]["weight"] != hotw.ui.view.TARGET["weight"]


@pytest.mark.parametrize("flags", list(itertools.product([False, True], repeat=5)))
def test_odds_explorer_equals_battle_odds(flags: tuple[bool, ...]) -> None:
    terrain, fort, naval, extra_die, wins_ties = flags
    explorer = lesson.OddsExplorer()
    explorer.terrain.value, explorer.fort.value, explorer.naval.value = terrain, fort, naval
    explorer.extra_die.value, explorer.wins_ties.value = extra_die, wins_ties
    for siege_round, bonus in ((0, 0), (1, 0), (3, 1), (4, 0)):
        explorer.siege_round.value, explorer.bonus.value = siege_round, bonus
        setup = BattleSetup(invader_dice=3 if extra_die else 2, fortified=fort, terrain=terrain, naval=naval,
                            invader_bonus=bonus + min(siege_round, 3), invader_wins_ties=wins_ties)
        expected = hotw.battle_odds(setup)
        assert explorer.odds == expected
        for outcome in ("win", "tie", "lose"):
            f = expected[outcome]
            assert f"<code>{f.numerator}/{f.denominator}</code>" in explorer.result.value


def test_odds_explorer_starts_at_the_plain_battle_and_reports_sieges() -> None:
    explorer = lesson.OddsExplorer()
    assert explorer.odds["win"] == hotw.battle_odds()["win"] == hotw.battle_odds(BattleSetup())["win"]
    assert "<code>125/216</code>" in explorer.result.value
    explorer.armies.value = 3
    attack = siege_report(BattleSetup(), armies=3)
    assert f"win <b>{hotw.ui.view.percent(attack.win)}</b>" in explorer.result.value


def test_timeline_lists_all_40_empires_in_date_order_per_epoch(content) -> None:  # type: ignore[no-untyped-def]
    text = lesson.timeline_html(content)
    order: dict[int, list[str]] = {}
    epoch = 0
    for m in re.finditer(r"data-epoch='(\d)'|data-empire='([a-z_]+)'", text):
        if m.group(1):
            epoch = int(m.group(1))
        else:
            order.setdefault(epoch, []).append(m.group(2))
    assert sorted(order) == [1, 2, 3, 4, 5]
    assert sorted(sum(order.values(), [])) == sorted(content.empires)
    for ep, ids in order.items():
        assert len(ids) == 8 and all(content.empires[i].epoch == ep for i in ids)
        starts = [years(content.empires[i].dates)[0] for i in ids]
        assert starts == sorted(starts), ep
    assert text.index("data-empire='romans'") < text.index("data-empire='han'")
    assert "450 BC – AD 300" in text


def test_empire_explorer_shows_each_empire_with_its_start(content) -> None:  # type: ignore[no-untyped-def]
    explorer = lesson.EmpireExplorer()
    assert explorer.empire == "romans"
    assert len(explorer.pick.options) == 40
    for card in ("romans", "mongols", "mesoamericans", "vedics"):
        explorer.pick.value = card
        e = content.empires[card]
        styles = explorer.map.styles()
        for land in e.start:
            assert "hotw-focus" in styles[land]["className"]
            assert styles[land]["fillColor"] == lesson.START_FILL
        assert e.dates in explorer.card.value and e.name in explorer.card.value
    explorer.pick.value = "romans"
    assert "AD 117" in explorer.card.value
    assert explorer.map.styles()["albion"]["fillColor"] == lesson.EXTENT_FILL
    explorer.pick.value = "vikings"
    assert "written for this project" in explorer.card.value


def test_empire_explorer_shows_the_sources_of_each_note(content) -> None:  # type: ignore[no-untyped-def]
    explorer = lesson.EmpireExplorer("romans")
    card = explorer.card.value
    assert "<b>Sources:</b> Mary Beard, <i>SPQR: A History of Ancient Rome</i>" in card
    assert "Barrington Atlas of the Greek and Roman World" in card  # the extent's own sources
    explorer.pick.value = "khmer"
    assert "Encyclopaedia Britannica</i>, “Angkor”" in explorer.card.value
    assert lesson.sources_html(()) == ""


def test_comparison_counts_lands(content) -> None:  # type: ignore[no-untyped-def]
    board = hotw.new_game().board
    rome = load_extents()["romans_117"]
    text = lesson.comparison_html(board, {"southern_italia", "albion", "highlands"}, rome)
    assert "data-both='2' data-game='3' data-history='25'" in text
    assert "Highlands" in text.split("Only in your game")[1].split("Only in history")[0]
    assert "client and vassal states that kept their own rulers are not counted" in text
    assert "Sources:</b> Richard J. A. Talbert (ed.), <i>Barrington Atlas" in text


def test_classroom_game_waits_for_the_student_as_the_romans() -> None:
    view = lesson.classroom_game(seed=117)
    game = view.game
    assert game.empire_of[0] == "romans" and game.epoch == 2
    assert game.decision.player == 0 and game.actor is not None and game.actor.card == "romans"
    compare = lesson.HistoryComparison(view)
    assert "their turn is not over yet" in compare.text.value
    while not game.turn_scores or game.turn_scores[-1][1] != "romans":
        game.apply(game.legal_actions()[-1] if game.decision.player == 0 else view.bots[game.decision.player]
                   .choose(game))
    compare.refresh()
    assert "when their turn ended" in compare.text.value
    held = lesson.held_after_turn(game, "romans")
    assert held is not None and f"data-game='{len(held)}'" in compare.text.value
