"""Smoke Blood Steel's log in sentences, from the redacted events one seat (or the spectator) sees.

Public API::

    LogEntry(turn, kind, seat, phrase)      # .text(lang=None)
    Log(rules)                              # .add(events) -> new entries; .entries
    fizzle_phrase(effect_name, seat, reason) -> Phrase   # why an effect did nothing, in words

Names come from the ruleset's card data (``rules.card_set``: public), so a designer's card file
names its own units and effects.  A play and a deployment are private events until the reveal
(``game.steel.view.redact_events``): another seat's log says only that a card was played face
down.  An effect that does nothing is explained as the rules core decided it (lack of SP, the
wrong distance, a trap with no move to catch, smoke, a medic gone or not attacked).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.i18n.phrase import Phrase
from game.steel.cards import SIDES

from .words import dist_word, dists_word, joined, move_word, named, phrase, side_word


@dataclass(frozen=True)
class LogEntry:
    turn: int
    kind: str
    seat: str | None
    phrase: Phrase

    def text(self, lang: str | None = None) -> str:
        return self.phrase.text(lang)


_FIZZLES = (
    (re.compile(r"^SB-7\.3: \S+ works at distance ([\d,]+), not (\d)$"), "dist"),
    (re.compile(r"^SB-7\.3: \S+ costs (\d+) SP, \S+ has (\d+)$"), "sp"),
    (re.compile(r"^SB-9\.1: (\S+) plays no move this turn$"), "trap_nomove"),
    (re.compile(r"^SB-9\.1: (\S+)'s move has already resolved$"), "trap_done"),
    (re.compile(r"^SB-9\.1: (\S+)'s move would be void at distance (\d)$"), "trap_void"),
    (re.compile(r"^SB-9\.2: (\S+) is shielded by smoke; \S+ has nothing left to do$"), "shield"),
    (re.compile(r"^SB-9\.3: \S+'s (\S+) unit has left the table$"), "gone"),
    (re.compile(r"^SB-9\.3: \S+ was not attacked this turn$"), "not_attacked"),
)


def fizzle_phrase(effect, seat: str, reason: str) -> Phrase:
    """The rules core's reason for a fizzle (``fizzle`` event), in words with its rule id."""
    for pattern, kind in _FIZZLES:
        m = pattern.match(reason)
        if m is None:
            continue
        g = m.groups()
        if kind == "dist":
            return phrase("fizzle.dist", effect=effect, dists=dists_word(int(x) for x in g[0].split(",")),
                          dist=dist_word(int(g[1])))
        if kind == "sp":
            return phrase("fizzle.sp", effect=effect, seat=seat, sp=int(g[0]), have=int(g[1]))
        if kind == "trap_void":
            return phrase("fizzle.trap_void", effect=effect, other=g[0], dist=dist_word(int(g[1])))
        if kind == "gone":
            return phrase("fizzle.gone", effect=effect, seat=seat, side=side_word(g[0]))
        if kind in ("trap_nomove", "trap_done", "shield"):
            return phrase(f"fizzle.{kind}", effect=effect, other=g[0])
        return phrase(f"fizzle.{kind}", effect=effect, seat=seat)
    return phrase("fizzle.other", effect=effect, reason=reason)


