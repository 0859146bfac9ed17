"""Authored historical extents: real board ids, honest notes, and a correct comparison with a game."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import hotw
from hotw import history
from hotw.board import load_board
from hotw.bots import make_bot
from hotw.errors import ContentError


@pytest.fixture(scope="module")
def extents() -> dict[str, history.Extent]:
    return dict(history.load_extents())


def test_every_extent_names_real_lands_and_a_real_empire(extents: dict[str, history.Extent]) -> None:
    board = load_board()
    game = hotw.new_game(seed=0)
    lands = {sid for sid, s in board.spaces.items() if s.kind == "land"}
    assert {"romans_117", "han_100", "mongols_1279"} <= set(extents)
    for ext in extents.values():
        assert ext.lands <= lands, ext.id
        assert set(ext.borderline) <= ext.lands, ext.id
        assert not set(ext.outside) & ext.lands, ext.id
        assert set(ext.outside) <= lands, ext.id
        assert ext.empire in game.content.empires, ext.id
        assert ext.provenance == "authored" and ext.source and ext.note, ext.id
        assert 1 <= len(ext.sources) <= 2 and all(ref.title for ref in ext.sources), ext.id
        # The card's start territory lies inside the empire it stands for.
        assert set(game.content.empires[ext.empire].start) <= ext.lands, ext.id


def test_extents_come_oldest_first(extents: dict[str, history.Extent]) -> None:
    years = [e.year for e in extents.values()]
    assert years == sorted(years)
    assert extents["persians_500bc"].year == -500


def test_rome_in_117(extents: dict[str, history.Extent]) -> None:
    rome = extents["romans_117"]
    assert {"southern_italia", "albion", "nile_delta", "danubia", "shatts_plateau"} <= rome.lands
    assert not {"highlands", "central_europe", "scandinavia"} & rome.lands
    assert "upper_tigris" in rome.borderline and "upper_tigris" not in rome.core
    assert history.extents_of("romans", extents) == [rome]
    assert history.extents_of("vikings", extents) == []


def test_client_and_vassal_states_are_not_counted(extents: dict[str, history.Extent]) -> None:
    """One rule for every extent (see hotw.history): client kingdoms and vassals stay outside."""
    clients = {
        "romans_117": ["middle_tigris", "lower_tigris", "caucasus"],  # Parthamaspates, Characene, Iberia
        "han_100": ["tarim_basin"],  # the oasis kings under the Protector-General
        "mongols_1279": ["korean_peninsula", "northern_european_plain", "caucasus", "persian_plateau"],
        "persians_500bc": ["pindus"],  # Macedon
    }
    for ext_id, lands in clients.items():
        ext = extents[ext_id]
        for land in lands:
            assert land not in ext.lands and land in ext.outside, (ext_id, land)


def _write(tmp: Path, name: str, **changes: object) -> None:
    rec = json.loads((history.HISTORY_DIR / "han_100.json").read_text(encoding="utf-8"))
    rec.update(changes)
    (tmp / name).write_text(json.dumps(rec), encoding="utf-8")


def test_broken_extents_are_reported_with_their_file(tmp_path: Path) -> None:
    _write(tmp_path, "han_100.json", lands=["wei_river", "latium"], outside={"wei_river": "x"})
    _write(tmp_path, "bad_id.json")
    _write(tmp_path, "old.json", id="old", provenance="documented", borderline={"honshu": "no"})
    (tmp_path / "junk.json").write_text("{", encoding="utf-8")
    with pytest.raises(ContentError) as err:
        history.load_extents(tmp_path)
    text = str(err.value)
    assert "han_100.json: lands: 'latium' is not a land on the board" in text
    assert "han_100.json: outside: 'wei_river' is also among the lands" in text
    assert "bad_id.json: id 'han_100' must match the file name" in text
    assert "old.json: provenance must be 'authored'" in text
    assert "old.json: borderline: 'honshu' is not among the lands" in text
    assert "junk.json: not valid JSON" in text


def test_an_extent_without_sources_is_rejected(tmp_path: Path) -> None:
    rec = json.loads((history.HISTORY_DIR / "han_100.json").read_text(encoding="utf-8"))
    del rec["sources"]
    (tmp_path / "han_100.json").write_text(json.dumps(rec), encoding="utf-8")
    _write(tmp_path, "empty.json", id="empty", sources=[])
    _write(tmp_path, "paged.json", id="paged", sources=[{"title": "The Cambridge History of China", "entry": "p. 20"}])
    with pytest.raises(ContentError) as err:
        history.load_extents(tmp_path)
    assert err.value.problems == [
        "empty.json: sources must list one or two references (a title, and an author or an entry)",
        "han_100.json: missing field 'sources'",
        "paged.json: sources 1: gives a page number; name the entry or chapter instead",
    ]


def test_overlap_small_cases() -> None:
    same = history.overlap({"a", "b"}, {"b", "a"})
    assert same.both == {"a", "b"} and not same.only_game and not same.only_history
    assert same.share_of_history == same.share_of_game == same.jaccard == 1

    apart = history.overlap({"a"}, {"b", "c"})
    assert not apart.both and apart.only_game == {"a"} and apart.only_history == {"b", "c"}
    assert apart.share_of_history == apart.jaccard == 0

    part = history.overlap(["a", "b", "c"], ["c", "d"])
    assert part.both == {"c"} and part.only_game == {"a", "b"} and part.only_history == {"d"}
    assert part.share_of_history == Fraction(1, 2)
    assert part.share_of_game == Fraction(1, 3)
    assert part.jaccard == Fraction(1, 4)

    empty = history.overlap(set(), set())
    assert empty.share_of_history == empty.share_of_game == empty.jaccard == 0


def test_held_after_turn_is_the_map_when_the_turn_was_scored() -> None:
    game = hotw.new_game(players=["A", "B", "C"], seed=3)
    bots = [make_bot("random", f"3:{i}") for i in range(3)]
    while not game.turn_scores:
        game.apply(bots[game.decision.player].choose(game))
    _epoch, card, seat, _bd = game.turn_scores[0]
    then = history.held_lands(game, seat)
    assert then and history.held_after_turn(game, card) == then
    while game.epoch < 3 and not game.is_over:
        game.apply(bots[game.decision.player].choose(game))
    assert history.held_after_turn(game, card) == then
    assert history.held_after_turn(game, "no_such_card") is None
