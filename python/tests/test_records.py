"""Archive records and move lists replayed; notation round trips on every archive turn."""

import arimaa
import pytest
from conftest import OPENING, data_path

GOLD_SETUP = "Ra1 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ha2 Db2 Cc2 Md2 Ee2 Cf2 Dg2 Hh2"
SILVER_SETUP = "ra8 rb8 rc8 rd8 re8 rf8 rg8 rh8 ha7 db7 cc7 ed7 me7 cf7 dg7 hh7"


def read(name):
    with open(data_path(name), encoding="utf-8") as f:
        return f.read()


@pytest.fixture(scope="module")
def replays():
    return {
        name: arimaa.replay_archive(read(name))
        for name in ("allgames202602.tsv", "allgames201111-sample.tsv")
    }


def test_archives_replay(replays):
    for name, games, turns, terminations in [
        ("allgames202602.tsv", 147, 10_004, {"g": 88, "t": 30, "r": 16, "m": 7, "e": 5, "i": 1}),
        ("allgames201111-sample.tsv", 12, 887, {"e": 4, "g": 4, "t": 3, "r": 1}),
    ]:
        rs = replays[name]
        assert len(rs) == games
        counts = {}
        for r in rs:
            assert r.failure is None, (r.id, r.failure)
            assert r.end_mismatch is None, (r.id, r.end_mismatch)
            counts[r.termination] = counts.get(r.termination, 0) + 1
            if r.termination in ("g", "m", "e"):
                assert r.outcome is not None and r.outcome[0] == r.recorded_winner
        assert counts == terminations
        assert sum(len(r.moves()) for r in rs) == turns


def test_replayed_moves_and_positions(replays):
    r = replays["allgames201111-sample.tsv"][0]
    positions = r.positions()
    moves = r.moves()
    assert len(positions) == len(moves) + 1
    for (label, mv), before, after in zip(moves, positions, positions[1:]):
        assert mv.position == before and before.after(mv) == after
        assert label[-1] in "wb"
    assert r.game.position == positions[-1]


def test_notation_round_trips_on_every_archive_turn(replays):
    n = 0
    for rs in replays.values():
        for r in rs:
            for _, mv in r.moves():
                pos = mv.position
                for notation in ("official", "legacy", "lightvector"):
                    text = pos.move_text(mv, notation)
                    back = pos.parse_move(text, notation)
                    assert pos.same_result(back, mv), (r.id, notation, text)
                n += 1
    assert n == 10_891


def test_move_list_round_trip():
    g = arimaa.Game()
    g.play_setup(GOLD_SETUP)
    g.play_setup(SILVER_SETUP)
    for mv in ("Ee2n Ee3n", "ed7s ed6s", "Ee4e Ef4n"):
        g.play(mv)
    text = g.record()
    assert text.splitlines()[0] == "1g " + GOLD_SETUP
    assert text.splitlines()[2] == "2g Ee2n Ee3n"
    back = arimaa.Game.from_record(text)
    assert back.position == g.position and back.turns == g.turns
    r = arimaa.replay_record(text)
    assert r.failure is None and len(r.moves()) == 3 and r.id is None


def test_bad_records():
    with pytest.raises(arimaa.ParseError):
        arimaa.replay_archive("not an archive")
    with pytest.raises(arimaa.ParseError):
        arimaa.Game.from_record("1g Zz9")
    with pytest.raises(arimaa.IllegalMove):
        arimaa.Game.from_record("1g " + GOLD_SETUP + "\n1s " + SILVER_SETUP + "\n2g Ee2s\n")
    r = arimaa.replay_record("1g " + GOLD_SETUP + "\n1s " + SILVER_SETUP + "\n2g Ee2s\n")
    assert r.failure and "2g" in r.failure


def test_other_notations(opening):
    mv = opening.parse_move("Ee2n Ee3n")
    assert opening.move_text(mv, "legacy")
    lv = opening.move_text(mv, "lightvector")
    assert opening.parse_move(lv, "lightvector") == opening.canonical_move(mv) or opening.same_result(
        opening.parse_move(lv, "lightvector"), mv)
    with pytest.raises(arimaa.ArimaaError):
        opening.move_text(mv, "klingon")
    with pytest.raises(arimaa.ArimaaError):
        opening.parse_move("E e2 nn", "lightvector")
    assert str(opening) == OPENING


def test_harlog(opening):
    assert opening.harlog() == 0.0
    down = arimaa.Position("g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRR ]")
    assert round(down.harlog(), 2) == -1.0
