"""The rule options of *A Brief History of the World*: each default is the printed rule (or, where the
rulebook is silent, the choice listed in docs/rules-brief.md)."""

from __future__ import annotations

from hotw.i18n import Domain
from hotw.options import Option
from hotw.rulesets.brief.position import check_position_option

_ = Domain("brief")

__all__ = ["OPTIONS"]

OPTIONS: tuple[Option, ...] = (
    Option("player_armies", 35, _("armies in each colour's supply (the rulebook gives no number)"), low=5, high=100),
    Option("dial_max", 3, _("the highest the Invasion dial goes when an invasion is continued"), low=0, high=6),
    Option("monuments", 20, _("monument pieces in the box (none can be built once all are on the map)"),
           low=0, high=60),
    Option("forts", 20, _("fort pieces in the box"), low=0, high=60),
    Option("position", {}, _("a position set up by hand (see hotw.rulesets.brief.position); {} starts with the lots"),
           check=check_position_option),
)
