"""The lesson builder: the position format behind the ruleset, the editor (headless) and the what-if panel."""

from __future__ import annotations

import html
import json

import pytest

import hotw
from hotw.ui.positionspec import PositionSpec, position_spec

pytest.importorskip("ipyleaflet")

from hotw.ui.editor import PositionEditor, lesson_position  # noqa: E402
from hotw.ui.whatif import WhatIfPanel  # noqa: E402

ROMANS = {"epoch": 2, "turn": ["romans", 0]}


def map_click(editor: PositionEditor, sid: str) -> None:
    """A click as the browser reports it to the GeoJSON layer."""
    editor.board_layer._handle_mouse_events(None, {"event": "click", "properties": {"id": sid}, "id": sid}, [])


def refused(editor: PositionEditor) -> bool:
    return "data-refused" in editor.message.value


# -- the format, behind the ruleset ---------------------------------------------------------------


def test_the_ruleset_gives_its_position_format() -> None:
    spec = position_spec("hotw2018")
    assert isinstance(spec, PositionSpec) and spec.ruleset == "hotw2018"
    assert [p.key for p in spec.pieces] == ["army", "active", "capitol", "city", "monument", "fort"]
    assert position_spec() .ruleset == "hotw2018"  # the default ruleset
    assert ("Romans", "romans") in spec.turn_choices(2)


def test_toggling_lays_a_piece_and_takes_it_off() -> None:
    spec = position_spec("hotw2018")
    pos = spec.toggle(ROMANS, "libya", "army", 1)
    assert pos["armies"] == {"libya": 1} and ROMANS == {"epoch": 2, "turn": ["romans", 0]}  # a new dict
    assert spec.toggle(pos, "libya", "army", 2)["armies"] == {"libya": 2}  # another seat's army replaces it
    assert "armies" not in spec.toggle(pos, "libya", "army", 1)
    pos = spec.toggle(pos, "libya", "active", 1)  # the acting empire's army replaces the resigned one
    assert pos["active"] == ["libya"] and "armies" not in pos
    for piece, field in (("capitol", "structures"), ("fort", "forts"), ("monument", "monuments")):
        laid = spec.toggle(pos, "levant", piece, 0)
        assert "levant" in laid[field] and field not in spec.toggle(laid, "levant", piece, 0)
    assert spec.pieces_at(spec.toggle(pos, "libya", "fort", 0), "libya") == [("active", 0), ("fort", None)]
    with pytest.raises(ValueError, match="there is no piece 'palace'"):
        spec.toggle(pos, "libya", "palace", 0)


def test_epoch_turn_and_later_edits_keep_a_position_the_engine_takes() -> None:
    spec = position_spec("hotw2018")
    pos = spec.with_later(spec.with_turn(ROMANS, "romans", 1), ["han", "xiongnu"], 3)
    assert pos["later"] == [["xiongnu", 0], ["han", 2]]
    spec.check(pos, ["A", "B", "C"])
    moved = spec.with_epoch(pos, 4)
    assert moved["turn"] == ["vikings", 1] and "later" not in moved
    spec.check(moved, ["A", "B", "C"])
    assert spec.with_turn(pos, "han", 1)["turn"] == ["han", 1] and "later" not in spec.with_turn(pos, "han", 1)


# -- the editor, headless ----------------------------------------------------------------------------


def test_a_click_and_the_keyboard_path_lay_pieces() -> None:
    ed = PositionEditor(position=ROMANS)
    ed.seat.value, ed.piece.value = 1, "army"
    map_click(ed, "libya")
    assert ed.position["armies"] == {"libya": 1} and "Laid an army of Player 2 on Libya" in ed.message.value
    assert "hotw-owner-1" in ed.board_layer.data["features"][[f["id"] for f in ed.board_layer.data["features"]]
                                                            .index("libya")]["properties"]["style"]["className"]
    assert "data-owner=\"1\"" in ed._marker_html["libya"]
    ed.piece.value = "fort"
    ed.land.value = "libya"
    ed.place_button.click()  # the keyboard path: a land from the list, then the button
    assert ed.position["forts"] == ["libya"]
    ed.place_button.click()
    assert "forts" not in ed.position and "Took the fort off Libya" in ed.message.value


@pytest.mark.parametrize(("land", "piece", "message"), [
    ("sahara", "army", "Refused: Sahara is barren land"),
    ("north_sea", "fort", "Refused: North Sea is water"),
    ("atlantic_ocean", "capitol", "Refused: Atlantic Ocean is water"),
    ("alps", "monument", "Refused: Alps is barren land"),
    ("amazonia", "active", "Refused: Amazonia is barren land"),
])
def test_an_invalid_piece_is_refused_in_one_line_and_nothing_is_lost(land: str, piece: str, message: str) -> None:
    ed = PositionEditor(position={**ROMANS, "armies": {"libya": 1}})
    before = json.dumps(ed.position)
    ed.piece.value = piece
    map_click(ed, land)
    assert refused(ed) and message in ed.message.value
    text = ed.message.value.split("Refused: ", 1)[1]
    assert "\n" not in text and ed.spec.board().spaces[land].name in text
    assert "position." not in text  # a click's refusal, not a file's: no field path
    assert json.dumps(ed.position) == before


@pytest.mark.parametrize("ruleset", ["hotw2018", "classic"])
def test_a_refusal_is_said_in_the_editor_language(ruleset: str) -> None:
    hand = PositionEditor(ruleset, lang="ja")
    hand.set_hand(0, ["no_such_card"])
    assert refused(hand) and "できません: イベントカード'no_such_card'はありません" in html.unescape(hand.message.value)
    water = PositionEditor(ruleset, lang="es")
    water.piece.value = "fort"
    map_click(water, "north_sea")
    said = html.unescape(water.message.value)
    assert refused(water) and "Rechazado: " in said and " es agua; las piezas van en territorios" in said


