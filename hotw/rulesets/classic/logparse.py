"""Reading a game log of the online classic game (GamesByEmail's "Empires") into records, each with its line.

A log is a header (the game's title, e.g. ``Empires Game`` or ``HotW Round 2``, and the players' names, one a
line) and numbered
lines: the empire draw, the cards played, every start, expansion and battle,
monuments, events and each player's score after every turn. :func:`parse_log`
turns the text into :class:`Entry` records and groups them into epochs and turns
(:class:`LogGame`); names of lands, areas, empires and cards are resolved to the
classic ruleset's ids. Anything it cannot read is one :class:`GameLogError`
naming the line: nothing is half-read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from hotw.errors import BoardError, GameLogError
from hotw.files import one_line, quote
from hotw.i18n import Domain, num

__all__ = ["EVENT_FORCES", "Entry", "LogGame", "Turn", "holdings", "parse_log"]

_ = Domain("classic")
_n = _.plural

MAX_LINES = 5000
"""A log longer than this is not a game log (the ten known logs have about 600 lines)."""

#: Empire names as the log writes them (after "The ") that differ from the card names.
EMPIRE_ALIASES = {"carthaginia": "carthage", "timurid emirates": "timurids", "incas/aztecs": "incas_aztecs",
                  "indus valley civilization": "indus_valley", "seljuk turks": "seljuks", "netherlands": "netherlands"}
#: Area names as the log writes them (Famine, Black Death) that differ from the board's.
AREA_ALIASES = {"southeast asia": "south_east_asia"}
#: Seas and oceans as the log abbreviates them.
WATER_ALIASES = {"e med.": "eastern_mediterranean", "e med": "eastern_mediterranean",
                 "w med": "western_mediterranean", "s china sea": "south_china_sea",
                 "n atlantic": "atlantic_ocean", "e pacific": "pacific_ocean", "w pac": "pacific_ocean",
                 "carribean sea": "caribbean_sea"}
#: Land names as the log spells them that the board does not (its names and aliases resolve the rest).
LAND_ALIASES = {"szechaun": "szechuan"}


@dataclass(frozen=True)
class Entry:
    """One line of a log: its line number in the file, its kind and what it names (ids of the classic ruleset)."""

    line: int
    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict, compare=False)

    def get(self, key: str, default: Any = None) -> Any:
        """A field of the line (e.g. "land", "player", "cards")."""
        return self.data.get(key, default)


@dataclass
class Turn:
    """One empire's turn: the line that plays it, what happens, and the logged score."""

    player: int
    empire: str
    cards: list[str]
    play: Entry
    body: list[Entry] = field(default_factory=list)
    score: Entry | None = None


@dataclass
class Epoch:
    """An epoch of a log: the draws (absent for the last epoch in these logs) and the turns."""

    number: int
    draws: list[Entry] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)


@dataclass
class LogGame:
    """A whole log: players, epochs, the final line, and where it came from."""

    source: str
    players: list[str]
    epochs: list[Epoch]
    end: Entry | None

    def entries_after(self, line: int) -> list[Entry]:
        """The lines of the turns after line ``line``, in order."""
        return [e for ep in self.epochs for t in ep.turns for e in t.body if e.line > line]


#: The forces of event cards in a log: :func:`holdings` gives their lands to no player (-1), as do rebels.
EVENT_FORCES = ("Barbarians", "Migrants", "Jewish Uprising", "Crusaders")


