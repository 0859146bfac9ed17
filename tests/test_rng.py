"""The seeded generator: draws made a block at a time are the draws made one by one."""

from __future__ import annotations

import random

import pytest

from hotw import rng


def _one_by_one(key: int, counter: int) -> int:
    """The value draw ``counter`` reduces, by the SplitMix64 finaliser as ``rng.draw`` runs it."""
    return rng._splitmix64(key ^ ((counter * rng._GOLDEN) & rng._MASK))


@pytest.mark.parametrize("little", [True, False])
def test_a_block_of_draws_equals_the_draws_one_by_one(monkeypatch: pytest.MonkeyPatch, little: bool) -> None:
    monkeypatch.setattr(rng, "_LITTLE", little and rng._LITTLE)  # the portable path too
    r = random.Random(16)
    keys = [0, rng._MASK, rng.seed_key(7), rng.seed_key("a what-if")] + [r.getrandbits(64) for _ in range(20)]
    for key in keys:
        for first in (0, 1, 63, 64, 999, r.getrandbits(40), 1 << 63):
            block = rng.raw_block(key, first)
            assert len(block) == rng.BLOCK
            for i, x in enumerate(block):
                assert x == _one_by_one(key, first + i), (key, first, i)
                assert rng.face_of(key, first + i, x) == rng.face(key, first + i) == rng.draw(key, first + i, 6) + 1
                for n in (1, 5, 6, 40, 3 << 61):  # (the last rejects a quarter of the values: draw hashes again)
                    assert rng.draw_of(key, first + i, n, x) == rng.draw(key, first + i, n)


def test_a_value_past_the_limit_is_drawn_again_as_face_does() -> None:
    key = rng.seed_key(3)
    # the value of a block never reaches the limit in practice (probability < 6 / 2**64): pretend it did
    assert rng.face_of(key, 5, rng.FACE_LIMIT) == rng.face(key, 5)
    assert rng.face_of(key, 5, rng.FACE_LIMIT - 1) == (rng.FACE_LIMIT - 1) % 6 + 1


def test_an_empty_range_cannot_be_drawn_from() -> None:
    with pytest.raises(ValueError):
        rng.draw_of(1, 2, 0, 3)
