"""A Heroes of the World position set up by hand: the lesson builder's start, kept in the game's history.

A position is plain data, the ``position`` rule option, so a game set up from it
saves, loads, undoes, replays and runs as a what-if like any other game::

    {
      "era": 1,                                  # 1 antiquity, 2 the modern age
      "turn": 0,                                 # the seat whose turn begins
      "step": "choose",                          # or "play": the hero is already taken, the seat plays one
      "scores": [4, 0, 2], "coins": [3, 1, 0],   # civilization points and coins of each seat
      "figures": {"china": [2, 0, 1]},           # area -> figures of each seat
      "boxes": {"china": ["paper"]},             # area -> progress tiles in its boxes, in the order placed
      "hands": {"0": ["confucius"]},             # hero cards held: seat -> hero ids of the era
      "display": ["ashoka"],                     # the face-up heroes (at most three)
      "played": {"1": ["hammurabi"]},            # heroes each seat has played
      "wonders": {"parthenon": 1},               # wonders built: wonder -> seat
      "used": [],                                # wonders whose ability was used this era
      "valued": []                               # areas valued this era, in order
    }

Only ``era`` and ``turn`` are needed. The era's start figures are not placed and no
hero is dealt: the position says where every figure and card is; the era's hero
cards nobody holds are the deck, its progress tiles in no box are the bag. Every
problem is an :class:`~hotw.errors.OptionError` of one line naming the field and the
area or card (``position.figures.europe: Europe is an area of the modern age, not
open in antiquity``).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping

from hotw.i18n import Domain
from hotw.options import quoted
from hotw.positioncheck import check_fields, check_scores, check_seats, fail, seat_lists, space, whole
from hotw.rulesets.heroes.cards import BOX_COUNT, ERAS

if TYPE_CHECKING:
    from hotw.board import Board
    from hotw.rulesets.heroes.cards import Content
    from hotw.rulesets.heroes.game import HeroesGame

__all__ = ["FIELDS", "STEPS", "check_position", "check_position_option", "check_table", "set_up"]

FIELDS = ("era", "turn", "step", "scores", "coins", "figures", "boxes", "hands", "display", "played", "wonders",
          "used", "valued")
"""The fields a position may have."""

STEPS = ("choose", "play")
"""Where the turn starts: choosing a hero (take a face-up one or draw), or playing one already held."""

AREA = ("area",)
_ = Domain("heroes")


def _area(board: "Board", where: str, area: Any, era: int) -> str:
    """``area`` if it is an area open in ``era`` (antiquity: the beige ones)."""
    space(board, where, area, AREA)
    s = board.spaces[area]
    if era == 1 and s.era != ERAS[0]:
        raise fail(where, _("{area} is an area of the modern age, not open in antiquity", area=s.name))
    return area


def _hero(content: "Content", where: str, hero: Any, era: int, *, this_era: bool) -> str:
    card = content.heroes.get(hero) if isinstance(hero, str) else None
    if card is None:
        raise fail(where, _("there is no hero card {hero}", hero=quoted(hero)))
    number = ERAS.index(card.era) + 1
    if number > era or (this_era and number != era):
        if number == 1:
            raise fail(where, _("{hero} is a hero of antiquity, not held in the modern age", hero=card.name))
        raise fail(where, _("{hero} is a hero of the modern age, not held in antiquity", hero=card.name))
    return hero


def check_position(data: Any, board: "Board", content: "Content") -> dict[str, Any]:
    """``data`` checked as a Heroes position on ``board`` with ``content``; returned as a dict (OptionError else).

    What depends on the table (seats, figures per colour, the coins in the box, the
    era's valuations) is checked by :func:`check_table`.
    """
    check_fields(data, FIELDS, ("era", "turn"))
    era = data["era"]
    if not whole(era, 1, len(ERAS)):
        raise fail("era", _("must be 1 (antiquity) or 2 (the modern age), not {value}", value=quoted(era)))
    if not whole(data["turn"], 0, 5):
        raise fail("turn", _("must be the seat whose turn begins, not {value}", value=quoted(data["turn"])))
    if data.get("step", "choose") not in STEPS:
        raise fail("step", _("must be 'choose' or 'play', not {value}", value=quoted(data.get("step"))))
    check_scores(data.get("scores"))
    coins = data.get("coins")
    if coins is not None and (not isinstance(coins, list) or not all(whole(c, 0, 99) for c in coins)):
        raise fail("coins", _("must be a list of whole numbers of coins, one per seat"))
    figures = data.get("figures", {})
    if not isinstance(figures, Mapping):
        raise fail("figures", _("must be an object: area -> figures of each seat"))
    for area, counts in figures.items():
        _area(board, f"figures.{area}", area, era)
        if not isinstance(counts, list) or not all(whole(c, 0, 130) for c in counts):
            raise fail(f"figures.{area}", _("must be a list of figures, one count per seat"))
    boxes = data.get("boxes", {})
    if not isinstance(boxes, Mapping):
        raise fail("boxes", _("must be an object: area -> progress tiles"))
    placed: set[str] = set()
    for area, tiles in boxes.items():
        _area(board, f"boxes.{area}", area, era)
        name = board.spaces[area].name
        if not isinstance(tiles, list):
            raise fail(f"boxes.{area}", _("must be a list of progress tiles"))
        capacity = BOX_COUNT[board.spaces[area].era or ERAS[1]]
        if len(tiles) > capacity:
            raise fail(f"boxes.{area}", _("{area} has {boxes} progress boxes, not {n}",
                                          area=name, boxes=capacity, n=len(tiles)))
        old = 0
        for tile in tiles:
            card = content.progress.get(tile) if isinstance(tile, str) else None
            if card is None:
                raise fail(f"boxes.{area}", _("there is no progress tile {tile}", tile=quoted(tile)))
            if tile in placed:
                raise fail(f"boxes.{area}", _("{tile} is placed twice (each tile once)", tile=card.name))
            placed.add(tile)
            number = ERAS.index(card.era) + 1
            if number > era:
                raise fail(f"boxes.{area}", _("{tile} is a progress tile of the modern age, not in antiquity",
                                              tile=card.name))
            old += number < era
        if old > 1:
            raise fail(f"boxes.{area}", _("{area} keeps one progress tile of antiquity in the modern age, not {n}",
                                          area=name, n=old))
    where: dict[str, str] = {}

    def once(hero: str, field: str) -> None:
        if hero in where:
            raise fail(field, _("{hero} is in '{field}' already (each card once)",
                                hero=content.heroes[hero].name, field=where[hero]))
        where[hero] = field.split(".")[0]

    for seat, heroes in seat_lists(data, "hands", "hero card ids").items():
        for hero in heroes:
            once(_hero(content, f"hands.{seat}", hero, era, this_era=True), f"hands.{seat}")
    display = data.get("display", [])
    if not isinstance(display, list) or len(display) > 3:
        raise fail("display", _("must be a list of at most three face-up heroes"))
    for hero in display:
        once(_hero(content, "display", hero, era, this_era=True), "display")
    for seat, heroes in seat_lists(data, "played", "hero card ids").items():
        for hero in heroes:
            once(_hero(content, f"played.{seat}", hero, era, this_era=False), f"played.{seat}")
    wonders = data.get("wonders", {})
    if not isinstance(wonders, Mapping):
        raise fail("wonders", _("must be an object: wonder -> the seat that built it"))
    for wonder, seat in wonders.items():
        card = content.wonders.get(wonder)
        if card is None:
            raise fail(f"wonders.{str(wonder)[:40]}", _("there is no wonder {wonder}", wonder=quoted(wonder)))
        if ERAS.index(card.era) + 1 > era:
            raise fail(f"wonders.{wonder}", _("{wonder} is a wonder of the modern age, not built in antiquity",
                                              wonder=card.name))
        if not whole(seat, 0, 5):
            raise fail(f"wonders.{wonder}", _("must be a seat number, not {value}", value=quoted(seat)))
    used = data.get("used", [])
    if not isinstance(used, list):
        raise fail("used", _("must be a list of wonders"))
    for wonder in used:
        if wonder not in wonders:
            raise fail("used", _("{wonder} is not a wonder built in 'wonders'", wonder=quoted(wonder)))
    valued = data.get("valued", [])
    if not isinstance(valued, list):
        raise fail("valued", _("must be a list of areas"))
    for i, area in enumerate(valued):
        _area(board, "valued", area, era)
        name = board.spaces[area].name
        if area in valued[:i]:
            raise fail("valued", _("{area} is listed twice (an area is valued once an era)", area=name))
        if len(boxes.get(area, [])) < BOX_COUNT[board.spaces[area].era or ERAS[1]]:
            raise fail("valued", _("{area} is valued when its last box is filled; its boxes are not all full",
                                   area=name))
    return dict(data)


def check_table(position: Mapping[str, Any], n_players: int, figures: int, coins: int, valuations: int,
                names: list[str]) -> None:
    """What a position asks of the table: its seats, a score and coins per seat, no colour over its ``figures``,
    no more than the box's ``coins``, fewer valuations than end the era (``valuations``)."""
    seats = [position["turn"]] + list(position.get("wonders", {}).values())
    seats += [int(s) for key in ("hands", "played") for s in position.get(key, {})]
    check_seats(seats, n_players)
    check_scores(position.get("scores"), n_players)
    given = position.get("coins")
    if given is not None:
        if len(given) != n_players:
            raise fail("coins", _("needs the coins of each seat ({seats}), not {n}", seats=n_players, n=len(given)))
        if sum(given) > coins:
            raise fail("coins", _("the box has {coins} coins, not {n}", coins=coins, n=sum(given)))
    on_board = [0] * n_players
    for area, counts in position.get("figures", {}).items():
        if len(counts) != n_players:
            raise fail(f"figures.{area}", _("needs the figures of each seat ({seats}), not {n}",
                                            seats=n_players, n=len(counts)))
        for seat, c in enumerate(counts):
            on_board[seat] += c
    for seat, count in enumerate(on_board):
        if count > figures:
            raise fail("figures", _("{who} has {n} figures on the board; a colour has {figures}",
                                    who=names[seat], n=count, figures=figures))
    if len(position.get("valued", [])) >= valuations:
        raise fail("valued", _("{n} valuations end the era; a position is before its end", n=len(position["valued"])))
    if position.get("step") == "play" and not position.get("hands", {}).get(str(position["turn"])):
        raise fail("step", _("{who} is to play a hero but holds none in 'hands'", who=names[position["turn"]]))


def check_position_option(data: Any) -> dict[str, Any]:
    """The ``position`` rule option: ``{}`` (the game starts with the deal) or a position on the printed cards."""
    if isinstance(data, Mapping) and not data:
        return {}
    from hotw.board import board_file, load_board
    from hotw.rulesets.heroes.cardcheck import load_content

    return check_position(data, load_board(board_file("heroes")), load_content())


def set_up(game: "HeroesGame", position: Mapping[str, Any]) -> None:
    """Lay ``position`` out on a game just made (its state as ``_setup`` left it): the turn of its seat begins."""
    check_position(position, game.board, game.content)
    n = game.n
    full, box = game.reserve[0], game.bank + sum(game.coins)
    era = int(position["era"])
    game.era = era
    limit = game.valuation_limit()
    check_table(position, n, full, box, limit, game.players)
    name = ERAS[era - 1]
    game.score[:] = list(position.get("scores") or [0] * n)
    game.coins = list(position["coins"]) if position.get("coins") is not None else list(game.coins)
    for area, counts in position.get("figures", {}).items():
        game.figures[area] = list(counts)
    game.reserve = [full - sum(f[s] for f in game.figures.values()) for s in range(n)]
    placed: Counter[str] = Counter()
    for area, tiles in position.get("boxes", {}).items():
        game.boxes[area] = list(tiles)
        placed.update(tiles)
    game.bag = [t for t in game.content.progress_of(name) if t not in placed]
    for seat, heroes in position.get("hands", {}).items():
        game.hands[int(seat)] = list(heroes)
    game.display = list(position.get("display", []))
    for seat, heroes in position.get("played", {}).items():
        game.played[int(seat)] = list(heroes)
    held = {h for pile in (*game.hands, game.display, *game.played) for h in pile}
    game.deck = [h for h in game.content.heroes_of(name) if h not in held]
    game.wonders = {w: int(s) for w, s in position.get("wonders", {}).items()}
    game.used = set(position.get("used", []))
    game.valued = list(position.get("valued", []))
    game.active = game.placer = int(position["turn"])
    game.deal_to, game.start_left = [], [0] * n
    game.say(_("a position set up by hand: {who}'s turn", who=game.who(game.active)))
    if position.get("step") == "play":
        game.phase = "play"
    else:
        game.phase = "turn_start"
