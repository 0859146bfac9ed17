"""Rules walkthrough demos: each builds a small board situation and plays one rule.

Every demo is a plain function returning a :class:`Demo` (the game after the
rule was played, the lands to look at, and what happened), so the tutorial
notebook shows exactly what the engine does and the tests keep it honest.
Dice are fixed in each demo, so the story is the same every time.
"""

from __future__ import annotations

from typing import Callable

from hotw.demo import Demo
from hotw.demo import run_demo as play_demo
from hotw.i18n import Domain
from hotw.rulesets.hotw2018 import Hotw2018Game
from hotw.situations import act, next_empires, roll
from hotw.situations import turn_of as _turn_of

_ = Domain("lessons")


def turn_of(empire: str, **laid_out: object) -> Hotw2018Game:
    """The demo's table: ``empire`` plays first (seat 0), the next empires of its epoch after it (seats 2, then 1)."""
    later = [(e, 2 - i) for i, e in enumerate(next_empires(empire))]
    return _turn_of(empire, later=later, **laid_out)  # type: ignore[arg-type]


def _turn_ends(line: str) -> bool:
    """A turn's score line (a marauder's point is no turn's)."""
    return " gain " in line and "marauders" not in line


def run_demo(title: str, explanation: str, game: Hotw2018Game, focus: tuple[str, ...],
             steps: Callable[[Hotw2018Game], None]) -> Demo:
    """Play ``steps`` on ``game`` (:func:`hotw.demo.run_demo`) and return the Demo, its story cut at the end of
    the demo empire's turn."""
    return play_demo(title, explanation, game, focus, steps, ends=_turn_ends)


def invade_empty() -> Demo:
    """Invading an empty territory: you simply move in."""
    g = turn_of("Egyptians")
    return run_demo(
        _("Invading an empty territory"),
        _("Your active armies may invade any territory next to them. If nobody is "
        "there, you place an army from your empire card and the land is yours."),
        g, ("nile_delta", "upper_nile"), lambda g: act(g, "invade:upper_nile"))


def _egyptians_against_palestine(**kw: object) -> Hotw2018Game:
    return turn_of("Egyptians", armies={"palestine": 1}, **kw)  # type: ignore[arg-type]


def battle_win() -> Demo:
    """A battle the invader wins: 2 dice against 1, highest die each."""
    g = _egyptians_against_palestine()
    return run_demo(
        _("A battle: 2 dice against 1"),
        _("When an opponent's army is there, you fight. The invader rolls two dice and "
        "keeps the higher; the defender rolls one. Higher wins: the defender's army "
        "goes back to its owner's supply and you move in."),
        g, ("nile_delta", "palestine"), lambda g: (act(g, "invade:palestine"), roll(g, 2, 5, 4)))


def battle_tie() -> Demo:
    """A tied battle: both armies are removed and the land is left empty."""
    g = _egyptians_against_palestine()
    return run_demo(
        _("A tie"),
        _("If the highest dice are equal, both armies are removed and the territory "
        "is left empty."),
        g, ("nile_delta", "palestine"), lambda g: (act(g, "invade:palestine"), roll(g, 4, 2, 4)))


def siege() -> Demo:
    """A lost battle followed by a siege with the catapult (+1, then +2)."""
    g = _egyptians_against_palestine()

    def steps(g: Hotw2018Game) -> None:
        act(g, "invade:palestine")
        roll(g, 1, 3, 5)  # 3 loses to 5
        act(g, "siege")  # +1
        roll(g, 3, 2, 5)  # 3 + 1 = 4 still loses to 5
        act(g, "siege")  # +2
        roll(g, 4, 1, 5)  # 4 + 2 = 6 beats 5

    return run_demo(
        _("A siege with the catapult"),
        _("After losing a battle you may retreat, or siege: put another army from your "
        "card on the catapult and fight again, adding +1 to your highest die, then "
        "+2, then +3. The siege ends when you win, tie or retreat; the catapult's "
        "armies then go back to your supply."),
        g, ("nile_delta", "palestine"), steps)


def fort() -> Demo:
    """Fortifying, and a fortified defender rolling two dice."""
    g = turn_of("Egyptians", armies={"palestine": 1}, forts=["palestine"])

    def steps(g: Hotw2018Game) -> None:
        act(g, "fortify:nile_delta")
        act(g, "invade:palestine")
        roll(g, 6, 2, 3, 5)  # 6 beats the better of 3 and 5; the fort falls

    return run_demo(
        _("Forts"),
        _("During your Invade step you may turn an army on your card into a fort in a "
        "territory you hold (one per territory). A fortified defender rolls two dice "
        "and keeps the higher. When the invader wins or ties, the fort is removed."),
        g, ("nile_delta", "palestine"), steps)


