"""Panel HTML every ruleset's view builds the same way: the status line, score track, breakdown table, log.

Pure functions (no widget imports), so each panel is unit-tested as text. The
words of a game system (its turn, tiers and pieces) come from the ruleset's view
(see :mod:`hotw.ui.rulesetview`), which passes them in. All names from the game
are HTML-escaped.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hotw.i18n import Domain, joined, render
from hotw.scoring import Breakdown
from hotw.ui.view import esc, seat_badge, seat_colour, seat_symbol

if TYPE_CHECKING:
    from hotw.game import Game

_ = Domain("hotw")
t = _.text
tn = _.text_plural


# -- status ---------------------------------------------------------------------------


def status_html(game: "Game", head: str, bots: Collection[int] = frozenset(), over: str = "",
                prompt: str | None = None) -> str:
    """The status line (``head``, with the pending step, seat and epoch as data attributes), then the prompt.

    ``over`` is the sentence shown once the game is over (who won); ``prompt`` replaces the decision's
    own words (for eyes that may not read them: :meth:`hotw.ui.rulesetview.RulesetView.prompt`).
    """
    d = game.decision
    epoch = getattr(game, "epoch", 0)
    parts = [f'<div class="hotw-status-line" data-step="{d.step}" data-player="{d.player}" '
             f'data-epoch="{epoch}">', head, "</div>"]
    if game.is_over:
        parts.append(f'<div class="hotw-prompt"><b>{esc(over)}</b></div>')
    else:
        who = seat_badge(game, d.player, name=False) + " " if d.player >= 0 else ""
        bot = " <i>(" + t("computer") + ")</i>" if d.player in bots else ""
        parts.append(f'<div class="hotw-prompt">{who}{esc(d.prompt if prompt is None else prompt)}{bot}</div>')
    return "".join(parts)


def final_scores_html(game: "Game", points: Sequence[int]) -> str:
    """The final ranking: each seat with its points, best first."""
    order = sorted(range(len(game.players)), key=lambda p: -points[p])
    text = "<br>".join(tn("{rank}. {seat}: {n} point", "{rank}. {seat}: {n} points", points[p], rank=i + 1,
                          seat=seat_badge(game, p)) for i, p in enumerate(order))
    return "<b>" + t("Final scores") + f"</b><br>{text}"


# -- the score track ---------------------------------------------------------------------


def score_table(game: "Game", points: Sequence[int], bots: Collection[int] = frozenset(),
                notes: Mapping[int, str] | None = None) -> str:
    """The score track: players by score, with a bar, their seat colour and symbol, and a note (HTML) each."""
    top = max(max(points), 1)
    notes = notes or {}
    rows = []
    for seat in sorted(range(len(game.players)), key=lambda p: -points[p]):
        width = round(100 * points[seat] / top)
        bot = " <small>(" + t("computer") + ")</small>" if seat in bots else ""
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
        return t("no token")
    cells = []
    for i, v in enumerate(values):
        cells.append(f"<b><u>{v}</u></b>" if level == i else str(v))
    return " / ".join(cells)


def breakdown_table(bd: Breakdown, caption: str = "", tiers: Sequence[str] = (), note: str = "") -> str:
    """A scoring breakdown as an HTML table a student can check line by line.

    ``tiers`` are the ruleset's names of the region levels, weakest first (their
    initials head the token column); ``note`` (plain text) explains them under the table.
    """
    initials = " / ".join(render(tier)[:1].upper() for tier in tiers) if tiers else t("values")
    heads = (t("Region"), t("armies"), t("most armies of one opponent"), t("level reached"),
             t("token {initials}", initials=initials), t("points"))
    head = "<tr>" + "".join(f"<th>{h}</th>" for h in heads) + "</tr>"
    body = []
    for row in breakdown_rows(bd):
        if row["kind"] == "region":
            body.append(
                f'<tr class="hotw-bd-region"><td>{esc(row["region"])}</td><td>{row["armies"]}</td>'
                f'<td>{row["best_opponent"]}</td><td>{esc(row["level"])}</td>'
                f'<td>{_values_cell(row["values"], row["level_index"])}</td><td><b>{row["points"]}</b></td></tr>'
            )
        elif row["kind"] == "structure":
            body.append(
                f'<tr class="hotw-bd-structure"><td colspan="5">{esc(row["region"])}: {row["count"]} x {row["each"]}'
                f'</td><td><b>{row["points"]}</b></td></tr>'
            )
        else:
            total = t("Total")
            body.append(f'<tr class="hotw-bd-total"><td colspan="5"><b>{total}</b></td>'
                        f'<td><b>{row["points"]}</b></td></tr>')
    missing = [r.name for r in bd.regions if r.armies == 0]
    foot = ("<div class='hotw-bd-note'>" + t("No armies (no points) in: {regions}.", regions=esc(joined(missing)))
            + "</div>" if missing else "")
    if note:
        foot += f"<div class='hotw-bd-note'>{esc(note)}</div>"
    cap = f"<caption>{render(caption)}</caption>" if caption else ""
    return f"<table class='hotw-bd-table' data-seat='{bd.player}' data-total='{bd.total}'>{cap}{head}{''.join(body)}</table>{foot}"


# -- log -----------------------------------------------------------------------------------


def log_html(game: "Game", limit: int = 400, lines: Sequence[str] | None = None) -> str:
    """The game log (or ``lines``, the log as a view's eyes read it), newest line first."""
    every = game.log if lines is None else lines
    items = "".join(f"<li>{esc(line)}</li>" for line in reversed(every[-limit:]))
    return f"<ol class='hotw-log-list' reversed start='{len(every)}'>{items}</ol>"


# -- the end of the game -------------------------------------------------------------------------


#: The least distance between two players' names at the end of the chart's lines (a line of 11 px text)
_LABEL_GAP = 12.0


def points_chart_svg(game: "Game", rows: Sequence[Sequence[int]], labels: Sequence[str],
                     width: int = 440, height: int = 220) -> str:
    """A line chart of each seat's points after each epoch (``rows[e][seat]``), in seat colours and symbols.

    Colour is never the only cue: each line's points carry the seat's symbol and its
    last point the player's name. The table beside it (:func:`summary_html`) holds the numbers.
    """
    seats = range(len(game.players))
    top = max([max(r) for r in rows if r] + [1])
    left, right, up, down = 34, 70, 12, 26
    span_x = max(len(rows), 1)

    def x(i: int) -> float:
        return left + (width - left - right) * (i + 1) / span_x

    def y(v: float) -> float:
        return up + (height - up - down) * (1 - v / top)

    parts = [f'<svg class="hotw-chart" role="img" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
             'xmlns="http://www.w3.org/2000/svg"><title>' + t("Points after each epoch") + '</title>',
             f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - right}" y2="{y(0):.1f}" stroke="#333"/>',
             f'<line x1="{left}" y1="{up}" x2="{left}" y2="{y(0):.1f}" stroke="#333"/>']
    for frac in (0.5, 1.0):
        v = round(top * frac)
        parts.append(f'<text x="{left - 4}" y="{y(v) + 4:.1f}" text-anchor="end" font-size="10">{v}</text>'
                     f'<line x1="{left}" y1="{y(v):.1f}" x2="{width - right}" y2="{y(v):.1f}" stroke="#ddd"/>')
    for i, label in enumerate(labels):
        parts.append(f'<text x="{x(i):.1f}" y="{height - 8}" text-anchor="middle" font-size="10">{esc(label)}</text>')
    ends: list[tuple[float, float, int]] = []  # (the name's baseline, the last point's x, seat)
    for seat in seats:
        colour = seat_colour(seat)
        points = [(x(i), y(r[seat])) for i, r in enumerate(rows) if seat < len(r)]
        if not points:
            continue
        dash = "" if seat % 2 == 0 else ' stroke-dasharray="6 3"'
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2.5"{dash} points="'
                     + " ".join(f"{px:.1f},{py:.1f}" for px, py in points) + '"/>')
        for px, py in points:
            parts.append(f'<text x="{px:.1f}" y="{py + 4:.1f}" text-anchor="middle" font-size="12" fill="{colour}" '
                         f'stroke="#000" stroke-width="0.4">{seat_symbol(seat)}</text>')
        ends.append((points[-1][1] + 4, points[-1][0], seat))
    # The players' names beside their last points, top to bottom, each at least a line below the one above (close
    # scores would print the names over each other), the column moved up if it runs past the chart's foot.
    ends.sort()
    placed: list[float] = []
    for want, _px, _seat in ends:
        placed.append(max(want, placed[-1] + _LABEL_GAP) if placed else want)
    shift = max(0.0, (placed[-1] if placed else 0.0) - (height - 4))
    for (_want, px, seat), py in zip(ends, placed):
        parts.append(f'<text x="{px + 8:.1f}" y="{max(py - shift, 10):.1f}" font-size="11">'
                     f'{esc(game.players[seat])}</text>')
    parts.append("</svg>")
    return "".join(parts)