def holdings(log: LogGame) -> Iterator[tuple[Turn, Entry | None, dict[str, int]]]:
    """Who holds each land as the log's own lines give it (land -> player, an event's or rebels' force -1).

    Yields ``(turn, entry, owners)`` before each line of a turn's body is followed, then ``(turn, None, owners)``
    at the turn's end. ``owners`` is one dict, updated as the lines go: copy it to keep it. Each start, expansion,
    win, tie (the attacker enters), treachery, absorption, kingdom and migrants line gives its land to the line's
    force; lines that empty a land (a disease, a tie that left it empty) are not followed.
    """
    owner: dict[str, int] = {}
    for ep in log.epochs:
        for t in ep.turns:
            for e in t.body:
                yield t, e, owner
                people = str(e.get("people", e.get("name", "")))
                who = -1 if people.startswith("Rebel ") or people in EVENT_FORCES else t.player
                if e.kind == "appeared":
                    owner[e.get("space")] = who
                elif e.kind in ("expand", "win", "kingdom", "tie", "treachery", "absorbed"):
                    owner[e.get("land")] = who
                elif e.kind == "migrants":
                    owner.update({land: -1 for land in e.get("lands")})
            yield t, None, owner


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern + r"$")


_THE = r"(?:[Tt]he )?"
#: (kind, pattern) of every line a log may have, tried in order.
PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("epoch", _rx(r"Epoch (\d+) - .*")),
    ("dealt", _rx(r"(.+?) was dealt (.+?) and (kept it|gave it to (.+?))\.")),
    ("plays", _rx(r"(.+?) plays (.+?)(?: with (.+))?\.")),
    ("kingdom", _rx(r"The Kingdom of (.+?) has appeared in (.+?)\.?")),
    ("appeared", _rx(_THE + r"(.+?) (?:has|have) appeared in (.+?)\.?")),
    ("expand", _rx(r"(.+?) expand into (.+?)")),
    ("win", _rx(_THE + r"(.+?) defeated the (.+?) and occupied (.+?)")),
    ("round", _rx(_THE + r"(.+?) defeated the (.+?)\.")),
    ("lose", _rx(_THE + r"(.+?) were defeated in (.+?) by the (.+?)")),
    ("tie", _rx(_THE + r"(.+?) and the (.+?) destroyed each other in (.+?)")),
    ("monuments", _rx(_THE + r"(.+?) (?:has|have) built (no monuments|.+?)\.?")),
    ("migrants", _rx(r"Migrants appear in (.+?)")),
    ("famine", _rx(r"Famine has struck (.+?)")),
    ("black_death", _rx(r"Black death has struck (.+?)")),
    ("plague", _rx(r"Plague has struck (.+?)")),
    ("pestilence", _rx(r"Pestilence struck (.+?)")),
    ("disaster", _rx(r"Volcano erupts in (.+?)\.(?: Earthquake strikes (.+?))?")),
    ("treachery_chosen", _rx(r"(.+?) was chosen for treachery\.")),
    ("treachery", _rx(r"(.+?) has fallen to treachery by (.+?)")),
    ("absorbed", _rx(r"(.+?) was absorbed into the (.+?)")),
    ("astronomy", _rx(r"Astronomy: A fleet appeared in (.+?)\.")),
    ("reallocation", _rx(r"Reallocation: Fleets cashed in: (.*?)\.(?: (.+?) was chosen for treachery\.)?")),
    ("jewish_revolt", _rx(r"Jewish Revolt has occurred\. The Jewish have settled in (.+?)")),
    ("score", _rx(r"(.+?) scored (\d+) pts this epoch\. Total: (\d+)")),
    ("over", _rx(r"The game is over\.(.+?) won with (\d+) points!")),
)


