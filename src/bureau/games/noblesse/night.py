"""The Night: the ten steps of NSE-119 in order (``../shared/rules/noblesse.md`` §3).

``resolve(state)`` runs one Night on the orders the seats gave during the Day and
returns its events. Within each step seats act in ``State.seat_order`` (factions by
Nobles then prestige, NSE-120; role number within a faction, NSE-A33) and each
player's orders in the order he listed them. Results go to the private reports
(``state.reports``) and the public post (``state.post``), which ``exports``
formats for the forum.
"""

from __future__ import annotations

from typing import TypeVar

from bureau.engine import Event
from bureau.engine.events import EVERYONE, only

from . import board, combat, effects, treaties
from .actions import Attack, Choose, Disband, Move, Pay, Recruit, Rent, Setup, Use
from .board import recruit_site, unique_problem
from .rules import DEFAULT_DESIGN, default_setups, perform
from .state import (
    DAY,
    INF,
    MONEY,
    MP,
    NEUTRAL,
    RES_NAMES,
    SETUP,
    Control,
    Fought,
    House,
    Post,
    State,
    Unit,
)

RES_INDEX = {name: i for i, name in enumerate(RES_NAMES)}
_O = TypeVar("_O")


def pending_notes(state: State) -> list[str]:
    """The notes the moderator wrote since the last Night resolved (``override note``), in
    the order written: the next Night's public post begins with them."""
    notes = []
    for entry in state.log:
        if entry[0] == "override" and entry[1] == state.night:
            kind, _, text = entry[2].partition(" ")
            if kind.lower() == "note" and text.strip():
                notes.append(" ".join(text.split()))
    return notes