def test_too_many_pieces_and_bad_scores_are_refused_naming_the_piece() -> None:
    lands = sorted(position_spec().board().lands())
    ed = PositionEditor(position={**ROMANS, "forts": lands[:14]})
    ed.piece.value = "fort"
    ed.place(lands[20])
    assert refused(ed) and "Refused: the box has 14 forts, not 15" in ed.message.value
    assert len(ed.position["forts"]) == 14
    ed.scores.children[1].value = ed.scores.children[0].value  # two markers on one space
    assert refused(ed) and f"Refused: {ed.spec.score_label}: must be one space of the score track" in ed.message.value
    assert [b.value for b in ed.scores.children] == [1, 2, 3] and "scores" not in ed.position
    ed.piece.value, ed.seat.value = "army", 0
    full = PositionEditor(position={**ROMANS, "armies": {t: 0 for t in lands[:25]}})
    full.place(lands[30])
    assert refused(full) and "Player 1 has 26 armies on the board; a colour has 25" in full.message.value


def test_epoch_turn_players_and_scores_from_the_lists() -> None:
    ed = PositionEditor(position=ROMANS)
    ed.epoch_pick.value = 3
    assert ed.position["epoch"] == 3 and ed.turn_pick.value == ed.position["turn"][0]
    ed.turn_pick.value = "franks"
    ed.turn_seat.value = 2
    assert ed.position["turn"] == ["franks", 2]
    ed.later.value = ("tang",)
    assert ed.position["later"] == [["tang", 0]]
    ed.n_players.value = 4
    assert ed.players[-1] == "Player 4" and len(ed.scores.children) == 4 and len(ed.who.children) == 4
    ed.scores.children[3].value = 40
    assert ed.position["scores"] == [1, 2, 3, 40]


def test_save_load_and_play_on() -> None:
    ed = PositionEditor(position={**ROMANS, "armies": {"libya": 1}, "scores": [5, 9, 7]}, name="Carthage")
    text = ed.save()
    assert "download=\"Carthage.json\"" in ed.save_link.value
    lesson = json.loads(text)
    assert lesson["rules"]["position"] == ed.position and lesson["name"] == "Carthage"
    other = PositionEditor()
    assert other.load_text(text, "Carthage.json") and other.position == ed.position
    assert other.name.value == "Carthage"
    # a scenario file runs as a what-if as it is
    table = hotw.simulate(games=2, bots="random", workers=1, progress=False, scenario=lesson)
    assert len(table) == 6
    # a save file of a game started from the position is a lesson too
    game = ed.spec.game(ed.position, ed.players, seed=3)
    game.apply(game.legal_actions()[0])
    assert lesson_position(json.loads(game.to_json())) == ed.position
    before = json.dumps(other.position)
    assert not other.load_text('{"rules": {"position": {"epoch": 2, "turn": ["romans", 0], "armies": '
                               '{"sahara": 1}}}}', "bad.json")
    assert refused(other) and "bad.json: position.armies.sahara: Sahara is barren land" in other.message.value
    assert not other.load_text("{not json", "broken.json") and "broken.json" in other.message.value
    assert json.dumps(other.position) == before
    gv = other.play(bots={1: "random", 2: "random"}, speed="instant")
    assert gv.game.options["position"] == other.position and gv.game.decision.player == 0
    assert other.play_area.children == (gv,)


# -- the what-if panel -------------------------------------------------------------------------------


def test_the_what_if_panel_compares_a_card_change_with_the_unchanged_game() -> None:
    panel = WhatIfPanel(games=10, bots="heuristic:easy")
    panel.card.value = "mongols"
    assert panel.count.value == 16  # the printed armies
    panel.count.value = 8
    panel.run()
    assert panel.status.value.startswith("Done: 10 games each")
    table = panel.last["table"]
    assert set(table["measure"]) == {"win rate", "mean points"} and (table["n_b"] == 10).all()
    assert "wins A" in panel.result.value and "Mongols (Epoch IV): armies 8" in panel.result.value
    assert panel.progress.value == 20 and not panel.run_button.disabled


def test_the_what_if_panels_bar_moves_at_a_bounded_rate() -> None:
    panel = WhatIfPanel(games=10, bots="random")
    panel.PROGRESS_EVERY = 3600  # once an hour: only the first game and the end of each side are shown
    seen: list[int] = []
    panel.progress.observe(lambda change: seen.append(change["new"]), names="value")
    panel.run()
    assert panel.status.value.startswith("Done: 10 games each") and seen == [1, 10, 20], seen


def test_the_what_if_panel_starts_from_the_editors_position_and_stops_keeping_games() -> None:
    ed = PositionEditor(position={"epoch": 4, "turn": ["mongols", 0], "scores": [30, 20, 10]})
    panel = WhatIfPanel(editor=ed, games=10, bots="heuristic:easy")
    panel.change.value = "position"
    a, b, start = panel.scenarios()
    assert b["rules"]["position"] == ed.position and start is None
    panel.change.value = "rule"
    panel.rule.value = "tie_rule"
    panel.rule_value.value = "defender_holds"
    panel.both.value = True
    assert panel.scenarios()[2] == ed.position
    seen = []
    stop_after = panel.progress
    panel.PROGRESS_EVERY = 0  # the bar moves at every game, so it stops after the third of B

    def stop_at_13(change: dict) -> None:
        seen.append(change["new"])
        if change["new"] == 13:
            panel.stop()

    stop_after.observe(stop_at_13, names="value")
    panel.run()
    assert "Stopped: compared the 3 games finished on both sides" in panel.status.value
    assert panel.last["stopped"] and len(panel.last["b"]) == 9
