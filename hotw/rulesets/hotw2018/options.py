"""The rule options of the 2018 edition: what a what-if may change, each with its default (the printed rule)."""

from __future__ import annotations

from hotw.i18n import Domain
from hotw.options import Option
from hotw.rulesets.hotw2018.battle import CATAPULT_MAX
from hotw.rulesets.hotw2018.changes import CHANGE_KEYS, check_changes_shape
from hotw.rulesets.hotw2018.position import check_position_option

_ = Domain("hotw2018")

PLAYER_ARMIES = 25
"""Armies of each colour in the box."""

EPOCHS = 5
"""Epochs in a game."""

TIE_RULES = ("both_removed", "defender_holds")
"""What a tied battle does: both armies removed (the printed rule), or the defender holds."""

OPTIONS: tuple[Option, ...] = (
    Option("player_armies", PLAYER_ARMIES, _("armies of each colour"), low=1, high=200),
    Option("catapult_max", CATAPULT_MAX, _("the highest catapult bonus of a siege"), low=0, high=20),
    Option("monument_icons", 2, _("resource icons per monument built"), low=1, high=20),
    Option("structure_points", (2, 1, 1), _("points of a capitol, a city and a monument"), low=0, high=20),
    Option("tie_rule", "both_removed", _("what a tied battle does: both armies removed (printed), "
                                         "or the defender holds (the invader may siege or retreat)"),
           choices=TIE_RULES),
    Option("start_epoch", 1, _("the epoch the game starts in, on an empty board with the region tokens "
                               "of all epochs up to it"), low=1, high=EPOCHS),
    Option("content_changes", {}, "a what-if's card changes (empires, events, region tokens; "
           "see hotw.scenario); {} plays the printed cards", check=check_changes_shape,
           keys=CHANGE_KEYS),
    Option("position", {}, "a position set up by hand, the lesson builder's start (see hotw.rulesets.hotw2018.position); "
           "{} starts with the first draw", check=check_position_option),
)

DEFAULT_OPTIONS = {o.name: o.default for o in OPTIONS}
"""Each option's default: the printed rules."""
