"""Panel HTML every ruleset's view builds the same way: the status line, score track, breakdown table, log.

Pure functions (no widget imports), so each panel is unit-tested as text. The
words of a game system (its turn, tiers and pieces) come from the ruleset's view
(see :mod:`hotw.ui.rulesetview`), which passes them in. All names from the game
are HTML-escaped.
"""

from __future__ import annotations

import html
from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hotw.scoring import Breakdown
from hotw.ui.view import seat_badge

if TYPE_CHECKING:
    from hotw.game import Game

esc = html.escape


# -- status ---------------------------------------------------------------------------


def status_html(game: "Game", head: str, bots: Collection[int] = frozenset(), over: str = "") -> str:
    """The status line (``head``, with the pending step, seat and epoch as data attributes), then the prompt.

    ``over`` is the sentence shown once the game is over (who won).
    """
    d = game.decision
    epoch = getattr(game, "epoch", 0)
    parts = [f'<div class="hotw-status-line" data-step="{d.step}" data-player="{d.player}" '
             f'data-epoch="{epoch}">', head, "</div>"]
    if game.is_over:
        parts.append(f'<div class="hotw-prompt"><b>{esc(over)}</b></div>')
    else:
        who = seat_badge(game, d.player, name=False) + " " if d.player >= 0 else ""
        bot = " <i>(computer)</i>" if d.player in bots else ""
        parts.append(f'<div class="hotw-prompt">{who}{esc(d.prompt)}{bot}</div>')
    return "".join(parts)


def final_scores_html(game: "Game", points: Sequence[int]) -> str:
    """The final ranking: each seat with its points, best first."""
    order = sorted(range(len(game.players)), key=lambda p: -points[p])
    text = "<br>".join(f"{i + 1}. {seat_badge(game, p)}: {points[p]} points" for i, p in enumerate(order))
    return f"<b>Final scores</b><br>{text}"


# -- the score track ---------------------------------------------------------------------


def score_table(game: "Game", points: Sequence[int], bots: Collection[int] = frozenset(),
                notes: Mapping[int, str] | None = None) -> str:
    """The score track: players by score, with a bar, their seat colour and symbol, and a note (HTML) each."""
    top = max(max(points), 1)
    notes = notes or {}
    rows = []
    for seat in sorted(range(len(game.players)), key=lambda p: -points[p]):
        width = round(100 * points[seat] / top)
        bot = " <small>(computer)</small>" if seat in bots else ""
        rows.append(
            f'<tr data-seat="{seat}"><td>{seat_badge(game, seat)}{bot}{notes.get(seat, "")}</td>'
            f'<td class="hotw-points"><b>{points[seat]}</b></td>'
            f'<td class="hotw-bar-cell"><div class="hotw-bar hotw-seatbar-{seat}" style="width:{width}%"></div></td></tr>'
        )
    return f"<table class='hotw-score-table'>{''.join(rows)}</table>"


# -- scoring breakdown -------------------------------------------------------------------------


def breakdown_rows(bd: Breakdown, all_regions: bool = False) -> list[dict[str, Any]]:
    """The breakdown as rows: one per region where the player has armies (or every region), then structures and total."""
    rows: list[dict[str, Any]] = []
    for r in bd.regions:
        if not all_regions and r.armies == 0:
            continue
        rows.append({
            "kind": "region", "region": r.name, "armies": r.armies, "best_opponent": r.best_opponent,
            "level": r.tier or "-", "level_index": r.level, "values": r.values, "points": r.points,
        })
    for st in bd.structures:
        rows.append({"kind": "structure", "region": st.label, "count": st.count, "each": st.each, "points": st.points})
    for label, pts in bd.extra.items():
        rows.append({"kind": "structure", "region": label, "count": 1, "each": pts, "points": pts})
    rows.append({"kind": "total", "region": "Total", "points": bd.total})
    return rows


def _values_cell(values: tuple[int, ...] | None, level: int) -> str:
    if not values:
        return "no token"
    cells = []
    for i, v in enumerate(values):
        cells.append(f"<b><u>{v}</u></b>" if level == i else str(v))
    return " / ".join(cells)


def breakdown_table(bd: Breakdown, caption: str = "", tiers: Sequence[str] = (), note: str = "") -> str:
    """A scoring breakdown as an HTML table a student can check line by line.

    ``tiers`` are the ruleset's names of the region levels, weakest first (their
    initials head the token column); ``note`` (plain text) explains them under the table.
    """
    initials = " / ".join(t[:1].upper() for t in tiers) if tiers else "values"
    head = ("<tr><th>Region</th><th>your armies</th><th>most armies of one opponent</th>"
            f"<th>level reached</th><th>token {initials}</th><th>points</th></tr>")
    body = []
    for row in breakdown_rows(bd):
        if row["kind"] == "region":
            body.append(
                f'<tr class="hotw-bd-region"><td>{esc(row["region"])}</td><td>{row["armies"]}</td>'
                f'<td>{row["best_opponent"]}</td><td>{row["level"]}</td>'
                f'<td>{_values_cell(row["values"], row["level_index"])}</td><td><b>{row["points"]}</b></td></tr>'
            )
        elif row["kind"] == "structure":
            body.append(
                f'<tr class="hotw-bd-structure"><td colspan="5">{esc(row["region"])}: {row["count"]} x {row["each"]}'
                f'</td><td><b>{row["points"]}</b></td></tr>'
            )
        else:
            body.append(f'<tr class="hotw-bd-total"><td colspan="5"><b>Total</b></td><td><b>{row["points"]}</b></td></tr>')
    missing = [r.name for r in bd.regions if r.armies == 0]
    foot = (f"<div class='hotw-bd-note'>No armies (no points) in: {esc(', '.join(missing))}.</div>" if missing else "")
    if note:
        foot += f"<div class='hotw-bd-note'>{esc(note)}</div>"
    cap = f"<caption>{caption}</caption>" if caption else ""
    return f"<table class='hotw-bd-table' data-seat='{bd.player}' data-total='{bd.total}'>{cap}{head}{''.join(body)}</table>{foot}"


# -- log -----------------------------------------------------------------------------------


def log_html(game: "Game", limit: int = 400) -> str:
    """The game log, newest line first."""
    lines = game.log[-limit:]
    items = "".join(f"<li>{esc(line)}</li>" for line in reversed(lines))
    return f"<ol class='hotw-log-list' reversed start='{len(game.log)}'>{items}</ol>"
