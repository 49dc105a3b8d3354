"""Final Decrees (Carl de Visser) on Bureau's rules contract."""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import Any

from bureau.engine import Event, Game, IllegalAction, Option, OptionError
from bureau.engine import deals as deal_book
from bureau.engine.positions import POSITION
from bureau.engine.rng import seeded_later

from . import control, flow, moves, rules
from .actions import END, RESERVED, Keep, Remove, decree_text, read
from .control import arrow_text
from .data import explain, for_table, load_deck, load_decrees
from .diplomacy import RULES
from .state import (
    ASSIGN,
    BID,
    CHOOSE,
    DEPT_CODES,
    DEPT_TITLES,
    EXE,
    HAND_PILE,
    OVER,
    SALVAGE,
    TOP_PILE,
    State,
)
from .text import describe

OPTIONS = (
    Option(
        "deck",
        "house_v1",
        "the deck: house_v1, or the path of a deck TOML file (DEC-A01)",
        builtins=("house_v1",),
    ),
    Option(
        "decrees",
        "house_v1",
        "the decrees: house_v1, or the path of a decrees TOML file (DEC-A02)",
        builtins=("house_v1",),
    ),
    Option(
        "spread_to_self",
        True,
        "spreading may also put blame on your own department (DEC-A03)",
        kind="bool",
    ),
    Option(
        "max_controllers",
        1,
        "controllers a department may have (DEC-A04)",
        kind="int",
        minimum=1,
        maximum=5,  # every other department
    ),
    Option(
        "sd_discard_count",
        5,
        "cards Stagnation and Decline discards (DEC-A06)",
        kind="int",
        minimum=0,
        maximum=60,
    ),
    Option(
        "sd_choose_one_variant",
        False,
        "the drawer of Stagnation and Decline keeps one of the discarded cards (DEC-19)",
        kind="bool",
    ),
    Option(
        "final_audit",
        False,
        "departmental blame goes to the heads before the final count (DEC-A07)",
        kind="bool",
    ),
    Option(
        "tiebreak",
        "shared",
        "tied players share the win, or the least blame on their department wins (DEC-A08)",
        choices=("shared", "least_dept_blame"),
    ),
    Option(
        "max_rebids",
        3,
        "rebids for Human Resources before it goes by lot (DEC-A09)",
        kind="int",
        minimum=0,
        maximum=20,
    ),
    Option(
        "chooser_timeout_action",
        "none",
        "what a chooser who misses the deadline removes: nothing, or her own blame (DEC-A22)",
        choices=("none", "own"),
    ),
    Option("allow_blame_trades", True, "players may trade personal blame (DEC-A14)", kind="bool"),
    Option(
        "max_turns",
        None,
        "stop, capped, after this many turns (off: none; the deck ends every game)",
        kind="int?",
        minimum=1,
        maximum=1000,
    ),
    Option(
        "decision_seconds",
        None,
        "a clock on each decision, in seconds (off: none)",
        kind="int?",
        minimum=1,
        maximum=30 * 24 * 3600,  # 30 days
    ),
    Option(
        "deck_order",
        None,
        "fixture: the cards in play by key, one dealt to each seat in seat order, then the"
        " deck from the top; only these cards are in the game",
        kind="words",
        fixture=True,
    ),
    Option(
        "heads",
        None,
        "fixture: each seat's department (REF EXE HR TRE SS ADM), skipping the bid and the"
        " assignment; personal blame starts at 0",
        kind="words",
        fixture=True,
    ),
    POSITION,
)


@lru_cache(maxsize=4)
def _house(which: str):
    return load_deck("house_v1") if which == "deck" else load_decrees("house_v1")


def deck_of(spec: str):
    return _house("deck") if spec == "house_v1" else load_deck(spec)


def decrees_of(spec: str):
    return _house("decrees") if spec == "house_v1" else load_decrees(spec)


