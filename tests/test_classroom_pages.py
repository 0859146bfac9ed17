"""A seat's page shows that seat's hidden information only; stale, doubled and foreign clicks change nothing;
the control room gives seats, pauses, ends and downloads."""

from __future__ import annotations

import base64
import html
import io
import json
import re
import zipfile
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

import hotw
from hotw.actions import Action
from hotw.bots import RandomBot
from hotw.classroom import STORE_ENV, open_store
from hotw.classroom.pages.control import ControlRoom
from hotw.classroom.host import TableHost
from hotw.classroom.pages import seat_page, teacher_page
from hotw.classroom.pages.seatview import ProjectorView, SeatView, card_name
from hotw.classroom.table import LiveGame, new_table
from hotw.observation import observation
from hotw.ui.rulesetview import view_of


def page_text(widget: Any) -> str:
    """Everything a page shows as text: HTML values, button labels, list entries (hidden parts included)."""
    out = []
    if isinstance(widget, (w.HTML, w.Label)):
        out.append(widget.value)
    if isinstance(widget, w.Button):
        out.append(f"{widget.description} {widget.tooltip or ''}")
    if isinstance(widget, (w.Select, w.Dropdown)):
        out.extend(str(o[0] if isinstance(o, tuple) else o) for o in widget.options)
    for child in getattr(widget, "children", ()):
        out.append(page_text(child))
    return html.unescape("\n".join(out))


def _markers(view: Any) -> str:
    return html.unescape("\n".join(view.view.markers().values()))


def _card_names(game: Any, seat: int) -> set[str]:
    return {card_name(game, c) for c in observation(game, seat).hand}


def _empire_names(game: Any, seat: int | None) -> set[str]:
    """Names of the drafted or dealt empires that ``seat``'s observation hides (None: hidden from any seat).

    The 2018 draft and the Brief History allocation deal empire cards face down: a seat knows its own, and
    another's once it is called (``revealed_empires``, ``played_empires``); a classic card being drawn is
    the drawer's alone until it is kept or given.
    """
    ruleset, n = game.ruleset.name, len(game.players)
    seats = range(n) if seat is None else (seat,)
    hidden: set[str] = set()
    for s in seats:
        obs = observation(game, s)
        if ruleset == "hotw2018":
            known = obs.revealed_empires
            hidden |= {card_name(game, e) for p, e in enumerate(game.empire_of) if e and p not in known}
        elif ruleset == "brief":
            known = obs.played_empires
            hidden |= {card_name(game, e) for c, e in enumerate(game.empire_of) if e and c not in known}
        elif ruleset == "classic" and game.pending_card is not None:
            if obs.drawn_card is None:
                hidden.add(card_name(game, game.pending_card))
    return hidden


@pytest.mark.parametrize("ruleset", ["hotw2018", "classic", "brief", "heroes"])
def test_a_seat_sees_its_own_hand_and_nothing_hidden_of_the_others(tmp_path: Path, ruleset: str) -> None:
    store = open_store(tmp_path / "c.sqlite")
    tid = new_table(store, "T", ["Ada", "Ben", "Cy"], seed=11, ruleset=ruleset)
    driver = LiveGame(store, tid)
    seats = [SeatView(LiveGame(store, tid), s) for s in range(3)]
    projector = ProjectorView(LiveGame(store, tid))
    bot = RandomBot(3)
    checked = hidden_empires = 0
    for move in range(400):
        if driver.game.is_over:
            break
        driver.move(driver.game.decision.player, bot.choose(driver.game))
        if move % 9:
            continue
        projector.sync()
        # Public: what the ruleset's own view shows when no seat is played at this screen.
        game = driver.game
        public = html.unescape("\n".join(view_of(game).panels(frozenset(range(3))).values())) + _markers(projector)
        for view in [projector, *seats]:
            view.sync()
            shown = page_text(view) + _markers(view)
            own = _card_names(view.game, view.seat) if view.seat is not None else set()
            for name in own:
                assert name in html.unescape(view.hand.value)  # its own hand is always on its page
            for other in range(3):
                if other == view.seat:
                    continue
                for name in _card_names(game, other) - own:
                    if name in public:
                        continue  # shown to everyone (a card played or on the board): not a secret
                    assert not re.search(rf"\b{re.escape(name)}\b", shown), (
                        f"{ruleset}: seat {view.seat}'s page shows {name!r}, in seat {other}'s hand")
                    checked += 1
            # In another seat's draft, its map would outline the starts of the cards offered to that seat.
            if not game.is_over and view.seat != game.decision.player and view.view.is_draft(game.decision.step):
                assert not any("hotw-candidate" in s["className"] for s in view.view.styles().values()), (
                    f"{ruleset}: seat {view.seat}'s map outlines the starts another seat may pick")
            # A card's historical note may name another people ("Mycenaean Greeks"): not a card.
            told = re.sub(r"<details class='hotw-history'>.*?</details>", "", shown, flags=re.S)
            for name in _empire_names(game, view.seat):
                assert not re.search(rf"\b{re.escape(name)}\b", told), (
                    f"{ruleset}: seat {view.seat}'s page names {name!r}, an empire card it may not see yet")
                hidden_empires += 1
    assert checked > 0  # the test looked at secrets
    assert hidden_empires > 0 or ruleset == "heroes"  # and at face-down empires, where the game has them