class Night:
    """One Night's resolution: the state, its events and who to tell."""

    def __init__(self, state: State):
        self.state = state
        self.events: list[Event] = []
        self.seats = state.seat_order()  # as the Night begins (NSE-120, NSE-A33)
        self.moved_from: dict[int, int] = {}  # unit id -> square before step 2
        self.entered: set[int] = set()  # units that entered their square this Night
        self.spy_paths: dict[int, list[int]] = {}  # seat -> squares its spies saw
        self.conquest: set[tuple[int, int]] = set()  # (faction, square) asked (NSE-90)
        self.new_heirs: list[int] = []  # their 5 courtiers join at step 9
        self.revealed: list[tuple[int, int]] = []  # Holy Office: (seat, target) at step 10

    # -- telling ------------------------------------------------------------------------------

    def tell(self, seat: int, text: str) -> None:
        """A line of ``seat``'s private report, and an event only it sees."""
        self.state.reports[seat].append(text)
        self.events.append(Event("report", only(seat), player=seat, text=text))

    def announce(self, text: str) -> None:
        """A line of the public post."""
        self.state.post.append(text)
        self.events.append(Event("post", EVERYONE, text=text))

    def fact(self, kind: str, faction: int, *details) -> None:
        self.state.facts.append((self.state.night, kind, faction, *details))

    @property
    def order(self) -> list[int]:
        """The seats in resolution order, the living only: a player who dies during the
        Night (lynched, assassinated) gives no more orders, and recruits nothing (NSE-A29)."""
        houses = self.state.houses
        return [s for s in self.seats if houses[s].alive]

    def orders(self, seat: int, kind: type[_O]) -> list[_O]:
        """``seat``'s orders of type ``kind``, in his list's order."""
        return [o for o in self.state.houses[seat].orders if type(o) is kind]

    # -- the pipeline -------------------------------------------------------------------------

    def run(self) -> list[Event]:
        st = self.state
        notes = pending_notes(st)  # written during the Day: this Night's post carries them
        st.night += 1
        st.reports = [[] for _ in st.houses]
        st.post = [f"Night {st.night}", *notes]
        st.battles = []
        st.open_cities.clear()
        st.bribed.clear()
        st.arsoned = set()
        if st.phase == SETUP:
            self.default_setups()
        for seat, h in enumerate(st.houses):
            h.messengers = ()
            if h.alive and h.home >= 0:
                st.ctrl[h.home] = Control(h.faction, seat)  # NSE-14
        self.events.append(Event("night", EVERYONE, night=st.night))
        self.lynch()
        self.step_1()
        self.step_2()
        effects.run_step(self, 3)
        effects.run_step(self, 4)
        self.step_5()
        self.step_6()
        self.step_7()
        self.step_8()
        self.walls_fall()
        self.step_9()
        self.step_10()
        for h in st.houses:
            h.orders = []
            h.ready = False
        return self.events

    def default_setups(self) -> None:
        """NSE-07 .. NSE-09: a player who sent no set-up before Night 1 gets the Bureau's
        (``rules.default_setups``), whether the Night comes at the deadline or at the
        moderator's ``resolve``; a house never starts without a home."""
        st = self.state
        for seat, (home, order) in default_setups(st).items():
            h = st.houses[seat]
            if order is not None:
                perform(st, seat, order, [])  # its 'order' event is the Day's, not the Night's
                self.tell(
                    seat,
                    f"You sent no set-up before Night 1, so the Bureau set up your house: {order}.",
                )
            else:
                h.home, h.skipped = home, 4
                h.design = tuple(int(x) for x in DEFAULT_DESIGN.split("-"))
                self.tell(
                    seat,
                    f"You sent no set-up before Night 1; the Bureau gave you {st.label(home)} "
                    f"as your Home Estate, income {DEFAULT_DESIGN}, and no starting unit.",
                )

    def lynch(self) -> None:
        """NSE-A06: the alt with strictly the most votes (at least the minimum) dies."""
        st = self.state
        votes: dict[int, int] = {}
        for seat in st.living():
            target = st.houses[seat].vote
            st.houses[seat].vote = -1
            if target >= 0 and st.options.get("lynch"):
                votes[target] = votes.get(target, 0) + 1
        if not votes:
            return
        top = max(votes.values())
        leaders = [s for s, v in votes.items() if v == top]
        if len(leaders) == 1 and top >= st.options.get("lynch_min_votes", 3):
            effects.kill_pc(self, leaders[0], f"was lynched with {top} votes")

    # step 1 -----------------------------------------------------------------------------------

    def step_1(self) -> None:
        """Treaties end or start, penalties, accepted marriages and hostages (NSE-A32)."""
        for e in treaties.step_one(self.state):
            if e.audience == EVERYONE and "text" in e.data:
                self.state.post.append(e.data["text"])
            self.events.append(e)
        effects.unions(self)

    # step 2 -----------------------------------------------------------------------------------

    def step_2(self) -> None:
        """Moves and disbands at once from the positions at the start of the step
        (NSE-A20), then Forced March extra moves (NSE-A27)."""
        st = self.state
        for seat in self.order:
            for o in self.orders(seat, Disband):
                unit = st.units.get(o.unit)
                if unit is not None and unit.owner == seat:
                    self.disband(unit, "disbanded")
        planned: list[tuple[Unit, list[int]]] = []
        for seat in self.order:
            for m in self.orders(seat, Move):
                unit = st.units.get(m.unit)
                if unit is None or unit.owner != seat:
                    continue
                planned.append((unit, [st.square(sq) for sq in m.path]))
        start = {u.id: u.square for u in st.units.values()}
        for unit, path in planned:
            self.moved_from[unit.id] = unit.square
            dest = self.first_move_end(unit, path, start)
            unit.square = dest
            unit.fresh = False
            if dest != start[unit.id]:
                self.entered.add(unit.id)
        self.enforce_stacking([u for u, _ in planned], start)
        marches = effects.forced_marches(self)
        if marches:
            before = {u.id: u.square for u, _ in marches}
            # NSE-A27: every condition on the positions after the first moves, then all
            # allowed extra moves at once.
            allowed = [(u, d) for u, d in marches if not self.battle_would_start(u, u.square)]
            for unit, dest in allowed:
                unit.square = dest
                self.entered.add(unit.id)
            self.enforce_stacking([u for u, _ in marches], before)
        for unit, _ in planned:
            if unit.square != start[unit.id]:
                fac = st.faction_of(unit.owner)
                self.fact("move", fac, st.label(start[unit.id]), st.label(unit.square), unit.kind)
                self.fact("enter", fac, st.label(unit.square), unit.kind)
                self.tell(unit.owner, f"{unit.label} moved to {st.label(unit.square)}.")

    def first_move_end(self, unit: Unit, path: list[int], start: dict[int, int]) -> int:
        """Where a move ends: one square, or the first move of 2 (3 with the Constable's
        core) if every square passed holds no other faction's units (NSE-67, NSE-A20)."""
        st = self.state
        fac = st.faction_of(unit.owner)
        here = unit.square
        for i, sq in enumerate(path):
            here = sq
            if i == len(path) - 1:
                break
            strangers = [
                u
                for u in st.units.values()
                if start.get(u.id) == sq and (u.owner == NEUTRAL or st.faction_of(u.owner) != fac)
            ]
            if strangers:
                self.tell(unit.owner, f"{unit.label} was stopped at {st.label(sq)} by units there.")
                break
        return here

    def enforce_stacking(self, moved: list[Unit], before: dict[int, int]) -> None:
        """NSE-A20: a move that breaks the destination's limit fails, latest first; a unit
        sent back may overfill its own square in turn, so this repeats until none does."""
        st = self.state
        changed = True
        while changed:
            changed = False
            for unit in reversed(moved):
                if unit.square == before[unit.id] or unit.owner == NEUTRAL:
                    continue
                fac = st.faction_of(unit.owner)
                if board.stack_count(st, unit.square, fac) > board.STACK_LIMIT:
                    self.tell(
                        unit.owner,
                        f"{unit.label} could not enter {st.label(unit.square)}: your faction"
                        f" would have more than {board.STACK_LIMIT} units there (NSE-69).",
                    )
                    unit.square = before[unit.id]
                    self.entered.discard(unit.id)
                    changed = True

    def battle_would_start(self, unit: Unit, square: int) -> bool:
        """NSE-A27: would the diplomacy rules start a battle for ``unit`` on ``square``?"""
        st = self.state
        fac = st.faction_of(unit.owner)
        ctrl = board.controller(st, square)
        for other in st.units_at(square):
            of = NEUTRAL if other.owner == NEUTRAL else st.faction_of(other.owner)
            if of == fac:
                continue
            if treaties.may_fight(st, fac, of, ctrl):
                return True
        return False

    def disband(self, unit: Unit, why: str) -> None:
        """Remove a unit; its commander goes home (NSE-A35)."""
        st = self.state
        self.release_commander(unit)
        del st.units[unit.id]
        if unit.merc:
            st.mercs.pop(unit.merc, None)
        if unit.owner != NEUTRAL:
            self.fact("remove", st.faction_of(unit.owner), st.label(unit.square), "unit")
            self.tell(unit.owner, f"{unit.label} was {why} at {st.label(unit.square)}.")

    def release_commander(self, unit: Unit) -> None:
        """A living commander leaves its unit: home, court or the FL's hand."""
        st = self.state
        if unit.owner == NEUTRAL:
            return
        h = st.houses[unit.owner]
        if unit.commander == "pc":
            h.pc_field = False
        elif unit.commander == "heir" and h.heir == "field":
            h.heir = "home"
        elif unit.commander == "courtier":
            h.court += 1
        elif unit.commander == "officer":
            st.officers[unit.leader] = unit.owner
        elif unit.commander == "noble":
            st.noble_field.pop(st.square(unit.leader), None)
        unit.commander = "basic"

    # step 5 -----------------------------------------------------------------------------------

    def step_5(self) -> None:
        """Recruitment (NSE-82), recruiting abilities, mercenary rent (NSE-A34), and the
        starting units on Night 1 (NSE-A08)."""
        st = self.state
        for seat in self.order:
            h = st.houses[seat]
            first = h.orders[0] if h.orders else None
            if st.night == 1 and type(first) is Setup:
                self.recruit(seat, first.spec, h.home, free=True)
            for o in h.orders:
                kind = type(o)
                if kind is Recruit:
                    self.recruit(seat, o.spec, st.square(o.square))
                elif kind is Rent:
                    effects.rent(self, seat, o.merc, st.square(o.square), o.name, 0)
                elif kind is Use:
                    effects.use_at(self, seat, o, 5)
        self.pay_rents()

    def recruit(
        self, seat: int, spec: tuple, square: int, free: bool = False, why: str = ""
    ) -> bool:
        """Recruit ``spec`` on ``square`` for ``seat``; a failure costs nothing (NSE-A19)."""
        st = self.state
        h = st.houses[seat]
        problem = self.recruit_problem(seat, spec, square)
        cost = 0 if free else board.recruit_cost(st, spec)
        if not problem and h.res[MP] < cost:
            problem = f"it costs {cost} MP and you have {h.res[MP]}"
        what = f"{spec[0]} at {st.label(square)}"
        if problem:
            self.tell(seat, f"Recruiting a {what} failed: {problem}.")
            return False
        h.res[MP] -= cost
        kind, leader, name, comps = spec
        companies = tuple(cid for cid, n in comps for _ in range(n))
        unit = Unit(st.next_unit, seat, kind, companies, leader, square, name)
        st.next_unit += 1
        self.take_commander(seat, unit)
        st.units[unit.id] = unit
        self.entered.add(unit.id)
        fac = h.faction
        self.fact("enter", fac, st.label(square), kind)
        self.fact("place", fac, st.label(square), "unit")
        paid = f" for {cost} MP" if cost else ""
        self.tell(seat, f"Recruited {unit.label}, a {what}{paid}{why}.")
        return True

    def recruit_problem(self, seat: int, spec: tuple, square: int) -> str:
        """Why ``seat`` may not recruit ``spec`` on ``square`` now, or ``""``."""
        st = self.state
        h = st.houses[seat]
        kind, leader, name, comps = spec
        problem = board.shape_problem(st, spec)
        if problem:
            return problem
        if not recruit_site(st, seat, square):
            return (
                f"{st.label(square)} is neither your Home Estate, an estate you control,"
                " nor a faction estate with your Steward (NSE-A19)"
            )
        new = Unit(0, seat, kind, (), leader, square)
        if board.stack_count(st, square, h.faction, [new]) > board.STACK_LIMIT:
            return f"your faction would have more than {board.STACK_LIMIT} units there (NSE-69)"
        companies = [cid for cid, n in comps for _ in range(n)]
        per_unit = st.options.get("max_coloured_per_unit", 2)
        per_player = st.options.get("max_coloured_per_player", 4)
        mine = sum(board.coloured(st, u.companies) for u in st.units.values() if u.owner == seat)
        if board.coloured(st, companies) > per_unit:
            return f"a unit may hold {per_unit} coloured companies at most (NSE-A38)"
        if mine + board.coloured(st, companies) > per_player:
            return f"you may hold {per_player} coloured companies at most (NSE-A38)"
        problem = unique_problem(st, seat, companies)
        if problem:
            return problem
        return commander_problem(st, seat, leader, name, square)

    def take_commander(self, seat: int, unit: Unit) -> None:
        st = self.state
        h = st.houses[seat]
        if unit.commander == "pc":
            h.pc_field = True
        elif unit.commander == "heir":
            h.heir = "field"
        elif unit.commander == "courtier":
            h.court -= 1
        elif unit.commander == "officer":
            st.officers[unit.leader] = -1
        elif unit.commander == "noble":
            st.noble_field[unit.square] = unit.id
            unit.leader = st.label(unit.square)

    def pay_rents(self) -> None:
        """NSE-A34: the FL pays each rented mercenary's rent; unpaid, it returns."""
        st = self.state
        for name, uid in sorted(st.mercs.items()):
            unit = st.units.get(uid)
            if unit is None:
                continue
            merc = next(m for m in st.scenario.mercenaries if m.name == name)
            if unit.rent_free > 0:
                unit.rent_free -= 1
                continue
            fl = st.leaders[st.faction_of(unit.owner)]
            if fl >= 0 and st.houses[fl].res[MONEY] >= merc.rent:
                st.houses[fl].res[MONEY] -= merc.rent
                self.tell(fl, f"Paid {merc.rent} $ rent for the {name}.")
            else:
                if fl >= 0:
                    self.tell(fl, f"The {name} left: their {merc.rent} $ rent went unpaid.")
                self.disband(unit, "returned to the mercenary pool")

    # step 6 -----------------------------------------------------------------------------------

    def step_6(self) -> None:
        """Combats in board order (NSE-119 step 6), then seizures (NSE-A09)."""
        st = self.state
        self.requests()
        for square in sorted({u.square for u in st.units.values()}):
            self.battle_at(square)
        for square in sorted(st.ctrl):
            self.seize(square)

    def requests(self) -> None:
        """NSE-90 .. NSE-92: asking for battle or conquest on a Neutral faction's estate
        ends every treaty between the two and makes them Hostile."""
        st = self.state
        for seat in self.order:
            fac = st.houses[seat].faction
            for o in self.orders(seat, Attack):
                sq = st.square(o.square)
                self.conquest.add((fac, sq))
                ctrl = board.controller(st, sq)
                if ctrl >= 0 and ctrl != fac and st.relation(fac, ctrl) == "neutral":
                    self.events += treaties.break_treaties(st, fac, ctrl)
                    names = st.scenario.factions
                    self.announce(
                        f"The {names[fac].short} asked for battle on {o.square}: they and the"
                        f" {names[ctrl].short} are Hostile (NSE-92)."
                    )

    def battle_at(self, square: int) -> None:
        st = self.state
        here = st.units_at(square)
        groups: dict[int, list[Unit]] = {}
        for u in here:
            groups.setdefault(NEUTRAL if u.owner == NEUTRAL else st.faction_of(u.owner), []).append(
                u
            )
        if len(groups) < 2:
            return
        sides = self.sides(square, groups)
        if len(sides) < 2:
            return
        ordered = combat.battle_order(list(sides.values()))
        champ = None
        for side in ordered:
            if champ is None:
                champ = side
                continue
            if not self.would_fight(square, champ, side, sides):
                continue
            battle = combat.fight(
                (champ, side),
                max_rounds=st.setting("max_rounds"),
                toughness_per=st.options.get("toughness_per", combat.TOUGHNESS_PER[0]),
            )
            self.record_battle(square, battle, sides)
            if battle.winner is None:
                champ = None
            else:
                won = 0 if battle.winner == champ.owner else 1
                champ = battle.sides[won]._replace(morale=battle.final[won].morale)

    def sides(self, square: int, groups: dict[int, list[Unit]]) -> dict[str, combat.Side]:
        """NSE-A11: a side per faction, allies merged; controller or neutrals last."""
        st = self.state
        ctrl = board.controller(st, square)
        merged: dict[int, list[Unit]] = {}
        for fac, units in sorted(groups.items()):
            ally = st.ally_of(fac) if fac != NEUTRAL else -1
            key = min(fac, ally) if ally >= 0 and ally in groups else fac
            merged.setdefault(key, []).extend(units)
        out = {}
        facs = st.scenario.factions
        for key, units in merged.items():
            members = {NEUTRAL if u.owner == NEUTRAL else st.faction_of(u.owner) for u in units}
            owner = "neutral" if key == NEUTRAL else "+".join(facs[f].key for f in sorted(members))
            nobles = max((st.nobles_of(f) for f in members if f != NEUTRAL), default=0)
            prestige = min((facs[f].prestige for f in members if f != NEUTRAL), default=99)
            last = ctrl in members or (key == NEUTRAL and ctrl == -1)
            immune = all(board.ambush_immune(st, u) for u in units)
            out[owner] = combat.Side(
                owner,
                tuple(board.battle_unit(st, u) for u in units),
                None,
                nobles,
                prestige,
                last,
                immune,
            )
        return out

    def would_fight(self, square: int, a: combat.Side, b: combat.Side, sides: dict) -> bool:
        """NSE-A15: a pair that would not fight is skipped (status, Open City, hostages)."""
        st = self.state
        ctrl = board.controller(st, square)
        fa, fb = self.side_factions(a), self.side_factions(b)
        for x in fa:
            for y in fb:
                if x == NEUTRAL or y == NEUTRAL:
                    continue
                open_for = st.open_cities.get(square)
                if open_for is not None and (open_for in (x, y) or ctrl not in (x, y)):
                    return False
                asked = (x, square) in self.conquest or (y, square) in self.conquest
                if not treaties.may_fight(st, x, y, ctrl) and not (
                    asked and st.relation(x, y) == "neutral"
                ):
                    return False
                if self.hostage_bars(x, y):
                    return False
        return True

    def hostage_bars(self, fa: int, fb: int) -> bool:
        """NSE-48: a holder may not start battles against the hostage's owner."""
        st = self.state
        for h in st.houses:
            if h.alive and h.heir == "hostage" and h.hostage_of >= 0:
                holder = st.faction_of(h.hostage_of)
                if {holder, h.faction} == {fa, fb}:
                    return True
        return False

    def side_factions(self, side: combat.Side) -> set[int]:
        if side.owner == "neutral":
            return {NEUTRAL}
        keys = side.owner.split("+")
        return {i for i, f in enumerate(self.state.scenario.factions) if f.key in keys}

    def record_battle(self, square: int, battle: combat.Battle, sides: dict) -> None:
        st = self.state
        label = st.label(square)
        seats = sorted(
            {
                u.owner
                for u in st.units_at(square)
                if u.owner != NEUTRAL and self.faction_key(u.owner) in _owners(battle)
            }
        )
        st.battles.append(Fought(label, tuple(seats), battle))
        names = [self.side_name(s.owner) for s in battle.sides]
        winner = "nobody" if battle.winner is None else self.side_name(battle.winner)
        self.announce(f"Battle at {label}: {names[0]} attacked {names[1]}; {winner} won.")
        fa, fb = (self.side_factions(s) for s in battle.sides)
        self.fact("battle", min(fa), min(fb), label)
        for seat in seats:
            self.tell(seat, combat.report(battle, self.side_names()))
        for side, result in zip(battle.sides, battle.final, strict=True):
            if result.destroyed:
                for u in list(st.units_at(square)):
                    owner_key = "neutral" if u.owner == NEUTRAL else self.faction_key(u.owner)
                    if owner_key in side.owner.split("+"):
                        self.destroy(u)

    def faction_key(self, seat: int) -> str:
        return self.state.scenario.factions[self.state.faction_of(seat)].key

    def side_names(self) -> dict[str, str]:
        facs = self.state.scenario.factions
        return {f.key: f.short for f in facs} | {"neutral": "Neutrals"}

    def side_name(self, owner: str) -> str:
        names = self.side_names()
        return " and ".join(names.get(k, k) for k in owner.split("+"))

    def destroy(self, unit: Unit) -> None:
        """A unit lost in battle: its commander fares as NSE-A14 says."""
        st = self.state
        if unit.owner != NEUTRAL:
            h = st.houses[unit.owner]
            if unit.commander == "pc":
                h.pc_field = False
                self.tell(unit.owner, "Your Player Character fell in battle (NSE-61).")
                effects.kill_pc(self, unit.owner, "fell in battle")
            elif unit.commander == "heir" and h.heir == "field":
                h.heir = ""
                h.heir_wounds = 0
                self.tell(unit.owner, "Your Heir fell in battle (NSE-63).")
            elif unit.commander == "courtier":
                h.court += 1
            elif unit.commander == "officer":
                st.officers.pop(unit.leader, None)
            elif unit.commander == "noble":
                sq = st.square(unit.leader)
                st.noble_field.pop(sq, None)
                st.nobles.pop(sq, None)
            unit.commander = "basic"
        if unit.merc:
            st.mercs.pop(unit.merc, None)
        st.units.pop(unit.id, None)

    def seize(self, square: int) -> None:
        """NSE-A09 / NSE-19 / NSE-20: a Hostile unit on a controlled estate with none of the
        controller's (or its allies') units left takes it away from the controller."""
        st = self.state
        fac, _seat = st.ctrl[square]
        if any(h.home == square for h in st.houses if h.alive):
            return  # NSE-14: the Home Estate is always its player's
        ally = st.ally_of(fac)
        present = {
            NEUTRAL if u.owner == NEUTRAL else st.faction_of(u.owner) for u in st.units_at(square)
        }
        if fac in present or (ally >= 0 and ally in present):
            return
        invaders = [
            f
            for f in present
            if f != NEUTRAL and treaties.may_conquer(st, f, fac, (f, square) in self.conquest)
        ]
        if not invaders:
            return
        self.lose_estate(square, "seized")

    def lose_estate(self, square: int, why: str) -> None:
        st = self.state
        fac, _seat = st.ctrl.pop(square)
        st.ambush_immune.pop(square, None)  # Star Walls lasts while the faction holds it
        label = st.label(square)
        self.send_home(square, fac)
        if st.nobles.pop(square, None) is not None:
            uid = st.noble_field.pop(square, None)
            if uid in st.units:
                st.units[uid].commander = "basic"
            self.announce(f"The {st.scenario.factions[fac].short} lost a Noble at {label}.")
        for _s, h in enumerate(st.houses):
            if h.extra_estate == square:
                h.extra_estate = -1
        self.announce(f"{label} was {why}: the {st.scenario.factions[fac].short} lost it.")

    def send_home(self, square: int, faction: int) -> None:
        """NSE-20: every courtier of the losing faction on the estate (Stewards, TCs,
        Lobbyists, building staff, Spies) returns to its controller's Home Estate."""
        st = self.state
        if square in st.stewards:
            self.back_to_court(st.stewards.pop(square))
        for key in [k for k in st.tcs if k[0] == square]:
            self.back_to_court(st.tcs.pop(key))
        for key in [k for k in st.lobbyists if k[0] == square]:
            self.back_to_court(st.lobbyists.pop(key))
        for (where, _), b in st.buildings.items():
            if where == square and b.staff:
                for _ in range(b.staff):
                    self.back_to_court(b.owner)
                b.staff = 0
        for h in st.houses:
            spies = [p for p in h.posts if p == Post("spy", square) and h.faction == faction]
            h.court += len(spies) if h.alive else 0
            h.posts = [
                p for p in h.posts if p.square != square or (p.kind == "spy" and p not in spies)
            ]

    def back_to_court(self, seat: int) -> None:
        h = self.state.houses[seat]
        if h.alive:
            h.court += 1

    # step 7 -----------------------------------------------------------------------------------

    def step_7(self) -> None:
        """Buildings ordered this Night finish (NSE-A26: build time 1 cycle)."""
        for b in self.state.buildings.values():
            b.finished = True

    # step 8 -----------------------------------------------------------------------------------

    def step_8(self) -> None:
        """Courtier placement, recalls, spy moves and Steward conquests (NSE-A25)."""
        st = self.state
        for seat in self.order:
            if not st.houses[seat].alive:
                continue
            for o in st.houses[seat].orders:
                if type(o) in effects.RECALL:
                    effects.RECALL[type(o)](self, seat, o)
            for o in st.houses[seat].orders:
                if type(o) in effects.PLACE:
                    effects.place(self, seat, o)

    def walls_fall(self) -> None:
        """Star Walls (role 11) lasts only while its faction controls the estate."""
        st = self.state
        for sq, seat in list(st.ambush_immune.items()):
            if board.controller(st, sq) != st.faction_of(seat):
                del st.ambush_immune[sq]

    # step 9 -----------------------------------------------------------------------------------

    def step_9(self) -> None:
        """Income (NSE-21 .. NSE-24, NSE-81, cores, University, Heir courtiers)."""
        st = self.state
        gains = {s: [0, 0, 0] for s in range(len(st.houses))}
        # where each house's income came from, for its report: {seat: {source: amounts}}
        self.sources: dict[int, dict[str, list[int]]] = {s: {} for s in gains}
        for square, seat in sorted(st.stewards.items()):
            self.steward_income(square, seat, gains)
        for (square, res), seat in sorted(st.tcs.items()):
            self.tc_income(square, res, seat, gains)
        for u in st.units.values():
            if u.owner != NEUTRAL:
                for cid in u.companies:
                    colour = st.designs[cid].colour
                    if colour:
                        res = {"bronze": MP, "silver": INF, "gold": MONEY}[colour]
                        self.earn(gains, u.owner, "coloured companies", res, 1)
        for seat in st.living():
            h = st.houses[seat]
            core = st.scenario.factions[h.faction].core
            if core.effect == "night_income":
                resource = core.param("resource")
                if resource == "choice":
                    chosen = self.orders(seat, Choose)
                    resource = chosen[-1].res if chosen else "Inf"
                label = f"your faction's {core.name}"
                self.earn(gains, seat, label, RES_INDEX[resource], core.param("amount"))
            universities = board.active_count(st, seat, "university")
            if universities:  # NSE-A26: University production stacks
                self.add_courtiers(seat, universities, "Your Universities trained courtiers")
        for seat, g in gains.items():
            h = st.houses[seat]
            if h.alive and any(g):
                for i in range(3):
                    h.res[i] += g[i]
                parts = "; ".join(
                    f"{source}: {_some(v)}" for source, v in self.sources[seat].items() if any(v)
                )
                self.tell(seat, f"Income: {_amounts(g)} ({parts}). You now hold {_amounts(h.res)}.")
        effects.heir_courtiers(self)
        for seat in self.order:
            for o in self.orders(seat, Pay):
                effects.pay(self, seat, o)

    def steward_income(self, square: int, seat: int, gains: dict[int, list[int]]) -> None:
        st = self.state
        if any(k[0] == square for k in st.tcs):
            return  # NSE-23: a Steward and TCs do not share an estate
        ctrl = st.ctrl.get(square)
        if ctrl is None:
            return
        fac, holder = ctrl
        to = holder if holder >= 0 else st.leaders[fac]
        if to < 0:
            return
        base = self.available(square)
        where = f"Steward on {'faction estate ' if holder < 0 else ''}{st.label(square)}"
        for i in range(3):
            self.earn(gains, to, where, i, 1 if base[i] >= 1 else 0)
        for s, h in enumerate(st.houses):
            core = board.has_core(st, s, "steward_bonus")
            if (
                core
                and h.alive
                and (s == seat or (core.param("faction_wide") and h.faction == fac))
            ):
                r = RES_INDEX[core.param("resource")]
                if base[r] >= 1:  # whose core it is stays unsaid: a role is secret
                    self.earn(gains, to, "Stewards' core bonus", r, core.param("amount"))

    def tc_income(self, square: int, res: int, seat: int, gains: dict[int, list[int]]) -> None:
        st = self.state
        base = self.available(square)[res]
        if base <= 0:
            return
        where = st.label(square)
        self.earn(gains, seat, f"Tax Collector on {where}", res, base)
        if core := board.has_core(st, seat, "tc_bonus"):
            self.earn(gains, seat, "your core's Tax Collector bonus", res, core.param("amount"))
        lob = st.lobbyists.get((square, res))
        if lob is not None:
            core = board.has_core(st, lob, "lobbyist_bonus")
            amount = core.param("amount") if core else 2
            self.earn(gains, seat, f"Lobbyist on {where}", res, amount)

    def earn(
        self, gains: dict[int, list[int]], seat: int, source: str, res: int, amount: int
    ) -> None:
        """``amount`` of resource ``res`` for ``seat`` at step 9, from ``source``."""
        gains[seat][res] += amount
        got = self.sources[seat].setdefault(source, [0, 0, 0])
        got[res] += amount

    def available(self, square: int) -> list[int]:
        """Base income minus Bribery this Night (NSE-53)."""
        base = list(board.income_of(self.state, square))
        for r in self.state.bribed.get(square, ()):
            base[r] = 0
        return base

    def add_courtiers(self, seat: int, count: int, why: str) -> None:
        h = self.state.houses[seat]
        room = courtier_limit(h) - courtiers_total(self.state, seat)
        added = max(0, min(count, room))
        h.court += added
        if added:
            self.tell(seat, f"{why}: +{added} courtier{'s' if added > 1 else ''}.")

    # step 10 ----------------------------------------------------------------------------------

    def step_10(self) -> None:
        """Spy reports (NSE-34, NSE-A21), then the victory check (NSE-A04)."""
        st = self.state
        for seat in self.order:
            seen = self.spy_paths.get(seat)
            if seen:
                for square in sorted(set(seen)):
                    self.tell(seat, spy_line(st, square, st.options.get("spy_detail")))
        for seat, (label, text) in effects.revelations(self):
            self.tell(seat, f"Holy Office: {label} is {text}.")
        st.phase = DAY


