"""Bots: legal choices only, one-line explanations, determinism, and no peeking at hidden cards or dice.

The shared layer (``hotw.bots``: the protocol, ``random``, the registry; ``hotw.observation``)
and the 2018 ruleset's own bots and observation (``hotw/rulesets/hotw2018/``).
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import operator
import re

import pytest

import hotw
import hotw.bots
import hotw.observation
from hotw.bots import GENERIC_BOTS, RandomBot, bot_names, make_bot
from hotw.errors import BotError, RulesetError
from hotw.observation import Observation, observation
from hotw.rulesets import get_ruleset, register
from hotw.rulesets.hotw2018 import Hotw2018Game
from hotw.rulesets.hotw2018.bots import BOTS, LEVELS, HeuristicBot
from hotw.rulesets.hotw2018.observation import Hotw2018Observation

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
    assert make_bot(" greedy ", ruleset="hotw2018").name == "greedy"
    assert {make_bot(s).name for s in bot_names()} == set(SPECS)
    assert bot_names() == bot_names("hotw2018") == sorted(SPECS + ["heuristic"])
    assert set(LEVELS) == {"easy", "greedy", "medium", "hard"}
    with pytest.raises(BotError, match="known bots: greedy, heuristic, heuristic:easy, heuristic:hard, "
                                       "heuristic:medium, random$"):
        make_bot("heuristic:expert")
    with pytest.raises(RulesetError, match="known rulesets"):
        make_bot("random", ruleset="hotw1066")


def test_the_registry_joins_the_generic_bots_and_the_rulesets_own() -> None:
    assert isinstance(make_bot("random"), RandomBot)
    assert get_ruleset("hotw2018").bots() == BOTS
    assert set(bot_names()) == set(GENERIC_BOTS) | set(BOTS)
    assert all(isinstance(make_bot(name), HeuristicBot) for name in BOTS)
    assert make_bot("heuristic:hard", 3).style is LEVELS["hard"]


#: A ruleset with the 2018 game but no bots of its own, and one whose game names no observation class.
BOTLESS = "botless_2018"
PLAIN = "plain_observation_2018"


class _PlainGame(Hotw2018Game):
    observation_class = None


def _botless() -> hotw.rulesets.Ruleset:
    return dataclasses.replace(get_ruleset("hotw2018"), name=BOTLESS, bots_module=None)


def _plain() -> hotw.rulesets.Ruleset:
    return dataclasses.replace(get_ruleset("hotw2018"), name=PLAIN, bots_module=None,
                               game_factory=lambda rs, players, seed=0, **kw: _PlainGame(rs, players, seed, **kw))


register(BOTLESS, _botless)
register(PLAIN, _plain)


def test_a_ruleset_without_bots_of_its_own_has_the_generic_ones_only() -> None:
    assert bot_names(BOTLESS) == ["random"]
    with pytest.raises(BotError, match="unknown bot 'greedy' for .*known bots: random$"):
        make_bot("greedy", ruleset=BOTLESS)
    assert isinstance(make_bot("random", 1, BOTLESS), RandomBot)


def test_the_random_bot_needs_only_the_shared_observation() -> None:
    game = hotw.new_game(PLAIN, ["A", "B", "C"], seed=6)
    assert type(observation(game)) is Observation
    bots = [make_bot("random", i, PLAIN) for i in range(3)]
    words = []

    def check(g, bot, action):
        words.append(bot.explain())

    _play(game, bots, check=check)
    assert game.winner is not None
    assert any(w.startswith("invade ") and "_" not in w.split(":")[0] for w in words)  # lands by name


def test_the_shared_layer_names_no_ruleset() -> None:
    for module in (hotw.bots, hotw.observation):
        tree = ast.parse(inspect.getsource(module))
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert not {m for m in imported if m and m.startswith("hotw.rulesets.")}, module.__name__


# -- hidden information ----------------------------------------------------------------------


def test_observation_shows_only_what_the_seat_may_see() -> None:
    game = hotw.new_game(players=["A", "B", "C"], seed=2)
    _play(game, [make_bot("random", i) for i in range(3)], until=lambda g: g.decision.step == "invade")
    seat = game.decision.player
    obs = observation(game, seat)
    assert type(obs) is Hotw2018Observation and isinstance(obs, Observation)
    assert obs.hand == tuple(game.hands[seat])
    assert obs.hand_sizes == tuple(len(h) for h in game.hands)
    for hidden in ("hands", "deck_empires", "deck_events", "seed", "history", "log", "_key", "empire_of", "game"):
        assert not hasattr(obs, hidden), hidden
    assert not hasattr(obs, "__dict__")  # slots only: nothing else can be hung on an observation
    assert Observation.__slots__ == ("_decision", "_game", "_to_decide", "seat", "step") and Hotw2018Observation.__slots__ == ()
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


def _public_view(obs: Observation) -> dict[str, object]:
    """Everything an observation shows: each public property, and each method that needs no argument."""
    view: dict[str, object] = {}
    for name in dir(type(obs)):
        if name.startswith("_"):
            continue
        member = inspect.getattr_static(type(obs), name)
        if isinstance(member, property):
            view[name] = getattr(obs, name)
        elif callable(member):
            params = list(inspect.signature(member).parameters.values())[1:]
            if all(p.default is not p.empty for p in params):
                view[name] = getattr(obs, name)()
        elif name == "seat":
            view[name] = getattr(obs, name)
    return view


def test_no_observation_attribute_shows_hidden_information() -> None:
    """Both observation classes, every attribute: the same for a seat whatever the hidden cards and dice."""
    game = hotw.new_game(players=["A", "B", "C", "D"], seed=13)
    bots = [make_bot("heuristic:medium", f"13:{i}") for i in range(4)]
    steps = seen = 0
    shown: set[str] = set()
    while not game.is_over and steps < 500:
        if steps % 7 == 0:
            for seat in range(game.n):  # the deciding seat and the others
                copy = _perturbed(game, seat)
                for cls in (Observation, Hotw2018Observation):
                    mine, theirs = _public_view(cls(game, seat)), _public_view(cls(copy, seat))
                    assert mine == theirs, [k for k in mine if mine[k] != theirs[k]]
                    shown |= set(mine)
                seen += 1
        game.apply(bots[game.decision.player].choose(game))
        steps += 1
    assert seen > 100
    # Every attribute was compared, the shared ones and the 2018 table's alike.
    assert {"players", "score", "decision", "legal_actions", "hand", "owner", "actor", "battle", "forts",
            "structures", "monuments", "targets", "invade_choices", "region_counts", "turn_order"} <= shown


@pytest.mark.parametrize("spec", ["random", "greedy", "heuristic:easy", "heuristic:medium", "heuristic:hard"])
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


def test_doctests() -> None:
    import doctest

    import hotw.rulesets.hotw2018.bots as bots_2018
    import hotw.rulesets.hotw2018.observation as observation_2018

    for module in (hotw.bots, hotw.observation, bots_2018, observation_2018):
        failures, tried = doctest.testmod(module)
        assert tried and not failures, module.__name__
