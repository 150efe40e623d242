"""Play interleaved with Undo, Redo, Restart and Give up, for every ruleset and option
combination, as a state machine: after every step no card is lost or duplicated, the
log rebuilds the state, its replay rebuilds the state and the same legal moves, and
Restart gives the deal back. (test_invariants.py plays on and takes back only at the
end; a move after an Undo, which drops the branch undone, was never tried.)"""

from collections import Counter

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from game.rules import Game
from game.rules.replay import run_replay
from tests.rules.test_invariants import COMBINATIONS


def _left_on_the_table(game: Game) -> tuple[int, int]:
    """The score counted from the piles and the level file's values, not by Game.score:
    every card off the foundations (or not yet removed), a card held twice twice."""
    cards = [c for n in game.pile_names if n[0] != "f" and n != "out" for c in game.pile(n)]
    return len(cards), sum(game.rules.values[c[0]] for c in cards)


def _onward(game: Game, move) -> bool:
    """A move towards the end: a card home or removed, the stock turned; shuffles between
    piles never reach the positions where the rules get subtle (gaps with the stock out,
    the last pass)."""
    return move.kind != "move" or move.b.startswith("f") or move.a == "st" or move.b == "st"


class PlayAndTakeBack(RuleBasedStateMachine):
    @initialize(
        combo=st.sampled_from(COMBINATIONS),
        deal=st.integers(min_value=0, max_value=2**32),
        onward=st.booleans(),
    )
    def deal(self, combo, deal, onward):
        rid, options = combo
        self.game = Game(rid, options, deal=deal)
        self.deck = Counter(self.game.deck)
        self.dealt = self.game.state
        self.onward = onward

    @rule(choice=st.integers(0, 999), runs=st.integers(1, 20))
    def play(self, choice, runs):
        for step in range(runs):
            moves = list(self.game.legal_moves)
            if self.onward:
                moves = [m for m in moves if _onward(self.game, m)] or moves
            if not moves:
                return
            self.game.play(moves[(choice + step) % len(moves)])

    @rule(times=st.integers(1, 5))
    def undo(self, times):
        for _ in range(times):
            self.game.undo()

    @rule(times=st.integers(30, 150))
    def undo_far(self, times):
        # back past a checkpoint of the game's history, which is folded again from it
        for _ in range(times):
            self.game.undo()

    @rule(times=st.integers(1, 5))
    def redo(self, times):
        for _ in range(times):
            self.game.redo()

    @rule()
    def restart(self) -> None:
        self.game.restart()
        assert self.game.state == self.dealt and not self.game.moves

    @rule()
    def give_up(self) -> None:
        if not self.game.over:
            self.game.resign()
            assert self.game.over and not self.game.legal_moves

    @invariant()
    def no_card_is_lost_or_doubled(self) -> None:
        cards = Counter(c for pile in self.game.state.piles for c in pile)
        assert cards == self.deck

    @invariant()
    def the_log_and_the_replay_rebuild_the_game(self) -> None:
        game = self.game
        events = [*game.deal_events, *(e for a in game.actions for e in a.events)]
        assert game.engine.fold(events) == game.state
        again = run_replay(game.to_replay())
        assert again.state == game.state
        assert set(again.legal_moves) == set(game.legal_moves)
        assert again.score == game.score and again.over == game.over

    @invariant()
    def the_score_is_what_is_left_on_the_table(self) -> None:
        # again.score == game.score above runs the same code twice: this counts anew
        game = self.game
        assert game.score == _left_on_the_table(game)
        assert game.won == (game.score.remaining_cards == 0)


PlayAndTakeBack.TestCase.settings = settings(
    max_examples=150,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_play_and_take_back = PlayAndTakeBack.TestCase
