//! The robot's side of a session: seat, board after board, auction and
//! play, until the table manager ends the session.

use crate::protocol::{self, call_line, card_text, seat_name, Message};
use bridge::Scoring;
use cards::{BySeat, Card, Deal, Hand, Seat};
use players::player::{Board, PlayerSpec};
use players::seat::Player as _;
use players::seated::BridgeSeat;
use players::seed::{card_seed, derive};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use records::Call;
use std::io::{BufRead, Write};
use thiserror::Error;

/// Who the robot is and how it plays.
#[derive(Clone, Debug)]
pub struct SessionConfig {
    /// Its seat.
    pub seat: Seat,
    /// The name it connects with.
    pub name: String,
    /// Who chooses its cards (and dummy's when it declares).
    pub player: PlayerSpec,
    /// Seed of the player's random choices: board `i` of the session
    /// draws from [`board_seed`], each card from its [`card_seed`] as
    /// `play` and `match` draw them, each simulated call from
    /// [`call_seed`].
    pub seed: u64,
    /// The bidding system it bids by and reads every call under.
    pub system: System,
    /// The worlds of a close call of the natural system, simulated
    /// ([`bidding::simulation`]); 0 bids by the rules alone.
    pub bid_worlds: usize,
}

/// The bidding systems the seat can bid by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum System {
    /// The natural system of the `bidding` crate: constructive and
    /// competitive, every call with its meaning. The seat's card player
    /// draws its worlds within what the calls show (the hidden hands'
    /// calls read under this system), and without those constraints
    /// when the hands it has seen cannot meet them.
    #[default]
    Natural,
    /// The seat's first system ([`crate::bidding`]): simple, it passes
    /// over the opponents' bids; its calls are not read.
    Simple,
}

impl std::str::FromStr for System {
    type Err = String;
    fn from_str(s: &str) -> Result<System, String> {
        match s {
            "natural" => Ok(System::Natural),
            "simple" => Ok(System::Simple),
            other => Err(format!(
                "unknown bidding system {} (natural or simple)",
                cards::quoted(other)
            )),
        }
    }
}

impl std::fmt::Display for System {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            System::Natural => "natural",
            System::Simple => "simple",
        })
    }
}

/// The longest line the robot reads from a table manager, in bytes. The
/// protocol's lines are under 200 bytes; a longer one is refused, not
/// read into memory.
pub const MAX_LINE: usize = 4096;

/// Why a session stopped before the table manager ended it.
#[derive(Debug, Error)]
pub enum SeatError {
    /// Reading or writing the connection.
    #[error("connection: {0}")]
    Io(#[from] std::io::Error),
    /// The table manager closed the connection.
    #[error("the table manager closed the connection while the robot waited for {0}")]
    Closed(String),
    /// A line the robot did not expect.
    #[error("unexpected line from the table manager: {line:?} (expected {expected})")]
    Unexpected {
        /// The line.
        line: String,
        /// What the robot waited for.
        expected: String,
    },
    /// A call or card that cannot be.
    #[error("impossible: {0}")]
    Impossible(String),
    /// The player could not choose a card.
    #[error("the player could not choose: {0}")]
    Player(String),
    /// No whole line came in time.
    #[error("no answer from the table manager: waited {seconds} s for {waiting_for}")]
    Timeout {
        /// What the robot waited for.
        waiting_for: String,
        /// How long it waited, in seconds.
        seconds: f64,
    },
    /// A line longer than [`MAX_LINE`].
    #[error("the table manager sent a line of over {MAX_LINE} bytes while the robot waited for {waiting_for} (it starts {start:?})")]
    LineTooLong {
        /// What the robot waited for.
        waiting_for: String,
        /// The line's first characters.
        start: String,
    },
}

/// A connection the table manager dropped is [`SeatError::Closed`],
/// whether the robot learns it from an end of file, a reset or a broken
/// pipe, on reading or on writing: which one comes depends on timing.
fn closed_or_io(e: std::io::Error, waiting_for: impl FnOnce() -> String) -> SeatError {
    match e.kind() {
        std::io::ErrorKind::BrokenPipe
        | std::io::ErrorKind::ConnectionReset
        | std::io::ErrorKind::ConnectionAborted
        | std::io::ErrorKind::UnexpectedEof => SeatError::Closed(waiting_for()),
        _ => SeatError::Io(e),
    }
}

/// Where the robot reads the table manager's lines from.
trait LineSource {
    /// The next line (its bytes up to and with the `\n`), or an empty
    /// vector at the end of the connection; a line of over [`MAX_LINE`]
    /// bytes gives `Ok(Err(start))`, its first bytes, without reading it
    /// all. The deadline, when the source can keep one, is for the whole
    /// line.
    fn next_line(
        &mut self,
        deadline: Option<std::time::Instant>,
    ) -> std::io::Result<Result<Vec<u8>, String>>;
}

/// The next line of `reader` (its bytes up to and with the `\n`), an
/// empty vector at its end, or `Ok(Err(start))` for a line over
/// [`MAX_LINE`] bytes; `before_read` runs before each filling of the
/// buffer (to set the connection's timeout when it will read).
fn read_line_capped<R: BufRead>(
    reader: &mut R,
    mut before_read: impl FnMut(&mut R) -> std::io::Result<()>,
) -> std::io::Result<Result<Vec<u8>, String>> {
    let mut line = Vec::new();
    loop {
        before_read(reader)?;
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok(Ok(line));
        }
        let (used, complete) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buffer.len(), false),
        };
        line.extend_from_slice(&buffer[..used]);
        reader.consume(used);
        if line.len() > MAX_LINE {
            return Ok(Err(String::from_utf8_lossy(&line[..60]).into_owned()));
        }
        if complete {
            return Ok(Ok(line));
        }
    }
}

