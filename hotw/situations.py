"""Build rule situations: a game stopped at the start of a chosen empire's turn.

Used by the rule tests and the tutorial, so both show the rules the engine plays.
Situations are built the way a teacher sets up a table: deal the cards so the
chosen empire plays first, then lay extra armies and structures on the board.
"""

from __future__ import annotations

from typing import Callable

import hotw
from hotw.actions import Action
from hotw.rulesets.hotw2018 import Hotw2018Game

Prepare = Callable[[Hotw2018Game], None]


def new(n_players: int = 3, seed: int = 0) -> Hotw2018Game:
    """A game with chance under the test's control (no automatic dice)."""
    game = hotw.new_game("hotw2018", [f"P{i}" for i in range(n_players)], seed, auto_chance=False)
    assert isinstance(game, Hotw2018Game)
    for p in range(n_players):  # P0 on space 1 (fewest points), P1 on 2, ...
        game.apply(Action("draw", str(p)))
    return game


def jump_to_epoch(game: Hotw2018Game, epoch: int) -> None:
    """Start the card draw of ``epoch`` directly, with the region tokens of epochs up to it."""
    if game.phase != "trim_empires":
        raise ValueError("jump_to_epoch works only before the first card draw")
    for e in range(game.epoch + 1, epoch + 1):
        for tok in game.content.tokens_of_epoch(e):
            game.region_values[tok.region] = tuple(tok.values)
    game.epoch = epoch


def turn_of(
    empire: str,
    *,
    n_players: int = 3,
    event: str | None = None,
    prepare: Prepare | None = None,
    seed: int = 0,
) -> Hotw2018Game:
    """A game where P0 holds ``empire`` (first to play) and ``event``; stopped at P0's first decision.

    ``prepare`` runs just before the empire's turn begins, to lay out the board.
    """
    game = new(n_players, seed)
    if empire not in game.content.empires:
        empire = card_id(game, empire)
    if event is not None and event not in game.content.events:
        event = card_id(game, event)
    card = game.content.empires[empire]
    if card.epoch != game.epoch:
        jump_to_epoch(game, card.epoch)
    epoch_cards = game.content.empires_of_epoch(card.epoch)
    others = [c.id for c in epoch_cards if c.order > card.order] + [
        c.id for c in reversed(epoch_cards) if c.order < card.order
    ]
    for c in [empire] + others[: n_players - 1]:
        game.apply(Action("draw", c))
    events = [c.id for c in game.content.events_of_epoch(card.epoch)]
    if event is not None:
        ev = game.content.events[event]
        if ev.epoch != card.epoch:  # a saved card from an earlier epoch: put it in P0's hand
            game.hands[0].append(event)
            event = None
    drawn = ([event] if event else []) + [c for c in events if c != event][: n_players - (1 if event else 0)]
    for c in drawn:
        game.apply(Action("draw", c))
    others = [c for c in drawn if c != event]
    while game.phase == "draft":
        d = game.decision
        if d.step == "pick_empire":
            choice = empire if d.player == 0 else next(a.target for a in game.legal_actions() if a.target != empire)
        else:
            legal = [a.target for a in game.legal_actions()]
            choice = next((c for c in legal if c in others and c != event), legal[0])
            if d.player == 0 and event in legal:
                choice = event
        if prepare is not None and _last_choice(game):
            prepare(game)
            prepare = None
        game.apply(Action(d.step, choice))
    if prepare is not None:
        prepare(game)
    # Empires called before ours pass their turn quietly.
    while game.call_order[game.turn] != empire:
        step = game.decision.step
        if step == "kingdom":
            game.apply(Action("skip_kingdom"))
        elif step == "score_tie":
            game.apply(Action("score_tie", "forward"))
        elif step == "invade":
            game.apply(Action("end_invasions"))
        else:
            raise RuntimeError(f"unexpected step {step} before {empire}'s turn")
    return game


def _last_choice(game: Hotw2018Game) -> bool:
    """True if the pick about to be made is the last one a player decides (later ones are forced)."""
    return game.draft_step == 2 * game.n - 3


def card_id(game: Hotw2018Game, name: str) -> str:
    """The id of the empire or event card called ``name``."""
    for table in (game.content.empires, game.content.events):
        for cid, c in table.items():
            if c.name == name:
                return cid
    raise ValueError(f"no card called {name!r}")


def place(game: Hotw2018Game, land: str, player: int) -> None:
    """Put a resigned army of ``player`` on ``land`` (from their supply)."""
    if land in game.owner:
        raise ValueError(f"{land} already holds an army")
    game.supply[player] -= 1
    game.owner[land] = player


def foothold_next_to(game: Hotw2018Game, target: str) -> str:
    """Give the acting empire an active army on a land next to ``target``; returns that land."""
    a = game.actor
    if a is None:
        raise ValueError("no empire is playing now")
    for land in sorted(game.board.neighbours(target)):
        if game.board.spaces[land].kind == "land" and land not in game.owner:
            game.supply[a.player] -= 1
            game.owner[land] = a.player
            a.active.add(land)
            return land
    raise ValueError(f"no free land next to {target}")


def first_land(game: Hotw2018Game, want: Callable[..., bool]) -> str:
    """The first free land (by id) whose Space satisfies ``want``."""
    return next(t for t in sorted(game.board.lands()) if t not in game.owner and want(game.board.spaces[t]))


def roll(game: Hotw2018Game, *dice: int) -> None:
    """Apply dice outcomes in order (invader dice first, then defender, then any reroll)."""
    for d in dice:
        game.apply(Action("roll", str(d)))


def act(game: Hotw2018Game, text: str) -> None:
    """Apply an action given as text, e.g. ``invade:nile_delta``."""
    game.apply(Action.parse(text))
