"""Run a match on a Dask cluster: one task per deal.

The client's machine keeps the results file (the same resumable JSON-lines
file as ``alphamu match``); the workers need only the ``alphamu`` package,
since each task carries the deal set's text. A deal is recorded (and
flushed) as soon as its task finishes, so an interrupted run loses only
the deals in flight, and running again plays only the deals missing.

A local cluster::

    from dask.distributed import Client, LocalCluster
    import alphamu, alphamu.dask

    with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as client:
        with alphamu.Match("set.pbn", "alphamu:m=2,w=20", "pimc:w=20", "results.jsonl") as match:
            print(alphamu.dask.run_match(client, match)["markdown"])

A real cluster: start ``dask scheduler`` on one machine and
``dask worker tcp://SCHEDULER:8786`` on each of the others (every one with
``pip install .`` of this package), then give ``Client("tcp://SCHEDULER:8786")``.
"""

from typing import Callable, Dict, Optional

from ._alphamu import Match, play_match_deal


def run_match(
    client,
    match: Match,
    on_deal: Optional[Callable[[int, int], None]] = None,
) -> Dict[str, object]:
    """Plays every pending deal of ``match`` on the cluster of ``client``
    (a ``dask.distributed.Client``), one task per deal, recording each
    result as it arrives; ``on_deal(done, total)`` is called after each.
    Returns ``match.summary()``. A task that fails raises its error here,
    after the deals already finished have been recorded."""
    from dask.distributed import as_completed

    pending = match.pending()
    if not pending:
        return match.summary()
    task = client.scatter(match.task(), broadcast=True)
    futures = [
        client.submit(play_match_deal, task, index, key=f"alphamu-deal-{index}-{id(match)}", pure=False)
        for index in pending
    ]
    done = 0
    for future in as_completed(futures):
        match.record(future.result())
        done += 1
        if on_deal is not None:
            on_deal(done, len(pending))
    return match.summary()
