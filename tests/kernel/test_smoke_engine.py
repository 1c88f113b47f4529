import random

from grimoire.domain.catalog import verify
from tests.support.harness import Game


def test_a_9a_game_plays_to_its_end_and_replays():
    game = Game("jinro9", 9, preset="9A", seed=1)
    game.start()
    game.play(random.Random(1))
    assert game.state.status == "ended"
    assert verify(game.events).ok
