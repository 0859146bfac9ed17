"""The seam between the notebook game and a ruleset: the app asks the ruleset's view and nothing else.

A tiny game of another system, on another board (two players claim the nine
areas of the Heroes of the World board), with a view written here, plays in the
same ``GameView`` as the 2018 game; and no module under ``hotw/ui/`` names a 2018
step, piece or rule (the lessons, which teach the 2018 game, are allowed the
words they teach, each with its reason).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from hotw.actions import Action
from hotw.board import Board, load_heroes_board
from hotw.game import CHANCE, Decision, Game
from hotw.rulesets import Ruleset
from hotw.ui import panels
from hotw.ui import view as shared
from hotw.ui.rulesetview import PANELS, Choice, Choices, RulesetView, view_of

UI = Path(__file__).resolve().parents[1] / "hotw" / "ui"

# -- a tiny ruleset of its own -------------------------------------------------------------


class ClaimGame(Game):
    """Two players take turns claiming a free area; when none is left the game is over."""

    board: Board
    owner: dict[str, int]

    def _setup(self) -> None:
        self.board = load_heroes_board()
        self.owner = {}

    def _over(self) -> bool:
        return len(self.owner) == len(self.board.spaces)

    def _is_chance(self) -> bool:
        return False

    def _decision(self) -> Decision:
        if self._over():
            return Decision(CHANCE, "game_over", "the game is over")
        seat = len(self.owner) % len(self.players)
        return Decision(seat, "claim", f"{self.players[seat]}: claim a free area")

    def free(self) -> list[str]:
        return [s for s in sorted(self.board.spaces) if s not in self.owner]

    def _legal(self) -> list[Action]:
        return [Action("claim", s) for s in self.free()]

    def _chance_weights(self) -> list[tuple[Action, int]]:
        return []

    def _apply(self, action: Action) -> None:
        seat = self.decision.player
        self.owner[action.target] = seat
        self.log.append(f"{self.players[seat]} claims {self.board.spaces[action.target].name}")

    def points(self) -> list[int]:
        return [sum(1 for s in self.owner.values() if s == seat) for seat in range(len(self.players))]


class ClaimView(RulesetView):
    """The claim game's view, made of the shared parts only."""

    game: ClaimGame

    def styles(self) -> dict[str, dict[str, Any]]:
        return shared.board_styles(self.game.board, self.game.owner, set(self.game.owner), targets=self.game.free())

    def markers(self) -> dict[str, str]:
        out = {}
        for sid, seat in self.game.owner.items():
            army, how = shared.army_chip(self.game, seat, True)
            out[sid] = shared.marker([f'data-space="{sid}"', f'data-owner="{seat}"', f'data-state="{how}"'], [army])
        return out

    def hover(self, sid: str) -> str:
        seat = self.game.owner.get(sid)
        held = "free" if seat is None else f"held by {shared.seat_badge(self.game, seat)}"
        return f"<b>{shared.space_name(self.game, sid)}</b><br>{held}"

    def click(self, sid: str, humans: frozenset[int] | set[int] | None = None) -> Action | str:
        if self.game.is_over:
            return "The game is over."
        action = Action("claim", sid)
        if action in self.game.legal_actions():
            return action
        return f"{shared.space_name(self.game, sid)} is taken: claim a free area."

    def choices(self) -> Choices:
        if self.game.is_over:
            return Choices(panels.final_scores_html(self.game, self.game.points()))
        first = self.game.free()[0]
        return Choices("Click a free area, or:", (Choice("Claim the first free area", Action("claim", first),
                                                         "claim-first"),))

    def panels(self, bots: frozenset[int] = frozenset()) -> dict[str, str]:
        game = self.game
        return {"status": panels.status_html(game, "<b>Claim the areas</b>", bots, "Every area is claimed."),
                "score": panels.score_table(game, game.points(), bots), "log": panels.log_html(game)}


def view(game: ClaimGame) -> ClaimView:
    """This module's view(game), as ``Ruleset.view`` asks it."""
    return ClaimView(game)

CLAIM = Ruleset(name="claim", title="Claim the areas", min_players=2, max_players=2, epochs=1,
                game_factory=lambda rs, players, seed=0, **kw: ClaimGame(rs, players, seed, **kw),
                board="heroes", view_module=__name__)


class FirstFree:
    """A bot that claims the first free area."""

    def choose(self, game: ClaimGame) -> Action:
        return game.legal_actions()[0]


def new_claim() -> ClaimGame:
    game = CLAIM.new_game(["Ada", "Ben"])
    assert isinstance(game, ClaimGame)
    return game


# -- the pure parts ------------------------------------------------------------------------------


def test_a_ruleset_of_its_own_gives_its_view_on_its_own_board() -> None:
    game = new_claim()
    found = view_of(game)
    assert isinstance(found, ClaimView) and found.game is game
    assert found.board_file().name == "heroes.geojson" and found.outline_file() is None
    styles = found.styles()
    assert set(styles) == set(game.board.spaces) and len(styles) == 9
    assert all("hotw-target" in st["className"] and "hotw-area" in st["className"] for st in styles.values())
    area = game.free()[0]
    assert found.click(area) == Action("claim", area)
    game.apply(found.click(area))
    assert "hotw-owner-0" in found.styles()[area]["className"] and 'data-owner="0"' in found.markers()[area]
    assert isinstance(found.click(area), str) and "taken" in found.click(area)
    assert found.choices().buttons[0].action == Action("claim", game.free()[0])
    assert not found.is_draft("claim") and found.epoch() == 0 and found.follow() is None
    assert found.news(0) == [f"Ada claims {game.board.spaces[area].name}"]
    assert set(found.panels()) <= set(PANELS) and "data-step=\"claim\"" in found.panels()["status"]


