"""The *Brief History* map as the world board plus the few places where the rulebook shows it differs.

The rulebook names lands the world board calls otherwise (Gaul, Rhineland,
Anatolia) and its worked Romans example needs two lands with mountains and one
border the world board draws apart. ``hotw/data/brief/board.json`` lists each
change with its reason and sources; :func:`brief_board` applies them to a copy of
the world board, so every other ruleset still reads the world board unchanged.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from pathlib import Path
from types import MappingProxyType
from typing import Any

from hotw.board import TERRAINS, Board, load_board, normalise
from hotw.carddata import DATA_DIR, FORMAT
from hotw.datacheck import PROVENANCE_FIELDS, Report, check_provenance, label, one_of, text
from hotw.errors import ContentError

__all__ = ["BOARD_CHANGES", "brief_board", "check_changes"]

BOARD_CHANGES = DATA_DIR / "brief" / "board.json"


def check_changes(doc: Any, board: Board) -> list[dict[str, Any]]:
    """The change records of ``board.json`` (ContentError listing every problem otherwise)."""
    report = Report()
    records = doc.get("changes") if isinstance(doc, dict) else None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(records, list):
        raise ContentError([f"board.json: must be an object with format {FORMAT} and a 'changes' list"],
                           source="brief data")
    optional = {"authored_fields": lambda v: None, "source": text}
    spec = {"id": text, "kind": one_of("alias", "terrain", "border"), **PROVENANCE_FIELDS}
    for i, rec in enumerate(records):
        where = f"board.json: {label(rec, i)}"
        kind = rec.get("kind") if isinstance(rec, dict) else None
        extra = {"alias": {"name": text, "land": text}, "terrain": {"land": text, "terrain": one_of(*sorted(TERRAINS))},
                 "border": {"lands": lambda v: None if isinstance(v, list) and len(v) == 2 else "must name two lands"}}
        if not report.fields(rec, {**spec, **extra.get(kind, {})}, where, optional):
            continue
        check_provenance(rec, where, report)
        for land in rec.get("lands", [rec.get("land")]):
            if land not in board.spaces or board.spaces[land].kind != "land":
                report.add(where, f"'{land}' is not a land of the world board")
    if report.problems:
        raise ContentError(report.problems, source="brief data")
    return records


@functools.lru_cache(maxsize=2)
def brief_board(path: str = str(BOARD_CHANGES)) -> Board:
    """The world board with the Brief map's changes (one object per path: reach tables cache by it)."""
    world = load_board()
    records = check_changes(json.loads(Path(path).read_text(encoding="utf-8")), world)
    spaces = dict(world.spaces)
    aliases = dict(world.aliases)
    for rec in records:
        if rec["kind"] == "alias":
            aliases[normalise(rec["name"])] = rec["land"]
        elif rec["kind"] == "terrain":
            spaces[rec["land"]] = dataclasses.replace(spaces[rec["land"]], terrain=rec["terrain"])
        else:
            a, b = rec["lands"]
            spaces[a] = dataclasses.replace(spaces[a], adjacent=spaces[a].adjacent | {b})
            spaces[b] = dataclasses.replace(spaces[b], adjacent=spaces[b].adjacent | {a})
    return Board(spaces=MappingProxyType(spaces), regions=world.regions, aliases=MappingProxyType(aliases),
                 source="world board with the Brief map's changes")
