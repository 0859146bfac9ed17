"""The lesson builder for the classic and Heroes rulesets: their position formats, the editor and the what-if panel."""

from __future__ import annotations

import json

import pytest

import hotw
from hotw.ui.positionspec import PositionSpec, position_spec

pytest.importorskip("ipyleaflet")

from hotw.ui.editor import PositionEditor  # noqa: E402
from hotw.ui.whatif import WhatIfPanel  # noqa: E402


def map_click(editor: PositionEditor, sid: str) -> None:
    """A click as the browser reports it to the GeoJSON layer."""
    editor.board_layer._handle_mouse_events(None, {"event": "click", "properties": {"id": sid}, "id": sid}, [])


def refused(editor: PositionEditor) -> bool:
    return "data-refused" in editor.message.value


@pytest.mark.parametrize("ruleset", ["classic", "heroes"])
def test_every_ruleset_with_a_position_gives_its_format_and_a_blank_the_engine_takes(ruleset: str) -> None:
    spec = position_spec(ruleset)
    assert isinstance(spec, PositionSpec) and spec.ruleset == ruleset
    lo, hi = spec.players()
    for n in (lo, hi):
        for epoch in range(1, spec.epochs() + 1):
            spec.check(spec.with_players(spec.blank(epoch), n), [f"P{i}" for i in range(n)])


def test_a_classic_position_by_clicks_keyboard_and_hands() -> None:
    ed = PositionEditor("classic")
    ed.epoch_pick.value = 3
    assert ed.position["epoch"] == 3 and ed.turn_pick.value == "celts"
    ed.turn_pick.value = "romans"
    ed.later.value = ("sassanids",)
    assert ed.position["later"] == [["sassanids", 1]]
    ed.seat.value, ed.piece.value = 1, "army"
    map_click(ed, "libya")
    assert ed.position["armies"] == {"libya": 1} and "Laid an army of Player 2 on Libya." in ed.message.value
    ed.piece.value = "fort"
    ed.land.value = "libya"
    ed.place_button.click()  # the keyboard path: the land list and the button
    assert ed.position["forts"] == ["libya"]
    ed.piece.value = "monument"
    map_click(ed, "libya")
    map_click(ed, "libya")
    assert ed.position["monuments"] == {"libya": 2} and 'data-monument="2"' in ed._marker_html["libya"]
    # a fort where no army stands is refused with the engine's line, and nothing changes
    before = json.dumps(ed.position)
    ed.piece.value = "fort"
    map_click(ed, "levant")
    assert refused(ed) and "a fort stands with an army; Levant has none" in ed.message.value
    assert json.dumps(ed.position) == before
    map_click(ed, "sahara")
    assert refused(ed) and "Sahara is barren land" in ed.message.value
    # hands: the chosen seat's cards
    assert "Player 2" in ed.hand_label.value and ("leader" in {v for _, v in ed.hand_pick.options})
    ed.hand_pick.value = ("leader", "weaponry")
    assert ed.position["hands"] == {"1": ["leader", "weaponry"]}
    ed.seat.value = 0
    assert ed.hand_pick.value == () and "Player 1" in ed.hand_label.value
    ed.seat.value = 1
    assert ed.hand_pick.value == ("leader", "weaponry")
    game = ed.spec.game(ed.position, ed.players)
    assert game.hands[1] == ["leader", "weaponry"] and game.forts == {"libya"} and game.empire == "romans"


