"""The Heroes of the World position as the lesson builder edits it: its pieces, whose turn, edits, the map.

``position_spec()`` (re-exported by :mod:`.view`) returns the :class:`HeroesPositions`
the editor and the what-if panel ask (the protocol is
:class:`hotw.ui.positionspec.PositionSpec`). The format is the ``position`` rule
option of :mod:`.position`; the engine checks it. The map of a position is the map
of the game that starts from it, drawn by :class:`~.view.HeroesView`, so the editor
shows exactly what the game will. Pure: no widget imports.
"""

from __future__ import annotations

import copy
import html
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping

from hotw.rulesets.heroes.cards import ERAS
from hotw.rulesets.heroes.viewpanels import CSS
from hotw.ui.positionspec import Piece, PositionSpec

if TYPE_CHECKING:
    from hotw.board import Board
    from hotw.rulesets.heroes.cards import Content

__all__ = ["HeroesPositions", "position_spec"]

esc = html.escape

PIECES = (
    Piece("figure", "Figure +1", "●", seated=True, help="one more figure of the chosen seat in the area"),
    Piece("figure_off", "Figure −1", "○", seated=True, help="one figure of the chosen seat less in the area"),
    Piece("progress", "Progress +1", "▣", help="the next progress tile of the era into an empty box of the area"),
    Piece("progress_off", "Progress −1", "□", help="the area's last progress tile back into the bag"),
    Piece("wonder", "Wonder", "★", seated=True, help="the area's wonder of the world, built by the chosen seat "
                                                     "(a second click takes it back)"),
    Piece("valued", "Valued", "✓", help="the area was valued this era (its boxes must be full)"),
)
_FIELD_ORDER = ("era", "turn", "step", "scores", "coins", "figures", "boxes", "hands", "display", "played",
                "wonders", "used", "valued")
_WORDS = {"figure": "figure", "figure_off": "figure", "progress": "progress tile", "progress_off": "progress tile",
          "wonder": "wonder", "valued": "valuation"}


@lru_cache(maxsize=1)
def _table() -> tuple["Board", "Content"]:
    from hotw.board import board_file, load_board
    from hotw.rulesets.heroes.cardcheck import load_content

    return load_board(board_file("heroes")), load_content()


def _tidy(pos: dict[str, Any]) -> dict[str, Any]:
    """The fields in their usual order, empty ones left out (``era`` and ``turn`` always kept)."""
    return {k: pos[k] for k in _FIELD_ORDER if k in pos and (k in ("era", "turn") or pos[k])} | {
        k: v for k, v in pos.items() if k not in _FIELD_ORDER}


