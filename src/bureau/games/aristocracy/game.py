"""Aristocracy (Felix Leeb, 2018) on Bureau's rules contract."""

from __future__ import annotations

import random
import tomllib
from collections import Counter
from importlib.resources import files
from typing import Any

from bureau.cards import CardError, card_text, parse_card
from bureau.engine import Event, Game, Option, OptionError
from bureau.engine.positions import POSITION
from bureau.engine.rng import seeded_later

from . import flow, moves, rules
from .actions import DECLINE, FORCE_PAY, PASS, Ball, Bid, Discard, Pick, Stall, read
from .state import (
    ACT,
    BALL,
    BID,
    EXPOSE,
    FACE_UP,
    FORCE,
    GLORY,
    OVER,
    PENALTY,
    PICK,
    ROYAL_NAMES,
    STALL,
    TAX,
    Building,
    Committed,
    Discards,
    FaceDownStall,
    GloryVote,
    SealedBid,
    State,
)
from .text import describe

SIZE_WORDS = ("farm", "estate", "château")
SIZE_OPTIONS = ("farm_size", "estate_size", "chateau_size")

OPTIONS = (
    Option(
        "variant",
        "standard",
        "a named variant of variants.toml: standard, longer, shorter",
        choices=("standard", "longer", "shorter"),
    ),
    Option(
        "decks",
        2,
        "decks shuffled together (ARI-02; 1 in the shorter variant)",
        kind="int",
        choices=(1, 2),
        minimum=1,
        maximum=2,
    ),
    # Two decks hold 8 cards of a rank: a château of 7 building cards and its address at most.
    Option(
        "farm_size",
        3,
        "building cards in a farm (ARI-33, ARI-82)",
        kind="int",
        minimum=1,
        maximum=5,
    ),
    Option("estate_size", 4, "building cards in an estate", kind="int", minimum=2, maximum=6),
    Option("chateau_size", 5, "building cards in a château", kind="int", minimum=3, maximum=7),
    Option(
        "base_hand_size",
        7,
        "hand limit before châteaux, and the cards dealt (ARI-31, ARI-A24)",
        kind="int",
        minimum=1,
        maximum=11,  # ARI-A24's 2 x (farm + 1) - 1 for the largest farm, 5
    ),
    Option(
        "recompute_stall_order",
        True,
        "recompute stall weights before each turn (ARI-A01)",
        kind="bool",
    ),
    Option(
        "production_on_upgrade",
        "discard",
        "what happens to a farm's production card when it is upgraded (ARI-A05)",
        choices=("discard", "keep"),
    ),
    Option(
        "revisit_choice",
        "visitor",
        "who picks discard-or-pay on a re-visit (ARI-A08)",
        choices=("visitor", "owner"),
    ),
    Option(
        "ball_reveal_attribution", False, "show who gave which ball card (ARI-A12)", kind="bool"
    ),
    Option(
        "show_stall_counts_before_reveal",
        True,
        "show how many cards earlier players put in their stalls (ARI-A15)",
        kind="bool",
    ),
    Option(
        "max_years",
        None,
        "stop, capped, after this year's King round (ARI-A23)",
        kind="int?",
        minimum=1,
        maximum=100,
        bot_default=20,
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
        "herald",
        None,
        "fixture: the first Herald's seat (default: random)",
        kind="seat",
        minimum=0,
        maximum=4,
        fixture=True,
    ),
    Option(
        "deck",
        None,
        "fixture: the play deck from the top; seat 0 is dealt the first hand (7 cards), "
        "seat 1 the next, ...; the rest is the draw pile",
        kind="cards",
        fixture=True,
    ),
    POSITION,
)


def _load_variants() -> dict[str, dict]:
    """``variants.toml``, checked: every key an option, every value valid."""
    path = files(__package__) / "variants.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise OptionError(f"{path}: not valid TOML: {exc}") from None
    by_name = {o.name: o for o in OPTIONS}
    for variant, settings in data.items():
        if not isinstance(settings, dict):
            raise OptionError(f"{path}: [{variant}] must be a table of option settings")
        for key, value in settings.items():
            if key not in by_name or key in ("variant", "deck", "herald"):
                raise OptionError(f"{path}: [{variant}] {key}: not a rule option")
            try:
                by_name[key].convert(value)
            except OptionError as exc:
                raise OptionError(f"{path}: [{variant}] {key}: {exc}") from None
    return data


VARIANTS = _load_variants()