def _owners(battle: combat.Battle) -> set[str]:
    return {k for s in battle.sides for k in s.owner.split("+")}


def _amounts(values) -> str:
    return ", ".join(f"{v} {RES_NAMES[i]}" for i, v in enumerate(values))


def _some(values) -> str:
    """The resources of ``values`` that are not 0: ``1 Inf, 2 $``."""
    return ", ".join(f"{v} {RES_NAMES[i]}" for i, v in enumerate(values) if v)


def commander_problem(state: State, seat: int, leader: str, name: str, square: int) -> str:
    """Can ``seat`` appoint this commander (NSE-A16, NSE-59 .. NSE-63)?"""
    h = state.houses[seat]
    if leader == "pc" and h.pc_field:
        return "your Player Character already commands a unit"
    if leader == "heir" and h.heir != "home":
        return "you have no Heir at home to command"
    if leader == "courtier" and h.court < 1:
        return "you have no courtier at court"
    if leader == "noble":
        if state.leaders[h.faction] != seat:
            return "only the Faction Leader fields his faction's Nobles"
        if state.nobles.get(square) != h.faction or square in state.noble_field:
            return f"no free Noble of your faction is bound to {state.label(square)} (NSE-A16)"
    if leader == "officer" and state.officers.get(name) != seat:
        return f"you do not hold {name}"
    return ""


