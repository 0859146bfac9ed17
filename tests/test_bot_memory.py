"""The 2018 bots remember what they weighed from one decision to the next: never at the cost of a choice.

A bot keeps its context (weights and memos) while the same empire plays; these tests check
that a bot with that memory chooses and explains exactly as a bot weighing from scratch,
and that the memory is dropped when what it was made for changes.
"""

from __future__ import annotations

import pytest

import hotw
from hotw.bots import make_bot


@pytest.mark.parametrize("seed,specs", [
    (3, ["heuristic:hard"] * 3),
    (8, ["heuristic:hard"] * 6),
    (5, ["heuristic:hard", "heuristic:medium", "greedy", "heuristic:hard"]),
])
def test_a_bot_with_memory_chooses_as_one_weighing_from_scratch(seed: int, specs: list[str]) -> None:
    game = hotw.new_game(players=[f"P{i}" for i in range(len(specs))], seed=seed)
    bots = [make_bot(spec, f"{seed}:{i}") for i, spec in enumerate(specs)]
    compared = 0
    while not game.is_over:
        seat = game.decision.player
        action = bots[seat].choose(game)
        fresh = make_bot(specs[seat], f"{seed}:{seat}")  # no memory; hard, medium and greedy play no hunches
        assert fresh.choose(game) == action, (game.decision.step, action)
        assert fresh.explain() == bots[seat].explain()
        compared += game.decision.step == "invade"
        game.apply(action)
    assert compared > 50


class _OtherScores:
    """An observation of the same position with other points on the score track (nothing written to the game)."""

    def __init__(self, obs, score):
        self._obs, self.score = obs, score

    def __getattr__(self, name):
        return getattr(self._obs, name)

    def acting(self):
        return self._obs.actor, self.score

    def weighing(self):
        epoch, cur, order, turn, _score, opts = self._obs.weighing()
        return epoch, cur, order, turn, self.score, opts


def test_the_context_is_made_again_when_the_scores_change_under_the_same_acting_empire() -> None:
    from hotw.observation import observation

    game = hotw.new_game(players=["A", "B", "C", "D"], seed=2)
    bots = [make_bot("heuristic:hard", f"2:{i}") for i in range(4)]
    while not (game.decision.step == "invade" and game.invade_choices()[0] and game.actor.armies > 1):
        game.apply(bots[game.decision.player].choose(game))
    bot = bots[game.decision.player]
    obs = observation(game)
    assert obs.acting() == (obs.actor, obs.score) and obs.acting()[0] is game.actor
    kept = bot._context(obs)
    assert bot._context(observation(game)) is kept  # the same empire, the same scores: kept
    score = list(obs.score)
    trailer = next(i for i in range(4) if i != obs.seat and score[i] < max(score))
    score[trailer] = max(score) + 7  # the same actor, a new leader: other weights
    other = bot._context(_OtherScores(obs, tuple(score)))
    assert other is not kept and other.k != kept.k
    assert other.k == make_bot("heuristic:hard", "x")._context(_OtherScores(obs, tuple(score))).k
    again = bot._context(obs)
    assert again is not other and again.k == kept.k


def test_the_unsorted_fortify_choices_are_the_sorted_ones() -> None:
    from hotw.observation import observation

    game = hotw.new_game(players=["A", "B", "C"], seed=4)
    bots = [make_bot("heuristic:hard", f"4:{i}") for i in range(3)]
    seen = 0
    while game.phase != "game_over" and seen < 40:
        if game.decision.step == "invade":
            obs = observation(game)
            lands, forts, events = obs.invade_choices()
            lands2, forts2, events2 = obs.invade_choices(False)
            assert (lands2, sorted(forts2), events2) == (lands, forts, events)
            seen += bool(forts)
        game.apply(bots[game.decision.player].choose(game))
    assert seen


