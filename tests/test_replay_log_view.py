"""A real game's log in the notebook game's replay (no browser): the log's own scores and winner beside the
engine's, every move told, the caption in the language chosen, a picture's hover, and bad files refused.

The browser test (tests/browser/test_replay_log.py) opens a log as a person does; these check what it shows.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import hotw
from hotw.actions import Action
from hotw.errors import GameLogError
from hotw.rulesets.classic.logimport import import_log_text
from hotw.ui.logscores import LogScores
from hotw.ui.view import SEAT_SYMBOLS

pytest.importorskip("ipyleaflet")

LOGS = Path(__file__).resolve().parent / "data" / "classic-logs"


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


@pytest.fixture(scope="module")
def shown():
    """game002.txt, whose engine totals name another winner than the log's last line, opened as a person does."""
    from hotw.ui.app import GameView

    gv = GameView(hotw.new_game("classic", ["Ada", "Ben", "Cy"], seed=1), lang="en")
    gv.load_text((LOGS / "game002.txt").read_bytes(), "game002.txt")
    assert gv.replaying and not gv.errors
    return gv


def test_the_summary_names_the_log_winner_beside_the_engine_count(shown) -> None:
    replay = hotw.import_log(LOGS / "game002.txt")
    final = replay.game.scores
    assert max(final, key=final.get) == "Player1" and replay.log.end.get("player") == 2  # the log's Player3
    shown.show_step(len(shown._steps) - 1)
    summary = _text(shown.summary.value)
    assert "Player1 wins with 189 points" in summary  # the replay's own count, as before
    assert "The game log: ▲ Player3 won with 192 points." in summary
    assert f"{sum(c.matches for c in replay.checks)} of 42 turns of game002.txt score as the log does" in summary
    assert summary.index("The game log:") < summary.index("Player1 wins")  # the real game's result first


def test_each_scored_turn_gives_the_log_points_in_its_caption_list_and_breakdown(shown) -> None:
    replay = hotw.import_log(LOGS / "game002.txt")
    off = next(i for i, c in enumerate(replay.checks) if not c.matches)
    same = next(i for i, c in enumerate(replay.checks) if c.matches)
    c = replay.checks[off]
    shown.show_step(len(shown._steps) - 1)  # every turn scored, in the list
    texts = [str(s.text) for s in shown._steps]
    notes = [t for t in texts if "the game log scores this turn" in t]
    assert len(notes) == len(replay.checks)  # one a scored turn, at the step that scores it
    assert f"the game log scores this turn {c.log_points} points ({c.log_total} in all)" in notes[off]
    assert "the game log scores this turn the same" in notes[same]
    labels = dict((i, label) for label, i in shown.breakdown_pick.options)
    assert labels[off].endswith(f"· the game log scores this turn {c.log_points} points ({c.log_total} in all)")
    shown.breakdown_pick.value = off
    assert (f"The game log scores this turn {c.log_points} ({c.log_total} in all); the replay counts {c.points} "
            f"({c.total}) by the rules below.") in _text(shown.breakdown.value)


def test_the_last_move_says_each_figure_once_and_names_the_log_winner(shown) -> None:
    last = str(shown._steps[-1].text).split(" · ")
    scored = next(i for i, part in enumerate(last) if part.startswith("Player1 scores 31 (189 in all)"))
    assert last[scored + 1] == "the game log scores this turn the same"  # the note beside its turn's score
    assert sum(part.startswith("scores: ") for part in last) == 1  # the totals once, not again at the game's end
    assert last[-2:] == ["the game is over: Player1 wins with 189 points", "the game log: Player3 won with 192 points"]
    assert "game log: Player3 won" not in str(shown._steps[-2].text)


def test_a_saved_replay_opens_again_with_the_log_points_beside_its_own(shown) -> None:
    import base64

    from hotw.ui.app import GameView

    shown.save()
    text = base64.b64decode(re.search(r"base64,([^\"]+)", shown.save_link.value).group(1)).decode("utf-8")
    assert hotw.load_game(text).history == shown.game.history  # a save like any other, the record beside it
    again = GameView(hotw.new_game("hotw2018", ["Ada", "Ben", "Cy"], seed=3), lang="en")
    again.load_text(text, "game002-replay.json")
    assert again._log_scores == shown._log_scores and not again.bots and not again.errors
    again.start_replay(10**6)
    assert "The game log: ▲ Player3 won with 192 points." in _text(again.summary.value)
    assert "the game log scores this turn" in str(again._steps[-1].text)
    plain = GameView(hotw.new_game("classic", ["Ada", "Ben", "Cy"], seed=1), lang="en")
    plain.load_text(plain.game.to_json(), "plain.json")
    assert plain._log_scores is None  # a save of any other game keeps none


def test_log_scores_are_checked_turn_by_turn() -> None:
    log = LogScores("x.txt", ((3, 3, 3, 3), (2, 5, 4, 7)), winner=1, points=7)
    assert log.matching == 1 and log.as_logged(0) and log.as_logged(1) is False and log.as_logged(2) is None
    assert log.turn_note(2) is None and log.breakdown_html(-1) == ""
    assert str(log.turn_note(1)) == "the game log scores this turn 4 points (7 in all)"


