"""The log replay's passes: each plays the whole log again with what the one before read from it (the forts a
battle round shows, the ties that left their land empty: docs/rules-classic.md section 5)."""

from __future__ import annotations

from typing import Any


def played(log: Any, opts: dict[str, Any], driver: type, passes: int = 3) -> Any:
    """A ``driver`` (``logreplay._Driver`` or a subclass) run over ``log``, again with the forts and the empty ties
    (``log_empty_ties``: less the lands their turn's monuments line kept held) each pass found."""
    forts: dict[int, set[str]] = {}
    empties: dict[str, set[str]] = {}
    kept: dict[str, set[str]] = {}
    for _pass in range(passes):
        ties = {k: sorted(v - kept.get(k, set())) for k, v in sorted(empties.items()) if v - kept.get(k, set())}
        d = driver(log, {**opts, "log_empty_ties": ties}, forts)
        d.run()
        if not any([_add(forts, d.needed), _add(empties, d.empties), _add(kept, d.held_ties)]):
            break
    return d


def _add(into: dict[Any, set[str]], found: dict[Any, set[str]]) -> bool:
    """Adds ``found`` to ``into``; whether any of it was new."""
    new = any(not v <= into.get(k, set()) for k, v in found.items())
    for k, v in found.items():
        into.setdefault(k, set()).update(v)
    return new
