"""The log's lines of an empire's turn, made when the log is read (see ``Hotw2018Game._tell``).

Each is a function of the values the line names, as they were when it was written. Most name the acting empire
first ("Romans (Ana)", the actor's label of ``Hotw2018Game._actor_label``), and English agrees the verb with the
empire's name: "Romans (Ana) invade", "Han Dynasty (Ben) invades" (:func:`hotw.i18n.plural_name`); each such line
is two messages, one per number, translated in every language.
"""

from __future__ import annotations

from typing import Any

from hotw.i18n import Domain, Listing, Msg, joined, plural_name
from hotw.rulesets.hotw2018.battle import BattleSetup

_ = Domain("hotw2018")
_n = _.plural

# TRANSLATORS: a battle's result, from the invader's side, at the end of a battle line of the log
_RESULTS = {"win": _("win"), "lose": _("lose"), "tie": _("tie")}
# TRANSLATORS: the defender's fort, named among the conditions of a battle ("4-2 vs 3 (fort)")
_FORT = _("fort")


def _many(actor: Msg) -> bool:
    """Whether the actor's label ("Romans (Ana)") names its empire with a plural noun."""
    return plural_name(actor.args["empire"])


# -- the start of the turn ----------------------------------------------------------------------------------------
def takes_catapult(empire: str, player: str) -> Msg:
    if plural_name(empire):
        return _("{empire} ({player}) take the catapult", empire=empire, player=player)
    return _("{empire} ({player}) takes the catapult", empire=empire, player=player)


def establishes(actor: Msg, land: str) -> Msg:
    if _many(actor):
        return _("{actor} establish in {land}", actor=actor, land=land)
    return _("{actor} establishes in {land}", actor=actor, land=land)


def none_to_establish(actor: Msg, land: str) -> Msg:
    if _many(actor):
        return _("{actor} have no army left to establish in {land}", actor=actor, land=land)
    return _("{actor} has no army left to establish in {land}", actor=actor, land=land)


def places(actor: Msg, places: tuple[str, ...]) -> Msg:
    if _many(actor):
        return _("{actor} place fleets/caravans: {places}", actor=actor, places=joined(places))
    return _("{actor} places fleets/caravans: {places}", actor=actor, places=joined(places))


# -- invasions ----------------------------------------------------------------------------------------------------
def takes_empty(actor: Msg, land: str) -> Msg:
    if _many(actor):
        return _("{actor} invade {land}: empty, taken", actor=actor, land=land)
    return _("{actor} invades {land}: empty, taken", actor=actor, land=land)


def takes_own(actor: Msg, land: str) -> Msg:
    if _many(actor):
        return _("{actor} invade {land}: empty, taken (own resigned army returned to supply)", actor=actor, land=land)
    return _("{actor} invades {land}: empty, taken (own resigned army returned to supply)", actor=actor, land=land)


def _dice(setup: BattleSetup, inv: tuple[int, ...], dfn: tuple[int, ...],
          before_reroll: tuple[int, ...] | None) -> tuple[str, str | Msg, Listing | None]:
    """The invader's dice, the defender's, and the battle's conditions (fort, naval reroll) or None."""
    invader = "-".join(map(str, inv)) + (f" +{setup.invader_bonus}" if setup.invader_bonus else "")
    defender: str | Msg = "-".join(map(str, dfn))
    if setup.terrain:
        # TRANSLATORS: the defender's dice and the +1 of a mountain or forest ("3 +1 terrain")
        defender = _("{dice} +1 terrain", dice=defender)
    extra: list[Msg] = []
    if setup.fortified:
        extra.append(_FORT)
    if before_reroll is not None:
        extra.append(_("naval reroll of {dice}", dice="-".join(map(str, before_reroll))))
    return invader, defender, joined(extra) if extra else None


def battle_line(actor: Msg, land: str, record: tuple[Any, ...], result: str, held: bool, establishing: bool) -> Msg:
    """A battle's line from its record (the fields of a BattleRecord) and its result as the dice gave it."""
    siege, inv, dfn, before_reroll, setup = record[5], record[6], record[7], record[8], record[9]
    invader, defender, extra = _dice(setup, inv, dfn, before_reroll)
    said: dict[str, Any] = {"actor": actor, "land": land, "result": _RESULTS[result]}
    if extra is None and not held:  # the commonest line: the dice said within it
        said.update(invader=invader, defender=defender)
        return _battle_plain(said, siege, establishing) if _many(actor) else _battle_plain_one(said, siege,
                                                                                              establishing)
    if extra is None:
        # TRANSLATORS: the invader's dice against the defender's ("4-2 +1 vs 3")
        said["dice"] = _("{invader} vs {defender}", invader=invader, defender=defender)
    else:
        # TRANSLATORS: the invader's dice against the defender's, then the battle's conditions
        said["dice"] = _("{invader} vs {defender} ({conditions})", invader=invader, defender=defender,
                         conditions=extra)
    # a battle's line with its dice said apart (a fort, a naval reroll, or a tie the defender holds)
    return _battle_apart(said, siege, establishing, held) if _many(actor) else _battle_apart_one(said, siege,
                                                                                                  establishing, held)


