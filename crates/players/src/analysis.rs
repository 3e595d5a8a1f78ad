//! Every legal card of a position rated from the seat to move's view: its
//! chance of making the contract and declarer's mean double-dummy tricks,
//! by PIMC or by alpha-mu over worlds drawn from what that seat knows. The
//! one place the analysers (command line, Python, web, `games analyze`)
//! set this up: each fills [`RequestFields`] (or calls
//! [`Request::for_board`]), which checks every field in one step, and
//! hands the [`Request`] to [`run`].

use crate::board::Board;
use crate::leaf::DdLeaf;
use bridge::Contract;
use cards::{Card, Deal, PartialDeal, Seat, Strain};
use search::{
    alphamu, choose, pimc_values_reporting, AlphaMuConfig, CardChance, Problem, Switches,
};
use thiserror::Error;
use worlds::{draw, Constraints, LeadRule, WorldCount};
use worlds::{GivenDeal, GivenDealError};

/// How the cards are rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Each card's chance over the worlds, every world solved double dummy.
    Pimc,
    /// alpha-mu searching `max_moves` moves of declarer's side ahead; the
    /// mean tricks shown are PIMC's.
    AlphaMu {
        /// Declarer's moves searched ahead (M).
        max_moves: usize,
    },
}

/// Where an analysis is, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// `worlds` worlds drawn from the mover's view.
    WorldsDrawn {
        /// How many.
        worlds: usize,
    },
    /// Worlds solved double dummy so far.
    WorldsSolved {
        /// Solved.
        done: usize,
        /// All.
        total: usize,
    },
    /// alpha-mu's search has started (it reports nothing until it ends).
    Searching,
}

/// The rating of every legal card.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The seat to move.
    pub to_move: Seat,
    /// The card the method plays.
    pub best: Card,
    /// Every legal card, in card order; an alpha-mu card whose value a cut
    /// left as a bound says so in its `bound`.
    pub cards: Vec<CardChance>,
    /// Worlds drawn.
    pub worlds: usize,
    /// How the cards were rated.
    pub method: Method,
    /// What the search did.
    pub stats: SearchStats,
    /// When the table was read and a card has been seen: what the play has
    /// shown of each hidden hand, and the effective number of weighted
    /// worlds (before the opening lead nothing is read: the worlds are a
    /// plain player's).
    pub shown: Option<Shown>,
}

/// What the play has shown, when an analysis reads the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// Each hidden hand: its chance to hold each unseen honour and its
    /// length in each suit, weighted and plain.
    pub hands: Vec<inference::shown::HiddenHand>,
    /// The effective number of particles, `(Σw)² / Σw²`.
    pub effective: f64,
    /// The particles followed.
    pub particles: usize,
}

impl Shown {
    /// The JSON shape the analysers print: `{"effective", "particles",
    /// "hands": [{"seat", "honours": [{"card", "weighted", "plain"}],
    /// "lengths": {"S": {"weighted", "plain"}, ...}}]}`.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        let hands: Vec<serde_json::Value> = self
            .hands
            .iter()
            .map(|h| {
                let honours: Vec<serde_json::Value> = h
                    .honours
                    .iter()
                    .map(|x| {
                        serde_json::json!({
                            "card": x.card.to_string(),
                            "weighted": x.weighted,
                            "plain": x.plain,
                        })
                    })
                    .collect();
                let mut lengths = serde_json::Map::new();
                for l in &h.lengths {
                    lengths.insert(
                        l.suit.letter().to_string(),
                        serde_json::json!({"weighted": l.weighted, "plain": l.plain}),
                    );
                }
                serde_json::json!({
                    "seat": h.seat.to_string(),
                    "honours": honours,
                    "lengths": lengths,
                })
            })
            .collect();
        serde_json::json!({
            "effective": self.effective,
            "particles": self.particles,
            "hands": hands,
        })
    }

    /// Readable lines: each hidden hand's honours and lengths, weighted
    /// against plain.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "what the play has shown ({:.1} effective of {} weighted worlds; plain worlds in brackets):\n",
            self.effective, self.particles
        );
        for h in &self.hands {
            let honours: Vec<String> = h
                .honours
                .iter()
                .map(|x| {
                    format!(
                        "{} {:.0}% ({:.0}%)",
                        x.card,
                        100.0 * x.weighted,
                        100.0 * x.plain
                    )
                })
                .collect();
            let lengths: Vec<String> = h
                .lengths
                .iter()
                .map(|l| format!("{} {:.1} ({:.1})", l.suit.letter(), l.weighted, l.plain))
                .collect();
            out += &format!(
                "  {}: holds {}; lengths {}\n",
                h.seat,
                if honours.is_empty() {
                    "no unseen honour".to_string()
                } else {
                    honours.join(", ")
                },
                lengths.join(", ")
            );
        }
        out
    }
}