/// Any buffered reader: no deadline of its own (its reads may have one).
struct Plain<R>(R);

impl<R: BufRead> LineSource for Plain<R> {
    fn next_line(
        &mut self,
        _deadline: Option<std::time::Instant>,
    ) -> std::io::Result<Result<Vec<u8>, String>> {
        read_line_capped(&mut self.0, |_| Ok(()))
    }
}

/// A TCP connection: each read waits only for what is left of the line's
/// deadline, so a table manager that trickles bytes cannot keep the robot
/// waiting past it.
struct Tcp(std::io::BufReader<std::net::TcpStream>);

impl LineSource for Tcp {
    fn next_line(
        &mut self,
        deadline: Option<std::time::Instant>,
    ) -> std::io::Result<Result<Vec<u8>, String>> {
        read_line_capped(&mut self.0, |reader| {
            if !reader.buffer().is_empty() {
                return Ok(());
            }
            let wait = match deadline {
                None => None,
                Some(d) => match d.checked_duration_since(std::time::Instant::now()) {
                    Some(left) if !left.is_zero() => Some(left),
                    _ => return Err(std::io::ErrorKind::TimedOut.into()),
                },
            };
            reader.get_ref().set_read_timeout(wait)
        })
    }
}

struct Conn<W> {
    reader: Box<dyn LineSource>,
    timeout: Option<std::time::Duration>,
    writer: W,
}

impl<W: Write> Conn<W> {
    fn send(&mut self, line: &str) -> Result<(), SeatError> {
        let sent = self
            .writer
            .write_all(line.as_bytes())
            .and_then(|()| self.writer.write_all(b"\r\n"))
            .and_then(|()| self.writer.flush());
        sent.map_err(|e| closed_or_io(e, || format!("its answer to {line:?}")))
    }

