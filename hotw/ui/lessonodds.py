"""The battle-odds explorer and the what-if lab's one-line helpers and plots, for the classroom notebooks.

The odds explorer teaches the 2018 battle (its siege rounds and catapult); the plots
read the tables of :func:`hotw.simulate`.
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as w

import hotw
from hotw.i18n import Domain, Msg, Term, joined, num, percent, render
from hotw.rulesets.hotw2018.battle import BattleSetup, catapult_bonus, siege_report
from hotw.history import (load_extents, timeline)
from hotw.ui import view
from hotw.ui.lessonmap import ALL_DEMOS, _css


esc = html.escape
_ = Domain("lessons")
t, tn = _.text, _.text_plural


def _outcome(key: str) -> str:
    return {"win": t("win"), "tie": t("tie"), "lose": t("lose")}[key]

# -- battle odds ------------------------------------------------------------------------------------


def odds_html(setup: BattleSetup, odds: Mapping[str, Any], attack: Any = None, armies: int = 0) -> str:
    """The odds of one battle (and of a whole attack with siege rounds) as a table with bars."""
    colours = {"win": "#009E73", "tie": "#999999", "lose": "#D55E00"}
    rows = []
    for k in ("win", "tie", "lose"):
        f = odds[k]
        rows.append(f"<tr data-outcome='{k}'><th>{esc(_outcome(k))}</th><td><b>{view.percent(f)}</b></td>"
                    f"<td><code>{f.numerator}/{f.denominator}</code></td><td style='width:45%'>"
                    f"<div class='hotw-odds-bar' style='width:{float(f) * 100:.1f}%;background:{colours[k]}'>"
                    "</div></td></tr>")
    inv = tn("{n} die", "{n} dice", setup.invader_dice)
    if setup.invader_bonus:
        inv = t("{dice}, +{bonus} to the highest", dice=inv, bonus=setup.invader_bonus)
    dfn = tn("{n} die", "{n} dice", setup.defender_dice)
    if setup.terrain:
        dfn = t("{dice}, +1 to the highest (terrain)", dice=dfn)
    sentence = t("Invader: {invader}. Defender: {defender}", invader=inv, defender=dfn)
    if setup.naval:
        sentence = t("{text}; may reroll one die (naval)", text=sentence)
    if setup.invader_wins_ties:
        sentence = t("{text}; ties count as the invader’s win", text=sentence)
    out = [f"<div class='hotw-odds'>{esc(t('{text}.', text=sentence))}",
           f"<table class='hotw-odds-table'>{''.join(rows)}</table>"]
    if attack is not None and armies:
        # TRANSLATORS: HTML; keep the <b> tags around the chance to win
        out.append("<div class='hotw-odds-attack'>" + tn(
            "Sieging after each lost battle with up to {n} more army: win <b>{win}</b>, tie {tie}, lose {lose}; "
            "armies spent on sieges on average: {spent}.",
            "Sieging after each lost battle with up to {n} more armies: win <b>{win}</b>, tie {tie}, lose {lose}; "
            "armies spent on sieges on average: {spent}.", armies, win=view.percent(attack.win), tie=view.percent(attack.tie),
            lose=view.percent(attack.lose), spent=num(float(attack.expected_armies), 2)) + "</div>")
    out.append("</div>")
    return "".join(out)


class OddsExplorer(w.VBox):
    """Sliders and boxes for every effect on a battle; the exact odds from ``hotw.battle_odds``."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("hotw-app")
        self.add_class("hotw-lesson")
        self.add_class("hotw-odds-explorer")
        style = {"description_width": "initial"}
        wide = w.Layout(width="430px")
        self.siege_round = w.IntSlider(0, min=0, max=4,
                                       description=t("Siege round (0 = first battle; catapult +1, +2, +3)"),
                                       style=style, layout=w.Layout(width="520px"))
        self.bonus = w.IntSlider(0, min=0, max=3, description=t("Invader's bonus from cards (e.g. Weaponry +1)"),
                                 style=style, layout=w.Layout(width="520px"))
        self.terrain = w.Checkbox(False, description=t("Mountain or forest: defender +1"), style=style, layout=wide)
        self.fort = w.Checkbox(False, description=t("Fort: defender rolls 2 dice"), style=style, layout=wide)
        self.naval = w.Checkbox(False, description=t("Invasion by fleet: defender may reroll a die"), style=style,
                                layout=wide)
        self.extra_die = w.Checkbox(False, description=t("Invader rolls 3 dice (e.g. War Chariots)"), style=style,
                                    layout=wide)
        self.wins_ties = w.Checkbox(False, description=t("Ties count as the invader's win"), style=style,
                                    layout=wide)
        self.armies = w.IntSlider(0, min=0, max=6, description=t("Armies left to siege with if this battle is lost"),
                                  style=style, layout=w.Layout(width="520px"))
        self.result = w.HTML().add_class("hotw-odds-result")
        controls = [self.siege_round, self.bonus, self.terrain, self.fort, self.naval, self.extra_die,
                    self.wins_ties, self.armies]
        for c in controls:
            c.observe(lambda _c: self.refresh(), names="value")
        self.children = [_css(), w.VBox(controls), self.result]
        self.refresh()

    @property
    def base(self) -> BattleSetup:
        """The battle without the catapult."""
        return BattleSetup(invader_dice=3 if self.extra_die.value else 2, fortified=self.fort.value,
                           terrain=self.terrain.value, naval=self.naval.value, invader_bonus=self.bonus.value,
                           invader_wins_ties=self.wins_ties.value)

    @property
    def setup(self) -> BattleSetup:
        """The battle shown now, the catapult included."""
        base = self.base
        return dataclasses.replace(base, invader_bonus=base.invader_bonus + catapult_bonus(self.siege_round.value))

    @property
    def odds(self) -> dict[str, Any]:
        """The exact odds shown now (``hotw.battle_odds`` of ``setup``)."""
        return hotw.battle_odds(self.setup)

    def refresh(self) -> None:
        """Recompute and show the odds."""
        attack = siege_report(self.base, armies=self.armies.value, start_round=self.siege_round.value)
        self.result.value = odds_html(self.setup, self.odds, attack, self.armies.value)


