"""The likely move a hint gives while the solver has not answered (game.hints)."""

from __future__ import annotations

import random

from game.hints import SEEN_MOVES, move_rank, suggest
from game.rules import Game, Move
from game.rules.moves import MOVE, PAIR, REDEAL_MOVE, SINGLE, STOCK_TURN


def _positions(ruleset: str, options: dict[str, object], deals: range, seed: int = 3):
    """Positions of random games: each game, after each move (up to 300: cards can
    shuttle between Egyptian piles for ever)."""
    rng = random.Random(seed)
    for deal in deals:
        game = Game(ruleset, options, deal=deal)
        for _ in range(300):
            if game.over:
                break
            yield game
            game.play(rng.choice(sorted(game.legal_moves, key=str)))


def test_turning_the_waste_over_ranks_with_the_stock():
    # w>st ranked with the waste's cards, before moves between piles: no ruleset has
    # both several passes and pile-to-pile moves yet, so it is checked on the ranking
    game = next(
        g for g in _positions("nechego", {"passes": 2}, range(30)) if REDEAL_MOVE in g.legal_moves
    )
    between_piles = Move(MOVE, "t1", "t2")
    assert (
        move_rank(game, REDEAL_MOVE) == move_rank(game, STOCK_TURN) > move_rank(game, between_piles)
    )
    assert move_rank(game, REDEAL_MOVE) > move_rank(game, Move(MOVE, "w", "t1"))


def somewhere_new(game: Game) -> list[Move]:
    """The legal moves that lead to a position not among the last SEEN_MOVES."""
    seen = {state.piles for state in game.recent_states(SEEN_MOVES)}
    return [m for m in game.legal_moves if game.engine.play(game.state, m)[0].piles not in seen]


def test_a_card_going_home_comes_first_and_the_stock_before_a_card_only_shifted():
    # the stock last of all, hints rotated a few cards through the piles press after
    # press, the stock untouched: Devil's Bridge deal 0 sent 6 cards home in 100
    home = stock = 0
    for game in _positions("egyptian", {}, range(5)):
        texts = [str(m) for m in game.legal_moves]
        hint = str(suggest(game))
        assert hint in texts
        new = {str(m) for m in somewhere_new(game)}
        if any(">f" in t for t in new):
            assert ">f" in hint
            home += 1
        elif "st>w" in new and all(
            move_rank(game, m) >= 6 for m in somewhere_new(game) if str(m) != "st>w"
        ):
            assert hint == "st>w"
            stock += 1
    assert home and stock
    game = Game("devils-bridge", deal=0)
    for _ in range(100):
        game.play(suggest(game))
    assert sum(len(game.pile(f"f{n}")) for n in range(1, 9)) >= 20


def test_hints_followed_press_after_press_never_go_round_in_a_circle():
    # Devil's Bridge deal 0: the 2♠ sent from t5 to t6 and back for ever, then round
    # four piles; each press a hint counted, and the stock never reached
    game = Game("devils-bridge", deal=0)
    positions = [game.state.piles]
    for _ in range(40):
        game.play(suggest(game))
        assert game.state.piles not in positions[-8:]
        positions.append(game.state.piles)
    assert STOCK_TURN in game.moves


def test_recent_states_are_the_positions_before_the_last_moves():
    rng = random.Random(5)
    game = Game("egyptian", deal=4)
    states = [game.state]
    for _ in range(150):  # past two checkpoints
        game.play(rng.choice(sorted(game.legal_moves, key=str)))
        states.append(game.state)
    before = [s.piles for s in states[:-1]]  # the position before each move
    for count in (0, 1, 63, 64, 65, 150, 500):
        recent = [s.piles for s in game.recent_states(count)]
        assert recent == before[max(0, len(before) - count) :]


# --- held by the mutation round of game/hints.py ------------------------------------


def test_a_pair_is_hinted_before_the_stock_is_turned():
    # the pyramid games' hint without the solver: a pair (or a king alone) takes cards
    # off; turning the stock first lets a card go by that cannot be had again
    seen = 0
    for game in _positions("pyramid52", {}, range(4)):
        new = somewhere_new(game)
        if any(m.kind in (PAIR, SINGLE) for m in new):
            assert suggest(game).kind in (PAIR, SINGLE), game.legal_moves
            seen += 1
    assert seen >= 10


def test_a_card_from_the_waste_is_hinted_before_cards_moved_between_piles():
    seen = 0
    for game in _positions("egyptian", {}, range(6)):
        new = somewhere_new(game)
        if any(m.b.startswith("f") for m in new if m.kind == MOVE):
            continue  # a card home comes first (see above)
        if any(m.a == "w" for m in new if m.kind == MOVE) and any(
            m.a.startswith("t") and m.b.startswith("t") for m in new if m.kind == MOVE
        ):
            assert suggest(game).a == "w", (game.legal_moves, suggest(game))
            seen += 1
    assert seen >= 3


def test_a_move_that_empties_a_pile_is_hinted_before_the_stock():
    # an empty pile takes any card (or the stock's next): more room, where the stock
    # turned lets its card go by
    seen = 0
    for game in _positions("egyptian", {}, range(6)):
        new = [m for m in somewhere_new(game) if m.kind == MOVE]
        if any(m.b.startswith("f") or m.a == "w" for m in new):
            continue
        emptying = [
            m
            for m in new
            if m.a.startswith("t") and m.b.startswith("t") and len(game.pile(m.a)) == 1
        ]
        if emptying and STOCK_TURN in new:
            assert suggest(game) in emptying, (game.legal_moves, suggest(game))
            seen += 1
    assert seen >= 3


def test_a_game_with_no_move_left_has_no_hint():
    # the rules' picture asks for moves until the sample game ends: at its end, None,
    # not a crash
    from tests.store.helpers import won_game

    game = won_game()
    assert game.over and not game.legal_moves
    assert suggest(game) is None
