"""Play many games with bots, headless: a table per game and seat, in parallel, the same for a seed.

``simulate`` returns a pandas DataFrame with a row per game and seat; ``compare``
plays two scenarios on the same seeds and returns their difference with
confidence intervals. Game ``i`` of a run seeded ``s`` always has the seed
``game_seed(s, i)`` and its bots the seeds ``f"{game_seed}:{seat}"``, so the table
is the same whichever way the games are split between processes or Dask workers.
pandas and tqdm are imported only here (``import hotw`` stays light), Dask only
when it is the backend.
"""

from __future__ import annotations

import functools
import itertools
import math
import os
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, Sequence

from hotw.bots import make_bot
from hotw.errors import SimulationError, SimulationInterrupted
from hotw.files import quote
from hotw.game import Game
from hotw.i18n import Domain, num
from hotw.scenario import POSITION, with_start

if TYPE_CHECKING:
    import pandas as pd

    from hotw.scenario import Scenario

_ = Domain("hotw")

__all__ = ["GameResult", "Run", "compare", "compare_frames", "game_seed", "play_game", "run_games", "simulate", "simulate_summary",
           "wilson", "with_start"]

#: Runs of at least this many games show a progress bar unless told otherwise.
PROGRESS_FROM = 200


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``."""
    return seed * 1_000_003 + index


@dataclass(frozen=True)
class GameResult:
    """The outcome of one simulated game."""

    seed: int
    scores: tuple[int, ...]
    winner: int
    empire_turns: int
    actions: int


def _bot_specs(bots: str | Sequence[str], n: int, ruleset: str = "hotw2018") -> list[str]:
    """One bot spec per seat from a spec, a comma-separated list or a sequence."""
    specs = [b.strip() for b in bots.split(",")] if isinstance(bots, str) else [str(b).strip() for b in bots]
    if len(specs) == 1:
        specs = specs * n
    if len(specs) != n:
        raise ValueError(_("give one bot for all seats or one per seat: {bots} bots for {n} players", bots=len(specs), n=n))
    for spec in specs:
        make_bot(spec, ruleset=ruleset)  # raises BotError (a ValueError) naming the known bots
    return specs


def _players(players: int | Sequence[str] | None, scenario: "Scenario | None") -> list[str]:
    saved = scenario.players() if scenario is not None else None
    if players is None:
        seats = len((scenario.rules.get(POSITION) or {}).get("scores") or ()) if scenario is not None else 0
        return saved or [f"Player {i + 1}" for i in range(seats or 4)]
    names = [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else list(players)
    if saved is not None:
        if len(saved) != len(names):
            raise ValueError(_("the scenario starts from a saved game of {count} players, not {given}", count=len(saved),
                               given=len(names)))
        return saved
    return names


def play_game(ruleset: str, n_players: int | Sequence[str], seed: int, bot: str | Sequence[str] = "random",
              scenario: "Scenario | None" = None) -> tuple[Game, GameResult]:
    """Play one game to the end with a bot per seat; deterministic for a seed."""
    players = _players(n_players, scenario)
    if scenario is not None:
        game = scenario.new_game(players, seed)
    else:
        import hotw

        game = hotw.new_game(ruleset, players, seed)
    _play(game, _bot_specs(bot, len(players), game.ruleset.name), seed)
    scores = tuple(game.score)  # type: ignore[attr-defined]
    winner = max(range(len(players)), key=lambda p: scores[p])
    return game, GameResult(seed, scores, winner, len(game.turn_scores), len(game.history))  # type: ignore[attr-defined]


def _play(game: Game, specs: Sequence[str], seed: int) -> None:
    """Play ``game`` to the end, seat ``i`` by the bot ``specs[i]`` seeded ``f"{seed}:{i}"`` (specs already checked)."""
    bots = [make_bot(spec, f"{seed}:{i}", game.ruleset.name) for i, spec in enumerate(specs)]
    while not game.is_over:
        # Bots choose among the legal actions (tests/test_bots.py checks it), so skip apply's re-check.
        game.apply_legal(bots[game.to_decide[0]].choose(game))


# -- one chunk of games: the unit of work for a process or a Dask worker ---------------------

COLUMNS = ["game", "seed", "seat", "player", "bot", "empires", "points", "rank", "winner", "empire_turns",
           "start"]


def _rows(index: int, seed: int, specs: list[str], game: Any, epochs: int) -> list[tuple[Any, ...]]:
    n = len(specs)
    played: list[list[str]] = [[] for _ in range(n)]
    for _epoch, card, player, _bd in game.turn_scores:
        played[player].append(card)
    after = list(game.epoch_scores)
    first = epochs - len(after) + 1  # a game may start in a later epoch
    order = sorted(range(n), key=lambda p: -game.score[p])
    markers = list(getattr(game, "marker_order", ()))  # the score track space each seat starts on
    laid = (getattr(game, "options", None) or {}).get(POSITION) or {}  # ... or the position's scores
    rows = []
    for p in range(n):
        per_epoch = tuple(after[e - first][p] if e >= first else None for e in range(1, epochs + 1))
        start = laid["scores"][p] if laid.get("scores") else markers.index(p) + 1 if p in markers else None
        rows.append((index, seed, p, game.players[p], specs[p], " ".join(played[p]), game.score[p],
                     order.index(p) + 1, order[0] == p, len(game.turn_scores), start) + per_epoch)
    return rows


#: the run a process last played chunks of: (its key, ``seed -> new game``, the ruleset's epochs), in one slot
_LAST_RUN: list[Any] = [(None, None, 0)]
_RUNS = itertools.count()


def _play_games(task: dict[str, Any]) -> Iterator[tuple[int, list[tuple[Any, ...]], int]]:
    """Play games ``start`` to ``stop`` of a run, yielding each game's index, rows and empire turns.

    The scenario is read once a process and run (not once a chunk; a saved start is checked
    and replayed in full once), the bot specs were checked by ``run_games``, and only the
    rows travel back (never the game).
    """
    key, start, epochs = _LAST_RUN[0]
    if key != task["run"]:
        from hotw.rulesets import get_ruleset
        from hotw.scenario import load_scenario

        rs = get_ruleset(task["ruleset"])
        if task["scenario"] is None:
            start = functools.partial(rs.new_game, list(task["players"]))
        else:  # a saved start is checked once, then replayed unchecked (Scenario.starts)
            start = load_scenario(task["scenario"]).starts(task["players"])
        epochs = rs.epochs
        _LAST_RUN[0] = (task["run"], start, epochs)
    n = len(task["specs"])
    for index in range(task["start"], task["stop"]):
        seed = game_seed(task["seed"], index)
        specs = list(task["specs"])
        if task["rotate"]:
            k = index % n
            specs = specs[n - k:] + specs[: n - k]
        game = start(seed)
        _play(game, specs, seed)
        yield index, _rows(index, seed, specs, game, epochs), len(game.turn_scores)  # type: ignore[attr-defined]


def _chunks(games: int, parts: int) -> list[tuple[int, int]]:
    """Games ``[start, stop)`` a chunk: at most 50, and smaller towards the end (a quarter of the games left
    per part, down to one), so no worker is left alone with a long chunk while the others wait."""
    chunks, start = [], 0
    while start < games:
        size = max(1, min(50, (games - start) // max(parts * 4, 1)))
        chunks.append((start, min(start + size, games)))
        start += size
    return chunks


def _cores() -> int:
    """The cores this process may run on (a container or ``taskset`` may allow fewer than the machine has)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _progress(total: int, show: bool | None, desc: str) -> Any:
    if show is None:
        show = total >= PROGRESS_FROM
    if not show:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="game")


