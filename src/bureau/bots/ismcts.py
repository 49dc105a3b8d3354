"""Information-set Monte Carlo tree search (ISMCTS): one search bot for every game.

The bot searches only what its seat may know. ``Bot.act`` hands ``choose`` a state
re-dealt for the seat (``Game.determinize``); every iteration of the search re-deals
that state again, so each one plays out in a different world the seat cannot tell
from the real one, and the statistics gather over all of them (single-observer
ISMCTS, Cowling, Powley and Whitehouse 2012).

One iteration:

1. *determinize*: ``game.determinize(state, seat, rng)``;
2. *select*: walk down the tree with ``game.apply``. Every decision is a node,
   opponents' too: the seat to act picks the child with the best upper confidence
   bound on *its own* share of the win (``Game.evaluate`` is a vector, one share per
   seat). A child counts as available only in the worlds where its action is legal,
   and its exploration term uses that count (availability), not the parent's visits;
3. *expand*: one new child. Children are keyed by the action's canonical text. At the
   root a short list of legal actions is taken whole; a long one (stalls, orders) and
   every deeper decision grow by progressive widening: a node visited ``n`` times may
   have ``widen * n ** 0.5`` children, new ones drawn with ``game.sample_action``. The
   game's heuristic bot, when it has one, adds its choice to the root's children, even
   one ``legal_actions`` cannot list (free-text orders);
4. *roll out*: at most ``depth`` more decisions by a cheap policy (random, or the
   game's heuristic bot);
5. *score* with ``game.evaluate`` and add each seat's share to the nodes it chose.

The move played is the root child visited most. A lone legal action is played
without searching, unless the heuristic bot suggests another. Simultaneous decisions
(several pending seats) are taken in pending order, as the tournament loop does.

``plies`` bounds the tree's height: with ``plies=1`` only the root's moves are searched
and the rollout policy plays the rest (rollout policy improvement over the heuristic
bot). ``compare=hint`` scores each root move by its *gain* over the heuristic bot's own
move played in the same world (common random numbers): one re-deal changes every
move's share alike (the hidden cards decide most of a position's worth), so the gain
cancels that noise; the move played is then the one whose gain is surest above 0
(``margin`` standard errors), else the heuristic's.

``styles=on`` searches plans instead of moves, where a game's heuristic bot has
``styles`` (whole ways of play: Noblesse's decide how many units march on the centre).
When the decision key changes (a new Day), every style plays out from copies of the
same re-dealt worlds, the seat's heuristic bot in that style and the others' in their
own; the style with the surest gain over the first is then played for the whole key
(``choose_style``). In a game where a Night resolves only after every seat's whole Day
of orders, a single order's worth shows only past the Night, and a Day's plan is the
move that matters.

>>> import bureau
>>> game = bureau.load("aristocracy")
>>> state = game.new(3, seed=5, options={"herald": 1})
>>> bot = ISMCTSBot(game, seat=1, seed=0, iterations=50)
>>> str(bot.act(state)).startswith("stall")
True
>>> bot.last.iterations
50
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, fields

from bureau.engine.bot import Bot
from bureau.engine.errors import IllegalAction, OptionError
from bureau.engine.game import Game

ROLLOUTS = ("random", "heuristic")
GUIDES = ("off", "root", "tree")  # where the game's heuristic bot proposes moves
COMPARES = ("off", "hint")  # what a root move's score is measured against
SWITCHES = ("off", "on")
ALPHA = 0.5  # progressive widening: a node visited n times may have widen * n**ALPHA children


@dataclass(frozen=True, slots=True)
class Settings:
    """How an ISMCTS bot searches; every field can be set in a bot spec.

    ``iterations`` and ``seconds`` bound each move's search (whichever ends first;
    None: no bound of that kind, but not both None). ``rollout`` is the policy after
    the tree, ``depth`` its most decisions. ``explore`` is the UCB constant,
    ``widen`` the progressive-widening constant, ``listed`` the longest list of root
    actions taken whole. ``guide`` says where the game's heuristic bot proposes moves:
    ``root`` (its choice is a root child), ``tree`` (also the first child of every
    node, so opponents are expected to play sensibly), or ``off``; ``prior`` counts
    that many extra visits for its root choice when the move is picked, so the search
    leaves the heuristic's move only for one it found clearly better. ``plies`` bounds
    the tree's height (None: unbounded; 1: the root's moves only, the rollout policy plays
    on). ``compare=hint`` scores root moves by their gain over the heuristic's move in the
    same world and plays one only if that gain is ``margin`` standard errors above 0.
    ``styles=on`` searches the heuristic bot's styles (whole plans) instead of single
    moves, once per decision key (see ``ISMCTSBot.choose_style``).
    """

    iterations: int | None = 1000
    seconds: float | None = None
    rollout: str = "random"
    depth: int = 4
    explore: float = 0.7
    widen: float = 1.0
    listed: int = 40
    prior: int = 0
    guide: str = "root"
    plies: int | None = None
    compare: str = "off"
    margin: float = 2.0
    styles: str = "off"

    def __post_init__(self):
        if self.iterations is None and self.seconds is None:
            raise OptionError("ismcts needs a budget: iterations=N, seconds=S, or both")
        if self.iterations is not None and self.iterations < 1:
            raise OptionError(f"ismcts iterations={self.iterations}: give 1 or more")
        if self.seconds is not None and not self.seconds > 0:
            raise OptionError(f"ismcts seconds={self.seconds}: give a time above 0")
        if self.rollout not in ROLLOUTS:
            raise OptionError(f"ismcts rollout={self.rollout}: one of {', '.join(ROLLOUTS)}")
        if self.compare not in COMPARES:
            raise OptionError(f"ismcts compare={self.compare}: one of {', '.join(COMPARES)}")
        if self.styles not in SWITCHES:
            raise OptionError(f"ismcts styles={self.styles}: on or off")
        if self.guide not in GUIDES:
            raise OptionError(f"ismcts guide={self.guide}: one of {', '.join(GUIDES)}")
        for name in ("depth", "listed", "prior"):
            if getattr(self, name) < 0:
                raise OptionError(f"ismcts {name}={getattr(self, name)}: give 0 or more")
        if self.plies is not None and self.plies < 1:
            raise OptionError(f"ismcts plies={self.plies}: give 1 or more, or none")
        if self.margin < 0:
            raise OptionError(f"ismcts margin={self.margin}: give 0 or more")
        if self.explore < 0 or self.widen <= 0:
            raise OptionError("ismcts explore must be 0 or more, and widen above 0")

    @classmethod
    def parse(cls, params: dict[str, str]) -> Settings:
        """Settings from a spec's ``name=value`` texts; ``OptionError`` names the bad one.

        >>> Settings.parse({"iterations": "400", "rollout": "heuristic"}).depth
        4
        >>> Settings.parse({"seconds": "0.5"}).iterations is None  # time alone bounds it
        True
        >>> Settings.parse({"depht": "3"})
        Traceback (most recent call last):
        ...
        bureau.engine.errors.OptionError: ismcts has no parameter 'depht'; its parameters are: \
