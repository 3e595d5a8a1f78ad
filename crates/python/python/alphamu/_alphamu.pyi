"""Double-dummy analysis and card play for contract bridge, from the alphamu Rust engine."""

from typing import Dict, List, Optional, Sequence, Tuple, Union

class Deal:
    """A deal of four hands, read from a PBN deal string such as "N:AKQ.T98.AJ5.K832 ..."."""

    def __init__(self, pbn: str) -> None: ...
    def hand(self, seat: str) -> str:
        """The hand of seat ("N", "E", "S" or "W") as PBN: "AKQ.T98.AJ5.K832"."""
    @property
    def north(self) -> str:
        """North's hand as PBN (like endplay's deal.north)."""
    @property
    def east(self) -> str: ...
    @property
    def south(self) -> str: ...
    @property
    def west(self) -> str: ...
    def __getitem__(self, seat: str) -> str:
        """deal["N"]: the hand of a seat as PBN."""
    def __eq__(self, other: object) -> bool: ...
    def to_pbn(self) -> str:
        """The PBN deal string, North first."""

class DDTable:
    """For each declarer and strain, the tricks declarer's side takes double dummy."""

    def tricks(self, declarer: str, strain: str) -> int:
        """Tricks for declarer ("N", "E", "S", "W") in strain ("NT", "S", "H", "D", "C")."""
    def to_dict(self) -> Dict[str, Dict[str, int]]:
        """{"N": {"NT": 8, "S": 7, ...}, "E": {...}, "S": {...}, "W": {...}}."""

def dd_table(deal: Union[Deal, str]) -> DDTable:
    """The double-dummy table of a deal; ValueError for a bad deal."""

def dd_tables(deals: Sequence[Union[Deal, str]], threads: int = 0) -> List[DDTable]:
    """The tables of many deals, in parallel (threads=0: every core)."""

def solve_board(deal: Union[Deal, str], trump: str, leader: str, trick: Sequence[str] = ()) -> List[Tuple[str, int]]:
    """Every legal card of the side to move with the tricks its side takes from here on."""

def generate_deals(n: int, seed: int = 1, constraints: Optional[str] = None, max_tries: int = 1000000) -> List[Deal]:
    """n seeded random deals, each accepted by the constraints when given."""

def analyze(
    deal: Union[Deal, str],
    contract: str,
    declarer: str,
    play: Sequence[str] = (),
    algo: str = "alphamu",
    max_moves: int = 3,
    worlds: int = 20,
    seed: int = 1,
) -> Dict[str, object]:
    """Every legal card of the seat to move, from what it sees: {"to_move", "best", "cards": [{"card", "make", "tricks", "bound"}]}."""

def bid(
    auction: Sequence[str],
    dealer: str = "N",
    hand: Optional[str] = None,
) -> Dict[str, object]:
    """The natural system's view of an auction: {"to_call", "auction": [{"seat", "call", "rule", "shows", "hcp", "lengths", "balanced"}], "call"} (the call only given a hand)."""

def play_deal(
    deal: Union[Deal, str],
    contract: str,
    declarer: str,
    declarer_player: str = "alphamu:m=2,w=20",
    defense: str = "pimc:w=20",
    seed: int = 1,
) -> Dict[str, object]:
    """A whole deal played by the players given: {"play": [...], "tricks": int, "made": bool}."""

def deal_set(
    count: int,
    seed: int = 1,
    kind: str = "3nt",
    cards: int = 8,
    goal: str = "dd",
    filter: Optional[Tuple[float, float]] = None,
    filter_worlds: int = 20,
    filter_at: str = "start",
    after_tricks: int = 0,
) -> str:
    """The PBN text of the deal set `alphamu deals` writes: kind "3nt", "7nt" or "reduced" (cards per hand, goal "dd", "all" or "tricks"); filter=(low, high) keeps deals whose PIMC chance over filter_worlds worlds is in range, where the board starts (filter_at "start") or after a PIMC opening lead ("lead"); after_tricks tricks played double dummy first."""

def play_match_deal(task: Dict[str, object], index: int) -> str:
    """Plays deal `index` of the match `task` (Match.task()) at both tables; returns its results line (JSON). Writes nothing."""

class Match:
    """A duplicate match on a deal set, its results in a resumable JSON-lines file (the format of `alphamu match`)."""

    def __init__(
        self,
        deals: str,
        a: str,
        b: str,
        results: str,
        defense: str = "dd",
        mode: str = "declarer",
        seed: int = 1,
        discrepancies: bool = False,
    ) -> None: ...
    def __len__(self) -> int: ...
    def __enter__(self) -> "Match": ...
    def __exit__(self, *exc: object) -> None: ...
    def pending(self) -> List[int]:
        """The deals (0-based) not yet in the results file."""
    def task(self) -> Dict[str, object]:
        """Plain, picklable description of the match for play_match_deal on a worker."""
    def play(self, index: int) -> str:
        """Plays one deal at both tables; returns its results line without recording it."""
    def record(self, line: str) -> bool:
        """Appends a results line to the file (False if that deal is already there)."""
    def run(self, threads: int = 0) -> Dict[str, object]:
        """Plays every pending deal on this machine, recording each; returns summary()."""
    def summary(self) -> Dict[str, object]:
        """Statistics of the results file, with "markdown", the table `alphamu match` prints."""
    def close(self) -> None:
        """Releases the results file's lock."""
