"""What a seat sees of a Brief History game: its own cards and tokens, never what lies face down."""

from __future__ import annotations

import random

import hotw
from hotw.rulesets.brief.observation import BriefObservation, brief_observation


def _game_in_epoch_two():  # type: ignore[no-untyped-def]
    g = hotw.new_game("brief", ["A", "B", "C"], 5)
    rng = random.Random(5)
    while g.epoch < 2 or g.phase != "allocate":
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_a_seat_sees_its_own_hand_and_bonus_tokens_only() -> None:
    g = _game_in_epoch_two()
    obs = BriefObservation(g, 0)
    assert obs.hand == tuple(g.hands[0]) and set(obs.hands) == {0}
    assert set(obs.bonus_tokens) == {0} and obs.bonus_counts == tuple(len(b) for b in g.bonus_held)
    assert not hasattr(obs, "bonus_pool") and not hasattr(obs, "dealt_empires")


def test_a_seat_sees_no_area_value_of_a_later_epoch() -> None:
    g = _game_in_epoch_two()
    obs = BriefObservation(g, 1)
    assert dict(obs.area_values) == g.area_values  # only what lies in the circles now
    assert all(v is not None for v in obs.area_values.values())


def test_a_seat_sees_only_the_choices_handed_to_it() -> None:
    g = _game_in_epoch_two()
    whose = g.decision.player
    other = (whose + 1) % 3
    assert brief_observation(g, other).legal_actions() == [] and brief_observation(g, other).offered == ()
    assert brief_observation(g).offered == tuple(a.target for a in g.legal_actions())


def test_other_empire_cards_are_seen_only_once_called() -> None:
    g = _game_in_epoch_two()
    while g.phase == "allocate":
        g.apply(g.legal_actions()[0])
    obs = BriefObservation(g, 0)
    called = g.content.epoch_empires(g.epoch)[: g.call_index + 1]
    for colour, card in obs.played_empires.items():
        assert colour == 0 or card in called


def test_the_game_names_its_observation_class() -> None:
    g = hotw.new_game("brief", ["A", "B", "C"], 1)
    assert g.observation_class is BriefObservation
