"""The Heroes of the World walkthrough: each rule a short demo, played by the engine.

Every demo sets a small position (figures, progress tiles, coins, the hero in hand) as
the ``position`` rule option (:mod:`hotw.rulesets.heroes.position`), then plays the rule through :meth:`hotw.game.Game.apply`, chance included (the demo
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
from typing import Any, Callable

import hotw
from hotw.i18n import Domain, Msg, joined
from hotw.rulesets.heroes.game import HeroesGame

__all__ = ["DEMOS", "HeroesDemo"]

NAMES = ["Ada", "Ben", "Cy", "Dee", "Eve"]

_ = Domain("heroes")
_n = _.plural


@dataclass
class HeroesDemo:
    """One rule, played on a small position."""

    title: Msg
    rule: Msg
    game: HeroesGame
    focus: tuple[str, ...]
    happened: list[Msg] = field(default_factory=list)
    #: the outcome in one line (what the notebook checks)
    result: Msg | str = ""


# -- setting a position (every step after it goes through Game.apply) -----------------------------


def _chance(game: HeroesGame, *outcomes: str) -> None:
    todo = list(outcomes)
    while not game.is_over and game.decision.is_chance:
        game.apply(todo.pop(0) if todo else game.legal_actions()[0])


def _position(n: int = 3, **fields: Any) -> HeroesGame:
    """A game from a position set up by hand (the ``position`` rule option: era 1 and seat 0's turn unless
    ``fields`` say otherwise; ``hands`` and ``played`` keyed by seat numbers). Chance is the demo's."""
    position: dict[str, Any] = {"era": 1, "turn": 0, **fields}
    for key in ("hands", "played"):
        if key in position:
            position[key] = {str(seat): list(cards) for seat, cards in position[key].items()}
    game = hotw.new_game("heroes", NAMES[:n], 1, auto_chance=False, options={"position": position})
    assert isinstance(game, HeroesGame)
    return game


def _playing(hero: str, n: int = 3, **fields: Any) -> HeroesGame:
    """A position where the seat whose turn it is has taken ``hero`` and is about to play it."""
    return _position(n, step="play", hands={int(fields.get("turn", 0)): [hero]}, **fields)


def _run(title: Msg, rule: Msg, game: HeroesGame, focus: tuple[str, ...],
         steps: Callable[[HeroesGame], Msg]) -> HeroesDemo:
    start = len(game.log)
    result = steps(game)
    # each log line without its era ("Antiquity: ..."): the sentence the line says
    happened = [line.args["text"] if isinstance(line, Msg) and "text" in line.args else line
                for line in game.log[start:]]
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
    game = _position(hands={0: ["archimedes", "buddha"]}, display=["augustus", "confucius", "hannibal"])

    def steps(g: HeroesGame) -> str:
        taken = g.display[0]
        g.apply(f"take:{taken}")
        g.apply(f"play:{taken}")
        return _n("{who} took and played {hero}; {n} hero in hand", "{who} took and played {hero}; {n} heroes in hand",
                  len(g.hands[0]), who=g.players[0], hero=g.content.heroes[taken].name)

    return _run(_("Choose a hero, then play one"),
                _("Take one of the three face-up heroes (or the top card of the deck) so that you hold three, then "
                "play one of them for all to see. Its values are used top to bottom: population, progress, "
                "conquest, treasure."), game, (), steps)


def population() -> HeroesDemo:
    game = _playing("charlemagne", era=2, turn=1)

    def steps(g: HeroesGame) -> str:
        g.apply("play:charlemagne")
        for area in ("europe", "europe", "europe", "mediterranean"):
            g.apply(f"place:{area}")
        me = g.active
        return _("{a} {a_count}, {b} {b_count}", a=g.area_name("europe"), a_count=g.figures["europe"][me],
                 b=g.area_name("mediterranean"), b_count=g.figures["mediterranean"][me])

    return _run(_("Population: figures in the hero's areas"),
                _("The population value is how many figures you place, divided as you like among the hero's areas "
                "of influence. The rulebook's example: Charles the Great (population 4, Europe and the "
                "Mediterranean) places 3 in Europe and 1 in the Mediterranean."), game, ("europe", "mediterranean"),
                steps)


