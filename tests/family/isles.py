"""*The Isles*: a test-only ruleset of two epochs on six islands, built by following "Adding a ruleset".

It exists to prove that the engine is a family: it is registered from the tests,
plays on its own board file, declares its own option, rolls the shared dice,
scores with the shared region levels, and saves, loads, undoes, simulates and is
observed through the shared layer, with no change to any module of ``hotw``.

The rules: 2 epochs. In each epoch every player takes one turn, fewest points
first. A turn is up to ``moves`` moves, each one of: place an army from supply on an
empty island next to one of yours (anywhere empty if you hold none), or invade an
enemy island next to one of yours (2 dice against 1; the defender adds 1 on a
mountain; highest wins; a tie removes both armies). At the end of the turn the
player gains points for each region: presence, dominance or control by the shared
region levels, at the epoch's values.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hotw.actions import Action
from hotw.board import load_board
from hotw.dice import SIDES
from hotw.game import CHANCE, Decision, Game
from hotw.options import Option
from hotw.rulesets import Ruleset, register
from hotw.scoring import Breakdown, LandArmies, region_scores, regions_of

BOARD = Path(__file__).with_name("isles.geojson")
TIERS = ("presence", "dominance", "control")
VALUES = {1: {"north": (1, 2, 3), "south": (2, 3, 5)}, 2: {"north": (2, 4, 6), "south": (1, 2, 3)}}
ARMIES = 6
_DICE = [(Action("roll", str(v)), 1) for v in range(1, SIDES + 1)]


class IslesGame(Game):
    """A game of The Isles."""

    def _setup(self) -> None:
        self.board = load_board(self.ruleset.board_path())
        self.n = len(self.players)
        lands = {r: reg.lands for r, reg in self.board.regions.items()}
        self._region_lands = lands
        self.owner = LandArmies(regions_of(lands), lands, self.n)
        self.supply = [ARMIES] * self.n
        self.score = [0] * self.n
        self.epoch = 1
        self.order = list(range(self.n))
        self.turn = 0
        self.moves = int(self.opts["moves"])
        self.battle: dict[str, Any] | None = None
        self.epoch_scores: list[list[int]] = []
        self.turn_scores: list[tuple[int, str, int, Breakdown]] = []
        self.phase = "move"

    @property
    def player(self) -> int:
        """The seat whose turn it is."""
        return self.order[self.turn]

    def _over(self) -> bool:
        return self.phase == "over"

    def _is_chance(self) -> bool:
        return self.phase == "battle"

    def _decision(self) -> Decision:
        if self.phase == "over":
            return Decision(CHANCE, "game_over", "the game is over")
        if self.phase == "battle":
            return Decision(CHANCE, "roll", "roll the dice")
        p = self.player
        return Decision(p, "move", f"{self.players[p]}: place, invade or end the turn ({self.moves} moves left)")

    def _chance_weights(self) -> list[tuple[Action, int]]:
        return list(_DICE) if self.phase == "battle" else []

    def _next_to_mine(self, p: int) -> set[str]:
        mine = [land for land, seat in self.owner.items() if seat == p]
        if not mine:
            return set(self.board.lands())
        return {n for land in mine for n in self.board.spaces[land].adjacent}

    def _legal(self) -> list[Action]:
        p = self.player
        out = [Action("end_turn")]
        if self.moves:
            near = self._next_to_mine(p)
            if self.supply[p]:
                out += [Action("place", t) for t in sorted(near) if t not in self.owner]
                out += [Action("invade", t) for t in sorted(near) if self.owner.get(t, p) != p]
        return sorted(out)

    def _apply(self, action: Action) -> None:
        p = self.player if self.phase == "move" else None
        if action.kind == "place":
            self.supply[p] -= 1
            self.owner[action.target] = p
            self.moves -= 1
            self.log.append(f"{self.players[p]} place an army on {action.target}")
        elif action.kind == "invade":
            self.supply[p] -= 1
            self.moves -= 1
            self.battle = {"target": action.target, "attacker": p, "dice": []}
            self.phase = "battle"
        elif action.kind == "roll":
            self._roll(int(action.target))
        elif action.kind == "end_turn":
            self._end_turn()

    def _roll(self, die: int) -> None:
        b = self.battle
        assert b is not None
        b["dice"].append(die)
        if len(b["dice"]) < 3:
            return
        attack = max(b["dice"][:2])
        defence = b["dice"][2] + (1 if self.board.spaces[b["target"]].terrain == "mountain" else 0)
        p, q = b["attacker"], self.owner[b["target"]]
        if attack > defence:
            self.supply[q] += 1
            self.owner[b["target"]] = p
        elif attack == defence:
            self.supply[q] += 1
            self.supply[p] += 1
            del self.owner[b["target"]]
        else:
            self.supply[p] += 1
        self.log.append(f"{self.players[p]} invade {b['target']}: {b['dice'][:2]} vs {b['dice'][2:]}")
        self.battle = None
        self.phase = "move"

    def score_breakdown(self, player: int) -> Breakdown:
        """Points ``player`` would gain now."""
        rows = region_scores(player, self.owner.counts, {r: x.name for r, x in self.board.regions.items()},
                             VALUES[self.epoch], TIERS)
        return Breakdown(player, rows, (), sum(r.points for r in rows))

    def _end_turn(self) -> None:
        p = self.player
        bd = self.score_breakdown(p)
        self.score[p] += bd.total
        self.turn_scores.append((self.epoch, "isles", p, bd))
        self.turn += 1
        self.moves = int(self.opts["moves"])
        if self.turn < self.n:
            return
        self.epoch_scores.append(list(self.score))
        if self.epoch == self.ruleset.epochs:
            self.phase = "over"
            return
        self.epoch += 1
        self.turn = 0
        self.order = sorted(range(self.n), key=lambda s: (self.score[s], s))

    def state_key(self) -> tuple[Any, ...]:
        """Everything that defines the position."""
        return (self.phase, self.epoch, self.turn, self.moves, tuple(self.score), tuple(self.supply),
                tuple(sorted(self.owner.items())), repr(self.battle), self._draws)


RULESET = Ruleset(
    name="isles",
    title="The Isles (a test ruleset)",
    min_players=2,
    max_players=3,
    epochs=2,
    game_factory=IslesGame,
    options=(Option("moves", 2, "moves in a turn", low=1, high=5),),
    board=str(BOARD),
)


def install() -> None:
    """Register The Isles (tests call this; a shipped ruleset registers in hotw/rulesets/__init__.py)."""
    register("isles", lambda: RULESET)
