"""Shared test settings: Hypothesis profiles (reproducible in CI, a little wider by hand)."""

from __future__ import annotations

import os

try:
    from hypothesis import HealthCheck, settings
except ImportError:  # pragma: no cover - hypothesis is in the test extra
    pass
else:
    # A guard against hangs, not a speed test: no per-example deadline (the hang guard is
    # in tests/test_hostile.py); modest example counts keep the suite fast on two cores.
    _common = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    # CI: the same examples on every run, nothing remembered between runs.
    settings.register_profile("ci", derandomize=True, database=None, print_blob=True, **_common)
    settings.register_profile("dev", **_common)
    settings.load_profile(os.environ.get("HOTW_HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
