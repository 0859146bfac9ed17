"""History of the World, 2018 edition (5 epochs, 3-6 players): the default ruleset.

The flow of an epoch: region tokens, the card draft, then each drafted empire
in the call order printed on the card backs takes a turn: catapult, kingdom,
establish, invade, build monuments, resign, gain points. Every choice the
rules leave to a player is a decision; dice and card draws are chance steps.
Choices the rule texts leave open are listed in docs/rules-2018.md.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from hotw import rng
from hotw.actions import Action
from hotw.board import Board, load_board
from hotw.game import CHANCE, Decision, Game
from hotw.reach import land_neighbours, marker_lands, marker_reach, touching
from hotw.rulesets import Ruleset
# The engine rolls its own dice (always valid): it skips the checks of needs_reroll() and outcome().
from hotw.rulesets.hotw2018.battle import (
    PRINTED_DICE,
    BattleSetup,
    DiceEffects,
    battle_setup,
    outcome_unchecked,
    reroll_index,
)
from hotw.rulesets.hotw2018.cardcheck import load_content
from hotw.rulesets.hotw2018.cards import Content
from hotw.rulesets.hotw2018.changes import changed_content
from hotw.rulesets.hotw2018.observation import Hotw2018Observation
from hotw.rulesets.hotw2018.options import OPTIONS
from hotw.rulesets.hotw2018.pieces import Actor, Battle, BattleRecord, effect_dict
from hotw.rulesets.hotw2018.scoring import breakdown
from hotw.scoring import Breakdown, LandArmies, regions_of

ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII")
LIMITS = {"capitol_city": 24, "monument": 20, "fort": 14}

#: Phases whose pending step is decided by chance (see ``_decision``).
_CHANCE_PHASES = frozenset({"markers", "trim_empires", "trim_events", "battle", "game_over"})

#: Phases where ``_advance`` stops at once: a player or the dice decide next.
_WAITING_PHASES = frozenset({"kingdom", "invade", "siege_or_retreat", "battle", "game_over"})

_ACTIONS: dict[tuple[str, str], Action] = {}
_END_INVASIONS = Action("end_invasions")
_SIEGE_OR_RETREAT = [Action("siege"), Action("retreat")]


def _action(kind: str, target: str) -> Action:
    """The Action (kind, target), made once: actions are immutable, and the invade step lists many."""
    hit = _ACTIONS.get((kind, target))
    if hit is None:
        hit = _ACTIONS[(kind, target)] = Action(kind, target)
    return hit


#: The six outcomes of one die, each as likely as the others.
_ROLLS = tuple((Action("roll", str(v)), 1) for v in range(1, 7))
_DICE = tuple(a for a, _ in _ROLLS)

# Order of action kinds in legal_actions().
_KIND_ORDER = {
    k: i
    for i, k in enumerate(
        ["pick_event", "pick_empire", "play_kingdom", "skip_kingdom", "invade", "fortify",
         "play_event", "end_invasions", "siege", "retreat", "score_tie"]
    )
}


_CONTENT: dict[int, tuple[Board, Content]] = {}


def _content_for(board: Board) -> Content:
    """``load_content("hotw2018", board)`` once per board: it reads the board's ids and resolves paths each call."""
    hit = _CONTENT.get(id(board))
    if hit is None or hit[0] is not board:
        hit = _CONTENT[id(board)] = (board, load_content("hotw2018", board))
    return hit[1]


_EPOCH_CARDS: dict[tuple[int, str, int], tuple[Content, tuple[str, ...]]] = {}


def _epoch_cards(content: Content, kind: str, epoch: int) -> tuple[str, ...]:
    """Ids of the epoch's empire cards (call order) or event cards (file order), once per card set.

    Each card draw lists the pile still to draw from; sorting the empires every time cost more than the draw.
    """
    key = (id(content), kind, epoch)
    hit = _EPOCH_CARDS.get(key)
    if hit is None or hit[0] is not content:
        cards = content.empires_of_epoch(epoch) if kind == "empire" else content.events_of_epoch(epoch)
        if len(_EPOCH_CARDS) > 256:  # scenarios make card sets of their own; keep the table small
            _EPOCH_CARDS.clear()
        hit = _EPOCH_CARDS[key] = (content, tuple(c.id for c in cards))
    return hit[1]


