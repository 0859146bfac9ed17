"""The classic rules walkthrough: each rule of the classic edition played by the engine on a small situation.

Every demo is a plain function returning a :class:`Demo` (the game after the rule
was played, the lands to look at, and what happened), so the walkthrough notebook
(``notebooks/07_classic_walkthrough.ipynb``) shows exactly what the engine does
and the tests keep it honest. The dice are fixed in each demo (a battle's chance
steps are the attacker's highest die, then the defender's), so the story is the
same every time. The lesson widgets draw a demo through the game's ruleset view.

>>> demo = battle_tie()
>>> demo.happened[0]
'Epoch I, both armies die in Libya'
"""

from __future__ import annotations

from typing import Any, Callable

import hotw
from hotw.actions import Action
from hotw.demo import Demo
from hotw.demo import run_demo as play_demo
from hotw.i18n import Domain
from hotw.rulesets.classic.battle import conquest_odds
from hotw.rulesets.classic.game import ClassicGame

__all__ = ["DEMOS", "Demo", "battle_border", "battle_tie", "called", "capitol_flip", "fort", "keep_or_give",
           "odds_text", "preeminence", "scoring", "table"]

_ = Domain("classic")

PLAYERS = ["Ada", "Ben", "Cy"]
"""The three players of every demo: Ada (seat 0), Ben (seat 1), Cy (seat 2)."""


def table(empires: tuple[str, ...] = ("egypt", "babylonia", "shang"), first: int = 0) -> ClassicGame:
    """A three-player game at the first empire's turn of Epoch I: dealt, ``first`` drawing first, ``empires`` kept.

    The event cards are dealt in the piles' order (the demos play no events).
    """
    game = hotw.new_game("classic", PLAYERS, 0, auto_chance=False)
    while game.phase == "deal":
        game.apply(game.legal_actions()[0])
    game.apply(Action("draw", str(first)))
    for empire in empires:
        game.apply(Action("draw", empire))
        if game.phase == "keep_or_give":
            game.apply("keep")
    return game


def called(lands: dict[str, int] | None = None, forces: dict[str, str] | None = None, **fields: Any) -> ClassicGame:
    """The same table as :func:`table` (Egypt for Ada, Babylonia for Ben, the Shang Dynasty for Cy), set up as a
    position as Egypt is called: ``lands`` armies already on the board (land -> seat) of the ``forces`` named,
    ``fields`` the position's other fields (``forts``, ``structures``). No event card is dealt."""
    position: dict[str, Any] = {"epoch": 1, "turn": ["egypt", 0], "later": [["babylonia", 1], ["shang", 2]]}
    if lands:
        position["armies"] = dict(lands)
        position["forces"] = {land: (forces or {}).get(land, "an earlier empire") for land in lands}
    position.update(fields)
    game = hotw.new_game("classic", PLAYERS, 0, auto_chance=False, options={"position": position})
    assert isinstance(game, ClassicGame)
    return game


def roll(game: ClassicGame, *faces: int) -> None:
    """Apply dice: each face is one chance step (the attacker's highest die, then the defender's)."""
    for face in faces:
        game.apply(Action("roll", str(face)))


def act(game: ClassicGame, *texts: str) -> None:
    """Apply actions given as text."""
    for text in texts:
        game.apply(text)


def build(game: ClassicGame, land: str) -> None:
    """Build every monument the acting empire has earned in ``land``."""
    while game.decision.step == "monument":
        game.apply(Action("monument", land))


def _scores(line: str) -> bool:
    """A turn's score line."""
    return " score " in line


def run_demo(title: str, explanation: str, game: ClassicGame, focus: tuple[str, ...],
             steps: Callable[[ClassicGame], None], scored: bool = False) -> Demo:
    """Play ``steps`` on ``game`` (:func:`hotw.demo.run_demo`) and return the Demo with the log lines they wrote
    and the battles they decided. With ``scored`` the story stops at the first score line (the end of the demo
    empire's turn)."""
    return play_demo(title, explanation, game, focus, steps, ends=_scores if scored else None, scored=scored)


def _egypt(lands: dict[str, int] | None = None, forces: dict[str, str] | None = None, **fields: Any) -> ClassicGame:
    """Egypt's turn (Ada), begun in the Nile Delta, from a position with ``lands`` held (Libyans unless
    ``forces`` say otherwise) and ``fields`` (forts, structures) laid out."""
    lands = lands or {}
    game = called(lands, {land: "Libyans" for land in lands} | (forces or {}), **fields)
    game.apply("begin")
    return game


def keep_or_give() -> Demo:
    """The draw: keep the empire card, or give it to a player who has none; the receiver must keep it."""
    game = table(empires=())
    return run_demo(
        _("Drawing empires: keep or give"),
        _("At the start of an epoch each player in turn draws an empire card. You may keep it, or give it to a "
         "player who has no empire yet; that player must keep it and does not draw. Whoever gave a card away "
         "draws again later and must keep that second card."),
        game, ("nile_delta", "middle_tigris"),
        lambda g: act(g, "draw:babylonia", "give:1", "draw:shang", "keep", "draw:egypt", "begin"))


