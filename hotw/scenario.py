"""What-if scenarios as data: changed cards, rules and starting points, checked with clear errors.

A scenario is a JSON (or YAML) file or a plain dict with the fields ``name``,
``description``, ``ruleset`` (the default ruleset when left out), ``rules`` (the
ruleset's declared rule options), ``start``, and the ruleset's card changes, whose
keys and meaning each ruleset declares with its ``content_changes`` option (the 2018
edition's are in :mod:`hotw.rulesets.hotw2018.changes`; ``docs/whatif.md`` has worked
examples).

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

import difflib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from hotw.errors import HotwError, IllegalActionError, OptionError, SaveFileError, ScenarioError

__all__ = ["Scenario", "ScenarioError", "load_scenario"]

_OWN_KEYS = ("name", "description", "ruleset", "rules", "start")
#: the option that carries a scenario's card changes, when a ruleset declares one
_CHANGES = "content_changes"


def _fail(where: str, message: str, source: str = "scenario") -> ScenarioError:
    return ScenarioError(f"{source}: {where}: {message}" if where else f"{source}: {message}")


def _whole(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _suggest(name: str, known: Any) -> str:
    close = difflib.get_close_matches(str(name), [str(k) for k in known], n=3, cutoff=0.6)
    return f" (did you mean {', '.join(close)}?)" if close else ""


def _change_keys(ruleset: Any) -> tuple[str, ...]:
    """The top-level keys of a scenario that are the ruleset's card changes (its content_changes option)."""
    spec = next((o for o in ruleset.options if o.name == _CHANGES), None)
    return spec.keys if spec is not None else ()


def _check_rules(rules: Any, ruleset: Any, source: str) -> dict[str, Any]:
    """The scenario's ``rules`` checked by the ruleset's declared options; errors name ``rules.KEY``."""
    if not isinstance(rules, dict):
        raise _fail("rules", "must be an object of rule options", source)
    allowed = sorted(o.name for o in ruleset.options if o.name != _CHANGES)
    out: dict[str, Any] = {}
    for key, value in rules.items():
        if key not in allowed:
            raise _fail(f"rules.{key}", f"is not a rule option{_suggest(key, allowed)}; options: {', '.join(allowed)}",
                        source)
        try:
            out.update(ruleset.check_options({key: value}))
        except OptionError as err:
            raise _fail(f"rules.{key}", err.reason, source) from None
    return out


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
        from hotw.rulesets import get_ruleset

        if not isinstance(data, Mapping):
            raise _fail("", "a scenario must be an object (a dict)", source)
        ruleset_name = data.get("ruleset", "hotw2018")
        try:
            ruleset = get_ruleset(ruleset_name)
        except HotwError as err:
            raise _fail("ruleset", str(err), source) from None
        change_keys = _change_keys(ruleset)
        top_keys = _OWN_KEYS + change_keys
        for key in data:
            if key not in top_keys:
                raise _fail(str(key), f"is not a scenario field{_suggest(key, top_keys)}; "
                                      f"fields: {', '.join(top_keys)}", source)
        name = data.get("name", "scenario")
        if not isinstance(name, str) or not name.strip():
            raise _fail("name", "must be a non-empty text", source)
        description = data.get("description", "")
        if not isinstance(description, str):
            raise _fail("description", "must be a text", source)
        rules = _check_rules(data.get("rules", {}), ruleset, source)
        changes = {k: data[k] for k in change_keys if data.get(k)}
        if changes:
            try:
                ruleset.check_options({_CHANGES: changes})
                # a table of the fewest players must still find enough cards in every epoch
                ruleset.new_game([f"P{i + 1}" for i in range(ruleset.min_players)], 0, auto_chance=False,
                                 options={_CHANGES: changes})
            except OptionError as err:
                raise _fail(err.field, err.reason, source) from None
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
            scenario.start_from_save(None, 0)  # the save must replay under the scenario's changes
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
            return self.start_from_save(players, seed)
        import hotw

        try:
            return hotw.new_game(self.ruleset, players, seed, options=self.options())
        except OptionError as err:
            raise ScenarioError(f"{self.name}: {err}") from None

    def start_from_save(self, players: list[str] | None, seed: int | str) -> Any:
        """The game of this scenario's saved start: the save replayed under the scenario's changes, then chance by ``seed``."""
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
        game.set_auto_chance(True)
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