def courtier_limit(house: House) -> int:
    """NSE-31 / NSE-46: 10 courtiers, 15 with an Heir."""
    return 10 + (5 if house.heir_used else 0)


def courtiers_total(state: State, seat: int) -> int:
    h = state.houses[seat]
    commanders = sum(
        1 for u in state.units.values() if u.owner == seat and u.commander == "courtier"
    )
    staffed = sum(b.staff for b in state.buildings.values() if b.owner == seat)
    return h.court + commanders + sum(1 for p in h.posts if p.kind != "staff") + staffed


def spy_line(state: State, square: int, detail: str) -> str:
    """NSE-A21: base incomes, controller, and each unit's alt, faction, type, commander."""
    label = state.label(square)
    inc = board.income_of(state, square)
    held = state.ctrl.get(square)
    who = "nobody" if held is None else state.scenario.factions[held.faction].short
    units = []
    for u in sorted(state.units_at(square), key=lambda u: u.id):
        if u.owner == NEUTRAL:
            owner = "neutral"
        else:
            f = state.scenario.factions[state.faction_of(u.owner)].short
            owner = f"{state.names[u.owner]} ({f})"
        lead = "basic officer" if u.commander in ("", "basic") else "character commander"
        text = f"{u.label} {u.kind} of {owner}, {lead}"
        if detail == "full":
            text += " [" + " ".join(u.companies) + "]"
        units.append(text)
    body = "; ".join(units) if units else "no units"
    return f"Spy at {label}: income {inc[0]}-{inc[1]}-{inc[2]}, held by {who}; {body}."


def resolve(state: State) -> list[Event]:
    """Run the Night on the Day's orders; returns its events."""
    return Night(state).run()