def _plan_from_scratch(t, starts, fleets, caravans, epoch):  # the plan as first written: every gain each step
    from hotw.scoring import level_index

    values = t.token_values[min(epoch, t.epochs)]
    taken, held, frontier = [], {}, set(starts)
    markers, reached = set(fleets) | set(caravans), set()
    while frontier and len(taken) < 24:
        def gain(land):
            r = t.region_of[land]
            c = held.get(r, 0)
            vals = values.get(r, (0, 0, 0))
            before = vals[level_index(c, 0)] if c else 0
            return (vals[level_index(c + 1, 0)] - before + 0.5 * t.resources.get(land, 0)
                    + (100 if land in starts else 0), land)

        land = max(frontier, key=gain)
        frontier.discard(land)
        taken.append(land)
        held[t.region_of[land]] = held.get(t.region_of[land], 0) + 1
        frontier.update(n for n in t.land_nbrs[land] if n not in taken)
        for m in markers - reached:
            if land in t.marker_lands.get(m, ()):
                reached.add(m)
                frontier.update(x for x in t.marker_lands[m] if x not in taken)
    return tuple(taken)


def test_the_planned_expansion_is_the_one_every_gain_weighed_at_each_step_gives() -> None:
    from hotw.observation import observation
    from hotw.rulesets.hotw2018.botplan import plan
    from hotw.rulesets.hotw2018.evaluation import Tables

    game = hotw.new_game(players=["A", "B", "C"], seed=1)
    obs = observation(game)
    t = Tables(obs.board, obs.content, obs.epochs)  # a fresh memo
    cards = [(c.start, c.fleets, c.caravans) for c in obs.content.empires.values()]
    cards += [(e.kingdom.start, e.kingdom.fleets, e.kingdom.caravans) for e in obs.content.events.values()
              if e.kingdom is not None]
    assert len(cards) > 20
    for epoch in range(1, obs.epochs + 1):
        for starts, fleets, caravans in cards:
            starts, fleets, caravans = tuple(starts), tuple(fleets), tuple(caravans)
            assert plan(t, starts, fleets, caravans, epoch) == _plan_from_scratch(t, starts, fleets, caravans, epoch)


def test_the_armies_a_bot_copies_are_the_owners_and_counts_the_views_show() -> None:
    """``armies_copy()`` and ``standing()`` (read at every invade decision) equal the views, with the engine's
    counts or without."""
    from hotw.observation import observation

    game = hotw.new_game(players=["A", "B", "C", "D"], seed=4)
    bots = [make_bot("heuristic:hard", f"4:{i}") for i in range(4)]
    checked = 0
    while not game.is_over and checked < 40:
        obs = observation(game)
        owners, counts = obs.armies_copy()
        assert owners == dict(obs.owner) and counts == dict(obs.region_counts)
        assert type(owners) is dict and type(counts) is dict
        owners["nowhere"] = 0  # a copy: the game is untouched
        assert "nowhere" not in game.owner
        structures, monuments, forts = obs.standing()
        assert (structures, monuments, forts) == (dict(obs.structures), obs.monuments, obs.forts)
        assert type(structures) is dict and type(monuments) is type(forts) is frozenset
        structures["nowhere"] = "city"
        assert "nowhere" not in game.tokens
        checked += 1
        game.apply(bots[game.decision.player].choose(game))
    # A table whose owners are a plain dict (no counts kept): the counts are counted
    from types import SimpleNamespace

    from hotw.rulesets.hotw2018.observation import Hotw2018Observation

    table = SimpleNamespace(players=game.players, n=game.n, board=game.board, owner=dict(game.owner),
                            to_decide=game.to_decide)  # an observation reads the pending decision when made
    owners, counts = Hotw2018Observation(table, 0).armies_copy()
    assert owners == dict(game.owner) and counts == dict(game.owner.counts)


def test_the_board_now_is_what_the_views_show_as_the_game_holds_it() -> None:
    """``board_now()`` (read at every invade decision, no copies) gives what the views show, the game's own
    objects, with the engine's counts or without."""
    from types import SimpleNamespace

    from hotw.observation import observation
    from hotw.rulesets.hotw2018.observation import Hotw2018Observation

    game = hotw.new_game(players=["A", "B", "C", "D"], seed=4)
    bots = [make_bot("heuristic:hard", f"4:{i}") for i in range(4)]
    checked = 0
    while not game.is_over:
        obs = observation(game)
        owners, counts, structures, monuments, forts = obs.board_now()
        assert (owners, counts, structures) == (dict(obs.owner), dict(obs.region_counts), dict(obs.structures))
        assert (monuments, forts) == (obs.monuments, obs.forts)
        assert owners is game.owner and structures is game.tokens and forts is game.forts
        checked += 1
        game.apply(bots[game.decision.player].choose(game))
    assert checked > 100 and game.monuments and game.tokens
    table = SimpleNamespace(players=game.players, n=game.n, board=game.board, owner=dict(game.owner),
                            tokens=game.tokens, monuments=game.monuments, forts=game.forts, to_decide=game.to_decide)
    assert dict(Hotw2018Observation(table, 0).board_now()[1]) == dict(game.owner.counts)


