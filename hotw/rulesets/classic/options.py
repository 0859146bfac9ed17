"""The rule options of the classic edition, each with its default: the Hasbro 2001 rules of the Spanish summary.

The 1993 Avalon Hill rules differ in a few places; each difference is an option
here, off by default (see docs/rules-classic.md).
"""

from __future__ import annotations

from typing import Any

from hotw.errors import OptionError
from hotw.i18n import Domain
from hotw.options import Option, quoted
from hotw.rulesets.classic.cards import EPOCHS
from hotw.rulesets.classic.changes import CHANGE_KEYS, check_changes_shape
from hotw.rulesets.classic.position import check_position_option

_ = Domain("classic")

DRAW_ORDERS = ("score", "strength")
"""Who draws an empire card first: lowest score (2001, the default) or lowest total strength so far (1993)."""

TIE_RULES = ("both_die", "reroll", "attacker_enters")
"""A tied battle: both armies die (2001, the default), the dice are rolled again (1993), or the defender dies and the
attacker's army enters the land, a capitol or city there unchanged, while against a fort the attacking army dies with
the fort (the online game of the game logs)."""

AREA_RULES = ("2001", "1993")
"""Area levels: dominance with 2 lands and control with 3 and no rival (2001), or dominance with 3 and control of
every land of the area (1993)."""

CARD_SETS = ("2001", "1993")
"""The empire strengths: the Hasbro 2001 card set (default) or the Avalon Hill 1993 board cards."""

START_LANDS = ("fight", "take")
"""A start land held by another player: the empire fights for it (the default) or takes it without a battle (the
online game of the game logs)."""

EXPAND_FROM = ("empire", "colour")
"""Where an empire expands from: the lands it holds (the default) or every land of its player's colour (the online
game of the game logs)."""

OCEAN_FLEETS = ("adjacent", "connected")
"""The fleets a listed ocean gives: on the seas next to it (the summary) or on every sea and ocean its waters lead to
(the online game of the game logs)."""


def check_empty_ties(data: Any) -> dict[str, tuple[str, ...]]:
    """The ``log_empty_ties`` option: each empire card's name to the lands where one of its ties left the land empty."""
    out: dict[str, tuple[str, ...]] = {}
    for empire, lands in data.items():
        if not isinstance(lands, (list, tuple)) or not all(isinstance(t, str) for t in lands):
            raise OptionError(_("rule option 'log_empty_ties' must give each empire a list of lands, not {value}",
                                value=quoted(lands)), field="log_empty_ties")
        out[str(empire)] = tuple(sorted(set(lands)))
    return out


def check_draw_orders(data: Any) -> dict[int, tuple[int, ...]]:
    """The ``log_draw_orders`` option: an epoch's number to the seats in the order an imported game log shows them
    drawing (each seat at most once; an epoch it does not name is left to the rules)."""
    out = {}
    for epoch, order in data.items():
        if (not str(epoch).isdigit() or not isinstance(order, (list, tuple)) or len(set(order)) != len(order)
                or not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in order)):
            raise OptionError(_("rule option 'log_draw_orders' must give an epoch's number a list of different "
                                "seats, not {value}", value=quoted({epoch: order})), field="log_draw_orders")
        out[int(epoch)] = tuple(order)
    return out