@dataclass
class Run:
    """The rows of a finished simulation, with how long it took; a table or a summary on demand."""

    ruleset: str
    players: list[str]
    specs: list[str]
    games: int
    seed: int
    epochs: int
    rows: list[tuple[Any, ...]]
    empire_turns: int
    seconds: float

    def frame(self) -> "pd.DataFrame":
        """The table: a row per game and seat (see :func:`simulate`)."""
        import pandas as pd

        columns = COLUMNS + [f"points_e{e}" for e in range(1, self.epochs + 1)]
        frame = pd.DataFrame.from_records(self.rows, columns=columns)
        for col in columns[len(COLUMNS):]:
            frame[col] = frame[col].astype("Int64")
        return frame

    def summary(self) -> dict[str, Any]:
        """Wins per seat and final points as a JSON-ready dict (no pandas needed)."""
        n = len(self.players)
        wins = [0] * n
        finals: list[int] = []
        for row in self.rows:
            finals.append(row[6])
            if row[8]:
                wins[row[2]] += 1
        games, seconds, turns = self.games, self.seconds, self.empire_turns
        return {
            "ruleset": self.ruleset,
            "players": n,
            "games": games,
            "seed": self.seed,
            "bot": self.specs[0] if len(set(self.specs)) == 1 else ",".join(self.specs),
            "seconds": round(seconds, 3),
            "wins_per_seat": wins,
            "final_points": {
                "mean": round(sum(finals) / len(finals), 2) if finals else None,
                "min": min(finals, default=None),
                "max": max(finals, default=None),
            },
            "empire_turns": turns,
            "ms_per_game": round(1000 * seconds / games, 3) if games else None,
            "ms_per_empire_turn": round(1000 * seconds / turns, 4) if turns else None,
        }


