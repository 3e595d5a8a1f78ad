"""Matches from Python: the results file of `alphamu match`, resumable, the
same deal by deal whichever way it is played (here, by play/record, or on a
Dask cluster)."""

import json

import pytest

import alphamu

A = "alphamu:m=2,w=6"
B = "pimc:w=6"


@pytest.fixture()
def deals(tmp_path):
    path = tmp_path / "set.pbn"
    path.write_text(alphamu.deal_set(6, seed=3, kind="reduced", cards=5))
    return path


def lines(path):
    rows = [json.loads(l) for l in path.read_text().splitlines()]
    return rows[0], rows[1:]


def plays(path):
    """Each deal's cards at both tables (times differ from run to run)."""
    _, rows = lines(path)
    return {r["deal"]: (r["a"]["play"], r["b"]["play"], r["a"]["tricks"], r["b"]["tricks"]) for r in rows}


def test_deal_set_is_seeded():
    assert alphamu.deal_set(3, seed=5, kind="reduced", cards=5) == alphamu.deal_set(3, seed=5, kind="reduced", cards=5)
    assert alphamu.deal_set(3, seed=5, kind="reduced", cards=5) != alphamu.deal_set(3, seed=6, kind="reduced", cards=5)
    with pytest.raises(ValueError, match="kind"):
        alphamu.deal_set(3, kind="4s")


def test_deal_set_filters_as_alphamu_deals_does():
    text = alphamu.deal_set(3, seed=5, kind="reduced", cards=5, filter=(0.3, 0.7), filter_at="lead")
    assert "--filter 0.3-0.7 --filter-worlds 20 --filter-at lead" in text.splitlines()[0]
    chances = [float(line.split('"')[1]) for line in text.splitlines() if line.startswith("[PimcMake ")]
    assert len(chances) == 3 and all(0.3 <= c <= 0.7 for c in chances)
    ending = alphamu.deal_set(2, seed=5, kind="reduced", cards=5, after_tricks=1)
    assert "[Play " in ending
    with pytest.raises(ValueError, match="middle"):
        alphamu.deal_set(3, kind="reduced", cards=5, filter=(0.3, 0.7), filter_at="middle")
    with pytest.raises(ValueError, match="--filter-at lead"):
        alphamu.deal_set(3, kind="reduced", cards=5, filter=(0.3, 0.7), filter_at="lead", after_tricks=1)


def test_run_writes_the_results_file_and_resumes(deals, tmp_path):
    results = tmp_path / "r.jsonl"
    with alphamu.Match(str(deals), A, B, str(results)) as match:
        assert len(match) == 6
        assert match.pending() == list(range(6))
        summary = match.run(threads=1)
    assert summary["deals"] == 6
    assert "markdown" in summary and A in summary["markdown"]
    header, rows = lines(results)
    assert header["header"]["a"] == A and header["header"]["b"] == B
    assert sorted(r["deal"] for r in rows) == list(range(6))
    # The same match again: nothing left to play.
    with alphamu.Match(str(deals), A, B, str(results)) as match:
        assert match.pending() == []
        assert match.run(threads=1)["deals"] == 6
    # Another match in the same file is refused, naming what differs.
    with pytest.raises(ValueError, match="another match"):
        alphamu.Match(str(deals), A, "random", str(results))


def test_play_and_record_give_what_run_gives(deals, tmp_path):
    whole = tmp_path / "whole.jsonl"
    with alphamu.Match(str(deals), A, B, str(whole)) as match:
        match.run(threads=2)
    parts = tmp_path / "parts.jsonl"
    with alphamu.Match(str(deals), A, B, str(parts)) as match:
        # An interrupted run: deals 0 and 3 recorded, then the rest.
        for i in (3, 0):
            assert match.record(match.play(i))
        assert match.pending() == [1, 2, 4, 5]
        assert not match.record(match.play(3))  # already there
        for i in match.pending():
            match.record(match.play(i))
        assert match.pending() == []
    assert plays(parts) == plays(whole)


def test_errors_are_value_errors(deals, tmp_path):
    results = tmp_path / "r.jsonl"
    with pytest.raises(ValueError, match="pimk"):
        alphamu.Match(str(deals), A, "pimk:w=3", str(results))
    with pytest.raises(ValueError, match="mode"):
        alphamu.Match(str(deals), A, B, str(results), mode="teams")
    with pytest.raises(OSError):
        alphamu.Match(str(tmp_path / "missing.pbn"), A, B, str(results))
    with alphamu.Match(str(deals), A, B, str(results)) as match:
        with pytest.raises(ValueError, match="in use"):
            alphamu.Match(str(deals), A, B, str(results))
        with pytest.raises(ValueError, match="6 deals"):
            match.play(6)
        with pytest.raises(ValueError, match="not a results line"):
            match.record("{}")
    with pytest.raises(ValueError, match="task"):
        alphamu.play_match_deal({"a": A}, 0)


def test_a_worker_needs_only_the_task(deals, tmp_path):
    with alphamu.Match(str(deals), A, B, str(tmp_path / "r.jsonl")) as match:
        task = match.task()
        assert set(task) >= {"deals_text", "a", "b", "defense", "mode", "seed"}
        line = alphamu.play_match_deal(task, 2)
        assert json.loads(line)["deal"] == 2
        assert json.loads(line)["a"]["play"] == json.loads(match.play(2))["a"]["play"]


def test_dask_local_cluster_plays_the_same_match(deals, tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    import alphamu.dask

    local = tmp_path / "local.jsonl"
    with alphamu.Match(str(deals), A, B, str(local)) as match:
        match.run(threads=1)
    cluster_results = tmp_path / "cluster.jsonl"
    seen = []
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            with alphamu.Match(str(deals), A, B, str(cluster_results)) as match:
                # Resuming: one deal is already there and is not replayed.
                match.record(match.play(4))
                summary = alphamu.dask.run_match(client, match, on_deal=lambda done, total: seen.append((done, total)))
                assert match.pending() == []
    assert summary["deals"] == 6
    assert seen[-1] == (5, 5)
    assert plays(cluster_results) == plays(local)
