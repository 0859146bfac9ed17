"""The Brief History bots: they play legal moves from their seat's view, to the end, deterministically."""

from __future__ import annotations

import re

import pytest

import hotw
from hotw.bots import make_bot
from hotw.rulesets.brief.bots import BOTS


@pytest.mark.parametrize("spec", sorted(BOTS) + ["random"])
def test_every_bot_plays_legal_moves_to_the_end(spec: str) -> None:
    game = hotw.new_game("brief", ["A", "B", "C"], 3)
    bots = [make_bot(spec, i, "brief") for i in range(3)]
    while not game.is_over:
        seat = game.decision.player
        action = bots[seat].choose(game)
        assert action in game.legal_actions()
        assert bots[seat].explain()
        game.apply(action)


def test_a_bot_says_why_in_the_game_s_words_not_its_ids() -> None:
    """The teaching UI shows the reason beside the map: lands and cards by name ("expand into Zagros: ...")."""
    game = hotw.new_game("brief", ["A", "B", "C", "D"], 2)
    bots = [make_bot(s, 20 + i, "brief") for i, s in enumerate(["heuristic:hard", "heuristic:easy", "greedy",
                                                                "heuristic:medium"])]
    said: list[str] = []
    while not game.is_over:
        bot = bots[game.decision.player]
        game.apply(bot.choose(game))
        said.append(str(bot.explain()))
    ids = {*game.board.spaces, *game.content.events, *game.content.empires}
    # an action's id ("expand:zagros") or a land's or card's id ("indus_valley") said as it is
    raw = [w for w in said if re.search(r"\b[a-z_]+:[a-z_0-9]+\b", w)
           or any(i in re.split(r"[\s,:]+", w) for i in ids if "_" in i)]
    assert raw == []
    assert any(w.startswith("expand into ") for w in said) and any(w.startswith("take the ") for w in said)


def test_the_same_seed_gives_the_same_game() -> None:
    def play() -> list[int]:
        game = hotw.new_game("brief", ["A", "B", "C", "D"], 8)
        bots = [make_bot("heuristic:hard", i, "brief") for i in range(4)]
        while not game.is_over:
            game.apply(bots[game.decision.player].choose(game))
        return game.score
    assert play() == play()


def test_the_heuristic_beats_random_play() -> None:
    wins = 0
    for seed in range(6):
        game = hotw.new_game("brief", ["H", "R1", "R2"], seed)
        bots = [make_bot("heuristic:medium", seed, "brief")] + [make_bot("random", seed * 3 + i, "brief")
                                                                 for i in (1, 2)]
        while not game.is_over:
            game.apply(bots[game.decision.player].choose(game))
        wins += game.score[0] == max(game.score)
    assert wins >= 5


def test_an_unknown_bot_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="known bots: greedy, heuristic"):
        make_bot("genius", 0, "brief")


def test_a_bot_weighs_each_decision_as_a_fresh_bot_would() -> None:
    # The bot reads the table once a decision (its look, kept with the decision's observation) and keeps each land's
    # neighbours for the board: at every decision of seeded games its value of every legal action is a fresh bot's,
    # though its reads were made at earlier decisions. A land's gain is read through the observation alone.
    from hotw.rulesets.brief.bots import STYLES, BriefBot
    from hotw.rulesets.brief.observation import brief_observation

    checked = 0
    for seed, n in ((1, 3), (2, 4)):
        game = hotw.new_game("brief", [f"P{i}" for i in range(n)], seed)
        bots = [BriefBot(f"{seed}:{i}", STYLES["hard"]) for i in range(n)]
        while not game.is_over:
            seat = game.decision.player
            obs = brief_observation(game)
            legal = obs.legal_actions()
            fresh = BriefBot("fresh", STYLES["hard"])
            for action in legal:
                assert bots[seat].value(obs, action) == fresh.value(obs, action), (seed, action)
                checked += 1
            game.apply(bots[seat].choose(game))
    assert checked > 1000


def test_the_expand_choices_are_the_legal_actions_and_the_targets() -> None:
    # The bots read an expand decision's legal actions and placements from one walk of the force's reach.
    from hotw.rulesets.brief.observation import brief_observation

    expands = 0
    for seed, n in ((3, 3), (4, 5)):
        game = hotw.new_game("brief", [f"P{i}" for i in range(n)], seed)
        bots = [make_bot("heuristic:hard", f"{seed}:{i}", "brief") for i in range(n)]
        while not game.is_over:
            seat = game.decision.player
            for who in range(n):  # every seat: the deciding one sees its choices, the others none
                obs = brief_observation(game, who)
                legal, targets = obs.expand_choices()
                assert legal == obs.legal_actions()
                at_expand = who == seat and game.phase == "expand"
                assert targets == (obs.targets() if at_expand else None)
                expands += at_expand
            game.apply(bots[seat].choose(game))
    assert expands > 100
