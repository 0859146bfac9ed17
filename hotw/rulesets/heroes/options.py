"""The rule options of Heroes of the World: each default is the printed rule.

The options let a what-if change a number the rulebook fixes: how many valuations
end each era, the start figures and coins, a wonder's price.
"""

from __future__ import annotations

from hotw.i18n import Domain
from hotw.options import Option
from hotw.rulesets.heroes.position import check_position_option

__all__ = ["OPTIONS"]

_ = Domain("heroes")

OPTIONS: tuple[Option, ...] = (
    Option("antiquity_valuations", 4, _("area valuations that end antiquity (the rulebook: 4 of the 5 areas)"),
           low=1, high=4),
    Option("modern_valuations", 8, _("area valuations of the modern age that end the game "
                                     "(the rulebook: 8, all areas but one)"), low=1, high=8),
    Option("start_figures", 7, _("figures each player places at the start of each era"), low=0, high=20),
    Option("start_coins", 1, _("coins each player receives at the start"), low=0, high=10),
    Option("wonder_cost", 7, _("coins a wonder of the world costs"), low=1, high=30),
    Option("position", {}, _("a position set up by hand, the lesson builder's start (see "
                             "hotw.rulesets.heroes.position); {} starts with the deal"), check=check_position_option),
)