def _buttons(view: SeatView) -> list[w.Button]:
    return [c for c in view.choices.children if isinstance(c, w.Button)]


def test_clicks_of_another_seat_stale_or_doubled_are_refused_and_change_nothing(tmp_path: Path) -> None:
    store = open_store(tmp_path / "c.sqlite")
    tid = new_table(store, "T", ["Ada", "Ben", "Cy"], seed=7)
    views = [SeatView(LiveGame(store, tid), s) for s in range(3)]
    who = views[0].game.decision.player
    mover, other = views[who], views[(who + 1) % 3]
    choice = mover.view.choices().buttons[0]
    n = store.status(tid).length
    assert other.view.click("egypt", other.humans) != choice.action  # its map acts for its own seat only
    assert not other.act(choice.action) and "not your turn" in other.message.value
    assert store.status(tid).length == n
    stale = mover._shown
    assert mover.act(choice.action)
    after = store.status(tid).length
    assert not mover.act(choice.action, expected=stale)  # the same click again, from the screen before
    assert "moved on" in mover.message.value and store.status(tid).length == after
    assert mover.game.to_json() == LiveGame(store, tid).game.to_json()


def test_a_double_click_plays_once_and_a_quick_click_on_the_next_decision_plays(tmp_path: Path) -> None:
    """The second click of a double click answers the decision the first one took, by a button or on the
    map, and is refused; a click on the next decision's button right after one's move is played."""
    store = open_store(tmp_path / "c.sqlite")
    tid = new_table(store, "T", ["Ada", "Ben", "Cy"], seed=7)
    views = [SeatView(LiveGame(store, tid), s) for s in range(3)]
    kinds = set()
    quick = False
    for _ in range(12):  # the 2018 draft: an event card, then an empire, seat by seat
        for view in views:
            view.sync()
        who = views[0].game.decision.player
        mover, step = views[who], views[0].game.decision.step
        if not step.startswith("pick"):
            break
        n = store.status(tid).length
        if step == "pick_empire":  # a double click on a starting territory of the map
            land, style = next((sid, s) for sid, s in mover._styles.items() if "hotw-candidate" in s["className"])
            click = {"properties": {"id": land, "style": dict(style)}}
            mover._on_map_click(**click)
            after = store.status(tid).length
            assert after > n, mover.message.value
            mover._on_map_click(**click)  # the second click, drawn on the map as it was
            assert "map changed" in mover.message.value
        else:  # a double click on a choice button
            first = _buttons(mover)[0]
            first.click()
            after = store.status(tid).length
            assert after > n, mover.message.value
            first.click()  # the second click, on the button drawn for the decision just taken
            assert "moved on" in mover.message.value
        kinds.add(step)
        assert store.status(tid).length == after  # played once
        if not quick and views[0].live.store.status(tid).length == after:
            mover.sync()
            if not mover.game.is_over and mover.game.decision.player == who:  # its next decision, at once
                _buttons(mover)[0].click()
                assert store.status(tid).length > after, mover.message.value
                quick = True
    assert kinds == {"pick_event", "pick_empire"} and quick


