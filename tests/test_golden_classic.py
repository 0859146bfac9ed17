"""Golden transcripts of classic games: seeded games whose action histories and final states are kept and diffed.

As ``tests/test_golden.py`` for the 2018 edition: each file in ``tests/golden_classic/``
holds a game's set-up, its save file and its final state. The test plays the game
again and compares both, and loads the stored save and compares the final state.
Written on purpose only: ``python tests/test_golden_classic.py --write``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import hotw
from hotw.rulesets.classic.bots import BOTS

GOLDEN = Path(__file__).parent / "golden_classic"

GAMES: dict[str, dict[str, Any]] = {
    "random_3p": {"players": 3, "seed": 1, "bots": ["random"] * 3},
    "ladder_4p": {"players": 4, "seed": 11,
                  "bots": ["heuristic:hard", "heuristic:medium", "heuristic:easy", "greedy"]},
    "hard_6p": {"players": 6, "seed": 5, "bots": ["heuristic:hard"] * 6},
    "options_1993_5p": {"players": 5, "seed": 7, "bots": ["heuristic:medium", "random", "greedy", "heuristic:hard",
                                                           "heuristic:easy"],
                        "options": {"tie_rule": "reroll", "area_rule": "1993", "draw_order": "strength",
                                    "strengths": "1993", "preeminence": False}},
}


def play(spec: dict[str, Any]) -> Any:
    """Play one golden game from its set-up to the end."""
    players = [f"P{i}" for i in range(spec["players"])]
    game = hotw.new_game("classic", players, spec["seed"], options=spec.get("options"))
    bots = [BOTS[b](spec["seed"] * 10 + i) for i, b in enumerate(spec["bots"])]
    while not game.is_over:
        game.apply(bots[game.decision.player].choose(game))
    return game


def final_state(game: Any) -> dict[str, Any]:
    """The position as plain JSON: everything that decides who wins, and how each turn scored."""
    return {
        "epoch": game.epoch,
        "over": game.is_over,
        "score": list(game.score),
        "epoch_scores": [list(s) for s in game.epoch_scores],
        "turn_points": [[epoch, card, player, bd.total] for epoch, card, player, bd in game.turn_scores],
        "armies": dict(sorted(game.owner.items())),
        "structures": dict(sorted(game.structures.items())),
        "monuments": dict(sorted(game.monuments.items())),
        "forts": sorted(game.forts),
        "hands": [list(h) for h in game.hands],
        "preeminence": [list(m) for m in game.preeminence],
        "actions": len(game.history),
    }


def record(name: str, spec: dict[str, Any]) -> dict[str, Any]:
    game = play(spec)
    return {"name": name, "setup": spec, "save": json.loads(game.to_json()), "final_state": final_state(game)}


@pytest.fixture(scope="module", params=sorted(GAMES))
def golden(request: pytest.FixtureRequest) -> dict[str, Any]:
    return json.loads((GOLDEN / f"{request.param}.json").read_text(encoding="utf-8"))


def test_golden_game_plays_the_same(golden: dict[str, Any]) -> None:
    game = play(golden["setup"])
    actions = [a.text() for a in game.history]
    expected = golden["save"]["actions"]
    first = next((i for i, (a, b) in enumerate(zip(actions, expected)) if a != b), None)
    assert first is None and len(actions) == len(expected), f"{golden['name']}: diverges at action {first}"
    assert final_state(game) == golden["final_state"]


def test_golden_save_loads_to_the_same_game(golden: dict[str, Any]) -> None:
    game = hotw.load_game(json.dumps(golden["save"]))
    assert game.is_over and final_state(game) == golden["final_state"]


def test_every_golden_game_has_a_file() -> None:
    assert sorted(p.stem for p in GOLDEN.glob("*.json")) == sorted(GAMES)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_golden_classic.py --write   (rewrites tests/golden_classic/*.json)")
    GOLDEN.mkdir(exist_ok=True)
    for name, spec in GAMES.items():
        (GOLDEN / f"{name}.json").write_text(json.dumps(record(name, spec), indent=1) + "\n", encoding="utf-8")
        print("wrote", name)
