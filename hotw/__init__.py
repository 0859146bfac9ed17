"""hotw: History of the World and its relatives, as a pure-Python rules engine."""

from __future__ import annotations

from hotw.errors import (
    BoardError,
    ContentError,
    HotwError,
    IllegalActionError,
    SaveFileError,
)

__all__ = [
    "BoardError",
    "ContentError",
    "HotwError",
    "IllegalActionError",
    "SaveFileError",
]
__version__ = "0.1.0"
