"""scripts/classic_log_breaks.py --drift: where the engine's board provably differs from a game log's.

The Vikings of game004.txt build no monument (line 333, "The Vikings have built no monuments") where the engine
builds one on the Pacific Seaboard from the online board's resource symbols. Portugal's tie in the Eastern Ghats
(hotw_game_2.txt line 453) stays held, since its monuments line needs the land, and the log's Mughals expand into it
empty (line 477). The log's Portuguese defend Western Iberia (game003.txt line 458) after a tie the engine gave the
Spaniards (a fort the replay could not build). The Franks' Balkans, Pindus and Morea (game002.txt lines 446, 451,
452), which the engine left with the Byzantines until Pindus's coast on the Western Mediterranean let it play the
Franks' crossing, are no longer differences. The rebels' lands, named by the people they rose
against (game001.txt lines 251-252, the Levant), are not differences. Where a tie left its land empty
(``log_empty_ties``), the board agrees: the Huns' Wei River monument and the T'ang's expansion into the Tarim Basin
(strategidagis_g2.txt lines 208, 221) are no longer differences.
"""

from __future__ import annotations

from tests.rules_classic.helpers import load_script

breaks = load_script("classic_log_breaks")


def _drift(name: str) -> list[str]:
    from hotw.rulesets.classic.logreplay import ONLINE_OPTIONS

    return breaks.drift(name, breaks.replay(breaks.LOGS / name, dict(ONLINE_OPTIONS), breaks._Drift)[1])


def test_the_drift_check_finds_a_monument_the_log_never_built_and_an_expansion_into_a_held_land() -> None:
    found = _drift("game004.txt")
    assert "game004.txt line 333: monuments: the log builds none, the engine {'pacific_seaboard': 1}" in found
    assert all(": monuments: " not in x or "line 333" in x for x in found)  # every other turn builds as logged
    assert "hotw_game_2.txt line 477: expansion: the log's eastern_ghats is empty, the engine has the Portugal there" \
        in _drift("hotw_game_2.txt")


def test_a_tie_that_left_its_land_empty_is_no_difference() -> None:
    # the Huns' tie in the Tarim Basin (line 207) left it empty: no monument there (line 208), the T'ang expand
    # into it (line 221)
    assert not [x for x in _drift("strategidagis_g2.txt") if " line 208: " in x or " line 221: " in x]


def test_the_drift_check_finds_defenders_the_engine_does_not_have_and_not_the_rebels_naming() -> None:
    assert ("hotw_game_2.txt line 350: defender: the log's Guptas in eastern_deccan, the engine's Chola Dynasty (the "
            "log's last line taking it: 228)") in _drift("hotw_game_2.txt")
    # Portugal's fort in Western Iberia, made with an army a Reallocation coin buys back (game003.txt lines 456-458)
    assert not [x for x in _drift("game003.txt") if "defender" in x]
    # the Franks' crossing into Pindus plays (the coast Pindus - Western Mediterranean): their lands are the log's
    assert not [x for x in _drift("game002.txt") if "defender" in x]
    assert not [x for x in _drift("game001.txt") if "defender" in x]  # the Levant's rebels named as Phoenicians
