"""scripts/classic_log_breaks.py --drift: where the engine's board provably differs from a game log's.

The Huns of strategidagis_g2.txt build no monument (line 208, "The Huns have built no monuments") where the engine
builds one on the Wei River from the online board's resource symbols; later holders of the Wei River score it
(lines 223, 290). The log's Franks hold the Balkans, Pindus and Morea when the Ottoman Turks take them (game002.txt
lines 446, 451, 452), lands the engine left with the Byzantines. The rebels' lands, named by the people they rose
against (game001.txt lines 251-252, the Levant), are not differences.
"""

from __future__ import annotations

from tests.rules_classic.helpers import load_script

breaks = load_script("classic_log_breaks")


def _drift(name: str) -> list[str]:
    from hotw.rulesets.classic.logreplay import ONLINE_OPTIONS

    return breaks.drift(name, breaks.replay(breaks.LOGS / name, dict(ONLINE_OPTIONS), breaks._Drift)[1])


def test_the_drift_check_finds_the_wei_river_monument_the_log_never_built() -> None:
    found = _drift("strategidagis_g2.txt")
    assert "strategidagis_g2.txt line 208: monuments: the log builds none, the engine {'wei_river': 1}" in found
    assert all(": monuments: " not in x or "line 208" in x for x in found)  # every other turn builds as logged
    # the Huns' tie in the Tarim Basin (line 216) left it empty in the log: the T'ang expand into it
    assert "strategidagis_g2.txt line 221: expansion: the log's tarim_basin is empty, the engine has the Huns there" \
        in found


def test_the_drift_check_finds_defenders_the_engine_does_not_have_and_not_the_rebels_naming() -> None:
    found = _drift("game002.txt")
    for line, land in ((446, "balkans"), (451, "pindus"), (452, "morea")):
        assert any(x.startswith(f"game002.txt line {line}: defender: the log's Franks in {land}, the engine's "
                                "Byzantines") for x in found), line
    assert not [x for x in _drift("game001.txt") if "defender" in x]  # the Levant's rebels named as Phoenicians
