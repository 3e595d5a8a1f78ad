"""Double-dummy analysis and card play for contract bridge, from the
alphamu Rust engine.

The compiled core lives in ``alphamu._alphamu``; everything in it is
re-exported here. ``alphamu.dask`` runs a match on a Dask cluster.
"""

from ._alphamu import (
    DDTable,
    Deal,
    Match,
    analyze,
    bid,
    deal_set,
    dd_table,
    dd_tables,
    generate_deals,
    play_deal,
    play_match_deal,
    solve_board,
)

__all__ = [
    "DDTable",
    "Deal",
    "Match",
    "analyze",
    "bid",
    "deal_set",
    "dd_table",
    "dd_tables",
    "generate_deals",
    "play_deal",
    "play_match_deal",
    "solve_board",
]
