"""An event's battle tied against a fort, under the online tie rule: the event's army dies with the fort and the
defender holds the land, as in an empire's battle (docs/rules-classic.md, section 5, the tie rows).

The logs: "The Rebel Romans and the Romans destroyed each other in Southern Italia" (game005.txt line 236), then the
Goths fight the Romans there (lines 241-242); the Barbarians and the Celts tie in Central Europe (hotw_game_2.txt line
269) and the Anglo-Saxons fight the Celts there (lines 271-272); the Barbarians and the Han in the Wei River
(strategidagis_r8.txt line 188), then the Romans fight the Han there (lines 210-211). Without a fort an event's tie
stays the printed one, both die (game002.txt lines 65-67).
"""

from __future__ import annotations

from typing import Any

from tests.rules_classic.helpers import LOGS, act, called, replay_of, roll


def _barbarians_at_a_fort(**options: Any) -> Any:
    """Ada's Barbarians come out of the Sahara and attack Ben's army and fort in Libya; the dice tie (5 against 4
    and the fort's 1)."""
    game = called("romans", 0, hands={0: ["barbarians"]}, armies={"libya": 1}, forts=["libya"], options=options)
    act(game, "play_event:barbarians", "target:sahara", "target:libya")
    roll(game, 5, 4)
    return game


def test_online_an_event_s_tie_at_a_fort_kills_its_army_with_the_fort_and_the_defender_holds() -> None:
    online = _barbarians_at_a_fort(tie_rule="attacker_enters")
    assert online.owner["libya"] == 1 and "libya" not in online.forts
    assert online.battle is None and online.phase == "events"  # the Barbarians lost: their raid is over
    printed = _barbarians_at_a_fort()
    assert "libya" not in printed.forts and printed.battle is not None  # the fort falls, the battle goes on


def test_online_an_event_s_tie_without_a_fort_still_kills_both() -> None:
    game = called("romans", 0, hands={0: ["barbarians"]}, armies={"libya": 1}, options={"tie_rule": "attacker_enters"})
    act(game, "play_event:barbarians", "target:sahara", "target:libya")
    roll(game, 4, 4)
    assert "libya" not in game.owner


def test_the_logs_defenders_hold_after_an_event_s_tie_and_are_fought_there_as_logged() -> None:
    for name, lines in (("game005.txt", (241, 242)), ("hotw_game_2.txt", (271, 272)),
                        ("strategidagis_r8.txt", (210, 211))):
        assert not [n.line for n in replay_of(LOGS / name).notes if n.line in lines], name
