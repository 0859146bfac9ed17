"""What a classic bot says of its last move, in the game's words ("move into Zagros: worth 4.3").

A bot keeps the kind of its reason, the ids it chose from and the observation it read (``ClassicBot._why``); the
sentence is made only when asked (``explain``), with the names of the board and the cards, as the teaching UI shows
it beside the map ("Why the computer played that").
"""

from __future__ import annotations

from typing import Any, Callable

from hotw.actions import Action
from hotw.i18n import Domain, Msg, num

_ = Domain("classic")


def action_words(obs: Any, action: Action) -> Any:
    """An action as a player would say it: "move into Zagros", "play Leader", "keep the card"."""
    k, t = action.kind, action.target
    if k == "invade":
        return _("move into {land}", land=obs.board.place_name(t))
    if k == "treachery":
        return _("Treachery: take {land}", land=obs.board.place_name(t))
    if k == "fort":
        return _("build a fort in {land}", land=obs.board.place_name(t))
    if k == "monument":
        return _("build a monument in {land}", land=obs.board.place_name(t))
    if k == "target":
        return obs.board.place_name(t)
    if k == "play_event" and t in obs.content.events:
        return _("play {event}", event=obs.content.events[t].name)
    if k == "give" and t.isdigit() and int(t) < len(obs.players):
        return _("give the card to {player}", player=obs.players[int(t)])
    if k == "trade_fleet":
        return _("trade the fleet on {sea} for a coin", sea=obs.board.place_name(t))
    said = {"keep": _("keep the card"), "begin": _("begin the turn"), "done": _("done"),
            "end_turn": _("end the turn"), "buy_army": _("buy back a defeated army")}
    return said.get(k, action.text())


def _event(obs: Any, card: str) -> Any:
    return obs.content.events[card].name if card in obs.content.events else card


#: the reasons a classic bot gives, by kind: each a function of the observation read and the reason's values
WHY: dict[str, Callable[..., Msg]] = {
    "none": lambda o: _("no move yet"),
    "only": lambda o, action: _("{action}: the only legal action", action=action_words(o, action)),
    "random": lambda o, action: _("{action}: chosen at random", action=action_words(o, action)),
    "bird": lambda o: _("keep: a bird in the hand"),
    "keep": lambda o, card: _("keep: {card} is as good as the cards still unseen",
                              card=o.content.empires[card].name),
    "give": lambda o, card: _("give {card} to the leader among those without an empire",
                              card=o.content.empires[card].name),
    "first_event": lambda o: _("play the first event card"),
    "play": lambda o, card: _("play {card}: worth most now", card=_event(o, card)),
    "later": lambda o: _("keep the events for later"),
    "no_strike": lambda o: _("nothing worth striking"),
    "best_for": lambda o, target, card: _("{target}: the best choice for {event}", target=o.board.place_name(target),
                                          event=_event(o, card)),
    "buy": lambda o: _("buy back a defeated army"),
    "trade": lambda o: _("trade a fleet for a coin"),
    "worth": lambda o, action, value: _("{action}: worth {value}", action=action_words(o, action),
                                        value=num(value, 1)),
    "fort": lambda o, land: _("fort {land}: guard what scores", land=o.board.place_name(land)),
    "end": lambda o: _("end the turn"),
}
