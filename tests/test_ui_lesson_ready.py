"""What a lesson needs of the notebook game, without a browser: a keyboard path for every decision, the table
off the map, nothing stale, buttons that do what they say, the end of the game and its replay.
"""

from __future__ import annotations

import re

import pytest

import hotw
from hotw.actions import Action
from hotw.bots import make_bot
from hotw.rulesets.hotw2018 import view as v2018
from hotw.rulesets.hotw2018 import viewtable
from hotw.ui import panels, view
from hotw.ui.access import SHOWN
from hotw.ui.rulesetview import view_of


def new_game(seed: int = 7) -> hotw.Game:
    return hotw.new_game("hotw2018", players=["Ada", "Ben", "Cy"], seed=seed)


def played(seed: int = 7, moves: int | None = None) -> hotw.Game:
    game = new_game(seed)
    bot = make_bot("random", seed)
    while not game.is_over and (moves is None or len(game.history) < moves):
        game.apply(bot.choose(game))
    return game


def at_invade(seed: int = 7) -> hotw.Game:
    game = new_game(seed)
    while game.decision.step != "invade":
        game.apply(game.legal_actions()[0] if game.decision.step != "kingdom" else Action("skip_kingdom"))
    return game


# -- words -------------------------------------------------------------------------------------------


def test_counts_names_and_possessives_read_as_english() -> None:
    assert view.plural(1, "army", "armies") == "1 army" and view.plural(3, "army", "armies") == "3 armies"
    assert view.possessive("Assyrians") == "Assyrians'" and view.possessive("Ada") == "Ada's"
    assert view.agree("the Nabataean kingdom", "take", "takes") == "takes"
    game = at_invade()
    while game.actor.armies > 1:  # invade empty lands until one army is left on the card
        empty = [t for t in v2018.invade_targets(game) if game.invasion_setup(t) is None]
        assert empty, "this seed's first empire runs out of empty lands"
        game.apply(Action("invade", empty[0]))
    assert "(1 army, 0 siege tokens on the card)" in game.decision.prompt
    assert "your armies" not in panels.breakdown_table(played(moves=200).turn_scores[-1][3])


# -- the keyboard's path to the map -------------------------------------------------------------------


def test_every_map_target_is_a_keyboard_choice_with_its_odds() -> None:
    game = at_invade()
    found = view_of(game).map_choices()
    targets = v2018.invade_targets(game)
    invades = [c for c in found if c.action.kind == "invade"]
    assert {c.space for c in invades} == set(targets)
    assert all(c.action in game.legal_actions() for c in found)
    forts = {a.target for a in game.legal_actions() if a.kind == "fortify"}
    assert {c.space for c in found if c.action.kind == "fortify"} == forts
    for c in invades:
        assert c.label.startswith("Invade ")
        assert "no battle" in c.label or re.search(r"win \d+\.\d%, tie \d+\.\d%, lose \d+\.\d%", c.label)
    # Not the computer's decision, and not outside the invade step.
    others = frozenset(range(3)) - {game.decision.player}
    assert view_of(game).map_choices(humans=others) == ()
    assert view_of(new_game()).map_choices() == ()


def test_the_default_map_choices_ask_click_of_every_space() -> None:
    from hotw.ui.rulesetview import RulesetView

    game = at_invade()
    generic = RulesetView.map_choices(view_of(game))
    assert {c.space for c in generic} == {c.space for c in view_of(game).map_choices()}


def test_the_board_as_text_names_every_land_its_holder_and_pieces() -> None:
    game = played(moves=300)
    headers, rows = view_of(game).board_rows()
    assert headers == ("Land", "Region", "Held by", "Pieces", "Now")
    lands = [s for s in game.board.spaces.values() if s.kind == "land"]
    assert len(rows) == len(lands)
    held = next(r for r in rows if r[2] != "nobody")
    assert re.match(r"\w+ \((orange|blue|green) \w+\), (active|resigned) army", held[2])
    html_table = panels.text_table("The board", headers, rows)
    assert html_table.count("<tr>") == len(rows) + 1 and "<caption>" in html_table and "scope='row'" in html_table


# -- the table off the map ---------------------------------------------------------------------------------