def run_games(ruleset: str = "hotw2018", players: int | Sequence[str] | None = None,
              bots: str | Sequence[str] = "random", games: int = 100, seed: int = 1, scenario: Any = None,
              workers: int | None = None, backend: str = "local", address: Any = None, *,
              progress: bool | None = None, rotate: bool = False, start: Mapping[str, Any] | None = None,
              on_game: Callable[[int], None] | None = None, meanwhile: Callable[[], None] | None = None) -> Run:
    """Play the games of a simulation (arguments as :func:`simulate`) and keep their rows; ``meanwhile()`` is
    called while worker processes play (see :func:`hotw.workers.gather`)."""
    from hotw.rulesets import get_ruleset
    from hotw.scenario import load_scenario

    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(_("games must be a whole number, 0 or more, not {value}", value=quote(games)))
    sc = with_start(scenario, start, ruleset) if start is not None else (
        load_scenario(scenario) if scenario is not None else None)
    if sc is not None:
        ruleset = sc.ruleset
    rs = get_ruleset(ruleset)
    epochs = rs.epochs
    if isinstance(players, bool) or (isinstance(players, int) and not rs.min_players <= players <= rs.max_players):
        raise ValueError(_("{game} is for {low}-{high} players, not {count}", game=rs.title, low=rs.min_players,
                           high=rs.max_players, count=quote(players)))
    names = _players(players, sc)
    specs = _bot_specs(bots, len(names), ruleset)
    if workers is None:  # every core; in a web page there is only this process (no warning: nothing was asked)
        workers = 1 if sys.platform == "emscripten" else _cores()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(_("workers must be a whole number of processes, 1 or more, not {value}", value=quote(workers)))
    if (sc is not None and sc.rules.get(POSITION)) or (backend == "local" and workers > 1 and games > 1):
        # A position that does not fit the table is one line here, not a worker's error; and the ruleset's
        # board and cards are loaded before the worker processes start, which then share them.
        (sc.new_game if sc is not None else rs.new_game)(names, seed)
    payload = sc.to_dict() if sc is not None else None
    key = f"{os.getpid()}-{time.time_ns()}-{next(_RUNS)}"  # a run's chunks share one reading of its scenario
    tasks = [dict(run=key, ruleset=ruleset, players=names, specs=specs, seed=seed, scenario=payload, rotate=rotate,
                  start=a, stop=b) for a, b in _chunks(games, workers)]
    bar = _progress(games, progress, "hotw games")
    finished: dict[int, tuple[list[tuple[Any, ...]], int]] = {}

    def done(index: int, rows: list[tuple[Any, ...]], turns: int) -> None:
        finished[index] = (rows, turns)
        if bar is not None:
            bar.update(1)
        if on_game is not None:
            on_game(len(finished))

    def so_far() -> Run:
        order = sorted(finished)
        rows = [row for i in order for row in finished[i][0]]
        turns = sum(finished[i][1] for i in order)
        return Run(ruleset, names, specs, len(order), seed, epochs, rows, turns, time.perf_counter() - start)

    start = time.perf_counter()
    try:
        if tasks:
            from hotw.workers import gather

            gather(_play_games, tasks, workers, backend, address, done, meanwhile)
    except KeyboardInterrupt:
        raise SimulationInterrupted(
            _("simulation interrupted: {done} of {games} games had finished; they are kept in this error's run "
              "(error.run.frame() is their table)", done=num(len(finished)), games=num(games)), so_far()) from None
    except SimulationError as err:
        raise SimulationError(_("{error} after {done} of {games} games; the finished games are kept in this error's "
                                "run", error=err.args[0] if err.args else str(err), done=num(len(finished)),
                                games=num(games)), so_far()) from None
    finally:
        if bar is not None:
            bar.close()
    run = so_far()
    assert run.games == games, (run.games, games)
    return run