class Aristocracy(Game):
    """Aristocracy: stalls, buildings, the ball and the auction, for 2-5 players."""

    name = "aristocracy"
    positions = "bureau.games.aristocracy.positions"
    heuristic = "bureau.games.aristocracy.heuristic"
    figures = "bureau.games.aristocracy.stats"
    ismcts = "rollout=heuristic:guide=tree:iterations=200:plies=1:compare=hint:explore=0.1"
    title = "Aristocracy"
    version = "1"
    min_players = 2
    max_players = 5
    options = OPTIONS
    summary = "card game: stalls, buildings, ball, auction (Felix Leeb, 2018)"

    # -- setup -------------------------------------------------------------------------------------

    def resolve_options(self, given, bots_only: bool = False) -> dict[str, Any]:
        given = dict(given or {})
        variant = self.options[0].convert(given.get("variant", "standard"))
        resolved = super().resolve_options({**VARIANTS[variant], **given}, bots_only)
        farm, estate, chateau = (resolved[k] for k in ("farm_size", "estate_size", "chateau_size"))
        if not estate == farm + 1 == chateau - 1:  # every size between is a building type
            raise OptionError(
                f"building sizes must be consecutive, like farm 3, estate 4, château 5; "
                f"got {farm}, {estate}, {chateau}"
            )
        most = 4 * resolved["decks"]  # cards of one rank in the play deck
        short = chateau + 1 - most
        if short > 0 and farm > short and not any(k in given for k in SIZE_OPTIONS):
            # Fewer decks than the sizes need, sizes not set: the rules' "one deck and fewer
            # building cards" (ARI-82), the largest consecutive sizes the decks can complete,
            # and the hand they give (ARI-A24) unless it is set.
            farm, estate, chateau = farm - short, estate - short, chateau - short
            resolved.update(farm_size=farm, estate_size=estate, chateau_size=chateau)
            if "base_hand_size" not in given:
                resolved["base_hand_size"] = 2 * (farm + 1) - 1
        if chateau + 1 > most:  # no château could ever be complete, so no Glory (ARI-35)
            raise OptionError(
                f"a complete château is {chateau + 1} cards of one rank (an address card and "
                f"{chateau} building cards), but {resolved['decks']} deck(s) hold {most} of a "
                f"rank: use chateau_size {most - 1} or less, or more decks"
            )
        return resolved

    def setup(self, names, seed, options) -> State:
        n = len(names)
        if options["herald"] is not None and not 0 <= options["herald"] < n:
            raise OptionError(f"option herald: seat {options['herald']} is not 0-{n - 1}")
        deck = self._fixture_deck(options, n)
        deal, held = options["base_hand_size"], len(flow.play_deck(options["decks"]))
        if not deck and deal * n > held:
            raise OptionError(
                f"option base_hand_size: {n} hands of {deal} are {deal * n} cards, but "
                f"{options['decks']} deck(s) hold {held}: deal at most {held // n} to {n} players"
            )
        return flow.setup(names, seed, options, deck)

    def _fixture_deck(self, options: dict, n: int) -> list[int]:
        if not options["deck"]:
            return []
        try:
            deck = [parse_card(t) for t in options["deck"]]
        except CardError as exc:
            raise OptionError(f"option deck: {exc}") from None
        have = Counter(flow.play_deck(options["decks"]))
        for c, k in Counter(deck).items():
            if k > have[c]:
                raise OptionError(
                    f"option deck: {card_text(c)} appears {k} times; the play deck holds {have[c]}"
                )
        deal = options["base_hand_size"]
        if len(deck) < deal * n:
            raise OptionError(
                f"option deck: {len(deck)} cards cannot deal {deal} to each of {n} players"
            )
        return deck

    # -- the contract ------------------------------------------------------------------------------

    def pending(self, state: State) -> tuple[int, ...]:
        return rules.pending(state)

    def legal_actions(self, state: State, player: int) -> list:
        return moves.legal(state, player)

    def sample_action(self, state: State, player: int, rng: random.Random):
        return moves.sample(state, player, rng)

    def read(self, state: State, player: int, text: str):
        return moves.resolve(state, player, read(text))

    def check(self, state: State, player: int, action) -> None:
        rules.check(state, player, action)

    def perform(self, state: State, player: int, action) -> list[Event]:
        ev: list[Event] = []
        rules.perform(state, player, action, ev)
        return ev

    def decision_key(self, state: State) -> tuple:
        return (
            state.step,
            state.year,
            state.royal,
            state.turn,
            state.active,
            state.actions_left,
            len(state.picks),
        )

    def timeout_action(self, state: State, player: int):
        """Pass, empty stall or ball, zero bid, decline; Tax discards the newest cards."""
        step = state.step
        if step == TAX:
            k = rules.excess(state, player)
            return Discard(tuple(state.hands[player][len(state.hands[player]) - k :]))
        if step == PICK:
            return Pick(0, state.market[0], 1)
        if step == FORCE:
            return FORCE_PAY
        return {BALL: Ball(()), STALL: Stall(()), BID: Bid(0), ACT: PASS}.get(step, DECLINE)

    def help_text(self, state: State, player: int) -> str:
        return moves.help_text(state, player)

    # -- what each player may know -----------------------------------------------------------------

    def view(self, state: State, player: int | None) -> dict:
        over = state.step == OVER
        secret = state.step in (TAX, BID, GLORY, STALL)
        out: dict[str, Any] = {
            "game": self.name,
            "you": player,
            "year": state.year,
            "royal": ROYAL_NAMES[state.royal],
            "herald": state.herald,
            "step": state.step,
            "pending": list(self.pending(state)),
            "active": state.active,
            "actions_left": state.actions_left if state.step != OVER else 0,
            "market": _cards(state.market),
            "deck_count": len(state.deck),
            "discard_count": len(state.discard),
            "discard_face_up": _cards(state.discard[:FACE_UP]),
            "players": [
                self._player_view(state, q, player, over, secret) for q in range(state.num_players)
            ],
        }
        if state.step == PICK:
            out["bids"] = state.bids[:]
            out["picks"] = [[q, i] for q, i in state.picks]
        if state.visit is not None and state.step in (PENALTY, FORCE, EXPOSE):
            out["visit"] = self._visit_view(state, player)
        if over:
            out["outcome"] = state.outcome.to_json()
        return out

    def _player_view(
        self, state: State, q: int, reader: int | None, over: bool, secret: bool
    ) -> dict:
        mine = q == reader
        pv: dict[str, Any] = {
            "name": state.names[q],
            "coins": state.coins[q],
            "hand_count": len(state.hands[q]),
            "known_hand": _cards(known_in_hand(state, q)),
            "stall": _cards(state.stalls[q]),
            "buildings": [_building_view(state, b, mine, over) for b in state.buildings[q]],
        }
        if mine or over:
            pv["hand"] = _cards(state.hands[q])
        if secret:
            pv["committed"] = state.committed[q] is not None
            if mine and state.committed[q] is not None:
                pv["choice"] = _choice_view(state.committed[q])
            elif state.step == STALL and state.committed[q] is not None:
                if state.options["show_stall_counts_before_reveal"]:
                    pv["stall_count"] = len(state.committed[q].cards)
                else:  # ARI-A15: the hand size would tell the count
                    pv["hand_count"] += len(state.committed[q].cards)
        if state.step == BALL:
            pv["ball_count"] = len(state.ball[q])
            if mine:
                pv["ball"] = _cards(state.ball[q])
        return pv

    def _visit_view(self, state: State, reader: int | None) -> dict:
        owner, i, card_index = state.visit
        out: dict[str, Any] = {"visitor": state.active, "owner": owner, "building": i}
        if i >= 0 and reader in (state.active, owner):
            out["cards"] = _cards(state.buildings[owner][i].cards)
        if card_index >= 0:
            out["penalty_card"] = card_text(state.buildings[owner][i].cards[card_index])
        return out

    # -- determinization ---------------------------------------------------------------------------

    def determinize(self, state: State, player: int, rng: random.Random) -> State:
        """Re-deal every card ``player`` cannot see; keep what everybody knows.

        Hidden from her: other hands (less their publicly known cards), other
        players' face-down building cards and secret commitments, every
        production card (her own too, ARI-57), the draw pile, and the
        face-down part of the discard pile. Others' sealed bids are redrawn.
        """
        new = state.clone(rng=state.rng)  # for now: its own comes at the end
        slots: list[tuple[list[int], int]] = []  # (list, first hidden position)
        face_down: list[tuple[int, list[int]]] = []  # (seat, cards): re-dealt discards, stalls
        for q in range(new.num_players):
            if q == player:
                continue
            hand, known = new.hands[q], new.known[q]
            committed = new.committed[q] if new.step in (TAX, STALL) else None
            if committed is not None:
                # Face-down discards or a stall may hold some of her publicly known cards:
                # which ones is secret, so the known cards are spread afresh over both.
                cards = list(committed.cards)
                size = len(hand)
                spots = rng.sample(range(size + len(cards)), len(known))
                in_hand = [c for c, spot in zip(known, spots, strict=True) if spot < size]
                kept = [c for c, spot in zip(known, spots, strict=True) if spot >= size]
                rest = _without(hand + cards, known)
                cards = kept + rest[: len(cards) - len(kept)]
                face_down.append((q, cards))
                slots.append((cards, len(kept)))
                hand = rest[len(committed.cards) - len(kept) :]
            else:
                in_hand = known
                hand = _without(hand, in_hand)
            new.hands[q] = in_hand + hand
            slots.append((new.hands[q], len(in_hand)))
            if new.ball[q]:
                slots.append((new.ball[q], 0))
        productions: list[Building] = []
        hidden_building_cards: list[tuple[Building, int]] = []
        for q in range(new.num_players):
            for b in new.buildings[q]:
                if b.production is not None:
                    productions.append(b)
                if q != player:
                    hidden_building_cards += [(b, i) for i, e in enumerate(b.exposed) if not e]
        if new.step in (PENALTY, FORCE, EXPOSE) and player in (new.active, new.visit.owner):
            owner, i, _ = new.visit
            if i >= 0:  # the visitor has seen these cards
                seen = new.buildings[owner][i]
                hidden_building_cards = [(b, j) for b, j in hidden_building_cards if b is not seen]
        slots.append((new.deck, 0))
        slots.append((new.discard, FACE_UP))
        pool = [c for lst, start in slots for c in lst[start:]]
        pool += [b.production for b in productions]
        pool += [b.cards[i] for b, i in hidden_building_cards]
        pool.sort()  # the re-deal depends on what she knows, not on where the cards are
        draw = rng.random
        pool.sort(key=lambda _: draw())  # a uniform shuffle, twice as fast as rng.shuffle
        k = 0
        for lst, start in slots:
            if len(lst) > start:  # a short discard pile may be face up all through
                end = k + len(lst) - start
                lst[start:] = pool[k:end]
                k = end
        for b in productions:
            b.production = pool[k]
            k += 1
        for b, i in hidden_building_cards:
            b.cards[i] = pool[k]
            k += 1
        for q, cards in face_down:
            new.committed[q] = type(new.committed[q])(tuple(cards))
        if new.step == BID:
            for q in range(new.num_players):
                if q != player and new.committed[q] is not None:
                    new.committed[q] = SealedBid(rng.randint(0, new.coins[q]))
        if new.step == GLORY:
            for q in range(new.num_players):
                vote = new.committed[q]
                if q != player and vote is not None and vote.end:
                    new.committed[q] = GloryVote(flow.can_glory(new, q))
        new.rng = seeded_later(rng.getrandbits(64))  # the real future shuffles are unknown too
        return new

    # -- text --------------------------------------------------------------------------------------

    def describe(self, state: State, event: Event) -> str:
        return describe(state, event)


