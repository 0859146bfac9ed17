"""A table's game as one page or the bot host holds it: rebuilt from the store's log and kept up to date.

``LiveGame`` replays the stored history (with ``auto_chance`` off, so the stored
dice and card draws are played as recorded) and catches up with new actions as
they arrive. A move is checked against the game first (an illegal one raises
IllegalActionError and changes nothing), then the move and the chance outcomes it
triggers are appended to the store as one batch, only if the history is still as
long as the screen showed; otherwise StaleMoveError, and the local game goes back
to what the store holds.
"""

from __future__ import annotations

from typing import Any

from hotw.actions import Action
from hotw.classroom.store import GameStore, TableRecord
from hotw.errors import IllegalActionError
from hotw.game import Game
from hotw.i18n import Domain

_ = Domain("hotw")

__all__ = ["LiveGame", "new_table"]


def _fresh(record: TableRecord) -> Game:
    from hotw.rulesets import get_ruleset

    return get_ruleset(record.ruleset).new_game(list(record.players), record.seed, auto_chance=False,
                                                options=record.options)


def new_table(store: GameStore, name: str, players: list[str], seed: int | str = 0, ruleset: str | None = None,
              options: dict[str, Any] | None = None) -> str:
    """Open a table of ``ruleset`` (``hotw.new_game``'s default if None) for ``players``, checked by the engine; its id."""
    import hotw

    which = {} if ruleset is None else {"ruleset": ruleset}
    game = hotw.new_game(**which, players=list(players), seed=seed, options=options)
    return store.create_table(name, game.ruleset.name, list(game.players), game.seed, dict(game.options),
                              [a.text() for a in game.history])


class LiveGame:
    """The game of table ``table_id``, replayed from ``store`` and kept up to date by :meth:`catch_up`."""

    def __init__(self, store: GameStore, table_id: str) -> None:
        self.store = store
        self.table_id = table_id
        self.record = store.table(table_id)
        self.game = _fresh(self.record)
        self.state = self.record.state
        self.revision = -1
        self.catch_up()

    @property
    def length(self) -> int:
        """Actions in the local game's history."""
        return len(self.game.history)

    def catch_up(self) -> bool:
        """Play the actions the store has and this game has not yet; True if anything changed."""
        status = self.store.status(self.table_id)
        changed = status.state != self.state or status.revision != self.revision
        self.state, self.revision = status.state, status.revision
        if status.length == self.length:
            return changed
        if status.length < self.length:  # the store never shrinks: this copy went ahead of it
            self.reload()
            return True
        for text in self.store.actions(self.table_id, self.length):
            self.game.apply(Action.parse(text))
        return True

    def reload(self) -> None:
        """Rebuild the game from the store's whole log."""
        game = _fresh(self.record)
        for text in self.store.actions(self.table_id):
            game.apply(Action.parse(text))
        self.game = game

    def move(self, seat: int, action: Action | str, expected: int | None = None) -> int:
        """Play ``action`` for ``seat`` on the game of ``expected`` actions (the one shown); the new length.

        Refused, with nothing changed: StaleMoveError if the game has moved on, is paused
        or has ended; IllegalActionError if it is not this seat's turn or the move is illegal.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        self.catch_up()
        shown = self.length if expected is None else expected
        if self.state != "playing" or shown != self.length:
            raise self.store.stale_error(self.store.status(self.table_id), shown)
        game = self.game
        if game.is_over:
            raise IllegalActionError(_("The game is over: no more moves can be made."))
        player = game.decision.player
        if player != seat:
            who = _("chance") if player < 0 else game.players[player]
            raise IllegalActionError(_("It is not your turn: {player} decides now ({prompt})", player=who,
                                       prompt=game.decision.prompt))
        game.apply(action)  # IllegalActionError here changes nothing
        game.set_auto_chance(True)  # the dice and draws this move calls for, from the game's seed
        game.auto_chance = False
        batch = [a.text() for a in game.history[shown:]]
        try:
            return self.store.append(self.table_id, shown, batch, seat)
        except BaseException:  # refused (StaleMoveError) or failed: this copy goes back to what the store holds
            self.reload()
            raise
