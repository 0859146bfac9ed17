"""Bots: legal choices only, one-line explanations, determinism, and no peeking at hidden cards or dice."""

from __future__ import annotations

import operator

import re

import pytest

import hotw
from hotw.bots import LEVELS, bot_names, make_bot
from hotw.observation import Observation, observation

SPECS = ["random", "greedy", "heuristic:easy", "heuristic:medium", "heuristic:hard"]


def _play(game: hotw.Game, bots: list, until=None, check=None) -> None:
    while not game.is_over and not (until and until(game)):
        seat = game.decision.player
        legal = game.legal_actions()
        action = bots[seat].choose(game)
        assert action in legal, f"{bots[seat].name} chose {action} not in {legal}"
        if check:
            check(game, bots[seat], action)
        game.apply(action)


@pytest.mark.parametrize("seed,n", [(1, 3), (2, 4), (3, 5), (4, 6)])
def test_bots_choose_only_legal_actions_and_explain_them(seed: int, n: int) -> None:
    specs = [SPECS[(seed + i) % len(SPECS)] for i in range(n)]
    game = hotw.new_game(players=[f"P{i}" for i in range(n)], seed=seed)
    bots = [make_bot(s, f"{seed}:{i}") for i, s in enumerate(specs)]

    def check(g, bot, action):
        why = bot.explain()
        assert why and "\n" not in why and len(why) < 200, why

    _play(game, bots, check=check)
    assert game.winner is not None


def test_invade_explanation_gives_odds_level_and_points() -> None:
    seen = []

    def check(g, bot, action):
        if action.kind == "invade" and bot.name == "heuristic:hard":
            seen.append(bot.explain())

    game = hotw.new_game(players=["A", "B", "C", "D"], seed=5)
    _play(game, [make_bot("heuristic:hard", i) for i in range(4)], check=check)
    pattern = re.compile(r"^invade [^:]+: (\d+% to win|empty|our own resigned army, taken back), "
                         r"(region becomes (presence|dominance|supremacy)|no region points), [+-]\d+ points?$")
    assert seen and all(pattern.match(s) for s in seen), [s for s in seen if not pattern.match(s)][:3]
    assert any("% to win" in s for s in seen)


def test_same_seed_same_choices() -> None:
    def run() -> list[hotw.Action]:
        game = hotw.new_game(players=["A", "B", "C"], seed=9)
        _play(game, [make_bot(s, f"9:{i}") for i, s in enumerate(["heuristic:easy", "random", "greedy"])])
        return game.history

    assert run() == run()


def test_make_bot_specs() -> None:
    assert make_bot("heuristic").name == "heuristic:medium"
    assert make_bot("Heuristic:Hard").name == "heuristic:hard"
    assert {make_bot(s).name for s in bot_names()} == set(SPECS)
    assert set(LEVELS) == {"easy", "greedy", "medium", "hard"}
    with pytest.raises(ValueError, match="known bots: greedy, heuristic:easy"):
        make_bot("heuristic:expert")


# -- hidden information ----------------------------------------------------------------------


def test_observation_shows_only_what_the_seat_may_see() -> None:
    game = hotw.new_game(players=["A", "B", "C"], seed=2)
    _play(game, [make_bot("random", i) for i in range(3)], until=lambda g: g.decision.step == "invade")
    seat = game.decision.player
    obs = observation(game, seat)
    assert obs.hand == tuple(game.hands[seat])
    assert obs.hand_sizes == tuple(len(h) for h in game.hands)
    for hidden in ("hands", "deck_empires", "deck_events", "seed", "history", "log", "_key", "empire_of"):
        assert not hasattr(obs, hidden), hidden
    assert not hasattr(Observation, "__dict__") or "__dict__" not in Observation.__slots__
    other = (seat + 1) % 3
    assert observation(game, other).legal_actions() == []
    assert set(obs.revealed_empires) <= set(obs.turn_order[: obs.turn + 1]) | {seat}
    with pytest.raises(TypeError):
        operator.setitem(obs.owner, "nile_delta", seat)  # read-only views


def _perturbed(game: hotw.Game, seat: int) -> hotw.Game:
    """The same position, but other seats' event cards, the face-down decks and future dice changed."""
    copy = hotw.load_game(game.to_json())
    content = copy.content
    held = {c for h in copy.hands for c in h}
    spare = sorted(c for c in content.events if c not in held)
    for p in range(copy.n):
        if p != seat:
            size = len(copy.hands[p])  # how many cards a seat holds is public; which ones is not
            copy.hands[p], spare = spare[:size], spare[size:]
            assert copy.hands[p] != game.hands[p] or not size
    if copy.phase == "draft":
        copy.deck_events = list(reversed(copy.deck_events))
    copy._key ^= 0x5DEECE66D  # different dice from here on
    return copy


@pytest.mark.parametrize("spec", ["greedy", "heuristic:easy", "heuristic:medium", "heuristic:hard"])
def test_hidden_information_does_not_change_a_choice(spec: str) -> None:
    game = hotw.new_game(players=["A", "B", "C", "D"], seed=21)
    bots = [make_bot("heuristic:medium", f"21:{i}") for i in range(4)]
    checked = {"pick_event": 0, "pick_empire": 0, "invade": 0, "siege_or_retreat": 0}
    steps = 0
    while not game.is_over and steps < 400:
        d = game.decision
        if d.step in checked and steps % 3 == 0:
            mine = make_bot(spec, "probe").choose(game)
            probe = make_bot(spec, "probe")
            theirs = probe.choose(_perturbed(game, d.player))
            why = probe.explain()
            again = make_bot(spec, "probe")
            assert again.choose(game) == mine == theirs, (d.step, mine, theirs)
            assert again.explain() == why
            checked[d.step] += 1
        game.apply(bots[d.player].choose(game))
        steps += 1
    assert checked["pick_event"] and checked["pick_empire"] and checked["invade"] > 5


def test_explanation_read_after_the_move_is_the_same() -> None:
    """The words are made when asked; they must still describe the position the choice was made in."""
    early_game = hotw.new_game(players=["A", "B", "C"], seed=4)
    late_game = hotw.new_game(players=["A", "B", "C"], seed=4)
    early_bots = [make_bot("heuristic:hard", i) for i in range(3)]
    late_bots = [make_bot("heuristic:hard", i) for i in range(3)]
    compared = 0
    while not early_game.is_over:
        seat = early_game.decision.player
        action = early_bots[seat].choose(early_game)
        early = early_bots[seat].explain()
        assert late_bots[seat].choose(late_game) == action
        early_game.apply(action)
        late_game.apply(action)
        assert late_bots[seat].explain() == early
        compared += action.kind == "invade"
    assert compared > 20