def test_invade_now_is_the_invade_choices_the_acting_empire_and_the_board_in_one_call() -> None:
    """``invade_now()`` (read at every invade decision of the hard bot) gives what ``invade_choices(False)``,
    ``acting()`` and ``board_now()`` give, the same objects, for the seat to decide and for any other seat."""
    from hotw.observation import observation
    from hotw.rulesets.hotw2018.observation import Hotw2018Observation

    game = hotw.new_game(players=["A", "B", "C", "D"], seed=6)
    bots = [make_bot("heuristic:hard", f"6:{i}") for i in range(4)]
    checked = 0
    while not game.is_over:
        if game.decision.step == "invade":
            obs = observation(game)
            now = obs.invade_now()
            lands, forts, events = obs.invade_choices(False)
            assert now[:3] == (lands, forts, events) and (now[0] is lands or not lands)  # the memo's view, no copy
            assert now[3:5] == obs.acting() and now[3] is game.actor
            assert all(a is b for a, b in zip(now[5:], obs.board_now()))
            other = Hotw2018Observation(game, (obs.seat + 1) % 4)
            assert other.invade_now()[:3] == ({}, [], []) == other.invade_choices(False)
            checked += 1
        game.apply(bots[game.decision.player].choose(game))
    assert checked > 100


def test_the_invade_choices_are_the_engines_read_only_and_as_legal() -> None:
    # The lands to invade come without a copy: a view of the engine's own memo, which a bot cannot change.
    from hotw.observation import observation

    game = hotw.new_game(players=["A", "B", "C"], seed=5)
    bots = [make_bot("heuristic:hard", f"5:{i}") for i in range(3)]
    seen = 0
    while game.phase != "game_over" and seen < 20:
        if game.decision.step == "invade" and game.actor.armies > 0:
            lands, forts, _events = observation(game).invade_choices(False)
            if lands:
                with pytest.raises(TypeError):
                    lands[next(iter(lands))] = True  # type: ignore[index]
                legal = game.legal_actions()
                assert sorted(lands) == sorted(a.target for a in legal if a.kind == "invade")
                assert sorted(forts) == sorted(a.target for a in legal if a.kind == "fortify")
                seen += 1
        game.apply(bots[game.decision.player].choose(game))
    assert seen


def test_the_observations_legal_actions_are_the_games_for_the_seat_to_decide_only() -> None:
    # The 2018 observation calls the game's functions directly (no method looked up on the game): the same lists,
    # the draft's and the siege's included, an empty one for every other seat and once the game is over.
    from hotw.observation import observation

    game = hotw.new_game(players=["A", "B", "C"], seed=6)
    bots = [make_bot("heuristic:hard", f"6:{i}") for i in range(3)]
    steps = set()
    while not game.is_over:
        decider, step = game.to_decide
        steps.add(step)
        for seat in range(3):
            assert observation(game, seat).legal_actions() == (game.legal_actions() if seat == decider else [])
        game.apply(bots[decider].choose(game))
    assert {"pick_event", "pick_empire", "invade", "siege_or_retreat"} <= steps
    assert all(observation(game, seat).legal_actions() == [] for seat in range(3))