# -- one-line helpers for the notebooks ------------------------------------------------------------------


def _content(content: Any = None) -> Any:
    return content if content is not None else hotw.new_game().content


def epoch_names(epoch: int, content: Any = None) -> list[str]:
    """The empires of an epoch in date order, each with its dates: ``['Carthaginians (c. 814-146 BC)', ...]``."""
    return [t("{empire} ({dates})", empire=render(e.name), dates=render(e.dates))
            for e in timeline(_content(content))[epoch]]


def extent_names(extent: str) -> str:
    """The board lands of a historical extent by name, in alphabetical order: ``'Albion, Atlas, ...'``."""
    board = hotw.new_game().board
    return render(joined(sorted(render(board.spaces[s].name) for s in load_extents()[extent].lands)))


def demo_score(name: str) -> int:
    """The points the demo's empire gained during the demo, as its log says (marauder points included)."""
    found = (re.search(r" gain (\d+) points?( as marauders)?$", line) for line in ALL_DEMOS[name]().happened)
    return sum(int(m.group(1)) for m in found if m)


def _share(value: Any) -> str:
    return t("under {share}", share=render(percent(0.001, 1))) if 0 < value < Fraction(1, 1000) else view.percent(value)


def siege_text(armies: int = 3, **flags: Any) -> str:
    """The odds of a whole attack that sieges after each lost battle, with up to ``armies`` siege rounds."""
    attack = siege_report(BattleSetup(**flags), armies=armies)
    return tn("with up to {n} siege round: win {win}, tie {tie}, lose {lose}; {spent} armies spent on sieges on "
              "average",
              "with up to {n} siege rounds: win {win}, tie {tie}, lose {lose}; {spent} armies spent on sieges on "
              "average", armies, win=_share(attack.win), tie=_share(attack.tie), lose=_share(attack.lose),
              spent=num(float(attack.expected_armies), 2))


def odds_text(**flags: Any) -> str:
    """One battle's exact odds in words: ``'win 125/216 (57.9%), tie ..., lose ...'``."""
    odds = hotw.battle_odds(BattleSetup(**flags))
    return render(joined(t("{outcome} {fraction} ({share})", outcome=_outcome(k), share=view.percent(odds[k]),
                           fraction=odds[k] if odds[k] in (0, 1) else f"{odds[k].numerator}/{odds[k].denominator}")
                         for k in ("win", "tie", "lose")))


def _empire_in(line: Any, english: str) -> Any:
    """The empire's name as the log line holds it (a Term the reader's language can say), found by its English."""
    if isinstance(line, Msg):
        for value in line.args.values():
            if isinstance(value, Term) and str(value) == english:
                return value
            found = _empire_in(value, english)
            if found is not None:
                return found
    return None


