"""The Heroes of the World card data: counts, ranges, provenance, sources, and every problem named by file and id."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from hotw.carddata import DATA_DIR
from hotw.errors import ContentError
from hotw.rulesets.heroes.cardcheck import load_content, validate
from hotw.rulesets.heroes.cards import EFFECTS

ROOT = Path(__file__).resolve().parent.parent


def test_the_box_counts() -> None:
    c = load_content()
    assert len(c.heroes) == 76 and len(c.heroes_of("antiquity")) == 38 == len(c.heroes_of("modern"))
    assert len(c.progress) == 53
    assert len(c.wonders) == 9 and len(c.wonders_of("antiquity")) == 5 and len(c.wonders_of("modern")) == 4
    assert sorted(w.effect for w in c.wonders.values()) == sorted(EFFECTS)


def test_every_hero_is_checked() -> None:
    c = load_content()
    for h in c.heroes.values():
        assert 0 <= h.population <= 7 and 1 <= h.progress <= 3 and 0 <= h.conquest <= 4 and 0 <= h.treasure <= 5
        assert h.alignment in ("conqueror", "discoverer", "mixed") and h.areas and h.dates and h.title
        assert h.sources and h.note
    charles = c.heroes["charlemagne"]
    assert (charles.era, charles.areas, charles.population, charles.progress, charles.conquest, charles.treasure) == (
        "modern", ("europe", "mediterranean"), 4, 1, 4, 0)
    assert charles.provenance == "documented" and "Heroes of the World rulebook" in (charles.source or "")


def test_progress_and_wonders() -> None:
    c = load_content()
    stated = {"banks": 4, "physics": 3, "painting": 3, "teaching": 2}
    for pid, points in stated.items():
        tile = c.progress[pid]
        assert tile.points == points and tile.provenance == "documented" and "points" not in tile.authored_fields
    assert len(c.progress_of("antiquity")) == 24 and len(c.progress_of("modern")) == 29
    assert c.progress["wheel"].provenance == "authored"
    assert sum(1 for t in c.progress.values() if t.provenance == "documented") == 52
    for w in c.wonders.values():
        assert w.points == 3 and w.provenance == "documented" and w.ability


def test_every_problem_is_named_by_file_and_id(tmp_path: Path) -> None:
    for name in ("heroes.json", "progress.json", "wonders.json"):
        shutil.copy(DATA_DIR / "heroes" / name, tmp_path / name)
    heroes = json.loads((tmp_path / "heroes.json").read_text(encoding="utf-8"))
    heroes["heroes"][0]["population"] = 9
    heroes["heroes"][1]["areas"] = ["atlantis"]
    heroes["heroes"][2]["areas"] = ["europe"]
    heroes["heroes"][3]["year"] = 1500
    heroes["heroes"][4]["sources"] = []
    (tmp_path / "heroes.json").write_text(json.dumps(heroes), encoding="utf-8")
    wonders = json.loads((tmp_path / "wonders.json").read_text(encoding="utf-8"))
    wonders["wonders"][0]["effect"] = "teleport"
    (tmp_path / "wonders.json").write_text(json.dumps(wonders), encoding="utf-8")
    progress = json.loads((tmp_path / "progress.json").read_text(encoding="utf-8"))
    progress["progress"].pop()
    (tmp_path / "progress.json").write_text(json.dumps(progress), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        validate(tmp_path)
    text = "\n".join(err.value.problems)
    ids = [h["id"] for h in heroes["heroes"][:5]]
    assert f"heroes.json: {ids[0]}: population must be a whole number from 0 to 7" in text
    assert f"heroes.json: {ids[1]}: area 'atlantis' is not an area of the board" in text
    assert f"heroes.json: {ids[2]}: an antiquity hero cannot name a modern area (europe)" in text
    assert f"heroes.json: {ids[3]}: an antiquity hero's year is at most 600" in text
    assert f"heroes.json: {ids[4]}: sources must list one or two references" in text
    assert f"wonders.json: {wonders['wonders'][0]['id']}: effect must be one of" in text
    assert "progress.json: has 52 progress tiles; the box has 53" in text


def test_the_product_names_its_source_by_title_only() -> None:
    places = [ROOT / "hotw", ROOT / "docs", ROOT / "tests"]
    for place in places:
        for path in place.rglob("*"):
            if path.suffix in (".py", ".json", ".md") and path.name != Path(__file__).name:
                text = path.read_text(encoding="utf-8")
                assert "/work/shared" not in text and "../shared" not in text, path