def test_the_table_shows_supplies_cards_and_the_box() -> None:
    game = played(moves=250)
    text = viewtable.table_html(game)
    for seat in range(3):
        assert f"data-supply='{game.supply[seat]}'" in text and f"data-cards='{len(game.hands[seat])}'" in text
    assert f"of {game.opts['player_armies']}" in text
    assert "of 24 capitols and cities" in text and "of 20 monuments" in text and "of 14 forts" in text
    from hotw.ui.rulesetview import EXTRA_PANELS, PANELS

    assert set(view_of(game).panels()) == set(PANELS) | set(EXTRA_PANELS)


def test_events_played_this_epoch_are_listed_for_everyone() -> None:
    game = new_game(3)
    bot = make_bot("random", 3)
    for _ in range(20000):
        if game.is_over or any(e == game.epoch for e, _s, _c in game.events_played):
            break
        game.apply(bot.choose(game))
    epoch, seat, card = next(x for x in reversed(game.events_played) if x[0] == game.epoch)
    text = viewtable.events_html(game)
    assert f"data-card='{card}'" in text and game.content.events[card].name in text
    assert "No event card played yet" in viewtable.events_html(new_game())


# -- the end of the game ---------------------------------------------------------------------------------


def test_the_summary_names_the_winner_and_charts_every_epoch() -> None:
    game = played()
    text = view_of(game).summary()
    best = max(range(3), key=lambda p: game.score[p])
    assert f"data-winner='{best}'" in text and f"{game.players[best]} wins with {game.score[best]} points" in text
    assert text.count("<polyline") == 3 and text.count("<tr data-seat") == 3
    assert all(f"Epoch {r}" in text for r in ("I", "II", "III", "IV", "V"))
    assert view_of(new_game()).summary() == ""


