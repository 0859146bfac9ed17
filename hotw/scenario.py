"""What-if scenarios as data: changed cards, rules and starting points, checked with clear errors.

A scenario is a JSON (or YAML) file or a plain dict::

    {
      "name": "Mongols at half strength",
      "rules": {"tie_rule": "defender_holds", "catapult_max": 2},
      "empires": {"mongols": {"armies": 8}, "vikings": {"remove": true},
                  "huns": {"epoch": 2, "order": 9}, "romans": {"start": ["latium"]}},
      "events": {"weaponry_1": {"remove": true}},
      "region_tokens": {"1": {"middle_east": [1, 3, 5]}},
      "start": {"epoch": 3}
    }

Every key is optional. ``start`` is either ``{"epoch": k}`` (an empty board at the
start of epoch k) or ``{"save": FILE_OR_SAVE, "epoch": k}`` (a saved game, replayed
up to the start of epoch k if given, else to its end, then played on by bots with
fresh dice). Card changes become the ``content_changes`` rule option, so a
scenario game saves and replays like any other; the shared card data is never
changed, each change builds a modified copy.

>>> s = Scenario.from_dict({"name": "half Mongols", "empires": {"mongols": {"armies": 8}}})
>>> game = s.new_game(["Ada", "Ben", "Cy"], seed=1)
>>> game.content.empires["mongols"].armies
8
"""

from __future__ import annotations

import dataclasses
import difflib
import json
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from hotw.errors import HotwError, IllegalActionError, SaveFileError

__all__ = ["Scenario", "ScenarioError", "changed_content", "load_scenario"]

_TOP_KEYS = ("name", "description", "ruleset", "rules", "empires", "events", "region_tokens", "start")
_EMPIRE_KEYS = ("armies", "start", "epoch", "order", "fleets", "caravans", "capitol", "remove")
_CHANGE_KEYS = ("empires", "events", "region_tokens")


class ScenarioError(HotwError):
    """A scenario with a problem; the message names the field and says what is wrong."""


def _fail(where: str, message: str, source: str = "scenario") -> ScenarioError:
    return ScenarioError(f"{source}: {where}: {message}" if where else f"{source}: {message}")


