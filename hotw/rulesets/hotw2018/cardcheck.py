"""The check of the 2018 card and token data: every problem, with its file and id.

:func:`validate` reads ``empires.json``, ``events.json`` and ``region_tokens.json``,
checks each record's fields, types and board references with the shared checkers of
:mod:`hotw.datacheck`, and raises one :class:`~hotw.errors.ContentError` listing every
problem; :func:`load_content` calls it and caches the result.
"""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from hotw.carddata import DATA_DIR, BoardIds, default_board_ids
from hotw.datacheck import (
    PROVENANCE_FIELDS,
    SOURCED_FIELDS,
    Check,
    Report,
    a_list,
    an_object,
    boolean,
    hint,
    check_provenance,
    id_list,
    identifier,
    label,
    one_of,
    optional_object,
    optional_text,
    read_records,
    text,
    unique_ids,
    whole_number,
)
from hotw.errors import ContentError
from hotw.references import read_sources
from hotw.rulesets.hotw2018.cards import (
    CARDS_PER_EPOCH,
    EFFECT_PARAMS,
    EPOCHS,
    TOKEN_COUNT,
    Ability,
    Content,
    Effect,
    EmpireCard,
    EventCard,
    Kingdom,
    RegionToken,
    nested_term,
    readable,
)

# The content tables of the cards' readable words (their translations: hotw/data/hotw2018/lang/)
_EMPIRES, _EVENTS, _TOKENS = "hotw2018/empires", "hotw2018/events", "hotw2018/region_tokens"

def check_places(rec: dict[str, Any], where: str, board: BoardIds, report: Report,
                  prefix: str = "") -> None:
    """Check start lands, fleet waters and caravan barren lands against the board."""
    start = rec.get("start", [])
    if not start:
        report.add(where, f"{prefix}start must name at least one land")
    for sid in start:
        if sid in board.lands:
            continue
        if sid in board.barren:
            report.add(where, f"{prefix}start '{sid}' is a barren land; armies cannot start there")
        else:
            report.add(where, f"{prefix}start '{sid}' is not a land on the board" + hint(sid, board))
    for sid in rec.get("fleets", []):
        if sid not in board.waters:
            report.add(where, f"{prefix}fleet '{sid}' is not a sea or ocean on the board"
                       + hint(sid, board))
    for sid in rec.get("caravans", []):
        if sid not in board.barren:
            report.add(where, f"{prefix}caravan '{sid}' is not a barren land on the board"
                       + hint(sid, board))



_EMPIRE_FIELDS: Mapping[str, Check] = {
    "id": identifier, "name": text, "epoch": whole_number(1, 5), "order": whole_number(1, 8),
    "armies": whole_number(1, 25), "start": id_list, "fleets": id_list,
    "caravans": id_list, "capitol": boolean, "ability": optional_object,
    "leader": optional_text, "dates": text, **PROVENANCE_FIELDS,
}
_EVENT_FIELDS: Mapping[str, Check] = {
    "id": identifier, "name": text, "epoch": whole_number(1, 5),
    "kind": one_of("kingdom", "enhancement"), "saveable": boolean, "text": text,
    "effects": a_list, "leader": optional_text, "dates": text, **PROVENANCE_FIELDS,
}
_TOKEN_FIELDS: Mapping[str, Check] = {
    "id": identifier, "region": identifier, "epoch": whole_number(1, 5), "values": a_list, **PROVENANCE_FIELDS,
}
_ABILITY_FIELDS: Mapping[str, Check] = {"name": text, "text": text, "effects": a_list}
_KINGDOM_FIELDS: Mapping[str, Check] = {
    "name": text, "armies": whole_number(1, 25), "start": id_list, "capitol": boolean,
    "fleets": id_list, "caravans": id_list,
}


def _effects(raw: list[Any], where: str, report: Report) -> tuple[Effect, ...]:
    """Validate and build a list of effects."""
    out: list[Effect] = []
    for i, eff in enumerate(raw):
        at = f"effect {i + 1}"
        if not isinstance(eff, dict):
            report.add(where, f"{at} must be an object")
            continue
        kind = eff.get("kind")
        if kind not in EFFECT_PARAMS:
            report.add(where, f"{at} has unknown kind {kind!r} (known: "
                       + ", ".join(sorted(EFFECT_PARAMS)) + ")")
            continue
        param = EFFECT_PARAMS[kind]
        extra = set(eff) - {"kind"} - ({param} if param else set())
        if extra:
            report.add(where, f"{at} ({kind}) has unknown key(s) " + ", ".join(sorted(extra)))
        if param is None:
            out.append(Effect(kind))
            continue
        n = eff.get(param)
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 5:
            report.add(where, f"{at} ({kind}) needs '{param}' as a whole number from 1 to 5")
            continue
        out.append(Effect(kind, **{param: n}))
    return tuple(out)


