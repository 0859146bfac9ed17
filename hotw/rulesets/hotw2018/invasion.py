"""The 2018 invasions: targets by land, fleet and caravan, battles and their dice, sieges, forts, events.

A mixin of :class:`~hotw.rulesets.hotw2018.game.Hotw2018Game` (see ``draft.py``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hotw.i18n import Domain, Msg
from hotw.rng import BLOCK, FACE_LIMIT, raw_block
from hotw.rng import face as _face
from hotw.rulesets.hotw2018.actorlog import (
    battle_line, fortifies, marauder_point, plays, retreats, sieges, takes_empty, takes_own,
)
# The engine rolls its own dice (always valid): it skips the checks of needs_reroll() and outcome().
from hotw.rulesets.hotw2018.battle import (
    PRINTED_DICE,
    BattleSetup,
    DiceEffects,
    battle_setup,
    outcome_unchecked,
    reroll_index,
)
from hotw.rulesets.hotw2018.pieces import LIMITS, Actor, Battle, BattleRecord
from hotw.rulesets.hotw2018.invadestep import END_INVASIONS, InvadeStep  # noqa: F401 (also read from here)
from hotw.rulesets.hotw2018.targets import all_targets, more_targets, reach_memo  # noqa: F401 (also read from here)

#: The first round of a battle with the printed dice, by fort + 2 x rough terrain + 4 x naval (the catapult's
#: limit does not matter before a siege)
_FIRST_ROUNDS = tuple(battle_setup(PRINTED_DICE, bool(i & 1), bool(i & 2), bool(i & 4), 0) for i in range(8))

_ = Domain("hotw2018")
# Said as they are, so made once
_SIEGE_TOKEN, _AN_ARMY, _FREE, _ONE_ARMY = _("a siege token"), _("an army"), _("free"), _("one army from the card")


def new_battle(target: str, defender: int, naval: bool, establishing: bool, setup: BattleSetup) -> Battle:
    """``Battle(target, defender, naval, establishing, 0, 0, setup)``: a fresh battle's slots set here, without the
    dataclass ``__init__`` and its two list factories (a battle starts at every invasion of a held land).
    ``tests/test_battle.py`` compares every field with the class's own."""
    b = _new_object(Battle)
    b.target, b.defender, b.naval, b.establishing, b.setup = target, defender, naval, establishing, setup
    b.round = b.catapult = 0
    b.inv, b.dfn = [], []
    b.reroll = b.before_reroll = None
    b.lost = False
    return b


_new_object = object.__new__


def _dice_effects(a: Actor) -> tuple[Any, ...]:
    """``a.dice_effects`` brought up to date: (effects, their count, their DiceEffects, the first rounds of a battle
    with them by fort + 2 x rough terrain + 4 x naval, as ``_FIRST_ROUNDS``), made again only when an effect is
    added (the engine only appends to ``a.effects``, when an event is played)."""
    fx = a.dice_effects
    if fx is None or fx[0] is not a.effects or fx[1] != len(a.effects):
        effects = DiceEffects.of(a.effects)
        rounds = _ROUNDS_OF.get(effects)  # the same effects, the same table: made once per process
        if rounds is None:
            rounds = _ROUNDS_OF[effects] = tuple(
                battle_setup(effects, bool(i & 1), bool(i & 2), bool(i & 4), 0) for i in range(8))
        fx = a.dice_effects = (a.effects, len(a.effects), effects, rounds)
    return fx


_ROUNDS_OF: dict[DiceEffects, tuple[BattleSetup, ...]] = {PRINTED_DICE: _FIRST_ROUNDS}


