"""Double-dummy tables from Python: alphamu's `dd_table` and `dd_tables`
against endplay's `calc_dd_table` and `calc_all_tables` (the C++ DDS), on
the same seeded deals, in one run. Every table is compared: a differing
answer is reported and the exit status is 1.

    pip install endplay          # beside the alphamu package
    python3 crates/python/bench/dd_table_vs_endplay.py --deals 40 --seed 1 --rounds 3

Each timing is the best of `--rounds` passes over the deals, the two
libraries alternating pass by pass, so that a busy moment of the machine
hurts both alike. Prints milliseconds per deal and the ratio ours/theirs
(below 1: alphamu is faster).
"""

import argparse
import sys
import time

import alphamu
from endplay.dds import calc_all_tables, calc_dd_table
from endplay.types import Deal as EndplayDeal
from endplay.types import Denom, Player

SEATS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
STRAINS = {
    "NT": Denom.nt,
    "S": Denom.spades,
    "H": Denom.hearts,
    "D": Denom.diamonds,
    "C": Denom.clubs,
}


def best_of(rounds, run):
    """The shortest of `rounds` timed calls of `run`, in seconds, and its
    last result."""
    best, result = float("inf"), None
    for _ in range(rounds):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    deals = [d.to_pbn() for d in alphamu.generate_deals(args.deals, seed=args.seed)]
    theirs_deals = [EndplayDeal(pbn) for pbn in deals]

    rows = []
    timings = {}
    for name, ours, theirs in [
        (
            "one table a call",
            lambda: [alphamu.dd_table(d).to_dict() for d in deals],
            lambda: [calc_dd_table(d) for d in theirs_deals],
        ),
        (
            "every table in one call",
            lambda: [t.to_dict() for t in alphamu.dd_tables(deals)],
            lambda: list(calc_all_tables(theirs_deals)),
        ),
    ]:
        ours_best, theirs_best = float("inf"), float("inf")
        for _ in range(args.rounds):
            t, ours_tables = best_of(1, ours)
            ours_best = min(ours_best, t)
            t, theirs_tables = best_of(1, theirs)
            theirs_best = min(theirs_best, t)
        timings[name] = (ours_best, theirs_best)
        for i, (mine, dds) in enumerate(zip(ours_tables, theirs_tables)):
            for seat, endplay_seat in SEATS.items():
                for strain, denom in STRAINS.items():
                    if mine[seat][strain] != dds[denom, endplay_seat]:
                        rows.append(
                            f"deal {i} ({deals[i]}): {seat} {strain}: ours {mine[seat][strain]}, DDS {dds[denom, endplay_seat]}"
                        )

    print(f"{args.deals} deals, seed {args.seed}, best of {args.rounds}")
    print("| call | alphamu ms/deal | endplay ms/deal | alphamu / endplay |")
    print("|---|---|---|---|")
    for name, (ours, theirs) in timings.items():
        n = args.deals
        print(f"| {name} | {1000 * ours / n:.1f} | {1000 * theirs / n:.1f} | {ours / theirs:.2f} |")
    if rows:
        print(f"{len(rows)} answers differ:")
        for row in rows:
            print(row)
        sys.exit(1)
    print("every answer equal")


if __name__ == "__main__":
    main()
