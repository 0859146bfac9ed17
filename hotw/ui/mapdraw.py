"""The notebook game's map drawn from the ruleset's view: restyle in place, markers by diff, follow, the chosen land.

A mixin of :class:`hotw.ui.app.GameView`.
"""

from __future__ import annotations

import ipyleaflet

from hotw.ui.mapparts import feature_collection, marker_icon, pick_icon


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
