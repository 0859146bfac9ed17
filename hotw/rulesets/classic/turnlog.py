"""The log's lines of an empire's turn, made when the log is read (``ClassicGame._tell``).

Each is a function of the values alone (names, numbers, words), so a line is made once, in any language, from what
the turn recorded. An empire's name is the subject of most of them, and English agrees the verb with it: "the
Romans expand", "Egypt expands" (:func:`hotw.i18n.plural_name`); each such line is two messages, one per number. A
player is always one person: "Ana wins the battle".
"""

from __future__ import annotations

from hotw.i18n import Domain, joined, plural_name

_ = Domain("classic")


def places_fleets(empire: str, seas: tuple[str, ...]) -> str:
    if plural_name(empire):
        return _("{empire} place fleets on {seas}", empire=empire, seas=joined(list(seas)))
    return _("{empire} places fleets on {seas}", empire=empire, seas=joined(list(seas)))


def appear(empire: str, land: str) -> str:
    if plural_name(empire):
        return _("{empire} appear in {land}", empire=empire, land=land)
    return _("{empire} appears in {land}", empire=empire, land=land)


def capitol(empire: str, land: str) -> str:
    if plural_name(empire):
        return _("{empire} found their capitol in {land}", empire=empire, land=land)
    return _("{empire} founds its capitol in {land}", empire=empire, land=land)


def expand(empire: str, land: str) -> str:
    if plural_name(empire):
        return _("{empire} expand into {land}", empire=empire, land=land)
    return _("{empire} expands into {land}", empire=empire, land=land)


def treachery(land: str, empire: str) -> str:
    return _("{land} falls to {empire} by treachery", land=land, empire=empire)


def fort(empire: str, land: str) -> str:
    if plural_name(empire):
        return _("{empire} build a fort in {land}", empire=empire, land=land)
    return _("{empire} builds a fort in {land}", empire=empire, land=land)


def buys_back(empire: str) -> str:
    if plural_name(empire):
        return _("{empire} buy back a defeated army with a coin", empire=empire)
    return _("{empire} buys back a defeated army with a coin", empire=empire)


def fort_falls(land: str) -> str:
    return _("the fort of {land} falls; the battle goes on", land=land)


def enters(land: str, player: str) -> str:
    return _("both armies tie in {land}; the defender dies and {player}'s army enters", land=land, player=player)


def wins(player: str, land: str) -> str:
    return _("{player} wins the battle for {land}", player=player, land=land)


def both_die(land: str) -> str:
    return _("both armies die in {land}", land=land)


def loses(player: str, land: str) -> str:
    return _("{player} loses the battle for {land}", player=player, land=land)


def monument(empire: str, land: str) -> str:
    if plural_name(empire):
        return _("{empire} build a monument in {land}", empire=empire, land=land)
    return _("{empire} builds a monument in {land}", empire=empire, land=land)


def scores(player: str, points: int, total: int) -> str:
    return _("{player} scores {points} ({total} in all)", player=player, points=points, total=total)
