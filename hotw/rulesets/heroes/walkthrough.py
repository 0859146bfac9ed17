"""The Heroes of the World walkthrough: each rule a short demo, played by the engine.

Every demo sets a small position (figures, progress tiles, coins, the hero in hand),
then plays the rule through :meth:`hotw.game.Game.apply`, chance included (the demo
chooses the die's face and the tiles drawn), and returns a :class:`HeroesDemo`: the
game afterwards, the areas to look at and what the game's log says happened. The
notebook ``notebooks/05_heroes_walkthrough.ipynb`` shows them; ``docs/rules-heroes.md``
has the rules, and the tests of ``tests/rules_heroes/`` check each one.

>>> demo = DEMOS["valuation"]()
>>> demo.result
'Europe worth 12: Ben 12, Cy 6, Dee 2, Ada 0'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import hotw
from hotw.rulesets.heroes.game import HeroesGame

__all__ = ["DEMOS", "HeroesDemo"]

NAMES = ["Ada", "Ben", "Cy", "Dee", "Eve"]


@dataclass
class HeroesDemo:
    """One rule, played on a small position."""

    title: str
    rule: str
    game: HeroesGame
    focus: tuple[str, ...]
    happened: list[str] = field(default_factory=list)
    #: the outcome in one line (what the notebook checks)
    result: str = ""


# -- setting a position (every step after it goes through Game.apply) -----------------------------


def _chance(game: HeroesGame, *outcomes: str) -> None:
    todo = list(outcomes)
    while not game.is_over and game.decision.is_chance:
        game.apply(todo.pop(0) if todo else game.legal_actions()[0])


def _start(n: int, modern: bool = False) -> HeroesGame:
    """A game at the first turn of antiquity (or of the modern age), start figures in the first areas offered."""
    game = hotw.new_game("heroes", NAMES[:n], 1, auto_chance=False)
    assert isinstance(game, HeroesGame)

    def starts() -> None:
        _chance(game)
        while game.phase == "start":
            game.apply(game.legal_actions()[0])
            _chance(game)

    starts()
    if modern:
        game.era_over = True  # antiquity ends with this turn, as its last valuation would end it
        game.phase = "turn_end"
        game._advance()
        starts()
    for area in game.figures:  # an empty board: each demo places what it needs
        for seat in range(n):
            game.reserve[seat] += game.figures[area][seat]
            game.figures[area][seat] = 0
    return game


def _set(game: HeroesGame, figures: dict[str, list[int]] | None = None,
         boxes: dict[str, list[str]] | None = None, coins: list[int] | None = None) -> None:
    for area, counts in (figures or {}).items():
        for seat, c in enumerate(counts):
            game.reserve[seat] += game.figures[area][seat] - c
            game.figures[area][seat] = c
    for area, tiles in (boxes or {}).items():
        game.bag = [t for t in game.bag if t not in tiles]
        game.boxes[area] = list(tiles)
    if coins is not None:
        game.coins = list(coins)


def _hand(game: HeroesGame, *heroes: str) -> None:
    """The active player holds exactly these heroes, at the play step."""
    for h in heroes:
        for pile in (game.deck, game.display, *game.hands):
            if h in pile:
                pile.remove(h)
    game.hands[game.active] = list(heroes)
    game.phase = "play"


def _run(title: str, rule: str, game: HeroesGame, focus: tuple[str, ...],
         steps: Callable[[HeroesGame], str]) -> HeroesDemo:
    start = len(game.log)
    result = steps(game)
    happened = [line.split(": ", 1)[1] if ": " in line else line for line in game.log[start:]]
    return HeroesDemo(title, rule, game, focus, happened, result)


def _until(game: HeroesGame, phase: str) -> None:
    """Play the turn on with the first legal choice (no conquest) until ``phase``."""
    while game.phase != phase:
        if game.decision.is_chance:
            game.apply(game.legal_actions()[0])
        else:
            game.apply("no_conquest" if game.phase == "conquest" else game.legal_actions()[0])


# -- the demos -----------------------------------------------------------------------------


def choose_and_play() -> HeroesDemo:
    game = _start(3)

    def steps(g: HeroesGame) -> str:
        taken = g.display[0]
        g.apply(f"take:{taken}")
        g.apply(f"play:{taken}")
        return f"{g.players[0]} took and played {g.content.heroes[taken].name}; {len(g.hands[0])} heroes in hand"

    return _run("Choose a hero, then play one",
                "Take one of the three face-up heroes (or the top card of the deck) so that you hold three, then "
                "play one of them for all to see. Its values are used top to bottom: population, progress, "
                "conquest, treasure.", game, (), steps)


def population() -> HeroesDemo:
    game = _start(3, modern=True)

    def steps(g: HeroesGame) -> str:
        _hand(g, "charlemagne")
        g.apply("play:charlemagne")
        for area in ("europe", "europe", "europe", "mediterranean"):
            g.apply(f"place:{area}")
        me = g.active
        return f"Europe {g.figures['europe'][me]}, Mediterranean {g.figures['mediterranean'][me]}"

    return _run("Population: figures in the hero's areas",
                "The population value is how many figures you place, divided as you like among the hero's areas "
                "of influence. The rulebook's example: Charles the Great (population 4, Europe and the "
                "Mediterranean) places 3 in Europe and 1 in the Mediterranean.", game, ("europe", "mediterranean"),
                steps)


def progress() -> HeroesDemo:
    game = _start(3)

    def steps(g: HeroesGame) -> str:
        _hand(g, "alexander_the_great")  # progress 1 (population 4 first)
        g.apply("play:alexander_the_great")
        for _ in range(4):
            g.apply("place:india")
        _chance(g, "draw:writing")
        g.apply("box:india")
        return f"India's boxes: {', '.join(g.content.progress[t].name for t in g.boxes['india'])}"

    return _run("Progress: tiles from the bag",
                "The progress value is how many tiles you draw from the bag; each goes into an empty box of one "
                "of the hero's areas, at most one per area in a turn. No figures are needed there.", game,
                ("india",), steps)


def valuation() -> HeroesDemo:
    game = _start(4, modern=True)
    me = game.active
    counts = [0] * 4
    for i, c in enumerate((13, 12, 8, 4)):
        counts[(me + i) % 4] = c
    _set(game, figures={"europe": counts}, boxes={"europe": ["banks", "physics", "painting"]})

    def steps(g: HeroesGame) -> str:
        _hand(g, "isaac_newton")  # Europe only: population 2, then progress
        g.apply("play:isaac_newton")
        while g.phase == "population":
            g.apply("place:europe")
        _chance(g, "draw:teaching")
        if g.phase == "progress_tile":
            g.apply("tile:teaching")
        g.apply("box:europe")
        v = g.valuations[-1]
        by_seat = {p.seat: p.points for p in v.placings}
        return (f"{g.area_name(v.area)} worth {v.total}: "
                + ", ".join(f"{g.players[(me + i) % 4]} {by_seat.get((me + i) % 4, 0)}" for i in range(4)))

    return _run("Valuation: when an area's last box fills",
                "Filling an area's last progress box values it at once. The three players with most figures "
                "there score: the first the sum of its progress, the second half of it rounded up, the third "
                "the lowest progress. The rulebook's example: Europe worth 12 (Banks 4, Physics 3, Painting 3, "
                "Teaching 2); 15, 12, 8 and 4 figures score 12, 6, 2 and 0.", game, ("europe",), steps)


def tie() -> HeroesDemo:
    game = _start(3)
    _set(game, figures={"china": [6, 3, 3]}, boxes={"china": ["writing", "pottery"]})
    game.played[2] = ["confucius"]  # Cy has played a hero (progress 3); Ben none

    def steps(g: HeroesGame) -> str:
        _hand(g, "cai_lun")  # China only: population 3, progress 3
        g.apply("play:cai_lun")
        while g.phase == "population":
            g.apply("place:china")
        _chance(g, "draw:weaving")
        if g.phase == "progress_tile":
            g.apply("tile:weaving")
        g.apply("box:china")
        v = g.valuations[-1]
        return ", ".join(f"{g.players[p.seat]} {p.figures} figures: {p.points}" for p in v.placings)

    return _run("Ties",
                "Equal figures are broken by the higher sum of the progress values of the heroes each player "
                "has played, then by more heroes played, then counterclockwise from the active player. Here Ben "
                "and Cy have 3 figures each in China; Cy has played Confucius (progress 3), Ben no hero yet.",
                game, ("china",), steps)


def conquest() -> HeroesDemo:
    game = _start(3, modern=True)
    me = game.active
    other = (me + 1) % 3
    counts = [0, 0, 0]
    counts[me], counts[other] = 2, 9
    _set(game, figures={"mediterranean": counts})

    def steps(g: HeroesGame) -> str:
        _hand(g, "charlemagne")
        g.apply("play:charlemagne")
        for _ in range(4):
            g.apply("place:mediterranean")
        _until(g, "conquest")
        g.apply("conquer:mediterranean")
        if g.phase == "defender":
            g.apply(f"defender:{other}")
        g.apply("roll:victory")
        fig = g.figures["mediterranean"]
        return f"{g.players[me]} {fig[me]}, {g.players[other]} {fig[other]} figures in the Mediterranean"

    return _run("Conquest and the conquest die",
                "With a conquest value above 0 you may attack an opponent in one of the hero's areas where you "
                "have a figure, and roll the die. On a victorious offensive the defender loses the conquest "
                "value +1 figures (+2 in the modern age): the rulebook's example, Charles the Great, costs 6. "
                "The other faces: deserters, escape, looting, counterattack, resistance.", game,
                ("mediterranean",), steps)


def migration() -> HeroesDemo:
    game = _start(3, modern=True)
    me = game.active
    counts = [0, 0, 0]
    counts[me] = 6
    _set(game, figures={"europe": counts})
    game.coins[me] = 3

    def steps(g: HeroesGame) -> str:
        _hand(g, "charlemagne")
        g.apply("play:charlemagne")
        _until(g, "spend")
        g.apply("migrate:europe")
        for dest in ("mediterranean", "mediterranean", "america", "america"):
            g.apply(f"move:{dest}")
        return (f"{g.coins[me]} coin left; America {g.figures['america'][me]}, "
                f"Mediterranean {g.figures['mediterranean'][me]}, Europe {g.figures['europe'][me]}")

    return _run("Coins: migration",
                "Coins are spent only in the last step of the turn. For 2 coins, 4 figures migrate from one area "
                "to neighbouring ones: the rulebook's example moves 4 figures from Europe to the Mediterranean "
                "and America.", game, ("europe", "mediterranean", "america"), steps)


def wonder() -> HeroesDemo:
    game = _start(3)
    me = game.active
    game.coins[me] = 9
    _set(game, figures={"africa": [0, 5, 0]})

    def steps(g: HeroesGame) -> str:
        _hand(g, "hatshepsut")
        g.apply("play:hatshepsut")
        _until(g, "spend")
        g.apply("build:great_wall")
        g.apply("wonder:great_wall")
        g.apply("area:africa")
        if g.phase == "wonder" and g.effect and g.effect.get("step") == "seat":
            g.apply("seat:1")
        g.apply("count:3")
        return f"{g.players[me]} {g.score[me]} points; {g.players[1]} has {g.figures['africa'][1]} figures in Africa"

    return _run("Wonders",
                "For 7 coins you build a wonder of the era not yet built: 3 points at once, and its ability "
                "once per era. The Great Wall of China removes up to 3 figures of another player in any area.",
                game, ("africa",), steps)


def buy_points() -> HeroesDemo:
    game = _start(3)
    me = game.active
    game.coins[me] = 4

    def steps(g: HeroesGame) -> str:
        _hand(g, "confucius")
        g.apply("play:confucius")
        _until(g, "spend")
        while "buy" in {a.kind for a in g.legal_actions()}:
            g.apply("buy")
        return f"{g.players[me]} {g.score[me]} points, {g.coins[me]} coins"

    return _run("Coins: civilization points",
                "The treasure value brings coins from the reserve; in the spending step 2 coins buy a "
                "civilization point, as often as you like.", game, (), steps)


def modern_age() -> HeroesDemo:
    game = _start(3)
    _set(game, boxes={"china": ["pottery", "writing"]})

    def steps(g: HeroesGame) -> str:
        g.era_over = True  # the fourth valuation of antiquity ends the era with this turn
        g.phase = "turn_end"
        g._advance()
        return (f"China keeps {', '.join(g.content.progress[t].name for t in g.boxes['china'])}; "
                f"{len(g.open_areas)} areas in play")

    return _run("The modern age",
                "Antiquity ends with the turn of its fourth valuation. Each beige area keeps its most valuable "
                "progress, the orange tiles and heroes come in, each player places 7 more figures in the "
                "orange areas, and the game goes on on all nine areas until 8 more valuations.", game,
                ("china",), steps)


#: name -> the demo, in the order of the rules.
DEMOS: dict[str, Callable[[], HeroesDemo]] = {
    "choose_and_play": choose_and_play, "population": population, "progress": progress,
    "valuation": valuation, "tie": tie, "conquest": conquest, "migration": migration, "buy_points": buy_points,
    "wonder": wonder, "modern_age": modern_age,
}
