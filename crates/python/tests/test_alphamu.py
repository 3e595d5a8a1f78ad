"""The alphamu Python package: shapes of the interface, answers checked
against known tables, errors as ValueError."""

import threading

import pytest

import alphamu

# The reference table's first deal (DDS's answer, in the project's reference data).
DEAL = "N:AKQ.AKQ.AKQ.AKQJ 5432.5432.5432.2 JT9.JT9.JT9.T987 876.876.876.6543"


def test_dd_table_shape_and_values():
    table = alphamu.dd_table(DEAL)
    d = table.to_dict()
    assert set(d) == {"N", "E", "S", "W"}
    assert set(d["N"]) == {"NT", "S", "H", "D", "C"}
    # North holds every top card but the low clubs: 13 tricks in notrump.
    assert d["N"]["NT"] == 13
    assert d["E"]["NT"] == 0
    assert table.tricks("S", "NT") == d["S"]["NT"]
    # The same from an alphamu.Deal.
    assert alphamu.dd_table(alphamu.Deal(DEAL)).to_dict() == d


def test_deal_object():
    deal = alphamu.Deal(DEAL)
    assert deal.hand("N") == "AKQ.AKQ.AKQ.AKQJ"
    # endplay's spelling: hands as attributes and by seat.
    assert deal.north == deal["N"] == "AKQ.AKQ.AKQ.AKQJ"
    assert deal.west == "876.876.876.6543"
    assert deal == alphamu.Deal(DEAL)
    with pytest.raises(ValueError):
        deal["X"]
    assert str(deal) == DEAL
    assert deal.to_pbn() == DEAL
    assert repr(deal).startswith("Deal(")
    assert deal == alphamu.Deal(DEAL)


def test_bad_input_raises_value_error_saying_what():
    with pytest.raises(ValueError, match="4 hands"):
        alphamu.dd_table("N:AKQ.AKQ.AKQ.AKQJ")
    with pytest.raises(ValueError, match="duplicate card"):
        alphamu.Deal("N:AKQ.AKQ.AKQ.AKQJ AKQ.AKQ.AKQ.AKQJ JT9.JT9.JT9.T987 876.876.876.6543")
    with pytest.raises(ValueError):
        alphamu.dd_table(42)
    with pytest.raises(ValueError):
        alphamu.dd_table(DEAL).tricks("Q", "NT")
    with pytest.raises(ValueError):
        alphamu.generate_deals(1, constraints="hcp(north) >>= 12")


def test_solve_board_values_every_card():
    # East to lead against North's 13 top tricks in notrump: every card 0.
    values = dict(alphamu.solve_board(DEAL, "NT", "E"))
    assert len(values) == 13
    assert set(values.values()) == {0}
    # After the lead of the spade two, South to play.
    remaining = "N:AKQ.AKQ.AKQ.AKQJ 543.5432.5432.2 JT9.JT9.JT9.T987 876.876.876.6543"
    values = dict(alphamu.solve_board(remaining, "NT", "E", ["S2"]))
    assert set(values) == {"SJ", "ST", "S9"}


def test_dd_tables_in_parallel_agree_with_one_by_one():
    deals = alphamu.generate_deals(4, seed=3)
    tables = alphamu.dd_tables(deals, threads=2)
    assert [t.to_dict() for t in tables] == [alphamu.dd_table(d).to_dict() for d in deals]


def test_generate_deals_is_seeded_and_constrained():
    a = alphamu.generate_deals(5, seed=7, constraints="hcp(north) >= 15")
    b = alphamu.generate_deals(5, seed=7, constraints="hcp(north) >= 15")
    assert [str(d) for d in a] == [str(d) for d in b]
    for d in a:
        hcp = sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c, 0) for c in d.hand("N"))
        assert hcp >= 15
    with pytest.raises(ValueError, match="no deal fits"):
        alphamu.generate_deals(1, constraints="hcp(north) >= 38", max_tries=100)


def test_the_gil_is_released_during_a_search():
    # Another Python thread runs while tables are solved.
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)

    t = threading.Thread(target=tick)
    t.start()
    alphamu.dd_tables(alphamu.generate_deals(6, seed=1), threads=1)
    stop.set()
    t.join()
    assert len(ticks) > 100