    /// The next line, before `deadline`.
    fn line(
        &mut self,
        expected: &str,
        deadline: Option<std::time::Instant>,
    ) -> Result<String, SeatError> {
        match self.reader.next_line(deadline) {
            Ok(Ok(line)) if line.is_empty() => Err(SeatError::Closed(expected.to_string())),
            Ok(Ok(line)) => Ok(String::from_utf8_lossy(&line).into_owned()),
            Ok(Err(start)) => Err(SeatError::LineTooLong {
                waiting_for: expected.to_string(),
                start,
            }),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                Err(SeatError::Timeout {
                    waiting_for: expected.to_string(),
                    seconds: self.timeout.map_or(0.0, |t| t.as_secs_f64()),
                })
            }
            Err(e) => Err(closed_or_io(e, || expected.to_string())),
        }
    }

    /// The next message and its line as the table manager wrote it,
    /// skipping blank and ignorable lines, within one timeout for the
    /// whole wait: lines that say nothing (blank, `Timing`) do not keep
    /// the robot waiting past it.
    fn next(&mut self, expected: &str) -> Result<(Message, String), SeatError> {
        let deadline = self.timeout.map(|t| std::time::Instant::now() + t);
        loop {
            let line = self.line(expected, deadline)?;
            if line.trim().is_empty() {
                continue;
            }
            match protocol::parse(&line) {
                Some(Message::Ignored) => {}
                Some(m) => return Ok((m, line.trim().to_string())),
                None => {
                    return Err(SeatError::Unexpected {
                        line: line.trim().to_string(),
                        expected: expected.to_string(),
                    })
                }
            }
        }
    }

    fn expect<T>(
        &mut self,
        expected: &str,
        f: impl Fn(&Message) -> Option<T>,
    ) -> Result<T, SeatError> {
        let (m, line) = self.next(expected)?;
        f(&m).ok_or_else(|| SeatError::Unexpected {
            line,
            expected: expected.to_string(),
        })
    }
}

/// Plays one session on `reader`/`writer` (a connection to the table
/// manager) and returns the boards played. Ends with `Ok` when the table
/// manager says `End of session`.
///
/// # Errors
/// [`SeatError`] on a dropped connection, an unexpected line, an impossible
/// call or card, or a player that cannot choose. The robot never guesses
/// on after one.
pub fn run_session<R: BufRead + 'static, W: Write>(
    reader: R,
    writer: W,
    config: &SessionConfig,
) -> Result<u32, SeatError> {
    session(
        Conn {
            reader: Box::new(Plain(reader)),
            timeout: None,
            writer,
        },
        config,
    )
}

/// [`run_session`] on a TCP connection to the table manager, waiting at
/// most `line_timeout` for each whole line (however its bytes arrive);
/// the connection is closed when the session ends.
///
/// # Errors
/// As [`run_session`], and [`SeatError::Timeout`] naming the message
/// awaited when a line does not come in time.
pub fn run_session_tcp(
    stream: std::net::TcpStream,
    config: &SessionConfig,
    line_timeout: std::time::Duration,
) -> Result<u32, SeatError> {
    let reader = std::io::BufReader::new(stream.try_clone()?);
    let result = session(
        Conn {
            reader: Box::new(Tcp(reader)),
            timeout: Some(line_timeout),
            writer: &stream,
        },
        config,
    );
    let _ = stream.shutdown(std::net::Shutdown::Both);
    result
}

fn session<W: Write>(mut c: Conn<W>, config: &SessionConfig) -> Result<u32, SeatError> {
    let me = config.seat;
    let name = seat_name(me);
    c.send(&format!(
        "Connecting \"{}\" as {name} using protocol version 18",
        config.name
    ))?;
    c.expect(&format!("{name}'s seating"), |m| {
        matches!(m, Message::Seated(seat) if *seat == me).then_some(())
    })?;
    c.send(&format!("{name} ready for teams"))?;
    c.expect("the teams", |m| matches!(m, Message::Teams).then_some(()))?;
    c.send(&format!("{name} ready to start"))?;
    let mut boards = 0;
    loop {
        match c.next("the start of a board or the end of the session")? {
            (Message::StartOfBoard, _) => {}
            (Message::EndOfSession, _) => return Ok(boards),
            (_, line) => {
                return Err(SeatError::Unexpected {
                    line,
                    expected: "Start of board or End of session".into(),
                })
            }
        }
        play_board(&mut c, config, boards)?;
        boards += 1;
    }
}

/// What the robot knows of the play so far: its own hand, dummy's once
/// shown, every card played by whom and the suits each seat showed out of
/// (the same knowledge the players keep), with the cards in order.
struct Table {
    knowledge: worlds::Knowledge,
    play: Vec<Card>,
}