class _Reader:
    """Resolves the names a log uses, failing with the line's number."""

    def __init__(self, source: str, players: list[str], board: Any, content: Any) -> None:
        self.source, self.players, self.board, self.content = source, players, board, content
        names = {}
        for e in content.empires.values():
            key = e.name.lower()
            names[key] = e.id
            names[key.removeprefix("the ")] = e.id
        names.update(EMPIRE_ALIASES)
        self.empire_names = names
        self.card_names = {e.name.lower(): e.id for e in content.events.values()}
        self.area_names = {r.name.lower(): rid for rid, r in board.regions.items()} | AREA_ALIASES
        self.line = 0

    def fail(self, reason: str) -> GameLogError:
        # TRANSLATORS: {source} is the log file's name, {reason} what is wrong with the line
        return GameLogError(_("{source}: line {line}: {reason}", source=one_line(self.source, 200), line=self.line,
                              reason=reason), source=self.source, field=f"line {self.line}")

    def player(self, name: str) -> int:
        if name not in self.players:
            raise self.fail(_("{name} is not one of the players named in the header", name=quote(name)))
        return self.players.index(name)

    def empire(self, name: str) -> str:
        key = name.strip().lower()
        key = self.empire_names.get(key) or self.empire_names.get(key.removeprefix("the "))
        if key is None:
            raise self.fail(_("{name} is not an empire card of the classic edition", name=quote(name)))
        return key

    def card(self, name: str) -> str:
        cid = self.card_names.get(name.strip().lower())
        if cid is None:
            raise self.fail(_("{name} is not an event card of the classic edition", name=quote(name)))
        return cid

    def space(self, name: str, water: bool = False) -> str:
        key = name.strip().lower()
        if water and key in WATER_ALIASES:
            return WATER_ALIASES[key]
        key = LAND_ALIASES.get(key, key)
        try:
            sid = self.board.resolve(key)
        except BoardError:
            raise self.fail(self._not_space(name, water)) from None
        kind = self.board.spaces[sid].kind
        if water != (kind in ("sea", "ocean")) or (not water and kind == "barren" and False):
            raise self.fail(self._not_space(name, water))
        return sid

    @staticmethod
    def _not_space(name: str, water: bool) -> str:
        if water:
            return _("{name} is not a sea of the board", name=quote(name))
        return _("{name} is not a land of the board", name=quote(name))

    def area(self, name: str) -> str:
        rid = self.area_names.get(name.strip().lower())
        if rid is None:
            raise self.fail(_("{name} is not an area of the board", name=quote(name)))
        return rid

    def both(self, text: str, one: Callable[[str], str]) -> list[str]:
        return [one(t) for t in re.split(r" and |, ", text) if t.strip()]


def _entry(r: _Reader, kind: str, m: re.Match[str], text: str) -> Entry:
    g = m.groups()
    d: dict[str, Any] = {}
    if kind == "epoch":
        d["epoch"] = int(g[0])
    elif kind == "dealt":
        d.update(player=r.player(g[0]), empire=r.empire(g[1]), to=r.player(g[3]) if g[3] else r.player(g[0]))
    elif kind == "plays":
        cards = re.findall(r"the (.+?) card", g[2] or "")
        if g[2] and not cards:
            raise r.fail(_("cannot read the cards played in {text}", text=quote(text)))
        d.update(player=r.player(g[0]), empire=r.empire(g[1]), cards=[r.card(c) for c in cards])
    elif kind == "kingdom":
        d.update(name=g[0], land=r.space(g[1]))
    elif kind == "appeared":
        d.update(name=g[0], space=r.space(g[1], water=g[1].strip().lower() in WATER_ALIASES or _is_water(r, g[1])))
    elif kind == "expand":
        d.update(people=g[0], land=r.space(g[1]))
    elif kind == "win":
        d.update(people=g[0], foe=g[1], land=r.space(g[2]))
    elif kind == "round":
        d.update(people=g[0], foe=g[1])
    elif kind == "lose":
        d.update(people=g[0], land=r.space(g[1]), foe=g[2])
    elif kind == "tie":
        d.update(people=g[0], foe=g[1], land=r.space(g[2]))
    elif kind == "monuments":
        d["name"] = g[0]
        d["lands"] = [] if g[1] == "no monuments" else [r.space(t) for t in re.findall(r"a monument at (.+?)(?= and a monument at |$)", g[1])]
        if g[1] != "no monuments" and not d["lands"]:
            raise r.fail(_("cannot read the monuments in {text}", text=quote(text)))
    elif kind == "migrants":
        d["lands"] = r.both(g[0], r.space)
    elif kind in ("famine", "black_death"):
        d["areas"] = r.both(g[0], r.area)
    elif kind in ("plague", "pestilence", "treachery_chosen", "jewish_revolt"):
        d["land"] = r.space(g[0])
    elif kind == "disaster":
        d["lands"] = [r.space(g[0])] + ([r.space(g[1])] if g[1] else [])
    elif kind in ("treachery", "absorbed"):
        d.update(land=r.space(g[0]), people=g[1])
    elif kind == "astronomy":
        d["sea"] = r.space(g[0], water=True)
    elif kind == "reallocation":
        seas = [] if g[0].strip() in ("none", "") else [r.space(s.strip(), water=True) for s in g[0].split("&")]
        d.update(seas=seas, treachery=r.space(g[1]) if g[1] else None)
    elif kind == "score":
        d.update(player=r.player(g[0]), points=int(g[1]), total=int(g[2]))
    elif kind == "over":
        d.update(player=r.player(g[0]), points=int(g[1]))
    return Entry(r.line, kind, text, d)