def test_a_view_must_be_a_ruleset_view() -> None:
    class Odd:
        title = "Odd"

        def view(self, game: Game) -> object:
            return {"styles": {}}

    game = SimpleNamespace(ruleset=Odd())  # a game whose ruleset offers an odd view
    with pytest.raises(TypeError, match="Odd: its view is a dict, not a RulesetView"):
        view_of(game)  # type: ignore[arg-type]


# -- the widget, headless ----------------------------------------------------------------------------


def test_the_app_plays_a_game_of_another_ruleset_on_another_board() -> None:
    pytest.importorskip("ipyleaflet")
    from hotw.ui.app import GameView

    game = new_claim()
    gv = GameView(game, bots={"Ben": FirstFree()}, speed="instant")
    assert isinstance(gv.view, ClaimView) and gv.view.game is game
    features = gv.board_layer.data["features"]
    assert {f["id"] for f in features} == set(game.board.spaces)  # the Heroes areas, not the world's lands
    assert [layer.name for layer in gv.map.layers if getattr(layer, "name", "") == "regions"] == []
    assert 'data-step="claim"' in gv.status.value and "Claim the areas" in gv.status.value
    assert gv.actor_box.value == "" and gv.battle.value == ""  # panels the view does not give stay empty
    labels = [c.description for c in gv.choices.children if hasattr(c, "description") and c.description]
    assert labels == ["Claim the first free area"]

    area = game.free()[-1]
    gv.board_layer._handle_mouse_events(None, {"event": "click", "properties": {"id": area}, "id": area}, [])
    assert game.owner[area] == 0 and len(game.owner) == 2  # Ada's click, then Ben's bot
    assert game.decision.player == 0
    assert "Ada claims" in gv.message.value and "the computer played 1 move" in gv.message.value
    assert "Ben claims" in gv.log_box.value
    assert set(gv._marker_html) == set(game.owner)
    feature = next(f for f in gv.board_layer.data["features"] if f["id"] == area)
    assert "hotw-owner-0" in feature["properties"]["style"]["className"]
    gv.board_layer._handle_mouse_events(None, {"event": "mouseover", "properties": {"id": area}}, [])
    assert "held by" in gv.hover.value

    button = next(c for c in gv.choices.children if "claim-first" in getattr(c, "_dom_classes", ()))
    button.click()
    assert len(game.owner) == 4
    gv.undo()
    assert len(game.owner) == 2 and game.decision.player == 0
    gv.run("end")
    assert game.is_over and "Final scores" in gv.choices.children[0].value
    assert "Every area is claimed." in gv.status.value
    assert not gv.errors, gv.errors


def test_the_app_loads_no_2018_view_by_itself() -> None:
    code = ("import sys, hotw.ui.app, hotw.ui.lesson; "
            "print(sorted(m for m in sys.modules if m.startswith('hotw.rulesets.hotw2018.view')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# -- no 2018 words in the shared UI ------------------------------------------------------------------

#: The 2018 edition's step names, pieces and rules, and its package's name.
WORDS_2018 = ("pick_event", "pick_empire", "kingdom", "invade", "siege", "catapult", "caravan", "capitol",
              "score_tie", "supremacy", "hotw2018")
#: Words a module may use anyway, each with the reason.
ALLOWED = {
    "lessonodds.py": {
        "siege": "the battle-odds lessons teach the 2018 battle: siege rounds and their odds",
        "catapult": "the odds explorer adds the 2018 catapult's bonus round by round",
        "hotw2018": "the odds lessons use that edition's battle module (siege report, catapult bonus)",
    },
    "lesson.py": {
        "siege": "the notebooks find the odds explorer's siege_text here, where it always was",
        "caravan": "the empire explorer shows a 2018 empire card, whose caravans it lists",
        "capitol": "the empire explorer shows whether a 2018 empire card has a capitol",
    },
}


def _found(text: str, word: str) -> list[str]:
    """The lines using ``word`` as a word or in a name (``siege_round``, plurals), any case."""
    pattern = re.compile(rf"(?<![a-z]){word}s?(?![a-z])", re.IGNORECASE)
    return [line.strip() for line in text.splitlines() if pattern.search(line)]


def test_no_module_of_the_shared_ui_names_a_2018_step_piece_or_rule() -> None:
    modules = sorted(UI.glob("*.py"))
    assert {"app.py", "view.py", "panels.py", "rulesetview.py", "lesson.py"} <= {m.name for m in modules}
    problems = []
    for module in modules:
        text = module.read_text(encoding="utf-8")
        allowed = ALLOWED.get(module.name, {})
        for word in WORDS_2018:
            lines = _found(text, word)
            if lines and word not in allowed:
                problems.append(f"{module.name}: {word!r} in {lines[0]!r}")
    assert not problems, "\n".join(problems)
    # The check itself finds what it looks for.
    assert _found("step == 'pick_event'", "pick_event") and _found("a.siege_round", "siege")
    assert _found("Caravans:", "caravan") and not _found("the invader", "invade")


def test_the_allowlist_names_only_words_its_module_uses() -> None:
    for name, words in ALLOWED.items():
        text = (UI / name).read_text(encoding="utf-8")
        for word, reason in words.items():
            assert word in WORDS_2018 and reason
            assert _found(text, word), f"{name} no longer uses {word!r}: drop it from the allowlist"