impl Table {
    /// A deal that fits everything seen, the other cards dealt at random
    /// (the players only read the hands their seat sees).
    fn completion(&self, seed: u64) -> Result<Deal, SeatError> {
        let k = &self.knowledge;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let pool: Vec<Card> = k.hidden().iter().collect();
        for _ in 0..1000 {
            let mut cards = pool.clone();
            cards.shuffle(&mut rng);
            let mut hands = BySeat::from_fn(|seat| k.known(seat).unwrap_or(k.played_by(seat)));
            let mut ok = true;
            for card in cards {
                let open: Vec<Seat> = Seat::ALL
                    .into_iter()
                    .filter(|&s| {
                        k.known(s).is_none() && hands[s].len() < 13 && !k.lacks(s).contains(card)
                    })
                    .collect();
                match open.choose(&mut rng) {
                    Some(&s) => {
                        hands[s].insert(card);
                    }
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                return Deal::new(hands).map_err(|e| SeatError::Impossible(e.to_string()));
            }
        }
        Err(SeatError::Impossible("no deal fits the cards seen".into()))
    }

    /// Follows a card, refusing one that cannot be: one the robot holds
    /// or saw played, one not in dummy's shown hand, a revoke by a hand the
    /// robot sees, or a card of a suit its player showed out of.
    fn observe(&mut self, card: Card) -> Result<(), SeatError> {
        self.knowledge.observe(card).map_err(|e| {
            SeatError::Impossible(match e {
                worlds::KnowledgeError::Play {
                    seat, card, reason, ..
                } => format!("{} plays {}: {reason}", seat_name(seat), card_text(card)),
                other => other.to_string(),
            })
        })?;
        self.play.push(card);
        Ok(())
    }
}

/// The robot's player in its seat for one board, told every card as a
/// match seats it ([`BridgeSeat`]): its random choices from the board's
/// seed and the cards played ([`card_seed`]), a player that reads the
/// table following the play card by card. The seat sees its own hand and
/// dummy's; its board's other cards are dealt at random, again before
/// each card it is told, so that the card is where it was played (the
/// players never read them).
struct RobotSeat<'a> {
    player: &'a PlayerSpec,
    /// The contract and what the auction shows; its deal is replaced.
    board: Board,
    /// Declarer for declarer's side, else the robot's seat.
    viewer: Seat,
    seed: u64,
    /// Seated at the first card it chooses or is told (declarer's once
    /// dummy is down).
    seat: Option<BridgeSeat<'a>>,
}

impl<'a> RobotSeat<'a> {
    /// A deal that fits everything `table` has seen.
    fn deal(&self, table: &Table) -> Result<Board, SeatError> {
        let seed = derive(card_seed(self.seed, table.play.len()), &[COMPLETION_SEED]);
        Ok(Board {
            deal: table.completion(seed)?,
            ..self.board
        })
    }

    /// The player seated on `board`, told every card of `table` before
    /// `told` (none for a seat made before the play).
    fn seated(
        &self,
        board: &Board,
        table: &Table,
        told: usize,
    ) -> Result<BridgeSeat<'a>, SeatError> {
        let mut seat = BridgeSeat::new(self.player, board, self.viewer, &[], self.seed, false)
            .map_err(|e| SeatError::Impossible(e.to_string()))?;
        for &card in &table.play[..told] {
            seat.observe(card)
                .map_err(|e| SeatError::Impossible(e.to_string()))?;
        }
        Ok(seat)
    }

    /// The card the robot plays now. Worlds within what the calls show;
    /// when no world meets it (a seat that bids by another system), the
    /// player is seated again without it and told the play so far.
    fn choose(&mut self, table: &Table) -> Result<Card, SeatError> {
        // A deal of the unseen cards only where a seat is made: a seat
        // already made was dealt one before its last card.
        let mut seat = match self.seat.take() {
            Some(seat) => seat,
            None => self.seated(&self.deal(table)?, table, table.play.len())?,
        };
        let decision = match seat.choose() {
            Ok(decision) => decision,
            Err(_) if self.board.constraints != worlds::Constraints::default() => {
                self.board.constraints = worlds::Constraints::default();
                seat = self.seated(&self.deal(table)?, table, table.play.len())?;
                seat.choose()
                    .map_err(|e| SeatError::Player(e.to_string()))?
            }
            Err(e) => return Err(SeatError::Player(e.to_string())),
        };
        self.seat = Some(seat);
        Ok(decision.card)
    }

    /// Tells the seat the card `table` has just seen (after dummy is
    /// shown, for the opening lead).
    fn tell(&mut self, table: &Table, card: Card) -> Result<(), SeatError> {
        let board = self.deal(table)?;
        let impossible = |e: players::board::ChooseError| SeatError::Impossible(e.to_string());
        let seat = match &mut self.seat {
            Some(seat) => {
                seat.redeal(board.deal).map_err(impossible)?;
                seat
            }
            None => self
                .seat
                .insert(self.seated(&board, table, table.play.len() - 1)?),
        };
        seat.observe(card).map_err(impossible)
    }
}

