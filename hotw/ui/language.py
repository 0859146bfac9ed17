"""The notebook game's words: every label, tooltip and section title in the game's language, and the menu that changes it.

A mixin of :class:`hotw.ui.app.GameView`. The widgets are built without words;
:meth:`LanguageMenu.label` writes them in the active language (the app calls it under
``speaking(self.lang)``), so choosing another language in the menu writes them again,
then draws the map, the panels and the log again. The game itself does not change.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from hotw.i18n import LANGUAGES, Domain, check_language, render, speaking
from hotw.ui.mapparts import app_css

_ = Domain("hotw")
t = _.text

__all__ = ["LanguageMenu", "speed_label"]


def speed_label(key: str) -> str:
    """The name of a speed of the computer's play, in the active language."""
    names = {"instant": t("instant"), "fast": t("fast"), "normal": t("normal"), "slow": t("slow"),
             "step by step": t("step by step")}
    return names.get(key, key)


def section_titles() -> dict[str, str]:
    """The titles of the panels beside and under the map, by their key."""
    return {
        "score": t("Score track"), "actor": t("Playing now"), "choices": t("Your choices"), "battle": t("Battle"),
        "events": t("Event cards played this epoch"), "table": t("Off the board"),
        "breakdown": t("Scoring breakdown of the last turn"), "log": t("Game log (newest first)"),
    }


class LanguageMenu:
    """The language menu of a :class:`~hotw.ui.app.GameView` and the words of its controls."""

    lang: str

    def _build_language_menu(self) -> w.Dropdown:
        self.language_menu = w.Dropdown(options=[(name, code) for code, name in LANGUAGES.items()], value=self.lang,
                                        style={"description_width": "initial"},
                                        layout=w.Layout(width="auto")).add_class("hotw-language")
        self.language_menu.observe(self._guarded(lambda change: self.set_language(change["new"])), names="value")
        return self.language_menu

    def set_language(self, lang: str) -> None:
        """Draw everything again in ``lang`` ('en', 'ja', 'es'); the game is unchanged."""
        code = check_language(lang)
        if code == self.lang and self.language_menu.value == code:
            return
        self.lang = code
        if self.language_menu.value != code:
            self.language_menu.value = code  # its observer comes back here, and finds nothing to do
        with speaking(code):
            self.label()
            self._saved_cut = -1  # the save link's words, in the new language
            self.timing.value = ""  # the last click's time, in words of the old language
            if self.replaying:  # the caption of the move shown, in the new language
                self.show_step(self._step_shown)
                return
            shown = self.breakdown_pick.value  # the breakdown stays on the turn the reader chose
            self._reset_panels()
            self._focus_turn = shown
            self._draw_message()
            self.refresh()

    def label(self) -> None:
        """Write every label, tooltip and title of the controls in the game's language."""
        with speaking(self.lang):
            self._words()

    def _words(self) -> None:
        """Every label, tooltip and title of the controls in the active language (a page adds its own)."""
        self.css.value = app_css(self.view) + f"<span class='hotw-lang' data-lang='{self.lang}' hidden></span>"
        self.language_menu.description = t("Language")
        self.language_menu.tooltip = t("The language of the game's words (the game does not change)")
        tips = {
            self.next_button: (t("Next step"), t("The computer plays one decision: the one pending now, whoever's it is")),
            self.epoch_button: (t("Computer plays all: rest of epoch"),
                                t("The computer plays every seat, yours too, to the end of this epoch")),
            self.end_button: (t("Computer plays all: to the end"),
                              t("The computer plays every seat, yours too, to the end of the game")),
            self.undo_button: (t("Undo"), t("Take back the last decision of a person")),
            self.save_button: (t("Save game"), t("Make a JSON save file of the game as it is now")),
            self.replay_button: (t("Replay the game"), t("Step through the game so far on the map, move by move")),
        }
        for button, (text, tip) in tips.items():
            button.description, button.tooltip = text, tip
        for button, text, tip in self._replay_words():
            button.description, button.tooltip = text, tip
        self.replay_slider.description = t("Move")
        value = self.speed.value
        self.speed.options = [(speed_label(k), k) for k in self._speeds]
        self.speed.value = value
        self.speed.description, self.speed.tooltip = t("Speed"), t("How fast the computer's seats play")
        self.breakdown_pick.description = t("Turn")
        self.upload.description = t("Load a saved game")
        self.upload.tooltip = t("Load a saved game (.json) or the game log of a real game (.txt)")
        titles = section_titles()
        for key, box in self.section_boxes.items():
            box.value = f"<div class='hotw-section'>{titles[key]}</div>"
        self.board_fold.retitle(t("The board as a table (for screen readers)"))
        self.save_fold.retitle(t("Save / load"))
        self.regions_fold.retitle(t("Regions and map key"))
        self.targets.label()
        if not self._hovered:
            self.hover.value = t("Point at a territory (or choose one in the list of lands) to see its region, "
                                 "terrain, owner and battle odds.")

    def _replay_words(self) -> list[tuple[w.Button, str, str]]:
        b = self.replay_buttons
        return [
            (b["epoch-back"], t("« Epoch"), t("Go to the start of this epoch (or of the one before)")),
            (b["back"], t("◀ Move"), t("One move back")),
            (b["next"], t("Move ▶"), t("One move on")),
            (b["epoch-next"], t("Epoch »"), t("Go to the start of the next epoch")),
            (b["leave"], t("Back to the game"), t("Leave the replay and play on")),
        ]

    # -- the message area ------------------------------------------------------------------
    def say(self, text: Any, illegal: bool = False) -> None:
        """Show a sentence (a Msg, Term or str) in the message area; it is said again when the language changes."""
        self._said = [(text, "illegal" if illegal else "")]
        self._draw_message()

    def say_more(self, text: Any, sentence: bool = True) -> None:
        """Add a sentence (or, with ``sentence=False``, a remark) to the message area."""
        self._said.append((text, "sentence" if sentence else "remark"))
        self._draw_message()

    def _draw_message(self) -> None:
        import html

        out = []
        # TRANSLATORS: what joins two sentences of the message area ("Taken back: ... Then the computer played ...")
        stop = render(_(". "), self.lang)
        for text, how in getattr(self, "_said", []):
            words = html.escape(render(text, self.lang))
            if how == "illegal":
                out.append(f"<span class='hotw-illegal'>{words}</span>")
            elif how in ("sentence", "remark"):
                out.append(f"{html.escape(stop) if how == 'sentence' else ' '}<span>{words}</span>")
            else:
                out.append(f"<span>{words}</span>")
        self.message.value = "".join(out)