def demo_points(name: str) -> str:
    """What the demo's empire gained, in words: ``'Vedics: 1 point as marauders'``."""
    out = []
    for line in ALL_DEMOS[name]().happened:
        found = re.search(r"(?:Epoch \w+, )?(.+?) \(P\d\) gain (\d+) (points?)( as marauders)?$", line)
        if found:
            who, n, _word, how = found.groups()
            points = (tn("{n} point as marauders", "{n} points as marauders", int(n)) if how
                      else tn("{n} point", "{n} points", int(n)))
            out.append(t("{empire}: {points}", empire=render(_empire_in(line, who) or who), points=points))
    return render(joined(out, "; ")) if out else t("no points")


#: The simulation settings the what-if notebook uses: small enough for a classroom machine.
LAB: dict[str, Any] = {"players": 4, "bots": "heuristic:easy", "games": 200, "seed": 1, "workers": 2,
                       "progress": False}


def lab_text(lab: Mapping[str, Any] | None = None) -> str:
    """The lab's settings in a sentence for students."""
    lab = LAB if lab is None else lab
    return t("Each experiment: {games} games of {players} players, every seat played by the bot '{bot}', random "
             "seed {seed} (the same games each time), on {workers} processes at once.", games=lab["games"],
             players=lab["players"], bot=lab["bots"], seed=lab["seed"], workers=lab["workers"])


def compare_runs(a: Any, b: Any, names: tuple[str, str], group: str | None = None, by: str = "empire") -> Any:
    """:func:`compare_table` of two ``hotw.simulate`` tables already played on the same seeds (no game played again)."""
    from hotw.simulation import compare_frames

    frame = compare_frames(a, b, by)
    frame.attrs.update(scenario_a=names[0], scenario_b=names[1])
    return compare_table(frame, group)


def compare_table(table: Any, group: str | None = None) -> Any:
    """A ``hotw.compare`` table for students: each measure under A and B and the change, with 95% intervals."""
    import pandas as pd

    rows = table if group is None else table[table["group"] == group]
    a_name, b_name = table.attrs.get("scenario_a", "A"), table.attrs.get("scenario_b", "B")

    def fmt(measure: str, v: float, lo: float, hi: float) -> str:
        if measure == "win rate":
            return f"{100 * v:.1f}% ({100 * lo:.1f} to {100 * hi:.1f})"
        return f"{v:.1f} ({lo:.1f} to {hi:.1f})"

    records = []
    for _, r in rows.iterrows():
        m = r["measure"]
        records.append({"group": r["group"], "measure": m, a_name: fmt(m, r["a"], r["a_low"], r["a_high"]),
                        b_name: fmt(m, r["b"], r["b_low"], r["b_high"]),
                        "change B - A": fmt(m, r["change"], r["change_low"], r["change_high"]),
                        "games": int(r["n_a"])})
    return pd.DataFrame.from_records(records).set_index(["group", "measure"])


def _epoch_gain(frame: Any, epoch: int) -> Any:
    before = frame["start"] if epoch == 1 else frame[f"points_e{epoch - 1}"]
    return frame[f"points_e{epoch}"] - before


def plot_points(runs: Mapping[str, Any], empire: str | None = None, measure: str = "final",
                title: str | None = None) -> Any:
    """Histograms of points, one per simulated run (a ``hotw.simulate`` table), with their means.

    ``empire`` keeps the seats that played that empire; ``measure`` is ``"final"``
    (points at the end) or ``"epoch"`` (points gained in the empire's epoch).
    """
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 3.2))
    epoch = _content().empires[empire].epoch if empire else None
    colours = ("#0072B2", "#D55E00", "#009E73", "#CC79A7")
    values = {}
    for label, frame in runs.items():
        rows = frame if empire is None else frame[frame["empires"].str.split().apply(lambda e: empire in e)]
        values[label] = (_epoch_gain(rows, epoch) if measure == "epoch" and epoch else rows["points"]).astype(float)
    lo = min(v.min() for v in values.values())
    hi = max(v.max() for v in values.values())
    bins = [lo + (hi - lo) * i / 20 for i in range(21)] if hi > lo else 10
    for (label, v), colour in zip(values.items(), colours):
        ax.hist(v, bins=bins, histtype="stepfilled", alpha=0.35, color=colour, edgecolor=colour, linewidth=1.5,
                label=f"{label}: mean {v.mean():.1f} ({len(v)} seats)")
        ax.axvline(v.mean(), color=colour, linestyle="--", linewidth=1.5)
    what = "points gained in its epoch" if measure == "epoch" and epoch else "final points"
    who = f"players of the {_content().empires[empire].name}" if empire else "all players"
    ax.set_xlabel(what)
    ax.set_ylabel("seats")
    ax.set_title(title or f"{what.capitalize()}, {who}")
    ax.legend(frameon=False, fontsize=9)
    fig.tight_layout()
    plt.close(fig)
    return fig


