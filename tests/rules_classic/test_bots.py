"""The classic bots: legal moves from the observation only, and a ladder where hard beats easy."""

from __future__ import annotations

import inspect
import re

import pytest

import hotw
from hotw.observation import Observation, observation
from hotw.rulesets import get_ruleset
from hotw.rulesets.classic.bots import BOTS
from hotw.rulesets.classic.observation import ClassicObservation


def play(seed: int, specs: list[str]) -> hotw.Game:
    game = hotw.new_game("classic", [f"P{i}" for i in range(len(specs))], seed)
    bots = [BOTS[s](seed * 10 + i) for i, s in enumerate(specs)]
    while not game.is_over:
        bot = bots[game.decision.player]
        action = bot.choose(game)
        assert action in game.legal_actions()
        assert bot.explain()
        game.apply(action)
    return game


def test_the_ruleset_lists_its_bots() -> None:
    assert set(get_ruleset("classic").bots()) == set(BOTS)


@pytest.mark.parametrize("spec", sorted(BOTS))
def test_every_bot_plays_a_whole_game(spec: str) -> None:
    game = play(3, [spec] * 4)
    assert game.is_over and len(game.turn_scores) == 28


def test_the_observation_hides_other_hands_and_every_marker_value() -> None:
    game = play(1, ["greedy"] * 3)
    obs = observation(game, 0)
    assert type(obs) is ClassicObservation and isinstance(obs, Observation) and ClassicObservation.__slots__ == ()
    assert obs.hand == tuple(game.hands[0]) and obs.hand_sizes == tuple(len(h) for h in game.hands)
    assert obs.markers_held == tuple(len(m) for m in game.preeminence)
    assert not any(name.startswith(("preeminence", "hands", "deck", "piles", "seed")) for name in dir(obs))


def _perturbed(game: hotw.Game, seat: int) -> hotw.Game:
    """The same position, but the other seats' event cards, every pre-eminence marker's value, the deck's order
    and the dice to come changed: all that ``seat`` may not see."""
    copy = hotw.load_game(game.to_json())
    held = {c for h in copy.hands for c in h}
    others = [c for p in range(copy.n) if p != seat for c in copy.hands[p]]
    pool = sorted(c for c in copy.content.events if c not in held) + others[::-1]  # unheld cards first
    for p in range(copy.n):
        if p != seat:
            size = len(copy.hands[p])  # how many cards a seat holds is public; which ones is not
            copy.hands[p], pool = pool[:size], pool[size:]
    copy.preeminence = [[v + 1 for v in m] for m in copy.preeminence]  # face down, even to their holder
    copy.deck = list(reversed(copy.deck))
    copy._key ^= 0x5DEECE66D  # different dice from here on
    return copy


def _public_view(obs: Observation) -> dict[str, object]:
    """Everything an observation shows: each public property, and each method that needs no argument."""
    view: dict[str, object] = {"seat": obs.seat}
    for name in dir(type(obs)):
        member = inspect.getattr_static(type(obs), name)
        if name.startswith("_"):
            continue
        if isinstance(member, property):
            view[name] = getattr(obs, name)
        elif callable(member) and all(p.default is not p.empty
                                      for p in list(inspect.signature(member).parameters.values())[1:]):
            view[name] = getattr(obs, name)()
    return view


def test_no_observation_attribute_shows_another_seats_hand() -> None:
    """Every attribute, for every seat: the same whatever the others' cards, the markers, the deck and the dice."""
    game = hotw.new_game("classic", ["A", "B", "C", "D"], 5)
    bots = [BOTS["heuristic:medium"](50 + i) for i in range(4)]
    steps = seen = changed = 0
    shown: set[str] = set()
    while not game.is_over and steps < 600:
        if steps % 7 == 0 and any(game.hands[p] for p in range(game.n)):
            for seat in range(game.n):
                copy = _perturbed(game, seat)
                changed += copy.hands != game.hands
                mine, theirs = _public_view(observation(game, seat)), _public_view(observation(copy, seat))
                assert mine == theirs, [k for k in mine if mine[k] != theirs[k]]
                shown |= set(mine)
                seen += 1
        game.apply(bots[game.decision.player].choose(game))
        steps += 1
    assert seen > 100 and changed > 100
    assert {"hand", "hand_sizes", "markers_held", "drawn_card", "event_step", "legal_actions", "decision",
            "log_seen", "score", "owner", "targets"} <= shown


def test_hard_finishes_ahead_of_easy() -> None:
    ahead = 0
    for seed in range(12):
        specs = ["heuristic:hard", "heuristic:easy", "greedy"]
        specs = specs[seed % 3:] + specs[:seed % 3]
        game = play(seed, specs)
        ahead += game.score[specs.index("heuristic:hard")] > game.score[specs.index("heuristic:easy")]
    assert ahead >= 9