class Invasions(InvadeStep):
    """The invade step: what may be invaded, fortified or played, and every battle and siege."""

    __slots__ = ()  # the state's slots are the game's (see Hotw2018Game)

    @property
    def last_battle(self) -> BattleRecord | None:
        """The last battle decided (for the UI and tutorials), made from its fields when first read.

        A simulation decides hundreds of battles and reads none of them: :meth:`_fight` keeps
        the fields as a tuple, and the record is built (once: the same object at every read)
        only for a reader.
        """
        record = self._last_battle
        if type(record) is tuple:
            record = self._last_battle = BattleRecord(*record)
        return record

    @last_battle.setter
    def last_battle(self, record: BattleRecord | None) -> None:
        self._last_battle: BattleRecord | tuple[Any, ...] | None = record

    def targets(self) -> dict[str, bool]:
        """Lands the acting empire may invade now, each mapped to True if by fleet (naval)."""
        a = self.actor
        if a is None:
            return {}
        return dict(self._reach(a)[2])

    def _reach(self, a: Actor) -> list[Any]:
        """The actor's targets memo, brought up to date (see :func:`reach_memo`)."""
        return reach_memo(self, a)

    def battle_setup(self, land: str, naval: bool, siege_round: int = 0) -> BattleSetup:
        """The dice of the acting empire attacking ``land`` (by fleet if ``naval``) in that siege round."""
        a = self.actor
        assert a is not None
        effects = PRINTED_DICE
        if a.effects:  # without events or abilities in force, the printed dice
            effects = _dice_effects(a)[2]
        return battle_setup(effects, land in self.forts, land in self._rough, naval, siege_round,
                            int(self.opts["catapult_max"]))

    def _setup_for(self, b: Battle) -> BattleSetup:
        return self.battle_setup(b.target, b.naval, b.round)

    def siege_setup(self) -> BattleSetup | None:
        """The battle a siege would be now (catapult one step higher), or None if no siege is possible."""
        b = self.battle
        if b is None or self.phase != "siege_or_retreat":
            return None
        return self._setup_for(dataclasses.replace(b, round=b.round + 1))

    def invasion_setup(self, land: str) -> BattleSetup | None:
        """The battle that invading ``land`` now would be, or None if no battle (empty, own, or not a target)."""
        a = self.actor
        if a is None or self.phase != "invade":
            return None
        targets = self.targets()
        owner = self.owner.get(land)
        if land not in targets or owner is None or owner == a.player:
            return None
        return self._setup_for(Battle(land, owner, targets[land], False))

    def _invade(self, land: str) -> None:
        a = self.actor
        assert a is not None
        owner = self.owner.get(land)
        if owner is not None and owner != a.player:  # a battle: by fleet? (asked of the targets as offered)
            naval = reach_memo(self, a)[2][land]  # targets()[land], read from the memo (not copied)
            if a.missed_starts:
                a.missed_starts.discard(land)
            # self._start_battle(land, naval, False) written out
            a.armies -= 1  # the invading army leaves the card
            self.battle = new_battle(land, owner, naval, False,
                                     (_dice_effects(a)[3] if a.effects else _FIRST_ROUNDS)[
                                         (land in self.forts) + 2 * (land in self._rough) + 4 * naval])
            self.phase = "battle"
            return
        if a.missed_starts:
            a.missed_starts.discard(land)
        # the land is empty, or holds a resigned army of the invader's own: self._occupy(land, ...) written out
        if owner is not None:
            self.supply[owner] += 1
        a.armies -= 1
        self.owner[land] = a.player
        a.active.add(land)
        label = a.label  # self._tell(..., self._actor_label(), self._name(land)) written out
        if label is None:
            label = self._actor_label()
        self._log_specs.append((self.epoch, takes_empty if owner is None else takes_own,
                                (label, self.board.spaces[land].name)))
        if land in a.starts:
            self._place_capitol(land)

    def _start_battle(self, land: str, naval: bool, establishing: bool) -> None:
        a = self.actor
        assert a is not None
        a.armies -= 1  # the invading army leaves the card
        # the first round's dice (self._setup_for(b)) read from a table: the printed dice's, or the actor's effects'
        self.battle = new_battle(land, self.owner[land], naval, establishing,
                                 (_dice_effects(a)[3] if a.effects else _FIRST_ROUNDS)[
                                     (land in self.forts) + 2 * (land in self._rough) + 4 * naval])
        self.phase = "battle"

    def _roll(self, value: int) -> None:
        b = self.battle
        assert b is not None
        k, m = b.setup.invader_dice, b.setup.defender_dice
        if len(b.inv) < k:
            b.inv.append(value)
        elif len(b.dfn) < m:
            b.dfn.append(value)
            if len(b.dfn) == m:
                b.reroll = reroll_index(b.setup, b.inv, b.dfn)
                if b.reroll is not None and self._tie_holds(outcome_unchecked(b.setup, b.inv, b.dfn)):
                    b.reroll = None  # the tie already holds the land for the defender
                if b.reroll is not None:
                    b.before_reroll = list(b.dfn)
        else:
            assert b.reroll is not None
            b.dfn[b.reroll] = value
            b.reroll = None
        if len(b.inv) >= k and len(b.dfn) >= m and b.reroll is None:  # every die rolled, no reroll due
            self._fight(None)  # resolved

    def _fight(self, dice: tuple[Action, ...] | None) -> None:
        """Roll every die of a fresh battle from the seeded generator (unless ``dice`` is None: its dice are
        rolled already, die by die in ``_roll``), then resolve it: one call for a battle.

        The same draws in the same order (invader's dice, defender's, a naval reroll), each
        recorded as its own ``roll`` action (``dice[face - 1]``), without a chance step per die.
        The generator's values are made ``rng.BLOCK`` draws at a time (:func:`hotw.rng.raw_block`)
        and kept in ``_raw_draws`` (see ``chance.py``): the same faces as ``rng.face`` draw by
        draw, at a fraction of the cost.
        """
        a, b = self.actor, self.battle
        assert a is not None and b is not None
        setup = b.setup
        inv, dfn = b.inv, b.dfn
        if dice is not None:
            key, n, record = self._key, self._draws, self.history.append
            first, raw, made_for = self._raw_draws
            if not 0 <= n - first <= BLOCK - 6 or made_for != key:  # a battle rolls at most 6 dice (3+2+a reroll)
                first, raw, made_for = self._raw_draws = n, raw_block(key, n), key
            i = n - first
            k = i + setup.invader_dice
            for x in raw[i:k]:  # the invader's dice: the block's values n, n + 1, ... (a slice, not an index each)
                face = x % 6 + 1 if x < FACE_LIMIT else _face(key, n)  # rng.face(key, n) from the block's value
                n += 1
                inv.append(face)
                record(dice[face - 1])
            for x in raw[k:k + 2 if setup.fortified else k + 1]:  # the defender's (setup.defender_dice)
                face = x % 6 + 1 if x < FACE_LIMIT else _face(key, n)
                n += 1
                dfn.append(face)
                record(dice[face - 1])
            if setup.naval:
                reroll = reroll_index(setup, inv, dfn)
                if reroll is not None and not self._tie_holds(outcome_unchecked(setup, inv, dfn)):
                    b.before_reroll = list(dfn)
                    x = raw[n - first]
                    face = x % 6 + 1 if x < FACE_LIMIT else _face(key, n)
                    n += 1
                    dfn[reroll] = face
                    record(dice[face - 1])
            self._draws = n
        # the battle resolved: outcome_unchecked(setup, inv, dfn) written out
        attack = max(inv) + setup.invader_bonus
        defence = max(dfn) + setup.defender_bonus + setup.terrain  # +1 on rough terrain
        if attack > defence or (attack == defence and setup.invader_wins_ties):
            result = held = "win"
        elif attack < defence:
            result = held = "lose"
        else:
            result = "tie"
            held = "lose" if self.opts["tie_rule"] == "defender_holds" else "tie"  # _tie_holds(result), inline
        record = self._last_battle = (  # the fields of a BattleRecord (see last_battle)
            self.epoch, a.player, a.name, b.target, b.defender, b.round, tuple(inv), tuple(dfn),
            None if b.before_reroll is None else tuple(b.before_reroll), setup, held)
        # the battle's line is made from its record when the log is read: self._tell(battle_line, ...) written out
        label = a.label
        if label is None:
            label = self._actor_label()
        land = b.target
        self._log_specs.append((self.epoch, battle_line, (label, self.board.spaces[land].name, record, result,
                                                          held != result, b.establishing)))
        if held == "lose":
            b.lost = True
            self.phase = "siege_or_retreat"
            return
        self.supply[b.defender] += 1  # the defending army is removed
        self.forts.discard(land)
        if held == "win":
            self.owner.retake(land, a.player)  # del self.owner[land]; self.owner[land] = a.player
            a.active.add(land)
            if land in a.to_establish:
                a.to_establish.remove(land)
        else:  # tie: both armies removed, the territory is left empty
            del self.owner[land]
            self.supply[a.player] += 1
        # the battle ended
        if b.catapult:
            self.supply[a.player] += b.catapult  # catapult armies return to supply
        self.battle = None
        self.phase = "establish" if a.to_establish and b.establishing else "invade"
        if land in self.tokens or land in self.monuments:  # a structure to reduce
            self._reduce(land)
        if held == "win" and (b.establishing or land in a.starts):
            self._place_capitol(land)

    def _tie_holds(self, result: str) -> bool:
        """True if ``result`` is a tie and the rules let the defender hold the land on a tie."""
        return result == "tie" and self.opts["tie_rule"] == "defender_holds"

    def _reduce(self, land: str) -> None:
        """Reduce one structure: capitol to city, else remove a city, else a monument."""
        a = self.actor
        assert a is not None
        token = self.tokens.get(land)
        if token == "capitol":
            self.tokens[land] = "city"
            self._tell(_capitol_reduced, self._name(land))
        elif token == "city":
            del self.tokens[land]
            self._tell(_city_removed, self._name(land))
        elif land in self.monuments:
            self.monuments.discard(land)
            self._tell(_monument_removed, self._name(land))
        else:
            return
        if a.marauder:
            self._tell(marauder_point, self._actor_label())
            self._move_score(a.player, 1)

    def _siege(self) -> None:
        a, b = self.actor, self.battle
        assert a is not None and b is not None
        catapult_max = int(self.opts["catapult_max"])
        if a.tokens:
            a.tokens -= 1
            used = _SIEGE_TOKEN
        else:
            a.armies -= 1
            used = _AN_ARMY
            if b.round < catapult_max:
                b.catapult += 1
            else:
                self.supply[a.player] += 1
        b.round += 1
        b.inv, b.dfn, b.reroll, b.lost, b.before_reroll = [], [], None, False, None
        if a.effects:
            b.setup = self._setup_for(b)
        else:  # the printed dice: self._setup_for(b) without reading the effects
            land = b.target
            b.setup = battle_setup(PRINTED_DICE, land in self.forts, land in self._rough, b.naval, b.round,
                                   catapult_max)
        self._log_specs.append((self.epoch, sieges, (a.label or self._actor_label(),  # self._tell(...)
                                                     self.board.spaces[b.target].name, used,
                                                     min(b.round, catapult_max))))
        self.phase = "battle"

    def _retreat(self) -> None:
        a, b = self.actor, self.battle
        assert a is not None and b is not None
        self.supply[a.player] += 1  # the invading army returns to supply
        self._log_specs.append((self.epoch, retreats, (a.label or self._actor_label(),  # self._tell(...)
                                                       self.board.spaces[b.target].name)))
        if b.establishing and b.target in a.to_establish:
            a.to_establish.remove(b.target)
            a.missed_starts.add(b.target)
        # the battle ended
        if b.catapult:
            self.supply[a.player] += b.catapult  # catapult armies return to supply
        self.battle = None
        self.phase = "establish" if a.to_establish and b.establishing else "invade"

    def _fortify(self, land: str) -> None:
        a = self.actor
        assert a is not None
        if a.free_forts:
            a.free_forts -= 1
            how = _FREE
        else:
            a.armies -= 1
            self.supply[a.player] += 1
            how = _ONE_ARMY
        self.forts.add(land)
        self._tell(fortifies, self._actor_label(), self._name(land), how)

    def _play_event(self, card: str) -> None:
        a = self.actor
        assert a is not None
        ev = self.content.events[card]
        self.hands[a.player].remove(card)
        a.played.append(card)
        self.events_played.append((self.epoch, a.player, card))
        self._gain_effects(a, ev.effects)
        self._tell(plays, self._actor_label(), ev.name, ev.text)


# -- the log lines of a conquest's buildings, made when the log is read (see ``Hotw2018Game._tell``) ----------------
def _capitol_reduced(land: str) -> Msg:
    return _("{land}: capitol reduced to a city", land=land)


def _city_removed(land: str) -> Msg:
    return _("{land}: city removed", land=land)


def _monument_removed(land: str) -> Msg:
    return _("{land}: monument removed", land=land)