def plot_win_rate(frame: Any, by: str = "start") -> Any:
    """Win rate per group of a ``hotw.simulate`` table (by starting space or seat), with 95% intervals."""
    import matplotlib.pyplot as plt

    from hotw.simulation import wilson

    groups = sorted(frame[by].unique())
    rates, errs = [], [[], []]
    for g in groups:
        part = frame[frame[by] == g]
        wins, n = int(part["winner"].sum()), len(part)
        lo, hi = wilson(wins, n)
        rates.append(wins / n)
        errs[0].append(wins / n - lo)
        errs[1].append(hi - wins / n)
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.bar([str(g) for g in groups], rates, yerr=errs, capsize=4, color="#56B4E9", edgecolor="#0072B2")
    ax.axhline(1 / frame["seat"].nunique(), color="#555", linestyle=":", label="a fair share")
    ax.set_xlabel({"start": "starting space on the score track", "seat": "seat"}.get(by, by))
    ax.set_ylabel("share of games won")
    ax.legend(frameon=False)
    fig.tight_layout()
    plt.close(fig)
    return fig


#: Battles compared by :func:`plot_effects`, from the plain battle to the hardest defence.
EFFECTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("plain battle (2 dice vs 1)", {}),
    ("mountain or forest", {"terrain": True}),
    ("by fleet (naval reroll)", {"naval": True}),
    ("fort", {"fortified": True}),
    ("fort on a mountain", {"fortified": True, "terrain": True}),
    ("fort on a mountain, by fleet", {"fortified": True, "terrain": True, "naval": True}),
    ("the same, 3rd siege round (+3)", {"fortified": True, "terrain": True, "naval": True, "invader_bonus": 3}),
)


def leader_wins(runs: Mapping[str, Any], epoch: int = 1) -> Any:
    """How often the player leading after ``epoch`` went on to win, per simulation table, with 95% intervals.

    Each table is one row per game and seat (:func:`hotw.simulate`); a tie for the lead
    counts the first seat that has it. Chance alone would give one game in the number of players.
    """
    import pandas as pd

    from hotw.simulation import wilson

    rows = []
    column = f"points_e{epoch}"
    for label, frame in runs.items():
        won = 0
        games = 0
        for _, game in frame.groupby("game"):
            if game[column].isna().all():
                continue
            leader = game.sort_values([column, "seat"], ascending=[False, True]).iloc[0]
            won += bool(leader["winner"])
            games += 1
        lo, hi = wilson(won, games)
        seats = int(frame.groupby("game").size().iloc[0])
        rows.append({"rules": label, "games": games, f"leader after Epoch {view.ROMAN[epoch]} won": _share(won / games),
                     "95% interval": f"{_share(lo)} to {_share(hi)}", "by chance": _share(1 / seats)})
    return pd.DataFrame(rows).set_index("rules")


def plot_effects() -> Any:
    """Stacked bars of win / tie / lose for the defender's effects, from ``hotw.battle_odds``."""
    import matplotlib.pyplot as plt

    labels = [label for label, _ in EFFECTS][::-1]
    odds = [hotw.battle_odds(BattleSetup(**flags)) for _, flags in EFFECTS][::-1]
    fig, ax = plt.subplots(figsize=(7.5, 3.4))
    left = [0.0] * len(odds)
    for k, colour in (("win", "#009E73"), ("tie", "#BBBBBB"), ("lose", "#D55E00")):
        widths = [float(o[k]) for o in odds]
        ax.barh(labels, widths, left=left, color=colour, label=k)
        for i, (x, wd) in enumerate(zip(left, widths)):
            if wd > 0.06:
                ax.text(x + wd / 2, i, f"{100 * wd:.0f}%", ha="center", va="center", fontsize=8)
        left = [x + wd for x, wd in zip(left, widths)]
    ax.set_xlim(0, 1)
    ax.set_xlabel("chance for the invader")
    ax.legend(ncol=3, loc="lower center", bbox_to_anchor=(0.5, 1.0), frameon=False)
    fig.tight_layout()
    plt.close(fig)
    return fig

