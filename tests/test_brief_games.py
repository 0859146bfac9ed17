"""A Brief History of the World: seeded random games with invariants, 2 to 6 players, save and load, undo,
illegal actions that change nothing, and golden transcripts (``python tests/test_brief_games.py --write``)."""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import hotw
from hotw.actions import Action
from hotw.bots import make_bot

GAMES = int(os.environ.get("HOTW_RANDOM_GAMES", "200"))
GOLDEN = Path(__file__).parent / "golden_brief"
PROBES = [Action("invade", "sahara"), Action("expand", "atlantic_ocean"), Action("fort", "nowhere"),
          Action("overrun", "crete"), Action("play", "no_such_card"), Action("continue"), Action("empire", "x"),
          Action("bonus", "99"), Action("end_turn"), Action("monument", "alps")]


def check_invariants(g: Any) -> None:
    """Rules that hold in every position."""
    for c in range(g.nc):
        assert g.army_count(c) == g.opts["player_armies"], f"colour {c} has {g.army_count(c)} armies"
        assert g.supply[c] >= 0 and g.gold[c] >= 0
    for land, colour in g.owner.items():
        assert g.board.spaces[land].kind == "land", f"army on {land}"
        assert 0 <= colour < g.nc
    active = set().union(*(f.active for f in g.forces)) if g.forces else set()
    assert g.standing == active, "standing armies are exactly the forces' armies"
    assert all(g.owner.get(land) == g.turn_colour for land in g.standing)
    assert all(f.array >= 0 and 0 <= f.dial <= g.opts["dial_max"] for f in g.forces)
    assert len(g.monuments) <= g.opts["monuments"] and len(g.forts) <= g.opts["forts"]
    assert all(g.board.spaces[s].kind == "land" for s in set(g.structures) | g.monuments | g.forts)
    assert g.in_play is None or all(g.in_play not in h or h.count(g.in_play) < 2 for h in g.hands)
    if g.phase in ("bonus_draw", "bonus_pick"):
        assert len(set(g.gold)) == g.nc, f"markers share a space after the adjustment: {g.gold}"
    if not g.is_over:
        assert g.legal_actions(), "no legal action before the end"


def _probe(g: Any, rng: random.Random) -> None:
    probe = rng.choice(PROBES)
    if probe in set(g.legal_actions()):
        return
    before = g.state_key()
    with pytest.raises(hotw.IllegalActionError):
        g.apply(probe)
    assert g.state_key() == before


@pytest.mark.parametrize("block", range(10))
def test_random_games_keep_the_invariants(block: int) -> None:
    per_block = max(GAMES // 10, 1)
    for i in range(per_block):
        seed = block * per_block + i
        players = 2 + seed % 5
        rng = random.Random(seed)
        g = hotw.new_game("brief", [f"P{k}" for k in range(players)], seed)
        steps = 0
        while not g.is_over:
            check_invariants(g)
            if steps % 7 == 0:
                _probe(g, rng)
            g.apply(rng.choice(g.legal_actions()))
            steps += 1
        check_invariants(g)
        assert g.epoch == 6 and len(g.epoch_scores) == 6
        assert g.score == [sum(g.gold[c] for c in range(g.nc) if g.colour_player[c] == p) for p in range(players)]
        assert len(g.turn_scores) >= 6 * g.nc  # one empire turn per colour and epoch (two for a double card)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_save_load_and_undo_give_the_same_game(players: int) -> None:
    g = hotw.new_game("brief", [f"P{k}" for k in range(players)], 100 + players)
    rng = random.Random(players)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        if len(g.history) == 300:
            mid = hotw.load_game(g.to_json())
            assert mid.state_key() == g.state_key()
            before = g.state_key()
            g.apply(g.legal_actions()[0])
            g.undo()
            assert g.state_key() == before
    again = hotw.load_game(g.to_json())
    assert again.state_key() == g.state_key() and again.score == g.score


def test_the_same_seed_and_choices_give_the_same_game() -> None:
    def play() -> tuple[Any, ...]:
        g = hotw.new_game("brief", ["A", "B", "C", "D"], 42)
        rng = random.Random(0)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        return g.state_key()
    assert play() == play()


# --------------------------------------------------------------------------- golden transcripts

GAMES_GOLDEN: dict[str, dict[str, Any]] = {
    "random_2p": {"players": 2, "seed": 3, "bots": ["random"] * 2},
    "random_4p": {"players": 4, "seed": 4, "bots": ["random"] * 4},
    "random_6p": {"players": 6, "seed": 6, "bots": ["random"] * 6},
    "ladder_5p": {"players": 5, "seed": 7,
                  "bots": ["random", "heuristic:easy", "greedy", "heuristic:medium", "heuristic:hard"]},
    "options_3p": {"players": 3, "seed": 5, "bots": ["random"] * 3,
                   "options": {"player_armies": 20, "dial_max": 1, "monuments": 4}},
}


def play_golden(spec: dict[str, Any]) -> Any:
    """Play one golden game from its set-up to the end."""
    g = hotw.new_game("brief", [f"P{i}" for i in range(spec["players"])], spec["seed"],
                      options=spec.get("options"))
    bots = [make_bot(b, spec["seed"] * 10 + i, "brief") for i, b in enumerate(spec["bots"])]
    while not g.is_over:
        g.apply(bots[g.decision.player].choose(g))
    return g


def final_state(g: Any) -> dict[str, Any]:
    """The position as plain JSON."""
    return {
        "score": list(g.score), "gold": list(g.gold), "epoch_scores": [list(s) for s in g.epoch_scores],
        "turn_gold": [[e, card, p, bd.total] for e, card, p, bd in g.turn_scores],
        "supply": list(g.supply), "armies": dict(sorted(g.owner.items())),
        "structures": dict(sorted(g.structures.items())), "monuments": sorted(g.monuments),
        "forts": sorted(g.forts), "hands": [sorted(h) for h in g.hands], "bonus": [list(b) for b in g.bonus_held],
        "actions": len(g.history),
    }


def record(name: str, spec: dict[str, Any]) -> dict[str, Any]:
    g = play_golden(spec)
    return {"name": name, "setup": spec, "save": json.loads(g.to_json()), "final": final_state(g)}


@pytest.mark.parametrize("name", sorted(GAMES_GOLDEN))
def test_golden_transcripts(name: str) -> None:
    stored = json.loads((GOLDEN / f"{name}.json").read_text())
    now = record(name, GAMES_GOLDEN[name])
    assert now["save"]["actions"] == stored["save"]["actions"], "the game plays differently from its transcript"
    assert now["final"] == stored["final"]
    loaded = hotw.load_game(json.dumps(stored["save"]))
    assert final_state(loaded) == stored["final"]


if __name__ == "__main__" and "--write" in sys.argv:
    GOLDEN.mkdir(exist_ok=True)
    for game_name, game_spec in GAMES_GOLDEN.items():
        (GOLDEN / f"{game_name}.json").write_text(json.dumps(record(game_name, game_spec), indent=1) + "\n")
        print("wrote", game_name)
