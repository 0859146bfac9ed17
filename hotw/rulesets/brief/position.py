"""A *Brief History* position set up by hand, kept in the game's history as the ``position`` rule option.

A position is plain data, so a game set up from it saves, loads, undoes, replays
and runs as a what-if exactly like any other game. Colours are numbered as the
gold markers (0 orange, 1 blue, 2 green, ...); in a two-player game colours 0 and
2 are the first player's, 1 and 3 the second's::

    {
      "epoch": 3,
      "turn": ["romans", 0],                  # the empire about to play, and its colour
      "empires": {"2": "huns"},               # other empire cards held this epoch: colour -> card
      "gold": [10, 20, 30],                   # the gold track, one space per colour
      "armies": {"balkans": 1},               # resigned armies: land -> colour
      "structures": {"levant": "capital"},    # land -> capital or city
      "monuments": ["nile_delta"], "forts": ["pindus"],
      "hands": {"0": ["leader"]},             # event cards held: colour -> card ids
      "bonus": {"1": [5]},                    # Bonus tokens held face down: colour -> values
      "active": ["dalmatia"],                 # standing armies of the acting empire, besides its start-land
      "array": 6, "dial": 2,                  # armies on its Array, its Invasion dial
      "fleets": ["black_sea"]                 # fleets besides those on its card
    }

Only ``epoch`` and ``turn`` are needed. The game opens at the start of the
``turn`` empire's turn, before it is established (red event cards may still be
played), with the Area values of every epoch up to ``epoch`` laid. When the empire
is established (as printed: Array filled, start-land cleared, capital and fleets),
its ``active`` lands are taken from the Array (then the supply), the Array is set
to ``array``, the dial to ``dial`` and the ``fleets`` added. The resource symbols
of those lands count towards monuments as already built on. ``"stage":
"epoch_end"`` (without ``turn``) opens instead at the end of the epoch, every
empire called: the stacks on the gold track are undone and Bonus tokens handed out.

Every problem is an :class:`~hotw.errors.OptionError` whose one-line message names
the field and the land, card or colour (``position.armies.sahara: Sahara is barren
land; no army or piece may stand there``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from hotw.errors import OptionError
from hotw.i18n import Domain, Msg, joined, plural_name
from hotw.options import quoted
from hotw.positioncheck import check_epoch, spaces, whole
from hotw.rulesets.brief.pieces import COLOURS

_ = Domain("brief")
_n = _.plural

__all__ = ["FIELDS", "check_position", "check_position_option", "check_table", "set_up", "take_force"]

FIELDS = ("epoch", "stage", "turn", "empires", "gold", "armies", "structures", "monuments", "forts", "hands",
          "bonus", "active", "array", "dial", "fleets")
"""The fields a position may have."""

#: Fields that describe the acting empire once established (not at the end of an epoch).
FORCE_FIELDS = ("active", "array", "dial", "fleets")
_NC = len(COLOURS)


def fail(where: str, message: Msg) -> OptionError:
    """The one-line error of a position: ``position.<where>: <message>``, a sentence the game can say in any
    language (as :func:`hotw.positioncheck.fail`, whose text it keeps)."""
    field = f"position.{where}" if where else "position"
    # TRANSLATORS: a position's field ("position.armies.sahara") and what is wrong with it
    return OptionError(_("{field}: {reason}", field=field, reason=message), field=field, reason=message)


def _colour(where: str, key: Any) -> int:
    """A colour given as an object key ("0") or a number."""
    if isinstance(key, str) and key.isdigit() and int(key) < _NC:
        return int(key)
    if whole(key, 0, _NC - 1):
        return int(key)
    raise fail(where, _("{value} is not a colour; colours are numbered 0 ({first}) to {last}", value=quoted(key),
                        first=COLOURS[0], last=_NC - 1))


def _land(board: Any, where: str, land: Any) -> str:
    """``land`` if an army or piece may stand on it; OptionError naming it otherwise."""
    if not isinstance(land, str) or land not in board.spaces:
        if isinstance(land, str):
            try:
                found = board.resolve(land)
            except Exception:  # noqa: BLE001 - any unknown name: no hint
                found = None
            if found is not None:
                raise fail(where, _("{value} is not a land id of the board; write its id '{id}' ({land})",
                                    value=quoted(land), id=found, land=board.spaces[found].name))
        raise fail(where, _("{value} is not a land id of the board", value=quoted(land)))
    space = board.spaces[land]
    if space.kind == "barren":
        raise fail(where, _("{land} is barren land; no army or piece may stand there", land=space.name))
    if space.kind != "land":
        raise fail(where, _("{land} is water; armies and pieces stand on lands", land=space.name))
    return land


def _lands(board: Any, data: Mapping[str, Any], key: str, what: str) -> list[str]:
    return spaces(board, data, key, what, check=_land, listing="land ids")


def _mapping(data: Mapping[str, Any], key: str, what: Msg) -> Mapping[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise fail(key, _("must be an object: {what}", what=what))
    return value


def _empire(content: Any, where: str, card: Any, epoch: int) -> Any:
    found = content.empires.get(card) if isinstance(card, str) else None
    if found is None:
        raise fail(where, _("there is no empire card {value}", value=quoted(card)))
    if found.epoch != epoch:
        raise fail(where, _("the {empire} card belongs to Epoch {epoch}, not Epoch {other}", empire=found.name,
                            epoch=found.epoch, other=epoch))
    return found


def _check_empires(data: Mapping[str, Any], content: Any, epoch: int) -> None:
    stage = data.get("stage", "turn")
    if stage not in ("turn", "epoch_end"):
        raise fail("stage", _("must be 'turn' or 'epoch_end', not {value}", value=quoted(stage)))
    if stage == "epoch_end":
        for key in ("turn", "empires") + FORCE_FIELDS:
            if key in data:
                raise fail(key, _("has no place at the end of an epoch (every empire has been called)"))
        return
    turn = data.get("turn")
    if turn is None:
        raise fail("turn", _("is needed: [the empire about to play, its colour]"))
    if not (isinstance(turn, list) and len(turn) == 2):
        raise fail("turn", _("must be [empire card id, colour], not {value}", value=quoted(turn)))
    card = _empire(content, "turn", turn[0], epoch)
    colour = _colour("turn", turn[1])
    held = {card.id: colour}
    for key, other in _mapping(data, "empires", _("colour -> empire card id")).items():
        c = _colour(f"empires.{str(key)[:10]}", key)
        found = _empire(content, f"empires.{c}", other, epoch)
        if c == colour:
            raise fail(f"empires.{c}", _("colour {colour} already plays the {empire} ('turn')", colour=c,
                                         empire=card.name))
        if found.id in held:
            raise fail(f"empires.{c}", _("the {empire} card is held by colour {colour} already", empire=found.name,
                                         colour=held[found.id]))
        held[found.id] = c
    if "array" in data and not whole(data["array"], 0, 100):
        raise fail("array", _("must be a number of armies from 0 to 100, not {value}", value=quoted(data["array"])))
    if "dial" in data and not whole(data["dial"], 0, 6):
        raise fail("dial", _("must be a dial setting from 0 to 6, not {value}", value=quoted(data["dial"])))



def _check_pieces(data: Mapping[str, Any], board: Any) -> None:
    armies = _mapping(data, "armies", _("land id -> colour"))
    for land, colour in armies.items():
        _land(board, f"armies.{str(land)[:40]}", land)
        if not whole(colour, 0, _NC - 1):
            raise fail(f"armies.{land}", _("must be a colour from 0 to {last}, not {value}", last=_NC - 1,
                                           value=quoted(colour)))
    for land in _lands(board, data, "active", "standing army"):
        if land in armies:
            raise fail("active", _("{land} already holds a resigned army in 'armies'", land=board.spaces[land].name))
    structures = _mapping(data, "structures", _("land id -> capital or city"))
    for land, kind in structures.items():
        _land(board, f"structures.{str(land)[:40]}", land)
        if kind not in ("capital", "city"):
            raise fail(f"structures.{land}", _("must be 'capital' or 'city', not {value}", value=quoted(kind)))
    _lands(board, data, "monuments", "monument")
    _lands(board, data, "forts", "fort")
    fleets = data.get("fleets", [])
    if not isinstance(fleets, list):
        raise fail("fleets", _("must be a list of sea or ocean ids"))
    for water in fleets:
        space = board.spaces.get(water) if isinstance(water, str) else None
        if space is None or space.kind not in ("sea", "ocean"):
            raise fail("fleets", _("{value} is not a sea or ocean of the board; fleets stand on water",
                                   value=quoted(water)))
    if len(set(fleets)) != len(fleets):
        raise fail("fleets", _("a sea or ocean is listed twice"))


def _check_cards(data: Mapping[str, Any], content: Any, epoch: int) -> None:
    seen: dict[str, int] = {}
    for key, cards in _mapping(data, "hands", _("colour -> event card ids")).items():
        c = _colour(f"hands.{str(key)[:10]}", key)
        if not isinstance(cards, list):
            raise fail(f"hands.{c}", _("must be a list of event card ids"))
        for card in cards:
            ev = content.events.get(card) if isinstance(card, str) else None
            if ev is None:
                raise fail(f"hands.{c}", _("there is no event card {value}", value=quoted(card)))
            if card in content.starting:
                if cards.count(card) > 1:
                    raise fail(f"hands.{c}", _("a colour has one {card} card, not {count}", card=ev.name,
                                               count=cards.count(card)))
                continue
            if ev.epoch > epoch:
                raise fail(f"hands.{c}", _("{card} belongs to Epoch {epoch}; it is not dealt before then", card=ev.name,
                                           epoch=ev.epoch))
            if ev.colour == "red" and ev.epoch < epoch:
                raise fail(f"hands.{c}", _("{card} shows a red Epoch {epoch}: it is played or discarded in that epoch, "
                                           "never held later", card=ev.name, epoch=ev.epoch))
            if card in seen:
                raise fail(f"hands.{c}", _("{card} is held by colour {colour} already (one card of each)", card=ev.name,
                                           colour=seen[card]))
            seen[card] = c
    pool = Counter(content.bonus)
    held: Counter[int] = Counter()
    for key, values in _mapping(data, "bonus", _("colour -> Bonus token values")).items():
        c = _colour(f"bonus.{str(key)[:10]}", key)
        if not isinstance(values, list) or not all(whole(v, 0, 99) for v in values):
            raise fail(f"bonus.{c}", _("must be a list of Bonus token values"))
        held.update(values)
        for v in values:
            if held[v] > pool[v]:
                raise fail(f"bonus.{c}", _n("there is {n} Bonus token of {value}, not {held}",
                                            "there are {n} Bonus tokens of {value}, not {held}", pool[v], value=v,
                                            held=held[v]))
    if sum(held.values()) > 3 * (epoch - 1):
        raise fail("bonus", _("{held} Bonus tokens are held, but only {n} are handed out before Epoch {epoch}",
                              held=sum(held.values()), n=3 * (epoch - 1), epoch=epoch))


def check_position(data: Any, board: Any, content: Any, epochs: int = 6) -> dict[str, Any]:
    """``data`` checked as a position on ``board`` with ``content``; returned as given (OptionError otherwise).

    What depends on the table (colours, armies per colour, the boxes, the dial) is checked
    by :func:`check_table` when the game is made.
    """
    epoch = check_epoch(data, FIELDS, epochs)
    _check_empires(data, content, epoch)
    _check_pieces(data, board)
    _check_cards(data, content, epoch)
    gold = data.get("gold")
    if gold is not None and (not isinstance(gold, list) or not all(whole(v, 0, 999) for v in gold)):
        raise fail("gold", _("must be one space of the gold track per colour (0-999)"))
    return dict(data)


def _colours_named(position: Mapping[str, Any]) -> list[tuple[str, int]]:
    turn = position.get("turn")
    named = [("turn", _colour("turn", turn[1]))] if turn else []
    named += [(f"empires.{k}", _colour("empires", k)) for k in position.get("empires", {})]
    named += [(f"armies.{land}", c) for land, c in position.get("armies", {}).items()]
    for key in ("hands", "bonus"):
        named += [(f"{key}.{k}", _colour(key, k)) for k in position.get(key, {})]
    return named


def check_table(position: Mapping[str, Any], game: Any) -> None:
    """What a position asks of the table: its colours exist, no colour over its armies, the boxes and the dial."""
    nc, board = game.nc, game.board
    for where, colour in _colours_named(position):
        if colour >= nc:
            raise fail(where, _("names colour {colour}, but this table plays colours 0 to {last}", colour=colour,
                                last=nc - 1))
    gold = position.get("gold")
    if gold is not None and len(gold) != nc:
        raise fail("gold", _("needs one space per colour ({colours}), not {count}", colours=nc, count=len(gold)))
    armies = int(game.opts["player_armies"])
    turn = position.get("turn")
    for colour in range(nc):
        count = sum(1 for c in position.get("armies", {}).values() if c == colour)
        if turn and _colour("turn", turn[1]) == colour:
            count += 1 + len(position.get("active", [])) + int(position.get("array", 0))
        if count > armies:
            raise fail("armies", _("{player} ({colour}) would have {count} armies; a colour has {armies}",
                                   player=game.who(colour), colour=COLOURS[colour], count=count, armies=armies))
    for key, box in (("monuments", "monuments"), ("forts", "forts")):
        if len(position.get(key, [])) > int(game.opts[box]):
            message = (_("the box has {box} monuments, not {count}", box=game.opts[box], count=len(position[key]))
                       if key == "monuments" else
                       _("the box has {box} forts, not {count}", box=game.opts[box], count=len(position[key])))
            raise fail(key, message)
    if int(position.get("dial", 0)) > int(game.opts["dial_max"]):
        raise fail("dial", _("the Invasion dial goes up to {high}, not {value}", high=game.opts["dial_max"],
                             value=position["dial"]))
    if turn:
        start = game.content.empires[turn[0]].parts[0].start
        if start in position.get("active", []):
            land, empire = board.spaces[start].name, game.content.empires[turn[0]].name
            raise fail("active", _("{land} is the {empire}' start-land: their first army stands there anyway",
                                   land=land, empire=empire) if str(empire).endswith("s") else
                       _("{land} is {empire}'s start-land: its first army stands there anyway", land=land,
                         empire=empire))


def check_position_shape(data: Any) -> dict[str, Any]:
    """The ``position`` option checked against the Brief map and cards."""
    from hotw.rulesets.brief.boardmap import brief_board
    from hotw.rulesets.brief.cardcheck import load_content

    board = brief_board()
    return check_position(data, board, load_content(board))


def check_position_option(data: Any) -> dict[str, Any]:
    """The ``position`` rule option: ``{}`` (no position: the game starts with the lots) or a position."""
    if isinstance(data, Mapping) and not data:
        return {}
    return check_position_shape(data)


def set_up(game: Any, position: Mapping[str, Any]) -> None:
    """Lay ``position`` out on a game just made (its state as ``_setup`` left it); the flow opens at its turn."""
    check_position(position, game.board, game.content)
    check_table(position, game)
    epoch = position["epoch"]
    game.epoch = epoch
    game.first_lot = 0
    for area in game.content.spiral():
        for e in range(epoch):
            value = game.content.areas[area].values[e]
            if value is not None:
                game.area_values[area] = value
    for colour, gold in enumerate(position.get("gold") or range(1, game.nc + 1)):
        game.track.set(colour, gold)
    for land, colour in position.get("armies", {}).items():
        game.owner[land] = colour
        game.supply[colour] -= 1
    game.structures.update(position.get("structures", {}))
    game.monuments.update(position.get("monuments", []))
    game.forts.update(position.get("forts", []))
    for key, cards in position.get("hands", {}).items():
        game.hands[int(key)] = list(cards)
    for key, values in position.get("bonus", {}).items():
        game.bonus_held[int(key)] = list(values)
        for v in values:
            game.bonus_pool.remove(v)
    game.empire_of = [None] * game.nc
    if position.get("stage") == "epoch_end":
        game.call_index = len(game.content.epoch_empires(epoch))
        game.phase = "epoch_end"
        game.say(_("a position set up by hand: the end of the epoch"))
        return
    card, colour = position["turn"][0], int(position["turn"][1])
    game.empire_of[colour] = card
    for key, other in position.get("empires", {}).items():
        game.empire_of[int(key)] = other
    game.dealt_empires = [c for c in game.empire_of if c]
    game.position_force = {k: position[k] for k in FORCE_FIELDS if k in position}
    game.call_index = game.content.epoch_empires(epoch).index(card)
    game.part = 0
    name = game.content.empires[card].name
    game.say(_("a position set up by hand: the {empire} to play", empire=name) if plural_name(name) else
             _("a position set up by hand: {empire} to play", empire=name))
    game.begin_turn(colour)


def take_force(game: Any, force: Any) -> None:
    """The position's ``active`` lands, ``array``, ``dial`` and ``fleets``, once its empire is established."""
    pending, game.position_force = game.position_force, {}
    colour = force.colour
    for land in pending.get("active", []):
        if force.array:
            force.array -= 1
        else:
            game.supply[colour] -= 1
        game.owner[land] = colour
        game.standing.add(land)
        force.active.add(land)
        force.resources += game.board.spaces[land].resources
    force.monuments_earned = max(force.monuments_earned, force.resources // 2)
    if "array" in pending:
        game.supply[colour] += force.array - int(pending["array"])
        force.array = int(pending["array"])
    force.dial = int(pending.get("dial", force.dial))
    for water in pending.get("fleets", []):
        reach = {water}
        if game.board.spaces[water].kind == "ocean":
            reach |= {s for s in game.board.spaces[water].adjacent if game.board.spaces[s].kind == "sea"}
        force.waters |= reach
        force.atlantic -= reach  # a fleet of its own there: not the Vikings' one crossing
    said = []
    if pending.get("active"):
        said.append(_("standing armies also in {lands}", lands=joined(game.name(land) for land in pending["active"])))
    if "array" in pending:
        said.append(_n("{n} army on the Array", "{n} armies on the Array", force.array))
    if "dial" in pending:
        said.append(_("the Invasion dial at +{dial}", dial=force.dial))
    if pending.get("fleets"):
        said.append(_("fleets also on {waters}", waters=joined(game.name(w) for w in pending["fleets"])))
    if said:
        game.say(_("as the position has it: {facts}", facts=joined(said, "; ")))