class FinalDecrees(Game):
    name = "decrees"
    heuristic = "bureau.games.decrees.heuristic"
    positions = "bureau.games.decrees.positions"
    figures = "bureau.games.decrees.stats"
    ismcts = "rollout=heuristic:guide=tree:iterations=60:plies=1:compare=hint:explore=0.1"
    title = "Final Decrees"
    version = "1"
    min_players = 4
    max_players = 5
    options = OPTIONS
    reveals = frozenset({"drew", "bids"})  # a card drawn, sealed bids opened
    summary = (
        "Four or five executives of a collapsing empire shuffle blame between departments,"
        " forward and stamp decrees, and trade blame; the least personal blame wins."
    )

    # -- setting up --------------------------------------------------------------------------

    def player_names(self, players) -> tuple[str, ...]:
        names = super().player_names(players)
        for name in names:
            if name.lower() in RESERVED:
                raise OptionError(
                    f"player name {name!r} is a word of the game's actions (a department,"
                    " a decree or a keyword); choose another"
                )
        return names

    def setup(self, names: tuple[str, ...], seed: int, options: dict[str, Any]) -> State:
        cards = deck_of(options["deck"])
        decrees = for_table(decrees_of(options["decrees"]), len(names))
        n = len(names)
        heads = _heads(options["heads"], n) if options["heads"] else None
        order = _order(options["deck_order"], cards, n) if options["deck_order"] else None
        if order is None:
            plain = sum(c.copies for c in cards) - 1
            need = n + HAND_PILE + TOP_PILE
            if plain < need:
                raise OptionError(
                    f"option deck: {plain} cards besides Stagnation and Decline, but the"
                    f" set-up deals one a player and piles of {HAND_PILE} and {TOP_PILE}:"
                    f" at least {need} are needed"
                )
        return flow.setup(names, seed, options, cards, decrees, heads, order)

    # -- the contract ------------------------------------------------------------------------

    def pending(self, state: State) -> tuple[int, ...]:
        return rules.pending(state)

    def legal_actions(self, state: State, player: int) -> list:
        return moves.legal(state, player)

    def sample_action(self, state: State, player: int, rng: random.Random):
        return moves.sample(state, player, rng)

    def read(self, state: State, player: int, text: str):
        if deal_book.is_deal_text(text):
            return deal_book.parse(state, player, text, RULES)
        return moves.resolve(state, player, read(text))

    def check(self, state: State, player: int, action) -> None:
        rules.check(state, player, action)

    def perform(self, state: State, player: int, action) -> list[Event]:
        ev: list[Event] = []
        rules.perform(state, player, action, ev)
        return ev

    def decision_key(self, state: State) -> tuple:
        return (
            state.phase,
            state.turns,
            state.rebids,
            state.actions_left,
            state.offers,
            state.choose,
        )

    def timeout_action(self, state: State, player: int):
        """Decline offers; bid 1; the first assignment in department order; remove per
        ``chooser_timeout_action``; keep nothing; end the turn."""
        offers = deal_book.offers_to(state, player)
        if offers:
            d = offers[0]
            return deal_book.Decline(d.proposer, state.names[d.proposer])
        phase = state.phase
        if phase == BID:
            return moves.Bid(1)
        if phase == ASSIGN:
            return moves.assignments(state, player)[0]
        if phase == CHOOSE:
            own = min(state.choose.amount, state.blame[player])
            if state.options["chooser_timeout_action"] == "own" and own:
                return Remove(((player, -1, own),), state.names)
            return Remove((), state.names)
        if phase == SALVAGE:
            return Keep(-1, "")
        if phase == OVER:
            raise IllegalAction("the game is over")
        return END

    def help_text(self, state: State, player: int) -> str:
        return moves.help_text(state, player)

    # -- what each player may know (DEC-A24) -------------------------------------------------

    def view(self, state: State, player: int | None) -> dict:
        over = state.phase == OVER
        cards = state.cards
        out: dict[str, Any] = {
            "game": self.name,
            "you": player,
            "phase": state.phase,
            "turn": state.turns,
            "active": state.active if state.turns else None,
            "pending": list(self.pending(state)),
            "actions_left": state.actions_left,
            "departments": [
                {
                    "code": DEPT_CODES[d],
                    "title": DEPT_TITLES[d],
                    "head": state.head[d] if state.head[d] >= 0 else None,
                    "blame": state.dept_blame[d],
                    "decrees": [decree_text(i) for i in state.decrees_at(d)],
                    "controls": [DEPT_CODES[b] for a, b in state.arrows if a == d],
                    "below": [DEPT_CODES[b] for b in sorted(control.below(state.arrows, d))],
                }
                for d in state.depts
            ],
            "arrows": [arrow_text(a) for a in state.arrows],
            "empty": DEPT_CODES[state.empty_department()]
            if state.phase not in (BID, ASSIGN)
            else None,
            "decrees": [
                {
                    "id": decree_text(i),
                    "name": dec.name,
                    "steps": [DEPT_CODES[s] for s in dec.steps],
                    "stamped": state.decree_done[i],
                    "at": DEPT_CODES[state.decree_at[i]] if state.decree_at[i] >= 0 else None,
                }
                for i, dec in enumerate(state.decrees)
            ],
            "enacted": state.enacted,
            "next_award": 10 * (state.enacted + 1),
            "deck_count": len(state.deck),
            # the deck's kinds are public; an offer may ask for any of them (DEC-A14)
            "card_kinds": [c.key for k, c in enumerate(cards) if k != state.sd],
            # and what each does, from the deck the game loaded (a group's own explains itself)
            "card_texts": {c.key: {"name": c.name, "text": explain(c)} for c in cards},
            "discard": [cards[k].key for k in state.discard],
            "players": [
                self._player_view(state, q, player, over) for q in range(state.num_players)
            ],
            "turn_state": {
                "drew": state.drew,
                "budget_used": state.budget_used,
                "manoeuvres_used": state.manoeuvres_used,
                "leave": DEPT_CODES[state.leave] if state.leave >= 0 else None,
            },
            "offers": deal_book.view(state, player),
        }
        if state.phase == BID:
            out["bid"] = {
                "round": state.rebids,
                "bidders": list(state.bidders),
                "committed": [q for q in state.bidders if state.bids[q]],
            }
            if player is not None and state.bids[player]:
                out["bid"]["yours"] = state.bids[player]
        if state.choose is not None:
            out["choose"] = {"player": state.choose.chooser, "amount": state.choose.amount}
        if state.salvage is not None:
            out["salvage"] = [cards[k].key for k in state.salvage]
        if over:
            out["outcome"] = state.outcome.to_json()
        return out

    def _player_view(self, state: State, q: int, reader: int | None, over: bool) -> dict:
        dept = state.dept_of[q]
        pv: dict[str, Any] = {
            "name": state.names[q],
            "dept": DEPT_CODES[dept] if dept >= 0 else None,
            "blame": state.blame[q],
            "hand_count": len(state.hands[q]),
        }
        if q == reader or over:
            pv["hand"] = sorted(state.cards[k].key for k in state.hands[q])
        return pv

    # -- determinization ---------------------------------------------------------------------

    def determinize(self, state: State, player: int, rng: random.Random) -> State:
        """Re-deal every card ``player`` cannot see and re-draw others' sealed bids.

        Hidden from her: the deck and the other hands, less the cards a party to one of
        her open offers offers to give. Stagnation and Decline stays in the deck, where
        she knows it can be: between the pile of 20 and the pile of 5 until it was first
        reshuffled, anywhere after. Cards she saw change hands in a deal are not
        remembered.
        """
        if state.phase == OVER:
            return state.clone()
        new = state.clone(rng=state.rng)  # for now: its own comes at the end
        for q in new.bidders:
            if q != player and new.bids[q]:
                new.bids[q] = rng.randint(1, rules.MAX_BID)
        keep = [Counter() for _ in range(new.num_players)]
        for d in new.offers:
            if player in d.parties:
                for giver, items in d.gives:
                    keep[giver].update(i.kind for i in items if hasattr(i, "kind"))
        had_sd = new.sd in new.deck
        if had_sd:
            new.deck.remove(new.sd)
        pool = new.deck[:]
        slots = []
        for q in range(new.num_players):
            if q == player:
                continue
            for i, k in enumerate(new.hands[q]):
                if keep[q][k] > 0:
                    keep[q][k] -= 1
                else:
                    slots.append((q, i))
                    pool.append(k)
        rng.shuffle(pool)
        it = iter(pool)
        for q, i in slots:
            new.hands[q][i] = next(it)
        new.deck = [next(it) for _ in range(len(new.deck))]
        if had_sd:
            size = len(new.deck) + 1
            lo, hi = new.sd_range if new.sd_range else (0, size)
            new.deck.insert(rng.randrange(min(lo, size - 1), min(hi, size)), new.sd)
        new.rng = seeded_later(rng.getrandbits(64))  # the real future shuffles are unknown too
        return new

    # -- text --------------------------------------------------------------------------------

    def describe(self, state: State, event: Event) -> str:
        return describe(state, event)