def test_the_bots_weigh_an_attack_by_the_tie_rule_in_force() -> None:
    # Under the online tie rule a tie takes the land (the defender dies and the attacking army enters), so the same
    # attack is worth more than under the printed rule, where both armies die.
    from tests.rules_classic.helpers import begun

    # Under the 1993 re-roll a tie is rolled again, so the attack is won or lost: worth more than where both die.
    values = {}
    for rule in ("both_die", "attacker_enters", "reroll"):
        game = begun("egypt", armies={"libya": 1}, options={"tie_rule": rule})
        obs = observation(game, game.decision.player)
        values[rule] = BOTS["heuristic:hard"](0)._attack_value(obs, "libya", obs.targets()["libya"])
    assert values["attacker_enters"] > values["both_die"]
    assert values["reroll"] > values["both_die"]


@pytest.mark.parametrize("fort", [False, True])
def test_the_bots_weigh_a_tie_that_enters_as_keeping_the_capitol(fort: bool) -> None:
    # Under the online tie rule a tie takes the land with its buildings unchanged (the defender dies, the attacking
    # army enters), where a win reduces a capitol to a city: Ben's capitol in Libya is worth its capitol's points
    # over a city's (2 - 1) more at the chance of a tie, beside what the win takes. At a fort a tie kills the
    # attacker with the fort, so only the tie of the round after the fort falls enters.
    from hotw.rulesets.classic.battle import battle_odds, conquest_odds
    from hotw.rulesets.classic.botlook import look_of
    from tests.rules_classic.helpers import begun

    def weighed(structures: dict[str, str]) -> tuple[float, float, float]:
        game = begun("egypt", armies={"libya": 1}, structures=structures, forts=["libya"] if fort else [],
                     options={"tie_rule": "attacker_enters"})
        obs = observation(game, game.decision.player)
        bot, dice = BOTS["heuristic:hard"](0), obs.targets()["libya"]
        return bot._attack_value(obs, "libya", dice), bot._gain(obs, obs.seat, "libya", look_of(obs))[0], dice

    with_capitol, gain_capitol, dice = weighed({"libya": "capitol"})
    without, gain_without, _dice = weighed({})
    win = float(conquest_odds(2, dice, fort=fort, tie_rule="attacker_enters")["win"])  # a tie: the attacker's win
    through = float(battle_odds(2, dice, fort=True)["win"]) if fort else 1.0  # the fort's round won outright
    tie = through * float(battle_odds(2, dice)["tie"])  # then a tie, as the printed rule's odds give it
    assert with_capitol - without == pytest.approx(win * (gain_capitol - gain_without) + tie * (2 - 1))


def test_the_bots_weigh_treachery_by_whether_it_keeps_the_capitol() -> None:
    # Under treachery_keeps (the online game) a land taken by Treachery keeps its capitol; printed, it becomes a
    # city: Babylonia's capitol in the Middle Tigris is worth 2 points to Assyria's betrayal against 1.
    from hotw.rulesets.classic.botlook import look_of
    from tests.rules_classic.helpers import called

    values = {}
    for keeps in (False, True):
        game = called("assyria", seat=0, later={"chou": 1, "vedic": 2}, armies={"middle_tigris": 1},
                      structures={"middle_tigris": "capitol"}, hands={0: ["treachery"]},
                      options={"treachery_keeps": keeps})
        game.apply("play_event:treachery")
        game.apply("begin")
        assert "treachery:middle_tigris" in [a.text() for a in game.legal_actions()]
        obs = observation(game, 0)
        [values[keeps]] = BOTS["heuristic:hard"](0)._betray_values(obs, ["middle_tigris"], look_of(obs))
    assert values[True] == pytest.approx(values[False] + 1)


def test_the_bots_spread_the_online_plague_where_it_must_go_on() -> None:
    # Under plague_spreads (the online card) a plague whose army died must spread to a neighbouring army while there
    # is one, so "done" is not legal. Both armies next to Libya are the bot's own, worth no strike: it stopped
    # ("done", refused by apply and, in a simulation's apply_legal, ending the plague against the card); now it picks
    # one of them.
    from tests.rules_classic.helpers import act, called, roll

    game = called("egypt", armies={"libya": 1, "nile_delta": 0, "shatts_plateau": 0}, hands={0: ["plague"]},
                  options={"plague_spreads": True})
    act(game, "play_event:plague", "target:libya")
    roll(game, 1)  # the army in Libya dies: the plague must spread
    legal = game.legal_actions()
    assert [a.text() for a in legal] == ["target:nile_delta", "target:shatts_plateau"]
    for level in ("greedy", "heuristic:easy", "heuristic:medium", "heuristic:hard"):
        assert BOTS[level](0).choose(game) in legal, level


