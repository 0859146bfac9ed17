"""How the classic pieces look on the map: their symbols and CSS (the game's view and the lesson builder's)."""

from __future__ import annotations

__all__ = ["CSS", "SYMBOLS"]

SYMBOLS = {"capitol": "♛", "city": "♜", "monument": "▲", "fort": "■", "fleet": "⚓", "battle": "⚔"}
CSS = """
.hotw-chip.hotw-fleet { min-width: 13px; height: 15px; font: 11px/15px "DejaVu Sans", sans-serif; border-radius: 3px; }
.hotw-capitol { background: #ffe28a; }
.hotw-battle-chip { background: #fff; border: 2px solid #000; }
.hotw-marker-count { font-size: 11px; }
.hotw-online-value { font-style: italic; color: #5a3e8c; }
"""