def progress() -> HeroesDemo:
    game = _playing("alexander_the_great")  # progress 1 (population 4 first)

    def steps(g: HeroesGame) -> str:
        g.apply("play:alexander_the_great")
        for _step in range(4):
            g.apply("place:india")
        _chance(g, "draw:writing")
        g.apply("box:india")
        return _("{area}'s boxes: {tiles}", area=g.area_name("india"),
                 tiles=joined(g.content.progress[t].name for t in g.boxes["india"]))

    return _run(_("Progress: tiles from the bag"),
                _("The progress value is how many tiles you draw from the bag; each goes into an empty box of one "
                "of the hero's areas, at most one per area in a turn. No figures are needed there."), game,
                ("india",), steps)


def valuation() -> HeroesDemo:
    me = 1
    counts = [0] * 4
    for i, c in enumerate((13, 12, 8, 4)):
        counts[(me + i) % 4] = c
    game = _playing("isaac_newton", 4, era=2, turn=me, figures={"europe": counts},  # Europe only: population 2
                    boxes={"europe": ["banks", "physics", "painting"]})

    def steps(g: HeroesGame) -> str:
        g.apply("play:isaac_newton")
        while g.phase == "population":
            g.apply("place:europe")
        _chance(g, "draw:teaching")
        if g.phase == "progress_tile":
            g.apply("tile:teaching")
        g.apply("box:europe")
        v = g.valuations[-1]
        by_seat = {p.seat: p.points for p in v.placings}
        scores = joined(_("{who} {points}", who=g.players[(me + i) % 4], points=by_seat.get((me + i) % 4, 0))
                        for i in range(4))
        return _("{area} worth {total}: {scores}", area=g.area_name(v.area), total=v.total, scores=scores)

    return _run(_("Valuation: when an area's last box fills"),
                _("Filling an area's last progress box values it at once. The three players with most figures "
                "there score: the first the sum of its progress, the second half of it rounded up, the third "
                "the lowest progress. The rulebook's example: Europe worth 12 (Banks 4, Physics 3, Painting 3, "
                "Teaching 2); 15, 12, 8 and 4 figures score 12, 6, 2 and 0."), game, ("europe",), steps)


def tie() -> HeroesDemo:
    game = _playing("cai_lun", figures={"china": [6, 3, 3]}, boxes={"china": ["writing", "pottery"]},  # China only
                    played={2: ["confucius"]})  # Cy has played a hero (progress 3); Ben none

    def steps(g: HeroesGame) -> str:
        g.apply("play:cai_lun")
        while g.phase == "population":
            g.apply("place:china")
        _chance(g, "draw:weaving")
        if g.phase == "progress_tile":
            g.apply("tile:weaving")
        g.apply("box:china")
        v = g.valuations[-1]
        return joined(_n("{who} {n} figure: {points}", "{who} {n} figures: {points}", p.figures,
                         who=g.players[p.seat], points=p.points) for p in v.placings)

    return _run(_("Ties"),
                _("Equal figures are broken by the higher sum of the progress values of the heroes each player "
                "has played, then by more heroes played, then counterclockwise from the active player. Here Ben "
                "and Cy have 3 figures each in China; Cy has played Confucius (progress 3), Ben no hero yet."),
                game, ("china",), steps)


def conquest() -> HeroesDemo:
    me = 1
    other = (me + 1) % 3
    counts = [0, 0, 0]
    counts[me], counts[other] = 2, 9
    game = _playing("charlemagne", era=2, turn=me, figures={"mediterranean": counts})

    def steps(g: HeroesGame) -> str:
        g.apply("play:charlemagne")
        for _step in range(4):
            g.apply("place:mediterranean")
        _until(g, "conquest")
        g.apply("conquer:mediterranean")
        if g.phase == "defender":
            g.apply(f"defender:{other}")
        g.apply("roll:victory")
        fig = g.figures["mediterranean"]
        return _n("{who} {mine}, {other} {n} figure in the Mediterranean",
                  "{who} {mine}, {other} {n} figures in the Mediterranean", fig[other],
                  who=g.players[me], mine=fig[me], other=g.players[other])

    return _run(_("Conquest and the conquest die"),
                _("With a conquest value above 0 you may attack an opponent in one of the hero's areas where you "
                "have a figure, and roll the die. On a victorious offensive the defender loses the conquest "
                "value +1 figures (+2 in the modern age): the rulebook's example, Charles the Great, costs 6. "
                "The other faces: deserters, escape, looting, counterattack, resistance."), game,
                ("mediterranean",), steps)