def test_a_heroes_position_by_clicks_with_counts_tiles_wonders_and_hands() -> None:
    ed = PositionEditor("heroes", players=4)
    assert ed.epoch_pick.label == "Antiquity" and ed.turn_pick.description == "The turn starts"
    assert ed.later.layout.display == "none"  # one player's turn: no cards after it
    ed.seat.value, ed.piece.value = 2, "figure"
    for _ in range(3):
        map_click(ed, "china")
    assert ed.position["figures"] == {"china": [0, 0, 3, 0]} and "Player 3 has 3 figures in China." in ed.message.value
    ed.piece.value = "figure_off"
    map_click(ed, "china")
    assert ed.position["figures"]["china"][2] == 2
    ed.piece.value = "progress"
    map_click(ed, "china")
    assert ed.position["boxes"] == {"china": ["agriculture"]} and "China: Agriculture." in ed.message.value
    ed.piece.value = "wonder"
    map_click(ed, "china")
    assert ed.position["wonders"] == {"great_wall": 2}
    before = json.dumps(ed.position)
    ed.piece.value = "figure"
    map_click(ed, "europe")
    assert refused(ed) and "Europe is an area of the modern age, not open in antiquity" in ed.message.value
    ed.piece.value = "valued"
    map_click(ed, "china")
    assert refused(ed) and "China is valued when its last box is filled" in ed.message.value
    assert json.dumps(ed.position) == before
    ed.hand_pick.value = ("confucius",)
    ed.turn_seat.value = 2
    ed.turn_pick.value = "play"
    assert ed.position["turn"] == 2 and ed.position["step"] == "play"
    assert ed.position["hands"] == {"2": ["confucius"]}
    game = ed.spec.game(ed.position, ed.players)
    assert game.decision.step == "play" and game.decision.player == 2
    assert "hotw-owner-2" in ed.board_layer.data["features"][[f["properties"]["id"] for f in
                                                             ed.board_layer.data["features"]].index("china")][
        "properties"]["style"]["className"]
    ed.n_players.value = 3
    assert ed.position["figures"]["china"] == [0, 0, 2] and len(ed.position["scores"]) == 3


def test_the_2018_editor_edits_hands_too() -> None:
    ed = PositionEditor(position={"epoch": 2, "turn": ["romans", 0]})
    cards = {v for _, v in ed.hand_pick.options}
    assert "crossbows_2" in cards and "city_walls_1" in cards and "weaponry_1" not in cards  # saveable ones only
    ed.seat.value = 2
    ed.hand_pick.value = ("crossbows_2",)
    assert ed.position["hands"] == {"2": ["crossbows_2"]} and "Player 3 holds Crossbows" in ed.message.value
    assert ed.spec.game(ed.position, ed.players).hands[2] == ["crossbows_2"]
    assert "heuristic:hard" in {v for _label, v in ed.who.children[1].options}


def test_a_heroes_lesson_saves_loads_and_plays_on_with_bots() -> None:
    ed = PositionEditor("heroes", name="Great Wall")
    ed.seat.value, ed.piece.value = 1, "figure"
    map_click(ed, "china")
    text = ed.save()
    lesson = json.loads(text)
    assert lesson["ruleset"] == "heroes" and lesson["rules"]["position"] == ed.position
    other = PositionEditor("heroes")
    assert other.load_text(text, "Great Wall.json") and other.position == ed.position
    gv = other.play(bots={0: "random", 1: "heuristic:easy", 2: "random"}, speed="instant")
    assert gv.game.ruleset.name == "heroes" and gv.game.options["position"] == other.position
    table = hotw.simulate("heroes", games=2, bots="random", workers=1, progress=False, start=other.position)
    assert len(table) == 6


def test_the_what_if_panel_offers_the_bots_tables_and_changes_of_the_chosen_ruleset() -> None:
    panel = WhatIfPanel(games=10)
    assert "card:armies" in {k for _, k in panel.change.options}
    panel.ruleset.value = "heroes"
    assert list(panel.players.options) == [2, 3, 4, 5]
    assert set(panel.bots.options) == set(b for b in hotw.bots.bot_names("heroes") if b != "heuristic")
    assert {k for _, k in panel.change.options} == {"rule", "position"}  # Heroes offers no card change
    panel.ruleset.value = "classic"
    assert list(panel.players.options) == [3, 4, 5, 6] and panel.card.options[0][1] == "sumeria"


def test_the_what_if_panel_runs_a_heroes_position_from_the_editor() -> None:
    ed = PositionEditor("heroes", position={"era": 2, "turn": 1, "scores": [20, 30, 25]})
    panel = WhatIfPanel(ruleset="heroes", editor=ed, games=10, bots="random")
    panel.change.value = "position"
    panel.run(wait=True)
    assert panel.status.value.startswith("Done: 10 games each")
    assert panel.last["b"]["start"].tolist()[:3] == [20, 30, 25]
    other = WhatIfPanel(ruleset="classic", editor=ed)
    assert "position" not in {k for _, k in other.change.options}  # the editor holds a Heroes position
