"""Actions: small immutable values that record a player's intent or a chance outcome."""

from __future__ import annotations

from dataclasses import dataclass

from hotw.errors import IllegalActionError
from hotw.files import quote
from hotw.i18n import Domain

_ = Domain("hotw")

#: Action kinds decided by chance rather than by a player.
CHANCE_KINDS = frozenset({"roll", "draw"})


@dataclass(frozen=True, order=True)
class Action:
    """One decision: ``kind`` (e.g. ``invade``) and an optional ``target`` (e.g. ``nile_delta``).

    >>> Action.parse("invade:nile_delta")
    Action(kind='invade', target='nile_delta')
    >>> Action("siege").text()
    'siege'
    """

    kind: str
    target: str = ""

    def __post_init__(self) -> None:
        if type(self.kind) is not str or type(self.target) is not str:  # noqa: E721 - exact and fast
            raise IllegalActionError(_("an action's kind and target must be texts, not {kind} and {target}",
                                       kind=quote(self.kind, 30), target=quote(self.target, 30)))

    def text(self) -> str:
        """The compact text form used in save files: ``kind`` or ``kind:target``."""
        return f"{self.kind}:{self.target}" if self.target else self.kind

    def __str__(self) -> str:
        return self.text()

    @property
    def is_chance(self) -> bool:
        """True for outcomes of chance (dice rolls, card draws)."""
        return self.kind in CHANCE_KINDS

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read the text form back; raises IllegalActionError on malformed text."""
        if not isinstance(text, str) or not text or len(text) > 200:
            raise IllegalActionError(_("{value} is not an action", value=quote(text)))
        kind, _sep, target = text.partition(":")
        if not kind.replace("_", "").isalnum() or (target and not target.replace("_", "").isalnum()):
            raise IllegalActionError(_("{value} is not an action", value=quote(text)))
        return cls(kind, target)


class ActionsOf(dict):  # type: ignore[type-arg]
    """Target -> ``Action(kind, target)``, each made once: actions are immutable values, and a list of
    legal actions is made again at every decision (``list(map(made.__getitem__, targets))`` runs at C speed).

    >>> invade = ActionsOf("invade")
    >>> invade["gaul"] is invade["gaul"], invade["gaul"].text()
    (True, 'invade:gaul')
    """

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, target: str) -> Action:
        action = self[target] = Action(self.kind, target)
        return action