def _is_water(r: _Reader, name: str) -> bool:
    try:
        return r.board.spaces[r.board.resolve(name.strip().lower())].kind in ("sea", "ocean")
    except BoardError:
        return False


def parse_log(text: str, board: Any, content: Any, source: str = "game log") -> LogGame:
    """The log ``text`` as epochs and turns; GameLogError (naming the line) on anything it cannot read."""
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise GameLogError(_("{source}: it has {n} lines, more than the {limit} of a game log",
                             source=one_line(source, 200), n=num(len(lines)), limit=num(MAX_LINES)), source=source)
    if not text.strip():
        raise GameLogError(_("{source}: the file is empty", source=one_line(source, 200)), source=source)
    if not any(re.match(r"\s*\d+\.", line) for line in lines):
        raise GameLogError(_("{source}: no line of it is numbered, so it is not a game log of the online classic game "
                             "(its lines read '1. Player1 was dealt Egypt and kept it.')", source=one_line(source, 200)),
                           source=source)
    row, players = _header(lines)
    if not players:
        raise GameLogError(_("{source}: line 1: a game log begins with its title (such as 'Empires Game'), then "
                             "the players' names, one a line", source=one_line(source, 200)),
                           source=source, field="line 1")
    r = _Reader(source, players, board, content)
    r.line = row + 1
    if not 3 <= len(players) <= 6:
        raise r.fail(_n("the header names {n} player; the classic game has 3 to 6",
                        "the header names {n} players; the classic game has 3 to 6", len(players)))
    entries: list[Entry] = []
    last = max(i for i, line in enumerate(lines) if line.strip())
    for i in range(row, len(lines)):
        r.line = i + 1
        raw = lines[i].strip()
        if not raw:
            continue
        try:
            m = re.fullmatch(r"(\d+)\.\s*(.*)", raw)
            if not m:
                raise r.fail(_("expected a numbered line, not {text}", text=quote(raw)))
            entries += _read_line(r, m.group(2).strip())
        except GameLogError as exc:
            if i != last:
                raise
            # A log whose last line cannot be read was most likely cut off in the middle of that line.
            raise GameLogError(_("{error} (the file's last line: the log seems cut short)", error=exc.args[0]),
                               source=source, field=f"line {r.line}") from None
    return _group(r, players, entries)


def _header(lines: list[str]) -> tuple[int, list[str]]:
    """The row of the first numbered line and the players' names before it: the first line is the game's title (any
    words: ``Empires Game``, ``HotW Round 2``, ``Strategidagis Round 8 v2``), each later line a name (not a sentence:
    at most 40 characters, no full stop at its end); blank lines are skipped. No names if the title is missing or a
    line between is not a name."""
    rows = [i for i, line in enumerate(lines) if line.strip()]
    if not rows or re.match(r"\d+\.", lines[rows[0]].strip()):
        return 0, []
    players: list[str] = []
    for i in rows[1:]:
        name = lines[i].strip()
        if re.match(r"\d+\.", name):
            return i, players
        if len(name) > 40 or name[-1] in ".!?:;":
            return i, []
        players.append(name)
    return len(lines), players


