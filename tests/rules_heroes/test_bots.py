"""The Heroes bots: found by name, legal choices from the seat's observation, deterministic by seed, a line on
why; and the what-if layer (simulate, compare, the command line) playing Heroes with them."""

from __future__ import annotations

import json

import pytest

import hotw
from hotw.bots import bot_names, make_bot
from hotw.errors import BotError
from hotw.rulesets import get_ruleset
from hotw.rulesets.heroes.bots import LEVELS, HeroesBot

SPECS = sorted(LEVELS)


@pytest.mark.parametrize("spec", SPECS)
def test_every_level_plays_legal_moves_to_the_end(spec: str) -> None:
    game = hotw.new_game("heroes", ["A", "B", "C"], 4)
    bots = [make_bot(spec, i, ruleset="heroes") for i in range(3)]
    assert all(isinstance(b, HeroesBot) and b.name == spec for b in bots)
    while not game.is_over:
        bot = bots[game.decision.player]
        action = bot.choose(game)
        assert action in game.legal_actions() and bot.explain()
        game.apply(action)
    assert len(game.epoch_scores) == 2


def test_the_same_seed_plays_the_same_game() -> None:
    def run() -> list[str]:
        game = hotw.new_game("heroes", ["A", "B"], 9)
        bots = [make_bot("heuristic:hard", i, ruleset="heroes") for i in range(2)]
        while not game.is_over:
            game.apply(bots[game.decision.player].choose(game))
        return [a.text() for a in game.history]

    assert run() == run()


def test_the_ruleset_lists_its_bots_and_make_bot_finds_them_by_name() -> None:
    names = {"greedy", "heuristic", "heuristic:easy", "heuristic:medium", "heuristic:hard"}
    assert names <= set(get_ruleset("heroes").bots())
    assert set(bot_names("heroes")) == names | {"random"}
    assert make_bot(" Heuristic:Hard ", 1, ruleset="heroes").style is LEVELS["heuristic:hard"]
    assert make_bot("heuristic", 1, ruleset="heroes").style is LEVELS["heuristic:medium"]
    with pytest.raises(BotError, match="Heroes of the World.*heuristic:hard"):
        make_bot("heuristic:genius", ruleset="heroes")


def test_simulate_plays_heroes_with_its_bots_by_name() -> None:
    pytest.importorskip("pandas")
    specs = ["heuristic:hard", "heuristic:easy", "greedy"]
    table = hotw.simulate("heroes", players=3, bots=specs, games=3, seed=2, workers=1, progress=False,
                          rotate=True)
    assert len(table) == 9 and table.groupby("game")["winner"].sum().ge(1).all()
    assert sorted(table.bot.unique()) == sorted(specs)
    assert all(sorted(bots) == sorted(specs) for _, bots in table.groupby("game")["bot"])
    assert table.points_e2.notna().all() and (table.points >= table.points_e1).all()
    again = hotw.simulate("heroes", players=3, bots=specs, games=3, seed=2, workers=2, progress=False,
                          rotate=True)
    assert table.equals(again)


def test_compare_plays_heroes_on_both_sides() -> None:
    pytest.importorskip("pandas")
    cheap = {"name": "cheap wonders", "rules": {"wonder_cost": 4}}
    table = hotw.compare(None, cheap, games=4, ruleset="heroes", players=3, bots="heuristic:hard", workers=1,
                         progress=False)
    points = table[table.measure == "mean points"]
    # Both sides are Heroes games (about 50-120 points a seat), not a 2018 game on one side (150 or more).
    assert points.a.between(20, 140).all() and points.b.between(20, 140).all()
    assert table.attrs["scenario_a"] == "printed rules" and table.attrs["scenario_b"] == "cheap wonders"
    with pytest.raises(ValueError, match="hotw2018.*heroes|heroes.*hotw2018"):
        hotw.compare({"ruleset": "hotw2018"}, cheap, games=1, ruleset="heroes", workers=1, progress=False)