def test_the_bots_weigh_an_area_by_the_area_rule_in_force() -> None:
    # A second land of the Middle East dominates it under the 2001 levels but is still presence under the 1993 ones
    # (dominance with three lands): the change a bot weighs for taking Palestine is the engine's under each rule.
    from tests.rules_classic.helpers import called

    def points(game: object) -> int:
        return next(r.points for r in game.score_breakdown(0).regions if r.region == "middle_east")  # type: ignore

    changes = {}
    for rule in ("2001", "1993"):
        before = called(armies={"levant": 0}, options={"area_rule": rule})
        after = called(armies={"levant": 0, "palestine": 0}, options={"area_rule": rule})
        weighed = BOTS["greedy"](0)._region_delta(observation(before, 0), 0, "palestine", +1)
        changes[rule] = weighed
        assert weighed == points(after) - points(before)
    assert changes == {"2001": 2, "1993": 0}


def test_the_bots_value_an_empty_capitol_by_whether_entering_keeps_it() -> None:
    # With empty_keeps (the online game) an empty land's capitol stays a capitol when an empire enters; printed, it
    # becomes a city: worth 2 points against 1.
    from tests.rules_classic.helpers import begun

    gains = {}
    for keeps in (False, True):
        game = begun("egypt", structures={"libya": "capitol"}, options={"empty_keeps": keeps})
        obs = observation(game, game.decision.player)
        gains[keeps] = BOTS["heuristic:hard"](0)._land_gain(obs, obs.seat, "libya")
    assert gains[True] == gains[False] + 1


def test_the_bots_value_a_land_at_the_structure_points_in_force() -> None:
    # A what-if's structure_points (a capitol's, a city's, a monument's points): an empty capitol kept under
    # empty_keeps worth 5 instead of 2, a monument 3 instead of 1.
    from tests.rules_classic.helpers import begun

    def gain(points: tuple[int, int, int], **position: object) -> float:
        game = begun("egypt", options={"empty_keeps": True, "structure_points": points}, **position)
        obs = observation(game, game.decision.player)
        return BOTS["heuristic:hard"](0)._land_gain(obs, obs.seat, "libya")

    capitol, monument = {"structures": {"libya": "capitol"}}, {"monuments": {"libya": 1}}
    assert gain((5, 1, 1), **capitol) == pytest.approx(gain((2, 1, 1), **capitol) + 3)
    assert gain((2, 1, 3), **monument) == pytest.approx(gain((2, 1, 1), **monument) + 2)



def _disaster_strike(structures: dict[str, str], monuments: dict[str, int]) -> tuple[str, list[str]]:
    """What the hard bot of seat 0 strikes with the online Disaster (``disaster_reduces``), and the lands it may
    strike: seat 2 leads and holds Morea, seat 1 holds Pindus, seat 0 the Balkans."""
    position = {"epoch": 4, "turn": ["byzantines", 0], "scores": [10, 20, 40, 5], "hands": {"0": ["disaster"]},
                "armies": {"pindus": 1, "balkans": 0, "morea": 2}, "structures": structures, "monuments": monuments}
    game = hotw.new_game("classic", ["A", "B", "C", "D"], 1,
                         options={"disaster_reduces": True, "position": position})
    game.apply("play_event:disaster")
    legal = [a.target for a in game.legal_actions() if a.kind == "target"]
    return BOTS["heuristic"](0).choose(game).text(), legal


def test_the_bots_know_the_online_disaster_reduces_capitols_and_cities() -> None:
    # another player's capitol is worth striking (it becomes a city); the bot's own city never is
    action, legal = _disaster_strike({"pindus": "capitol", "balkans": "city"}, {})
    assert legal == ["balkans", "pindus"] and action == "target:pindus"
    # what a strike takes counts: another player's capitol and three monuments (4) before the leader's city (2 + 1)
    action, _legal = _disaster_strike({"pindus": "capitol", "morea": "city"}, {"pindus": 3})
    assert action == "target:pindus"
    action, _legal = _disaster_strike({"pindus": "capitol", "morea": "city"}, {"pindus": 1})
    assert action == "target:morea"  # the leader's city (3) before a capitol and a monument (2)


def test_a_bot_says_why_in_the_game_s_words_not_its_ids() -> None:
    """The teaching UI shows the reason beside the map: lands and cards by name ("move into Zagros: worth 4.3")."""
    game = hotw.new_game("classic", ["A", "B", "C", "D"], 2)
    bots = [BOTS[s](20 + i) for i, s in enumerate(["heuristic:hard", "heuristic:easy", "greedy", "random"])]
    said: list[str] = []
    while not game.is_over:
        bot = bots[game.decision.player]
        game.apply(bot.choose(game))
        said.append(str(bot.explain()))
    ids = {*game.board.spaces, *game.board.regions, *game.content.events, *game.content.empires}
    # an action's id ("invade:middle_tigris") or a land's or card's id ("civil_service") said as it is
    raw = [w for w in said if re.search(r"\b[a-z_]+:[a-z_]+\b", w)
           or any(i in re.split(r"[\s,:]+", w) for i in ids if "_" in i)]
    assert raw == []
    assert any(w.startswith("move into ") for w in said) and any(" the best choice for " in w for w in said)