/// alpha-mu's values of `cards` with PIMC's double-dummy mean tricks
/// (alpha-mu rates chances of making only).
#[must_use]
pub fn with_pimc_tricks(cards: Vec<CardChance>, pimc: &[CardChance]) -> Vec<CardChance> {
    cards
        .into_iter()
        .map(|v| CardChance {
            tricks: pimc
                .iter()
                .find(|p| p.card == v.card)
                .and_then(|p| p.tricks),
            ..v
        })
        .collect()
}

/// Where the worlds of an analysis come from.
#[derive(Clone, Debug, PartialEq)]
pub enum WorldSource {
    /// At most this many, drawn from the mover's view with the request's
    /// seed as a player of `play` draws them at this card.
    Sample(usize),
    /// Every layout consistent with the mover's view.
    All,
    /// Exactly these original deals (each must agree with the view).
    Given(Vec<Deal>),
}

/// How alpha-mu searches in an analysis (PIMC ignores it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// The optimizations switched on.
    pub switches: Switches,
    /// Every card its exact value (`false`: cards the cuts left out keep
    /// a shallower value, marked as a bound).
    pub value_every_card: bool,
    /// The work an iteration after the first may do (0: no limit).
    pub work_limit: u64,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            switches: Switches::default(),
            value_every_card: true,
            work_limit: search::WORK_LIMIT,
        }
    }
}

/// A field of an analysis request, named as the web API and Python name
/// it (the command line's flag is [`Field::flag`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The deal as given.
    Deal,
    /// The contract.
    Contract,
    /// Declarer's seat.
    Declarer,
    /// The cards played so far.
    Play,
    /// `pimc` or `alphamu`.
    Algo,
    /// alpha-mu's declarer moves searched ahead (M).
    MaxMoves,
    /// How many worlds, or `all`, or the worlds given.
    Worlds,
    /// The seed.
    Seed,
    /// Declarer's target from the first trick of the deal given.
    Need,
    /// Who leads to the first trick of the deal given.
    Leader,
    /// The auction's constraints on hidden hands.
    Constraints,
    /// What a hidden opening leader leads.
    LeadRule,
    /// alpha-mu's optimizations switched off.
    Disable,
    /// alpha-mu's work limit.
    WorkLimit,
    /// Reading the table: `dd` weighs the worlds by the play.
    Infer,
}

impl Field {
    /// The field's name in the web API's JSON and in Python's keywords.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Field::Deal => "deal",
            Field::Contract => "contract",
            Field::Declarer => "declarer",
            Field::Play => "play",
            Field::Algo => "algo",
            Field::MaxMoves => "max_moves",
            Field::Worlds => "worlds",
            Field::Seed => "seed",
            Field::Need => "need",
            Field::Leader => "leader",
            Field::Constraints => "constraints",
            Field::LeadRule => "lead_rule",
            Field::Disable => "disable",
            Field::WorkLimit => "work_limit",
            Field::Infer => "infer",
        }
    }

    /// The command line's flag for the field: `--max-moves`.
    #[must_use]
    pub fn flag(self) -> String {
        format!("--{}", self.name().replace('_', "-"))
    }
}

impl std::fmt::Display for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Why an analysis request is refused: the field at fault and what is
/// wrong with it.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{field}{}: {message}", world.map_or(String::new(), |i| format!(", world {}", i + 1)))]
pub struct RequestError {
    /// The field at fault.
    pub field: Field,
    /// What is wrong, without the field's name.
    pub message: String,
    /// The world at fault among the worlds given, counted from 0 (a
    /// front end that read them from a file names its line).
    pub world: Option<usize>,
}

fn refuse(field: Field, message: impl std::fmt::Display) -> RequestError {
    RequestError {
        field,
        message: message.to_string(),
        world: None,
    }
}

/// The most a front end lets one request ask for (a server bounds the
/// work a request may cost; the command line and Python do not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most worlds drawn.
    pub max_worlds: usize,
    /// The most alpha-mu moves searched ahead.
    pub max_moves: usize,
}

impl Limits {
    /// What one search can hold, and no other bound.
    pub const SEARCH: Limits = Limits {
        max_worlds: search::MAX_WORLDS,
        max_moves: usize::MAX,
    };
}

