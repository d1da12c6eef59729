"""Bad input of every kind raises its exception, with the crate's message, and leaves the
object as it was."""

import arimaa
import pytest
from conftest import OPENING


def test_hierarchy():
    assert issubclass(arimaa.ArimaaError, ValueError)
    for cls in (arimaa.ParseError, arimaa.IllegalMove, arimaa.GameStateError):
        assert issubclass(cls, arimaa.ArimaaError)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "g",
        "x [" + " " * 64 + "]",
        "g [" + " " * 63 + "]",
        "g [" + " " * 65 + "]",
        "g [" + "Z" * 64 + "]",
        "g [" + " " * 64,
        "g [                  R     " + " " * 38 + "]",  # Gold rabbit alone on c6
        OPENING + " steps 9/4",
        OPENING + " junk",
        "g [" + "é" * 64 + "]",
        "g " + "[" * 10000,
    ],
)
def test_bad_positions(text):
    with pytest.raises(arimaa.ParseError) as info:
        arimaa.Position(text)
    assert str(info.value)


def unchanged(pos):
    return str(pos) == OPENING and pos.count_moves() == 3353


@pytest.mark.parametrize("square", ["", "e", "e9", "i2", "E2", "e22", "é2", "a0"])
def test_bad_squares(opening, square):
    with pytest.raises(arimaa.ParseError):
        opening.piece_at(square)


@pytest.mark.parametrize("step", ["", "e2", "e2x", "e2nn", "z9n", "Ee2n", "e2 n", "é2n"])
def test_bad_step_text(opening, step):
    with pytest.raises(arimaa.ParseError):
        opening.play_step(step)
    with pytest.raises(arimaa.ParseError):
        arimaa.Step(step)
    assert unchanged(opening)


def test_bad_step_parts():
    with pytest.raises(arimaa.ParseError):
        arimaa.Step("e2", "x")
    with pytest.raises(arimaa.ParseError):
        arimaa.Step("e9", "n")
    with pytest.raises(TypeError):
        arimaa.Position(OPENING).play_step(42)


@pytest.mark.parametrize("step", ["e2s", "a1n", "e4n", "a2w", "h2e"])
def test_illegal_steps(opening, step):
    with pytest.raises(arimaa.IllegalMove) as info:
        opening.play_step(step)
    assert str(info.value)
    assert unchanged(opening)


def test_illegal_end_turn(opening):
    with pytest.raises(arimaa.IllegalMove):
        opening.end_turn()  # no step taken
    assert unchanged(opening)
    opening.play_step("e2n")
    opening.play_step("e3s")
    with pytest.raises(arimaa.IllegalMove):
        opening.end_turn()  # the board the turn started from
    assert opening.steps_taken == 2


@pytest.mark.parametrize(
    "move",
    [
        "e2n e3n e4n e5n e6n",  # five steps
        "e2s",
        "Me2n",  # wrong piece letter
        "Ee2n Ee3n rc3x",  # a capture that does not happen
        "Ee2n Ee3q",
        "e2n e3s",  # the unchanged board
        [arimaa.Step("a2n")] * 5,
    ],
)
def test_illegal_or_bad_moves(opening, move):
    with pytest.raises(arimaa.ArimaaError):
        opening.play(move)
    assert unchanged(opening)
    with pytest.raises(arimaa.ArimaaError):
        opening.after(move)
    with pytest.raises(arimaa.ArimaaError):
        opening.move_text(move)
    assert unchanged(opening)


def test_move_constructor_errors(opening):
    with pytest.raises(arimaa.ParseError):
        arimaa.Move("e2n e3n e4n e5n e6n")
    with pytest.raises(arimaa.IllegalMove):
        arimaa.Move("e2s", opening)
    with pytest.raises(TypeError):
        arimaa.Move(3)
    with pytest.raises(IndexError):
        arimaa.Move("e2n")[1]


def test_step_cap_errors(opening):
    for cap in (0, 5, 200):
        with pytest.raises(arimaa.ArimaaError):
            opening.set_step_cap(cap)
    with pytest.raises(OverflowError):
        opening.set_step_cap(-1)
    assert unchanged(opening)


def test_from_pieces_errors():
    for pieces, side in [({"e9": "E"}, "gold"), ({"e2": "X"}, "gold"), ({"e2": "EE"}, "gold"),
                         ({"e2": "E"}, "red")]:
        with pytest.raises(arimaa.ParseError):
            arimaa.Position.from_pieces(pieces, side)
    with pytest.raises(arimaa.ArimaaError):
        arimaa.Position.from_pieces({"c3": "R"}, "gold")  # alone on a trap


def test_same_result_of_illegal_moves_is_false(opening):
    assert opening.same_result("e2n", "e2n")
    assert not opening.same_result("e2s", "e2s")
    assert not opening.same_result("Me2n", "e2n")
    with pytest.raises(arimaa.ParseError):
        opening.same_result("zz", "e2n")
    assert unchanged(opening)
