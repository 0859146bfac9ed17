"""The lesson builder for A Brief History of the World: its position format, the editor by colour, the what-if panel."""

from __future__ import annotations

import html
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


def said(editor: PositionEditor) -> str:
    """The editor's message as the reader sees it."""
    return html.unescape(editor.message.value)


def refused(editor: PositionEditor) -> bool:
    return "data-refused" in editor.message.value


def test_brief_gives_its_format_and_every_blank_and_epoch_end_is_taken_by_the_engine() -> None:
    spec = position_spec("brief")
    assert isinstance(spec, PositionSpec) and spec.ruleset == "brief" and spec.players() == (2, 6)
    for n in range(2, 7):
        players = [f"P{i}" for i in range(n)]
        for epoch in range(1, spec.epochs() + 1):
            spec.check(spec.with_players(spec.blank(epoch), n), players)
            end = spec.with_turn(spec.blank(epoch), "epoch_end", 0)
            assert end == {"epoch": epoch, "stage": "epoch_end"}
            spec.check(end, players)


def test_a_brief_position_by_clicks_and_the_keyboard_with_every_piece() -> None:
    ed = PositionEditor("brief", players=["Ada", "Ben", "Cy"])
    assert [label for label, _ in ed.seat.options] == ["● Ada", "■ Ben", "▲ Cy"]  # one colour a player
    ed.epoch_pick.value = 3
    assert ed.position == {"epoch": 3, "turn": ["celts", 0]}
    ed.turn_pick.value = "romans"
    ed.turn_seat.value = 0
    ed.later.value = ("han", "huns")
    assert ed.position["empires"] == {"1": "han", "2": "huns"}
    assert ed.later.value == ("han", "huns")  # read back from the position's 'empires'
    ed.seat.value, ed.piece.value = 1, "army"
    map_click(ed, "balkans")
    assert ed.position["armies"] == {"balkans": 1} and "Laid an army of Ben on Balkans." in said(ed)
    assert 'data-owner="1" data-army="resigned"' in ed._marker_html["balkans"]
    ed.piece.value = "fort"
    ed.land.value = "balkans"
    ed.place_button.click()  # the keyboard path: the land list and the button
    assert ed.position["forts"] == ["balkans"]
    for piece, land in (("capital", "southern_italia"), ("city", "levant"), ("monument", "nile_delta")):
        ed.piece.value = piece
        map_click(ed, land)
    assert ed.position["structures"] == {"southern_italia": "capital", "levant": "city"}
    assert ed.position["monuments"] == ["nile_delta"] and 'data-monument="true"' in ed._marker_html["nile_delta"]
    ed.piece.value = "standing"
    map_click(ed, "dalmatia")
    assert ed.position["active"] == ["dalmatia"] and "Laid a standing army of the Romans on Dalmatia." in said(ed)
    assert 'data-owner="0" data-army="standing"' in ed._marker_html["dalmatia"]
    ed.piece.value = "fleet"
    map_click(ed, "eastern_mediterranean")
    assert ed.position["fleets"] == ["eastern_mediterranean"]
    # an invalid placement is refused with the engine's one line, and nothing changes
    before, drawn = json.dumps(ed.position), dict(ed._marker_html)
    ed.piece.value = "army"
    map_click(ed, "sahara")
    assert refused(ed) and "Refused: Sahara is barren land; no army or piece may stand there" in \
        ed.message.value and "\n" not in said(ed)
    ed.piece.value = "fleet"
    map_click(ed, "southern_italia")
    assert refused(ed) and "is not a sea or ocean of the board; fleets stand on water" in said(ed)
    ed.piece.value = "standing"
    map_click(ed, "southern_italia")  # the Romans' start-land
    assert refused(ed) and "Southern Italia is the Romans' start-land" in said(ed)
    assert json.dumps(ed.position) == before and ed._marker_html == drawn
    game = ed.spec.game(ed.position, ed.players)
    assert game.owner["balkans"] == 1 and game.forts == {"balkans"} and game.structures["southern_italia"] == "capital"
    assert game.empire_of[:3] == ["romans", "han", "huns"] and game.decision.step == "turn_start"
    game.apply(next(a for a in game.legal_actions() if a.kind == "establish"))
    assert game.owner["dalmatia"] == 0 and "dalmatia" in game.force.active
    assert "eastern_mediterranean" in game.force.waters


def test_gold_hands_and_the_end_of_an_epoch() -> None:
    ed = PositionEditor("brief", position={"epoch": 2, "turn": ["greeks", 2]}, players=3)
    assert [b.value for b in ed.scores.children] == [1, 2, 3]  # the lots' spaces until gold is set
    ed.scores.children[1].value = 25
    assert ed.position["gold"] == [1, 25, 3]
    assert ed.hand_pick.value == ("leader", "weaponry")  # every colour starts with them
    ed.seat.value = 1
    ed.hand_pick.value = ("leader", "chariots")
    assert ed.position["hands"] == {"1": ["leader", "chariots"]} and "Player 2 holds Leader" in said(ed)
    ed.seat.value = 0
    ed.hand_pick.value = ()
    assert ed.position["hands"] == {"0": [], "1": ["leader", "chariots"]}
    game = ed.spec.game(ed.position, ed.players)
    assert game.track.gold == [1, 25, 3] and game.hands[:3] == [[], ["leader", "chariots"], ["leader", "weaponry"]]
    ed.turn_pick.value = "epoch_end"
    assert ed.position["stage"] == "epoch_end" and "turn" not in ed.position
    assert "the end of the epoch" in ed.summary.value and ed.later.layout.display == "none"
    assert ed.spec.game(ed.position, ed.players).phase in ("bonus_draw", "bonus_pick", "epoch_end")