def test_what_the_observation_reads_of_one_land_is_what_its_views_show() -> None:
    from types import SimpleNamespace

    from hotw.observation import observation
    from hotw.rulesets.hotw2018.observation import Hotw2018Observation

    game = hotw.new_game(players=["A", "B", "C", "D"], seed=7)
    bots = [make_bot("heuristic:hard", f"7:{i}") for i in range(4)]
    region_of = {land: r for r, reg in game.board.regions.items() for land in reg.lands}
    checked = 0
    while not game.is_over:
        if game.to_decide[1] == "siege_or_retreat" or (checked < 2 and game.epoch >= 3):
            obs = observation(game)
            for land, region in region_of.items():
                assert obs.land(land, region) == (
                    obs.owner.get(land, -1), obs.region_counts[region], obs.structures.get(land),
                    land in obs.monuments, land in obs.forts, len(obs.monuments)), land
            checked += 1
        game.apply(bots[game.decision.player].choose(game))
    assert checked > 5 and game.monuments and game.tokens
    # A table whose owners are a plain dict (no counts kept): the region's counts are counted
    table = SimpleNamespace(players=game.players, n=game.n, board=game.board, owner=dict(game.owner),
                            tokens=game.tokens, monuments=game.monuments, forts=game.forts, to_decide=game.to_decide)
    land, region = next(iter(game.owner)), region_of[next(iter(game.owner))]
    assert Hotw2018Observation(table, 0).land(land, region)[:2] == (game.owner[land], game.owner.counts[region])


def test_the_odds_a_bot_keeps_by_bits_for_the_process_are_the_battles_exact_odds() -> None:
    """The invade step's odds by bits (fort, rough, naval: the battle's, then the siege's first round), kept for the
    process per dice effects and odds key, are those of the battle's own setup worked out afresh (no memo)."""
    from hotw.rulesets.hotw2018 import heuristic
    from hotw.rulesets.hotw2018.battle import PRINTED_DICE, battle_fractions, battle_setup

    for seed in (2, 6):
        game = hotw.new_game(players=["A", "B", "C", "D"], seed=seed)
        bots = [make_bot("heuristic:hard", f"{seed}:{i}") for i in range(4)]
        while not game.is_over:
            game.apply(bots[game.decision.player].choose(game))
    checked = 0
    for key, (_table, by_bits) in heuristic._ODDS_OF.items():
        dice, (catapult_max, ties_hold, odds) = (PRINTED_DICE, key) if isinstance(key[0], int) else key
        for bits, hit in enumerate(by_bits):
            if hit is None:
                continue
            exact = []
            for siege_round in (0, 1):
                setup = battle_setup(dice, bits >= 4, bits & 2 == 2, bits & 1 == 1, siege_round, catapult_max)
                win, tie, _lose = battle_fractions(setup)
                exact.append((float(win), 0.0 if ties_hold else float(tie)) if odds else (0.5, 0.0))
            (pw, pt), siege = exact
            assert hit == (pw, pt, 1 - pw - pt, *siege), (key, bits)
            checked += 1
    assert checked >= 4


def test_a_context_reads_the_game_as_the_observation_s_properties_give_it() -> None:
    """``weighing()`` is the epoch, region values, call order, turn, scores and options in one call, and the
    tables keep what the options and the epoch give only while they are the same (a new epoch: its own)."""
    from hotw.observation import observation
    from hotw.rulesets.hotw2018.evaluation import LEVELS, Context, structure_values, tables

    game = hotw.new_game(players=["A", "B", "C", "D"], seed=6)
    bots = [make_bot("heuristic:hard", f"6:{i}") for i in range(4)]
    epochs = set()
    while not game.is_over:
        obs = observation(game)
        epoch, cur, order, turn, score, opts = obs.weighing()
        assert (epoch, cur, order, turn, score) == (obs.epoch, dict(obs.region_values), obs.turn_order, obs.turn,
                                                    obs.score)
        assert opts == dict(obs.opts) and cur is not game.region_values  # a copy: the context keeps it
        for style in (LEVELS["hard"],) if game.epoch < 5 else (LEVELS["hard"], LEVELS["medium"]):
            ctx = Context(obs, style, tables(obs))
            fut, fsum = tables(obs).future(max(epoch, 1), style.survival)
            assert (ctx.fut, ctx.fsum, ctx.n) == (fut, fsum, 4)
            assert ctx.sp == tuple(opts["structure_points"]) and ctx.structure_values == structure_values(ctx.sp)
            assert ctx.odds_key == (int(opts["catapult_max"]), opts.get("tie_rule") == "defender_holds", style.odds)
            assert ctx.icons == int(opts["monument_icons"])
        epochs.add(epoch)
        game.apply(bots[game.decision.player].choose(game))
    assert len(epochs) >= 5
