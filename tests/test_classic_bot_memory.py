"""The classic heuristic bot remembers each area change it weighs by what the change reads (region, counts,
seats, epoch; forgotten when the game's area rules differ from the last decision's): at every expand decision of
seeded games, what it remembers is what it counts from scratch; the battle odds it keeps as floats are the exact
odds; the expand choices it reads in one call are the legal actions and the targets."""

from __future__ import annotations

import hotw
from hotw.bots import make_bot
from hotw.observation import observation


def test_a_remembered_area_change_is_the_change_counted_again() -> None:
    checked = remembered = 0
    for seed in range(3):
        game = hotw.new_game("classic", ["A", "B", "C", "D"], seed)
        bots = [make_bot("heuristic:hard", f"{seed}:{i}", "classic") for i in range(4)]
        while not game.is_over:
            seat = game.to_decide[0]
            if game.phase == "expand" and game.actor is not None:
                bot, obs = bots[seat], observation(game, seat)
                for land in game.targets():
                    region = obs.board.spaces[land].region
                    if region is None:
                        continue
                    holder = obs.owner.get(land)
                    for who, change, other in ((seat, 1, holder if holder != seat else None), (holder, -1, None)):
                        if who is None:
                            continue
                        key = (region, obs.region_counts[region], who, change, other, obs.epoch)
                        remembered += key in bot._deltas
                        fresh = bot._count_delta(obs, region, list(obs.region_counts[region]), who, change, other)
                        assert bot._region_delta(obs, who, land, change, other) == fresh
                        checked += 1
            game.apply_legal(bots[seat].choose(game))
    assert checked > 1000 and remembered > checked // 2


def test_a_remembered_land_gain_is_the_gain_a_fresh_bot_weighs() -> None:
    # the gain of taking each target (and its holder's loss), remembered by all it reads, against a bot with no
    # memo at every expand decision, under the printed rules and the online game's
    from hotw.rulesets.classic.botlook import look_of
    from hotw.rulesets.classic.bots import ClassicBot
    from hotw.rulesets.classic.logreplay import ONLINE_OPTIONS

    checked = remembered = 0
    for options in (None, ONLINE_OPTIONS):
        for seed in range(2):
            game = hotw.new_game("classic", ["A", "B", "C", "D"], seed, options=options)
            bots = [make_bot("heuristic:hard", f"{seed}:{i}", "classic") for i in range(4)]
            while not game.is_over:
                seat = game.to_decide[0]
                if game.phase == "expand" and game.actor is not None:
                    bot, obs = bots[seat], observation(game, seat)
                    look = look_of(obs)
                    for land in game.targets():
                        before = sum(map(len, bot._gains.values()))
                        kept = bot._gain(obs, seat, land, look)
                        remembered += sum(map(len, bot._gains.values())) == before
                        fresh = ClassicBot(0, "hard")
                        fresh._online = bool(obs.opts["online_areas"])
                        assert kept == fresh._gain(obs, seat, land, look), (seed, land)
                        checked += 1
                game.apply_legal(bots[seat].choose(game))
    assert checked > 2000 and remembered > checked // 2


def test_the_odds_kept_as_floats_are_the_exact_odds_of_the_battle() -> None:
    from hotw.rulesets.classic.battle import conquest_odds
    from hotw.rulesets.classic.botlook import win_tie

    for attack in (1, 2, 3):
        for dice in (1, 2, 3):
            for bonus in (0, 1, 2):
                for fort in (False, True):
                    for wins_ties in (False, True):
                        for rule in ("both_die", "attacker_enters"):
                            exact = conquest_odds(attack, dice, bonus, fort, wins_ties, rule)
                            odds = (attack, bonus, False, wins_ties, rule)
                            assert win_tie(odds, dice, fort) == (float(exact["win"]), float(exact["tie"]))


def test_the_expand_choices_are_the_legal_actions_and_the_targets() -> None:
    expands = 0
    for seed in range(2):
        game = hotw.new_game("classic", ["A", "B", "C", "D"], seed)
        bots = [make_bot("heuristic:hard", f"{seed}:{i}", "classic") for i in range(4)]
        while not game.is_over:
            seat = game.to_decide[0]
            for who in range(4):  # every seat: the deciding one sees its choices, the others none
                obs = observation(game, who)
                legal, targets = obs.expand_choices()
                assert legal == obs.legal_actions()
                at_expand = who == seat and obs.step == "expand"
                assert targets == (obs.targets() if at_expand and game.actor.armies > 0 else {})
                expands += at_expand
            game.apply_legal(bots[seat].choose(game))
    assert expands > 400


def test_the_classic_board_now_is_what_the_views_show_as_the_game_holds_it() -> None:
    # board_now() (read at every decision a bot weighs targets at, no views) gives what the read-only views show,
    # the game's own objects
    game = hotw.new_game("classic", ["A", "B", "C", "D"], 3)
    bots = [make_bot("heuristic:hard", f"3:{i}", "classic") for i in range(4)]
    checked = 0
    while not game.is_over:
        obs = observation(game)
        owner, counts, structures, monuments = obs.board_now()
        assert (owner, counts) == (dict(obs.owner), dict(obs.region_counts))
        assert (structures, monuments) == (dict(obs.structures), dict(obs.monuments))
        assert owner is game.owner and counts is game.owner.counts and structures is game.structures
        checked += 1
        game.apply_legal(bots[game.to_decide[0]].choose(game))
    assert checked > 200 and game.structures and game.monuments
