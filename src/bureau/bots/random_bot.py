"""The random bot: a uniformly chosen kind of legal action, for any game.

It asks the game to sample (``Game.sample_action``), so combinatorial
choices such as a stall are drawn without listing every subset.

>>> import bureau
>>> from bureau.bots import make
>>> game = bureau.load("aristocracy")
>>> state = game.new(3, seed=5, options={"herald": 1})
>>> bot = make("random", game, seat=1, seed=0)
>>> str(bot.act(state)).startswith("stall")
True
"""

from __future__ import annotations

from bureau.engine.bot import Bot


class RandomBot(Bot):
    name = "random"
    reads_state = False

    def choose(self, state):
        return self.game.sample_action(state, self.seat, self.rng)