def terrain() -> Demo:
    """Mountains and forests: the defender adds 1 to the highest die."""
    g = turn_of("Minoans", armies={"pindus": 1})

    def steps(g: Hotw2018Game) -> None:
        act(g, "invade:morea")
        act(g, "invade:pindus")
        roll(g, 5, 1, 4)  # 5 against 4 + 1: a tie

    return run_demo(
        _("Terrain"),
        _("Mountains and forests favour the defender: they add 1 to their highest die. "
        "Here 5 against 4 + 1 is a tie."),
        g, ("morea", "pindus"), steps)


def naval() -> Demo:
    """A fleet invasion: the defender may reroll one die."""
    g = turn_of("Minoans", armies={"levant": 1})

    def steps(g: Hotw2018Game) -> None:
        act(g, "invade:levant")
        roll(g, 5, 2, 3)  # the defender would lose with 3 ...
        roll(g, 6)  # ... rerolls, and the 6 holds
        act(g, "retreat")

    return run_demo(
        _("Fleets and the naval effect"),
        _("A fleet on a sea lets your armies invade any land on that sea. Defenders "
        "attacked from the sea may reroll one die."),
        g, ("crete", "levant", "eastern_mediterranean"), steps)


def caravan() -> Demo:
    """A caravan across the Sahara (Mali): no naval effect."""
    g = turn_of("Mali")

    def steps(g: Hotw2018Game) -> None:
        act(g, "invade:upper_nile")

    return run_demo(
        _("Caravans"),
        _("A caravan in a barren land (a desert, the ice, the high plateau) lets your "
        "armies cross it. Caravan invasions give the defender no naval effect."),
        g, ("gold_coast", "sahara", "upper_nile"), steps)


def monument() -> Demo:
    """Building monuments: one per two resource icons your active armies hold."""
    g = turn_of("Assyrians")
    return run_demo(
        _("Monuments"),
        _("After invading, count the resource icons in the territories your active "
        "armies hold: one monument for every two, placed first where your capitol "
        "is, then cities, then lands with resource icons. Each scores 1 point to "
        "whoever holds its land when they score."),
        g, ("middle_tigris", "lower_tigris"),
        lambda g: (act(g, "invade:lower_tigris"), act(g, "end_invasions")))


def capitol_reduction() -> Demo:
    """Winning against a capitol reduces it to a city."""
    g = turn_of("Egyptians", armies={"palestine": 1}, structures={"palestine": "capitol"})
    return run_demo(
        _("Reducing structures"),
        _("Winning or tying a battle reduces one structure: a capitol becomes a city, "
        "else a city is removed, else a monument is removed."),
        g, ("palestine",), lambda g: (act(g, "invade:palestine"), roll(g, 6, 1, 2)))


def marauder() -> Demo:
    """Marauders gain a point for every structure they reduce."""
    g = turn_of("Vedics", armies={"lower_indus": 1}, structures={"lower_indus": "city"})
    return run_demo(
        _("Marauders"),
        _("Empires with a torch icon are marauders: they get no capitol, but every "
        "structure they reduce gains them 1 point at once."),
        g, ("hindu_kush", "lower_indus"), lambda g: (act(g, "invade:lower_indus"), roll(g, 6, 2, 3)))


def region_scoring() -> Demo:
    """Presence, dominance and supremacy in a region, scored at the end of a turn."""
    g = turn_of("Egyptians")

    def steps(g: Hotw2018Game) -> None:
        act(g, "invade:upper_nile")
        act(g, "invade:libya")
        act(g, "end_invasions")
        while g.decision.step == "score_tie":
            act(g, "score_tie:forward")

    return run_demo(
        _("Scoring regions"),
        _("At the end of your turn you score each region on its token: presence (at "
        "least 1 army), dominance (at least 2 and more than each opponent) or "
        "supremacy (at least 3 and no opponents); only the highest counts. Then 2 "
        "points per capitol, 1 per city and 1 per monument you hold."),
        g, ("nile_delta", "upper_nile", "libya"), steps)


#: The demos in the order of a turn.
DEMOS: dict[str, Callable[[], Demo]] = {
    "invade_empty": invade_empty,
    "battle_win": battle_win,
    "battle_tie": battle_tie,
    "siege": siege,
    "fort": fort,
    "terrain": terrain,
    "naval": naval,
    "caravan": caravan,
    "monument": monument,
    "capitol_reduction": capitol_reduction,
    "marauder": marauder,
    "region_scoring": region_scoring,
}