def _read_line(r: _Reader, body: str) -> list[Entry]:
    """The entries of one line: one, or several when the online game wrote two sentences on one line."""
    first: GameLogError | None = None
    for kind, rx in PATTERNS:
        found = rx.match(body)
        if found:
            try:
                return [_entry(r, kind, found, body)]
            except GameLogError as err:
                first = err
                break
    parts = re.split(r"(?<=[a-z]\.) (?=[A-Z])", body)
    if len(parts) > 1:
        try:
            return [e for part in parts for e in _read_line(r, part)]
        except GameLogError:
            pass
    raise first or r.fail(_("a line the classic game log does not have: {text}", text=quote(body)))


def _check_calls(r: _Reader, ep: Epoch) -> None:
    """Each turn of ``ep`` plays an empire of that epoch, in the order the cards are called (each card once)."""
    before: Any = None
    for t in ep.turns:
        r.line = t.play.line
        card = r.content.empires[t.empire]
        if card.epoch != ep.number:
            raise r.fail(_("{empire} is an empire of epoch {card_epoch}, played in epoch {epoch}", empire=card.name,
                           card_epoch=card.epoch, epoch=ep.number))
        if before is not None and card.order <= before.order:
            raise r.fail(_("{empire} plays twice in one epoch", empire=card.name) if card.id == before.id else
                         _("{empire} plays after {other}, but the cards are called in order: {empire} first",
                           empire=card.name, other=before.name))
        before = card


def _group(r: _Reader, players: list[str], entries: list[Entry]) -> LogGame:
    """Epochs and turns, checking the order: draws, then turns each closed by its player's score."""
    epochs: list[Epoch] = []
    turn: Turn | None = None
    end: Entry | None = None
    for e in entries:
        r.line = e.line
        if end is not None:
            raise r.fail(_("a line after the end of the game"))
        if e.kind == "epoch":
            if epochs or e.get("epoch") != 1:
                raise r.fail(_("an epoch heading out of order"))
            epochs.append(Epoch(1))
        elif e.kind == "dealt":
            if turn is not None:
                raise r.fail(_("an empire is drawn before the turn of the empire playing now has been scored"))
            if not epochs or epochs[-1].turns:
                epochs.append(Epoch(len(epochs) + 1))
            epochs[-1].draws.append(e)
        elif e.kind == "plays":
            if turn is not None:
                raise r.fail(_("{player} plays an empire before the turn before was scored",
                               player=players[e.get("player")]))
            if not epochs:
                epochs.append(Epoch(1))
            ep = epochs[-1]
            if ep.turns and len(ep.turns) >= len(players):
                ep = Epoch(len(epochs) + 1)
                epochs.append(ep)
            turn = Turn(e.get("player"), e.get("empire"), list(e.get("cards")), e)
            ep.turns.append(turn)
        elif e.kind == "score":
            if turn is None or e.get("player") != turn.player:
                raise r.fail(_("a score for a player whose empire is not playing"))
            turn.score = e
            turn = None
        elif e.kind == "over":
            if turn is not None:
                raise r.fail(_("the game ends before the turn playing now was scored"))
            end = e
        else:
            if turn is None:
                raise r.fail(_("{text} is outside any empire's turn", text=quote(e.text)))
            turn.body.append(e)
    r.line += 1
    if turn is not None or end is None:
        raise r.fail(_("the log ends before the game does (it is cut short)"))
    for ep in epochs:
        _check_calls(r, ep)
        r.line = ep.turns[0].play.line if ep.turns else r.line
        if len(ep.turns) != len(players):
            raise r.fail(_n("epoch {epoch} has {n} turn, not one for each of {players} players",
                            "epoch {epoch} has {n} turns, not one for each of {players} players", len(ep.turns),
                            epoch=ep.number, players=len(players)))
        if len(epochs) > 7:
            raise r.fail(_("more than seven epochs"))
    return LogGame(r.source, players, epochs, end)
