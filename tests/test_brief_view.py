"""The Brief History view: the map, the Array with its dial and invasion points, overruns as they happen,
exact odds on hover, clicks and buttons (as text, without widgets)."""

from __future__ import annotations

import hotw
from hotw.actions import Action
from hotw.rulesets.brief.odds import take_odds
from hotw.ui.rulesetview import EXTRA_PANELS, PANELS, RulesetView, view_of
from hotw.ui.view import percent
from tests.rules_brief.helpers import roll
from tests.rules_brief.test_overrun import romans_example


def test_the_ruleset_names_its_view_and_every_panel_is_filled() -> None:
    g = hotw.new_game("brief", ["A", "B", "C"], 1)
    v = view_of(g)
    assert isinstance(v, RulesetView) and v.is_draft(g.decision.step)
    panels = v.panels()
    assert set(panels) == set(PANELS) | set(EXTRA_PANELS) and all(isinstance(h, str) for h in panels.values())
    assert set(v.styles()) == set(g.board.spaces)
    # the map's key is folded, as every ruleset's is (open, it covers a corner of the map), each area inside it
    key = panels["region_key"]
    assert key.startswith("<details><summary") and "<details open" not in key
    assert all(name in key for name in g.region_names.values())


def test_hovering_an_invasion_target_shows_the_exact_odds_with_the_dial() -> None:
    g = romans_example()
    v = view_of(g)
    text = v.hover("balkans")
    assert "Click to invade" in text and percent(take_odds(2, 1, dial=2, cost=2)) in text
    assert v.click("balkans") == Action("invade", "balkans")


def test_the_array_shows_the_armies_the_dial_and_the_points_to_overrun_with() -> None:
    g = romans_example()
    v = view_of(g)
    assert 'data-dial="2"' in v.panels()["actor"] and 'data-armies="6"' in v.panels()["actor"]
    g.apply("invade:balkans")
    assert "takes it now" in view_of(g).panels()["actor"]  # the odds of the invasion under way
    roll(g, 6, 5, 3)
    actor = view_of(g).panels()["actor"]
    assert 'data-points="3"' in actor and "Balkans" in actor


def test_an_overrun_shows_on_the_map_land_by_land() -> None:
    g = romans_example()
    g.apply("invade:balkans")
    roll(g, 6, 5, 3)
    v = view_of(g)
    styles = v.styles()
    assert "hotw-battle" in styles["balkans"]["className"]
    assert "hotw-target" in styles["danubia"]["className"] and "hotw-target" in styles["western_anatolia"]["className"]
    assert "hotw-target" not in styles["pindus"]["className"]
    assert v.click("western_anatolia") == Action("overrun", "western_anatolia")
    assert "belongs to a different player" in str(v.click("lower_rhine"))
    g.apply("overrun:western_anatolia")
    v = view_of(g)
    markers = v.markers()
    assert 'data-taken="1"' in markers["balkans"] and 'data-taken="2"' in markers["western_anatolia"]
    assert "Balkans → Western Anatolia" in v.panels()["battle"]
    assert "hotw-battle" in v.styles()["western_anatolia"]["className"]


def test_buttons_cover_what_a_map_click_does_not() -> None:
    g = romans_example()
    g.apply("invade:balkans")
    roll(g, 1, 1, 6)
    labels = {c.action.kind for c in view_of(g).choices().buttons}
    assert labels == {"continue", "abandon"}


def test_the_gold_track_shows_spaces_and_laps() -> None:
    g = hotw.new_game("brief", ["A", "B", "C"], 1,
                      options={"position": {"epoch": 2, "turn": ["assyrians", 0], "gold": [135, 20, 30]}})
    assert "space 35, lap 2" in view_of(g).panels()["score"]


def test_the_table_shows_what_is_off_the_board_and_the_events_played_this_epoch() -> None:
    from hotw.rulesets.brief import demos

    game = demos.events().game
    panels = view_of(game).panels()
    assert "data-colour='0' data-supply='24'" in panels["table"] and "19 of 20 forts" not in panels["table"]
    assert "In the box: 20 of 20 monuments · 20 of 20 forts" in panels["table"]  # Ben's fort went with the land
    assert "data-card='siege_craft'" in panels["events"] and "Ada played <b>Siege-craft</b>" in panels["events"]
    fresh = demos.establishing().game
    assert "No event card played yet in Epoch III" in view_of(fresh).panels()["events"]


def test_the_lands_of_an_invasion_are_numbered_on_the_map_in_order() -> None:
    from hotw.rulesets.brief import demos

    game = demos.overrun().game
    marks = view_of(game).markers()
    assert 'data-taken="1"' in marks["balkans"] and 'data-taken="2"' in marks["western_anatolia"]
    assert "hotw-taken" in marks["western_anatolia"] and "data-taken" not in marks["levant"]
    assert "overrun it" in view_of(game).choices().note


def test_the_gold_breakdown_names_area_values_and_has_no_stray_row() -> None:
    from hotw.rulesets.brief import demos

    html_ = view_of(demos.gold().game).breakdown()
    assert "<th>Area value P / D / M</th>" in html_ and "colour:" not in html_
    assert "data-total='19'" in html_
