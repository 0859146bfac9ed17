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
fresh dice). ``FILE`` is the name of a save file in the scenario's own folder (no
other folder, no ``..``; for a scenario given as a dict, the current folder). Card changes become the ``content_changes`` rule option, so a
scenario game saves and replays like any other; the shared card data is never
changed, each change builds a modified copy.

Files are read with bounds (``hotw/files.py``): at most MAX_BYTES (a YAML file at
most MAX_YAML_BYTES), UTF-8, no duplicate keys, no YAML aliases or anchors, no
deep nesting. Every problem is one ScenarioError line naming the file and the
field, with any value quoted short.

>>> s = Scenario.from_dict({"name": "half Mongols", "empires": {"mongols": {"armies": 8}}})
>>> game = s.new_game(["Ada", "Ben", "Cy"], seed=1)
>>> game.content.empires["mongols"].armies
8
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from hotw.errors import HotwError, IllegalActionError, OptionError, SaveFileError, ScenarioError
from hotw.i18n import Domain, Msg, joined
from hotw.files import DataProblem, decode, field_name, one_line, parse_json, parse_yaml, plain, quote, \
    read_bounded, sibling

_ = Domain("hotw")

__all__ = ["POSITION", "Scenario", "ScenarioError", "load_scenario", "with_start"]

_OWN_KEYS = ("name", "description", "ruleset", "rules", "start")
#: the option that carries a scenario's card changes, when a ruleset declares one
_CHANGES = "content_changes"
_START_KEYS = ("epoch", "save")
#: The largest scenario file (room for a whole save file inside it).
MAX_BYTES = 6_000_000
#: The largest YAML scenario (YAML is read in pure Python; put a big save in a file next to it).
MAX_YAML_BYTES = 1_000_000


def _fail(where: str, message: Any, source: str = "scenario") -> ScenarioError:
    """A ScenarioError of one line: the file (or scenario), the field, what is wrong (a Msg, said in any language)."""
    if not isinstance(message, Msg):
        message = one_line(message, 400)
    text = _("{file}: {field}: {reason}", file=one_line(source, 200), field=where, reason=message) if where else \
        _("{file}: {reason}", file=one_line(source, 200), reason=message)
    return ScenarioError(text, source=source, field=where or None)


def _said(err: BaseException) -> Any:
    """An error's message as it was made (a Msg where the engine made one)."""
    return err.args[0] if err.args and isinstance(err.args[0], str) else str(err)


def _at(where: str, key: Any) -> str:
    return f"{where}.{field_name(key)}" if where else field_name(key)