/// The seed of the session's board `index` (counted from 0).
#[must_use]
pub fn board_seed(seed: u64, index: u32) -> u64 {
    derive(seed, &[u64::from(index)])
}

/// The seed of a call simulated after `calls` calls of a board drawn from
/// `board` ([`board_seed`]).
#[must_use]
pub fn call_seed(board: u64, calls: usize) -> u64 {
    derive(board, &[CALL_SEED, calls as u64])
}

/// The tag of a call's seed.
const CALL_SEED: u64 = 0xca11;
/// The tag of the seed that deals the cards the seat cannot see.
const COMPLETION_SEED: u64 = 0xc0de;

fn play_board<W: Write>(
    c: &mut Conn<W>,
    config: &SessionConfig,
    index: u32,
) -> Result<(), SeatError> {
    let me = config.seat;
    let name = seat_name(me);
    let board_seed = board_seed(config.seed, index);
    c.send(&format!("{name} ready for deal"))?;
    let (dealer, vul) = c.expect("the board line", |m| match m {
        Message::Board { dealer, vul, .. } => Some((*dealer, *vul)),
        _ => None,
    })?;
    c.send(&format!("{name} ready for cards"))?;
    let own = c.expect("the robot's cards", |m| match m {
        Message::Cards(s, h) if *s == me && h.len() == 13 => Some(*h),
        _ => None,
    })?;
    // The auction.
    let mut auction: Vec<Call> = Vec::new();
    while !records::auction_complete(&auction) {
        let turn = Seat::from_index(dealer.index() + auction.len());
        if turn == me {
            let call = match config.system {
                System::Natural if config.bid_worlds > 0 => {
                    let settings = bidding::simulation::Settings {
                        vulnerability: match vul {
                            protocol::Vul::Neither => records::Vulnerability::None,
                            protocol::Vul::NS => records::Vulnerability::NS,
                            protocol::Vul::EW => records::Vulnerability::EW,
                            protocol::Vul::Both => records::Vulnerability::All,
                        },
                        worlds: config.bid_worlds,
                        seed: call_seed(board_seed, auction.len()),
                        work_limit: bidding::simulation::Settings::DEFAULT_WORK_LIMIT,
                    };
                    bidding::simulation::choose_by_simulation(own, dealer, &auction, settings)
                        .map_err(|e| SeatError::Impossible(e.to_string()))?
                        .choice
                        .call
                }
                System::Natural => {
                    bidding::choose(own, dealer, &auction)
                        .map_err(|e| SeatError::Impossible(e.to_string()))?
                        .call
                }
                System::Simple => crate::bidding::call(own, me, dealer, &auction),
            };
            c.send(&call_line(me, call))?;
            auction.push(call);
        } else {
            c.send(&format!("{name} ready for {}'s bid", seat_name(turn)))?;
            let call = c.expect(&format!("{}'s call", seat_name(turn)), |m| match m {
                Message::Call(s, call) if *s == turn => Some(*call),
                _ => None,
            })?;
            if !call.is_legal_after(&auction) {
                return Err(SeatError::Impossible(format!(
                    "{} called {call}, not a legal call here",
                    seat_name(turn)
                )));
            }
            auction.push(call);
        }
    }
    let Some((contract, declarer)) = records::contract_of(dealer, &auction) else {
        return Ok(());
    };
    let dummy_seat = declarer.partner();
    // What the calls show of the hands the seat does not see: every
    // call read under the natural system (the seat's and, under the same
    // system, the other seats').
    let mut shown = worlds::Constraints::default();
    if config.system == System::Natural {
        if let Ok(read) = bidding::constraints(dealer, &auction) {
            shown = read;
        }
        shown.seats[me] = worlds::HandConstraints::default();
        shown.seats[dummy_seat] = worlds::HandConstraints::default();
    }
    let vulnerable = match vul {
        protocol::Vul::Neither => false,
        protocol::Vul::Both => true,
        protocol::Vul::NS => declarer.index() % 2 == 0,
        protocol::Vul::EW => declarer.index() % 2 == 1,
    };
    let mut seen = BySeat::<Option<Hand>>::default();
    seen[me] = Some(own);
    let knowledge = worlds::Knowledge::new(
        seen,
        Hand::FULL_DECK,
        13,
        contract.strain,
        declarer.lho(),
        &[],
    )
    .map_err(|e| SeatError::Impossible(e.to_string()))?;
    let mut table = Table {
        knowledge,
        play: Vec::new(),
    };
    let controls =
        |seat: Seat| (seat == me && me != dummy_seat) || (me == declarer && seat == dummy_seat);
    let mut robot = RobotSeat {
        player: &config.player,
        board: Board {
            deal: Deal::default(),
            strain: contract.strain,
            declarer,
            need: usize::from(contract.tricks_needed()),
            constraints: shown,
            scoring: Some(Scoring {
                contract,
                vulnerable,
            }),
        },
        viewer: if me.side() == declarer.side() {
            declarer
        } else {
            me
        },
        seed: board_seed,
        seat: None,
    };
    let mut leader = declarer.lho();
    for trick in 1..=13 {
        let mut cards: Vec<Card> = Vec::new();
        for k in 0..4 {
            let seat = Seat::from_index(leader.index() + k);
            if k == 0 && controls(seat) {
                c.expect("the lead prompt", |m| match m {
                    Message::ToLead(Some(s)) if *s == seat => Some(()),
                    Message::ToLead(None) if seat == dummy_seat => Some(()),
                    _ => None,
                })?;
            }
            let card = if controls(seat) {
                let card = robot.choose(&table)?;
                c.send(&format!("{} plays {}", seat_name(seat), card_text(card)))?;
                card
            } else {
                let whose = if seat == dummy_seat {
                    "dummy's".to_string()
                } else {
                    format!("{}'s", seat_name(seat))
                };
                c.send(&format!("{name} ready for {whose} card to trick {trick}"))?;
                c.expect(&format!("{whose} card"), |m| match m {
                    Message::Plays(s, card) if *s == seat => Some(*card),
                    _ => None,
                })?
            };
            table.observe(card)?;
            cards.push(card);
            if table.play.len() == 1 && me != dummy_seat {
                c.send(&format!("{name} ready for dummy"))?;
                let dummy = c.expect("dummy's cards", |m| match m {
                    Message::DummyCards(h) if h.len() == 13 => Some(*h),
                    _ => None,
                })?;
                table
                    .knowledge
                    .show(dummy_seat, dummy)
                    .map_err(|e| SeatError::Impossible(e.to_string()))?;
            }
            if me != dummy_seat {
                robot.tell(&table, card)?;
            }
        }
        let trick_cards = [cards[0], cards[1], cards[2], cards[3]];
        leader = bridge::trick_winner(&trick_cards, leader, contract.strain.trump());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, ErrorKind, Read};

    /// Gives `text`, then fails with `kind` as a reset socket does.
    struct ThenFails {
        text: std::io::Cursor<Vec<u8>>,
        kind: ErrorKind,
    }

    impl Read for ThenFails {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            match self.text.read(buf)? {
                0 => Err(self.kind.into()),
                n => Ok(n),
            }
        }
    }

    fn session_reading(kind: ErrorKind) -> SeatError {
        let reader = BufReader::new(ThenFails {
            text: std::io::Cursor::new(b"South (\"alphamu\") seated\r\n".to_vec()),
            kind,
        });
        let config = SessionConfig {
            seat: Seat::South,
            name: "alphamu".into(),
            player: "random".parse().expect("a player"),
            seed: 1,
            system: System::Natural,
            bid_worlds: 0,
        };
        run_session(reader, Vec::new(), &config).expect_err("no session")
    }

    /// The robot's seat sees only its own hand and dummy's, its other
    /// cards dealt at random again before every card; the players never
    /// read those, so it plays the cards of the same player seated on the
    /// whole deal, as `play` and `match` seat it, from the same seed: as
    /// declarer and as a defender, with and without reading the table.
    #[test]
    fn the_robot_plays_as_the_player_seated_on_the_whole_deal() {
        use cards::Strain;
        let deal: Deal = "N:AK2.AK2.AK32.K32 QJT.QJT.QJT.QJT9 987.9876.987.A87 6543.543.654.654"
            .parse()
            .expect("a deal");
        let contract = bridge::Contract {
            level: 3,
            strain: Strain::Notrump,
            doubling: bridge::Doubling::Undoubled,
        };
        let declarer = Seat::South;
        let whole = Board {
            deal,
            strain: Strain::Notrump,
            declarer,
            need: 9,
            constraints: worlds::Constraints::default(),
            scoring: Some(Scoring {
                contract,
                vulnerable: false,
            }),
        };
        let dummy = declarer.partner();
        for (spec, me) in [
            ("pimc:w=4,infer=dd", Seat::South),
            ("pimc:w=4,infer=dd", Seat::West),
            ("alphamu:m=2,w=4", Seat::South),
            ("pimc:w=4", Seat::East),
        ] {
            let player: PlayerSpec = spec.parse().expect("a player");
            let viewer = if me.side() == declarer.side() {
                declarer
            } else {
                me
            };
            let seed = board_seed(1, 0);
            let mut seated =
                BridgeSeat::new(&player, &whole, viewer, &[], seed, false).expect("seated");
            let mut seen = BySeat::<Option<Hand>>::default();
            seen[me] = Some(deal[me]);
            let mut table = Table {
                knowledge: worlds::Knowledge::new(
                    seen,
                    Hand::FULL_DECK,
                    13,
                    Strain::Notrump,
                    declarer.lho(),
                    &[],
                )
                .expect("knowledge"),
                play: Vec::new(),
            };
            let mut robot = RobotSeat {
                player: &player,
                board: Board {
                    deal: Deal::default(),
                    ..whole
                },
                viewer,
                seed,
                seat: None,
            };
            let mut decisions = 0;
            while table.play.len() < 52 {
                let mover = whole.replay(&table.play).position().to_move();
                let card = if seated.plays_for(mover) {
                    let card = robot.choose(&table).expect("the robot's card");
                    let expected = seated.choose().expect("the seated card").card;
                    assert_eq!(
                        card,
                        expected,
                        "{spec} at {me}, card {}",
                        table.play.len() + 1
                    );
                    decisions += 1;
                    card
                } else {
                    PlayerSpec::dd()
                        .choose(&whole, &table.play, 0)
                        .expect("a card")
                };
                table.observe(card).expect("a legal card");
                if table.play.len() == 1 {
                    table.knowledge.show(dummy, deal[dummy]).expect("dummy");
                }
                robot.tell(&table, card).expect("told");
                seated.observe(card).expect("told");
            }
            assert!(decisions >= 13, "{spec} at {me}: {decisions} decisions");
        }
    }

    #[test]
    fn a_reset_while_reading_is_a_closed_connection() {
        for kind in [ErrorKind::ConnectionReset, ErrorKind::ConnectionAborted] {
            let err = session_reading(kind);
            assert!(matches!(err, SeatError::Closed(_)), "{kind:?}: {err}");
            assert!(err.to_string().contains("the teams"), "{err}");
        }
    }

    #[test]
    fn other_read_errors_stay_errors_of_the_connection() {
        let err = session_reading(ErrorKind::PermissionDenied);
        assert!(matches!(err, SeatError::Io(_)), "{err}");
    }

    fn config() -> SessionConfig {
        SessionConfig {
            seat: Seat::South,
            name: "alphamu".into(),
            player: "random".parse().expect("a player"),
            seed: 1,
            system: System::Natural,
            bid_worlds: 0,
        }
    }

    #[test]
    fn the_timeout_is_for_a_whole_line_however_its_bytes_trickle_in() {
        // A table manager sending a byte every 20 ms and never a line end.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        let port = listener.local_addr().expect("an address").port();
        std::thread::spawn(move || {
            let (mut stream, _) = listener.accept().expect("the robot");
            for _ in 0..200 {
                std::thread::sleep(std::time::Duration::from_millis(20));
                if std::io::Write::write_all(&mut stream, b"x").is_err() {
                    return;
                }
            }
        });
        let stream = std::net::TcpStream::connect(("127.0.0.1", port)).expect("connected");
        let err = run_session_tcp(stream, &config(), std::time::Duration::from_millis(300))
            .expect_err("no line in time");
        assert!(matches!(err, SeatError::Timeout { .. }), "{err}");
        assert!(
            err.to_string().contains("waited 0.3 s for South's seating"),
            "{err}"
        );
    }

    /// A table manager that answers the connection with `lines`, one
    /// every `every`, for `for_as_long`, then hangs up; the robot's error.
    fn session_against(
        first: &'static str,
        repeated: &'static str,
        every: std::time::Duration,
        for_as_long: std::time::Duration,
        timeout: std::time::Duration,
    ) -> SeatError {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        let port = listener.local_addr().expect("an address").port();
        std::thread::spawn(move || {
            let (mut stream, _) = listener.accept().expect("the robot");
            let _ = std::io::Write::write_all(&mut stream, first.as_bytes());
            let start = std::time::Instant::now();
            while start.elapsed() < for_as_long {
                std::thread::sleep(every);
                if std::io::Write::write_all(&mut stream, repeated.as_bytes()).is_err() {
                    return;
                }
            }
        });
        let stream = std::net::TcpStream::connect(("127.0.0.1", port)).expect("connected");
        run_session_tcp(stream, &config(), timeout).expect_err("no seating")
    }

    #[test]
    fn the_timeout_is_for_the_message_awaited_not_for_each_line() {
        // Blank lines and Timing lines every 50 ms for 3 s never seat the
        // robot: its 0.4 s wait for the seating ends while they still come
        // (a timeout per line would wait until the hang-up).
        for repeated in [
            "\r\n",
            "Timing - N/S : this board [00:01], total [00:10]\r\n",
        ] {
            let err = session_against(
                "",
                repeated,
                std::time::Duration::from_millis(50),
                std::time::Duration::from_secs(3),
                std::time::Duration::from_millis(400),
            );
            assert!(
                matches!(err, SeatError::Timeout { .. }),
                "{repeated:?}: {err}"
            );
        }
    }

    #[test]
    fn the_seating_of_another_seat_is_refused_by_its_line() {
        let err = session_against(
            "North (\"alphamu\") seated\r\n",
            "",
            std::time::Duration::from_millis(50),
            std::time::Duration::from_millis(100),
            std::time::Duration::from_secs(5),
        );
        let text = err.to_string();
        assert!(matches!(err, SeatError::Unexpected { .. }), "{text}");
        assert!(
            text.contains("\"North (\\\"alphamu\\\") seated\" (expected South's seating)"),
            "{text}"
        );
    }

    #[test]
    fn a_line_too_long_is_refused_without_reading_it_all() {
        // 64 MB of one line would be read into memory; the robot stops
        // after MAX_LINE bytes.
        let reader = BufReader::new(std::io::repeat(b'a').take(64 << 20));
        let err = run_session(reader, Vec::new(), &config()).expect_err("too long");
        assert!(matches!(err, SeatError::LineTooLong { .. }), "{err}");
        let text = err.to_string();
        assert!(
            text.contains("over 4096 bytes") && text.len() < 300,
            "{text}"
        );
    }
}
