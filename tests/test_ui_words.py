"""What the notebook game says and where it leaves the keyboard: found by playing it as a student would.

Each test is one thing a person saw: piece names left in English after the language menu, seat colours in English
in the board table, a map key that described stripes as a pale fill, a fort that said it cost an army when it was
free, the computer's moves not counted at the default speed, a person's own result replaced by the bots' moves, a
lesson's download link offering the position before the last edit, and the focus lost after every decision.
"""

from __future__ import annotations

import asyncio

import pytest

import hotw
from hotw.actions import Action
from hotw.i18n import speaking
from hotw.situations import turn_of

pytest.importorskip("ipyleaflet")

from hotw.ui.app import GameView  # noqa: E402
from hotw.ui.editor import PositionEditor  # noqa: E402


def _view(**kwargs) -> GameView:
    game = hotw.new_game("hotw2018", players=["Ada", "Ben", "Cy"], seed=7)
    return GameView(game, bots={"Ben": "heuristic:easy", "Cy": "heuristic:easy"}, **kwargs)


def _to_invade(gv: GameView) -> None:
    for _ in range(100):
        game = gv.game
        if game.decision.step == "invade" and game.decision.player == 0:
            return
        gv.act(Action("skip_kingdom") if game.decision.step == "kingdom" else gv.view.choices().buttons[0].action)
    raise AssertionError("no invade decision of Ada")


def test_the_piece_names_follow_the_language_menu() -> None:
    gv = _view(lang="en", speed="instant")
    assert "capitol (" in gv.legend.value
    gv.set_language("ja")
    legend = gv.legend.value
    assert "capitol (" not in legend and "city (" not in legend and "fort (" not in legend
    gv.set_language("en")
    assert "capitol (" in gv.legend.value


def test_the_board_table_names_a_seat_colour_and_shape_in_the_language() -> None:
    from hotw.rulesets.hotw2018.viewtable import owner_text

    game = turn_of("Romans")
    land = next(iter(game.owner))
    with speaking("es"):
        words = owner_text(game, land, True)
    assert "naranja" in words and "círculo" in words and "orange" not in words


def test_the_map_key_says_a_resigned_army_is_striped() -> None:
    gv = _view(lang="en", speed="instant")
    assert "stripes of the player's colour and a dashed outline = resigned army" in gv.legend.value
    assert "pale fill" not in gv.legend.value


def test_a_free_fort_says_it_is_free() -> None:
    from hotw.ui.rulesetview import view_of

    def forts(game) -> list[str]:
        return [c.label for c in view_of(game).map_choices({0}) if c.action.kind == "fortify"]

    free = forts(turn_of("Romans"))  # Legionary Forts: the first 2 forts cost no army
    assert free and all(label.endswith("(free)") for label in free)
    plain = forts(turn_of("Egyptians"))
    assert plain and all(label.endswith("(costs one army)") for label in plain)


def test_the_computer_counts_its_moves_at_the_default_speed() -> None:
    gv = _view(lang="en")
    gv.speed.value = "step by step"  # no delay between the animated moves (the delay passed below)
    asyncio.run(gv._animate("epoch", 0.0))
    assert "The computer played " in gv.message.value and "of them for Ada (see the log)" in gv.message.value


def test_the_animated_bots_keep_the_persons_result_and_count_their_moves() -> None:
    gv = _view(lang="en", speed="instant")
    _to_invade(gv)
    gv.game.apply(Action("end_invasions"))
    assert gv.game.decision.player in gv.bots
    gv.say("Ada's own move")
    gv.speed.value = "step by step"
    asyncio.run(gv._animate("humans", 0.0))
    message = gv.message.value
    assert message.startswith("<span>Ada&#x27;s own move</span>") and "Then the computer played " in message


def test_a_lesson_download_link_goes_when_the_position_changes() -> None:
    ed = PositionEditor(position={"epoch": 2, "turn": ["romans", 0], "armies": {"libya": 1}}, name="Carthage")
    ed.save()
    assert "download=\"Carthage.json\"" in ed.save_link.value
    ed.refresh()
    assert ed.save_link.value  # nothing changed: the file offered is still the position
    ed.scores.children[0].value = 12
    assert ed.save_link.value == ""  # the file offered would be the position before the edit


def test_the_focus_goes_to_the_next_decision_after_a_button(monkeypatch) -> None:
    gv = _view(lang="en", speed="instant")
    focused = []
    monkeypatch.setattr(type(gv.targets.select), "focus", lambda self: focused.append(self), raising=False)
    _to_invade(gv)
    choice = next(c for c in gv.targets.choices if c.action.kind == "invade")
    gv._act_from_list(choice.action)
    while gv.game.decision.step != "invade" and gv.game.decision.player == 0:  # a battle's siege or retreat
        gv.act(gv.view.choices().buttons[0].action)
    assert focused and focused[-1] is gv.targets.select
    focused.clear()
    gv.refresh()
    assert not focused  # only after a decision made with a button or the list


def test_the_lesson_builders_hover_follows_a_click() -> None:
    ed = PositionEditor(position={"epoch": 2, "turn": ["romans", 0]})
    ed.board_layer._handle_mouse_events(None, {"event": "click", "properties": {"id": "dalmatia"}, "id": "dalmatia"},
                                        [])
    assert ed.hover.value.startswith("<b>Dalmatia</b>") and "no piece" not in ed.hover.value
