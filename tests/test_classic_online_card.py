"""Under the online game's options the classic empire card reads what the game uses: the Seljuks' capitol
(``online_capitols``), the online card's navigation (``online_navigation``) and the Incas and Aztecs' monument more
(``online_monuments``), in the view's card and in the bots' value of a drawn card, from the one
place the rules decide them (``ClassicGame.empire_capitol``, ``empire_navigation``, ``empire_monuments_more``),
where the empire's turn reads them too; the bots weigh a land's resource symbols as the game counts them
(``ClassicGame.resources``, the online board's under ``online_resources``)."""

from __future__ import annotations

import hotw
from hotw.bots import make_bot
from hotw.i18n import render
from hotw.observation import observation
from hotw.rulesets.classic.logreplay import ONLINE_OPTIONS
from hotw.rulesets.classic.view import view


def _games() -> tuple[hotw.Game, hotw.Game]:
    names = ["A", "B", "C", "D"]
    return hotw.new_game("classic", names, 1), hotw.new_game("classic", names, 1, options=ONLINE_OPTIONS)


def test_the_card_shows_the_seljuks_capitol_under_the_online_options() -> None:
    printed, online = _games()
    assert not printed.content.empires["seljuks"].capitol  # the 1993 card gives them none
    card = render(view(online)._empire_html("seljuks"))
    assert " · capitol · " in card and "no capitol" not in card
    assert "no capitol" in render(view(printed)._empire_html("seljuks"))


def test_the_card_shows_the_navigation_the_game_places_fleets_by() -> None:
    printed, online = _games()
    spaces = online.board.spaces
    assert printed.content.empires["macedonia"].navigation != online.empire_navigation("macedonia")
    for game in (printed, online):
        card = render(view(game)._empire_html("macedonia"))
        seas = card.split("navigation: ")[1].split("<br>")[0]
        assert seas == ", ".join(render(spaces[w].name) for w in game.empire_navigation("macedonia"))
    assert "Black Sea" in render(view(online)._empire_html("macedonia"))
    assert "Black Sea" not in render(view(printed)._empire_html("macedonia"))


def test_the_turn_and_the_bots_read_the_same_place() -> None:
    printed, online = _games()
    assert online.empire_capitol("seljuks") and not printed.empire_capitol("seljuks")
    for game in (printed, online):
        obs, bot = observation(game, 0), make_bot("heuristic:hard", 0, "classic")
        for empire in ("seljuks", "macedonia", "incas_aztecs"):
            assert obs.capitol(empire) == game.empire_capitol(empire)
            assert obs.monuments_more(empire) == game.empire_monuments_more(empire)
            assert bot._card_value(obs, empire) == (obs.strength(empire) + 2 * game.empire_capitol(empire)
                                                    + len(game.empire_navigation(empire))
                                                    + game.empire_monuments_more(empire))
    # the Seljuks' turn under the online options founds the capitol the card shows
    game = hotw.new_game("classic", ["A", "B", "C", "D"], 1,
                         options={**ONLINE_OPTIONS, "position": {"epoch": 5, "turn": ["seljuks", 0]}})
    assert game.empire == "seljuks" and render(view(game)._empire_html(game.empire)).count("no capitol") == 0
    game.apply("begin")  # no event: the empire is called
    assert game.actor is not None and game.actor.capitol
    assert game.actor.navigation == game.empire_navigation("seljuks")


def test_the_card_shows_the_incas_and_aztecs_monument_more_under_the_online_options() -> None:
    # online_monuments.json: the online game builds them one monument more than their symbols give
    printed, online = _games()
    assert online.empire_monuments_more("incas_aztecs") == 1 and printed.empire_monuments_more("incas_aztecs") == 0
    assert " · 1 monument more than its symbols give · " in render(view(online)._empire_html("incas_aztecs"))
    assert "monument more" not in render(view(printed)._empire_html("incas_aztecs"))
    assert "monument more" not in render(view(online)._empire_html("seljuks"))


def test_the_bots_weigh_the_resource_symbols_the_game_counts() -> None:
    from hotw.rulesets.classic.links import online_resources

    names = ["A", "B", "C", "D"]
    online = hotw.new_game("classic", names, 1, options=ONLINE_OPTIONS)
    printed = hotw.new_game("classic", names, 1, options={**ONLINE_OPTIONS, "online_resources": False})
    changed = online_resources(online.board)
    land = next(t for t, n in sorted(changed.items()) if n != online.board.spaces[t].resources)
    bot = make_bot("heuristic:hard", 0, "classic")
    gains = []
    for game in (printed, online):
        obs = observation(game, 0)
        assert obs.resources(land) == game.resources(land)
        gains.append(bot._land_gain(obs, 0, land))
    # the same empty land on the same board, but for its symbols: half a point a symbol apart
    assert gains[1] - gains[0] == 0.5 * (changed[land] - printed.board.spaces[land].resources)
