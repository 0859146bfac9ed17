"""The extra walkthrough demos show what the rules say, and the classroom deal is a real game."""

from __future__ import annotations

import pytest

import hotw
from hotw import tutorial_more as extra


def _north_africa(demo: extra.Demo) -> tuple[str | None, int, int, int]:
    _epoch, _card, _player, bd = demo.game.turn_scores[-1]
    row = next(r for r in bd.regions if r.region == "north_africa")
    return row.level, row.armies, row.best_opponent, row.points


def test_every_extra_demo_runs_and_tells_its_story() -> None:
    for name, make in extra.EXTRA_DEMOS.items():
        demo = make()
        assert demo.happened, name
        assert demo.title in demo.story()
        assert all(f in demo.game.board.spaces for f in demo.focus), name


def test_fort_on_a_mountain_ties_a_six() -> None:
    d = extra.combined_effects()
    assert d.happened[-1].endswith("6-3 vs 5-2 +1 terrain (fort), tie")
    assert "pindus" not in d.game.owner and "pindus" not in d.game.forts
    assert hotw.battle_odds(fortified=True, terrain=True)["lose"] > hotw.battle_odds(fortified=True)["lose"]


def test_three_levels_on_three_boards() -> None:
    # North Africa's Epoch I token is 2 / 4 / 6.
    assert _north_africa(extra.presence()) == ("presence", 2, 2, 2)
    assert _north_africa(extra.dominance()) == ("dominance", 3, 1, 4)
    assert _north_africa(extra.supremacy()) == ("supremacy", 3, 0, 6)


def test_deal_gives_seat_0_the_romans_in_epoch_two() -> None:
    game = extra.deal("romans", ["carthaginians", "macedonians"], ["You", "Carthage", "Macedon"], seed=5)
    assert game.epoch == 2 and game.empire_of == ["romans", "carthaginians", "macedonians"]
    assert game.call_order == ["carthaginians", "macedonians", "romans"]
    assert game.auto_chance and not game.owner  # an empty board: the game starts in Epoch II
    assert game.decision.player == 1  # the Carthaginians play first
    again = hotw.load_game(game.to_json())
    assert again.history == game.history and again.empire_of == game.empire_of


def test_deal_is_the_same_for_a_seed() -> None:
    a = extra.deal("romans", ["han", "xiongnu"], seed=9)
    b = extra.deal("romans", ["han", "xiongnu"], seed=9)
    assert a.history == b.history and a.hands == b.hands


@pytest.mark.parametrize("rivals, message", [
    (["carthaginians", "vikings"], "do not play in Epoch 2"),
    (["carthaginians", "atlantis"], "no empire card 'atlantis'"),
    (["romans", "han"], "different empire"),
])
def test_deal_rejects_impossible_tables(rivals: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        extra.deal("romans", rivals)
