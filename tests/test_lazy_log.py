"""The game log is written as specs and made when read: it reads exactly as a log made at once.

The 2018 engine keeps each log line as the values it names (``Hotw2018Game._tell``) and makes
the sentence (a ``Msg``) when ``game.log`` is first read; classic (``_tell``), Brief and Heroes
(``tell``) do the same. That is safe only if nothing a spec
holds can change after it is written: these tests check every spec of seeded games holds
values that cannot change, that a log read at every step equals one read at the end (message,
arguments and translations alike), and that every reader of ``game.log`` gets a real list.
"""

from __future__ import annotations

import dataclasses
import json
import types
from typing import Any

import pytest

import hotw
from hotw.bots import make_bot
from hotw.i18n import Listing, Msg, Num, Term, render
from hotw.observation import observation


def _bots(bot: str, players: int, seed: int, ruleset: str = "hotw2018") -> list[Any]:
    return [None if bot == "first" else make_bot(bot, f"{seed}:{i}", ruleset) for i in range(players)]


def _step(game: hotw.Game, bots: list[Any]) -> None:
    bot = bots[game.to_decide[0]]
    game.apply_legal(game.legal_actions()[0] if bot is None else bot.choose(game))


def _said(line: Any) -> Any:
    """Everything a line is: its text, and for a message its catalog, ids and arguments, all the way down."""
    if isinstance(line, Msg):
        return ("Msg", str.__str__(line), line.domain, line.msgid, line.plural, line.n,
                tuple((k, _said(v)) for k, v in line.args.items()))
    if isinstance(line, Listing):
        return ("Listing", str.__str__(line), line.sep, tuple(_said(i) for i in line.items))
    if isinstance(line, Term):
        return ("Term", str.__str__(line), line.table, line.key, line.field)
    return (type(line).__name__, line)