# The README's built-in deal: 3NT by South.
BUILT_IN = "N:A4.K82.AJ52.KQ96 KT3.A974.KT3.J74 Q52.J65.Q64.A853 J9876.QT3.987.T2"


def test_analyze_values_every_legal_card_from_the_seat_to_moves_view():
    # West to lead against 3NT by South: 13 legal cards, chances in [0, 1].
    pimc = alphamu.analyze(BUILT_IN, "3NT", "S", algo="pimc", worlds=6, seed=2)
    assert pimc["to_move"] == "W"
    assert len(pimc["cards"]) == 13
    assert pimc["best"] in {c["card"] for c in pimc["cards"]}
    for c in pimc["cards"]:
        assert 0.0 <= c["make"] <= 1.0
        assert 0.0 <= c["tricks"] <= 13.0
        assert c["bound"] == "exact"
    # alpha-mu with one Max move is PIMC on the same worlds.
    one = alphamu.analyze(BUILT_IN, "3NT", "S", algo="alphamu", max_moves=1, worlds=6, seed=2)
    assert [c["make"] for c in one["cards"]] == pytest.approx([c["make"] for c in pimc["cards"]])
    # After the lead, declarer's side plays from dummy.
    after = alphamu.analyze(BUILT_IN, "3NT", "S", play=["S7"], algo="pimc", worlds=4)
    assert after["to_move"] == "N"
    with pytest.raises(ValueError, match="algo"):
        alphamu.analyze(BUILT_IN, "3NT", "S", algo="magic")
    with pytest.raises(ValueError):
        alphamu.analyze(BUILT_IN, "9NT", "S")
    # A bad field is named, as the command line and the web name it.
    with pytest.raises(ValueError, match="max_moves"):
        alphamu.analyze(BUILT_IN, "3NT", "S", max_moves=0)
    with pytest.raises(ValueError, match="lead_rule"):
        alphamu.analyze(BUILT_IN, "3NT", "S", lead_rule="shortest")
    with pytest.raises(ValueError, match="play: card 2"):
        alphamu.analyze(BUILT_IN, "3NT", "S", play=["S7", "XX"])


def test_analyze_takes_reduced_deals_and_every_layout():
    # The first alpha-mu paper's spade ending: North KJ7, South A98, South
    # on lead needing all three tricks. Over every layout of the hidden
    # cards PIMC thinks it certain; alpha-mu knows it is an even chance.
    ending = "N:KJ7... Q53... A98... 42.2.."
    kw = dict(leader="S", need=3, worlds="all", seed=1)
    pimc = alphamu.analyze(ending, "3NT", "S", algo="pimc", **kw)
    assert pimc["to_move"] == "S"
    assert pimc["worlds"] == 20
    assert max(c["make"] for c in pimc["cards"]) == 1.0
    am = alphamu.analyze(ending, "3NT", "S", algo="alphamu", max_moves=6, **kw)
    assert max(c["make"] for c in am["cards"]) == 0.5
    with pytest.raises(ValueError, match="need"):
        alphamu.analyze(ending, "3NT", "S", leader="S")
    with pytest.raises(ValueError, match="worlds"):
        alphamu.analyze(ending, "3NT", "S", leader="S", need=3, worlds="some")


def test_play_deal_plays_thirteen_tricks():
    result = alphamu.play_deal(BUILT_IN, "3NT", "S", declarer_player="pimc:w=3", defense="random", seed=4)
    assert len(result["play"]) == 52
    assert 0 <= result["tricks"] <= 13
    assert result["made"] == (result["tricks"] >= 9)
    again = alphamu.play_deal(BUILT_IN, "3NT", "S", declarer_player="pimc:w=3", defense="random", seed=4)
    assert again == result
    with pytest.raises(ValueError):
        alphamu.play_deal(BUILT_IN, "3NT", "S", declarer_player="nobody")


def test_an_old_player_name_still_plays_with_a_warning_naming_the_new_one():
    # `fusion` at a contract board is now `tc-fusion` (one name, one player).
    spec = "fusion:base=1:worlds=2:leaf=1:rd=2:playouts=1"
    with pytest.warns(FutureWarning, match="tc-fusion"):
        old = alphamu.play_deal(BUILT_IN, "3NT", "S", declarer_player=spec, defense="random", seed=3)
    new = alphamu.play_deal(BUILT_IN, "3NT", "S", declarer_player="tc-" + spec, defense="random", seed=3)
    assert old == new
    assert len(new["play"]) == 52