def test_the_command_line_simulates_heroes(capsys: pytest.CaptureFixture[str]) -> None:
    from hotw.cli import main

    assert main(["simulate", "--ruleset", "heroes", "--players", "4", "--games", "2", "--seed", "3",
                 "--bot", "heuristic:hard,greedy,heuristic:medium,heuristic:easy", "--workers", "1",
                 "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["ruleset"] == "heroes" and summary["games"] == 2 and sum(summary["wins_per_seat"]) >= 2
    assert summary["bot"] == "heuristic:hard,greedy,heuristic:medium,heuristic:easy"
    assert main(["simulate", "--ruleset", "heroes", "--games", "1", "--bot", "heuristic:genius"]) == 2
    assert "known bots" in capsys.readouterr().err


def test_start_figures_are_weighed_not_placed_at_random() -> None:
    from hotw.rulesets.heroes.bots import _Choices
    from hotw.rulesets.heroes.observation import HeroesObservation

    def spread(game: hotw.Game, spec: str) -> float:
        choices = _Choices(HeroesObservation(game, game.to_decide[0]), LEVELS[spec])
        values = [choices.value(a) for a in game.legal_actions()]
        return max(values) - min(values)

    game = hotw.new_game("heroes", ["A", "B", "C"], 6)
    assert game.phase == "start" and spread(game, "heuristic:hard") > 0.05  # where its hand's heroes act
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    for spec in ("heuristic:hard", "heuristic:medium", "greedy"):
        assert spread(game, spec) > 0.05, spec  # with figures placed, some areas are worth more than others
    game = hotw.new_game("heroes", ["A", "B", "C"], 6)
    bot = make_bot("heuristic:hard", 1, ruleset="heroes")
    placed = set()
    while game.phase == "start":
        action = bot.choose(game) if game.to_decide[0] == 0 else game.legal_actions()[0]
        if game.to_decide[0] == 0:
            placed.add(action.target)
            assert "worth" in bot.explain()
        game.apply(action)
    assert len(placed) >= 3  # the first figures spread over the areas, where each is worth most


def test_the_ladder_is_ordered() -> None:
    pytest.importorskip("pandas")
    table = hotw.simulate("heroes", players=3, bots=["heuristic:hard", "heuristic:easy", "heuristic:easy"],
                          games=6, seed=11, workers=1, progress=False, rotate=True)
    points = table.groupby("bot")["points"].mean()
    assert points["heuristic:hard"] > points["heuristic:easy"] + 5


def test_a_bot_weighs_each_decision_as_a_fresh_judge_would() -> None:
    # The bot keeps its judge's area values between decisions while their context holds, reads the table in one call
    # and weighs one or two figure changes and a tile without a dict: at every decision of seeded games its value of
    # every legal action is that of a judge made afresh, and each short path's value is the general change's.
    from hotw.rulesets.heroes.bots import _Choices
    from hotw.rulesets.heroes.observation import HeroesObservation

    style = LEVELS["heuristic:hard"]
    checked = 0
    for seed, n in ((1, 3), (2, 4), (3, 2)):
        game = hotw.new_game("heroes", [f"P{i}" for i in range(n)], seed)
        bots = [HeroesBot(style, f"{seed}:{i}") for i in range(n)]
        while not game.is_over:
            seat = game.decision.player
            obs = HeroesObservation(game, seat)
            kept, fresh = _Choices(obs, style, bots[seat]._memo), _Choices(obs, style, {})
            for action in obs.legal_actions():
                assert kept.value(action) == fresh.value(action), (seed, action)
                checked += 1
            judge, areas = fresh.judge, sorted(obs.figures)
            for i, area in enumerate(areas):
                other = areas[i - 1]
                for s in range(n):
                    assert judge.delta_one(area, s, -2) == judge.delta({(area, s): -2, (other, s): 0})
                    assert judge.delta_pair(area, s, 1, other, s, -1) == judge.delta({(area, s): 1, (other, s): -1})
                    assert judge.delta_pair(area, s, 3, area, (s + 1) % n, -1) \
                        == judge.delta({(area, s): 3, (area, (s + 1) % n): -1})
                    # the same key twice: a dict keeps the second value
                    assert judge.delta_pair(area, s, 2, area, s, -1) == judge.delta({(area, s): 2, (area, s): -1})
                assert judge.delta_tile(area, 3.0) == judge.delta(tiles={area: [3.0]})
            game.apply(bots[seat].choose(game))
    assert checked > 1000


def test_a_bot_says_why_in_the_game_s_words_not_its_ids() -> None:
    """The reason beside the map names players, heroes and wonders: "attack Ben", never "defender:1"."""
    game = hotw.new_game("heroes", ["Ana", "Ben", "Cy", "Dee"], 2)
    bots = [make_bot(s, i, ruleset="heroes") for i, s in enumerate(SPECS + SPECS)][:4]
    said: list[str] = []
    while not game.is_over:
        bot = bots[game.decision.player]
        game.apply(bot.choose(game))
        said.append(str(bot.explain()))
    raw = [w for w in said if any(k in w for k in ("defender:", "seat:", "count:", "ajanta:", "gardens:"))]
    assert raw == [] and any(w.startswith("attack ") for w in said)