def _whole(value: Any, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _suggest(name: Any, known: Any) -> Any:
    if not isinstance(name, str) or not 0 < len(name) <= 60:
        return ""
    close = difflib.get_close_matches(name, [str(k) for k in known], n=3, cutoff=0.6)
    return _(" (did you mean {names}?)", names=joined(close)) if close else ""


def _change_keys(ruleset: Any) -> tuple[str, ...]:
    """The top-level keys of a scenario that are the ruleset's card changes (its content_changes option)."""
    spec = next((o for o in ruleset.options if o.name == _CHANGES), None)
    return spec.keys if spec is not None else ()


def _check_rules(rules: Any, ruleset: Any, source: str) -> dict[str, Any]:
    """The scenario's ``rules`` checked by the ruleset's declared options; errors name ``rules.KEY``."""
    if not isinstance(rules, dict):
        raise _fail("rules", _("must be an object of rule options, not {value}", value=quote(rules)), source)
    allowed = sorted(o.name for o in ruleset.options if o.name != _CHANGES)
    out: dict[str, Any] = {}
    for key, value in rules.items():
        where = _at("rules", key)
        if key not in allowed:
            raise _fail(where, _("is not a rule option{suggestion}; options: {options}", suggestion=_suggest(key, allowed),
                                 options=joined(allowed)), source)
        try:
            out.update(ruleset.check_options({key: value}))
        except OptionError as err:
            inner = err.field if isinstance(err.field, str) and err.field.startswith(f"{key}.") else None
            raise _fail(f"rules.{inner}" if inner else where, err.reason, source) from None
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
            raise _fail("", _("a scenario must be an object (a dict), not {value}", value=quote(data)), source)
        try:
            data = plain(dict(data), int_keys=True)
        except DataProblem as problem:
            raise _fail(problem.where, problem.reason, source) from None
        ruleset_name = data.get("ruleset", "hotw2018")
        if not isinstance(ruleset_name, str) or not 0 < len(ruleset_name) <= 40:
            raise _fail("ruleset", _("must be the name of a ruleset, not {value}", value=quote(ruleset_name)), source)
        try:
            ruleset = get_ruleset(ruleset_name)
        except HotwError as err:
            raise _fail("ruleset", _said(err), source) from None
        change_keys = _change_keys(ruleset)
        top_keys = _OWN_KEYS + change_keys
        for key in data:
            if key not in top_keys:
                raise _fail(field_name(key), _("is not a scenario field{suggestion}; fields: {fields}",
                                               suggestion=_suggest(key, top_keys), fields=joined(top_keys)), source)
        name = data.get("name", "scenario")
        if not isinstance(name, str) or not name.strip() or len(name) > 100:
            raise _fail("name", _("must be a non-empty text of at most 100 characters, not {value}", value=quote(name)),
                        source)
        description = data.get("description", "")
        if not isinstance(description, str) or len(description) > 10_000:
            raise _fail("description", _("must be a text of at most {limit} characters, not {value}", limit=10_000,
                                         value=quote(description)), source)
        rules = _check_rules(data.get("rules", {}), ruleset, source)
        changes = {k: data[k] for k in change_keys if k in data}
        for key, value in changes.items():
            if not isinstance(value, dict):
                raise _fail(key, _("must be an object, not {value}", value=quote(value)), source)
        changes = {k: v for k, v in changes.items() if v}  # an empty change is no change
        if changes:
            try:
                ruleset.check_options({_CHANGES: changes})
                # a table of the fewest players must still find enough cards in every epoch
                ruleset.new_game([f"P{i + 1}" for i in range(ruleset.min_players)], 0, auto_chance=False,
                                 options={_CHANGES: changes})
            except OptionError as err:
                raise _fail(err.field, err.reason, source) from None
        save = save_epoch = None
        if "start" in data:
            start = data["start"]
            if not isinstance(start, dict) or not start:
                raise _fail("start", _('must be {epoch} or {save}, not {value}', epoch='{"epoch": k}',
                                       save='{"save": FILE, "epoch": k}', value=quote(start)), source)
            for key in start:
                if key not in _START_KEYS:
                    raise _fail(_at("start", key), _("is not a start field{suggestion}; use epoch, save",
                                                     suggestion=_suggest(key, _START_KEYS)), source)
            epoch = start.get("epoch")
            if epoch is not None and not _whole(epoch, 1, ruleset.epochs):
                raise _fail("start.epoch", _("must be an epoch from 1 to {last}, not {value}", last=ruleset.epochs,
                                             value=quote(epoch)), source)
            if "save" in start:
                save = _read_save_field(start["save"], base, source)
                save_epoch = epoch
            elif epoch is not None:
                if "start_epoch" in rules and rules["start_epoch"] != epoch:
                    raise _fail("start.epoch", _("disagrees with rules.start_epoch"), source)
                rules["start_epoch"] = epoch
        scenario = cls(name.strip(), description, ruleset_name, rules, changes, save, save_epoch)
        if save is not None:
            scenario.start_from_save(None, 0, source)  # the save must replay under the scenario's changes
        return scenario

    @classmethod
    def load(cls, path: str | Path) -> "Scenario":
        """Read a scenario file (.json, or .yaml / .yml when PyYAML is installed), with bounds."""
        p = Path(path)
        where = one_line(str(path) or "''", 200)
        yaml_file = p.suffix.lower() in (".yaml", ".yml")
        try:
            data = read_bounded(path, MAX_YAML_BYTES if yaml_file else MAX_BYTES)
            text = decode(data)
        except DataProblem as problem:
            raise ScenarioError(_("{file}: the scenario file: {reason}", file=where, reason=problem.reason),
                                source=where) from None
        if yaml_file:
            try:
                import yaml  # type: ignore[import-untyped]  # noqa: F401
            except ImportError:
                raise ScenarioError(_("{file}: reading YAML needs PyYAML (pip install pyyaml); or write the scenario as JSON",
                                      file=where), source=where) from None
        try:
            parsed = parse_yaml(text) if yaml_file else parse_json(text)
        except DataProblem as problem:
            reason = problem.reason
            if isinstance(reason, Msg) and reason.msgid.startswith("it is not valid YAML"):
                reason = _("not valid YAML ({detail})", **reason.args)
            elif isinstance(reason, Msg) and reason.msgid.startswith("it is not complete JSON"):
                reason = _("not valid JSON ({detail} at line {line}, column {column})", **reason.args)
            raise _fail(problem.where, reason, one_line(p.name, 100)) from None
        return cls.from_dict(parsed, source=one_line(p.name, 100), base=p.parent)

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
            raise ScenarioError(_("{file}: {reason}", file=self.name, reason=_said(err))) from None

    def starts(self, players: list[str] | None = None) -> Callable[[int | str], Any]:
        """``seed -> game``: :meth:`new_game` for the many games of a simulation at one table.

        A saved start is read, checked and replayed action by action for the first game only;
        each later game replays the actions that game applied without checking them again.
        That is safe: with chance left to the save (``auto_chance=False``) a replay draws
        nothing from the seed, so it is the same replay for every seed. The seed decides only
        what follows the save.
        """
        if self.save is None:
            return functools.partial(self.new_game, players)
        from hotw.rulesets import get_ruleset

        replayed: list[Any] = []

        def start(seed: int | str) -> Any:
            if replayed:
                ruleset, names, options, actions = replayed
                game = get_ruleset(ruleset).new_game(names, seed, auto_chance=False, options=options)
                for action in actions:
                    game.apply_legal(action)
            else:
                game = self.start_from_save(players, seed, replayed=replayed)
            game.set_auto_chance(True)
            return game

        return start

    def start_from_save(self, players: list[str] | None, seed: int | str, source: str | None = None, *,
                        replayed: list[Any] | None = None) -> Any:
        """The game of this scenario's saved start: the save replayed under the scenario's changes, then chance by ``seed``.

        ``replayed`` (a list) receives the ruleset, players, options and actions of the replay, and the
        game is returned before chance takes over (for :meth:`starts`).
        """
        from hotw.actions import Action
        from hotw.rulesets import get_ruleset
        from hotw.save import read_save

        assert self.save is not None
        src = source or one_line(self.name, 100)
        doc = read_save(self.save, f"{src}: start.save")
        if players is not None and len(players) != len(doc["players"]):
            raise _fail("", _("the saved game has {count} players, not {given}", count=len(doc["players"]),
                              given=len(players)), src)
        options = {k: tuple(v) if isinstance(v, list) else v for k, v in doc["options"].items()}
        options.update(self.options())
        try:
            game = get_ruleset(doc["ruleset"]).new_game(list(players or doc["players"]), seed, auto_chance=False,
                                                         options=options)
        except ValueError as err:
            raise _fail("start.save", _said(err), src) from None
        stop = self.save_epoch
        begins = getattr(game, "EPOCH_START_PHASE", "trim_empires")  # the phase a ruleset's epoch begins in
        for i, text in enumerate(doc["actions"]):
            if stop is not None and game.epoch >= stop and game.phase == begins:
                break
            try:
                game.apply(Action.parse(text))
            except IllegalActionError as err:
                raise _fail("start.save", _("action {number} ({action}) cannot be replayed under this scenario: {reason}",
                                            number=i + 1, action=quote(text), reason=_said(err)), src) from None
        else:
            if stop is not None and not (game.epoch >= stop and game.phase == begins):
                raise _fail("start.epoch", _("the saved game does not reach Epoch {number}", number=stop), src)
        if replayed is not None:
            replayed[:] = [doc["ruleset"], list(game.players), options, list(game.history)]
            return game
        game.set_auto_chance(True)
        return game


def _read_save_field(value: Any, base: Path | None, source: str) -> str:
    """The text of a save given as a file name next to the scenario, a save object or save text."""
    from hotw.save import MAX_BYTES as SAVE_BYTES
    from hotw.save import read_save

    label = f"{source}: start.save"
    if isinstance(value, dict):
        text = json.dumps(value)
    elif isinstance(value, str) and value.lstrip().startswith("{"):
        text = value
    elif isinstance(value, str):
        try:
            path = sibling(base if base is not None else Path.cwd(), value)
            text = decode(read_bounded(path, SAVE_BYTES))
        except DataProblem as problem:
            raise _fail("start.save", _("{file}: {reason}", file=quote(value, 40), reason=problem.reason), source) from None
        label = f"{source}: start.save ({one_line(value, 60)})"
    else:
        raise _fail("start.save", _("must be a save file name or a save object, not {value}", value=quote(value)), source)
    try:
        read_save(text, label)
    except SaveFileError as err:
        raise ScenarioError(_said(err), source=source, field="start.save") from None
    return text


#: The rule option of a position set up by hand (the lesson builder's start), in every ruleset that has one.
POSITION = "position"


def with_start(scenario: Any, start: Mapping[str, Any] | None, ruleset: str | None = None) -> "Scenario | None":
    """``scenario`` (None: the printed rules of ``ruleset``, or of the default one) played from the position
    ``start`` (None: as it starts).

    ``start`` is a position as the ruleset's ``position`` rule option takes it (the
    lesson builder's save); it is checked like any scenario, so a bad one raises a
    ScenarioError naming the field, the land or the piece.
    """
    if start is None:
        return load_scenario(scenario) if scenario is not None else None
    if not isinstance(start, Mapping):
        raise ValueError(f"start must be a position (an object with at least 'epoch' and 'turn'), not {quote(start)}")
    base = Scenario(ruleset=ruleset) if scenario is None and ruleset is not None else load_scenario(scenario)
    if base.save is not None:
        raise ValueError(f"the scenario {base.name!r} starts from a saved game; give it a position or a save, not both")
    if base.rules.get(POSITION):
        raise ValueError(f"the scenario {base.name!r} already starts from a position (rules.position); "
                         "give start= or rules.position, not both")
    data = base.to_dict()
    data.setdefault("rules", {})[POSITION] = json.loads(json.dumps(dict(start)))
    if scenario is None:
        data["name"] = "from the position"
    return Scenario.from_dict(data)


def scenario_pair(scenario_a: Any, scenario_b: Any, ruleset: str,
                  start: Mapping[str, Any] | None = None) -> tuple[Scenario, Scenario]:
    """The two scenarios of a comparison, of one ruleset, both from ``start`` if given.

    A scenario that names no ruleset (None, the printed rules, or a dict without
    ``ruleset``) is of ``ruleset``; two that name different rulesets cannot be
    compared (ValueError).
    """
    def load(spec: Any) -> Scenario:
        if spec is None:
            return Scenario(ruleset=ruleset)
        if isinstance(spec, Mapping) and "ruleset" not in spec:
            spec = {**spec, "ruleset": ruleset}
        return load_scenario(spec)

    pair = [load(scenario_a), load(scenario_b)]
    if pair[0].ruleset != pair[1].ruleset:
        raise ValueError(f"cannot compare a scenario of {quote(pair[0].ruleset)} with one of "
                         f"{quote(pair[1].ruleset)}: both must be of the same ruleset")
    if start is not None:
        for k, given in enumerate((scenario_a, scenario_b)):
            started = with_start(pair[k], start)
            assert started is not None
            pair[k] = started if given is not None else dataclasses.replace(started, name="from the position")
    return pair[0], pair[1]


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
