"""How the classic pieces look on the map: their symbols and CSS (the game's view and the lesson builder's)."""

from __future__ import annotations

__all__ = ["CSS", "SYMBOLS"]

#: The pieces' symbols, the 2018 game's (hotw.rulesets.hotw2018.viewpanels.PIECE_SYMBOLS): none is a seat's shape
#: (hotw.ui.view.SEAT_SYMBOLS), so a monument or a fort never reads as a player's army.
SYMBOLS = {"capitol": "♛", "city": "⌂", "monument": "Π", "fort": "♜", "fleet": "⚓", "battle": "⚔"}
CSS = """
.hotw-chip.hotw-fleet { min-width: 13px; height: 15px; font: 11px/15px "DejaVu Sans", sans-serif; border-radius: 3px; }
.hotw-capitol { background: #ffe28a; }
.hotw-battle-chip { background: #fff; border: 2px solid #000; }
.hotw-marker-count { font-size: 11px; }
.hotw-online-value { font-style: italic; color: #5a3e8c; }
"""
