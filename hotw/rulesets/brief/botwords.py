"""An action as a Brief player would say it, for a bot's reason ("expand into Zagros: worth about 4.7 gold").

The teaching UI shows a bot's reason beside the map ("Why the computer played that"): lands, areas and cards by
their names, in the reader's language, never their ids. ``BriefBot.explain`` says it when asked.
"""

from __future__ import annotations

from typing import Any, Callable

from hotw.actions import Action
from hotw.i18n import Domain, Msg

_ = Domain("brief")


def _card(cards: Any, cid: str) -> Any:
    return cards[cid].name if cid in cards else cid


#: the actions on a land (or a sea), each as a sentence about it
_LANDS: dict[str, Callable[[Any], Msg]] = {
    "expand": lambda land: _("expand into {land}", land=land),
    "invade": lambda land: _("invade {land}", land=land),
    "overrun": lambda land: _("overrun {land}", land=land),
    "surrender": lambda land: _("take the surrender of {land}", land=land),
    "monument": lambda land: _("build a monument in {land}", land=land),
    "fort": lambda land: _("build a fort in {land}", land=land),
    "start": lambda land: _("start in {land}", land=land),
    "target": lambda land: _("rise in {land}", land=land),
    "fleet": lambda sea: _("place a fleet in the {sea}", sea=sea),
}


def action_words(obs: Any, action: Action) -> Any:
    """``action`` in words: "expand into Zagros", "take the Romans", "play Leader", "Bonus token 4"."""
    k, t = action.kind, action.target
    content = obs.content
    if k == "empire":
        return _("take the {empire} card", empire=_card(content.empires, t))
    if k == "event":
        return _("take {card}", card=_card(content.events, t))
    if k == "play":
        return _("play {card}", card=_card(content.events, t))
    if k == "discard":
        return _("discard {card}", card=_card(content.events, t))
    if k == "first":
        return _("look at the empire cards first") if t == "empire" else _("look at the event cards first")
    if k == "bonus":
        return _("take Bonus token {value}", value=t)
    if k == "area":
        return obs.board.place_name(t)
    if k in _LANDS:
        return _LANDS[k](obs.board.place_name(t))
    words = {"establish": _("establish the empire"), "end_turn": _("end the turn"),
             "continue": _("continue the invasion"), "abandon": _("abandon the invasion"),
             "stop": _("stop overrunning"), "no_monument": _("build no monument")}
    return words.get(k, action.text())