def summary_html(game: "Game", rows: Sequence[Sequence[int]], final: Sequence[int],
                 label: Callable[[int], str]) -> str:
    """The end of the game: who won, a chart and a table of each seat's points after each epoch."""
    if not final:
        return ""
    best = max(range(len(final)), key=lambda p: final[p])
    labels = [render(label(i + 1)) for i in range(len(rows))]
    head = "".join(f"<th scope='col'>{esc(lab)}</th>" for lab in labels)
    body = []
    for seat in sorted(range(len(game.players)), key=lambda p: -final[p]):
        cells = "".join(f"<td>{r[seat]}</td>" for r in rows if seat < len(r))
        body.append(f"<tr data-seat='{seat}'><th scope='row'>{seat_badge(game, seat)}</th>{cells}"
                    f"<td><b>{final[seat]}</b></td></tr>")
    caption, player, final_col = t("Points after each epoch"), t("Player"), t("Final")
    table = (f"<table class='hotw-summary-table'><caption>{caption}</caption>"
             f"<tr><th scope='col'>{player}</th>{head}<th scope='col'>{final_col}</th></tr>{''.join(body)}</table>")
    won = tn("The game is over: {seat} wins with {n} point.", "The game is over: {seat} wins with {n} points.",
             final[best], seat=seat_badge(game, best))
    return (f"<div class='hotw-summary' data-winner='{best}'><div class='hotw-summary-title'><b>{won}</b></div>"
            f"<div class='hotw-summary-body'>{points_chart_svg(game, rows, labels)}{table}</div></div>")


# -- text for a screen reader -------------------------------------------------------------------------


def text_table(caption: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Rows of plain text as an HTML table with a caption and column headings (the first cell heads its row)."""
    head = "".join(f"<th scope='col'>{esc(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<th scope='row'>{esc(c)}</th>" if i == 0 else f"<td>{esc(c)}</td>"
                         for i, c in enumerate(row)) + "</tr>"
        for row in rows)
    return (f"<table class='hotw-text-table'><caption>{esc(caption)}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")
