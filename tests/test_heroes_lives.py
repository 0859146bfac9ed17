"""Heroes' lives on the map: the data is checked (every problem named), and the lesson widget shows exactly it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from hotw.carddata import DATA_DIR
from hotw.errors import ContentError
from hotw.rulesets.heroes.cardcheck import load_content
from hotw.rulesets.heroes.lives import load_lives, validate_lives


def test_the_documented_hero_and_more_than_a_dozen_others_have_lives() -> None:
    heroes = load_content().heroes
    lives = load_lives()
    documented = {h for h, card in heroes.items() if card.provenance == "documented"}
    assert documented <= set(lives) and len(set(lives) - documented) >= 12
    assert {heroes[h].era for h in lives} == {"antiquity", "modern"}
    assert len({a for h in lives for a in heroes[h].areas}) == 9  # every area of the board has a hero's life


def test_every_place_has_coordinates_a_date_a_one_line_note_and_sources() -> None:
    heroes = load_content().heroes
    for hero, life in load_lives().items():
        assert life.provenance == "authored" and life.sources and len(life.places) >= 3, hero
        assert [p.year for p in life.places] == sorted(p.year for p in life.places), hero
        for p in life.places:
            assert -90 <= p.lat <= 90 and -180 <= p.lon <= 180 and p.year <= heroes[hero].year, (hero, p.name)
            assert p.note and "\n" not in p.note and len(p.note) < 300 and 1 <= len(p.sources) <= 2, (hero, p.name)


def test_a_broken_file_names_every_problem(tmp_path: Path) -> None:
    data = tmp_path / "heroes"
    shutil.copytree(DATA_DIR / "heroes", data)
    doc = json.loads((data / "lives.json").read_text(encoding="utf-8"))
    doc["lives"][0]["places"][0]["lat"] = 123
    doc["lives"][1]["hero"] = "napoleon_bonaparte"
    del doc["lives"][2]["places"][1]["sources"]
    doc["lives"][3]["provenance"] = "documented"
    (data / "lives.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        validate_lives(data, load_content().heroes)
    text = str(err.value)
    assert "lives.json: charlemagne: place 1: lat must be a number of degrees from -90 to 90" in text
    assert "lives.json: napoleon_bonaparte: is not a hero of heroes.json" in text
    assert "lives.json: hannibal: place 2: missing field 'sources'" in text
    assert "lives.json: cleopatra: provenance" in text


def test_the_hero_life_widget_shows_the_card_areas_and_the_numbered_places() -> None:
    pytest.importorskip("ipyleaflet")
    from hotw.ui import lesson
    from hotw.ui.lessonheroes import INFLUENCE_FILL

    view = lesson.HeroLife("charlemagne")
    life = load_lives()["charlemagne"]
    assert [list(m.location) for m in view.pins.layers] == [[p.lat, p.lon] for p in life.places]
    assert view.path.locations == [[p.lat, p.lon] for p in life.places]
    styles = view.map.styles()
    assert styles["europe"]["fillColor"] == INFLUENCE_FILL and styles["china"]["fillColor"] != INFLUENCE_FILL
    html = view.card.value
    assert "data-places='5'" in html and "Einhard" in html and "Charles the Great" in html
    assert html.index("Pavia") < html.index("Rome") < html.index("Aachen")
    view.pick.value = "zheng_he"
    assert len(view.pins.layers) == 5 and "Malindi" in view.card.value
    assert view.map.styles()["africa"]["fillColor"] == INFLUENCE_FILL
    assert lesson.life_places("hannibal").splitlines()[2] == "3. The Alps (218 BC)"
