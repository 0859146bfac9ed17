"""The engine's only source of chance: a counter-based generator keyed by the game seed.

Draw number ``k`` of a game with seed ``s`` is a pure function of ``(s, k)``, so the
state needs to keep only the seed and the number of draws made. A saved game
records every chance outcome anyway; the generator matters only for the draws
that are still to come.
"""

from __future__ import annotations

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
