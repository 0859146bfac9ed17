"""The notebook game's map drawn from the ruleset's view: restyle in place, markers by diff, follow, the chosen land.

A mixin of :class:`hotw.ui.app.GameView`.
"""

from __future__ import annotations

import ipyleaflet

from hotw.ui.mapparts import feature_collection, marker_icon, pick_icon


def _within(x: float, lo: float, hi: float, half: float) -> float:
    """``x``, the centre of a window ``2 * half`` wide, moved so the window stays between ``lo`` and ``hi`` (the
    middle, where the window is wider)."""
    lo, hi = lo + half, hi - half
    return (lo + hi) / 2 if lo > hi else min(max(x, lo), hi)


class MapDrawing:
    """Restyling, markers, following the turn and the ring around a land chosen by keyboard."""

    def follow(self) -> None:
        """Pan the map to where a turn begins (the ruleset's view says which turn and where)."""
        found = self.view.follow()
        if found is None or found[0] == self._followed:
            return
        self._followed, sid = found
        if sid is not None:
            self.map.center = list(self.view.marker_location(sid))

    def keep_on_board(self, change: dict[str, object]) -> None:
        """Bring the map back when a pan ends with the board's edge inside the window (the view's ``bounds``):
        Leaflet lets a map be dragged off into empty grey, and ipyleaflet's Map has no ``max_bounds`` to stop it.
        The window's size is the one the browser last reported (a pan keeps it); along an axis the window is
        larger than the board, the board is centred."""
        lat, lon = change["new"]  # type: ignore[misc]
        (south, west), (north, east) = self.view.bounds
        seen = self.map.bounds  # ((south, west), (north, east)) of the window, () until the browser says
        half_lat = (seen[1][0] - seen[0][0]) / 2 if seen else 0.0
        half_lon = (seen[1][1] - seen[0][1]) / 2 if seen else 0.0
        inside = [_within(lat, south, north, half_lat), _within(lon, west, east, half_lon)]
        # Half a degree of slack: the browser rounds a centre to its pixels, and must not be sent back for that
        if max(abs(inside[0] - lat), abs(inside[1] - lon)) > 0.5:
            self.map.center = inside

    def restyle(self) -> bool:
        """Restyle the board layer in place from the view's styles; False if nothing changed."""
        styles = self.view.styles()
        if styles == self._styles:
            return False
        self._styles = styles
        self.board_layer.data = feature_collection(self._geometry, styles)
        return True

    def update_markers(self) -> int:
        """Add, change or remove the markers whose HTML changed; the number of markers touched."""
        wanted = self.view.markers()
        touched = 0
        layers_changed = False
        for sid in set(self._marker_html) | set(wanted):
            old, new = self._marker_html.get(sid), wanted.get(sid)
            if old == new:
                continue
            touched += 1
            if new is None:
                marker = self._markers.pop(sid)
                icon = marker.icon
                marker.close()
                if icon is not None:
                    icon.close()
                del self._marker_html[sid]
                layers_changed = True
                continue
            icon = marker_icon(new)
            if old is None:
                self._markers[sid] = ipyleaflet.Marker(
                    location=self.view.marker_location(sid), icon=icon, draggable=False, keyboard=False,
                    title="", name=sid,
                )
                layers_changed = True
            else:
                previous = self._markers[sid].icon
                self._markers[sid].icon = icon
                if previous is not None:
                    previous.close()
            self._marker_html[sid] = new
        if layers_changed:
            self.pieces.layers = tuple(self._markers[s] for s in sorted(self._markers))
        return touched

    def _show_target(self, sid: str) -> None:
        """A land chosen in the keyboard's list: its facts under the map, a ring around it, in view."""
        self._hovered = sid
        self.hover.value = self.view.hover(sid)
        location = self.view.marker_location(sid)
        ring = ipyleaflet.Marker(location=location, icon=pick_icon(), draggable=False, keyboard=False, title="",
                                 name="chosen land")
        old = list(self.pick.layers)
        self.pick.layers = (ring,)
        for layer in old:
            layer.close()
        (south, west), (north, east) = self.map.bounds or ((-90, -180), (90, 180))
        if not (south <= location[0] <= north and west <= location[1] <= east):
            self.map.center = list(location)
