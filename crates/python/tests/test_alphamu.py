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