class Log:
    """The log of one viewer: feed it that viewer's redacted events from the game's start."""

    def __init__(self, rules):
        self.cards = rules.card_set
        self.rules = rules
        self.entries: list = []
        self.turn = 0
        self.mechs = {}                  # seat -> mech id
        self.sides = {}                  # seat -> {side: escort id}
        self.effects = {}                # (seat, effect id) -> the Effect record acting
        self.pending = set()

    def seed(self, view) -> "Log":
        """Start mid-game (a loaded save): take the mechs and the turned-up sides from ``view``."""
        from game.steel.actions import SEATS
        self.turn = view.turn
        for s, seat in enumerate(SEATS):
            if view.mechs[s]:
                self.mechs[seat] = view.mechs[s]
            dep = view.deploys[s]
            if dep not in (None, "?") and view.phase != "deploy":
                self.sides[seat] = dict(zip(SIDES, dep))
        return self

    # -- names ------------------------------------------------------------------------
    def unit_card(self, seat: str, eid: str):
        if eid == "mech":
            return self.cards.mech(self.mechs[seat])
        return self.cards.escort(eid)

    def _ref(self, ref: str):
        seat, eid = ref.split(":")
        return seat, self.unit_card(seat, eid)

    def _effect_name(self, seat: str, target: str | None, effect_id: str):
        eff = self.effects.get((seat, effect_id))
        if eff is None and target is not None:
            eid = "mech" if target == "mech" else self.sides[seat][target]
            eff = self.unit_card(seat, eid).effect(effect_id)
        return named(eff) if eff is not None else effect_id

    def _sides_phrase(self, name, seat, pairs):
        return phrase(name, seat=seat, **{side: named(self.cards.escort(eid)) for side, eid in pairs})

    # -- sentences --------------------------------------------------------------------
    def _sentence(self, e):
        k, g = e.kind, e.get
        seat = g("seat")
        if k == "chooser":
            return phrase("log.chooser", seat=seat)
        if k == "mech":
            self.mechs[seat] = g("mech")
            return phrase("log.mech", seat=seat, mech=named(self.cards.mech(g("mech"))), hp=g("hp"))
        if k == "mechs_out":
            if not g("mechs"):
                return None
            return phrase("log.mechs_out", mechs=joined(named(self.cards.mech(m)) for m in g("mechs")))
        if k == "deployed":
            return phrase("log.deployed", seat=seat)
        if k == "deploy":
            return self._sides_phrase("log.deploy", seat, zip(SIDES, g("escorts")))
        if k == "escorts":
            self.sides[seat] = dict(g("sides"))
            return self._sides_phrase("log.escorts", seat, g("sides"))
        if k == "clock":
            if g("how") == "start":
                return phrase("log.clock.start", cell=g("after"))
            if g("after") >= self.rules.clock_cells:
                return phrase("log.clock.end", before=g("before"), after=g("after"))
            return phrase("log.clock", before=g("before"), after=g("after"))
        if k == "turn":
            return phrase("log.turn", turn=g("turn"))
        if k == "committed":
            return phrase("log.committed", seat=seat)
        if k == "play":
            return phrase("log.play", seat=seat, card=named(self.cards.command(g("card"))),
                          half=self._half_word(seat, g("card"), g("half")))
        if k == "reveal":
            (c0, h0), (c1, h1) = g("plays")
            return phrase("log.reveal", card0=named(self.cards.command(c0)), half0=self._half_word("I", c0, h0),
                          card1=named(self.cards.command(c1)), half1=self._half_word("II", c1, h1))
        if k == "move":
            result = g("result")
            return phrase(f"log.move.{result}", seat=seat, move=move_word(g("move")), before=dist_word(g("before")),
                          after=dist_word(g("after")))
        if k == "recover":
            n = len(g("cards"))  # none, one or more (never "0 card(s)")
            key = "log.recover.none" if n == 0 else "log.recover.one" if n == 1 else "log.recover"
            return phrase(key, seat=seat, n=n, before=g("before"), after=g("after"))
        if k == "item":
            if g("unit") is None:
                s, card = self._ref(g("was"))
                return phrase("log.item.gone", seat=seat, name=named(card))
            s, card = self._ref(g("unit"))
            return phrase("log.item", seat=seat, name=named(card), speed=g("speed"))
        if k == "effect":
            target = g("target")
            eid = "mech" if target == "mech" else self.sides[seat][target]
            eff = self.unit_card(seat, eid).effect(g("effect"))
            self.effects[(seat, g("effect"))] = eff
            return phrase("log.effect", seat=seat, effect=named(eff))
        if k == "fizzle":
            self.pending.discard((seat, g("effect")))
            return fizzle_phrase(self._effect_name(seat, None, g("effect")), seat, g("reason"))
        if k == "pending":
            self.pending.add((seat, g("effect")))
            return phrase("log.pending", seat=seat, effect=self._effect_name(seat, g("target"), g("effect")))
        if k == "trigger":
            self.pending.discard((seat, g("effect")))
            return phrase("log.trigger", seat=seat, effect=self._effect_name(seat, g("target"), g("effect")))
        if k == "sp":
            n = abs(g("before") - g("after"))
            if g("how") != "pay" and n == 0:  # jamming with no SP left to take
                return phrase("log.sp.drain_none", seat=seat)
            return phrase("log.sp.pay" if g("how") == "pay" else "log.sp.drain", seat=seat, n=n, after=g("after"))
        if k == "damage":
            s, _ = self._ref(g("unit"))
            return phrase("log.damage", seat=s, n=g("amount"), hp=g("hp"))
        if k in ("token", "heal"):
            s, card = self._ref(g("unit"))
            return phrase(f"log.{k}", seat=s, name=named(card))
        if k == "destroyed":
            s, card = self._ref(g("unit"))
            return phrase("log.destroyed", seat=s, name=named(card), side=side_word(g("side")))
        if k in ("nullified", "cancel", "shield"):
            return phrase(f"log.{k}", seat=seat)
        if k == "distance":
            return phrase("log.distance", before=dist_word(g("before")), after=dist_word(g("after")))
        if k == "end":
            return _end_phrase(g("winners"), g("reason"))
        raise ValueError(f"no sentence for the Smoke Blood Steel event {k!r}")

    def _half_word(self, seat, card_id, token):
        half = self.cards.command(card_id).half(token)
        if half.kind == "move":
            return move_word(half.move)
        if half.kind == "recover":
            return move_word("recover")
        return side_word(half.target)

    def add(self, events) -> list:
        new = []
        for e in events:
            if e.kind == "turn":
                self.turn = e.get("turn")
            p = self._sentence(e)
            if p is not None:
                new.append(LogEntry(self.turn, e.kind, e.get("seat"), p))
        self.entries.extend(new)
        return new


def _end_phrase(winners, reason):
    if winners:
        return phrase("log.end", winner=winners[0], reason=phrase(f"log.end.{reason}"))
    return phrase("log.end_draw", reason=phrase(f"log.end.{reason}"))


#: The event kinds of the rules core (docs/steel.md, "Events"), every one with a sentence.
KINDS = ("chooser", "mech", "mechs_out", "deployed", "deploy", "escorts", "clock", "turn", "committed", "play",
         "reveal", "move", "recover", "item", "effect", "fizzle", "pending", "trigger", "sp", "damage", "token",
         "heal", "destroyed", "nullified", "cancel", "shield", "distance", "end")