def battle_border() -> Demo:
    """A battle across a mountain border: the defender rolls 2 dice; the highest die of each side decides."""
    game = called({"zagros": 0}, {"zagros": "Elamites"})
    act(game, "begin", "end_turn", "monument:nile_delta", "begin")  # Egypt's turn passes; Babylonia begins
    return run_demo(
        _("A battle: the dice depend on the border"),
        _("To conquer a land you move an army into it. The attacker rolls 2 dice and the defender 1, but the "
         "defender rolls 2 dice behind a mountain border, the Great Wall, a strait or in a forest, and 3 dice "
         "against an attack from the sea. Each side keeps its highest die; the higher wins. Zagros lies behind "
         "the mountains east of Mesopotamia."),
        game, ("middle_tigris", "zagros"), lambda g: (act(g, "invade:zagros"), roll(g, 5, 3)))


def battle_tie() -> Demo:
    """A tie: both armies die, and the next army may walk into the empty land."""
    return run_demo(
        _("A tie removes both armies"),
        _("When the highest dice are equal, both the attacker's and the defender's army die. The land is empty, "
         "so the attacker's next army may simply move in. (The 1993 rules rolled a tie again; that is the "
         "option tie_rule='reroll'.)"),
        _egypt({"libya": 1}), ("nile_delta", "libya"),
        lambda g: (act(g, "invade:libya"), roll(g, 4, 4), act(g, "invade:libya")))


def fort() -> Demo:
    """A fort adds 1 to its defender and dies first: a lost or tied round removes only the fort."""
    return run_demo(
        _("A fort adds 1 and falls first"),
        _("An army not yet placed may become a fort in a land you hold. Later, its defender adds 1 to the highest "
         "die. If the fort's defender loses or ties, only the fort is removed and the battle goes on."),
        _egypt({"libya": 1}, forts=["libya"]), ("nile_delta", "libya"),
        lambda g: (act(g, "invade:libya"), roll(g, 5, 4, 6, 2), act(g, "fort:libya")))


def capitol_flip() -> Demo:
    """Conquering a capitol flips it to a city (a city conquered is removed)."""
    return run_demo(
        _("A capitol conquered becomes a city"),
        _("An army that conquers a land with a capitol turns it into a city (worth 1 point, not 2); a city that "
         "is conquered is removed."),
        _egypt({"libya": 1}, structures={"libya": "capitol"}), ("nile_delta", "libya"),
        lambda g: (act(g, "invade:libya"), roll(g, 6, 2)))


def scoring() -> Demo:
    """Area scoring at the end of a turn: presence, dominance and control, then capitols, cities and monuments."""
    game = _egypt({"zagros": 1, "lower_indus": 0}, {"zagros": "Elamites", "lower_indus": "Harappans"})
    return run_demo(
        _("Scoring the areas"),
        _("When an empire's turn ends, its player scores every area from the chart of the epoch: presence (one "
         "land), dominance (2 lands and more than any other player) or control (3 lands and nobody else there). "
         "All the armies of your colour count, whatever their empire. Then 2 points a capitol, 1 a city and 1 a "
         "monument. Here Egypt controls North Africa and dominates the Middle East (2 lands against Ben's 1); "
         "for the lesson, another army of Ada's colour stands in the Lower Indus, present in India."),
        game, ("nile_delta", "libya", "upper_nile", "palestine", "levant", "zagros"),
        lambda g: (act(g, "invade:libya", "invade:upper_nile", "invade:palestine", "invade:levant"),
                   build(g, "nile_delta")), scored=True)


def preeminence() -> Demo:
    """After every player has scored, the leader takes a secret pre-eminence marker; the next draw starts lowest."""
    game = table()

    def steps(g: ClassicGame) -> None:
        act(g, "begin", "invade:libya", "invade:upper_nile", "end_turn")
        build(g, "nile_delta")
        for _turn in range(2):  # Babylonia and the Shang Dynasty begin and end at once
            act(g, "begin", "end_turn")
            build(g, g.content.empires[g.empire].start[0] if g.empire else "")
        g.apply(Action("draw", "5"))  # the marker drawn (its value stays secret until the end)

    return run_demo(
        _("Pre-eminence"),
        _("Once every player's empire has played and scored, the player with the highest score takes a "
         "pre-eminence marker, worth 3 to 6 points, face down: nobody may look at it until the end of the game. "
         "Then the next epoch's draw begins, lowest score first."),
        game, ("nile_delta", "middle_tigris", "yellow_river"), steps)


def odds_text() -> str:
    """The exact odds of one army's attack by the defender's dice, with and without a fort, as a small table."""
    lines = [f"{'the defender rolls':<32}{'win':>6}{'tie':>6}{'lose':>6}   (one army attacking with 2 dice)"]
    for dice, why in ((1, "open border"), (2, "mountain, forest"), (3, "from the sea")):
        for fort in (False, True):
            odds = conquest_odds(2, dice, fort=fort)
            label = f"{dice} {'die' if dice == 1 else 'dice'} ({why}){' + fort' if fort else ''}"
            lines.append(f"{label:<32}" + "".join(f"{float(odds[k]):>6.0%}" for k in ("win", "tie", "lose")))
    return "\n".join(lines)


DEMOS: dict[str, Callable[[], Demo]] = {
    "keep_or_give": keep_or_give,
    "battle_border": battle_border,
    "battle_tie": battle_tie,
    "fort": fort,
    "capitol_flip": capitol_flip,
    "scoring": scoring,
    "preeminence": preeminence,
}
"""Every classic walkthrough demo by name, in the walkthrough's order."""
