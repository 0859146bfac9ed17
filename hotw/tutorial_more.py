"""More walkthrough demos, and the deal of a classroom game.

The demos complete :mod:`hotw.tutorial` where the rules walkthrough needs a
situation of its own: the defender's effects together (a fort on a mountain)
and region scoring at each of its three levels on three small boards. They are
built the same way (fixed dice, :mod:`hotw.situations`), so the tests keep them
honest.

:func:`deal` starts a real game (every step an action, so it saves, replays and
undoes like any other) at the beginning of an empire's epoch, with that empire
in the first seat's hand: the classroom exercise "play Epoch II as the Romans".
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import hotw
from hotw.actions import Action
from hotw.i18n import Domain, Msg, joined, plural_name
from hotw.rulesets.hotw2018 import Hotw2018Game
from hotw.situations import act, roll
from hotw.tutorial import turn_of
from hotw.tutorial import Demo, run_demo

_ = Domain("lessons")

__all__ = ["EXTRA_DEMOS", "combined_effects", "deal", "dominance", "presence", "supremacy"]


def combined_effects() -> Demo:
    """A fort on a mountain: the defender rolls two dice and adds 1 to the higher."""
    g = turn_of("Minoans", armies={"pindus": 1}, forts=["pindus"])

    def steps(g: Hotw2018Game) -> None:
        act(g, "invade:morea")
        act(g, "invade:pindus")
        roll(g, 6, 3, 5, 2)  # 6 against the better of 5 and 2, plus 1 for the mountain: a tie

    return run_demo(
        _("Effects together: a fort on a mountain"),
        _("A defender can have several effects at once. Here the Pindus is a mountain "
        "(+1 to the defender's highest die) and holds a fort (the defender rolls two "
        "dice). Even a 6 only ties against 5 + 1. A tie still removes the fort."),
        g, ("morea", "pindus"), steps)


def _egypt_in_north_africa(title: str, explanation: str, rivals: Sequence[str],
                           invade: Sequence[str]) -> Demo:
    """The Egyptians invade ``invade`` while seat 1 holds ``rivals``; the demo ends with the score."""
    g = turn_of("Egyptians", armies={land: 1 for land in rivals})

    def steps(g: Hotw2018Game) -> None:
        for land in invade:
            act(g, f"invade:{land}")
        act(g, "end_invasions")
        while g.decision.step == "score_tie":
            act(g, "score_tie:forward")

    return run_demo(title, explanation, g, ("nile_delta",) + tuple(invade) + tuple(rivals), steps)


def presence() -> Demo:
    """Presence: armies in a region, but not more than an opponent's."""
    return _egypt_in_north_africa(
        _("Region scoring 1: presence"),
        _("The Egyptians have 2 armies in North Africa (Nile Delta, Libya), but an "
        "opponent also has 2 (Nubia, Shatts Plateau). Two is not more than two, so "
        "the Egyptians only reach presence: the left number of the region token."),
        rivals=("nubia", "shatts_plateau"), invade=("libya",))


def dominance() -> Demo:
    """Dominance: at least 2 armies and more than each opponent."""
    return _egypt_in_north_africa(
        _("Region scoring 2: dominance"),
        _("Now the Egyptians have 3 armies in North Africa and the opponent only 1 "
        "(Shatts Plateau). At least 2 armies and more than each opponent: dominance, "
        "the middle number. Not supremacy, because an opponent is still there."),
        rivals=("shatts_plateau",), invade=("upper_nile", "libya"))


def supremacy() -> Demo:
    """Supremacy: at least 3 armies and no opponent in the region."""
    return _egypt_in_north_africa(
        _("Region scoring 3: supremacy"),
        _("With 3 armies in North Africa and no opponent anywhere in the region, the "
        "Egyptians reach supremacy: the right, largest number of the token."),
        rivals=(), invade=("upper_nile", "libya"))


#: The extra demos, in the order the walkthrough shows them.
EXTRA_DEMOS: dict[str, Callable[[], Demo]] = {
    "combined_effects": combined_effects,
    "presence": presence,
    "dominance": dominance,
    "supremacy": supremacy,
}


def _not_alike(others: list[Any], epoch: int, name: Any) -> Msg:
    """Cards of another epoch than ``name``'s, named as English agrees: "Mali does not play in Epoch 2 like the
    Romans", "Persians do not play in Epoch 4 like Mali" (a message for each number and article)."""
    cards = joined(others)
    if len(others) > 1 or plural_name(others[0]):
        if plural_name(name):
            return _("{cards} do not play in Epoch {epoch} like the {empire}", cards=cards, epoch=epoch, empire=name)
        return _("{cards} do not play in Epoch {epoch} like {empire}", cards=cards, epoch=epoch, empire=name)
    if plural_name(name):
        return _("{cards} does not play in Epoch {epoch} like the {empire}", cards=cards, epoch=epoch, empire=name)
    return _("{cards} does not play in Epoch {epoch} like {empire}", cards=cards, epoch=epoch, empire=name)


def deal(empire: str, rivals: Sequence[str], players: Sequence[str] | None = None, seed: int = 0,
         ruleset: str = "hotw2018") -> Hotw2018Game:
    """A new game that starts in ``empire``'s epoch, seat 0 holding ``empire`` and seat i ``rivals[i-1]``.

    Every step is a legal action (the score markers put seat 0 on space 1, so it
    picks its empire first; the empire deck is cut to these cards; the event
    cards are drawn from the game's seeded dice and each seat takes the first
    event left). The game stops at the first decision of the first empire to
    play, and rolls its own dice from then on.
    """
    cards = [empire, *rivals]
    names = list(players) if players is not None else [f"Player {i + 1}" for i in range(len(cards))]
    if len(names) != len(cards):
        raise ValueError(_("{players} players for {empires} empires: give one empire per player",
                           players=len(names), empires=len(cards)))
    if len(set(cards)) != len(cards):
        raise ValueError(_("each player needs a different empire"))
    probe = hotw.new_game(ruleset, names, seed)
    known = probe.content.empires
    for c in cards:
        if c not in known:
            raise ValueError(_("there is no empire card '{card}'", card=c))
    epoch = known[empire].epoch
    other = [c for c in rivals if known[c].epoch != epoch]
    if other:
        raise ValueError(_not_alike([known[c].name for c in other], epoch, known[empire].name))
    game = hotw.new_game(ruleset, names, seed, auto_chance=False, options={"start_epoch": epoch})
    assert isinstance(game, Hotw2018Game)
    for seat in range(len(cards)):
        game.apply(Action("draw", str(seat)))  # seat 0 on space 1: fewest points, first empire pick
    for i, c in enumerate(cards):
        if i == len(cards) - 1:
            game.auto_chance = True  # the event cards and every later die come from the seed
        game.apply(Action("draw", c))
    while game.phase == "draft":
        d = game.decision
        choice = cards[d.player] if d.step == "pick_empire" else game.legal_actions()[0].target
        game.apply(Action(d.step, choice))
    return game