def simulate(ruleset: str = "hotw2018", players: int | Sequence[str] | None = None,
             bots: str | Sequence[str] = "random", games: int = 100, seed: int = 1,
             scenario: "Scenario | Mapping[str, Any] | str | None" = None, workers: int | None = None,
             backend: str = "local", address: Any = None, *, progress: bool | None = None,
             rotate: bool = False, start: Mapping[str, Any] | None = None) -> "pd.DataFrame":
    """Play ``games`` games and return a row per game and seat.

    Columns: game, seed, seat, player, bot, empires (the empire cards the seat
    played, in epoch order), points (final), rank, winner, empire_turns, start
    (the score-track space the seat began on), and ``points_e1`` ... the seat's
    points after each epoch (empty for epochs a scenario skips). ``bots`` is one spec for every seat or one per seat
    (a list or a comma-separated text); ``rotate`` turns the seating by one each
    game so every bot plays every seat. ``workers=None`` uses every core
    (processes); ``backend="dask"`` sends the games to the Dask scheduler at
    ``address`` (a ``dask.distributed.Client`` or its address; None starts a
    local cluster). The same seed gives the same table whatever the workers.
    ``progress`` shows a tqdm bar (default: for runs of 200 games or more).
    ``start`` is a position set up by hand (the ruleset's ``position`` rule option, as the
    lesson builder saves it): every game starts there, under the scenario's other changes.
    ``players`` defaults to 4, or the seats of the saved game or of the position's scores.
    """
    # pandas is imported while the workers play (once their first results are in), not after them (about 0.25 s
    # CPU the first time)
    return run_games(ruleset, players, bots, games, seed, scenario, workers, backend, address,
                     progress=progress, rotate=rotate, start=start, meanwhile=_import_pandas).frame()


def _import_pandas() -> None:
    # Run.frame reads it from sys.modules then; an interrupt meanwhile is raised once it is in (see the helper)
    from hotw.workers import import_holding_interrupts

    import_holding_interrupts("pandas")


def simulate_summary(ruleset: str, n_players: int | Sequence[str] | None, games: int, seed: int,
                     bot: str | Sequence[str] = "random", scenario: Any = None,
                     workers: int | None = 1, progress: bool | None = False) -> dict[str, Any]:
    """Play ``games`` games and summarise them as a JSON-ready dict (no pandas needed)."""
    return run_games(ruleset, n_players, bot, games, seed, scenario, workers, progress=progress).summary()