def test_two_players_have_two_colours_each_as_four_seats() -> None:
    ed = PositionEditor("brief", players=["Ada", "Ben"])
    assert [label for label, _ in ed.seat.options] == ["● Ada (orange)", "■ Ben (blue)", "▲ Ada (green)",
                                                       "◆ Ben (vermilion)"]
    assert [v for _, v in ed.turn_seat.options] == [0, 1, 2, 3] and len(ed.scores.children) == 4
    assert len(ed.who.children) == 2  # people and bots play players, not colours
    ed.seat.value, ed.piece.value = 3, "army"
    map_click(ed, "ganges_valley")
    assert ed.position["armies"] == {"ganges_valley": 3} and "Laid an army of Ben (vermilion)" in said(ed)
    ed.hand_pick.value = ("leader",)
    assert ed.position["hands"] == {"3": ["leader"]} and "Cards in the hand of ◆ Ben (vermilion)" in ed.hand_label.value
    ed.turn_seat.value = 2
    ed.later.value = ("indus_valley", "minoans", "shang")
    assert ed.position["turn"] == ["sumerians", 2] and ed.position["empires"] == {
        "0": "indus_valley", "1": "minoans", "3": "shang"}
    ed.scores.children[3].value = 9
    game = ed.spec.game(ed.position, ed.players)
    assert game.nc == 4 and game.owner["ganges_valley"] == 3 and game.colour_player[3] == 1
    assert game.track.gold == [1, 2, 3, 9] and game.score == [4, 11]
    assert game.decision.player == 0  # colour 2 is Ada's
    ed.n_players.value = 3  # colour 3 leaves the table, and its army, card and gold with it
    assert "ganges_valley" not in ed.position.get("armies", {}) and ed.position["gold"] == [1, 2, 3]
    assert ed.position["empires"] == {"0": "indus_valley", "1": "minoans"}
    assert [label for label, _ in ed.seat.options] == ["● Ada", "■ Ben", "▲ Player 3"]


def test_a_brief_lesson_saves_loads_and_plays_on_with_bots() -> None:
    ed = PositionEditor("brief", position={"epoch": 4, "turn": ["vikings", 1], "gold": [30, 20, 25, 15]},
                        players=["Ada", "Ben"], name="Vikings")
    ed.seat.value, ed.piece.value = 0, "army"
    map_click(ed, "northern_gaul")
    text = ed.save()
    lesson = json.loads(text)
    assert lesson["ruleset"] == "brief" and lesson["rules"]["position"] == ed.position
    other = PositionEditor("brief")
    assert other.load_text(text, "Vikings.json") and other.position == ed.position and len(other.players) == 2
    gv = other.play(bots={0: "random", 1: "heuristic:easy"}, speed="instant")
    assert gv.game.ruleset.name == "brief" and gv.game.options["position"] == other.position
    table = hotw.simulate("brief", games=2, players=2, bots="random", workers=1, progress=False, start=other.position)
    assert len(table) == 4


def test_the_what_if_panel_offers_brief_bots_and_runs_from_a_brief_editor_position() -> None:
    ed = PositionEditor("brief", position={"epoch": 6, "turn": ["british", 0], "gold": [60, 40, 50]}, players=3)
    panel = WhatIfPanel(ruleset="brief", editor=ed, games=10, bots="random")
    assert set(panel.bots.options) == {b for b in hotw.bots.bot_names("brief") if b != "heuristic"}
    assert list(panel.players.options) == [2, 3, 4, 5, 6]
    assert {k for _, k in panel.change.options} == {"rule", "position"}  # Brief offers no card change
    assert panel.both.layout.display != "none"
    panel.change.value = "position"
    panel.run(wait=True)
    assert panel.status.value.startswith("Done: 10 games each"), panel.status.value
    b = panel.last["b"]
    assert set(b["seat"]) == {0, 1, 2} and (b[b["seat"] == 0]["points"] >= 60).all()  # gold is never lost
    other = WhatIfPanel(ruleset="classic", editor=ed)
    assert "position" not in {k for _, k in other.change.options}  # the editor holds a Brief position


def test_a_rule_what_if_from_a_two_player_brief_position_seats_two_players() -> None:
    ed = PositionEditor("brief", position={"epoch": 5, "turn": ["mongols", 2], "gold": [10, 20, 30, 40]},
                        players=["Ada", "Ben"])
    panel = WhatIfPanel(ruleset="brief", editor=ed, games=10, bots="random")
    panel.change.value = "rule"
    panel.rule.value = "dial_max"
    panel.rule_value.value = 5
    panel.both.value = True
    panel.run(wait=True)
    assert panel.status.value.startswith("Done: 10 games each"), panel.status.value
    a = panel.last["a"]
    assert set(a["seat"]) == {0, 1} and (a[a["seat"] == 0]["points"] >= 40).all()  # Ada's two colours: 10 + 30
