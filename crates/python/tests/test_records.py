"""Game records written by ``alphamu play --out`` read by another program's
reader: endplay's LIN parser finds the deal, the contract, the whole play
and the players' names as written (a player specification with several
options survives LIN's comma-separated list of names)."""

import os
import pathlib
import subprocess

from endplay.parsers import lin

ROOT = pathlib.Path(__file__).resolve().parents[3]
BUILT_IN = "N:A4.K82.AJ52.KQ96 KT3.A974.KT3.J74 Q52.J65.Q64.A853 J9876.QT3.987.T2"


def binary():
    """The command to run: ``ALPHAMU_BIN`` if set, else the one the README's
    test command built (``target/quick``), else a release build."""
    if "ALPHAMU_BIN" in os.environ:
        path = pathlib.Path(os.environ["ALPHAMU_BIN"])
        assert path.exists(), f"ALPHAMU_BIN={path}: no such file"
        return path
    built = [ROOT / "target" / profile / "alphamu" for profile in ("quick", "release")]
    for path in built:
        if path.exists():
            return path
    raise AssertionError(
        f"none of {', '.join(map(str, built))}: build the command first "
        "(cargo build --profile quick -p alphamu) or set ALPHAMU_BIN"
    )


def test_endplay_reads_our_lin_with_the_players_names(tmp_path):
    out = tmp_path / "played.lin"
    subprocess.run(
        [binary(), "play", "--declarer-player", "pimc:w=4,goal=score",
         "--defense", "random", "--threads", "1", "--out", out],
        check=True, capture_output=True,
    )
    with open(out) as f:
        boards = lin.load(f)
    assert len(boards) == 1
    board = boards[0]
    assert board.deal.to_pbn() == BUILT_IN
    assert str(board.contract).startswith("3NTS")
    assert len(board.play) == 52
    names = dict(board.info)
    assert names["South"] == names["North"] == "pimc:w=4;goal=score"
    assert names["West"] == names["East"] == "random"
