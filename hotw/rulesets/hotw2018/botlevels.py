"""The region levels the 2018 bots weigh, memoised by small int codes that many decisions share.

Levels come from :func:`hotw.scoring.level_index`, the rules' own function (read from a table
of its values). Each seat-levels tuple is named once by a small int, its *code*: the bots' utility
and delta memos are keyed by these codes and by army counts, never by a tuple of levels.

* :func:`level_code` / :func:`seat_levels`: each seat's level for some army counts;
* :func:`level_codes`: the codes after and before one army moves (or none when no level changes);
* :func:`_sum`: the utility of some levels from each seat's worths.
"""

from __future__ import annotations

from operator import getitem

from hotw.scoring import level_index

__all__ = ["level_code", "level_codes", "seat_levels", "shifted_levels"]

#: :func:`~hotw.scoring.level_index` of (mine, strongest opponent) as a table, [mine][opponent], for the
#: counts a region can hold: two list reads instead of a call for each seat of a new count
_LEVEL_TABLE = [[level_index(mine, other) for other in range(64)] for mine in range(64)]
#: seat levels -> a small int naming them (from 1), and back: the memos are keyed by these ints, which
#: hash and compare at once where a tuple of levels is hashed and compared item by item
_CODES: dict[tuple[int, ...], int] = {}
_CODED: list[tuple[int, ...]] = [()]
#: army counts per seat -> the code of each seat's level there (the memo of :func:`level_code`)
_LEVELS: dict[tuple[int, ...], int] = {}


def level_code(cnt: tuple[int, ...]) -> int:
    """The code of :func:`seat_levels` for these army counts (memoised: counts are small, and every
    decision asks for many)."""
    hit = _LEVELS.get(cnt)
    if hit is None:
        # Each seat's strongest opponent: the highest count, or the second highest for the seat holding
        # the highest (equal to it when two seats share it). One pass, whatever the seats (the counts of
        # six seats are many, so this memo misses more often at a larger table).
        top = second = 0
        for c in cnt:
            if c > top:
                top, second = c, top
            elif c > second:
                second = c
        if top < 64:
            table = _LEVEL_TABLE
            levels = tuple([table[c][second if c == top else top] for c in cnt])
        else:  # pragma: no cover - more armies in one region than any board holds
            levels = tuple([level_index(c, second if c == top else top) for c in cnt])
        hit = _CODES.get(levels)
        if hit is None:
            hit = _CODES[levels] = len(_CODED)
            _CODED.append(levels)
        _LEVELS[cnt] = hit
    return hit


def seat_levels(cnt: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's region level index (:func:`~hotw.scoring.level_index`, -1: none) for these army counts."""
    return _CODED[level_code(cnt)]


def _sum(vals: tuple[tuple[float, ...], ...], seat_lv: tuple[int, ...]) -> float:
    """The utility of seat levels in a region: each seat's worth at its level, added in seat order
    (0.0 for no level: adding 0.0 to a sum that starts at 0.0 changes nothing)."""
    total = 0.0
    for worth in map(getitem, vals, seat_lv):
        total += worth
    return total


def shifted_levels(cnt: tuple[int, ...], gain: int, lose: int) -> tuple[int, ...]:
    """The seat levels once seat ``gain`` (if >= 0) has one army more and ``lose`` (if >= 0) one less."""
    new = list(cnt)
    if gain >= 0:
        new[gain] += 1
    if lose >= 0:
        new[lose] -= 1
    return seat_levels(tuple(new))


#: (army counts, gaining seat, losing seat) -> the codes of the seat levels after and before, or ()
#: when no seat's level changes (the memo of :func:`level_codes`)
_SHIFTED: dict[tuple[tuple[int, ...], int, int], tuple[int, ...]] = {}


def level_codes(cnt: tuple[int, ...], gain: int, lose: int) -> tuple[int, ...]:
    """The codes of the seat levels after (:func:`shifted_levels`) and before, or () when they are the same."""
    new = list(cnt)
    if gain >= 0:
        new[gain] += 1
    if lose >= 0:
        new[lose] -= 1
    shifted = tuple(new)
    after = _LEVELS.get(shifted) or level_code(shifted)
    now = _LEVELS.get(cnt) or level_code(cnt)
    if len(_SHIFTED) > 200_000:  # a few thousand games fill a tenth of it; never let it grow without end
        _SHIFTED.clear()
    hit = _SHIFTED[(cnt, gain, lose)] = () if after == now else (after, now)
    return hit