class HeroesPositions(PositionSpec):
    """Positions of Heroes of the World (see :mod:`hotw.rulesets.heroes.position`)."""

    ruleset = "heroes"
    pieces = PIECES
    turn_label = "The turn starts"
    space_label = "Area"

    def board(self) -> "Board":
        return _table()[0]

    @property
    def content(self) -> "Content":
        return _table()[1]

    def spaces(self) -> list[str]:
        return sorted(s for s, space in self.board().spaces.items() if space.kind == "area")

    def epochs(self) -> int:
        return len(ERAS)

    def epoch_label(self, epoch: int) -> str:
        return ("Antiquity", "The modern age")[epoch - 1]

    def players(self) -> tuple[int, int]:
        return (2, 5)

    def blank(self, epoch: int = 1) -> dict[str, Any]:
        return {"era": epoch, "turn": 0}

    def turn_choices(self, epoch: int) -> list[tuple[str, str]]:
        return [("choosing a hero", "choose"), ("playing a hero already taken", "play")]

    def turn(self, position: Mapping[str, Any]) -> tuple[str, int]:
        return str(position.get("step", "choose")), int(position["turn"])

    def epoch(self, position: Mapping[str, Any]) -> int:
        return int(position["era"])

    def scores(self, position: Mapping[str, Any], n_players: int) -> list[int]:
        given = position.get("scores")
        return list(given) if given else [0] * n_players

    # -- edits ---------------------------------------------------------------------------------
    def with_turn(self, position: Mapping[str, Any], card: str, seat: int) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        pos["turn"] = seat
        pos["step"] = card if card == "play" else []
        return _tidy(pos)

    def with_epoch(self, position: Mapping[str, Any], epoch: int) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        pos["era"] = epoch
        spaces, heroes = self.board().spaces, self.content.heroes
        if epoch == 1:  # the modern areas close, and the modern cards leave the table
            pos["figures"] = {a: c for a, c in pos.get("figures", {}).items() if spaces[a].era == ERAS[0]}
            pos["boxes"] = {a: [t for t in tiles if self.content.progress[t].era == ERAS[0]]
                            for a, tiles in pos.get("boxes", {}).items() if spaces[a].era == ERAS[0]}
            pos["played"] = {s: [h for h in c if heroes[h].era == ERAS[0]] for s, c in pos.get("played", {}).items()}
            pos["wonders"] = {w: s for w, s in pos.get("wonders", {}).items() if self.content.wonders[w].era == ERAS[0]}
        else:  # each beige area keeps its first tile
            pos["boxes"] = {a: tiles[:1] if spaces[a].era == ERAS[0] else tiles for a, tiles in pos.get("boxes", {}).items()}
        era = ERAS[epoch - 1]
        pos["hands"] = {s: [h for h in c if heroes[h].era == era] for s, c in pos.get("hands", {}).items()}
        pos["display"] = [h for h in pos.get("display", []) if heroes[h].era == era]
        pos["used"], pos["valued"] = [], []
        pos["step"] = []
        for key in ("hands", "played", "boxes"):
            pos[key] = {k: v for k, v in pos.get(key, {}).items() if v}
        return _tidy(pos)

    def with_scores(self, position: Mapping[str, Any], scores: list[int]) -> dict[str, Any]:
        return _tidy({**copy.deepcopy(dict(position)), "scores": [int(s) for s in scores]})

    def with_players(self, position: Mapping[str, Any], n_players: int) -> dict[str, Any]:
        """``position`` for ``n_players``: a score, coins and figures for each seat (new seats have none)."""
        pos = copy.deepcopy(dict(position))

        def fit(values: list[int], fill: int) -> list[int]:
            return (list(values) + [fill] * n_players)[:n_players]

        pos["scores"] = fit(pos.get("scores") or [], 0)
        if pos.get("coins"):
            pos["coins"] = fit(pos["coins"], 1)
        pos["figures"] = {a: fit(c, 0) for a, c in pos.get("figures", {}).items()}
        return _tidy(pos)

    def _seats(self, position: Mapping[str, Any]) -> int:
        for counts in position.get("figures", {}).values():
            return len(counts)
        return len(position.get("scores") or position.get("coins") or ()) or 3

    def toggle(self, position: Mapping[str, Any], land: str, piece: str, seat: int) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        if piece in ("figure", "figure_off"):
            figures = {a: list(c) for a, c in pos.get("figures", {}).items()}
            n = max(self._seats(pos), seat + 1)
            counts = figures.get(land, [0] * n)
            counts[seat] = max(0, counts[seat] + (1 if piece == "figure" else -1))
            figures[land] = counts
            pos["figures"] = {a: c for a, c in figures.items() if any(c)}
        elif piece in ("progress", "progress_off"):
            boxes = {a: list(t) for a, t in pos.get("boxes", {}).items()}
            tiles = boxes.get(land, [])
            if piece == "progress_off":
                tiles = tiles[:-1]
            else:
                era = ERAS[self.epoch(pos) - 1]
                placed = {t for ts in boxes.values() for t in ts}
                free = [t for t in self.content.progress_of(era) if t not in placed]
                tiles = tiles + free[:1]  # one too many for the area's boxes: the engine says so
            boxes[land] = tiles
            pos["boxes"] = {a: t for a, t in boxes.items() if t}
        elif piece == "wonder":
            wonders = dict(pos.get("wonders", {}))
            here = [w for w in self.content.wonders_of(ERAS[0]) + self.content.wonders_of(ERAS[1])
                    if self.content.wonders[w].area == land]
            if not here:
                raise ValueError(f"{self.board().spaces[land].name} has no wonder of the world")
            built = [w for w in here if wonders.get(w) == seat]
            if built:
                del wonders[built[0]]
            else:
                free = [w for w in here if w not in wonders] or here
                wonders[free[0]] = seat
            pos["wonders"] = wonders
            pos["used"] = [w for w in pos.get("used", []) if w in wonders]
        elif piece == "valued":
            valued = list(pos.get("valued", []))
            pos["valued"] = [a for a in valued if a != land] if land in valued else valued + [land]
        else:
            raise ValueError(f"there is no piece {piece!r}; pieces: {', '.join(p.key for p in PIECES)}")
        return _tidy(pos)

    def pieces_at(self, position: Mapping[str, Any], land: str) -> list[tuple[str, int | None]]:
        out: list[tuple[str, int | None]] = []
        out += [("figure", s) for s, c in enumerate(position.get("figures", {}).get(land, [])) if c]
        out += [("progress", None)] * len(position.get("boxes", {}).get(land, []))
        out += [("wonder", int(s)) for w, s in position.get("wonders", {}).items() if self.content.wonders[w].area == land]
        if land in position.get("valued", []):
            out.append(("valued", None))
        return out

    def edit_text(self, before: Mapping[str, Any], after: Mapping[str, Any], land: str, piece: str, seat: int,
                  players: list[str]) -> str | None:
        name = self.board().spaces[land].name
        who = players[seat] if 0 <= seat < len(players) else f"seat {seat}"
        if piece in ("figure", "figure_off"):
            count = (after.get("figures", {}).get(land) or [0] * (seat + 1))[seat]
            return f"{who} has {count} figure{'s' if count != 1 else ''} in {name}."
        if piece in ("progress", "progress_off"):
            tiles = after.get("boxes", {}).get(land, [])
            names = ", ".join(self.content.progress[t].name for t in tiles) or "no tile"
            return f"{name}: {names}."
        if piece == "wonder":
            built = [self.content.wonders[w].name for w, s in after.get("wonders", {}).items()
                     if self.content.wonders[w].area == land and s == seat]
            return f"{who} built {built[0]}." if built else f"{who} has no wonder in {name}."
        return f"{name} {'valued' if land in after.get('valued', []) else 'not valued'} this era."

    # -- hands -----------------------------------------------------------------------------------
    def hand_choices(self, position: Mapping[str, Any]) -> list[tuple[str, str]]:
        heroes = self.content.heroes
        era = ERAS[self.epoch(position) - 1]
        return [(f"{heroes[h].name}: population {heroes[h].population}, progress {heroes[h].progress}, "
                 f"conquest {heroes[h].conquest}, treasure {heroes[h].treasure}", h)
                for h in sorted(self.content.heroes_of(era), key=lambda h: heroes[h].name)]

    def hand(self, position: Mapping[str, Any], seat: int) -> list[str]:
        return list(position.get("hands", {}).get(str(seat), []))

    def with_hand(self, position: Mapping[str, Any], seat: int, cards: list[str]) -> dict[str, Any]:
        pos = copy.deepcopy(dict(position))
        hands = dict(pos.get("hands", {}))
        hands[str(seat)] = list(cards)
        pos["hands"] = {s: c for s, c in sorted(hands.items()) if c}
        return _tidy(pos)

    # -- drawing: the map of the game that starts from the position ----------------------------------
    def _view(self, position: Mapping[str, Any], players: list[str]) -> Any:
        from hotw.ui.rulesetview import view_of

        return view_of(self.game(position, players))

    def styles(self, position: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
        return self._view(position, [f"P{i}" for i in range(self._seats(position))]).styles()

    def markers(self, position: Mapping[str, Any], players: list[str]) -> dict[str, str]:
        return self._view(position, players).markers()

    def css(self) -> str:
        return CSS

    def summary(self, position: Mapping[str, Any], players: list[str]) -> str:
        step, seat = self.turn(position)
        who = esc(players[seat]) if 0 <= seat < len(players) else f"seat {seat}"
        doing = "plays a hero already taken" if step == "play" else "chooses a hero"
        figures = sum(sum(c) for c in position.get("figures", {}).values())
        tiles = sum(len(t) for t in position.get("boxes", {}).values())
        held = sum(len(c) for c in position.get("hands", {}).values())
        counts = [_count(figures, "figure"), _count(tiles, "progress tile"),
                  _count(len(position.get("wonders", {})), "wonder"), _count(held, "hero") + " in hands",
                  _count(len(position.get("valued", [])), "area") + " valued this era"]
        return f"<b>{self.epoch_label(self.epoch(position))}</b>: {who} {doing}. On the table: {', '.join(counts)}."


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}es" if word.endswith("o") else f"{n} {word}s"


def position_spec() -> HeroesPositions:
    """The Heroes position format, for the lesson builder."""
    return HeroesPositions()
