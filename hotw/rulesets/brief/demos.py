"""The Brief History walkthrough: each rule played by the engine on a small position.

Every demo is a plain function returning a :class:`Demo` (the game after the rule
was played, the lands to look at, and what happened), so the walkthrough notebook
(``notebooks/08_brief_walkthrough.ipynb``) shows exactly what the engine does and
the tests keep it honest. Each demo starts from a ``position`` (the rule option a
lesson is made of) and fixes its dice (the attacker's first, then the defender's).

>>> overrun().happened[-1]
'Epoch III, the Romans overrun Western Anatolia for 2 points (1 left)'
>>> print(odds_text().splitlines()[1])
+0                 58%             42%             39%             22%
"""

from __future__ import annotations

from typing import Any, Callable

import hotw
from hotw.demo import Demo
from hotw.demo import run_demo as play_demo
from hotw.i18n import Domain, Msg, percent
from hotw.rulesets.brief.game import BriefGame
from hotw.rulesets.brief.odds import take_odds, take_odds_continuing

__all__ = ["DEMOS", "Demo", "establishing", "events", "gold", "invasion_dial", "invasion_points", "odds_text",
           "overrun", "overrun_end", "romans_example"]

_ = Domain("brief")

PLAYERS = ["Ada", "Ben", "Cy"]
"""The three players of every demo: Ada (orange), Ben (blue), Cy (green)."""


def table(position: dict[str, Any], **options: Any) -> BriefGame:
    """A three-player game opened on ``position`` (dice left to the demo)."""
    game = hotw.new_game("brief", PLAYERS, 0, options={"position": position, **options}, auto_chance=False)
    return game  # type: ignore[return-value]


def act(game: BriefGame, *texts: str) -> None:
    """Apply actions given as text ("invade:balkans", "roll:6", ...); a monument earned on the way is not built
    (monuments have a demo of their own in the rule tests, not here)."""
    for text in texts:
        while game.phase == "monument" and not text.startswith("monument"):
            game.apply("no_monument")
        game.apply(text)
    while game.phase == "monument":
        game.apply("no_monument")


def _collects(line: str) -> bool:
    """An empire's gold collected."""
    return " collects " in line


def run_demo(title: Msg, explanation: Msg, game: BriefGame, focus: tuple[str, ...],
             steps: Callable[[BriefGame], None], scored: bool = False) -> Demo:
    """Play ``steps`` on ``game`` (:func:`hotw.demo.run_demo`) and return the Demo with the log lines they wrote
    and the rolls they decided. With ``scored`` the story stops at the first line of gold collected."""
    return play_demo(title, explanation, game, focus, steps, record="last_roll",
                     ends=_collects if scored else None, scored=scored)


def _romans(**fields: Any) -> dict[str, Any]:
    """Ada's Romans about to play in Epoch III, the Han (Ben) and the Huns (Cy) after them."""
    return {"epoch": 3, "turn": ["romans", 0], "empires": {"1": "han", "2": "huns"}, "gold": [24, 30, 27],
            "hands": {"0": []}, **fields}


def establishing() -> Demo:
    """Establishing: the Array filled, the first army on the start-land (cleared of everything), capital, fleets."""
    game = table(_romans(armies={"southern_italia": 1}, structures={"southern_italia": "city"},
                         forts=["southern_italia"]))
    return run_demo(
        _("Establishing an empire"),
        _("When your empire is called, take as many armies from your supply as its card shows and put them on the "
          "Array. One army goes straight to the start-land, which is cleared of anything there (Ben's army, city "
          "and fort in Southern Italia go). An empire with a capital shown on its card places it there; its fleets "
          "go on the seas the card names (the Romans' two Mediterranean fleets let them reach every coast of that "
          "sea). The Invasion dial starts at 0."),
        game, ("southern_italia", "northern_italia", "crete"), lambda g: act(g, "establish"))


