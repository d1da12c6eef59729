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


def test_archive_columns_typed(replays):
    first = replays["allgames202602.tsv"][0]
    assert first.id == 669122
    gold, silver = first.players["gold"], first.players["silver"]
    assert (gold.id, gold.username, gold.country, gold.rating, gold.rating_k, gold.kind) == (
        63152, "bot_dolores_v1", "US", 2616, 31, "bot")
    assert (silver.username, silver.rating, silver.kind, silver.title) == ("browni3141", 2579, "human", "")
    assert first.player("silver") == silver and first.player("g") == gold
    with pytest.raises(arimaa.ParseError):
        first.player("blue")
    assert (first.event, first.site, first.time_control, first.mode) == (
        "Casual game", "Over the Net", "15s/2m30s/100", "IGS")
    assert (first.postal, first.rated, first.corrupt) == (False, True, False)
    assert (first.start_time, first.end_time, first.plycount) == (1769941051, 1769942363, 37)
    assert (first.termination, first.termination_name, first.recorded_winner) == ("r", "resignation", "gold")
    cols = first.columns
    assert len(cols) == 29 and cols["wusername"] == "bot_dolores_v1" and cols["result"] == "w"
    assert first.events[0] == (1769941026, "Sun Feb  1 10:17:06 2026", "b player joining")
    for name, rejected in (("allgames202602.tsv", 16), ("allgames201111-sample.tsv", 2)):
        rs = replays[name]
        assert sum(len(r.rejected_moves) for r in rs) == rejected
        for r in rs:
            assert r.columns["id"] == str(r.id) and r.plycount == int(r.columns["plycount"])
            assert r.termination_name and r.players["gold"].username == r.columns["wusername"]
            assert all(g.rating is not None for g in r.players.values())
    label, move, reason = next(r.rejected_moves[0] for r in replays["allgames201111-sample.tsv"] if r.rejected_moves)
    assert (label, move, reason) == ("38w", "Hg3n rh3w rg3w rf3x", "push not completed")


def test_move_lists_have_no_archive_columns():
    r = arimaa.replay_record("1g " + GOLD_SETUP + "\n1s " + SILVER_SETUP + "\n")
    assert r.players is None and r.player("gold") is None and r.columns is None
    assert (r.event, r.site, r.time_control, r.mode, r.postal, r.rated, r.corrupt) == (None,) * 7
    assert (r.start_time, r.end_time, r.plycount, r.events, r.rejected_moves) == (None,) * 5
    assert r.termination_name is None and r.failure_info is None


def test_failure_fields():
    setups = "1g " + GOLD_SETUP + "\n1s " + SILVER_SETUP + "\n"
    for text, index, label, token, kind, error in [
        (setups + "2g Ee2s\n", 2, "2g", "Ee2s", "illegal", arimaa.IllegalMove),
        ("1g " + GOLD_SETUP + "\n2g Ra1n\n", 1, "2g", "Ra1n", "label", arimaa.GameStateError),
        ("1g Ra1\n", 0, "1g", "Ra1", "game", arimaa.GameStateError),
        (setups + "2g Ee2n\n2b ed7s\n3g Ee3s\n3b ed6n\n4g Ee2n\n4b ed7s\n5g Ee3s\n5b ed6n\n", 9, "5b", "ed6n",
         "illegal", arimaa.IllegalMove),
    ]:
        r = arimaa.replay_record(text)
        f = r.failure_info
        assert (f.index, f.label, f.text, f.kind) == (index, label, token, kind), r.failure
        assert str(f) == r.failure and f.message in r.failure and f.message
        assert type(f.error) is error and str(f.error) == r.failure
        with pytest.raises(error) as raised:
            arimaa.Game.from_record(text)
        assert str(raised.value) == r.failure
        assert repr(f).startswith("<arimaa.ReplayFailure index=")


def test_harlog_function(opening):
    down = arimaa.Position("g [rrrrrrrrdhcemchd                                DHCMECHDRRRRRRR ]")
    for pos in (opening, down, arimaa.Position.from_pieces({"a1": "R"}, "gold")):
        assert arimaa.harlog(pos) == pos.harlog()
    assert arimaa.harlog(arimaa.Position.from_pieces({"a1": "R"}, "gold")) == float("inf")
    with pytest.raises(TypeError):
        arimaa.harlog("not a position")