def _check_epoch_counts(records: list[Any], file: str, what: str, report: Report) -> None:
    """Each epoch needs exactly CARDS_PER_EPOCH records (records with a readable epoch)."""
    counts = Counter(r.get("epoch") for r in records if isinstance(r, dict))
    for epoch in EPOCHS:
        if counts[epoch] != CARDS_PER_EPOCH:
            report.add(file, f"epoch {epoch} has {counts[epoch]} {what}; "
                       f"each epoch needs {CARDS_PER_EPOCH}")


def _empires(records: list[Any], board: BoardIds, report: Report) -> dict[str, EmpireCard]:
    file = "empires.json"
    unique_ids(records, file, report)
    good: list[dict[str, Any]] = []
    out: dict[str, EmpireCard] = {}
    for i, rec in enumerate(records):
        where = f"{file}: {label(rec, i)}"
        if not report.fields(rec, _EMPIRE_FIELDS, where, SOURCED_FIELDS):
            continue
        good.append(rec)
        check_provenance(rec, where, report)
        check_places(rec, where, board, report)
        ability = None
        if rec["ability"] is not None:
            ab = rec["ability"]
            if report.fields(ab, _ABILITY_FIELDS, f"{where}: ability"):
                effects = _effects(ab["effects"], f"{where}: ability", report)
                if not ab["effects"]:
                    report.add(f"{where}: ability", "needs at least one effect")
                ability = Ability(nested_term(_EMPIRES, rec["id"], "ability.name", ab["name"]),
                                  nested_term(_EMPIRES, rec["id"], "ability.text", ab["text"]), effects)
        words = readable(_EMPIRES, rec)
        out.setdefault(rec["id"], EmpireCard(
            id=rec["id"], name=words["name"], epoch=rec["epoch"], order=rec["order"],
            armies=rec["armies"], start=tuple(rec["start"]), fleets=tuple(rec["fleets"]),
            caravans=tuple(rec["caravans"]), capitol=rec["capitol"], ability=ability,
            leader=words["leader"], dates=words["dates"], note=words["note"],
            provenance=rec["provenance"],
            authored_fields=tuple(rec.get("authored_fields", ())), source=rec.get("source"),
            sources=read_sources(rec["sources"]),
        ))
    _check_epoch_counts(records, file, "empires", report)
    orders: dict[tuple[int, int], str] = {}
    for rec in good:
        key = (rec["epoch"], rec["order"])
        if key in orders and orders[key] != rec["id"]:
            report.add(f"{file}: {rec['id']}", f"order {rec['order']} in epoch {rec['epoch']} "
                       f"is also used by {orders[key]}")
        orders.setdefault(key, rec["id"])
    return out


def _events(records: list[Any], board: BoardIds, report: Report) -> dict[str, EventCard]:
    file = "events.json"
    unique_ids(records, file, report)
    good: list[dict[str, Any]] = []
    out: dict[str, EventCard] = {}
    for i, rec in enumerate(records):
        where = f"{file}: {label(rec, i)}"
        optional = {**SOURCED_FIELDS, "kingdom": an_object}
        if not report.fields(rec, _EVENT_FIELDS, where, optional):
            continue
        good.append(rec)
        check_provenance(rec, where, report)
        effects = _effects(rec["effects"], where, report)
        kingdom = None
        if rec["kind"] == "kingdom":
            if "kingdom" not in rec:
                report.add(where, "a kingdom card needs a 'kingdom' block")
            elif report.fields(rec["kingdom"], _KINGDOM_FIELDS, f"{where}: kingdom"):
                k = rec["kingdom"]
                check_places(k, where, board, report, prefix="kingdom ")
                # a kingdom is named in other languages by its card's name ("the Phoenician cities": フェニキア),
                # as the content translations hold no field for the kingdom's own name
                kingdom = Kingdom(nested_term(_EVENTS, rec["id"], "name", k["name"]), k["armies"],
                                  tuple(k["start"]), k["capitol"],
                                  tuple(k["fleets"]), tuple(k["caravans"]))
            if rec["effects"]:
                report.add(where, "a kingdom card has no effects (its kingdom is the effect)")
            if rec["saveable"]:
                report.add(where, "a kingdom card cannot be saveable")
        else:
            if "kingdom" in rec:
                report.add(where, "only a kingdom card may have a 'kingdom' block")
            if not rec["effects"]:
                report.add(where, "an enhancement needs at least one effect")
        words = readable(_EVENTS, rec)
        out.setdefault(rec["id"], EventCard(
            id=rec["id"], name=words["name"], epoch=rec["epoch"], kind=rec["kind"],
            saveable=rec["saveable"], text=words["text"], effects=effects, kingdom=kingdom,
            leader=words["leader"], dates=words["dates"], note=words["note"],
            provenance=rec["provenance"],
            authored_fields=tuple(rec.get("authored_fields", ())), source=rec.get("source"),
            sources=read_sources(rec["sources"]),
        ))
    _check_epoch_counts(records, file, "events", report)
    return out