OPTIONS: tuple[Option, ...] = (
    Option("draw_order", "score", _("who draws an empire card first: lowest score (printed) or lowest total "
           "strength of the empires played so far (1993)"), choices=DRAW_ORDERS),
    Option("tie_rule", "both_die", _("a tied battle: both armies die (printed), roll again (1993), or the attacker's "
           "army enters the land, and against a fort dies with the fort (the online game)"), choices=TIE_RULES),
    Option("area_rule", "2001", _("area levels: 2001 (dominance 2 lands, control 3 lands and no rival) or 1993 "
           "(dominance 3 lands, control every land)"), choices=AREA_RULES),
    Option("strengths", "2001", _("empire strengths: the 2001 card set or the 1993 board cards"), choices=CARD_SETS),
    Option("preeminence", True, _("pre-eminence markers for the leader after each epoch (printed; none in 1993)")),
    Option("monument_icons", 2, _("resource symbols per monument built"), low=1, high=20),
    Option("monument_lands", 0, _("if not 0: one monument per this many lands with a resource symbol, whatever their "
           "symbols, instead of one per monument_icons symbols (a what-if; the online game keeps the printed rate on "
           "its own board's symbols: online_resources)"), low=0, high=20),
    Option("online_resources", False, _("the resource symbols of the online game's board where they differ from the "
           "world board (hotw/data/classic/online_resources.json, each with the game log lines that show it)")),
    Option("structure_points", (2, 1, 1), _("points of a capitol, a city and a monument"), low=0, high=20),
    Option("start_land", "fight", _("a start land another player holds: the empire fights for it (default) or takes "
           "it without a battle (the online game)"), choices=START_LANDS),
    Option("expand_from", "empire", _("an empire expands from its own lands (default) or from every land of its "
           "player's colour (the online game)"), choices=EXPAND_FROM),
    Option("start_epoch", 1, _("the epoch the game starts in, on an empty board (a what-if; the event cards are "
           "dealt as usual)"), low=1, high=len(EPOCHS)),
    Option("content_changes", {}, _("a what-if's card changes (empires, events; see hotw.rulesets.classic.changes); "
           "{} plays the printed cards"), check=check_changes_shape, keys=CHANGE_KEYS),
    Option("online_links", False, _("the online board's links between lands the printed board does not join "
           "(hotw/data/classic/links.json, each with the game log lines that show it)")),
    Option("online_areas", False, _("the area values of the online game, and the area a land counts in, where its "
           "logs differ from the printed chart and board (hotw/data/classic/online_areas.json, each with the game "
           "log lines that show it)")),
    Option("online_starts", False, _("the start lands of the online game where its minor empires start elsewhere "
           "than the 1993 cards (hotw/data/classic/online_starts.json, each with the game log lines that show it)")),
    Option("online_navigation", False, _("the seas and oceans of the online empire cards where they differ from the "
           "1993 cards (hotw/data/classic/online_navigation.json)")),
    Option("ocean_fleets", "adjacent", _("a listed ocean puts fleets on the seas next to it (printed) or on every sea "
           "and ocean its waters lead to (the online game)"), choices=OCEAN_FLEETS),
    Option("plague_spreads", False, _("the online Plague card: when the army dies, the plague spreads to a "
           "neighbouring army of the player's choice with 3 dice, until one survives; printed: one land only")),
    Option("treachery_keeps", False, _("a land taken by Treachery keeps its capitol or city (the online game); "
           "printed: reduced as by a conquest")),
    Option("empty_keeps", False, _("an empire entering an empty land keeps the capitol or city there (the online "
           "game); printed: reduced as by a conquest")),
    Option("disaster_reduces", False, _("Disaster also reduces each land it strikes as a conquest does: a capitol "
           "becomes a city, a city and a fort are destroyed (the online game, as the 1993 Volcano and Fire cards); "
           "printed here: it destroys the monuments only")),
    Option("revolt_builds", True, _("the Jewish Revolt builds a city and a fort in Palestine when it takes it (this "
           "project's card); the online game's builds none")),
    Option("online_capitols", False, _("the empires the online game's scores give a capitol their 1993 card lacks "
           "(hotw/data/classic/online_capitols.json, each with the game log lines that show it)")),
    Option("online_monuments", False, _("the empires the online game builds more monuments for than their resource "
           "symbols give (hotw/data/classic/online_monuments.json, each with the game log lines that show it)")),
    Option("online_events", False, _("the event cards the online game plays outside the terms of this project's "
           "card: Jihad from Epoch III, Engineering by an empire without a capitol (to no effect), the Barbarians "
           "with no army limit, until they lose (hotw/data/classic/online_events.json, each with the game log lines "
           "that show it)")),
    Option("siegecraft_ignores_forts", True, _("Siegecraft: enemy forts have no effect this turn (printed); the "
           "online game's forts still count against it")),
    Option("ties_until_losses", 0, _("if not 0: Jihad wins ties only until the turn's loss of this many battles (2: "
           "the 1993 card and the online game); 0: every tied battle of the turn (the card here)"), low=0, high=20),
    Option("log_dice", False, _("the dice were chosen to give the outcomes of a logged game (an imported game log), "
           "not rolled")),
    Option("log_empty_ties", {}, _("an imported game log's ties that left their land empty, both armies dying, under "
           "the online tie rule: empire -> lands (read from the log: the next line naming the land is an expansion "
           "into it); {} for none"), check=check_empty_ties),
    Option("holders_draw", False, _("a player given an empire still draws in turn, while another player has none, "
           "and gives the card away (the online game); printed: only players without one draw")),
    Option("log_draw_orders", {}, _("an imported game log's drawing order in each epoch (the seats as its lines "
           "show them drawing: the online game draws by its own scores, which the replay's may not be): epoch -> "
           "seats; {} for the rules' order"), check=check_draw_orders),
    Option("position", {}, _("a position set up by hand, the lesson builder's start (see "
           "hotw.rulesets.classic.position); {} starts with the deal"), check=check_position_option),
)

DEFAULT_OPTIONS = {o.name: o.default for o in OPTIONS}
"""Each option's default: the printed rules."""
