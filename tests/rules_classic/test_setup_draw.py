"""Rules of the set-up and the empire draw (docs/rules-classic.md, sections 1-2)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import hotw
from hotw.actions import Action
from hotw.errors import IllegalActionError, OptionError

from tests.rules_classic.helpers import act, called, deal, draw_keep, new, start


def test_seven_epochs_for_three_to_six_players() -> None:
    rs = new(3).ruleset
    assert (rs.epochs, rs.min_players, rs.max_players) == (7, 3, 6)
    with pytest.raises(OptionError):
        hotw.new_game("classic", ["A", "B"])
    with pytest.raises(OptionError):
        hotw.new_game("classic", list("ABCDEFG"))


def test_each_player_is_dealt_three_major_and_seven_minor_events() -> None:
    game = new(6)
    deal(game)
    for hand in game.hands:
        kinds = [game.content.events[c].kind for c in hand]
        assert kinds.count("major") == 3 and kinds.count("minor") == 7
    assert sum(game.piles["major"].values()) == 22 - 18 and sum(game.piles["minor"].values()) == 49 - 42


def test_the_deal_draws_from_the_right_pile_with_exact_odds() -> None:
    game = new(3)
    outcomes = dict(game.chance_outcomes())
    assert outcomes[Action("draw", "leader")] == Fraction(7, 22)
    assert all(game.content.events[a.target].kind == "major" for a in outcomes)


def test_the_seeded_deal_walks_the_piles_cards_by_id_weighed_by_their_copies_left() -> None:
    # the draw every chance step makes (``Game._chance_draw``: the seeded pick walked over the outcomes' weights),
    # here over the pile's copies left, card by card, against the deal the game makes from its seed
    from hotw import rng

    for seed in range(3):
        game = hotw.new_game("classic", ["A", "B", "C", "D"], seed, auto_chance=False)
        key = rng.seed_key(seed)
        while game.decision.step == "deal":
            pile = game.piles[game.content.events[game.chance_outcomes()[0][0].target].kind]  # the pile dealt from
            weights = sorted((card, n) for card, n in pile.items() if n > 0)
            assert [Action("draw", c) for c, _n in weights] == [a for a, _p in game.chance_outcomes()]
            pick = rng.draw(key, sum(a.is_chance for a in game.history), sum(n for _c, n in weights))
            for card, n in weights:
                if pick < n:
                    break
                pick -= n
            assert game.seeded_outcome() == Action("draw", card), (seed, len(game.history))
            game.apply(Action("draw", card))
        assert game.decision.step == "first_player" and len(game.history) == 40


def test_dice_choose_the_first_player_who_draws_first_in_epoch_one() -> None:
    game = new(4)
    deal(game)
    assert game.decision.step == "first_player"
    assert [p for _, p in game.chance_outcomes()] == [Fraction(1, 4)] * 4
    game.apply(Action("draw", "2"))
    assert game.draw_order == [2, 3, 0, 1]
    assert game.decision.step == "draw_empire"


def test_the_drawer_may_keep_the_empire() -> None:
    game = start(3, empires=())
    game.apply(Action("draw", "egypt"))
    assert game.decision.player == 0 and game.decision.step == "keep_or_give"
    game.apply("keep")
    assert game.holder == {0: "egypt"}


def test_the_drawer_may_give_only_to_a_player_without_an_empire() -> None:
    game = start(3, empires=())
    game.apply("draw:egypt")
    game.apply("give:2")
    assert game.holder == {2: "egypt"}
    game.apply("draw:minoans")  # seat 1 draws next
    assert Action("give", "2") not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="no empire"):
        game.apply("give:2")


def test_a_receiver_must_keep_the_empire_and_does_not_draw() -> None:
    game = start(3, empires=())
    game.apply("draw:egypt")
    game.apply("give:1")
    assert game.holder == {1: "egypt"}
    assert game.drawer() == (2, False)  # seat 1 has its empire: seat 2 draws next


def test_online_a_receiver_still_draws_in_turn_and_gives_the_card_away() -> None:
    # holders_draw, the online game's draw (all 1,440 draw lines of the 41 game logs play as logged with it):
    # game001.txt lines 9-14, Player4 is given the Aryans, then draws the Shang Dynasty and gives it to Player2.
    game = start(3, empires=(), holders_draw=True)
    game.apply("draw:egypt")
    game.apply("give:1")
    assert game.drawer() == (1, False)  # seat 1 holds Egypt and still draws, while seat 0 has no empire
    game.apply("draw:minoans")
    assert Action("keep") not in game.legal_actions() and game.legal_actions() == [Action("give", "0"),
                                                                                   Action("give", "2")]
    with pytest.raises(IllegalActionError):
        game.apply("keep")
    game.apply("give:0")
    game.apply("draw:shang")  # seat 2, the last without an empire, keeps
    assert game.holder == {0: "minoans", 1: "egypt", 2: "shang"} and game.decision.step == "events"


def test_the_giver_waits_and_draws_again_as_the_last_and_keeps() -> None:
    game = start(3, empires=())
    act = game.apply
    act("draw:egypt")
    act("give:1")      # seat 0 waits
    act("draw:minoans")
    act("keep")        # seat 2 keeps
    assert game.drawer() == (0, True)
    act("draw:shang")  # the last draw: kept without a choice
    assert game.holder == {0: "shang", 1: "egypt", 2: "minoans"}
    assert game.decision.step == "events"


def test_the_last_drawer_without_anyone_to_give_to_keeps() -> None:
    game = start(3, empires=())
    game.apply("draw:egypt")
    game.apply("keep")
    game.apply("draw:minoans")
    game.apply("keep")
    game.apply("draw:shang")
    assert game.holder[2] == "shang"


def test_lowest_score_draws_first_in_later_epochs() -> None:
    game = called("shang", scores=[10, 3, 3], played={0: ["egypt"], 1: ["babylonia"]})  # Epoch I's last empire
    act(game, "begin", "end_turn")
    while game.decision.step == "monument":
        game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])  # the leader's pre-eminence marker
    assert game.epoch == 2 and game.score[0] == 10 and game.score[2] > 3
    assert game.draw_order == [1, 2, 0] and game.decision.step == "draw_empire"


def test_the_1993_draw_order_is_lowest_total_strength() -> None:
    game = called("shang", scores=[0, 9, 9], played={0: ["egypt"], 1: ["babylonia"]},  # strengths 5, 4, 3
                  options={"draw_order": "strength", "preeminence": False})
    act(game, "begin", "end_turn")
    while game.decision.step == "monument":
        game.apply(game.legal_actions()[0])
    assert game.epoch == 2 and game.score[0] < game.score[1]  # by score, seat 0 would draw first
    assert game.draw_order == [2, 1, 0]


def test_empires_are_called_in_card_order() -> None:
    game = start(3, empires=("shang", "egypt", "babylonia"))
    assert game.call_order == ["egypt", "babylonia", "shang"]
    assert game.active_player == 1


def test_a_second_draw_is_kept_even_when_another_player_still_waits() -> None:
    game = start(4, empires=())
    for text in ("draw:egypt", "give:1", "draw:minoans", "give:3"):  # seats 0 and 2 give theirs away
        game.apply(text)
    assert game.drawer() == (0, True)
    game.apply("draw:shang")
    assert game.holder[0] == "shang" and game.decision.step == "draw_empire"  # kept; seat 2 draws next
    assert game.drawer() == (2, True)
