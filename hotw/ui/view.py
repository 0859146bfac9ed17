"""What every ruleset's view draws the same way: seat colours and symbols, badges, dice, map styles.

Nothing here imports a widget library or names a game system's steps or pieces:
a ruleset's view (see :mod:`hotw.ui.rulesetview`) builds its map and panels from
these parts. Colours are the Okabe-Ito palette (safe for colour-blind readers);
each seat also has a shape symbol, so colour is never the only cue.
"""

from __future__ import annotations

import html
import re
from collections.abc import Collection, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from hotw.i18n import Domain, Msg, joined, plural_name, render
from hotw.i18n import percent as share

if TYPE_CHECKING:
    from hotw.board import Board
    from hotw.game import Game

#: Seat colours from the Okabe-Ito palette. Sky blue comes last (a 6-player game) because at
#: half opacity it looks like the seas; yellow is left out, too close to the pale region fills.
SEAT_COLOURS = ("#E69F00", "#0072B2", "#009E73", "#D55E00", "#CC79A7", "#56B4E9")
SEAT_COLOUR_NAMES = ("orange", "blue", "green", "vermilion", "purple", "sky blue")
#: The second cue of each seat: a shape drawn on its armies and next to its name.
SEAT_SYMBOLS = ("●", "■", "▲", "◆", "✚", "✖")
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "cross", "saltire")
DICE_FACES = "⚀⚁⚂⚃⚄⚅"
ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII")

WATER_STYLE = {"fillColor": "#d4e4f1", "fillOpacity": 1.0, "color": "#9db7cc", "weight": 0.6}
OCEAN_STYLE = {"fillColor": "#c2d7ea", "fillOpacity": 1.0, "color": "#9db7cc", "weight": 0.6}
BARREN_STYLE = {"fillColor": "#ece4cf", "fillOpacity": 1.0, "color": "#a89d80", "weight": 0.8, "dashArray": "2 3"}
FREE_LAND = {"fillOpacity": 0.35, "color": "#5c5c5c", "weight": 0.8}
#: A resigned army's land: its seat's stripes (see ``stripe_patterns``), so an owned land never looks like a
#: region's tint, whatever the colours and however a reader sees them.
RESIGNED = {"fillOpacity": 0.9, "color": "#222222", "weight": 1.4, "dashArray": "4 3"}
ACTIVE = {"fillOpacity": 0.9, "color": "#000000", "weight": 2.2}
#: Outline of a space a click acts on now (e.g. moves an army there).
TARGET = {"color": "#000000", "weight": 3.5, "dashArray": "7 4"}
#: Outline of a starting space a click picks.
CANDIDATE = {"color": "#000000", "weight": 3.0, "dashArray": "2 4"}
BATTLE = {"color": "#000000", "weight": 4.0}
#: Leaflet's hover style for the territory under the mouse.
HOVER_STYLE = {"weight": 4, "color": "#222222", "fillOpacity": 0.95}
#: Fill of a land with no region (or a region without a colour).
NO_REGION = "#cccccc"

_BASE_STYLES = {"sea": WATER_STYLE, "ocean": OCEAN_STYLE, "barren": BARREN_STYLE}



def esc(text: Any) -> str:
    """Any text (a str, or a Msg or Term the game or its data gave) in the active language, escaped for HTML."""
    return html.escape(render(text))
_ = Domain("hotw")
t = _.text


def seat_colour_name(seat: int) -> str:
    """The name of a seat's colour in the active language ('orange')."""
    names = (t("orange"), t("blue"), t("green"), t("vermilion"), t("purple"), t("sky blue"))
    return names[seat % len(names)]


def seat_shape_name(seat: int) -> str:
    """The name of a seat's symbol in the active language ('circle')."""
    names = (t("circle"), t("square"), t("triangle"), t("diamond"), t("cross"), t("saltire"))
    return names[seat % len(names)]