def _frozen(value: Any) -> bool:
    """True if ``value`` cannot change: words, numbers, tuples of such, frozen records, plain functions."""
    if value is None or isinstance(value, (str, int, float)):  # a Msg, Term or Listing is a str, set once
        return True
    if isinstance(value, tuple):
        return all(map(_frozen, value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return type(value).__dataclass_params__.frozen and all(
            _frozen(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, types.FunctionType):  # a module's function of the values alone: no state captured
        return value.__closure__ is None
    return False


def _specs_frozen(game: hotw.Game) -> list[Any]:
    """The specs of ``game`` that hold something that could change (should be none)."""
    return [spec for spec in game._log_specs + [s for _i, _c, s in game._secret_specs] if not _frozen(spec)]


TABLES = [("random", 3, range(3)), ("first", 6, range(3)), ("heuristic:hard", 4, range(2)),
          ("greedy", 5, range(2))]


@pytest.mark.parametrize("bot,players,seeds", TABLES)
def test_every_spec_holds_values_that_cannot_change(bot: str, players: int, seeds: range) -> None:
    written = 0
    for seed in seeds:
        game = hotw.new_game("hotw2018", [f"P{i}" for i in range(players)], seed)
        bots = _bots(bot, players, seed)
        while not game.is_over:
            _step(game, bots)
            assert _specs_frozen(game) == []
            if len(game._log_specs) > 20:  # now and then a reader: the specs start again
                written += len(game._log_specs)
                game.log
        written += len(game._log_specs)
        assert len(game.log) == game._log_length() and not game._log_specs
    assert written > 300


def test_the_check_of_specs_finds_what_could_change() -> None:
    assert _frozen((1, None, _said, ("a", Msg("hotw2018", "{x}", {"x": 1}))))
    assert not _frozen((1, None, ["a"]))  # a list can change
    assert not _frozen((1, None, ({"a": 1},)))
    assert not _frozen((1, (lambda: 1).__get__(object()), ()))  # a bound method reads its object
    x = [0]
    assert not _frozen((1, lambda: x, ()))  # a closure reads what it captured


def test_every_reader_gets_a_real_list_kept_up_to_date() -> None:
    game = hotw.new_game("hotw2018", ["A", "B", "C", "D"], 3)
    bots = _bots("random", 4, 3)
    while game.epoch < 2:
        _step(game, bots)
    log = game.log
    assert type(log) is list and all(isinstance(line, Msg) for line in log)
    assert game.log is log and len(log) == game._log_length()
    before = list(log)
    while game.epoch < 3:
        _step(game, bots)
    assert game._log_specs  # written, not made yet
    assert game.log is log and log[: len(before)] == before and len(log) > len(before)
    assert json.loads(json.dumps(game.log)) == [str(line) for line in log]
    assert "\n".join(game.log).count("\n") == len(log) - 1
    # a game replayed from its history writes the same log; undo takes the replay's
    replayed = game.replay(game.history)
    assert replayed.log == game.log and [_said(x) for x in replayed.log] == [_said(x) for x in game.log]
    game.undo()
    again = game.replay(game.history)
    assert game.log == again.log and game.secret_lines == again.secret_lines


def test_a_seat_reads_the_face_down_line_until_the_empire_is_called() -> None:
    game = hotw.new_game("hotw2018", ["A", "B", "C"], 2)
    bots = _bots("random", 3, 2)
    while not (game.phase == "draft" and game.draft_step == 2):  # one empire drafted, face down
        _step(game, bots)
    (i, (card, hidden)), = game.secret_lines.items()
    holder = game.empire_of.index(card)
    other = (holder + 1) % 3
    assert observation(game, holder).log_seen == tuple(game.log)
    seen = observation(game, other).log_seen
    assert seen[i] == hidden != game.log[i] and seen[:i] == tuple(game.log[:i])
    assert [_said(x) for x in seen[:i]] == [_said(x) for x in game.log[:i]]


def test_numbers_and_other_words_keep_their_kind() -> None:
    assert _frozen(Num(3)) and _said(Num(3)) == ("Num", Num(3))


# -- a turn's score breakdown (2018 and classic): the total counted at once, the lines made when read ---------


@pytest.mark.parametrize("ruleset,bot,players,seeds", [("hotw2018", *t) for t in TABLES] + [
    ("classic", "random", 3, range(2)), ("classic", "heuristic:hard", 5, range(1)), ("classic", "first", 6, range(1))])
def test_a_breakdown_read_late_is_the_breakdown_read_at_once(ruleset: str, bot: str, players: int,
                                                             seeds: range) -> None:
    from hotw.scoring import Breakdown

    for seed in seeds:
        names = [f"P{i}" for i in range(players)]
        at_once, late = hotw.new_game(ruleset, names, seed), hotw.new_game(ruleset, names, seed)
        bots_once, bots_late = _bots(bot, players, seed, ruleset), _bots(bot, players, seed, ruleset)
        while not at_once.is_over:
            _step(at_once, bots_once)
            _step(late, bots_late)
            for *_rest, bd in at_once.turn_scores:
                bd.regions  # every line made as soon as the step that scored it is over
        assert late.turn_scores and all("_lines" in vars(bd) for *_rest, bd in late.turn_scores)
        for (e1, c1, p1, made), (e2, c2, p2, kept) in zip(at_once.turn_scores, late.turn_scores):
            assert (e1, c1, p1) == (e2, c2, p2)
            assert (kept.player, kept.regions, kept.structures, kept.total, kept.extra) == \
                (made.player, made.regions, made.structures, made.total, made.extra)
            # the total counted at once is what the lines made later add up to
            assert kept.total == sum(r.points for r in kept.regions) + kept.structure_points
            assert isinstance(kept, Breakdown) and kept == made


def test_a_kept_breakdown_copies_compares_and_pickles_as_a_breakdown() -> None:
    import copy
    import pickle

    game = hotw.new_game("hotw2018", ["A", "B", "C"], 4)
    bots = _bots("greedy", 3, 4)
    while len(game.turn_scores) < 3:
        _step(game, bots)
    bd = game.turn_scores[-1][3]
    assert "_lines" in vars(bd)
    twin = pickle.loads(pickle.dumps(bd))
    assert copy.copy(bd) == bd == twin and "_lines" not in vars(bd)
    changed = dataclasses.replace(bd, total=bd.total + 1)
    assert changed.regions == bd.regions and changed.total == bd.total + 1 and changed != bd
    assert bd.rows()[-1] == {"region": "Total", "points": bd.total}
    with pytest.raises(AttributeError):
        bd.no_such_field


# -- the other rulesets: classic, Brief and Heroes write their lines the same way ----------------------------------

OTHER_TABLES = [("classic", "random", 3, range(2)), ("classic", "heuristic:hard", 6, range(1)),
                ("classic", "first", 4, range(1)), ("brief", "first", 6, range(2)), ("brief", "greedy", 2, range(1)),
                ("brief", "heuristic:hard", 4, range(1)), ("heroes", "first", 5, range(2)),
                ("heroes", "heuristic:hard", 3, range(1)), ("heroes", "greedy", 2, range(1))]


@pytest.mark.parametrize("ruleset,bot,players,seeds", OTHER_TABLES)
def test_every_spec_of_the_other_rulesets_holds_values_that_cannot_change(
        ruleset: str, bot: str, players: int, seeds: range) -> None:
    written = made = 0
    for seed in seeds:
        game = hotw.new_game(ruleset, [f"P{i}" for i in range(players)], seed)
        bots = _bots(bot, players, seed, ruleset)
        while not game.is_over:
            _step(game, bots)
            assert _specs_frozen(game) == []
            written += sum(1 for spec in game._log_specs if spec[1] is not None)  # written by a module function
            if len(game._log_specs) > 20:
                made += len(game._log_specs)
                game.log
        made += len(game._log_specs)
        assert len(game.log) == game._log_length() and not game._log_specs
    assert written > 50 and made > 100


@pytest.mark.parametrize("ruleset,bot,players,seeds", [("hotw2018", *row) for row in TABLES] + OTHER_TABLES)
def test_a_log_read_at_the_end_is_the_log_read_at_every_step(ruleset: str, bot: str, players: int,
                                                             seeds: range) -> None:
    for seed in seeds:
        names = [f"P{i}" for i in range(players)]
        at_once, late = hotw.new_game(ruleset, names, seed), hotw.new_game(ruleset, names, seed)
        bots_once, bots_late = _bots(bot, players, seed, ruleset), _bots(bot, players, seed, ruleset)
        seen = 0
        while not at_once.is_over:
            _step(at_once, bots_once)
            _step(late, bots_late)
            lines = at_once.log  # every line made as soon as the step that wrote it is over
            assert len(lines) >= seen
            seen = len(lines)
            at_once.secret_lines
        assert late._log_specs and late.history == at_once.history
        assert [_said(x) for x in late.log] == [_said(x) for x in at_once.log]
        assert all(isinstance(x, Msg) for x in late.log)
        assert {i: (c, _said(x)) for i, (c, x) in late.secret_lines.items()} == \
            {i: (c, _said(x)) for i, (c, x) in at_once.secret_lines.items()}
        for lang in ("ja", "es"):
            assert [render(x, lang) for x in late.log] == [render(x, lang) for x in at_once.log]


@pytest.mark.parametrize("ruleset,players", [("classic", 4), ("brief", 3), ("heroes", 3)])
def test_the_other_rulesets_replay_and_undo_to_the_same_log(ruleset: str, players: int) -> None:
    game = hotw.new_game(ruleset, [f"P{i}" for i in range(players)], 5)
    bots = _bots("greedy", players, 5, ruleset)
    for _ in range(60):
        _step(game, bots)
    log = game.log
    assert type(log) is list and game.log is log
    for _ in range(30):
        _step(game, bots)
    assert game._log_specs and game.log is log and len(log) == game._log_length()
    replayed = game.replay(game.history)
    assert [_said(x) for x in replayed.log] == [_said(x) for x in game.log]
    game.undo()
    again = game.replay(game.history)
    assert [_said(x) for x in game.log] == [_said(x) for x in again.log]
