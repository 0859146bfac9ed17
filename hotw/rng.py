"""The engine's only source of chance: a counter-based generator keyed by the game seed.

Draw number ``k`` of a game with seed ``s`` is a pure function of ``(s, k)``, so the
state needs to keep only the seed and the number of draws made. A saved game
records every chance outcome anyway; the generator matters only for the draws
that are still to come.
"""

from __future__ import annotations

import struct
import sys
from typing import Sequence

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _splitmix64(x: int) -> int:
    """One round of the SplitMix64 finaliser (a well-mixed 64-bit hash)."""
    x = (x + _GOLDEN) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def seed_key(seed: int | str) -> int:
    """Turn a user seed (int or text) into a 64-bit key."""
    if isinstance(seed, int):
        return _splitmix64(seed & _MASK)
    key = 0
    for byte in str(seed).encode():
        key = _splitmix64(key ^ byte)
    return key


def draw(key: int, counter: int, n: int) -> int:
    """The ``counter``-th draw of the game keyed ``key``: an integer in ``range(n)``.

    Uses rejection sampling, so every value is exactly equally likely.
    """
    if n <= 0:
        raise ValueError("cannot draw from an empty range")
    limit = (1 << 64) - ((1 << 64) % n)
    x = _splitmix64(key ^ ((counter * _GOLDEN) & _MASK))
    while x >= limit:  # happens with probability < n / 2**64
        x = _splitmix64(x)
    return x % n


_LIMIT6 = (1 << 64) - ((1 << 64) % 6)


def face(key: int, counter: int) -> int:
    """``draw(key, counter, 6) + 1``: a die's face, inlined (the commonest draw of a game)."""
    x = ((key ^ ((counter * _GOLDEN) & _MASK)) + _GOLDEN) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    x ^= x >> 31
    while x >= _LIMIT6:  # happens with probability < 6 / 2**64
        x = _splitmix64(x)
    return x % 6 + 1


# -- many draws at once ------------------------------------------------------------------------------------
# The SplitMix64 finaliser of BLOCK consecutive draws computed side by side in one Python int ("lanes" of 128
# bits: a 64-bit value times a 64-bit constant fits a lane, so no lane spills into the next). A Python int
# operation costs nearly the same for 128 bits and for 8,192, so a block costs about what three single draws do.
BLOCK = 64
_LANE = 128
_ONES = sum(1 << (_LANE * i) for i in range(BLOCK))
_LANES_MASK = _MASK * _ONES
_STEPS = sum((i * _GOLDEN) << (_LANE * i) for i in range(BLOCK))  # lane i: i * _GOLDEN (under 2**128)
_GOLDENS = _GOLDEN * _ONES
_WORDS = struct.Struct(f"<{2 * BLOCK}Q")  # each lane as two 64-bit words, low word first


def raw_block(key: int, first: int) -> Sequence[int]:
    """The 64-bit values ``x`` that draws ``first`` to ``first + BLOCK - 1`` of the game keyed ``key`` reduce
    (:func:`draw` returns ``x % n`` when ``x`` is under its rejection limit, else hashes again): every one of
    them the value :func:`draw` computes one at a time, made at once.
    """
    global _KEY_LANES
    keys = _KEY_LANES  # the key in every lane, kept for the game asking (a game asks block after block)
    if keys[0] != key:
        keys = _KEY_LANES = (key, key * _ONES)
    x = ((((first * _GOLDEN) & _MASK) * _ONES + _STEPS) & _LANES_MASK) ^ keys[1]  # lane i: key ^ (counter * golden)
    x = (x + _GOLDENS) & _LANES_MASK
    x = (((x ^ (x >> 30)) & _LANES_MASK) * 0xBF58476D1CE4E5B9) & _LANES_MASK
    x = (((x ^ (x >> 27)) & _LANES_MASK) * 0x94D049BB133111EB) & _LANES_MASK
    x = (x ^ (x >> 31)) & _LANES_MASK
    data = x.to_bytes(_LANE // 8 * BLOCK, "little")
    if _LITTLE:  # each lane's low word read in place
        return memoryview(data).cast("Q")[::2]
    return _WORDS.unpack(data)[::2]


_KEY_LANES: tuple[int, int] = (-1, 0)
_LITTLE = sys.byteorder == "little" and struct.calcsize("Q") == 8


FACE_LIMIT = _LIMIT6
"""A value ``x`` of :func:`raw_block` under this is a die's face ``x % 6 + 1``; else (probability < 6 / 2**64)
the face is :func:`face` of its draw."""


def face_of(key: int, counter: int, x: int) -> int:
    """:func:`face` of draw ``counter``, given its value ``x`` from :func:`raw_block`."""
    return x % 6 + 1 if x < _LIMIT6 else face(key, counter)


def draw_of(key: int, counter: int, n: int, x: int) -> int:
    """:func:`draw` of draw ``counter`` in ``range(n)``, given its value ``x`` from :func:`raw_block`."""
    if n <= 0:
        raise ValueError("cannot draw from an empty range")
    if x < (1 << 64) - ((1 << 64) % n):
        return x % n
    return draw(key, counter, n)