def seat_colour(seat: int) -> str:
    """The colour of a seat (0-based)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_symbol(seat: int) -> str:
    """The shape symbol of a seat, its second cue next to colour."""
    return SEAT_SYMBOLS[seat % len(SEAT_SYMBOLS)]


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (a #rrggbb string)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def seat_badge(game: "Game", seat: int, *, name: bool = True) -> str:
    """HTML for a seat: its symbol on its colour, then the player's name."""
    colour = seat_colour(seat)
    who = f" {html.escape(game.players[seat])}" if name else ""
    # TRANSLATORS: a seat's two cues, its colour and its symbol: "orange circle"
    title = esc(t("{colour} {shape}", colour=seat_colour_name(seat), shape=seat_shape_name(seat)))
    return (
        f'<span class="hotw-seat hotw-seat-{seat}" style="background:{colour};color:{ink_on(colour)}" '
        f'title="{title}">'
        f'{seat_symbol(seat)}</span>{who}'
    )


def seat_ink(seat: int) -> str:
    """The inline style of a chip or badge in a seat's colour."""
    colour = seat_colour(seat)
    return f"background:{colour};color:{ink_on(colour)}"


def roman(number: int) -> str:
    """An epoch number as the cards print it (I-VII), else the digits."""
    return ROMAN[number] if 0 <= number < len(ROMAN) else str(number)


def plural(count: int, one: str, many: str | None = None) -> str:
    """'1 army', '2 armies': a count with its noun (``many`` defaults to ``one`` + 's')."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def is_plural(name: str) -> bool:
    """True for a name ending in "s" ('Assyrians', 'James'), which takes the bare apostrophe of a possessive; the
    number of its verb is :func:`hotw.i18n.plural_name`'s ('the Maya take', 'the Netherlands takes')."""
    return name.rstrip().endswith("s")


def possessive(name: str) -> str:
    """'Assyrians' -> "Assyrians'", 'Ada' -> "Ada's"."""
    return name + ("'" if is_plural(name) else "'s")


def agree(name: str, plural_verb: str, singular_verb: str) -> str:
    """The verb that agrees with ``name``: ``agree('Romans', 'take', 'takes')`` -> 'take'."""
    return plural_verb if plural_name(name) else singular_verb


def without_epoch(line: Any) -> Any:
    """A log line without its epoch head ("Epoch IV, <the line>" -> the line inside): the argument
    the head's message wraps (each ruleset names it, "{line}" or "{text}"), or the text after the comma."""
    if isinstance(line, Msg) and line.msgid.startswith("Epoch {epoch}, {"):
        inner = line.msgid[len("Epoch {epoch}, {"):].rstrip("}")
        if inner in line.args:
            return line.args[inner]
    return line.split(", ", 1)[1] if str(line).startswith("Epoch ") else line


def html_to_text(text: str) -> str:
    """Strip tags from a short HTML snippet (for dropdown labels and plain-text tables)."""
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def percent(value: Fraction | float) -> str:
    """A probability as a percentage with one decimal: ``Fraction(1, 3)`` -> ``'33.3%'``. A chance that is neither
    nil nor certain never reads as either: 9997/10000 -> ``'>99.9%'``, 3/10000 -> ``'<0.1%'``."""
    v = float(value)
    if 0 < v < 0.0005:
        return "<" + share(0.001, 1).render()
    if 0.9995 <= v < 1:
        return ">" + share(0.999, 1).render()
    return share(v, 1).render()


def odds_text(odds: Mapping[str, Fraction]) -> str:
    """Win, tie and lose as percentages with their exact fractions, in one line of HTML."""
    words = {"win": t("win"), "tie": t("tie"), "lose": t("lose")}
    return " · ".join(
        f"{words[k]} <b>{percent(odds[k])}</b> <small>({odds[k].numerator}/{odds[k].denominator})</small>"
        for k in ("win", "tie", "lose")
    )


def dice(values: Collection[int]) -> str:
    """Dice faces for die values 1-6."""
    return " ".join(f'<span class="hotw-die" title="{v}">{DICE_FACES[v - 1]}</span>' for v in values)


# -- the map ---------------------------------------------------------------------------------