# -- comparing two scenarios ------------------------------------------------------------------

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default).

    >>> [round(x, 3) for x in wilson(30, 100)]
    [0.219, 0.396]
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def _mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float, float, float]:
    """Mean, its normal-approximation interval, and the variance of the mean."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan, math.nan)
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    se2 = var / n
    half = z * math.sqrt(se2)
    return (m, m - half, m + half, se2)


def _groups(frame: "pd.DataFrame", by: str) -> Iterable[tuple[str, Any]]:
    if by == "seat":
        for seat, part in frame.groupby("seat"):
            yield f"seat {int(seat) + 1}", part
    elif by == "bot":
        for bot, part in frame.groupby("bot"):
            yield str(bot), part
    elif by == "empire":
        import pandas as pd

        epochs = sum(1 for c in frame.columns if c.startswith("points_e"))
        records = []
        for row in frame.itertuples(index=False):
            played = row.empires.split()
            first = epochs - len(played) + 1
            for i, empire in enumerate(played):
                e = first + i
                before = getattr(row, f"points_e{e - 1}") if e > first else row.start
                gained = getattr(row, f"points_e{e}") - before if before is not None else None
                records.append((empire, row.winner, row.points, gained))
        exploded = pd.DataFrame.from_records(records, columns=["empire", "winner", "points", "epoch_points"])
        for empire, part in exploded.groupby("empire"):
            yield str(empire), part
    else:
        raise ValueError(f"by must be 'seat', 'bot' or 'empire', not {quote(by)}")


def compare(scenario_a: Any, scenario_b: Any, games: int = 200, *, ruleset: str = "hotw2018",
            players: int | Sequence[str] | None = None, bots: str | Sequence[str] = "heuristic:medium",
            seed: int = 1, workers: int | None = None, backend: str = "local", address: Any = None,
            by: str = "seat", progress: bool | None = None, rotate: bool = False,
            start: Mapping[str, Any] | None = None) -> "pd.DataFrame":
    """Play both scenarios on the same seeds and compare win rates and mean points, with 95% intervals.

    One row per group (``by`` seat, bot or empire played) and measure (win rate,
    mean points, and for empires the points their holder gained in that epoch):
    the value under A and under B with their intervals (Wilson for win rates,
    normal for means), and the change B - A with its interval (Newcombe's method
    for win rates, Welch's normal interval for means). A scenario is a Scenario,
    a dict, a file name, or None for the printed rules; one that names no ruleset is of ``ruleset``, and
    both must be of the same ruleset. ``rotate`` turns the seating each game
    (with ``by="bot"``, every bot then plays every seat). ``start`` (a position set up by
    hand) starts the games of both from it.
    """
    from hotw.scenario import scenario_pair

    sa, sb = scenario_pair(scenario_a, scenario_b, ruleset, start)
    common = dict(ruleset=ruleset, players=players, bots=bots, games=games, seed=seed, workers=workers,
                  backend=backend, address=address, progress=progress, rotate=rotate)
    fa = simulate(scenario=sa, **common)  # type: ignore[arg-type]
    fb = simulate(scenario=sb, **common)  # type: ignore[arg-type]
    frame = compare_frames(fa, fb, by)
    frame.attrs.update(scenario_a=sa.name, scenario_b=sb.name, games=games, seed=seed, bots=bots)
    return frame


def compare_frames(fa: "pd.DataFrame", fb: "pd.DataFrame", by: str = "seat") -> "pd.DataFrame":
    """:func:`compare`'s table from two simulation tables already played (A, then B), grouped ``by``."""
    import pandas as pd

    ga, gb = dict(_groups(fa, by)), dict(_groups(fb, by))
    records = []
    for key in sorted(set(ga) | set(gb), key=_natural):
        pa, pb = ga.get(key), gb.get(key)
        wa = (int(pa["winner"].sum()), len(pa)) if pa is not None else (0, 0)
        wb = (int(pb["winner"].sum()), len(pb)) if pb is not None else (0, 0)
        ra, rb = (wa[0] / wa[1] if wa[1] else math.nan), (wb[0] / wb[1] if wb[1] else math.nan)
        la, ha = wilson(*wa)
        lb, hb = wilson(*wb)
        diff = rb - ra
        # Newcombe's hybrid score interval for a difference of two proportions.
        dl = diff - math.sqrt((rb - lb) ** 2 + (ha - ra) ** 2)
        dh = diff + math.sqrt((hb - rb) ** 2 + (ra - la) ** 2)
        records.append(dict(group=key, measure="win rate", a=ra, a_low=la, a_high=ha, b=rb, b_low=lb,
                            b_high=hb, change=diff, change_low=dl, change_high=dh, n_a=wa[1], n_b=wb[1]))
        ma = _mean_ci(list(pa["points"]) if pa is not None else [])
        mb = _mean_ci(list(pb["points"]) if pb is not None else [])
        d = mb[0] - ma[0]
        half = Z95 * math.sqrt(ma[3] + mb[3]) if not (math.isnan(ma[3]) or math.isnan(mb[3])) else math.nan
        records.append(dict(group=key, measure="mean points", a=ma[0], a_low=ma[1], a_high=ma[2], b=mb[0],
                            b_low=mb[1], b_high=mb[2], change=d, change_low=d - half, change_high=d + half,
                            n_a=wa[1], n_b=wb[1]))
        if by == "empire":  # what the empire's own epoch earned its holder
            ea = _mean_ci([float(v) for v in pa["epoch_points"].dropna()] if pa is not None else [])
            eb = _mean_ci([float(v) for v in pb["epoch_points"].dropna()] if pb is not None else [])
            d = eb[0] - ea[0]
            half = Z95 * math.sqrt(ea[3] + eb[3]) if not (math.isnan(ea[3]) or math.isnan(eb[3])) else math.nan
            records.append(dict(group=key, measure="epoch points", a=ea[0], a_low=ea[1], a_high=ea[2], b=eb[0],
                                b_low=eb[1], b_high=eb[2], change=d, change_low=d - half, change_high=d + half,
                                n_a=wa[1], n_b=wb[1]))
    return pd.DataFrame.from_records(records)


def _natural(key: str) -> tuple[Any, ...]:
    head, _, tail = key.rpartition(" ")
    return (head, int(tail), "") if tail.isdigit() else (key, 0, key)
