"""Rules that only show deep into a game, or in a position few deals reach: a second
gap waiting in the old rules, a redeal with nothing to turn, resigning an ended game,
undo and redo across a kept state, every ruleset's 16-card piles, and the replay
file's claims and `replay --json` as the spec has them."""

import random

import pytest

from game.rules import Game, IllegalMove
from game.rules.errors import ReplayError
from game.rules.replay import check_claim, position_json, run_replay
from tests.rules.helpers import engine_for, legal, pile, play, position, set_up

BUILDING = ["egyptian", "egyptian-old", "devils-bridge", "sbudetsya", "nechego"]


# spec, Gaps in egyptian-old: "after every move, each empty pile, t1..tN in
# order, takes the waste's top card at once while the waste has cards (so a card
# turned while a gap waits goes straight into it)"
def test_egyptian_old_waiting_gaps_take_turned_cards_from_t1_on():
    e = engine_for("egyptian-old")
    s = position(
        e, f1="2S", t1="4S", t2="KD", t3="3S", st="7D 8D 9D", **{f"t{i}": "KD" for i in range(4, 9)}
    )
    s, _ = play(e, s, "t3>f1")  # the waste is empty: t3 waits ...
    s, _ = play(e, s, "t1>f1")  # ... and t1, emptied later, waits too
    assert pile(e, s, "t1") == pile(e, s, "t3") == ""
    s, events = play(e, s, "st>w")
    assert pile(e, s, "t1") == "9D" and pile(e, s, "t3") == ""  # t1 first, not t3
    assert events == [("turn", "st>w", "9D"), ("refill", "w>t1", "9D")]
    s, _ = play(e, s, "st>w")
    assert pile(e, s, "t3") == "8D"


# spec, Stock and waste: "passes 2: once, when the stock is empty and the waste
# is not, w>st turns the waste over"
@pytest.mark.parametrize("ruleset", ["sbudetsya", "nechego"])
def test_no_redeal_when_the_stock_and_the_waste_are_both_empty(ruleset):
    e = engine_for(ruleset, passes=2)
    s = position(e, f1="9S", t1="QD", t2="JC")
    assert "w>st" not in legal(e, s)
    game = set_up(Game(ruleset, {"passes": 2}, deal=0), s)
    with pytest.raises(IllegalMove):
        game.play("w>st")


# spec, Pyramid: "with passes 3, twice, when the stock is empty and the reserve
# is not, w>st turns the reserve over"
def test_no_pyramid_redeal_when_the_stock_and_the_reserve_are_both_empty():
    e = engine_for("pyramid52", passes=3)
    s = position(e, p7_1="9C", p7_2="9D")  # nothing pairs, stock and reserve empty
    assert legal(e, s) == set()
    game = set_up(Game("pyramid52", {"passes": 3}, deal=0), s)
    assert game.over and game.outcome == "no_moves"


# spec, Moves: "resign: end the game now (refused once the game is over)"
@pytest.mark.parametrize("ruleset", ["pyramid52", "egyptian"])
def test_resign_is_refused_once_no_move_is_left(ruleset):
    game = Game(ruleset, deal=0)
    e = game.engine
    if ruleset == "pyramid52":
        s = position(e, p7_1="9C", p7_2="9D")
    else:
        s = position(e, f1="2S", t1="9C", **{f"t{i}": "9D" for i in range(2, 9)})
    set_up(game, s)
    assert game.over and game.outcome == "no_moves"
    with pytest.raises(IllegalMove, match="the game is over"):
        game.resign()
    assert game.outcome == "no_moves" and not game.moves


# spec, Moves/undo: a new move after an undo drops the undone actions; every
# position undo and redo reach is the one play passed (here across a kept state, 64)
def test_a_branch_played_back_before_a_kept_state_redoes_to_its_own_positions():
    rng = random.Random(1)
    game = Game("egyptian", deal=7)
    for _ in range(70):
        game.play(rng.choice(list(game.legal_moves)))
    for _ in range(10):
        game.undo()  # back to move 60
    passed = {60: game.state}
    for n in range(61, 71):  # a branch of its own through move 64
        moves = list(game.legal_moves)
        if n == 61:
            moves = [m for m in moves if m != game.undone[0].move] or moves
        game.play(rng.choice(moves))
        passed[n] = game.state
    for _ in range(8):
        game.undo()  # to 62, before the kept state
    assert game.state == passed[62]
    for n in range(63, 71):
        game.redo()
        assert game.state == passed[n], n
    events = [*game.deal_events, *(e for a in game.actions for e in a.events)]
    assert game.engine.fold(events) == game.state