def test_every_move_of_the_replay_is_told_and_an_epoch_end_says_its_epoch(shown) -> None:
    steps = shown._steps
    assert all(str(s.text) for s in steps)  # a move with no line of its own is told by its button's label
    assert any(str(s.text) == "End the turn (monuments, then score)" for s in steps)
    end = next(i for i, s in enumerate(steps) if s.epoch == 2)
    assert steps[end].moved_in == 1
    shown.show_step(end)
    caption = _text(shown.replay_caption.value)
    assert "· Epoch II Epoch I, " in caption  # the map shows Epoch II; the move told ended Epoch I


def test_the_caption_follows_the_language_menu(shown) -> None:
    scored = next(i for i, s in enumerate(shown._steps) if "the game log scores this turn" in str(s.text))
    shown.show_step(scored)
    english = _text(shown.replay_caption.value)
    shown.set_language("es")
    try:
        spanish = _text(shown.replay_caption.value)
        assert spanish.startswith(f"Repetición , jugada {scored} de ") and "puntúa" in spanish
        assert "scores" not in spanish and "the game log" not in spanish
    finally:
        shown.set_language("en")
    assert _text(shown.replay_caption.value) == english


def test_a_replayed_position_is_a_picture(shown) -> None:
    for index in range(len(shown._steps)):
        shown.show_step(index)
        game = shown.view.game
        if game.decision.step == "expand" and not game.is_over:
            hovers = [shown.view.hover(sid) for sid in game.board.spaces]
            assert not any("Click to" in h for h in hovers)
            assert any(" could attack here" in h or " could move in here" in h for h in hovers)
            return
    raise AssertionError("no expansion in the replay")


def test_a_land_hover_names_its_pieces_with_symbols_that_are_no_seat_shape() -> None:
    from hotw.rulesets.classic.viewstyle import SYMBOLS
    from hotw.ui.rulesetview import view_of

    assert not set(SYMBOLS.values()) & set(SEAT_SYMBOLS)
    game = hotw.import_log(LOGS / "game001.txt").game
    land = next(sid for sid, kind in game.structures.items() if kind == "capitol")
    assert "capitol (2 points)" in view_of(game).hover(land)


def test_the_actor_panel_lists_no_empty_events_line() -> None:
    from hotw.ui.rulesetview import view_of

    game = hotw.new_game("classic", ["Ada", "Ben", "Cy"], seed=3, options={"ties_until_losses": 3})
    for _ in range(400):
        if game.actor is not None and game.fx.get("battles_lost") and len(game.fx) == 1:
            assert "Events in force" not in view_of(game).panels()["actor"]
            return
        game.apply(game.legal_actions()[0] if game.decision.step != "expand" else _attack_or_end(game))
    pytest.skip("no lost battle without another effect in 400 moves of this seed")


def _attack_or_end(game) -> Action:
    legal = game.legal_actions()
    held = [a for a in legal if a.kind == "invade" and a.target in game.owner]
    return held[0] if held else legal[0]


def test_a_tie_at_a_fort_in_the_online_game_is_told_once() -> None:
    replay = hotw.import_log(LOGS / "game001.txt")
    lines = [str(line) for line in replay.game.log]
    i = next(i for i, line in enumerate(lines) if "falls with the attacking army" in line)
    # game001.txt lines 67-71: Assyria loses twice, ties at the Sumerians' fort, loses, then wins Lower Tigris
    assert [line.removeprefix("Epoch II, ") for line in lines[i - 2:i + 3]] == [
        "Player1 loses the battle for Lower Tigris", "Player1 loses the battle for Lower Tigris",
        "the fort of Lower Tigris falls with the attacking army", "Player1 loses the battle for Lower Tigris",
        "Player1 wins the battle for Lower Tigris"]


@pytest.mark.parametrize("text, words", [
    ("", "the file is empty"),
    ("hello\nthis is not a log\n", "no line of it is numbered"),
    ("milk\neggs\nbread\nbutter\njam\n", "no line of it is numbered"),
])
def test_a_file_that_is_no_log_says_so(text: str, words: str) -> None:
    with pytest.raises(GameLogError, match=words):
        import_log_text(text, "list.txt")


def test_a_log_cut_in_the_middle_of_its_last_line_says_it_seems_cut_short() -> None:
    lines = (LOGS / "game001.txt").read_text(encoding="utf-8").splitlines()
    cut = "\n".join(lines[:281] + [lines[281][:20]])
    with pytest.raises(GameLogError, match=r"line 282: .*\(the file's last line: the log seems cut short\)"):
        import_log_text(cut, "cut.txt")
    whole = "\n".join(lines[:281])  # cut at a line's end: the game is not over
    with pytest.raises(GameLogError, match="it is cut short"):
        import_log_text(whole, "cut.txt")
