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