def board_styles(
    board: "Board",
    owner: Mapping[str, int],
    active: Collection[str] = (),
    targets: Collection[str] = (),
    candidates: Collection[str] = (),
    battles: Collection[str] = (),
) -> dict[str, dict[str, Any]]:
    """The Leaflet path style of every space of ``board``, keyed by feature id.

    Water and barren lands have fixed styles; a land shows its region's colour when
    free, else its owner's (``owner``: space -> seat), solid for the ``active`` lands
    and pale for the others. ``targets`` (a click acts there), ``candidates`` (a click
    picks that start) and ``battles`` get outlines. Each style carries ``className``
    with the space's id, kind, owner and state, so a browser (or a test) can read the
    map without knowing pixels.
    """
    regions = board.regions
    out: dict[str, dict[str, Any]] = {}
    for sid, space in board.spaces.items():
        classes = ["hotw-space", f"hotw-id-{sid}", f"hotw-{space.kind}"]
        base = _BASE_STYLES.get(space.kind)
        if base is not None:
            style = dict(base)
        else:
            seat = owner.get(sid)
            if seat is None:
                region = regions.get(space.region or "")
                style = {"fillColor": region.colour if region else NO_REGION, **FREE_LAND}
                classes.append("hotw-free")
            else:
                on = sid in active
                style = {"fillColor": seat_colour(seat), **(ACTIVE if on else RESIGNED)}
                classes += [f"hotw-owner-{seat}", "hotw-active" if on else "hotw-resigned"]
            if sid in targets:
                style.update(TARGET)
                classes.append("hotw-target")
            elif sid in candidates:
                style.update(CANDIDATE)
                classes.append("hotw-candidate")
            if sid in battles:
                style.update(BATTLE)
                classes.append("hotw-battle")
        style["className"] = " ".join(classes)
        out[sid] = style
    return out


def stripe_patterns() -> str:
    """SVG patterns (one per seat) and the CSS that fills a resigned army's land with its seat's stripes.

    Leaflet draws a land's fill colour as an SVG attribute; the CSS rule wins over it,
    so the stripes need no change to the map's styles.
    """
    defs = "".join(
        f'<pattern id="hotw-stripes-{i}" patternUnits="userSpaceOnUse" width="7" height="7" '
        f'patternTransform="rotate(45)"><rect width="7" height="7" fill="{c}"/>'
        f'<rect width="2.2" height="7" fill="#ffffff" fill-opacity="0.85"/></pattern>'
        for i, c in enumerate(SEAT_COLOURS))
    css = "".join(f".hotw-app path.hotw-resigned.hotw-owner-{i}, .hotw-lesson path.hotw-resigned.hotw-owner-{i} "
                  f"{{ fill: url(#hotw-stripes-{i}); }}\n" for i in range(len(SEAT_COLOURS)))
    return (f'<svg class="hotw-patterns" width="0" height="0" style="position:absolute" aria-hidden="true">'
            f"<defs>{defs}</defs></svg><style>{css}</style>")


def chip(symbol: str, title: str, extra: str = "", style: str = "") -> str:
    """One piece of a marker: a symbol in a small box, with its meaning as the tooltip."""
    return f'<span class="hotw-chip {extra}" style="{style}" title="{html.escape(title)}">{symbol}</span>'


def army_chip(game: "Game", seat: int, active: bool) -> tuple[str, str]:
    """(the chip of a seat's army, 'active' or 'resigned')."""
    how = "active" if active else "resigned"
    name = game.players[seat]
    if is_plural(name):
        title = t("{player}' army (active)", player=name) if active else t("{player}' army (resigned)", player=name)
    else:
        title = t("{player}'s army (active)", player=name) if active else t("{player}'s army (resigned)", player=name)
    return chip(seat_symbol(seat), title, f"hotw-army hotw-{how}", seat_ink(seat)), how


def marker(attrs: list[str], chips: list[str]) -> str:
    """A marker's HTML: its chips in a row, with data attributes (``'data-space="gaul"'``); '' without chips."""
    if not chips:
        return ""
    return f'<div class="hotw-marker" {" ".join(attrs)}>{"".join(chips)}</div>'


def space_name(game: "Game", sid: str) -> str:
    """The name of a space of the game's board in the active language (the id if there is none)."""
    space = game.board.spaces.get(sid)  # type: ignore[attr-defined]
    return render(space.name) if space else sid


def space_names(game: "Game", sids: Collection[str]) -> str:
    """Names of spaces, escaped and joined (with commas in English, the locale's list pattern in others)."""
    return render(joined([esc(space_name(game, s)) for s in sids]))