def _tokens(records: list[Any], board: BoardIds, report: Report) -> list[RegionToken]:
    file = "region_tokens.json"
    unique_ids(records, file, report)
    if len(records) != TOKEN_COUNT:
        report.add(file, f"has {len(records)} tokens; the game has {TOKEN_COUNT}")
    out: list[RegionToken] = []
    placed: dict[tuple[str, int], str] = {}
    for i, rec in enumerate(records):
        where = f"{file}: {label(rec, i)}"
        if not report.fields(rec, _TOKEN_FIELDS, where, SOURCED_FIELDS):
            continue
        check_provenance(rec, where, report)
        if rec["region"] not in board.regions:
            report.add(where, f"region '{rec['region']}' is not a region on the board")
        key = (rec["region"], rec["epoch"])
        if key in placed and placed[key] != rec["id"]:
            report.add(where, f"{rec['region']} already has a token in epoch {rec['epoch']} "
                       f"({placed[key]})")
        placed.setdefault(key, rec["id"])
        vals = rec["values"]
        if (len(vals) != 3 or not all(isinstance(v, int) and not isinstance(v, bool)
                                      and v >= 1 for v in vals)):
            report.add(where, "values must be three whole numbers of at least 1 "
                       "[presence, dominance, supremacy]")
            continue
        if not vals[0] < vals[1] < vals[2]:
            report.add(where, f"values {vals} must increase: presence < dominance < supremacy")
        out.append(RegionToken(rec["id"], rec["region"], rec["epoch"], tuple(vals),  # type: ignore[arg-type]
                               rec["provenance"], readable(_TOKENS, rec)["note"],
                               tuple(rec.get("authored_fields", ())), rec.get("source"),
                               read_sources(rec["sources"])))
    return out


# --------------------------------------------------------------------------- loading


def validate(directory: Path, board: BoardIds, ruleset: str = "hotw2018") -> Content:
    """Read and check a data directory; raise ContentError listing every problem."""
    report = Report()
    raw = {key: read_records(directory / name, key, report) for key, name in
           (("empires", "empires.json"), ("events", "events.json"), ("tokens", "region_tokens.json"))}
    empires = _empires(raw["empires"], board, report) if raw["empires"] is not None else {}
    events = _events(raw["events"], board, report) if raw["events"] is not None else {}
    tokens = _tokens(raw["tokens"], board, report) if raw["tokens"] is not None else []
    if report.problems:
        raise ContentError(report.problems, source=f"{ruleset} card data ({directory})")
    return Content(ruleset, MappingProxyType(empires), MappingProxyType(events), tuple(tokens))


@functools.lru_cache(maxsize=8)
def _load_cached(ruleset: str, directory: str, board: BoardIds) -> Content:
    return validate(Path(directory), board, ruleset)


def load_content(ruleset: str = "hotw2018", board: BoardIds | Any | None = None,
                 path: str | Path | None = None) -> Content:
    """Load and validate a ruleset's cards and tokens (cached per ruleset, path and board).

    ``board`` is a :class:`BoardIds`, a loaded board, or None for the world board;
    ``path`` overrides the data directory (``hotw/data/<ruleset>``).
    """
    ids = board if isinstance(board, BoardIds) else (
        default_board_ids() if board is None else BoardIds.from_board(board))
    directory = Path(path) if path is not None else DATA_DIR / ruleset
    return _load_cached(ruleset, str(directory.resolve()), ids)