iterations, seconds, rollout, depth, explore, widen, listed, prior, guide, plies, compare, \
margin, styles
        """
        kinds = {f.name: f.type for f in fields(cls)}
        values: dict = {}
        for name, text in params.items():
            if name not in kinds:
                raise OptionError(
                    f"ismcts has no parameter {name!r}; its parameters are: {', '.join(kinds)}"
                )
            values[name] = _convert(name, str(kinds[name]), text)
        if "seconds" in values and "iterations" not in values:
            values["iterations"] = None
        return cls(**values)


def _convert(name: str, kind: str, text: str):
    """``text`` as a value of the field type ``kind`` (its annotation, as a string)."""
    if kind.endswith("| None") and text.lower() in ("none", "off"):
        return None
    try:
        if kind.startswith("int"):
            return int(text)
        if kind.startswith("float"):
            return float(text)
    except ValueError:
        wanted = "a whole number" if kind.startswith("int") else "a number"
        raise OptionError(f"ismcts {name}={text!r}: give {wanted}") from None
    return text.lower()


class Node:
    """One decision reached by a sequence of action texts from the root.

    ``actor`` took ``action`` to reach it; ``total`` sums the actor's shares over its
    ``visits``; ``avail`` counts the parent's visits in which the action was legal.
    """

    __slots__ = ("action", "actor", "avail", "children", "square", "total", "visits")

    def __init__(self, action=None, actor: int = -1):
        self.action = action
        self.actor = actor
        self.avail = 0
        self.children: dict[str, Node] = {}
        self.total = 0.0
        self.square = 0.0  # compare=hint, at the root: the sum of the squared gains
        self.visits = 0

    def ucb(self, explore: float) -> float:
        """Mean share plus the exploration bonus over the times it was available."""
        if not self.visits:  # added, but its action failed in that world: try it again
            return math.inf
        return self.total / self.visits + explore * math.sqrt(math.log(self.avail) / self.visits)


@dataclass(slots=True)
class Report:
    """What the last search did: for tests, benchmarks and the curious."""

    iterations: int = 0
    seconds: float = 0.0
    children: int = 0
    searched: bool = False


class ISMCTSBot(Bot):
    """Information-set MCTS for any game; see the module docstring for how it searches."""

    name = "ismcts"

    def __init__(self, game: Game, seat: int, seed: int = 0, **settings):
        super().__init__(game, seat, seed)
        self.settings = Settings(**settings)
        # the game's heuristic bot class (None without one): rollouts, hints, guides, styles
        self._advisers: Callable[..., Bot] | None = game.own_bots().get("heuristic")
        if self.settings.rollout == "heuristic" and self._advisers is None:
            raise OptionError(f"{game.title} has no heuristic bot: use ismcts:rollout=random")
        if self.settings.styles == "on" and len(self._styles()) < 2:
            raise OptionError(f"{game.title}'s heuristic bot has no styles: use styles=off")
        self.last = Report()
        self._heuristic: list[Bot] | None = None
        self._style_key = None  # styles=on: the decision key the current style was chosen for
        self._player: Bot | None = None  # ... and the heuristic bot of that style
        self._guides: list[Bot] | None = None  # the heuristic bots, with guide=tree
        # The heuristic bot that proposes the root's move: it sees only the positions this
        # bot is handed, as a heuristic bot in the seat would (some plan a whole Day).
        self._adviser: Bot | None = None
        # A checked action skips a second check where the game performs through Game.apply.
        plain = type(game).apply is Game.apply and type(game).perform is not Game.perform
        self._perform = game.perform if plain else game.apply

    @classmethod
    def configure(cls, params: dict[str, str]) -> dict:
        """Keyword arguments for ``__init__`` from a spec's parameters (``bots.make``)."""
        s = Settings.parse(params)
        return {f.name: getattr(s, f.name) for f in fields(Settings)}

    # -- one move ------------------------------------------------------------------------------

    def choose(self, state):
        if self.settings.styles == "on":
            return self._styled(state)
        legal = self.game.legal_actions(state, self.seat)
        hint = self._hint(state)
        if len(legal) == 1 and (hint is None or str(hint) == str(legal[0])):
            self.last = Report()
            return legal[0]
        if not legal and hint is None:  # a seat the game does not wait for: nothing to do
            return self.game.sample_action(state, self.seat, self.rng)
        start = time.perf_counter()
        root, listed = self._root(state, legal, hint)
        hinted = None if hint is None else root.children[str(hint)]
        done = self._search(state, root, listed, start, hinted)
        self.last = Report(done, time.perf_counter() - start, len(root.children), True)
        bonus = self.settings.prior

        def weight(n: Node) -> tuple:
            return (n.visits + (bonus if n is hinted else 0), n.total)

        ranked = sorted(root.children.values(), key=weight, reverse=True)
        if self.settings.compare == "hint" and hinted is not None:
            ranked = self._gainers(root.children.values(), hinted)
        for child in ranked:
            if self._playable(state, child.action):
                return child.action
        return self.game.sample_action(state, self.seat, self.rng)

    def _gainers(self, children, hinted: Node) -> list[Node]:
        """compare=hint: the ``children`` whose mean gain over the heuristic's move is above
        0 by ``margin`` standard errors, the surest first; then the heuristic's move."""
        z = self.settings.margin
        scored = []
        for c in children:
            if c is hinted or c.visits < 2:
                continue
            mean = c.total / c.visits
            spread = max(0.0, c.square / c.visits - mean * mean) / (c.visits - 1)
            low = mean - z * math.sqrt(spread)
            if low > 0:
                scored.append((low, c))
        scored.sort(key=lambda x: x[0], reverse=True)
        return [c for _, c in scored] + [hinted]

    def _playable(self, state, action) -> bool:
        """Does ``action`` apply here? A child drawn in another world may not; tried on a
        copy, once a move, so that the move played is never refused."""
        try:
            self.game.apply(self.game.clone(state), self.seat, action)
        except IllegalAction:
            return False
        return True

    def _hint(self, state):
        """The game's heuristic bot's choice for this seat, if the game has one: a root
        child always, so the search weighs it even where ``legal_actions`` cannot list
        it (free-text orders) or a long list would leave it out."""
        if self.settings.guide == "off" or self._advisers is None:
            return None
        if self._adviser is None:  # its own bot: the search's copies see other worlds
            self._adviser = self._adviser_bot(self.seat, self.rng.getrandbits(32))
        return self._adviser.choose(state)

    def _root(self, state, legal: list, hint) -> tuple[Node, bool]:
        """The root; a short list of legal actions becomes its children at once (with the
        hint), a long one grows by widening from the hint."""
        root = Node(actor=self.seat)
        listed = len(legal) <= self.settings.listed
        order = list(legal) if listed else []
        self.rng.shuffle(order)  # unvisited children are tried in this order
        if hint is not None:
            order.insert(0, hint)
        for a in order:
            root.children.setdefault(str(a), Node(a, self.seat))
        return root, listed

    def _search(self, state, root: Node, listed: bool, start: float, hinted: Node | None) -> int:
        s = self.settings
        limit = s.iterations if s.iterations is not None else math.inf
        deadline = start + s.seconds if s.seconds is not None else math.inf
        bots = self._heuristic_bots(state) if s.rollout == "heuristic" else None
        guided = s.guide == "tree" and self._advisers is not None
        self._guides = self._heuristic_bots(state) if guided else None
        clock = time.perf_counter
        base = hinted if s.compare == "hint" else None
        done = 0
        while done < limit and (deadline == math.inf or clock() < deadline):
            self._iterate(state, root, listed, bots, base)
            done += 1
        return done

    # -- styles: whole plans -------------------------------------------------------------------

    def _styles(self) -> tuple[str, ...]:
        """The game's heuristic bot's styles, its own way of play first."""
        return getattr(self._advisers, "styles", ())

    def _styled(self, state):
        """styles=on: the chosen style's heuristic bot gives the move. The style is chosen
        by search when the decision key changes (a new Day, in Noblesse) and kept until it
        changes again, so that one plan is played out whole."""
        key = self.game.decision_key(state)
        if self._player is None or key != self._style_key:
            self._style_key = key
            style = self.choose_style(state)
            seed = self.rng.getrandbits(32)
            self._player = self._advisers(self.game, self.seat, seed, style=style)
        return self._player.choose(state)

    def choose_style(self, state) -> str:
        """The heuristic style that does best for this seat from ``state``.

        Each iteration re-deals a world and plays every style from a copy of it, the
        seat's heuristic bot in that style and every other seat's in its own, for
        ``depth`` decisions, then scores the seat's share with ``evaluate``: every style
        meets the same worlds (common random numbers). With ``compare=hint`` a style is
        chosen over the first (the bot's own) only if its mean gain over it is ``margin``
        standard errors above 0; otherwise the best mean share wins.

        >>> import bureau
        >>> game = bureau.load("noblesse")
        >>> state = game.new(8, seed=3, bots_only=True)
        >>> bot = ISMCTSBot(game, 0, seed=0, styles="on", iterations=2, depth=60)
        >>> bot.choose_style(state) in ("default", "estates", "dynastic", "centre")
        True
        >>> bot.last.iterations, bot.last.children
        (2, 4)
        """
        s, game = self.settings, self.game
        styles = self._styles()
        start = time.perf_counter()
        limit = s.iterations if s.iterations is not None else math.inf
        deadline = start + s.seconds if s.seconds is not None else math.inf
        nodes = [Node(style, self.seat) for style in styles]
        lineups = self._lineups(state, styles)
        done = 0
        while done < limit and (deadline == math.inf or time.perf_counter() < deadline):
            world = game.determinize(state, self.seat, self.rng)
            shares = []
            for bots in lineups:
                trial = game.clone(world)
                self._rollout(trial, bots)  # which makes each bot forget the last world
                shares.append(game.evaluate(trial)[self.seat])
            for node, share in zip(nodes, shares, strict=True):
                value = share - shares[0] if s.compare == "hint" else share
                node.visits += 1
                node.total += value
                node.square += value * value
            done += 1
        self.last = Report(done, time.perf_counter() - start, len(nodes), True)
        if s.compare == "hint":
            return self._gainers(nodes, nodes[0])[0].action
        return max(nodes, key=lambda n: n.total).action

    def _lineups(self, state, styles) -> list[list[Bot]]:
        """For each style, the rollout's bots: the game's heuristic bots, this seat's in
        that style."""
        seed = self.rng.getrandbits(32)
        lineups = []
        for style in styles:
            bots = list(self._heuristic_bots(state))
            bots[self.seat] = self._adviser_bot(self.seat, seed, style=style)
            lineups.append(bots)
        return lineups

    # -- one iteration -------------------------------------------------------------------------

    def _iterate(
        self, state, root: Node, listed: bool, bots: list[Bot] | None, base: Node | None
    ) -> None:
        game = self.game
        plies = self.settings.plies or math.inf
        world = game.determinize(state, self.seat, self.rng)
        for guide in self._guides or ():  # a plan made in the last world is not this one's
            guide.forget()
        path = [root]
        child, new = self._select_root(root, world, listed)
        # compare=hint: the heuristic's move played in this same world first, and the
        # root move scored by how much better it does (common random numbers).
        baseline = None
        if base is not None and child is not None and child is not base:
            baseline = self._baseline(world, base, bots)
        while child is not None:
            # Drawn in this world: checked here, as a human's action would be. Found
            # available, or a root action (legal in every world): checked already. Should a
            # game's perform still refuse one, this world's walk ends here.
            play = game.apply if new else self._perform
            try:
                play(world, child.actor, child.action)
            except IllegalAction:
                break
            path.append(child)
            if new or len(path) > plies or game.outcome(world) is not None:
                break
            pending = game.pending(world)
            if not pending:
                break
            child, new = self._select(child, world, pending[0])
        self._rollout(world, bots)
        shares = game.evaluate(world)
        for n in path:
            n.visits += 1
            n.total += shares[n.actor]
        if base is not None and len(path) > 1:  # the root move: its gain over the hint
            gain = 0.0 if baseline is None else shares[self.seat] - baseline
            path[1].total += gain - shares[self.seat]
            path[1].square += gain * gain

    def _baseline(self, world, base: Node, bots: list[Bot] | None) -> float | None:
        """The seat's share after the heuristic's root move in a copy of ``world``."""
        trial = self.game.clone(world)
        try:
            self._perform(trial, self.seat, base.action)
        except IllegalAction:
            return None
        self._rollout(trial, bots)
        return self.game.evaluate(trial)[self.seat]

    def _select_root(self, root: Node, world, listed: bool) -> tuple[Node | None, bool]:
        """The root's child to follow. Every world the root is handed is one its seat
        cannot tell from the others, so the seat's legal actions are the same in all."""
        children = list(root.children.values())
        for c in children:
            c.avail += 1
        if not listed:
            return self._choose(root, children, world, self.seat)
        fresh = next((c for c in children if c.visits == 0), None)
        if fresh is not None:
            return fresh, True
        explore = self.settings.explore
        return max(children, key=lambda c: c.ucb(explore)), False

    def _select(self, node: Node, world, seat: int) -> tuple[Node | None, bool]:
        """The child to follow from ``node`` where ``seat`` acts in ``world``; True if new."""
        available = self._available(node, world, seat)
        for c in available:
            c.avail += 1
        return self._choose(node, available, world, seat)

    def _choose(self, node: Node, available: list[Node], world, seat: int):
        """Widen ``node`` if its visits allow another child, else the best available."""
        if not available or len(node.children) < self.settings.widen * node.visits**ALPHA:
            child = self._widen(node, world, seat)
            if child is not None:
                return child, True
        if not available:
            return None, False
        explore = self.settings.explore
        return max(available, key=lambda c: c.ucb(explore)), False

    def _available(self, node: Node, world, seat: int) -> list[Node]:
        """The children of ``node`` whose action ``seat`` may take in ``world``."""
        check = self.game.check
        out = []
        for c in node.children.values():
            if c.actor != seat:
                continue
            try:
                check(world, seat, c.action)
            except IllegalAction:
                continue
            out.append(c)
        return out

    def _widen(self, node: Node, world, seat: int) -> Node | None:
        """A new child of ``node``, drawn from ``seat``'s legal actions in ``world``; None if
        the draw is a child already (or ``seat`` has nothing to do)."""
        try:
            if not node.children and self._guides is not None:  # what seat would sensibly do
                action = self._guides[seat].choose(world)
            else:
                action = self.game.sample_action(world, seat, self.rng)
        except (IndexError, IllegalAction):  # nothing legal for seat here
            return None
        key = str(action)
        if key in node.children:
            return None
        child = node.children[key] = Node(action, seat)
        child.avail = 1
        return child

    def _rollout(self, world, bots: list[Bot] | None) -> None:
        """At most ``depth`` decisions by the rollout policy, then stop."""
        game, rng = self.game, self.rng
        for bot in bots or ():  # what they planned, they planned in another world
            bot.forget()
        for _ in range(self.settings.depth):
            if game.outcome(world) is not None:
                return
            pending = game.pending(world)
            if not pending:
                return
            seat = pending[0]
            action = bots[seat].choose(world) if bots else game.sample_action(world, seat, rng)
            try:  # legal by the checks; a perform that refuses all the same ends it
                self._perform(world, seat, action)
            except IllegalAction:
                return

    def _heuristic_bots(self, state) -> list[Bot]:
        """The game's heuristic bot for every seat, made once (for rollouts and hints)."""
        if self._heuristic is None:
            seed = self.rng.getrandbits(32)
            n = state.num_players
            self._heuristic = [self._adviser_bot(seat, seed + seat) for seat in range(n)]
        return self._heuristic

    def _adviser_bot(self, seat: int, seed: int, **kw) -> Bot:
        """The game's heuristic bot for ``seat`` (the search refused at its start to use
        one in a game without)."""
        if self._advisers is None:
            raise OptionError(f"{self.game.title} has no heuristic bot")
        return self._advisers(self.game, seat, seed, **kw)
