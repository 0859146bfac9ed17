"""Golden transcripts of Heroes of the World: seeded games kept in files and diffed (as ``test_golden.py`` does
for the 2018 game).

Each file in ``tests/golden_heroes/`` holds a game's set-up (players, seed, options, the
bot of each seat), its save file (every action, chance included) and its final state.
The test plays the game again and loads the save, and compares both with the file, so a
change that changes any rule (or a bot) shows up as a diff and older saves keep loading.
Rewrite on purpose only: ``python tests/test_golden_heroes.py --write``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import hotw
from hotw.bots import make_bot

GOLDEN = Path(__file__).parent / "golden_heroes"

GAMES: dict[str, dict[str, Any]] = {
    "random_3p": {"players": 3, "seed": 1, "bots": ["random"] * 3},
    "ladder_4p": {"players": 4, "seed": 11,
                  "bots": ["heuristic:hard", "heuristic:medium", "greedy", "heuristic:easy"]},
    "hard_5p": {"players": 5, "seed": 5, "bots": ["heuristic:hard"] * 5},
    "two_players": {"players": 2, "seed": 3, "bots": ["greedy", "heuristic:hard"]},
    "options_3p": {"players": 3, "seed": 7, "bots": ["heuristic:medium", "random", "greedy"],
                   "options": {"modern_valuations": 4, "start_coins": 3, "wonder_cost": 5}},
}


def play(spec: dict[str, Any]) -> hotw.Game:
    players = [f"P{i}" for i in range(spec["players"])]
    game = hotw.new_game("heroes", players, spec["seed"], options=spec.get("options"))
    bots = [make_bot(b, spec["seed"] * 10 + i, ruleset="heroes") for i, b in enumerate(spec["bots"])]
    while not game.is_over:
        game.apply(bots[game.decision.player].choose(game))
    return game


def final_state(game: Any) -> dict[str, Any]:
    return {
        "era": game.era, "over": game.is_over, "score": list(game.score),
        "epoch_scores": [list(s) for s in game.epoch_scores],
        "turn_points": [[era, hero, seat, bd.total] for era, hero, seat, bd in game.turn_scores],
        "valuations": [[v.era, v.area, [[p.seat, p.points] for p in v.placings]] for v in game.valuations],
        "figures": {a: list(f) for a, f in sorted(game.figures.items())},
        "boxes": {a: list(b) for a, b in sorted(game.boxes.items())},
        "coins": list(game.coins), "wonders": dict(sorted(game.wonders.items())),
        "played": [list(p) for p in game.played], "actions": len(game.history),
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
        sys.exit("usage: python tests/test_golden_heroes.py --write   (rewrites tests/golden_heroes/*.json)")
    GOLDEN.mkdir(exist_ok=True)
    for name, spec in GAMES.items():
        (GOLDEN / f"{name}.json").write_text(json.dumps(record(name, spec), indent=1) + "\n", encoding="utf-8")
        print("wrote", name)