/// The fields of an analysis request as a front end receives them, text
/// and numbers not yet checked; [`RequestFields::validate`] checks them
/// all in one step and gives the [`Request`] that [`run`] analyses. The
/// command line, the web API and Python fill this one type, so a field
/// means the same and is refused with the same message everywhere.
#[derive(Clone, Debug, Default)]
pub struct RequestFields {
    /// The deal as a PBN deal string, `-` for a hand not known; may be a
    /// reduced deal (every hand the same number of cards).
    pub deal: Option<String>,
    /// The contract: `3NT`, `4H`, `6SX`.
    pub contract: Option<String>,
    /// Declarer's seat: `N`, `E`, `S` or `W`.
    pub declarer: Option<String>,
    /// The cards played so far, in order.
    pub play: Vec<String>,
    /// `pimc` or `alphamu` (default).
    pub algo: Option<String>,
    /// alpha-mu's declarer moves searched ahead (default 3).
    pub max_moves: Option<u64>,
    /// How many worlds (default 20), or `all`.
    pub worlds: Option<String>,
    /// Exactly these worlds instead of drawing (each must agree with what
    /// the side to move sees).
    pub given_worlds: Option<Vec<Deal>>,
    /// The seed of the worlds drawn (default 1).
    pub seed: Option<u64>,
    /// Declarer's target in tricks from the first trick of the deal given
    /// (default for a full deal: the contract's level plus 6; required
    /// for a reduced deal).
    pub need: Option<u64>,
    /// Who leads to the first trick of the deal given (default:
    /// declarer's left-hand opponent).
    pub leader: Option<String>,
    /// The auction's constraints on hidden hands:
    /// `hcp(west) >= 12 && spades(east) <= 2`.
    pub constraints: Option<String>,
    /// What a hidden opening leader leads: `any` (default) or `longest`.
    pub lead_rule: Option<String>,
    /// alpha-mu's optimizations to switch off, comma-separated.
    pub disable: Option<String>,
    /// alpha-mu: leave the cards the cuts left out at their shallower
    /// values, marked as bounds, instead of searching them again.
    pub bounds: bool,
    /// alpha-mu's work limit per iteration after the first (0: none).
    pub work_limit: Option<u64>,
    /// `dd` to read the table: the worlds drawn by weight from a
    /// population that followed the play (`pimc:w=W,infer=dd`'s), and
    /// what the play has shown of each hidden hand; `off` (default) for
    /// plain worlds.
    pub infer: Option<String>,
}

/// An analysis request, checked: the deal fits, the play is legal, a card
/// is left to play, the target is within the deal and every world given
/// agrees with what the side to move sees. Made by
/// [`RequestFields::validate`] or [`Request::for_board`].
#[derive(Debug)]
pub struct Request {
    strain: Strain,
    declarer: Seat,
    leader: Seat,
    need: usize,
    play: Vec<Card>,
    constraints: Constraints,
    lead_rule: Box<dyn LeadRule>,
    worlds: WorldSource,
    seed: u64,
    method: Method,
    search: SearchOptions,
    infer: bool,
    /// The deal as given, checked.
    table: GivenDeal,
    /// The seat to move.
    to_move: Seat,
    /// What the side to move knows after the play.
    view: worlds::Knowledge,
}

/// A request's fields read, before the position they make is checked.
struct Asked {
    deal: PartialDeal,
    strain: Strain,
    declarer: Seat,
    leader: Seat,
    need: usize,
    play: Vec<Card>,
    constraints: Constraints,
    lead_rule: Box<dyn LeadRule>,
    worlds: WorldSource,
    seed: u64,
    method: Method,
    search: SearchOptions,
    infer: bool,
}

fn parse_field<T: std::str::FromStr>(
    field: Field,
    text: Option<&str>,
    example: &str,
) -> Result<T, RequestError>
where
    T::Err: std::fmt::Display,
{
    let text = text.ok_or_else(|| refuse(field, format!("required, such as {example}")))?;
    text.trim().parse().map_err(|e| refuse(field, e))
}