def known_in_hand(state: State, q: int) -> list[int]:
    """The cards everybody knows to be in ``q``'s hand now.

    ``state.known[q]`` is what went into her hand face up and has not been seen to
    leave. While her stall lies face down, those cards are in her hand or in that stall,
    and which is her secret: a known card is certainly still in hand only where she holds
    more copies of it than the stall could take. The stall's size is public when
    ``show_stall_counts_before_reveal`` is on (so, of five known cards and a stall of two,
    three are still certain only if alike), else her whole hand may have gone into it, and
    no known card is certain. At the reveal everybody sees which cards left, and
    ``flow.reveal_stalls`` updates ``state.known`` itself.
    """
    known = state.known[q]
    committed = state.committed[q] if state.step == STALL else None
    if not known or committed is None:
        return known
    if not state.options["show_stall_counts_before_reveal"]:
        return []
    room = len(committed.cards)
    counts = Counter(known)
    return [c for c in sorted(counts) for _ in range(max(0, counts[c] - room))]


def _cards(cards) -> list[str]:
    return [card_text(c) for c in cards]


def _without(cards: list[int], some: list[int]) -> list[int]:
    """``cards`` less the multiset ``some`` (which it contains)."""
    rest = cards[:]
    for c in some:
        rest.remove(c)
    return rest


def _common(cards: list[int], some: list[int]) -> list[int]:
    """The cards of ``some`` that ``cards`` holds, with multiplicity."""
    pool = cards[:]
    out = []
    for c in some:
        if c in pool:
            pool.remove(c)
            out.append(c)
    return out


def _choice_view(choice: Committed) -> Any:
    if isinstance(choice, Discards | FaceDownStall):
        return _cards(choice.cards)
    return choice[0]  # coins or the glory answer


def _building_view(state: State, b: Building, mine: bool, over: bool) -> dict:
    show = mine or over
    return {
        "address": card_text(b.address),
        "kind": SIZE_WORDS[flow.kind_of(state, b)],
        "size": len(b.cards),
        "cards": [
            card_text(c) if (show or e) else None for c, e in zip(b.cards, b.exposed, strict=True)
        ],
        "exposed": b.exposed[:],
        "production": b.production is not None,
        **({"complete": flow.is_complete(b)} if show else {}),
        **(
            {"production_card": card_text(b.production)}
            if over and b.production is not None
            else {}
        ),
    }


GAME = Aristocracy()

__all__ = ["GAME", "Aristocracy"]
