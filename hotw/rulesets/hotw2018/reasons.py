"""Why an action is not legal now, in a sentence a student understands (2018 edition).

Each reason is one message of the ``hotw2018`` catalog, so it reads in the player's language.
"""

from __future__ import annotations

from typing import Any

from hotw.actions import Action
from hotw.i18n import Domain, Msg, plural_name
from hotw.rulesets.hotw2018.pieces import LIMITS

__all__ = ["why_illegal"]

_ = Domain("hotw2018")


def why_illegal(game: Any, action: Action) -> Msg:
    """A sentence for a student on why ``action`` is not legal now in ``game``."""
    d = game._decision()
    k, t = action.kind, _one_line(action.target)
    if k in ("invade", "fortify") and d.step == "invade":
        return _invade_reason(game, k, t)
    if k == "play_event" and d.step == "invade":
        if game.actor.kingdom:
            return _("No event card may be played while a kingdom is resolved.")
        return _("You do not hold the event card '{card}'.", card=t)
    if k == "siege" and d.step == "siege_or_retreat":
        return _("A siege needs an unused army (or siege token) on the empire card; you have none, so retreat.")
    if k == "play_event" and d.step == "siege_or_retreat":
        return _("Event cards cannot be played during an invasion.")
    if d.is_chance:
        return _("'{action}' is not possible now: the next step is chance ({prompt}).", action=_one_line(action.text()),
                 prompt=d.prompt)
    return _("'{action}' is not possible now. {prompt}.", action=_one_line(action.text()), prompt=d.prompt)


def _invade_reason(game: Any, k: str, t: str) -> Msg:
    """Why the acting empire may not invade (or fortify) the land ``t``."""
    a = game.actor
    assert a is not None
    space = game.board.spaces.get(t)
    if space is None:
        return _("There is no territory called '{land}' on the board.", land=t)
    if k == "fortify":
        if t not in a.active:
            if plural_name(a.name):
                return _("You can only fortify a territory where {empire} have an active army; {land} is not one.",
                         empire=a.name, land=space.name)
            return _("You can only fortify a territory where {empire} has an active army; {land} is not one.",
                     empire=a.name, land=space.name)
        if t in game.forts:
            return _("{land} already has a fort (one per territory).", land=space.name)
        if len(game.forts) >= LIMITS["fort"]:
            return _("All {n} forts are on the board.", n=LIMITS["fort"])
        if plural_name(a.name):
            return _("{empire} have no army left on the card to turn into a fort.", empire=a.name)
        return _("{empire} has no army left on the card to turn into a fort.", empire=a.name)
    if space.kind == "barren":
        return _("{land} is barren land: no army may enter it (caravans cross it).", land=space.name)
    if space.kind in ("sea", "ocean"):
        return _("{land} is water: armies invade lands, fleets only carry them across.", land=space.name)
    # English agrees the verb with the card's name: 'the Romans hold', 'the Nabataean kingdom holds'
    plural = plural_name(a.name)
    if t in a.active:
        if plural:
            return _("{empire} already hold {land}.", empire=a.name, land=space.name)
        return _("{empire} already holds {land}.", empire=a.name, land=space.name)
    if a.armies == 0:
        if plural:
            return _("{empire} have no armies left on the card.", empire=a.name)
        return _("{empire} has no armies left on the card.", empire=a.name)
    if a.name.endswith("s"):  # the possessive: "the Romans' armies", "the Maya's armies"
        return _("{land} is not next to a territory held by {empire}' active armies, "
                 "and no fleet or caravan of theirs reaches it.", empire=a.name, land=space.name)
    return _("{land} is not next to a territory held by {empire}'s active armies, "
             "and no fleet or caravan of theirs reaches it.", empire=a.name, land=space.name)


def _one_line(text: str) -> str:
    """``text`` as a message may quote it: on one line and short (an action made by hand may hold anything)."""
    if text.isprintable() and len(text) <= 60:
        return text
    return text[:60].encode("unicode_escape").decode("ascii")