def test_replay_steps_rebuild_every_position_from_the_history() -> None:
    from hotw.ui.replay import replay_steps

    game = played(moves=260)
    steps = replay_steps(game)
    assert steps[-1].cut == len(game.history)
    assert [s.cut for s in steps] == sorted({s.cut for s in steps})
    assert all(not game.history[s.cut].is_chance for s in steps[:-1])
    assert {s.epoch for s in steps} >= {1, 2}
    middle = steps[len(steps) // 2]
    again = game.replay(game.history[: middle.cut])
    assert again.epoch == middle.epoch and not again.decision.is_chance


# -- the widget: nothing stale, buttons that do what they say ----------------------------------------------


@pytest.fixture
def gv():
    pytest.importorskip("ipyleaflet")
    from hotw.ui.app import GameView

    return GameView(new_game(), bots={"Ben": "heuristic:medium", "Cy": "heuristic:easy"}, speed="instant")


def to_invade(gv) -> None:
    game = gv.game
    for _ in range(100):
        if game.decision.step == "invade" and game.decision.player == 0:
            return
        choices = gv.view.choices()
        gv.act(Action("skip_kingdom") if game.decision.step == "kingdom" else choices.buttons[0].action)
    raise AssertionError(f"no invade decision of Ada: {game.decision}")


def test_the_keyboard_list_plays_the_land_chosen(gv) -> None:
    to_invade(gv)
    assert gv.targets.choices and gv.targets.layout.display == SHOWN
    assert gv.targets.go.disabled  # nothing chosen yet
    gv.targets.select.index = 0
    choice = gv.targets.chosen
    assert gv.targets.go.description == choice.label.split(": ")[0]
    assert gv.game.board.spaces[choice.space].name in gv.hover.value and gv.pick.layers
    gv.targets.go.click()
    assert gv.game.owner.get(choice.space) == 0 or "invade" in gv.message.value


def test_next_step_plays_exactly_one_decision(gv) -> None:
    to_invade(gv)
    gv.speed.value = "fast"
    before = len([a for a in gv.game.history if not a.is_chance])
    gv.next_step()  # Ada's decision, played by the computer as a hint
    assert len([a for a in gv.game.history if not a.is_chance]) == before + 1
    assert "for Ada" in gv.message.value


def test_computer_plays_all_says_how_many_moves_were_for_people(gv) -> None:
    gv.run("epoch")
    assert re.search(r"played \d+ moves, \d+ of them for Ada", gv.message.value)


def test_undo_back_to_the_start_never_stops_on_a_bots_pick(gv) -> None:
    start = gv.game.decision
    to_invade(gv)
    for _ in range(40):
        gv.undo()
    assert gv.game.decision.player == 0 and gv.game.decision == start
    assert "Nothing to undo" in gv.message.value and gv.undo_button.disabled


def test_a_map_dragged_off_the_board_comes_back_to_its_edge(gv) -> None:
    (south, west), (north, east) = gv.view.bounds
    gv.map.center = [20.0, 40.0]
    assert list(gv.map.center) == [20.0, 40.0]  # on the board: left where it is
    gv.map.center = [north + 30.0, west - 200.0]  # dragged off to the north-west, into the grey
    assert list(gv.map.center) == [north, west] and gv.errors == []


def test_undo_names_the_move_it_takes_back(gv) -> None:
    to_invade(gv)
    land = gv.view.map_choices(frozenset({0}))[0]
    gv.act(land.action)
    gv.undo()
    said = gv.message.value
    assert f"Taken back: {land.label}. Now: " in said and gv.game.decision.step == "invade"
    gv.act(Action("end_invasions"))
    gv.undo()  # over the bots' moves, back to Ada's decision
    assert "Taken back: End invasions" in gv.message.value and gv.game.decision.player == 0


def test_the_why_line_explains_only_the_last_move(gv) -> None:
    to_invade(gv)
    gv.act(Action("end_invasions"))
    if gv.bot_why.value:
        gv.act(gv.game.legal_actions()[0])
    assert gv.bot_why.value == "" or gv._why_cut == len(gv.game.history)
    text = gv.game.to_json()
    gv.load_text(text)
    assert gv.bot_why.value == ""


def test_the_save_link_is_always_the_game_as_it_is_now(gv) -> None:
    gv.save_fold.toggle()
    first = gv.save_link.value
    assert f'data-moves="{len(gv.game.history)}"' in first
    to_invade(gv)
    assert f'data-moves="{len(gv.game.history)}"' in gv.save_link.value
    gv.save_fold.toggle()
    gv.act(Action("end_invasions"))
    assert gv.save_link.value == ""  # closed: nothing old is left to download


def test_the_end_zooms_out_and_the_replay_leaves_the_game_alone(gv) -> None:
    gv.run("end")
    assert gv.game.is_over and gv.summary.layout.display == SHOWN and "wins with" in gv.summary.value
    history = list(gv.game.history)
    gv.start_replay()
    assert gv.replaying and gv.summary.layout.display == "none"
    assert gv.next_button.disabled and gv.epoch_button.disabled
    gv.jump_epoch(1)
    assert "data-epoch='2'" in gv.replay_caption.value
    gv.step_by(1)
    assert gv.click("gaul") is None and "replay" in gv.message.value
    gv.stop_replay()
    assert not gv.replaying and gv.game.history == history and "wins with" in gv.summary.value
    assert gv.errors == []


def test_a_replay_says_so_at_either_end(gv) -> None:
    gv.run("end")
    gv.start_replay()
    gv.step_by(-1)
    assert "start of the replay" in gv.message.value and "data-step='0'" in gv.replay_caption.value
    gv.jump_epoch(-1)
    assert "start of the replay" in gv.message.value
    last = gv.replay_slider.max
    gv.replay_slider.value = last
    gv.step_by(1)
    assert "last move of the replay" in gv.message.value and f"data-step='{last}'" in gv.replay_caption.value
    gv.jump_epoch(1)
    assert "last move of the replay" in gv.message.value
    gv.step_by(-1)
    assert f"data-step='{last - 1}'" in gv.replay_caption.value and "Replay:" in gv.message.value
    assert gv.errors == []


def test_pause_becomes_play_on_when_the_computer_waits(gv) -> None:
    gv.speed.value = "step by step"
    to_invade(gv)
    gv.act(Action("end_invasions"))
    if gv.game.decision.player in gv.bots:
        assert gv.pause_button.description == "Play on" and not gv.pause_button.disabled
        gv.pause_or_play_on()
        assert gv.game.is_over or gv.game.decision.player not in gv.bots