def _battle_plain(said: dict[str, Any], siege: bool, establishing: bool) -> Msg:
    if establishing:
        return _("{actor} establish in {land}: {invader} vs {defender}, {result}", **said)
    if siege:
        return _("{actor} siege {land}: {invader} vs {defender}, {result}", **said)
    return _("{actor} invade {land}: {invader} vs {defender}, {result}", **said)


def _battle_plain_one(said: dict[str, Any], siege: bool, establishing: bool) -> Msg:
    if establishing:
        return _("{actor} establishes in {land}: {invader} vs {defender}, {result}", **said)
    if siege:
        return _("{actor} sieges {land}: {invader} vs {defender}, {result}", **said)
    return _("{actor} invades {land}: {invader} vs {defender}, {result}", **said)


def _battle_apart(said: dict[str, Any], siege: bool, establishing: bool, held: bool) -> Msg:
    if held:
        if establishing:
            return _("{actor} establish in {land}: {dice}, {result} (the defender holds on a tie)", **said)
        if siege:
            return _("{actor} siege {land}: {dice}, {result} (the defender holds on a tie)", **said)
        return _("{actor} invade {land}: {dice}, {result} (the defender holds on a tie)", **said)
    if establishing:
        return _("{actor} establish in {land}: {dice}, {result}", **said)
    if siege:
        return _("{actor} siege {land}: {dice}, {result}", **said)
    return _("{actor} invade {land}: {dice}, {result}", **said)


def _battle_apart_one(said: dict[str, Any], siege: bool, establishing: bool, held: bool) -> Msg:
    if held:
        if establishing:
            return _("{actor} establishes in {land}: {dice}, {result} (the defender holds on a tie)", **said)
        if siege:
            return _("{actor} sieges {land}: {dice}, {result} (the defender holds on a tie)", **said)
        return _("{actor} invades {land}: {dice}, {result} (the defender holds on a tie)", **said)
    if establishing:
        return _("{actor} establishes in {land}: {dice}, {result}", **said)
    if siege:
        return _("{actor} sieges {land}: {dice}, {result}", **said)
    return _("{actor} invades {land}: {dice}, {result}", **said)


def marauder_point(actor: Msg) -> Msg:
    if _many(actor):
        return _("{actor} gain 1 point as marauders", actor=actor)
    return _("{actor} gains 1 point as marauders", actor=actor)


def sieges(actor: Msg, land: str, used: Msg, bonus: int) -> Msg:
    if _many(actor):
        return _("{actor} siege {land} with {used} (catapult +{bonus})", actor=actor, land=land, used=used,
                 bonus=bonus)
    return _("{actor} sieges {land} with {used} (catapult +{bonus})", actor=actor, land=land, used=used, bonus=bonus)


def retreats(actor: Msg, land: str) -> Msg:
    if _many(actor):
        return _("{actor} retreat from {land}", actor=actor, land=land)
    return _("{actor} retreats from {land}", actor=actor, land=land)


def fortifies(actor: Msg, land: str, how: Msg) -> Msg:
    if _many(actor):
        return _("{actor} fortify {land} ({how})", actor=actor, land=land, how=how)
    return _("{actor} fortifies {land} ({how})", actor=actor, land=land, how=how)


def plays(actor: Msg, card: str, text: str) -> Msg:
    if _many(actor):
        return _("{actor} play {card}: {text}", actor=actor, card=card, text=text)
    return _("{actor} plays {card}: {text}", actor=actor, card=card, text=text)


# -- the end of the turn ------------------------------------------------------------------------------------------
def builds(actor: Msg, lands: tuple[str, ...]) -> Msg:
    if _many(actor):
        return _("{actor} build monuments in {lands}", actor=actor, lands=joined(lands))
    return _("{actor} builds monuments in {lands}", actor=actor, lands=joined(lands))


def resigns(actor: Msg) -> Msg:
    if _many(actor):
        return _("{actor} resign", actor=actor)
    return _("{actor} resigns", actor=actor)


def gains(actor: Msg, points: int) -> Msg:
    if _many(actor):
        return _n("{actor} gain {n} point", "{actor} gain {n} points", points, actor=actor)
    return _n("{actor} gains {n} point", "{actor} gains {n} points", points, actor=actor)
