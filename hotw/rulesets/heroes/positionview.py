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

from hotw.i18n import Domain, joined, render
from hotw.rulesets.heroes.cards import ERAS
from hotw.rulesets.heroes.viewpanels import CSS
from hotw.ui.positionspec import Piece, PositionSpec

if TYPE_CHECKING:
    from hotw.board import Board
    from hotw.rulesets.heroes.cards import Content

__all__ = ["HeroesPositions", "position_spec"]

esc = html.escape
_ = Domain("heroes")
t, tn = _.text, _.text_plural

# The pieces' labels and help are Msg values: the editor says them in the reader's language.
PIECES = (
    Piece("figure", _("Figure +1"), "●", seated=True, help=_("one more figure of the chosen seat in the area")),
    Piece("figure_off", _("Figure −1"), "○", seated=True, help=_("one figure of the chosen seat less in the area")),
    Piece("progress", _("Progress +1"), "▣",
          help=_("the next progress tile of the era into an empty box of the area")),
    Piece("progress_off", _("Progress −1"), "□", help=_("the area's last progress tile back into the bag")),
    Piece("wonder", _("Wonder"), "★", seated=True, help=_("the area's wonder of the world, built by the chosen seat "
                                                         "(a second click takes it back)")),
    Piece("valued", _("Valued"), "✓", help=_("the area was valued this era (its boxes must be full)")),
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
    turn_label = _("The turn starts")
    space_label = _("Area")

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
        return t("Antiquity") if epoch == 1 else t("The modern age")

    def players(self) -> tuple[int, int]:
        return (2, 5)

    def blank(self, epoch: int = 1) -> dict[str, Any]:
        return {"era": epoch, "turn": 0}

    def turn_choices(self, epoch: int) -> list[tuple[str, str]]:
        return [(t("choosing a hero"), "choose"), (t("playing a hero already taken"), "play")]

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
                raise ValueError(t("{area} has no wonder of the world", area=render(self.board().spaces[land].name)))
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
            raise ValueError(t("there is no piece {piece}; pieces: {pieces}", piece=repr(piece),
                               pieces=", ".join(p.key for p in PIECES)))
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
        name = render(self.board().spaces[land].name)
        who = players[seat] if 0 <= seat < len(players) else t("seat {n}", n=seat)
        if piece in ("figure", "figure_off"):
            count = (after.get("figures", {}).get(land) or [0] * (seat + 1))[seat]
            return tn("{who} has {n} figure in {area}.", "{who} has {n} figures in {area}.", count, who=who, area=name)
        if piece in ("progress", "progress_off"):
            tiles = after.get("boxes", {}).get(land, [])
            names = render(joined(self.content.progress[x].name for x in tiles)) if tiles else t("no tile")
            return t("{area}: {tiles}.", area=name, tiles=names)
        if piece == "wonder":
            built = [self.content.wonders[w].name for w, s in after.get("wonders", {}).items()
                     if self.content.wonders[w].area == land and s == seat]
            return (t("{who} built {wonder}.", who=who, wonder=render(built[0])) if built
                    else t("{who} has no wonder in {area}.", who=who, area=name))
        if land in after.get("valued", []):
            return t("{area} valued this era.", area=name)
        return t("{area} not valued this era.", area=name)

    # -- hands -----------------------------------------------------------------------------------
    def hand_choices(self, position: Mapping[str, Any]) -> list[tuple[str, str]]:
        heroes = self.content.heroes
        era = ERAS[self.epoch(position) - 1]
        return [(t("{hero}: population {population}, progress {progress}, conquest {conquest}, treasure {treasure}",
                   hero=heroes[h].name, population=heroes[h].population, progress=heroes[h].progress,
                   conquest=heroes[h].conquest, treasure=heroes[h].treasure), h)
                for h in sorted(self.content.heroes_of(era), key=lambda h: str(heroes[h].name))]

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
        who = esc(players[seat]) if 0 <= seat < len(players) else t("seat {n}", n=seat)
        figures = sum(sum(c) for c in position.get("figures", {}).values())
        tiles = sum(len(x) for x in position.get("boxes", {}).values())
        held = sum(len(c) for c in position.get("hands", {}).values())
        counts = [tn("{n} figure", "{n} figures", figures), tn("{n} progress tile", "{n} progress tiles", tiles),
                  tn("{n} wonder", "{n} wonders", len(position.get("wonders", {}))),
                  tn("{n} hero in hands", "{n} heroes in hands", held),
                  tn("{n} area valued this era", "{n} areas valued this era", len(position.get("valued", [])))]
        era = self.epoch_label(self.epoch(position))
        if step == "play":
            return t("<b>{era}</b>: {who} plays a hero already taken. On the table: {counts}.", era=era, who=who,
                     counts=render(joined(counts)))
        return t("<b>{era}</b>: {who} chooses a hero. On the table: {counts}.", era=era, who=who,
                 counts=render(joined(counts)))


def position_spec() -> HeroesPositions:
    """The Heroes position format, for the lesson builder."""
    return HeroesPositions()
