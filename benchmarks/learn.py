"""A standard learner on one seat against random seats: win rates before and after.

    pip install 'bureau[research]' sb3-contrib
    python benchmarks/learn.py [--game nobility] [--minutes 6] [--episodes 200] [--json]
        [--reward progress] [--options '{"max_years": 5}'] [--observation hashed]
        [--ppo '{"n_steps": 512}'] [--weight 1.0] [--save models/ppo]
        [--curriculum '[[8, {"farm_size": 1}], [6, {"farm_size": 2}]]'] [--greedy]

For each game (default: Nobility and Aristocracy), sb3-contrib's MaskablePPO learns one
seat of ``bureau.envs.single_agent`` (the seat drawn per episode) against Bureau's random
bots, on the CPU, for about ``--minutes`` of training (default: the game's row, 6 for
Nobility and 10 for Aristocracy). Before and after, it plays
``--episodes`` evaluation episodes (sampling its policy, masked) and the script prints
the learner's win rate with a 95% Wilson interval, the opponents' (the games another seat
won), and the rate a seat would win by chance. Nobility is paid ``"win"``. Aristocracy is
paid ``"progress"`` (``"score"`` at the end, and each step the change in its progress
toward points, the move under way included, for PPO's own gamma), capped at 5 years, in
the rules' shorter game (``variant: shorter``: one deck, building cards 1/2/3, hands of
3): against random seats its games reach the cap, where only complete buildings score
(3% before; 26% after 6 minutes, 86% after 10, 91% after 20; another seed 40%, 71%,
87%). At the standard sizes
(``--options '{"variant": "standard"}'``) PPO wins next to nothing in half an hour, even
after ``--curriculum``, which first trains stages of ``[minutes, options]`` (each stage's
options over the row's), such as smaller buildings, then ``--minutes`` on the row's
options: of four such runs one won 26% of standard games, the others 0 to 2%
(docs/research.md). ``--greedy`` also plays the baseline that picks, token by token, the
largest ``progress_gains()`` (games with a progress measure: Aristocracy). A win is a
game the learner wins by the rules, or, in a game stopped by its cap (where random seats
never claim Glory), a game in which it alone has the most points. The learner itself is
never run in CI: sb3-contrib and torch are not dependencies of Bureau (the ``learn``
extra brings them).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

import numpy as np

from bureau.envs import single_agent
from bureau.envs.features import PROGRESS

GAMES = {
    # game: (players, reward scheme, options, training minutes)
    "nobility": (3, "win", {}, 6),
    "aristocracy": (2, "progress", {"variant": "shorter", "max_years": 5}, 10),
}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of ``wins`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def winner(info: dict) -> int | None:
    """The game's one winner: by the rules, or alone on the most points at the cap."""
    outcome = info["outcome"]
    if not outcome["capped"]:
        winners = outcome["winners"]
        return winners[0] if len(winners) == 1 else None
    points = outcome["scores"]
    best = max(points)
    return points.index(best) if points.count(best) == 1 else None


def greedy(env, rng) -> int:
    """The legal token that adds most to the learner's progress one token ahead (ties
    drawn uniformly): the baseline ``--greedy`` measures."""
    legal = np.flatnonzero(env.action_masks())
    gains = env.progress_gains()[legal]
    return int(rng.choice(legal[gains >= gains.max() - 1e-9]))


def evaluate(env, model, episodes: int, seed: int) -> dict:
    """``episodes`` episodes of ``model`` (None: a uniformly random masked policy; a
    function such as ``greedy``: its pick of ``(env, rng)``)."""
    rng = np.random.default_rng(seed)
    wins = losses = 0
    moves, scores = [], []
    for k in range(episodes):
        obs, _ = env.reset(seed=seed + k)
        done = False
        while not done:
            mask = env.action_masks()
            if model is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            elif callable(model):
                action = model(env, rng)
            else:
                action, _ = model.predict(obs, action_masks=mask, deterministic=False)
            obs, _reward, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        first = winner(info)
        wins += first == env.seat
        losses += first is not None and first != env.seat
        scores.append(info["outcome"]["scores"][env.seat])
        moves.append(sum(1 for name, _ in env.history if name == env.names[env.seat]))
    lo, hi = wilson(wins, episodes)
    others_lo, others_hi = wilson(losses, episodes)
    return {
        "wins": wins,
        "episodes": episodes,
        "win_rate": round(wins / episodes, 3),
        "interval": [round(lo, 3), round(hi, 3)],
        # games an opponent won: the learner beats its opponents where this is lower
        "others_win_rate": round(losses / episodes, 3),
        "others_interval": [round(others_lo, 3), round(others_hi, 3)],
        "learner_moves_per_game": round(float(np.mean(moves)), 1),
        "learner_mean_score": round(float(np.mean(scores)), 3),
    }