def migration() -> HeroesDemo:
    me = 1
    counts = [0, 0, 0]
    counts[me] = 6
    game = _playing("charlemagne", era=2, turn=me, figures={"europe": counts}, coins=[1, 3, 1])

    def steps(g: HeroesGame) -> str:
        g.apply("play:charlemagne")
        _until(g, "spend")
        g.apply("migrate:europe")
        for dest in ("mediterranean", "mediterranean", "america", "america"):
            g.apply(f"move:{dest}")
        return _n("{n} coin left; {a} {a_count}, {b} {b_count}, {c} {c_count}",
                  "{n} coins left; {a} {a_count}, {b} {b_count}, {c} {c_count}", g.coins[me],
                  a=g.area_name("america"), a_count=g.figures["america"][me],
                  b=g.area_name("mediterranean"), b_count=g.figures["mediterranean"][me],
                  c=g.area_name("europe"), c_count=g.figures["europe"][me])

    return _run(_("Coins: migration"),
                _("Coins are spent only in the last step of the turn. For 2 coins, 4 figures migrate from one area "
                "to neighbouring ones: the rulebook's example moves 4 figures from Europe to the Mediterranean "
                "and America."), game, ("europe", "mediterranean", "america"), steps)


def wonder() -> HeroesDemo:
    me = 0
    game = _playing("hatshepsut", coins=[9, 1, 1], figures={"africa": [0, 5, 0]})

    def steps(g: HeroesGame) -> str:
        g.apply("play:hatshepsut")
        _until(g, "spend")
        g.apply("build:great_wall")
        g.apply("wonder:great_wall")
        g.apply("area:africa")
        if g.phase == "wonder" and g.effect and g.effect.get("step") == "seat":
            g.apply("seat:1")
        g.apply("count:3")
        return _("{who} {points}; {other} has {figures} in {area}", who=g.players[me],
                 points=_n("{n} point", "{n} points", g.score[me]), other=g.players[1],
                 figures=_n("{n} figure", "{n} figures", g.figures["africa"][1]), area=g.area_name("africa"))

    return _run(_("Wonders"),
                _("For 7 coins you build a wonder of the era not yet built: 3 points at once, and its ability "
                "once per era. The Great Wall of China removes up to 3 figures of another player in any area."),
                game, ("africa",), steps)


def buy_points() -> HeroesDemo:
    me = 0
    game = _playing("confucius", coins=[4, 1, 1])

    def steps(g: HeroesGame) -> str:
        g.apply("play:confucius")
        _until(g, "spend")
        while "buy" in {a.kind for a in g.legal_actions()}:
            g.apply("buy")
        return _("{who} {points}, {coins}", who=g.players[me], points=_n("{n} point", "{n} points", g.score[me]),
                 coins=_n("{n} coin", "{n} coins", g.coins[me]))

    return _run(_("Coins: civilization points"),
                _("The treasure value brings coins from the reserve; in the spending step 2 coins buy a "
                "civilization point, as often as you like."), game, (), steps)


def modern_age() -> HeroesDemo:
    full = {"africa": ["agriculture", "architecture", "astronomy"], "india": ["currency", "democracy", "mining"],
            "mediterranean": ["mathematics", "medicine", "metallurgy"]}  # valued already: three valuations
    game = _playing("hammurabi", boxes={**full, "china": ["pottery", "writing"], "middle_east": ["music", "theater"]},
                    valued=["africa", "india", "mediterranean"], figures={"middle_east": [2, 1, 0]})  # Middle East

    def steps(g: HeroesGame) -> str:
        g.apply("play:hammurabi")
        while g.phase == "population":
            g.apply("place:middle_east")
        _chance(g, "draw:trade")
        if g.phase == "progress_tile":
            g.apply("tile:trade")
        g.apply("box:middle_east")  # the fourth valuation of antiquity: the era ends with this turn
        _until(g, "spend")
        g.apply("end_turn")
        _chance(g)
        return _("{area} keeps {tiles}; {n} areas in play", area=g.area_name("china"),
                 tiles=joined(g.content.progress[t].name for t in g.boxes["china"]), n=len(g.open_areas))

    return _run(_("The modern age"),
                _("Antiquity ends with the turn of its fourth valuation. Each beige area keeps its most valuable "
                "progress, the orange tiles and heroes come in, each player places 7 more figures in the "
                "orange areas, and the game goes on on all nine areas until 8 more valuations."), game,
                ("china",), steps)


#: name -> the demo, in the order of the rules.
DEMOS: dict[str, Callable[[], HeroesDemo]] = {
    "choose_and_play": choose_and_play, "population": population, "progress": progress,
    "valuation": valuation, "tie": tie, "conquest": conquest, "migration": migration, "buy_points": buy_points,
    "wonder": wonder, "modern_age": modern_age,
}
