"""Every decision by keyboard: the pending choices as buttons, the map's targets as a list, folding sections.

A mixin of :class:`hotw.ui.app.GameView` (the choice buttons and the list of lands
a map click would act on) and two small widgets: :class:`Disclosure`, a section
opened and closed by a real button (reachable with Tab, unlike an Accordion's
header), and :class:`TargetList`, the map's targets in a list box (arrow keys
choose one; its hover facts and odds are read out; Tab, Enter plays it).
What each target is, and its label, come from the ruleset's view
(``RulesetView.map_choices``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from hotw.actions import Action
from hotw.i18n import Domain, render
from hotw.ui.rulesetview import Choice, Choices
from hotw.ui.view import seat_badge

#: The layout ``display`` that shows a hidden widget again: an empty string, not None. The browser
#: page's kernel (Pyodide) drops a trait whose new value is None from the message it sends, so a
#: widget shown with None would stay hidden there; "" clears the style in every front end.
SHOWN = ""

_ = Domain("hotw")
t = _.text


class Disclosure(w.VBox):
    """A titled section that a button opens and closes (``on_open`` runs each time it opens)."""

    def __init__(self, title: str, children: list[w.Widget], *, opened: bool = False, css: str = "",
                 on_open: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.title = title
        self.on_open = on_open
        self.button = w.Button(layout=w.Layout(width="auto")).add_class("hotw-disclosure")
        if css:
            self.button.add_class(css)
        self.body = w.VBox(children)
        self.button.on_click(lambda _b: self.toggle())
        self.children = [self.button, self.body]
        self._set(opened)

    @property
    def opened(self) -> bool:
        """True while the section is open."""
        return self.body.layout.display != "none"

    def toggle(self) -> None:
        """Open a closed section, close an open one."""
        self._set(not self.opened)
        if self.opened and self.on_open is not None:
            self.on_open()

    def retitle(self, title: str) -> None:
        """Give the section another title (in another language)."""
        self.title = title
        self._set(self.opened)

    def _set(self, opened: bool) -> None:
        self.body.layout.display = SHOWN if opened else "none"
        self.button.description = ("▾ " if opened else "▸ ") + self.title
        self.button.tooltip = t("Close {section}", section=self.title) if opened else t("Open {section}",
                                                                                          section=self.title)


class TargetList(w.VBox):
    """The lands a map click would act on now, as a list box and a button that plays the one chosen."""

    def __init__(self, on_pick: Callable[[str], None], on_play: Callable[[Action], None]) -> None:
        super().__init__()
        self.add_class("hotw-targets")
        self.choices: tuple[Choice, ...] = ()
        self.on_pick = on_pick
        self.select = w.Select(options=[], rows=6, layout=w.Layout(width="98%"), style={"description_width": "initial"})
        self.select.add_class("hotw-target-list")
        self.go = w.Button(layout=w.Layout(width="auto")).add_class("hotw-target-go")
        self.select.observe(lambda _c: self._picked(), names="index")
        self.go.on_click(lambda _b: self._play(on_play))
        self.children = [self.select, self.go]
        self.layout.display = "none"
        self.label()

    def label(self) -> None:
        """Write the list's words in the active language."""
        self.select.description = t("Lands on the map (arrow keys choose; Tab, Enter plays)")
        self._words()

    def show(self, choices: tuple[Choice, ...]) -> None:
        """List ``choices`` (hidden when there are none); the first is chosen."""
        if choices == self.choices:
            return
        self.choices = choices
        self.select.options = [(render(c.label), i) for i, c in enumerate(choices)]
        self.layout.display = SHOWN if choices else "none"
        self.select.index = None  # nothing is chosen until a person chooses (arrow keys or a click)
        self._picked()

    @property
    def chosen(self) -> Choice | None:
        """The choice highlighted in the list, if any."""
        index = self.select.index
        return self.choices[index] if index is not None and 0 <= index < len(self.choices) else None

    def _words(self) -> None:
        choice = self.chosen
        label = render(choice.label) if choice else ""
        self.go.description = label.split(": ", 1)[0] if choice else t("Choose a land in the list")
        self.go.disabled = choice is None
        self.go.tooltip = label

    def _picked(self) -> None:
        self._words()
        choice = self.chosen
        if choice is not None and choice.space:
            self.on_pick(choice.space)

    def _play(self, on_play: Callable[[Action], None]) -> None:
        choice = self.chosen
        if choice is not None:
            on_play(choice.action)


class ChoicePanel:
    """The buttons of the pending decision and the list of the map's targets, for a :class:`GameView`."""

    def _update_choices(self) -> None:
        game = self.game
        d = game.decision
        if self.replaying:
            key: Any = ("replay",)
        elif not game.is_over and d.player in self.bots:
            key = ("computer", d.player, self._running)
        else:
            key = self.view.choices()
        targets = () if self.replaying or self._running else self.view.map_choices(self.humans)
        self.targets.show(targets)
        if key == self._choice_key:
            return
        self._choice_key = key
        for child in self.choices.children:
            child.close()
        self.choices.children = self._choice_widgets(key)

    def _choice_button(self, label: str, action: Action, cls: str = "") -> w.Button:
        b = w.Button(description=render(label), tooltip=render(action.text()), layout=w.Layout(width="auto", max_width="100%"))
        b.add_class("hotw-choice")
        if cls:
            b.add_class(cls)
        played = self._on_choice(action)

        def click(button: w.Button) -> Any:
            self._focus_wanted = True  # a decision made with a button: the next one gets the focus
            return played(button)

        b.on_click(self._guarded(click))
        return b

    def _focus_next(self) -> None:
        """Give the keyboard focus to the next decision after one made with a button (the list of lands, else its
        first button): without it the focus falls back to the page and a keyboard user Tabs all the way back."""
        if not getattr(self, "_focus_wanted", False) or self._running or self.replaying:
            return
        self._focus_wanted = False
        if self.targets.choices:
            self.targets.select.focus()
            return
        first = next((c for c in self.choices.children if isinstance(c, w.Button)), None)
        if first is not None:
            first.focus()

    def _on_choice(self, action: Action) -> Callable[[w.Button], Any]:
        """What a click on the button of ``action`` does: play it (a page that sends moves elsewhere may
        bind the button to the game it was drawn for)."""
        return lambda _b: self.act(action)

    def _choice_widgets(self, found: Choices | tuple[Any, ...]) -> list[w.Widget]:
        if not isinstance(found, Choices):
            if found[0] == "replay":
                return [w.HTML(t("This is a replay of the game: press <b>Back to the game</b> to play on."))]
            _key, seat, running = found  # a seat the computer plays
            note = (t("The computer is playing.") if running else
                    t("Press <b>Next step</b> for its next move, or <b>Play on</b> to let the computer play "
                      "until it is a person's turn."))
            return [w.HTML(t("{seat} is played by the computer.", seat=seat_badge(self.game, seat)) + " " + note)]
        out: list[w.Widget] = [w.HTML(render(found.prompt))] if found.prompt else []
        for choice in found.buttons:
            if choice.detail:
                out.append(w.HTML(render(choice.detail)))
            out.append(self._choice_button(choice.label, choice.action, choice.css))
        if found.note:
            out.append(w.HTML(render(found.note)))
        return out