def train(
    game: str,
    minutes: float | None,
    episodes: int,
    seed: int = 0,
    reward=None,
    options=None,
    observation=None,
    ppo=None,
    weight=None,
    save=None,
    curriculum=(),
    baseline=False,
) -> dict:
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    players, default, defaults, default_minutes = GAMES.get(game, (None, "win", {}, 6))
    minutes = default_minutes if minutes is None else minutes
    reward = reward or default
    options = {**defaults, **(options or {})}

    if weight is not None:
        from bureau.envs import rewards

        rewards.PROGRESS_WEIGHT = weight

    ppo = {"device": "cpu", **(ppo or {})}  # one core, as on a laptop, even beside a GPU

    def make(rules):
        return single_agent(
            game,
            players=players,
            opponents="random",
            reward=reward,
            seed=seed,
            options=rules,
            observation=observation,
            discount=ppo.get("gamma", 0.99),  # shaping for the learner's own gamma
        )

    # the curriculum's stages, then the row's own options; every stage has the same spaces
    stages = [(m, make({**options, **extra})) for m, extra in curriculum]
    env, judge = make(options), make(options)
    stages.append((minutes, env))
    model = MaskablePPO("MlpPolicy", stages[0][1], seed=seed, verbose=0, **ppo)
    before = evaluate(judge, model, episodes, seed=10_000)
    print(f"{game} before: {before}", file=sys.stderr, flush=True)

    class Clock(BaseCallback):
        def __init__(self, seconds: float):
            super().__init__()
            self.until = time.perf_counter() + seconds

        def _on_step(self) -> bool:
            return time.perf_counter() < self.until

    start = time.perf_counter()
    for stage_minutes, stage_env in stages:
        model.set_env(stage_env)
        model.learn(10**9, callback=Clock(stage_minutes * 60), reset_num_timesteps=False)
    trained = time.perf_counter() - start
    if save:
        model.save(f"{save}-{game}")  # MaskablePPO.load(...) reads it back
    after = evaluate(judge, model, episodes, seed=20_000)
    n = len(env.names)
    extra = {}
    if baseline and game in PROGRESS:  # the greedy baseline needs a progress measure
        extra["greedy"] = evaluate(judge, greedy, episodes, seed=20_000)
    return {
        "game": game,
        "players": n,
        "reward": reward,
        "options": options,
        "observation": env.observation_kind,
        "ppo": {k: v for k, v in ppo.items() if k != "device"},
        "curriculum": [list(stage) for stage in curriculum],
        "chance": round(1 / n, 3),
        "train_seconds": round(trained),
        "train_steps": model.num_timesteps,
        "before": before,
        "after": after,
        **extra,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game to train (default: both)")
    parser.add_argument("--minutes", type=float, help="training minutes (default: the game's)")
    parser.add_argument("--episodes", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--reward", help="the reward scheme (default: the game's row)")
    parser.add_argument("--options", type=json.loads, help="rule options: '{\"max_years\": 4}'")
    parser.add_argument("--observation", help="'features' or 'hashed' (default: the game's)")
    parser.add_argument("--ppo", type=json.loads, help="MaskablePPO keywords: '{\"gamma\": 0.999}'")
    parser.add_argument("--weight", type=float, help="the progress reward's weight")
    parser.add_argument("--save", help="save each trained model as SAVE-GAME.zip")
    parser.add_argument(
        "--curriculum",
        type=json.loads,
        default=[],
        help="stages trained first: '[[minutes, {rule options}], ...]'",
    )
    parser.add_argument(
        "--greedy",
        action="store_true",
        help="also play the greedy baseline (the largest progress gain one token ahead)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    import torch

    torch.set_num_threads(1)  # one core, as on a laptop
    rows = [
        train(
            g,
            args.minutes,
            args.episodes,
            args.seed,
            args.reward,
            args.options,
            args.observation,
            args.ppo,
            args.weight,
            args.save,
            args.curriculum,
            args.greedy,
        )
        for g in args.game or GAMES
    ]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for r in rows:
        b, a = r["before"], r["after"]
        print(
            f"{r['game']:<12} {r['players']}p reward={r['reward']:<6} chance {r['chance']:.2f}  "
            f"before {b['win_rate']:.2f} [{b['interval'][0]:.2f}, {b['interval'][1]:.2f}]  "
            f"after {a['win_rate']:.2f} [{a['interval'][0]:.2f}, {a['interval'][1]:.2f}]  "
            f"(opponents won {b['others_win_rate']:.2f} before, "
            f"{a['others_win_rate']:.2f} [{a['others_interval'][0]:.2f}, "
            f"{a['others_interval'][1]:.2f}] after)  "
            f"({r['train_steps']:,} steps in {r['train_seconds']} s; "
            f"{b['learner_moves_per_game']} -> {a['learner_moves_per_game']} moves a game)"
        )
        if "greedy" in r:
            g = r["greedy"]
            lo, hi = g["interval"]
            print(f"{'':<12} greedy baseline {g['win_rate']:.2f} [{lo:.2f}, {hi:.2f}]")


if __name__ == "__main__":
    main()