def invasion_points() -> Demo:
    """An invasion: two dice against one, the margin in invasion points; a clear land costs 1."""
    game = table(_romans(armies={"northern_italia": 1}))
    return run_demo(
        _("Invading: the Array and invasion points"),
        _("Each army for a new land comes from the Array. Putting one into another player's land is an invasion: "
          "the attacker rolls 2 dice (1 across a fleet), the defender 1 (2 in a fort), and each keeps the highest. "
          "The winner's margin is counted in invasion points: a clear land costs 1 point to take, mountains or "
          "forest 2. Here 6 against 4 makes 2 points: Northern Italia costs 1, and the spare point finds no other "
          "land of Ben's next to it, so it is lost."),
        game, ("southern_italia", "northern_italia"),
        lambda g: act(g, "establish", "invade:northern_italia", "roll:6", "roll:2", "roll:4"))


def invasion_dial() -> Demo:
    """A failed invasion continued: an Array army spent, the Invasion dial +1 (at most +3), then success."""
    game = table(_romans(armies={"northern_italia": 1}, forts=["northern_italia"]))
    return run_demo(
        _("Continuing an invasion: the Invasion dial"),
        _("Not enough points and the invasion fails: the attacker may remove the army (abandon) or continue, "
          "spending another army from the Array and turning the Invasion dial up by 1 (to +3 at most). The dial "
          "adds to the attacker's highest die on every roll of this invasion, and goes back to 0 when the land is "
          "taken or the invasion abandoned. Ben's fort gives him two dice: 4 against 5 fails; continued at +1, "
          "6 + 1 against 6 takes the land with one point."),
        game, ("southern_italia", "northern_italia"),
        lambda g: act(g, "establish", "invade:northern_italia", "roll:4", "roll:1", "roll:5", "roll:3",
                      "continue", "roll:6", "roll:2", "roll:6", "roll:1"))


def romans_example(**fields: Any) -> dict[str, Any]:
    """The rulebook's worked example: the Romans in Dalmatia, dial at +2; Ben around the Balkans, Cy in the Rhineland."""
    blue = ("balkans", "danubia", "western_anatolia", "levant", "crete", "pindus")
    return _romans(armies={**{land: 1 for land in blue}, "lower_rhine": 2}, forts=["pindus"], active=["dalmatia"],
                   array=6, dial=2, **fields)


def _overrun_steps(game: BriefGame, to_levant: bool) -> None:
    act(game, "establish", "invade:balkans", "roll:6", "roll:5", "roll:3", "overrun:western_anatolia")
    if to_levant:
        act(game, "overrun:levant")


def overrun() -> Demo:
    """The rulebook's overrun under way: the Balkans taken with 5 points, then Anatolia for 2; 1 point left."""
    game = table(romans_example())
    return run_demo(
        _("Overruns: spare points take more lands"),
        _("The rulebook's own example. The Romans stand in Dalmatia with the dial at +2 and invade the Balkans: "
          "6 + 2 against 3 is 5 invasion points. The Balkans are mountains and cost 2; 3 points are left to "
          "overrun with: further lands of the same player, each next to the land just taken, 1 point a clear land "
          "and 2 for mountains or forest, with no dice, an army from the Array for each. Never into a fort "
          "(Pindus), never across the sea (Crete), never another player's land (Cy's Rhineland). Anatolia's "
          "mountains take 2 points; on the map the lands taken in this invasion are numbered in order. With 1 "
          "point left only the Levant, next to Anatolia, can follow: Danubia is next to the Balkans, not to "
          "Anatolia."),
        game, ("dalmatia", "balkans", "western_anatolia", "levant", "danubia", "pindus"),
        lambda g: _overrun_steps(g, False))


def overrun_end() -> Demo:
    """The rulebook's overrun finished: the Levant for the last point."""
    game = table(romans_example())
    return run_demo(
        _("The overrun ends"),
        _("The Levant is clear land: the last point takes it. No point is left, the invasion is over, and the "
          "Romans go on expanding from every land they now stand in."),
        game, ("dalmatia", "balkans", "western_anatolia", "levant", "danubia", "pindus"),
        lambda g: _overrun_steps(g, True))