def _whole(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _suggest(name: str, known: Any) -> str:
    close = difflib.get_close_matches(str(name), list(known), n=3, cutoff=0.6)
    return f" (did you mean {', '.join(close)}?)" if close else ""


# --------------------------------------------------------------------------- rule options


def _check_rules(rules: Any, epochs: int, defaults: Mapping[str, Any], source: str) -> dict[str, Any]:
    from hotw.rulesets.hotw2018 import TIE_RULES

    if not isinstance(rules, dict):
        raise _fail("rules", "must be an object of rule options", source)
    out: dict[str, Any] = {}
    allowed = sorted(k for k in defaults if k != "content_changes")
    for key, value in rules.items():
        where = f"rules.{key}"
        if key not in allowed:
            raise _fail(where, f"is not a rule option{_suggest(key, allowed)}; options: {', '.join(allowed)}",
                        source)
        if key == "player_armies" and not _whole(value, 1, 200):
            raise _fail(where, f"must be a whole number of armies from 1 to 200, not {value!r}", source)
        if key == "catapult_max" and not _whole(value, 0, 20):
            raise _fail(where, f"must be the highest catapult bonus, a whole number from 0 to 20, not {value!r}",
                        source)
        if key == "monument_icons" and not _whole(value, 1, 20):
            raise _fail(where, f"must be the resource icons per monument, a whole number from 1 to 20, "
                               f"not {value!r}", source)
        if key == "structure_points":
            if not (isinstance(value, (list, tuple)) and len(value) == 3 and all(_whole(v, 0, 20) for v in value)):
                raise _fail(where, f"must be three whole numbers [capitol, city, monument], not {value!r}", source)
            value = tuple(value)
        if key == "tie_rule" and value not in TIE_RULES:
            raise _fail(where, f"must be one of {', '.join(TIE_RULES)}, not {value!r}", source)
        if key == "start_epoch" and not _whole(value, 1, epochs):
            raise _fail(where, f"must be an epoch from 1 to {epochs}, not {value!r}", source)
        out[key] = value
    return out


# --------------------------------------------------------------------------- card changes


def _check_changes(changes: Mapping[str, Any], content: Any, board: Any, epochs: int,
                   source: str) -> None:
    """Raise ScenarioError naming the field of the first problem in ``changes``."""
    unknown = sorted(set(changes) - set(_CHANGE_KEYS))
    if unknown:
        raise _fail(unknown[0], f"is not a kind of card change; use {', '.join(_CHANGE_KEYS)}", source)
    spaces = board.spaces
    empires = changes.get("empires", {})
    if not isinstance(empires, dict):
        raise _fail("empires", "must be an object: empire id -> changes", source)
    for eid, change in empires.items():
        where = f"empires.{eid}"
        if eid not in content.empires:
            raise _fail(where, f"there is no empire card '{eid}'{_suggest(eid, content.empires)}", source)
        if not isinstance(change, dict) or not change:
            raise _fail(where, f"must be an object with one or more of {', '.join(_EMPIRE_KEYS)}", source)
        for key, value in change.items():
            at = f"{where}.{key}"
            if key not in _EMPIRE_KEYS:
                raise _fail(at, f"cannot be changed{_suggest(key, _EMPIRE_KEYS)}; "
                                f"an empire's {', '.join(_EMPIRE_KEYS)} can", source)
            if key == "armies" and not _whole(value, 1, 60):
                raise _fail(at, f"must be a whole number of armies from 1 to 60, not {value!r}", source)
            if key == "epoch" and not _whole(value, 1, epochs):
                raise _fail(at, f"must be an epoch from 1 to {epochs}, not {value!r}", source)
            if key == "order" and not _whole(value, 1, 99):
                raise _fail(at, f"must be a call order from 1 to 99, not {value!r}", source)
            if key in ("capitol", "remove") and not isinstance(value, bool):
                raise _fail(at, f"must be true or false, not {value!r}", source)
            if key in ("start", "fleets", "caravans"):
                if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
                    raise _fail(at, f"must be a list of territory ids, not {value!r}", source)
                if key == "start" and not value:
                    raise _fail(at, "needs at least one start territory", source)
                kinds = {"start": ("land",), "fleets": ("sea", "ocean"), "caravans": ("barren",)}[key]
                words = {"start": "a land", "fleets": "a sea or ocean", "caravans": "a barren land"}[key]
                for v in value:
                    if v not in spaces:
                        raise _fail(at, f"'{v}' is not a territory on the board{_suggest(v, spaces)}", source)
                    if spaces[v].kind not in kinds:
                        raise _fail(at, f"'{v}' is {spaces[v].kind}, not {words}", source)
    events = changes.get("events", {})
    if not isinstance(events, dict):
        raise _fail("events", "must be an object: event id -> changes", source)
    for cid, change in events.items():
        where = f"events.{cid}"
        if cid not in content.events:
            raise _fail(where, f"there is no event card '{cid}'{_suggest(cid, content.events)}", source)
        if change != {"remove": True}:
            raise _fail(where, 'the only change to an event card is {"remove": true}', source)
    tokens = changes.get("region_tokens", {})
    if not isinstance(tokens, dict):
        raise _fail("region_tokens", 'must be an object: epoch -> {region: [presence, dominance, supremacy]}',
                    source)
    for ep, regions in tokens.items():
        if not str(ep).isdigit() or not 1 <= int(ep) <= epochs:
            raise _fail(f"region_tokens.{ep}", f"must be keyed by an epoch from 1 to {epochs}", source)
        if not isinstance(regions, dict):
            raise _fail(f"region_tokens.{ep}", "must be an object: region -> [presence, dominance, supremacy]",
                        source)
        for region, values in regions.items():
            at = f"region_tokens.{ep}.{region}"
            if region not in board.regions:
                raise _fail(at, f"there is no region '{region}'{_suggest(region, board.regions)}", source)
            if not (isinstance(values, (list, tuple)) and len(values) == 3 and all(_whole(v, 0, 99) for v in values)
                    and values[0] <= values[1] <= values[2]):
                raise _fail(at, f"must be three whole numbers [presence, dominance, supremacy], "
                                f"none decreasing, not {values!r}", source)


def _build(content: Any, changes: Mapping[str, Any], epochs: int, n_players: int, source: str) -> Any:
    from hotw.rulesets.hotw2018.cards import Content, RegionToken

    empires = dict(content.empires)
    for eid, change in changes.get("empires", {}).items():
        if change.get("remove"):
            del empires[eid]
            continue
        fields = {k: (tuple(v) if isinstance(v, list) else v) for k, v in change.items() if k != "remove"}
        empires[eid] = dataclasses.replace(empires[eid], **fields)
    orders: dict[tuple[int, int], str] = {}
    for eid, card in sorted(empires.items(), key=lambda kv: (kv[0] in changes.get("empires", {}), kv[0])):
        key = (card.epoch, card.order)
        if key in orders:
            raise _fail(f"empires.{eid}", f"call order {card.order} in Epoch {card.epoch} is already used by "
                                          f"{orders[key]}; give an 'order' that is free", source)
        orders[key] = eid
    events = {cid: card for cid, card in content.events.items()
              if not changes.get("events", {}).get(cid, {}).get("remove")}
    tokens = list(content.tokens)
    for ep, regions in changes.get("region_tokens", {}).items():
        for region, values in regions.items():
            e = int(ep)
            old = next((t for t in tokens if t.region == region and t.epoch == e), None)
            new = RegionToken(f"{region}_{e}_scenario", region, e, tuple(values), "authored",  # type: ignore[arg-type]
                              "changed by a scenario")
            tokens = [t for t in tokens if t is not old] + [new]
    for e in range(1, epochs + 1):
        for what, cards in (("empire", empires), ("event", events)):
            count = sum(1 for c in cards.values() if c.epoch == e)
            if count < n_players:
                raise _fail(f"{what}s", f"Epoch {e} keeps {count} {what} card(s); a game of {n_players} "
                                        f"needs at least {n_players}", source)
    return Content(content.ruleset, MappingProxyType(empires), MappingProxyType(events), tuple(tokens))


_CHANGED: dict[tuple[int, str, int], tuple[Any, Any]] = {}


def changed_content(content: Any, changes: Mapping[str, Any], board: Any, n_players: int,
                    source: str = "scenario") -> Any:
    """A copy of ``content`` with a scenario's card changes (the shared original is never changed).

    Built once per process for each set of changes, so thousands of games share it.
    """
    key = (id(content), json.dumps(changes, sort_keys=True, default=list), n_players)
    hit = _CHANGED.get(key)
    if hit is not None and hit[0] is content:
        return hit[1]
    epochs = max(c.epoch for c in content.empires.values())
    if not isinstance(changes, Mapping):
        raise _fail("", "card changes must be an object", source)
    _check_changes(changes, content, board, epochs, source)
    built = _build(content, changes, epochs, n_players, source)
    _CHANGED[key] = (content, built)
    return built


# --------------------------------------------------------------------------- scenarios


@dataclass(frozen=True)
class Scenario:
    """A what-if: rule options, card changes and a starting point; the printed game by default."""

    name: str = "printed rules"
    description: str = ""
    ruleset: str = "hotw2018"
    rules: dict[str, Any] = field(default_factory=dict)
    changes: dict[str, Any] = field(default_factory=dict)
    save: str | None = None
    save_epoch: int | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str = "scenario", base: Path | None = None) -> "Scenario":
        """Check a scenario given as data; raise ScenarioError naming the field of any problem."""
        from hotw.board import load_board
        from hotw.rulesets.hotw2018.cardcheck import load_content
        from hotw.rulesets import get_ruleset

        if not isinstance(data, Mapping):
            raise _fail("", "a scenario must be an object (a dict)", source)
        for key in data:
            if key not in _TOP_KEYS:
                raise _fail(str(key), f"is not a scenario field{_suggest(key, _TOP_KEYS)}; "
                                      f"fields: {', '.join(_TOP_KEYS)}", source)
        name = data.get("name", "scenario")
        if not isinstance(name, str) or not name.strip():
            raise _fail("name", "must be a non-empty text", source)
        description = data.get("description", "")
        if not isinstance(description, str):
            raise _fail("description", "must be a text", source)
        ruleset_name = data.get("ruleset", "hotw2018")
        try:
            ruleset = get_ruleset(ruleset_name)
        except ValueError as err:
            raise _fail("ruleset", str(err), source) from None
        rules = _check_rules(data.get("rules", {}), ruleset.epochs, ruleset.options, source)
        changes = {k: data[k] for k in _CHANGE_KEYS if data.get(k)}
        board = load_board()
        content = load_content(ruleset_name, board)
        _check_changes(changes, content, board, ruleset.epochs, source)
        _build(content, changes, ruleset.epochs, ruleset.min_players, source)
        save = save_epoch = None
        start = data.get("start")
        if start is not None:
            if not isinstance(start, dict) or not start or set(start) - {"epoch", "save"}:
                raise _fail("start", 'must be {"epoch": k} or {"save": FILE, "epoch": k}', source)
            epoch = start.get("epoch")
            if epoch is not None and not _whole(epoch, 1, ruleset.epochs):
                raise _fail("start.epoch", f"must be an epoch from 1 to {ruleset.epochs}, not {epoch!r}", source)
            if "save" in start:
                save = _read_save_field(start["save"], base, source)
                save_epoch = epoch
            elif epoch is not None:
                if "start_epoch" in rules and rules["start_epoch"] != epoch:
                    raise _fail("start.epoch", "disagrees with rules.start_epoch", source)
                rules["start_epoch"] = epoch
        scenario = cls(name.strip(), description, ruleset_name, rules, changes, save, save_epoch)
        if save is not None:
            scenario._start_from_save(None, 0)  # the save must replay under the scenario's changes
        return scenario

    @classmethod
    def load(cls, path: str | Path) -> "Scenario":
        """Read a scenario file (.json, or .yaml / .yml when PyYAML is installed)."""
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except OSError as err:
            raise ScenarioError(f"{p}: cannot read the scenario file: {err.strerror}") from None
        if p.suffix.lower() in (".yaml", ".yml"):
            try:
                import yaml  # type: ignore[import-untyped]
            except ImportError:
                raise ScenarioError(f"{p}: reading YAML needs PyYAML (pip install pyyaml); "
                                    "or write the scenario as JSON") from None
            try:
                data = yaml.safe_load(text)
            except yaml.YAMLError as err:
                raise ScenarioError(f"{p}: not valid YAML: {err}") from None
        else:
            try:
                data = json.loads(text)
            except json.JSONDecodeError as err:
                raise ScenarioError(f"{p}: not valid JSON ({err.msg} at line {err.lineno}, "
                                    f"column {err.colno})") from None
        return cls.from_dict(data, source=p.name, base=p.parent)

    def to_dict(self) -> dict[str, Any]:
        """The scenario as plain data (what ``from_dict`` reads back)."""
        out: dict[str, Any] = {"name": self.name}
        if self.description:
            out["description"] = self.description
        if self.ruleset != "hotw2018":
            out["ruleset"] = self.ruleset
        rules = {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.rules.items()}
        if rules:
            out["rules"] = rules
        out.update(json.loads(json.dumps(dict(self.changes))))
        if self.save is not None:
            out["start"] = {"save": json.loads(self.save)}
            if self.save_epoch is not None:
                out["start"]["epoch"] = self.save_epoch
        return out

    def options(self) -> dict[str, Any]:
        """The rule options a game of this scenario is created with."""
        opts = dict(self.rules)
        if self.changes:
            opts["content_changes"] = json.loads(json.dumps(dict(self.changes)))
        return opts

    def players(self) -> list[str] | None:
        """The players of the saved game this scenario starts from (None: any players)."""
        if self.save is None:
            return None
        from hotw.save import read_save

        return list(read_save(self.save)["players"])

    def new_game(self, players: list[str] | None = None, seed: int | str = 0) -> Any:
        """A game of this scenario with ``players`` (names; a save brings its own), chance keyed by ``seed``."""
        if self.save is not None:
            return self._start_from_save(players, seed)
        import hotw

        return hotw.new_game(self.ruleset, players, seed, options=self.options())

    def _start_from_save(self, players: list[str] | None, seed: int | str) -> Any:
        from hotw.actions import Action
        from hotw.rulesets import get_ruleset
        from hotw.save import read_save

        assert self.save is not None
        doc = read_save(self.save)
        if players is not None and len(players) != len(doc["players"]):
            raise ScenarioError(f"{self.name}: the saved game has {len(doc['players'])} players, "
                                f"not {len(players)}")
        options = {k: tuple(v) if isinstance(v, list) else v for k, v in doc["options"].items()}
        options.update(self.options())
        try:
            game = get_ruleset(doc["ruleset"]).new_game(list(players or doc["players"]), seed, auto_chance=False,
                                                         options=options)
        except ValueError as err:
            raise ScenarioError(f"{self.name}: start.save: {err}") from None
        stop = self.save_epoch
        for i, text in enumerate(doc["actions"]):
            if stop is not None and game.epoch >= stop and game.phase == "trim_empires":
                break
            try:
                game.apply(Action.parse(text))
            except IllegalActionError as err:
                raise ScenarioError(f"{self.name}: start.save: action {i + 1} ({text!r}) cannot be replayed "
                                    f"under this scenario: {err}") from None
        else:
            if stop is not None and not (game.epoch >= stop and game.phase == "trim_empires"):
                raise ScenarioError(f"{self.name}: start.epoch: the saved game does not reach Epoch {stop}")
        game.auto_chance = True
        game._run_chance()
        return game


def _read_save_field(value: Any, base: Path | None, source: str) -> str:
    """The text of a save given as a file name, a save object or save text."""
    from hotw.save import read_save

    if isinstance(value, dict):
        text = json.dumps(value)
    elif isinstance(value, str) and value.lstrip().startswith("{"):
        text = value
    elif isinstance(value, str):
        path = Path(value) if base is None or Path(value).is_absolute() else base / value
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            raise _fail("start.save", f"cannot read {path}: {err.strerror}", source) from None
    else:
        raise _fail("start.save", "must be a save file name or a save object", source)
    try:
        read_save(text)
    except SaveFileError as err:
        raise _fail("start.save", str(err), source) from None
    return text


def load_scenario(spec: "Scenario | Mapping[str, Any] | str | Path | None") -> Scenario:
    """A Scenario from a Scenario, a dict, a file path, or None (the printed rules)."""
    if spec is None:
        return Scenario()
    if isinstance(spec, Scenario):
        return spec
    if isinstance(spec, Mapping):
        return Scenario.from_dict(spec)
    if isinstance(spec, (str, Path)):
        return Scenario.load(spec)
    raise ScenarioError(f"a scenario is a dict, a file name or a Scenario, not {type(spec).__name__}")