impl RequestFields {
    /// Checks every field and the position they make, in one step.
    ///
    /// # Errors
    /// [`RequestError`] naming the first field at fault: a missing or
    /// unreadable deal, contract or declarer; a card that is not a card or
    /// not legal (by its number in the play); every card played; a method,
    /// count or rule not known or beyond `limits`; a target beyond the
    /// deal; a world given that disagrees with what the mover sees.
    pub fn validate(&self, limits: Limits) -> Result<Request, RequestError> {
        let deal: PartialDeal = parse_field(
            Field::Deal,
            self.deal.as_deref(),
            "\"N:AKQ.J32.T9.8765 - J98.AK.876.AK32 -\" (`-` for a hand not known)",
        )?;
        let contract: Contract =
            parse_field(Field::Contract, self.contract.as_deref(), "3NT, 4H or 6SX")?;
        let declarer: Seat =
            parse_field(Field::Declarer, self.declarer.as_deref(), "N, E, S or W")?;
        let play = self
            .play
            .iter()
            .enumerate()
            .map(|(i, text)| {
                text.trim()
                    .parse::<Card>()
                    .map_err(|e| refuse(Field::Play, format!("card {}: {e}", i + 1)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let method = match self.algo.as_deref().map(str::trim) {
            None | Some("alphamu") => {
                let m = self.max_moves.unwrap_or(3);
                let most = limits.max_moves;
                match usize::try_from(m) {
                    Ok(m) if (1..=most).contains(&m) => Method::AlphaMu { max_moves: m },
                    _ => {
                        let range = if most == usize::MAX {
                            "at least 1".to_string()
                        } else {
                            format!("a whole number from 1 to {most}")
                        };
                        return Err(refuse(Field::MaxMoves, format!("{m} is not {range}")));
                    }
                }
            }
            Some("pimc") => Method::Pimc,
            Some(other) => {
                return Err(refuse(
                    Field::Algo,
                    format!("{} is not pimc or alphamu", cards::quoted(other)),
                ))
            }
        };
        let worlds = match (&self.given_worlds, self.worlds.as_deref().map(str::trim)) {
            (Some(_), Some(_)) => {
                return Err(refuse(
                    Field::Worlds,
                    "a count and the worlds themselves were both given",
                ))
            }
            (Some(deals), None) if deals.is_empty() => {
                return Err(refuse(Field::Worlds, "no world given"))
            }
            (Some(deals), None) => WorldSource::Given(deals.clone()),
            (None, Some("all")) => WorldSource::All,
            (None, text) => {
                let text = text.unwrap_or("20");
                match text.parse::<usize>() {
                    Ok(n) if (1..=limits.max_worlds).contains(&n) => WorldSource::Sample(n),
                    _ => {
                        return Err(refuse(
                            Field::Worlds,
                            format!(
                                "'{text}' is not a whole number from 1 to {}, or all",
                                limits.max_worlds
                            ),
                        ))
                    }
                }
            }
        };
        let leader = match &self.leader {
            None => declarer.lho(),
            Some(text) => parse_field(Field::Leader, Some(text), "N, E, S or W")?,
        };
        let constraints = match &self.constraints {
            None => Constraints::default(),
            Some(text) => text.parse().map_err(|e| refuse(Field::Constraints, e))?,
        };
        let rule_name = self.lead_rule.as_deref().unwrap_or("any").trim();
        let lead_rule = worlds::lead::by_name(rule_name).ok_or_else(|| {
            refuse(
                Field::LeadRule,
                format!(
                    "{} is not a rule known (any, longest)",
                    cards::quoted(rule_name)
                ),
            )
        })?;
        let infer = match self.infer.as_deref().map(str::trim) {
            None | Some("off" | "none") => false,
            Some("dd") => true,
            Some(other) => {
                return Err(refuse(
                    Field::Infer,
                    format!("{} is not dd or off", cards::quoted(other)),
                ))
            }
        };
        if infer && !matches!(worlds, WorldSource::Sample(_)) {
            return Err(refuse(
                Field::Infer,
                "reading the table draws its own worlds: give a number of worlds, not all or the worlds themselves",
            ));
        }
        let switches = Switches::ALL
            .disable(self.disable.as_deref().unwrap_or(""))
            .map_err(|e| refuse(Field::Disable, e))?;
        let search = SearchOptions {
            switches,
            value_every_card: !self.bounds,
            work_limit: self.work_limit.unwrap_or(search::WORK_LIMIT),
        };
        let table = GivenDeal::new(&deal).map_err(|e| refuse(Field::Deal, e))?;
        let need = match self.need {
            Some(k) => usize::try_from(k).unwrap_or(usize::MAX),
            None if table.hand_size == 13 => usize::from(contract.level) + 6,
            None => {
                return Err(refuse(
                    Field::Need,
                    format!(
                        "required for a reduced deal ({} cards a hand): the tricks declarer needs from its first trick",
                        table.hand_size
                    ),
                ))
            }
        };
        Asked {
            deal,
            strain: contract.strain,
            declarer,
            leader,
            need,
            play,
            constraints,
            lead_rule,
            worlds,
            seed: self.seed.unwrap_or(1),
            method,
            search,
            infer,
        }
        .checked()
    }
}

impl Asked {
    /// The request once the position the fields make is checked: the
    /// deal, the seat to move and its side's view, built once here.
    fn checked(self) -> Result<Request, RequestError> {
        let table = GivenDeal::new(&self.deal).map_err(|e| refuse(Field::Deal, e))?;
        let to_field = |e: GivenDealError| match e {
            GivenDealError::Play(_) => refuse(Field::Play, e),
            other => refuse(Field::Deal, other),
        };
        let all = table
            .knowledge(self.strain, self.leader, &self.play)
            .map_err(to_field)?;
        if all.tricks_left() == 0 || all.sequence().len() == table.hand_size * 4 {
            return Err(refuse(Field::Play, "every card has been played"));
        }
        if self.need > table.hand_size {
            return Err(refuse(
                Field::Need,
                format!(
                    "declarer needs {} tricks but the deal has only {}",
                    self.need, table.hand_size
                ),
            ));
        }
        let to_move = all.to_move();
        let view = table
            .view(to_move, self.declarer, self.strain, self.leader, &self.play)
            .map_err(to_field)?;
        if let WorldSource::Given(deals) = &self.worlds {
            if deals.len() > search::MAX_WORLDS {
                return Err(refuse(
                    Field::Worlds,
                    format!(
                        "{} worlds given; one search holds at most {}",
                        deals.len(),
                        search::MAX_WORLDS
                    ),
                ));
            }
            for (index, deal) in deals.iter().enumerate() {
                if let Some(why) = view.disagreement(deal) {
                    return Err(RequestError {
                        world: Some(index),
                        ..refuse(
                            Field::Worlds,
                            format!("disagrees with what {to_move} sees: {why}"),
                        )
                    });
                }
            }
        }
        let Asked {
            deal: _,
            strain,
            declarer,
            leader,
            need,
            play,
            constraints,
            lead_rule,
            worlds,
            seed,
            method,
            search,
            infer,
        } = self;
        Ok(Request {
            strain,
            declarer,
            leader,
            need,
            play,
            constraints,
            lead_rule,
            worlds,
            seed,
            method,
            search,
            infer,
            table,
            to_move,
            view,
        })
    }
}

impl Request {
    /// The request to rate the cards after `play` on `board` by `method`
    /// over `worlds` worlds drawn from `seed` as a player of `play` or
    /// `match` with that seed draws them at this card
    /// ([`crate::seed::card_seed`]), with the board's constraints, any
    /// lead, and alpha-mu's default search.
    ///
    /// # Errors
    /// [`RequestError`] when the play does not fit, every card has been
    /// played or `worlds` is 0 or more than one search holds.
    pub fn for_board(
        board: &Board,
        play: &[Card],
        method: Method,
        worlds: usize,
        seed: u64,
    ) -> Result<Request, RequestError> {
        if !(1..=search::MAX_WORLDS).contains(&worlds) {
            return Err(refuse(
                Field::Worlds,
                format!(
                    "{worlds} is not a whole number from 1 to {}",
                    search::MAX_WORLDS
                ),
            ));
        }
        Asked {
            deal: board.deal.into(),
            strain: board.strain,
            declarer: board.declarer,
            leader: board.declarer.lho(),
            need: board.need,
            play: play.to_vec(),
            constraints: board.constraints,
            lead_rule: Box::new(worlds::lead::AnyLead),
            worlds: WorldSource::Sample(worlds),
            seed,
            method,
            search: SearchOptions::default(),
            infer: false,
        }
        .checked()
    }

    /// How the cards are rated.
    #[must_use]
    pub fn method(&self) -> Method {
        self.method
    }

    /// Whether the analysis reads the table.
    #[must_use]
    pub fn infer(&self) -> bool {
        self.infer
    }

    /// The worlds asked for (the number drawn, or given).
    fn worlds_count(&self) -> usize {
        match &self.worlds {
            WorldSource::Sample(n) => *n,
            WorldSource::Given(d) => d.len(),
            WorldSource::All => search::MAX_WORLDS,
        }
    }

    /// The seat to move, whose side's view the analysis takes.
    #[must_use]
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Declarer.
    #[must_use]
    pub fn declarer(&self) -> Seat {
        self.declarer
    }

    /// The cards played so far.
    #[must_use]
    pub fn play(&self) -> &[Card] {
        &self.play
    }
}

/// Why an analysis of a valid request cannot be made.
#[derive(Debug, Error)]
pub enum AnalysisError {
    /// No world can be drawn.
    #[error(transparent)]
    Worlds(#[from] worlds::WorldsError),
    /// The search cannot start (more worlds than one search holds).
    #[error(transparent)]
    Problem(#[from] search::ProblemError),
    /// alpha-mu cannot search.
    #[error(transparent)]
    AlphaMu(#[from] search::AlphaMuError),
    /// The worlds could not be weighted.
    #[error(transparent)]
    Inference(#[from] inference::InferenceError),
    /// The play cannot be followed from the viewer's side (a request's
    /// play is checked: not met in practice).
    #[error(transparent)]
    Play(#[from] GivenDealError),
}

/// What an analysis found beside the cards' values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SearchStats {
    /// Nodes searched (alpha-mu).
    pub nodes: u64,
    /// The deepest iteration completed (1 for PIMC).
    pub depth_reached: usize,
    /// Work done, in the units of the work limit (alpha-mu).
    pub work: u64,
    /// Declarer's target from the position on.
    pub need: usize,
}

/// Rates every legal card of the side to move in `request`, telling
/// `progress` where it is. The card marked `best` is the one the player of
/// the method plays there: PIMC's, or alpha-mu's with its default
/// tie-break (`alphamu:m=M,w=W`). Searches run on the current rayon pool.
///
/// # Errors
/// [`AnalysisError`] when no world can be drawn, there are more than one
/// search holds, or alpha-mu cannot search.
pub fn run(
    request: &Request,
    progress: &(dyn Fn(Stage) + Sync),
) -> Result<Analysis, AnalysisError> {
    let r = request;
    let (to_move, view) = (r.to_move, &r.view);
    let seed = crate::seed::card_seed(r.seed, r.play.len());
    let read = if r.infer {
        let WorldSource::Sample(n) = r.worlds else {
            unreachable!("checked: reading the table draws a number of worlds")
        };
        Some(read_the_table(r, n)?)
    } else {
        None
    };
    let inferred = read
        .as_ref()
        .and_then(|(inference, _)| inference.worlds(r.worlds_count(), seed));
    let deals = match &r.worlds {
        _ if inferred.is_some() => inferred.as_ref().expect("some").deals.clone(),
        WorldSource::Given(deals) => deals.clone(),
        WorldSource::Sample(n) => {
            draw(
                view,
                &r.constraints,
                r.lead_rule.as_ref(),
                WorldCount::Sample(*n),
                seed,
            )?
            .deals
        }
        WorldSource::All => {
            draw(
                view,
                &r.constraints,
                r.lead_rule.as_ref(),
                WorldCount::All,
                seed,
            )?
            .deals
        }
    };
    let total = deals.len();
    progress(Stage::WorldsDrawn { worlds: total });
    let problem = Problem::from_knowledge(view, &deals, r.declarer, r.need)?;
    let solved = std::sync::atomic::AtomicUsize::new(0);
    let pimc = pimc_values_reporting(&problem, &DdLeaf, &|| {
        let done = solved.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        progress(Stage::WorldsSolved { done, total });
    });
    let declaring = to_move.side() == r.declarer.side();
    let mut stats = SearchStats {
        depth_reached: 1,
        need: problem.need(),
        ..SearchStats::default()
    };
    let (best, cards) = match r.method {
        Method::Pimc => (choose(&pimc, declaring), pimc),
        Method::AlphaMu { max_moves } => {
            progress(Stage::Searching);
            let config = AlphaMuConfig {
                max_moves: max_moves.max(1),
                switches: r.search.switches,
                parallel_leaves: true,
                front_limit: search::FRONT_LIMIT,
                value_every_card: r.search.value_every_card,
                work_limit: r.search.work_limit,
            };
            let result = alphamu(&problem, &DdLeaf, config)?;
            let best = crate::player::alphamu_card(
                &problem,
                &result,
                config,
                crate::player::Ties::default(),
            )?;
            stats.nodes = result.nodes;
            stats.depth_reached = result.depth_reached;
            stats.work = result.work;
            (Some(best), with_pimc_tricks(result.cards, &pimc))
        }
    };
    let shown = match read.filter(|(inference, _)| inference.started()) {
        Some((inference, particles)) => {
            let plain = draw(
                view,
                &r.constraints,
                r.lead_rule.as_ref(),
                WorldCount::Sample(particles),
                crate::seed::derive(seed, &[PLAIN_FOR_SHOWN]),
            )?
            .deals;
            Some(Shown {
                hands: inference::shown::hidden_hands(view, &inference.weighted(), &plain),
                effective: inference.effective(),
                particles: inference.weighted().len(),
            })
        }
        None => None,
    };
    Ok(Analysis {
        to_move,
        // A position with a card to play has a legal card.
        best: best.expect("a legal card"),
        cards,
        worlds: total,
        method: r.method,
        stats,
        shown,
    })
}

/// The tag of the seed of the plain worlds a read of the table is shown
/// beside.
const PLAIN_FOR_SHOWN: u64 = 0x5e11;

/// The population a player that reads the table (`pimc:w=N,infer=dd`)
/// follows to this card, as its seat follows it in `play` or `match` with
/// the request's seed: every card of the play told in turn. With the
/// number of particles (twice the worlds).
fn read_the_table(
    r: &Request,
    worlds: usize,
) -> Result<(inference::Inference, usize), AnalysisError> {
    let to_move = r.to_move;
    let particles = crate::player::Infer {
        particles: None,
        reads: inference::Reads::ALL,
        single_dummy: false,
    }
    .particles_for(worlds);
    let viewer = if to_move.side() == r.declarer.side() {
        r.declarer
    } else {
        to_move
    };
    let mut inference = inference::Inference::new(
        inference::FITTED,
        particles,
        viewer,
        r.declarer,
        r.constraints,
        crate::seated::inference_seed(r.seed, viewer),
    );
    // The viewer's side's view before the lead, then told each card in
    // turn as its seat follows the play (after the lead, with dummy shown).
    let view_after = |play: &[Card]| r.table.view(viewer, r.declarer, r.strain, r.leader, play);
    let mut before = view_after(&[])?;
    for (i, &card) in r.play.iter().enumerate() {
        let after = if i == 0 {
            view_after(&r.play[..1])?
        } else {
            let mut after = before.clone();
            after.observe(card).map_err(GivenDealError::from)?;
            after
        };
        inference.observe(&before, card, &after)?;
        before = after;
    }
    Ok((inference, particles))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    fn board() -> Board {
        Board {
            deal: "N:AKQ.AKQ.AKQ.AKQJ 5432.5432.5432.2 JT9.JT9.JT9.T987 876.876.876.6543"
                .parse()
                .unwrap(),
            strain: cards::Strain::Notrump,
            declarer: Seat::South,
            need: 9,
            constraints: worlds::Constraints::default(),
            scoring: None,
        }
    }

    #[test]
    fn pimc_reports_every_world_and_rates_every_legal_card() {
        let stages = Mutex::new(Vec::new());
        let request = Request::for_board(&board(), &[], Method::Pimc, 6, 1).unwrap();
        let a = run(&request, &|s| {
            stages.lock().unwrap().push(s);
        })
        .unwrap();
        assert_eq!(a.to_move, Seat::West);
        assert_eq!(a.cards.len(), 13);
        let stages = stages.into_inner().unwrap();
        assert_eq!(stages[0], Stage::WorldsDrawn { worlds: 6 });
        assert_eq!(
            stages.last(),
            Some(&Stage::WorldsSolved { done: 6, total: 6 })
        );
        assert_eq!(stages.len(), 7);
    }

    #[test]
    fn alphamu_rates_the_same_cards_and_searches_after_pimc() {
        let stages = Mutex::new(Vec::new());
        let request = Request::for_board(
            &board(),
            &["S8".parse().unwrap()],
            Method::AlphaMu { max_moves: 2 },
            6,
            1,
        )
        .unwrap();
        let a = run(&request, &|s| stages.lock().unwrap().push(s)).unwrap();
        assert_eq!(a.to_move, Seat::North);
        assert!(a.cards.iter().any(|v| v.card == a.best));
        assert_eq!(stages.into_inner().unwrap().last(), Some(&Stage::Searching));
    }

    /// The card an analysis marks is the card the player of the same
    /// method plays from that position with the same seed, ties included:
    /// alpha-mu's search finds several cards of the best value on these
    /// boards, and the player breaks the tie by mean tricks.
    #[test]
    fn the_card_marked_is_the_card_the_player_plays() {
        use crate::player::PlayerSpec;
        use rand::SeedableRng;
        let mut tie_broken = 0;
        for deal_seed in 0..6u64 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(deal_seed);
            let deal = cards::Deal::random(&mut rng, 13);
            let board = Board {
                deal,
                strain: cards::Strain::Notrump,
                declarer: Seat::South,
                need: 9,
                constraints: worlds::Constraints::default(),
                scoring: None,
            };
            // After the opening lead (PIMC's), dummy plays.
            let pimc: PlayerSpec = "pimc:w=6".parse().unwrap();
            let a = analyze(&board, &[], Method::Pimc, 6, deal_seed);
            let lead = pimc
                .choose(&board, &[], crate::seed::card_seed(deal_seed, 0))
                .unwrap();
            assert_eq!(a.best, lead, "deal {deal_seed}: PIMC's lead");
            let play = [lead];
            let alphamu: PlayerSpec = "alphamu:m=2,w=6".parse().unwrap();
            let a = analyze(
                &board,
                &play,
                Method::AlphaMu { max_moves: 2 },
                6,
                deal_seed,
            );
            let played = alphamu
                .choose(&board, &play, crate::seed::card_seed(deal_seed, 1))
                .unwrap();
            assert_eq!(a.best, played, "deal {deal_seed}: alpha-mu's card");
            // How often the search's own pick differs: the tie-break is
            // what this test checks.
            let first: PlayerSpec = "alphamu:m=2,w=6,ties=first".parse().unwrap();
            let searched = first
                .choose(&board, &play, crate::seed::card_seed(deal_seed, 1))
                .unwrap();
            tie_broken += usize::from(searched != played);
        }
        assert!(tie_broken > 0, "no position where the tie-break mattered");
    }

    fn analyze(board: &Board, play: &[Card], method: Method, worlds: usize, seed: u64) -> Analysis {
        run(
            &Request::for_board(board, play, method, worlds, seed).unwrap(),
            &|_| {},
        )
        .unwrap()
    }

    const DEAL: &str = "N:AKQ.AKQ.AKQ.AKQJ 5432.5432.5432.2 JT9.JT9.JT9.T987 876.876.876.6543";

    fn fields() -> RequestFields {
        RequestFields {
            deal: Some(DEAL.into()),
            contract: Some("3NT".into()),
            declarer: Some("S".into()),
            ..RequestFields::default()
        }
    }

    /// The field refused, for each way a request can be wrong.
    #[test]
    fn every_bad_field_is_refused_by_name() {
        let bad = |f: &dyn Fn(&mut RequestFields)| {
            let mut r = fields();
            f(&mut r);
            r.validate(Limits {
                max_worlds: 200,
                max_moves: 4,
            })
            .map(|_| ())
            .unwrap_err()
        };
        type Change = fn(&mut RequestFields);
        let cases: Vec<(Field, Change)> = vec![
            (Field::Deal, |r| r.deal = None),
            (Field::Deal, |r| r.deal = Some("N:AKQ".into())),
            (Field::Contract, |r| r.contract = Some("8NT".into())),
            (Field::Declarer, |r| r.declarer = Some("X".into())),
            (Field::Play, |r| r.play = vec!["S8".into(), "ZZ".into()]),
            // West cannot lead the spade ace: North holds it.
            (Field::Play, |r| r.play = vec!["SA".into()]),
            (Field::Algo, |r| r.algo = Some("minimax".into())),
            (Field::MaxMoves, |r| r.max_moves = Some(0)),
            (Field::MaxMoves, |r| r.max_moves = Some(9)),
            (Field::Worlds, |r| r.worlds = Some("0".into())),
            (Field::Worlds, |r| r.worlds = Some("201".into())),
            (Field::Worlds, |r| r.worlds = Some("some".into())),
            (Field::Leader, |r| r.leader = Some("Q".into())),
            (Field::Constraints, |r| {
                r.constraints = Some("hcp(west) >=".into())
            }),
            (Field::LeadRule, |r| r.lead_rule = Some("shortest".into())),
            (Field::Disable, |r| r.disable = Some("tt,magic".into())),
            (Field::Need, |r| r.need = Some(14)),
        ];
        for (field, change) in cases {
            let e = bad(&change);
            assert_eq!(e.field, field, "{e}");
            assert!(e.to_string().starts_with(field.name()), "{e}");
        }
        // A card number is named.
        let e = bad(&|r| r.play = vec!["S8".into(), "ZZ".into()]);
        assert!(e.message.contains("card 2"), "{e}");
        // The whole play: 52 cards leave nothing to analyse.
        let mut r = fields();
        r.algo = Some("pimc".into());
        r.deal = Some("N:A... K... Q... J...".into());
        r.need = Some(1);
        r.play = ["SJ", "SA", "SK", "SQ"].map(String::from).to_vec();
        assert_eq!(r.validate(Limits::SEARCH).unwrap_err().field, Field::Play);
        // A reduced deal must say what declarer needs.
        r.play.clear();
        r.need = None;
        assert_eq!(r.validate(Limits::SEARCH).unwrap_err().field, Field::Need);
        r.need = Some(1);
        assert!(r.validate(Limits::SEARCH).is_ok());
    }

    #[test]
    fn a_world_given_that_the_mover_cannot_hold_is_refused_by_its_number() {
        let mut r = fields();
        r.deal = Some("N:AKQ.AKQ.AKQ.AKQJ - JT9.JT9.JT9.T987 -".into());
        let other: Deal = "N:AKQ.AKQ.AKQ.AKQJ 876.876.876.6543 JT9.JT9.JT9.T987 5432.5432.5432.2"
            .parse()
            .unwrap();
        // West is to lead and its hand is not shown: nothing to analyse.
        r.given_worlds = Some(vec![other]);
        let e = r.validate(Limits::SEARCH).unwrap_err();
        assert_eq!(e.field, Field::Deal, "{e}");
        // After West's lead of the spade eight, dummy is to move: a world
        // with the defenders' hands swapped cannot have West lead it.
        r.play = vec!["S8".into()];
        r.deal = Some(DEAL.into());
        let fits: Deal = DEAL.parse().unwrap();
        r.given_worlds = Some(vec![fits, other]);
        let e = r.validate(Limits::SEARCH).unwrap_err();
        assert_eq!(e.field, Field::Worlds, "{e}");
        assert!(
            e.to_string().starts_with("worlds, world 2: disagrees"),
            "{e}"
        );
        assert_eq!(e.world, Some(1));
        r.given_worlds = Some(vec![fits]);
        assert!(r.validate(Limits::SEARCH).is_ok());
    }

    /// The fields and the board give the same request: the same card and
    /// values from the same seed.
    #[test]
    fn the_fields_and_the_board_ask_the_same() {
        let mut r = fields();
        r.algo = Some("pimc".into());
        r.worlds = Some("6".into());
        r.seed = Some(5);
        r.play = vec!["S8".into()];
        let from_fields = run(&r.validate(Limits::SEARCH).unwrap(), &|_| {}).unwrap();
        let from_board = analyze(&board(), &["S8".parse().unwrap()], Method::Pimc, 6, 5);
        assert_eq!(from_fields, from_board);
    }
}