class Hotw2018Game(Game):
    """A game of History of the World (2018 edition)."""

    board: Board
    content: Content
    observation_class = Hotw2018Observation

    # -- setup -----------------------------------------------------------------------
    def _setup(self) -> None:
        self.board = load_board()
        self.content = _content_for(self.board)
        if self.opts["content_changes"]:  # a what-if's cards: a changed copy, the printed cards untouched
            self.content = changed_content(self.content, self.opts["content_changes"], self.board, len(self.players))
        n = len(self.players)
        self.n = n
        self.score = [0] * n
        self.supply = [int(self.opts["player_armies"])] * n
        self._region_lands = {r: tuple(reg.lands) for r, reg in self.board.regions.items()}
        self._region_names = {r: reg.name for r, reg in self.board.regions.items()}
        # Land -> seat, with the armies per region kept current for scoring and the bots.
        self.owner: dict[str, int] = LandArmies(regions_of(self._region_lands), self._region_lands, n)
        self.tokens: dict[str, str] = {}  # land -> "capitol" | "city"
        self.monuments: set[str] = set()
        self.forts: set[str] = set()
        self.region_values: dict[str, tuple[int, int, int]] = {}
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.empire_of: list[str | None] = [None] * n
        self.epoch = 0
        self.phase = "markers"
        self.marker_order: list[int] = []
        self.deck_empires: list[str] = []
        self.deck_events: list[str] = []
        self.draft_step = 0
        self.event_order: list[int] = []
        self.empire_order: list[int] = []
        self.call_order: list[str] = []
        self.turn = -1
        self.actor: Actor | None = None
        self.battle: Battle | None = None
        self.last_battle: BattleRecord | None = None
        self.tie: tuple[int, int] | None = None  # (player, contested score)
        self.turn_scores: list[tuple[int, str, int, Breakdown]] = []
        self.epoch_scores: list[list[int]] = []
        self._land_nbrs = land_neighbours(self.board)
        self._touch = touching(self.board)
        self._touch_lands = marker_lands(self.board)
        self._advance()

    # -- small helpers -------------------------------------------------------------
    def _name(self, space: str) -> str:
        return self.board.spaces[space].name

    def _who(self, p: int) -> str:
        return self.players[p]

    def _say(self, text: str) -> None:
        if self.epoch:
            self.log.append(f"Epoch {ROMAN[self.epoch]}, {text}")
        else:
            self.log.append(text)

    def _actor_label(self) -> str:
        a = self.actor
        assert a is not None
        return f"{a.name} ({self._who(a.player)})"

    def _take_armies(self, actor: Actor, count: int) -> None:
        """Armies from supply onto the card; a shortfall becomes siege tokens."""
        real = min(count, self.supply[actor.player])
        self.supply[actor.player] -= real
        actor.armies += real
        actor.tokens += count - real

    def _move_score(self, p: int, delta: int) -> None:
        if delta == 0:
            return
        self.score[p] += delta
        if self.score[p] in (s for i, s in enumerate(self.score) if i != p):
            self.tie = (p, self.score[p])

    def _occupied(self, value: int, p: int) -> bool:
        return any(s == value for i, s in enumerate(self.score) if i != p)

    # -- epoch start and draft ---------------------------------------------------
    def _start_epoch(self) -> None:
        start = int(self.opts["start_epoch"])
        if self.epoch == 0 and start > 1:  # a shorter game: the tokens of the skipped epochs lie on the board
            for e in range(1, start):
                for tok in self.content.tokens_of_epoch(e):
                    self.region_values[tok.region] = tuple(tok.values)  # type: ignore[assignment]
            self._say(f"the game starts in Epoch {ROMAN[start]}")
            self.epoch = start - 1
        self.epoch += 1
        changed = []
        for tok in self.content.tokens_of_epoch(self.epoch):
            self.region_values[tok.region] = tuple(tok.values)  # type: ignore[assignment]
            changed.append(f"{self._region_names.get(tok.region, tok.region)} {'/'.join(map(str, tok.values))}")
        self._say("region tokens: " + (", ".join(changed) if changed else "no change"))
        self.deck_empires = []
        self.deck_events = []
        self.empire_of = [None] * self.n
        self.phase = "trim_empires"

    def _pile(self, kind: str) -> list[str]:
        cards = _epoch_cards(self.content, kind, self.epoch)
        drawn = self.deck_empires if kind == "empire" else self.deck_events
        return [c for c in cards if c not in drawn]

    def _begin_draft(self) -> None:
        by_score = sorted(range(self.n), key=lambda p: self.score[p])
        self.empire_order = by_score
        self.event_order = by_score[::-1]
        self.draft_left_events = sorted(self.deck_events)
        self.draft_left_empires = sorted(self.deck_empires, key=lambda c: self.content.empires[c].order)
        self.draft_step = 0
        self.phase = "draft"

    def _draft_turn(self) -> tuple[str, int, list[str]]:
        i = self.draft_step // 2
        if self.draft_step % 2 == 0:
            return "event", self.event_order[i], self.draft_left_events
        return "empire", self.empire_order[i], self.draft_left_empires

    def _pick(self, kind: str, p: int, card: str, automatic: bool = False) -> None:
        if kind == "event":
            self.draft_left_events.remove(card)
            self.hands[p].append(card)
            label = "an event card"
        else:
            self.draft_left_empires.remove(card)
            self.empire_of[p] = card
            label = f"the {self.content.empires[card].name}"
        how = " (the last card, automatic)" if automatic else ""
        self._say(f"{self._who(p)} takes {label}{how}")
        self.draft_step += 1

    def _end_draft(self) -> None:
        self.call_order = sorted(
            (c for c in self.empire_of if c is not None), key=lambda c: self.content.empires[c].order
        )
        self.turn = -1
        self.phase = "next_turn"

    # -- the turn of an empire -----------------------------------------------------
    def _holder(self, empire: str) -> int:
        return self.empire_of.index(empire)

    def _next_turn(self) -> None:
        self.turn += 1
        if self.turn >= len(self.call_order):
            self.phase = "epoch_end"
            return
        empire = self.call_order[self.turn]
        p = self._holder(empire)
        self.actor = None
        self._say(f"{self.content.empires[empire].name} ({self._who(p)}) take the catapult")
        self.phase = "kingdom" if self._kingdoms(p) else "establish_empire"

    def _kingdoms(self, p: int) -> list[str]:
        return [c for c in self.hands[p] if self.content.events[c].kind == "kingdom"]

    def _make_actor(self, card: str, p: int, kingdom: bool) -> Actor:
        if kingdom:
            ev = self.content.events[card]
            k = ev.kingdom
            actor = Actor(card, k.name, p, True, bool(k.capitol), tuple(k.start), tuple(k.fleets),
                          tuple(k.caravans))
            self._take_armies(actor, k.armies)
        else:
            em = self.content.empires[card]
            actor = Actor(card, em.name, p, False, bool(em.capitol), tuple(em.start), tuple(em.fleets),
                          tuple(em.caravans))
            if em.ability is not None:
                actor.effects = [effect_dict(e) for e in em.ability.effects]
            self._take_armies(actor, em.armies)
        actor.to_establish = list(actor.starts)
        return actor

    def _establish(self) -> None:
        """Place an army (and a capitol) in each start territory; a defended one means a battle."""
        a = self.actor
        assert a is not None
        while a.to_establish:
            land = a.to_establish[0]
            if a.armies == 0:
                self._say(f"{self._actor_label()} have no army left to establish in {self._name(land)}")
                a.to_establish.clear()
                break
            owner = self.owner.get(land)
            if owner is not None and owner != a.player:
                self._start_battle(land, naval=False, establishing=True)
                return
            a.to_establish.pop(0)
            self._occupy(land, own_resigned=owner == a.player)
            self._place_capitol(land)
            self._say(f"{self._actor_label()} establish in {self._name(land)}")
        markers = [self._name(m) for m in a.fleets + a.caravans]
        if markers:
            self._say(f"{self._actor_label()} place fleets/caravans: {', '.join(markers)}")
        self.phase = "invade"

    def _occupy(self, land: str, own_resigned: bool = False) -> None:
        a = self.actor
        assert a is not None
        if own_resigned:
            self.supply[a.player] += 1
        a.armies -= 1
        self.owner[land] = a.player
        a.active.add(land)

    def _place_capitol(self, land: str) -> None:
        a = self.actor
        assert a is not None
        if not a.capitol:
            return
        if land not in self.tokens and len(self.tokens) >= LIMITS["capitol_city"]:
            self._say(f"no capitol left in the box for {a.name}")
            return
        self.tokens[land] = "capitol"

    # -- invading ------------------------------------------------------------------
    def targets(self) -> dict[str, bool]:
        """Lands the acting empire may invade now, each mapped to True if by fleet (naval)."""
        a = self.actor
        if a is None:
            return {}
        active = a.active
        nbrs = self._land_nbrs
        # Every land next to an active army, in the order first met, then without the active lands
        # themselves: the same dict as a loop skipping them, built at C speed.
        out: dict[str, bool] = dict.fromkeys(itertools.chain.from_iterable(map(nbrs.__getitem__, active)), False)
        for land in active:
            out.pop(land, None)
        for land in a.missed_starts:  # a start territory not taken at Establish stays a target
            if land not in active:
                out.setdefault(land, False)
        markers = a.fleets + a.caravans
        if markers and active:
            touch, touch_lands = self._touch, self._touch_lands
            caravan_reach = marker_reach(touch, set(a.caravans), active) if a.caravans else set()
            all_reach = marker_reach(touch, set(markers), active) if a.fleets else caravan_reach
            # The lands the reached markers touch, not yet listed; naval unless a reached caravan touches them.
            # (Their order in the dict follows a set's, as the markers' order already did.)
            by_caravan = set().union(*[touch[c] for c in caravan_reach])
            reached = set().union(*[touch_lands[m] for m in all_reach])
            reached.difference_update(active, out)
            for land in reached:
                out[land] = land not in by_caravan
        return out

    def battle_setup(self, land: str, naval: bool, siege_round: int = 0) -> BattleSetup:
        """The dice of the acting empire attacking ``land`` (by fleet if ``naval``) in that siege round."""
        a = self.actor
        assert a is not None
        effects = PRINTED_DICE
        if a.effects:  # without events or abilities in force, the printed dice
            fx = a.dice_effects
            if fx is None or fx[0] is not a.effects or fx[1] != len(a.effects):
                fx = a.dice_effects = (a.effects, len(a.effects), DiceEffects.of(a.effects))
            effects = fx[2]
        return battle_setup(effects, land in self.forts, self.board.spaces[land].terrain in ("mountain", "forest"),
                            naval, siege_round, int(self.opts["catapult_max"]))

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
        battle = owner is not None and owner != a.player
        naval = self._naval(land) if battle else False  # only a battle needs to know
        a.missed_starts.discard(land)
        if owner is None or owner == a.player:
            self._occupy(land, own_resigned=owner == a.player)
            how = " (own resigned army returned to supply)" if owner == a.player else ""
            self._say(f"{self._actor_label()} invade {self._name(land)}: empty, taken{how}")
            if land in a.starts:
                self._place_capitol(land)
            return
        self._start_battle(land, naval=naval, establishing=False)

    def _naval(self, land: str) -> bool:
        """``targets()[land]`` for one target: False next to an active army, else asked of ``targets()``.

        ``targets()`` costs a walk over every active land and marker; most invasions
        cross a border, which a look at the active lands' neighbours settles.
        """
        a = self.actor
        assert a is not None
        nbrs = self._land_nbrs
        if land not in a.active and any(land in nbrs[x] for x in a.active):
            return False
        return self.targets()[land]

    def _start_battle(self, land: str, naval: bool, establishing: bool) -> None:
        a = self.actor
        assert a is not None
        a.armies -= 1  # the invading army leaves the card
        b = Battle(land, self.owner[land], naval, establishing)
        b.setup = self._setup_for(b)
        self.battle = b
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
                    b.__dict__["before_reroll"] = list(b.dfn)
        else:
            assert b.reroll is not None
            b.dfn[b.reroll] = value
            b.reroll = None
        if len(b.inv) >= k and len(b.dfn) >= m and b.reroll is None:  # every die rolled, no reroll due
            self._resolve()

    def _dice_text(self, b: Battle) -> str:
        s = b.setup
        inv = "-".join(map(str, b.inv)) + (f" +{s.invader_bonus}" if s.invader_bonus else "")
        dfn = "-".join(map(str, b.dfn)) + (" +1 terrain" if s.terrain else "")
        extra = []
        if s.fortified:
            extra.append("fort")
        if "before_reroll" in b.__dict__:
            extra.append("naval reroll of " + "-".join(map(str, b.__dict__["before_reroll"])))
        return f"{inv} vs {dfn}" + (f" ({', '.join(extra)})" if extra else "")

    def _resolve(self) -> None:
        a, b = self.actor, self.battle
        assert a is not None and b is not None
        result = outcome_unchecked(b.setup, b.inv, b.dfn)
        verb = "establish in" if b.establishing else ("siege" if b.round else "invade")
        held = self._tie_holds(result)
        self._say(f"{self._actor_label()} {verb} {self._name(b.target)}: {self._dice_text(b)}, {result}"
                  + (" (the defender holds on a tie)" if held else ""))
        if held:
            result = "lose"
        self.last_battle = BattleRecord(
            self.epoch, a.player, a.name, b.target, b.defender, b.round, tuple(b.inv), tuple(b.dfn),
            tuple(b.__dict__["before_reroll"]) if "before_reroll" in b.__dict__ else None, b.setup, result)
        land = b.target
        if result == "lose":
            b.lost = True
            self.phase = "siege_or_retreat"
            return
        self.supply[b.defender] += 1  # the defending army is removed
        del self.owner[land]
        self.forts.discard(land)
        if result == "win":
            self.owner[land] = a.player
            a.active.add(land)
            if land in a.to_establish:
                a.to_establish.remove(land)
        else:  # tie: both armies removed, the territory is left empty
            self.supply[a.player] += 1
        self._end_battle()
        self._reduce(land)
        if result == "win" and (b.establishing or land in a.starts):
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
            what = "capitol reduced to a city"
        elif token == "city":
            del self.tokens[land]
            what = "city removed"
        elif land in self.monuments:
            self.monuments.discard(land)
            what = "monument removed"
        else:
            return
        self._say(f"{self._name(land)}: {what}")
        if a.marauder:
            self._say(f"{self._actor_label()} gain 1 point as marauders")
            self._move_score(a.player, 1)

    def _end_battle(self) -> None:
        a, b = self.actor, self.battle
        assert a is not None and b is not None
        self.supply[a.player] += b.catapult  # catapult armies return to supply
        self.battle = None
        self.phase = "establish" if a.to_establish and b.establishing else "invade"

    def _siege(self) -> None:
        a, b = self.actor, self.battle
        assert a is not None and b is not None
        if a.tokens:
            a.tokens -= 1
            used = "a siege token"
        else:
            a.armies -= 1
            used = "an army"
            if b.round < int(self.opts["catapult_max"]):
                b.catapult += 1
            else:
                self.supply[a.player] += 1
        b.round += 1
        b.inv, b.dfn, b.reroll, b.lost = [], [], None, False
        b.__dict__.pop("before_reroll", None)
        b.setup = self._setup_for(b)
        self._say(f"{self._actor_label()} siege {self._name(b.target)} with {used} "
                  f"(catapult +{min(b.round, int(self.opts['catapult_max']))})")
        self.phase = "battle"

    def _retreat(self) -> None:
        a, b = self.actor, self.battle
        assert a is not None and b is not None
        self.supply[a.player] += 1  # the invading army returns to supply
        self._say(f"{self._actor_label()} retreat from {self._name(b.target)}")
        if b.establishing and b.target in a.to_establish:
            a.to_establish.remove(b.target)
            a.missed_starts.add(b.target)
        self._end_battle()

    def _fortify(self, land: str) -> None:
        a = self.actor
        assert a is not None
        if a.free_forts:
            a.free_forts -= 1
            how = "free"
        else:
            a.armies -= 1
            self.supply[a.player] += 1
            how = "one army from the card"
        self.forts.add(land)
        self._say(f"{self._actor_label()} fortify {self._name(land)} ({how})")

    def _play_event(self, card: str) -> None:
        a = self.actor
        assert a is not None
        ev = self.content.events[card]
        self.hands[a.player].remove(card)
        a.played.append(card)
        for e in (effect_dict(x) for x in ev.effects):
            if e["kind"] == "extra_armies":
                self._take_armies(a, int(e.get("count", 0)))
            elif e["kind"] == "free_forts":
                a.free_forts += int(e.get("count", 0))
            else:
                a.effects.append(e)
        self._say(f"{self._actor_label()} play {ev.name}: {ev.text}")

    # -- build, resign, score ------------------------------------------------------
    def _build(self) -> None:
        a = self.actor
        assert a is not None
        spaces = self.board.spaces
        icons = sum(spaces[t].resources for t in a.active)
        per = min([int(e.get("per", 2)) for e in a.effects if e["kind"] == "monument_rate"]
                  or [int(self.opts["monument_icons"])])
        count = icons // max(per, 1) + a.total("extra_monuments", "count")
        count = min(count, LIMITS["monument"] - len(self.monuments))
        if count <= 0:  # nothing to build: no need to rank the lands
            return

        def rank(t: str) -> tuple[int, int, str]:
            tok = self.tokens.get(t)
            cls = 0 if tok == "capitol" else 1 if tok == "city" else 2 if spaces[t].resources else 3
            return (cls, -spaces[t].resources, t)

        free = sorted((t for t in a.active if t not in self.monuments and rank(t)[0] < 3), key=rank)
        built = free[:count]
        self.monuments.update(built)
        if built:
            self._say(f"{self._actor_label()} build monuments in " + ", ".join(self._name(t) for t in built))

    def _resign(self) -> None:
        a = self.actor
        assert a is not None
        self.supply[a.player] += a.armies
        a.armies = a.tokens = 0
        a.active.clear()
        self._say(f"{self._actor_label()} resign")

    def score_breakdown(self, player: int | str) -> Breakdown:
        """Points ``player`` would gain from the board as it stands now."""
        p = self.players.index(player) if isinstance(player, str) else int(player)
        return breakdown(
            p, self.owner, self._region_lands, self._region_names, self.region_values,
            self.tokens, self.monuments, self.n, tuple(self.opts["structure_points"]),
            self.owner.counts if isinstance(self.owner, LandArmies) else None,
        )

    def _gain_points(self) -> None:
        a = self.actor
        assert a is not None
        bd = self.score_breakdown(a.player)
        self.turn_scores.append((self.epoch, a.card, a.player, bd))
        self._say(f"{self._actor_label()} gain {bd.total} point{'' if bd.total == 1 else 's'}")
        self.phase = "next_turn"
        self.actor = None  # between turns no empire is acting
        self._move_score(a.player, bd.total)

    def _end_epoch(self) -> None:
        for p in range(self.n):
            keep = [c for c in self.hands[p] if self.content.events[c].saveable]
            lost = [c for c in self.hands[p] if c not in keep]
            for c in lost:
                self._say(f"{self._who(p)}'s {self.content.events[c].name} is lost (not played)")
            self.hands[p] = keep
        self.epoch_scores.append(list(self.score))
        if self.epoch >= self.ruleset.epochs:
            self.phase = "game_over"
            self._say("the game is over; " + ", ".join(
                f"{self._who(p)} {self.score[p]}" for p in sorted(range(self.n), key=lambda p: -self.score[p])))
        else:
            self.phase = "epoch_start"

    # -- the flow ------------------------------------------------------------------------
    def _advance(self) -> None:
        """Run automatic steps until a player or chance must decide."""
        while self.tie is None:
            ph = self.phase
            if ph in _WAITING_PHASES:  # the commonest case (after every die and invasion): checked first
                return
            if ph == "markers":
                if len(self.marker_order) < self.n:
                    return
                for space, p in enumerate(self.marker_order, start=1):
                    self.score[p] = space
                self._say("score markers: " + ", ".join(f"{self._who(p)} {self.score[p]}" for p in self.marker_order))
                self.phase = "epoch_start"
            elif ph == "epoch_start":
                self._start_epoch()
            elif ph == "trim_empires":
                if len(self.deck_empires) < self.n:
                    return
                self.phase = "trim_events"
            elif ph == "trim_events":
                if len(self.deck_events) < self.n:
                    return
                self._begin_draft()
            elif ph == "draft":
                if self.draft_step >= 2 * self.n:
                    self._end_draft()
                    continue
                kind, p, left = self._draft_turn()
                if len(left) > 1:
                    return
                self._pick(kind, p, left[0], automatic=True)
            elif ph == "next_turn":
                self._next_turn()
            elif ph == "establish_empire":
                empire = self.call_order[self.turn]
                self.actor = self._make_actor(empire, self._holder(empire), kingdom=False)
                self.phase = "establish"
            elif ph == "establish":
                self._establish()
            elif ph in ("kingdom", "invade", "siege_or_retreat", "battle"):
                return
            elif ph == "after_invasions":
                self._build()
                self._resign()
                a = self.actor
                assert a is not None
                if a.kingdom:
                    self.phase = "establish_empire"
                else:
                    self._gain_points()
            elif ph == "epoch_end":
                self._end_epoch()
            elif ph == "game_over":
                return
            else:  # pragma: no cover - a bug, not a user error
                raise RuntimeError(f"unknown phase {ph!r}")

    # -- protocol hooks ----------------------------------------------------------------
    def _over(self) -> bool:
        return self.tie is None and self.phase == "game_over"

    def _is_chance(self) -> bool:
        # The phases where _decision() answers CHANCE, without formatting its prompt.
        return self.tie is None and self.phase in _CHANCE_PHASES

    def _to_decide(self) -> tuple[int, str]:
        # The steps of a battle without formatting their prompts; the same pairs as _decision().
        if self.tie is None:
            ph = self.phase
            if ph == "invade" or ph == "siege_or_retreat":
                a = self.actor
                assert a is not None
                return a.player, ph
            if ph == "battle":
                return CHANCE, "roll"
        d = self._decision()
        return d.player, d.step

    def _decision(self) -> Decision:
        if self.tie is not None:
            p, s = self.tie
            return Decision(p, "score_tie", f"{self._who(p)}: your marker lands on {s}, which is taken; "
                                             "step forward (gain) or back (lose) to an empty space?")
        ph = self.phase
        if ph == "markers":
            return Decision(CHANCE, "draw_markers", "draw a score marker at random")
        if ph == "trim_empires":
            return Decision(CHANCE, "trim_empires", f"draw the Epoch {ROMAN[self.epoch + 0]} empire cards for this game")
        if ph == "trim_events":
            return Decision(CHANCE, "trim_events", f"draw the Epoch {ROMAN[self.epoch]} event cards for this game")
        if ph == "draft":
            kind, p, _ = self._draft_turn()
            return Decision(p, f"pick_{kind}", f"{self._who(p)}: choose an {kind} card")
        if ph == "kingdom":
            p = self._holder(self.call_order[self.turn])
            return Decision(p, "kingdom", f"{self._who(p)}: play your kingdom before your empire, or skip it")
        if ph == "invade":
            a = self.actor
            assert a is not None
            return Decision(a.player, "invade", f"{self._actor_label()}: invade, fortify"
                            f"{'' if a.kingdom else ', play an event'} or end invasions "
                            f"({a.armies} armies, {a.tokens} siege tokens on the card)")
        if ph == "battle":
            return Decision(CHANCE, "roll", "roll the dice")
        if ph == "siege_or_retreat":
            a, b = self.actor, self.battle
            assert a is not None and b is not None
            return Decision(a.player, "siege_or_retreat",
                            f"{self._actor_label()}: the battle for {self._name(b.target)} is lost; siege or retreat?")
        if ph == "game_over":
            return Decision(CHANCE, "game_over", "the game is over")
        raise RuntimeError(f"no decision in phase {ph!r}")  # pragma: no cover

    def _chance_weights(self) -> list[tuple[Action, int]]:
        ph = self.phase
        if ph == "markers":
            return [(Action("draw", str(p)), 1) for p in range(self.n) if p not in self.marker_order]
        if ph in ("trim_empires", "trim_events"):
            return [(Action("draw", c), 1) for c in self._pile("empire" if ph == "trim_empires" else "event")]
        if ph == "battle":
            return list(_ROLLS)
        return []

    def _run_chance(self) -> None:
        # Dice are the commonest steps of a game, several to a battle. Each is drawn and played
        # here as Game._run_chance would (the same draw: six equally likely faces, so the drawn
        # index is the face; the same record), without the general dispatch; other chance
        # steps go the general way.
        if not self.auto_chance:
            return
        while self.tie is None and self.phase in _CHANCE_PHASES and self.phase != "game_over":
            if self.phase == "battle":
                face = rng.draw(self._key, self._draws, 6)
                self._roll(face + 1)
                self._advance()
                self.history.append(_DICE[face])
                self._draws += 1
            else:
                self._do(self._chance_draw())

    def invade_choices(self) -> tuple[dict[str, bool], list[str], list[str]]:
        """At the invade step: the lands to invade (-> True if naval), the lands to fortify, the events to play.

        The same choices as ``legal_actions()`` (plus end_invasions), without making an
        action for each: bots weigh every target at every decision of a simulation.
        Empty outside the invade step.
        """
        a = self.actor
        if a is None or self.tie is not None or self.phase != "invade":
            return {}, [], []
        targets = self.targets() if a.armies > 0 else {}
        forts: list[str] = []
        if (a.armies > 0 or a.free_forts) and len(self.forts) < LIMITS["fort"]:
            forts = sorted(a.active.difference(self.forts))
        events: list[str] = []
        if not a.kingdom and self.hands[a.player]:
            cards = self.content.events
            events = sorted(c for c in self.hands[a.player] if cards[c].kind != "kingdom")
        return targets, forts, events

    def _legal_invade(self) -> list[Action]:
        # Built kind by kind in _KIND_ORDER, each kind sorted by target: the same list
        # the general sort in _legal gives, without formatting the decision's prompt.
        targets, forts, events = self.invade_choices()
        out = [_action("invade", t) for t in sorted(targets)]
        out += [_action("fortify", t) for t in forts]
        out += [Action("play_event", c) for c in events]
        out.append(_END_INVASIONS)
        return out

    def _legal(self) -> list[Action]:
        if self.tie is None and self.phase == "invade":
            return self._legal_invade()
        if self.tie is None and self.phase == "siege_or_retreat":  # after every lost battle: no prompt needed
            a = self.actor
            assert a is not None
            return list(_SIEGE_OR_RETREAT) if (a.armies > 0 or a.tokens > 0) else _SIEGE_OR_RETREAT[1:]
        d = self._decision()
        out: list[Action] = []
        if d.step == "score_tie":
            p, s = self.tie  # type: ignore[misc]
            out.append(Action("score_tie", "forward"))
            back = s - 1
            while back >= 0 and self._occupied(back, p):
                back -= 1
            if back >= 0:
                out.append(Action("score_tie", "back"))
        elif d.step in ("pick_event", "pick_empire"):
            _, _, left = self._draft_turn()
            out = [Action(d.step, c) for c in left]
        elif d.step == "kingdom":
            out = [Action("play_kingdom", c) for c in self._kingdoms(d.player)] + [Action("skip_kingdom")]
        elif d.step == "siege_or_retreat":
            a = self.actor
            assert a is not None
            if a.armies > 0 or a.tokens > 0:
                out.append(Action("siege"))
            out.append(Action("retreat"))
        out.sort(key=lambda x: (_KIND_ORDER.get(x.kind, 99), x.target))
        return out

    def _apply(self, action: Action) -> None:
        k, t = action.kind, action.target
        if self.tie is not None:
            p, s = self.tie
            step = 1 if t == "forward" else -1
            while self._occupied(s, p):
                s += step
            self._say(f"{self._who(p)} step {'forward' if step > 0 else 'back'} to {s}")
            self.score[p] = s
            self.tie = None
        elif k == "roll":  # the commonest actions first (the kinds exclude each other)
            self._roll(int(t))
        elif k == "invade":
            self._invade(t)
        elif k == "draw" and self.phase == "markers":
            self.marker_order.append(int(t))
        elif k == "draw" and self.phase == "trim_empires":
            self.deck_empires.append(t)
        elif k == "draw" and self.phase == "trim_events":
            self.deck_events.append(t)
        elif k in ("pick_event", "pick_empire"):
            kind, p, _ = self._draft_turn()
            self._pick(kind, p, t)
        elif k == "play_kingdom":
            p = self._holder(self.call_order[self.turn])
            self.hands[p].remove(t)
            self.actor = self._make_actor(t, p, kingdom=True)
            self._say(f"{self._who(p)} play the kingdom card {self.content.events[t].name}: {self.actor.name}")
            self.phase = "establish"
        elif k == "skip_kingdom":
            self.phase = "establish_empire"
        elif k == "fortify":
            self._fortify(t)
        elif k == "play_event":
            self._play_event(t)
        elif k == "end_invasions":
            self.phase = "after_invasions"
        elif k == "siege":
            self._siege()
        elif k == "retreat":
            self._retreat()
        else:  # pragma: no cover - legal_actions never offers anything else
            raise RuntimeError(f"unhandled action {action}")
        self._advance()

    def why_illegal(self, action: Action) -> str:
        """A sentence for a student on why ``action`` is not legal now."""
        d = self._decision()
        k, t = action.kind, action.target
        if k in ("invade", "fortify") and d.step == "invade":
            a = self.actor
            assert a is not None
            space = self.board.spaces.get(t)
            if space is None:
                return f"There is no territory called '{t}' on the board."
            if k == "fortify":
                if t not in a.active:
                    return f"You can only fortify a territory where {a.name} have an active army; {space.name} is not one."
                if t in self.forts:
                    return f"{space.name} already has a fort (one per territory)."
                if len(self.forts) >= LIMITS["fort"]:
                    return "All 14 forts are on the board."
                return f"{a.name} have no army left on the card to turn into a fort."
            if space.kind == "barren":
                return f"{space.name} is barren land: no army may enter it (caravans cross it)."
            if space.kind in ("sea", "ocean"):
                return f"{space.name} is water: armies invade lands, fleets only carry them across."
            if t in a.active:
                return f"{a.name} already hold {space.name}."
            if a.armies == 0:
                return f"{a.name} have no armies left on the empire card."
            return (f"{space.name} is not next to a territory held by {a.name}'s active armies, "
                    "and no fleet or caravan of theirs reaches it.")
        if k == "play_event" and d.step == "invade":
            a = self.actor
            assert a is not None
            if a.kingdom:
                return "No event card may be played while a kingdom is resolved."
            return f"You do not hold the event card '{t}'."
        if k == "siege" and d.step == "siege_or_retreat":
            return "A siege needs an unused army (or siege token) on the empire card; you have none, so retreat."
        if k == "play_event" and d.step == "siege_or_retreat":
            return "Event cards cannot be played during an invasion."
        if d.is_chance:
            return f"'{action.text()}' is not possible now: the next step is chance ({d.prompt})."
        return f"'{action.text()}' is not possible now. {d.prompt}."

    # -- read-only views for the UI and tests ------------------------------------------
    @property
    def scores(self) -> dict[str, int]:
        """Points on the score track, by player name."""
        return {self.players[p]: self.score[p] for p in range(self.n)}

    @property
    def winner(self) -> str | None:
        """The player with most points once the game is over (the track has no ties)."""
        if not self.is_over:
            return None
        return self.players[max(range(self.n), key=lambda p: self.score[p])]

    def army_count(self, p: int) -> int:
        """All armies of player ``p``: supply, card, board and catapult (always 25)."""
        on_board = sum(1 for o in self.owner.values() if o == p)
        a, b = self.actor, self.battle
        card = a.armies if a is not None and a.player == p else 0
        cat = 0
        if b is not None and a is not None and a.player == p:
            cat = b.catapult + 1  # the invading army waits in the contested territory
        return self.supply[p] + on_board + card + cat

    def state_key(self) -> tuple[Any, ...]:
        """Everything that defines the position, for comparing two games."""
        a = self.actor
        return (
            self.phase, self.epoch, tuple(self.score), tuple(self.supply), tuple(sorted(self.owner.items())),
            tuple(sorted(self.tokens.items())), tuple(sorted(self.monuments)), tuple(sorted(self.forts)),
            tuple(tuple(h) for h in self.hands), tuple(self.empire_of), tuple(self.call_order), self.turn,
            None if a is None else (a.card, a.armies, a.tokens, a.free_forts, tuple(sorted(a.active)),
                                    tuple(a.to_establish), tuple(sorted(a.missed_starts)),
                                    tuple(map(str, a.effects))),
            None if self.battle is None else (self.battle.target, self.battle.round, self.battle.catapult,
                                              tuple(self.battle.inv), tuple(self.battle.dfn)),
            self.tie, tuple(sorted(self.region_values.items())), self._draws,
        )


def _factory(ruleset: Ruleset, players: list[str], seed: int | str = 0, **kwargs: Any) -> Hotw2018Game:
    return Hotw2018Game(ruleset, players, seed, **kwargs)


RULESET = Ruleset(
    name="hotw2018",
    title="History of the World (2018 edition)",
    min_players=3,
    max_players=6,
    epochs=5,
    game_factory=_factory,
    options=OPTIONS,
    board="world",
    bots_module="hotw.rulesets.hotw2018.bots",
    view_module="hotw.rulesets.hotw2018.view",
)