def gold() -> Demo:
    """Gold at the end of an empire's turn: capitals 2, cities 1, monuments 1; presence, dominance, mastery."""
    game = table(_romans(armies={"libya": 0, "nile_delta": 0, "upper_nile": 0, "levant": 0, "palestine": 1,
                                 "pindus": 1, "albion": 0},
                         structures={"albion": "city"}, monuments=["albion"], array=1))
    return run_demo(
        _("Collecting gold"),
        _("When its armies are all placed, the empire reorganises (its armies are resigned, its fleets removed) "
          "and its player collects gold: 2 for each capital, 1 for each city and 1 for each monument in lands "
          "their armies control, then for each area with a value laid: presence (any army) the value, "
          "dominance (more armies than anyone else there) twice, mastery (three or more and nobody else) three "
          "times. Every army of your colour counts, whatever its empire. A player's gold is also their score."),
        game, ("southern_italia", "northern_italia", "libya", "levant"),
        lambda g: act(g, "establish", "expand:northern_italia"), scored=True)


def events() -> Demo:
    """An event card: paid in gold, played before the dice; Siege-craft takes a fort's extra die away."""
    game = table(_romans(armies={"northern_italia": 1}, forts=["northern_italia"],
                         hands={"0": ["siege_craft"]}))
    return run_demo(
        _("Event cards"),
        _("Event cards are paid for in gold (the marker moves back). Only one is in play at a time, and never "
          "after the dice are rolled or during an overrun. A card with a red epoch number may be played only at "
          "the start of the turn in that epoch; a black one in its epoch or any later one. Siege-craft lets the "
          "Romans ignore the fort's extra die: Ben rolls one die, not two."),
        game, ("southern_italia", "northern_italia"),
        lambda g: act(g, "establish", "play:siege_craft", "invade:northern_italia", "roll:5", "roll:4",
                      "roll:3"))


#: One line of the odds table: a label column, then four columns of figures.
_ROW = "{dial:<6}{clear:>16}{mountain:>16}{clear_fort:>16}{mountain_fort:>16}"


def odds_text() -> Msg:
    """The exact chance of taking a land with one roll of 2 dice, by the dial, the terrain and a fort (a text the
    walkthrough prints, in any language: the words are the catalog's, the shares as the reader's locale writes them)."""
    # TRANSLATORS: the head of a table of odds: keep each placeholder and its column width (":<6", ":>16")
    head = _("{dial:<6}{clear:>16}{mountain:>16}{clear_fort:>16}{mountain_fort:>16}", dial=_("dial"), clear=_("clear"),
             mountain=_("mountain"), clear_fort=_("clear + fort"), mountain_fort=_("mountain + fort"))
    rows = []
    for dial in range(4):
        cells = [percent(float(take_odds(2, defend, dial, cost))) for defend in (1, 2) for cost in (1, 2)]
        rows.append(_(_ROW, dial=f"+{dial}", clear=cells[0], mountain=cells[1], clear_fort=cells[2],
                      mountain_fort=cells[3]))
    cont = _("Mountain, no fort, continuing with up to 3 more Array armies: {odds}",
             odds=percent(float(take_odds_continuing(2, 1, 0, 2, 3))))
    return _("{head}\n{row0}\n{row1}\n{row2}\n{row3}\n{last}", head=head, row0=rows[0], row1=rows[1], row2=rows[2],
             row3=rows[3], last=cont)


DEMOS: dict[str, Callable[[], Demo]] = {
    "establishing": establishing,
    "invasion_points": invasion_points,
    "invasion_dial": invasion_dial,
    "overrun": overrun,
    "overrun_end": overrun_end,
    "gold": gold,
    "events": events,
}
"""Every demo of the walkthrough, by name."""