# spec, Tableau piles: "A pile never holds more than 16 cards" /
# "Every pile that takes cards holds at most 16"
@pytest.mark.parametrize("ruleset", BUILDING)
def test_every_pile_that_takes_cards_holds_at_most_16(ruleset):
    e = engine_for(ruleset)
    cycle = e.rules.deck.cycle
    # cards built down through the wrap, each one rank below the one before
    cards = [cycle[-1 - i % len(cycle)] + "SHDC"[i % 4] for i in range(17)]
    others = {f"t{i}": cards[0] for i in range(2, e.rules.piles + 1)}
    base = {} if ruleset == "devils-bridge" else {"f1": cycle[0] + "S"}
    fifteen = position(e, **base, **others, t1=" ".join(cards[:15]), w=cards[15], st=cards[0])
    assert "w>t1" in legal(e, fifteen)  # the 16th card
    sixteen = position(e, **base, **others, t1=" ".join(cards[:16]), w=cards[16], st=cards[0])
    assert "w>t1" not in legal(e, sixteen)  # the 17th


# --- the replay file and `replay --json`, as the rules module reads and writes them ------


# spec, replay --json: "moves: player moves applied (resign counts)"
def test_replay_json_counts_a_resign_as_a_move():
    game = run_replay({"ruleset": "pyramid52", "deal": 0, "moves": ["st>w", "resign"]})
    assert position_json(game)["moves"] == 2


# spec, Replay file: result {"won", "remaining_cards", "remaining_points",
# "moves"} is the claimed outcome that verify checks
def test_a_claimed_result_must_match_in_value_and_in_type_and_count_the_resign():
    game = run_replay({"ruleset": "pyramid52", "deal": 0, "moves": ["st>w", "resign"]})
    right = {"won": False, "remaining_cards": 52, "remaining_points": 364, "moves": 2}
    check_claim(game, right)
    for wrong in ({"won": 0}, {"moves": 1}, {"remaining_cards": 52.5}):
        with pytest.raises(ReplayError):
            check_claim(game, {**right, **wrong})


# spec, Replay file: "version may be omitted (1)"; "Any other key is refused"
@pytest.mark.parametrize("extra", [{"version": True}, {"version": 2}, {"extra": 1}])
def test_a_replay_with_a_wrong_version_or_an_unknown_key_is_refused(extra):
    with pytest.raises(ReplayError):
        run_replay({"ruleset": "pyramid52", "deal": 0, **extra})


# spec, replay --json: "piles: every pile by name, each a list bottom to top (so
# the stock's last element is the next card turned)"
def test_replay_json_lists_each_pile_bottom_to_top():
    game = run_replay({"ruleset": "egyptian", "deal": 0, "moves": ["st>w", "st>w"]})
    piles = position_json(game)["piles"]
    first_turned, second_turned = game.deck[9], game.deck[10]
    assert piles["w"] == [first_turned, second_turned]
    assert piles["st"][-1] == game.deck[11]


# equivalent for the shipped levels; level files may set a value of 0 and an
# even pair sum, where they show. Spec, Pyramid: "A King is removed alone"; a pair is
# two cards (Moves: "A+B ... remove two playable cards").
def _level(tmp_path, rid, old, new):
    import re
    from pathlib import Path

    from game.rules.ruleset import load_ruleset

    text = (Path(__file__).parents[2] / "levels" / f"{rid}.toml").read_text(encoding="utf-8")
    path = tmp_path / f"{rid}.toml"
    path.write_text(re.sub(old, new, text, count=1, flags=re.M), encoding="utf-8")
    return load_ruleset(path)


def test_a_king_goes_alone_even_beside_a_card_worth_nothing(tmp_path):
    from game.rules import make_engine

    ruleset = _level(tmp_path, "pyramid52", r"^A = 1", "A = 0")
    e = make_engine(Game(ruleset, deal=0).rules)
    s = position(e, p7_1="KS", p7_2="AD")
    assert legal(e, s) == {"p7.1"}


def test_a_card_never_pairs_with_itself(tmp_path):
    from game.rules import make_engine

    ruleset = _level(tmp_path, "pyramid52", r"^pair_sum = 13", "pair_sum = 12")
    e = make_engine(Game(ruleset, deal=0).rules)
    s = position(e, p7_1="6S", p7_2="6D")
    assert legal(e, s) == {"p7.1+p7.2"}