def _heads(codes: list[str], n: int) -> list[int]:
    if len(codes) != n:
        raise OptionError(f"option heads: name one department for each of the {n} seats")
    depts = []
    for code in codes:
        if code.upper() not in DEPT_CODES:
            raise OptionError(f"option heads: {code!r} is not one of {', '.join(DEPT_CODES)}")
        depts.append(DEPT_CODES.index(code.upper()))
    if len(set(depts)) != n:
        raise OptionError("option heads: each seat heads a different department")
    if n == 4 and DEPT_CODES.index("REF") in depts:
        raise OptionError("option heads: there is no Department of Reform at four players")
    if EXE not in depts:
        raise OptionError("option heads: someone must head EXE, who plays first")
    return depts


def _order(keys: list[str], cards, n: int) -> list[int]:
    by_key = {c.key: k for k, c in enumerate(cards)}
    out = []
    for key in keys:
        if key.lower() not in by_key:
            raise OptionError(f"option deck_order: no card is called {key!r}")
        out.append(by_key[key.lower()])
    for kind, count in Counter(out).items():
        if count > cards[kind].copies:
            raise OptionError(
                f"option deck_order: {cards[kind].key} appears {count} times; the deck has"
                f" {cards[kind].copies}"
            )
    sd = next(k for k, c in enumerate(cards) if c.is_decline)
    if len(out) <= n or sd in out[:n]:
        raise OptionError(
            f"option deck_order: list a card for each of the {n} seats (not Stagnation and"
            " Decline) and at least one for the deck"
        )
    return out


GAME = FinalDecrees()

__all__ = ["GAME", "FinalDecrees"]
