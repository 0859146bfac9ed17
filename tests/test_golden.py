"""Golden transcripts: seeded games whose action histories and final states are kept in files and diffed.

Each file in ``tests/golden/`` holds a game's set-up (ruleset, players, seed, options,
the bots of each seat), its save file (the whole action history, chance included) and
its final state as plain JSON. The test plays the game again from its set-up and
compares both, and loads the stored save and compares the final state: so a change to
the engine (or the bots) that changes any rule shows up as a diff, and save files made
before the change must keep loading to the same game.

The files are written on purpose only: ``python tests/test_golden.py --write``
(after a change that is meant to change how games play, with the reason in the commit).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import hotw
from hotw.bots import make_bot

GOLDEN = Path(__file__).parent / "golden"

#: The games: a name, the set-up and one bot spec per seat.
GAMES: dict[str, dict[str, Any]] = {
    "random_3p": {"players": 3, "seed": 1, "bots": ["random"] * 3},
    "random_6p": {"players": 6, "seed": 2, "bots": ["random"] * 6},
    "ladder_4p": {"players": 4, "seed": 11,
                  "bots": ["heuristic:hard", "heuristic:medium", "heuristic:easy", "greedy"]},
    "hard_5p": {"players": 5, "seed": 5, "bots": ["heuristic:hard"] * 5},
    "options_4p": {"players": 4, "seed": 7, "bots": ["heuristic:medium", "random", "greedy", "heuristic:hard"],
                   "options": {"tie_rule": "defender_holds", "structure_points": [3, 1, 1],
                               "player_armies": 20, "catapult_max": 2, "monument_icons": 1}},
    "late_start_3p": {"players": 3, "seed": 8, "bots": ["greedy", "heuristic:hard", "random"],
                      "options": {"start_epoch": 3}},
    "changed_cards_4p": {"players": 4, "seed": 9, "bots": ["heuristic:medium"] * 4,
                         "options": {"content_changes": {"empires": {"mongols": {"armies": 8}}}}},
}


def _options(spec: dict[str, Any]) -> dict[str, Any]:
    return {k: tuple(v) if isinstance(v, list) else v for k, v in spec.get("options", {}).items()}


def play(spec: dict[str, Any]) -> hotw.Game:
    """Play one golden game from its set-up to the end."""
    players = [f"P{i}" for i in range(spec["players"])]
    game = hotw.new_game("hotw2018", players, spec["seed"], options=_options(spec))
    bots = [make_bot(b, seed=spec["seed"] * 10 + i) for i, b in enumerate(spec["bots"])]
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
        "supply": list(game.supply),
        "armies": dict(sorted(game.owner.items())),
        "structures": dict(sorted(game.tokens.items())),
        "monuments": sorted(game.monuments),
        "forts": sorted(game.forts),
        "hands": [list(h) for h in game.hands],
        "region_values": {r: list(v) for r, v in sorted(game.region_values.items())},
        "actions": len(game.history),
    }


def record(name: str, spec: dict[str, Any]) -> dict[str, Any]:
    """The golden file of one game."""
    game = play(spec)
    return {"name": name, "setup": spec, "save": json.loads(game.to_json()), "final_state": final_state(game)}


@pytest.fixture(scope="module", params=sorted(GAMES))
def golden(request: pytest.FixtureRequest) -> dict[str, Any]:
    path = GOLDEN / f"{request.param}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def test_golden_game_plays_the_same(golden: dict[str, Any]) -> None:
    game = play(golden["setup"])
    actions = [a.text() for a in game.history]
    expected = golden["save"]["actions"]
    first = next((i for i, (a, b) in enumerate(zip(actions, expected)) if a != b), None)
    assert first is None and len(actions) == len(expected), (
        f"{golden['name']}: the game diverges at action {first}: "
        f"{actions[first - 3:first + 3] if first else actions[-3:]} vs {expected[first - 3:first + 3] if first else expected[-3:]}"
    )
    assert final_state(game) == golden["final_state"]


def test_golden_save_loads_to_the_same_game(golden: dict[str, Any]) -> None:
    game = hotw.load_game(json.dumps(golden["save"]))
    assert game.is_over
    assert final_state(game) == golden["final_state"]


def test_every_golden_game_has_a_file() -> None:
    assert sorted(p.stem for p in GOLDEN.glob("*.json")) == sorted(GAMES)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_golden.py --write   (rewrites tests/golden/*.json)")
    GOLDEN.mkdir(exist_ok=True)
    for name, spec in GAMES.items():
        (GOLDEN / f"{name}.json").write_text(json.dumps(record(name, spec), indent=1) + "\n", encoding="utf-8")
        print("wrote", name)