def test_reading_the_table_shows_what_the_play_has_shown():
    # After the opening lead and dummy's card, East reads declarer's and
    # partner's hands: each hidden honour's chance and each suit's length,
    # weighted by the play and plain.
    read = alphamu.analyze(BUILT_IN, "3NT", "S", play=["S7", "S4"], algo="pimc", worlds=8, infer="dd")
    shown = read["shown"]
    assert read["to_move"] == "E"
    assert shown["particles"] == 16
    assert 1.0 <= shown["effective"] <= 16.0
    seats = {h["seat"] for h in shown["hands"]}
    assert seats == {"S", "W"}
    for hand in shown["hands"]:
        assert set(hand["lengths"]) == {"S", "H", "D", "C"}
        for honour in hand["honours"]:
            assert 0.0 <= honour["weighted"] <= 1.0 and 0.0 <= honour["plain"] <= 1.0
    assert alphamu.analyze(BUILT_IN, "3NT", "S", play=["S7"], algo="pimc", worlds=4)["shown"] is None
    with pytest.raises(ValueError, match="infer"):
        alphamu.analyze(BUILT_IN, "3NT", "S", infer="bayes")
    # Players that read the table play whole deals, seeded.
    a = alphamu.play_deal(BUILT_IN, "3NT", "S", declarer_player="pimc:w=4,infer=dd", defense="pimc:w=4,infer=dd", seed=2)
    assert len(a["play"]) == 52
    assert a == alphamu.play_deal(BUILT_IN, "3NT", "S", declarer_player="pimc:w=4,infer=dd", defense="pimc:w=4,infer=dd", seed=2)


def test_bid_gives_the_natural_systems_call_and_what_each_call_shows():
    view = alphamu.bid(["1H", "X", "P"], dealer="N", hand="J874.953.Q82.J73")
    assert view["to_call"] == "W"
    assert [c["seat"] for c in view["auction"]] == ["N", "E", "S"]
    opening = view["auction"][0]
    assert opening["rule"] == "opening one of a major"
    assert opening["hcp"] == (12, 21)
    assert opening["lengths"]["H"] == (5, 13)
    assert view["call"]["call"] == "1S"
    assert view["call"]["rule"] == "answer to a double"
    # Stayman, answered.
    stayman = alphamu.bid(["1NT", "P", "2C", "P"], dealer="S", hand="AQ3.KJ64.QT5.A73")
    assert stayman["to_call"] == "S"
    assert stayman["call"]["call"] == "2H"
    # Without a hand, only the meanings; bad input names the call or hand.
    assert "call" not in alphamu.bid(["1NT"])
    with pytest.raises(ValueError, match="call 2"):
        alphamu.bid(["1H", "1D"])
    with pytest.raises(ValueError, match="hand"):
        alphamu.bid([], hand="AKQ.AKQ")
    # A close call is simulated as the robot seat simulates it, seeded;
    # simulate=0 gives the rules' call alone.
    close = alphamu.bid(["1NT", "P"], hand="KJ2.Q83.T75.K642", simulate=12, vulnerability="NS", seed=4)
    # The worlds scored: the 12 drawn, or fewer once the call's work limit is spent.
    assert 1 <= close["simulation"]["worlds"] <= 12
    assert 0 < close["simulation"]["nodes"] <= 4_000_000 + 1_000
    assert len(close["simulation"]["candidates"]) >= 2
    assert close["simulation"]["candidates"][0]["call"] == close["simulation"]["system_call"]
    assert close == alphamu.bid(["1NT", "P"], hand="KJ2.Q83.T75.K642", simulate=12, vulnerability="NS", seed=4)
    alone = alphamu.bid(["1NT", "P"], hand="KJ2.Q83.T75.K642", simulate=0)
    assert alone["simulation"]["worlds"] == 0
    assert alone["simulation"]["nodes"] == 0
    assert alone["call"]["call"] == alone["simulation"]["system_call"]
    with pytest.raises(ValueError, match="vulnerability"):
        alphamu.bid(["1NT", "P"], hand="KJ2.Q83.T75.K642", vulnerability="NE")