def test_a_page_reloaded_mid_game_shows_the_same_game(tmp_path: Path) -> None:
    store = open_store(tmp_path / "c.sqlite")
    tid = new_table(store, "T", ["Ada", "Ben", "Cy"], seed=7)
    for seat in (1, 2):
        store.set_seat(tid, seat, "bot", "random")
    host = TableHost(store, delay=0)
    view = SeatView(LiveGame(store, tid), 0)
    for _ in range(30):
        while host.step():
            pass
        if view.game.is_over:
            break
        view.sync()
        if view.game.decision.player == 0:
            found = view.view.choices().buttons or tuple(view.view.map_choices(view.humans))
            assert view.act(found[0].action), view.message.value
    again = SeatView(LiveGame(store, tid), 0)  # a reload: a new kernel, the same store
    view.sync()
    assert again.game.to_json() == view.game.to_json()
    assert again.view.panels(frozenset({1, 2})) == view.view.panels(frozenset({1, 2}))


def test_a_seat_given_to_someone_else_stops_its_old_page(tmp_path: Path) -> None:
    store = open_store(tmp_path / "c.sqlite")
    tid = new_table(store, "T", ["Ada", "Ben", "Cy"], seed=7)
    old = store.seats(tid)[0].secret
    view = SeatView(LiveGame(store, tid), 0, secret=old)
    store.set_seat(tid, 0, "human")
    assert view.sync()
    assert "given to someone else" in view.banner.value
    assert not view.act(Action("pick_event", "anything"))
    assert "given to someone else" in view.message.value


def test_pages_refuse_a_missing_or_wrong_secret(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "c.sqlite"
    monkeypatch.setenv(STORE_ENV, str(path))
    store = open_store(path)
    tid = new_table(store, "T", ["Ada", "Ben", "Cy"], seed=7)
    monkeypatch.setenv("QUERY_STRING", "")
    assert "link of your seat" in seat_page().value
    assert "opens no seat" in seat_page("wrong").value
    assert isinstance(seat_page(store.seats(tid)[1].secret), SeatView)
    monkeypatch.setenv("QUERY_STRING", f"seat={store.seats(tid)[2].secret}")
    assert seat_page().seat == 2
    assert "teacher's link" in html.unescape(teacher_page("wrong").value)
    assert isinstance(teacher_page(store.teacher_key()), ControlRoom)


def test_the_control_room_opens_tables_gives_seats_pauses_ends_and_downloads(tmp_path: Path) -> None:
    store = open_store(tmp_path / "c.sqlite")
    room = ControlRoom(store, base_url="http://class:8866")
    room.new_name.value, room.new_players.value, room.new_ruleset.value = "Rome", "Ada, Ben, Cy", "brief"
    tid = room.open_table()
    assert store.table(tid).ruleset == "brief" and len(room.tables_box.children) == 1
    assert "http://class:8866/voila/render/seat.ipynb?seat=" + store.seats(tid)[0].secret in page_text(room)
    room.give(tid, 0, "human")
    room.fill_with_bots(tid)
    kinds = [s.kind for s in store.seats(tid)]
    assert kinds == ["human", "bot", "bot"]
    room.set_state(tid, "paused")
    assert store.status(tid).state == "paused" and "Play on" in page_text(room)
    room.set_state(tid, "ended")
    room.new_players.value = "Solo"
    room.open_table()
    assert "player" in room.message.value.lower()  # the engine's reason, shown; no table opened
    assert len(store.tables()) == 1
    data = room.make_download()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        (name,) = z.namelist()
        text = z.read(name).decode()
    assert json.loads(text)["ruleset"] == "brief"
    assert hotw.load_game(text).to_json() == LiveGame(store, tid).game.to_json()
    assert base64.b64encode(data).decode() in room.download.value
    assert room.projector is not None and room.projector.live.table_id == tid


def test_the_class_server_serves_both_pages_with_the_store_and_the_address() -> None:
    from hotw.classroom.pages import PAGES
    from hotw.classroom.serve import environment, voila_command

    for name, call in (("seat.ipynb", "seat_page()"), ("teacher.ipynb", "teacher_page()")):
        doc = json.loads((PAGES / name).read_text(encoding="utf-8"))
        assert call in "".join(doc["cells"][0]["source"])
    assert str(PAGES) in voila_command(8866, "0.0.0.0")
    env = environment("/tmp/class.sqlite", "http://10.0.0.5:8866")
    assert env[STORE_ENV] == "/tmp/class.sqlite" and env["HOTW_CLASSROOM_URL"] == "http://10.0.0.5:8866"


def test_hotw_classroom_is_a_command() -> None:
    from hotw.cli import main

    with pytest.raises(SystemExit) as done:
        main(["classroom", "--help"])
    assert done.value.code == 0
