"""Random input at the boundary, with the stdlib's random: every call either works or
raises one of the documented exceptions; a PanicException (a BaseException, which
`except Exception` does not catch) fails the test."""

import random

import arimaa
from conftest import OPENING

ALPHABET = "abcdefgh12345678nsewx RCDHMErcdhme[]/\t\né0"
EXPECTED = (arimaa.ArimaaError, TypeError, IndexError, OverflowError)


def noise(rng, n):
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(n)))


def mutate(rng, text):
    chars = list(text)
    for _ in range(rng.randrange(1, 4)):
        i = rng.randrange(len(chars) + 1)
        op = rng.randrange(3)
        if op == 0 and i < len(chars):
            chars[i] = rng.choice(ALPHABET)
        elif op == 1:
            chars.insert(i, rng.choice(ALPHABET))
        elif i < len(chars):
            del chars[i]
    return "".join(chars)


FAILED = object()


def call(f, *args):
    try:
        return f(*args)
    except EXPECTED as e:
        assert str(e)
        return FAILED


def test_random_positions_and_moves():
    rng = random.Random(22)
    base = arimaa.Position(OPENING)
    texts = [str(base)] + [str(m) for m in base.legal_moves()[:50]]
    for _ in range(3000):
        pos = call(arimaa.Position, mutate(rng, OPENING) if rng.random() < 0.7 else noise(rng, 80))
        if pos is not FAILED:
            assert arimaa.Position(str(pos)) == pos
            call(pos.count_moves)
        before = base.copy()
        kind = rng.randrange(6)
        text = mutate(rng, rng.choice(texts)) if rng.random() < 0.7 else noise(rng, 20)
        if kind == 0:
            result = call(base.play_step, text)
        elif kind == 1:
            result = call(base.play, text)
        elif kind == 2:
            result = call(base.parse_move, text)
        elif kind == 3:
            result = call(arimaa.Move, text)
        elif kind == 4:
            result = call(base.piece_at, text)
        else:
            result = call(arimaa.Step, text)
        if result is FAILED:
            assert base == before and str(base) == str(before)
        # Start again from the opening now and then, and when the game is over.
        if rng.random() < 0.2 or base.outcome() is not None:
            base = arimaa.Position(OPENING)


def test_random_games_through_the_api():
    rng = random.Random(7)
    for _ in range(10):
        game = arimaa.Game.from_position(arimaa.Position(OPENING))
        for _ in range(40):
            moves = game.legal_moves()
            if not moves or game.outcome is not None:
                break
            mv = rng.choice(moves)
            pos = game.position
            text = str(mv)
            assert pos.parse_move(text) == mv
            game.play(text if rng.random() < 0.5 else mv)
            assert game.position == pos.after(mv)
            if rng.random() < 0.1:
                game.undo()
                assert game.position == pos
                game.play(mv)


def test_random_notation_and_record_text():
    rng = random.Random(2022)
    pos = arimaa.Position(OPENING)
    game = arimaa.Game.from_position(pos)
    moves = pos.legal_moves()[::50]
    seeds = {n: [pos.move_text(m, n) for m in moves] for n in ("official", "lightvector", "legacy")}
    record = arimaa.Game.from_record(
        "1g Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2\n"
        "1s ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7\n2g Ee2n Ee3n\n"
    ).record()
    for _ in range(1500):
        notation = rng.choice(list(seeds))
        text = mutate(rng, rng.choice(seeds[notation])) if rng.random() < 0.8 else noise(rng, 30)
        mv = call(pos.parse_move, text, notation)
        if mv is not FAILED:
            assert pos.same_result(mv, pos.canonical_move(mv))
        assert call(pos.same_result, text, text) in (True, False, FAILED)
        before = game.copy()
        if call(game.play, text) is FAILED:
            assert game.position == before.position and game.turns == before.turns
        elif rng.random() < 0.5:
            game.undo()
        call(arimaa.replay_record, mutate(rng, record))
        call(arimaa.Game.from_record, mutate(rng, record))
        call(arimaa.replay_archive, mutate(rng, "id\t" + record))
    assert str(pos) == OPENING
