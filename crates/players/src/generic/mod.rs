//! Card players for any trick-taking game: random, PIMC, alpha-mu and
//! Fusion, with the paper's hyperparameters.

mod oracle;

use crate::board::ChooseError;
use crate::seat::{Decision, Player};
use cards::{BySeat, Card, Hand};
use open_cards::{Candidates, CodeCandidates, Horizon, Playout};
pub use oracle::{open_solver, Oracle};
use rand::Rng;
/// The paper's bound on the error of a truncated search, and the most
/// worlds one search holds: the engine's, for the players' users.
pub use search::generic::{error_bound, ErrorBound, MAX_TREE_WORLDS};
use search::generic::{
    AlphaMu, Depth, Fusion, FusionPaperPruning, Pimc, RootCriterion, SolverLeaves, SolverSource,
    Spec, Tree,
};
use std::fmt;
use std::str::FromStr;
use worlds::{SeatView, SeatViewError};

/// Where the search of a move stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Truncation {
    /// Cards from the decision after which alpha-mu and Fusion hand each
    /// world to PIMC (the paper's depth-leaf). Unused by PIMC.
    pub depth_leaf: usize,
    /// Cards from the decision after which PIMC takes the mean of random
    /// playouts (depth-rd), rounded up to the next trick's start; `None`
    /// searches to the end.
    pub depth_rd: Option<usize>,
    /// Random playouts averaged past `depth_rd` (the paper's `m`).
    pub playouts: u32,
    /// How the playouts play (`playout=random`, the default, or
    /// `playout=paper`, as the paper's code plays them).
    pub playout: Playout,
    /// Which legal cards the search, the truncated leaves and the
    /// playouts try (`cards=legal`, the default, or `cards=paper`, those
    /// the paper's code tries: [`open_cards::CodeCandidates`]).
    pub moves: Candidates,
    /// Where depth-rd counts from ([`HorizonRule`]).
    pub horizon: HorizonRule,
}

/// Where the playouts start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HorizonRule {
    /// At the first trick start `depth_rd` cards or more past the decision
    /// (`horizon=text`, the default: the paper's text).
    #[default]
    Text,
    /// Exactly `depth_rd` cards past the leaves (PIMC's leaves being the
    /// decision's children), inside a trick if need be
    /// (`horizon=paper`): the trick-costs paper's public code, whose
    /// leaves hand each world to an exact search that counts its depth
    /// from there.
    PaperCode,
}

/// A player of the card play, as a command line names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// Any legal card, uniformly.
    Random,
    /// Perfect-information Monte Carlo over `worlds` worlds.
    Pimc {
        /// Worlds drawn per move.
        worlds: usize,
        /// Where the search stops.
        cut: Truncation,
    },
    /// alpha-mu with real-valued vectors over `worlds` worlds.
    AlphaMu {
        /// Worlds drawn per move.
        worlds: usize,
        /// Where the search stops.
        cut: Truncation,
        /// How the root chooses among the fronts of its cards.
        root: AlphaMuRoot,
    },
    /// Fusion over `base` drawn deals and every permutation of their
    /// hands that fits what is known, more deals drawn while there are
    /// fewer than `worlds` worlds ([`SeatView::permutation_worlds`]); at most
    /// [`MAX_TREE_WORLDS`] worlds: the drawn deals whose permutations would pass
    /// it are left out whole (in bridge without a dummy a deal gives 24
    /// worlds, so at most 2 deals fit at the first card).
    Fusion {
        /// Deals drawn per move before permuting hands.
        base: usize,
        /// The worlds wanted: more deals are drawn (up to this many deals
        /// in all) while there are fewer; 0 draws exactly `base`.
        worlds: usize,
        /// How the worlds are made.
        draw: FusionDraw,
        /// Where the search stops.
        cut: Truncation,
        /// Whether the search prunes as the paper's code does.
        prune: FusionPrune,
    },
}

/// Whether Fusion's search prunes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FusionPrune {
    /// No pruning (none keeps every value; see docs/GUIDE.md); `prune=none`,
    /// the default.
    #[default]
    None,
    /// The paper's code's dominance pruning ([`FusionPaperPruning`]),
    /// which may change values; `prune=paper`.
    Paper,
}

/// How alpha-mu's root chooses among the fronts of its cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AlphaMuRoot {
    /// The card whose front holds the best vector on average (the papers'
    /// text); `root=best`, the default.
    #[default]
    Best,
    /// The paper's public code (`criterion` in its `alpha_mu.h`): every
    /// card's front scored by its smallest sum of the declaring team's
    /// points, the declaring team taking the largest score and the defence
    /// the smallest. The declaring team is the opening leader's, as the
    /// code sets it in every game. For the defence that is the best vector
    /// (the points of a deal are constant), for the declaring team the
    /// worst ([`RootCriterion::Worst`]); `root=paper`.
    Paper,
}

/// How Fusion makes its worlds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FusionDraw {
    /// The permutations of the drawn deals that fit what is known (sizes
    /// and voids), more deals while fewer than the worlds wanted fit
    /// ([`SeatView::permutation_worlds`]); `draw=fit`, the default.
    #[default]
    Fit,
    /// The paper's own code: the 24 permutations of one drawn deal, hand
    /// sizes evened out by fixing cards, no check against known voids
    /// ([`SeatView::paper_permutation_worlds`]); `draw=paper` (`base` and
    /// `worlds` do not apply).
    Paper,
}

/// Why a player spec cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("player {}: {why} (`alphamu players` lists every player)", cards::quoted(.spec))]
pub struct PlayerSpecError {
    /// The spec as written.
    pub spec: String,
    /// What is wrong.
    pub why: String,
}

impl PlayerKind {
    /// The players' names, as the parser reads them (the registry's
    /// entries of the games scored in points: a test checks they agree).
    pub const NAMES: [&'static str; 4] = ["random", "tc-pimc", "tc-alphamu", "tc-fusion"];

    /// The paper's settings for Belote (figure 6): PIMC with 10 worlds,
    /// alpha-mu with 10 worlds, depth-leaf 5 and depth-rd 20, Fusion with
    /// 24 worlds, depth-leaf 5 and depth-rd 20; 8 playouts.
    #[must_use]
    pub fn paper_belote(name: &str) -> Option<PlayerKind> {
        Self::paper(name, 20, 20)
    }

    /// The paper's settings for bridge (figure 7): as for Belote, but
    /// alpha-mu's depth-rd is 9. Fusion keeps the paper's 24 worlds: one
    /// drawn deal and the 24 ways of handing its four hands around (our
    /// bridge card play shows no dummy), more deals while fewer fit.
    #[must_use]
    pub fn paper_bridge(name: &str) -> Option<PlayerKind> {
        Self::paper(name, 9, 20)
    }

    fn paper(name: &str, alphamu_rd: usize, fusion_rd: usize) -> Option<PlayerKind> {
        let cut = |rd| Truncation {
            depth_leaf: 5,
            depth_rd: Some(rd),
            playouts: 8,
            playout: Playout::Random,
            moves: Candidates::Legal,
            horizon: HorizonRule::Text,
        };
        match crate::grammar::current_name(name, crate::grammar::Family::AnyGame) {
            "random" => Some(PlayerKind::Random),
            "tc-pimc" => Some(PlayerKind::Pimc {
                worlds: 10,
                cut: cut(20),
            }),
            "tc-alphamu" => Some(PlayerKind::AlphaMu {
                worlds: 10,
                cut: cut(alphamu_rd),
                root: AlphaMuRoot::Best,
            }),
            // The paper's 24 worlds: one drawn deal and the 24 ways of
            // handing its four hands around the seats, and more deals drawn
            // while fewer than 24 fit (mid-trick, where the hand sizes
            // differ, and once voids are known).
            "tc-fusion" => Some(PlayerKind::Fusion {
                base: 1,
                worlds: 24,
                draw: FusionDraw::Fit,
                cut: cut(fusion_rd),
                prune: FusionPrune::None,
            }),
            _ => None,
        }
    }

    /// Its name: `random`, `tc-pimc`, `tc-alphamu`, `tc-fusion`.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            PlayerKind::Random => "random",
            PlayerKind::Pimc { .. } => "tc-pimc",
            PlayerKind::AlphaMu { .. } => "tc-alphamu",
            PlayerKind::Fusion { .. } => "tc-fusion",
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cut = |f: &mut fmt::Formatter<'_>, c: &Truncation, leaf: bool| {
            if leaf {
                write!(f, ":leaf={}", c.depth_leaf)?;
            }
            match c.depth_rd {
                Some(rd) => {
                    write!(f, ":rd={rd}:playouts={}", c.playouts)?;
                    if c.playout == Playout::PaperCode {
                        write!(f, ":playout=paper")?;
                    }
                    Ok(())
                }
                None => write!(f, ":rd=none"),
            }?;
            if c.moves == Candidates::PaperCode {
                write!(f, ":cards=paper")?;
            }
            if c.horizon == HorizonRule::PaperCode {
                write!(f, ":horizon=paper")?;
            }
            Ok(())
        };
        match self {
            PlayerKind::Random => write!(f, "random"),
            PlayerKind::Pimc { worlds, cut: c } => {
                write!(f, "tc-pimc:worlds={worlds}")?;
                cut(f, c, false)
            }
            PlayerKind::AlphaMu {
                worlds,
                cut: c,
                root,
            } => {
                write!(f, "tc-alphamu:worlds={worlds}")?;
                cut(f, c, true)?;
                match root {
                    AlphaMuRoot::Best => Ok(()),
                    AlphaMuRoot::Paper => write!(f, ":root=paper"),
                }
            }
            PlayerKind::Fusion {
                base,
                worlds,
                draw,
                cut: c,
                prune,
            } => {
                match draw {
                    FusionDraw::Fit => write!(f, "tc-fusion:base={base}:worlds={worlds}")?,
                    FusionDraw::Paper => write!(f, "tc-fusion:draw=paper")?,
                }
                cut(f, c, true)?;
                match prune {
                    FusionPrune::None => Ok(()),
                    FusionPrune::Paper => write!(f, ":prune=paper"),
                }
            }
        }
    }
}

/// Reads `random`, or `tc-pimc`, `tc-alphamu`, `tc-fusion` followed by
/// `:key=value` settings (`worlds=`, `base=` and `draw=fit|paper` for
/// Fusion, `leaf=`, `rd=` a number or `none`, `playouts=`,
/// `playout=random|paper`, `cards=legal|paper`, `horizon=text|paper`,
/// `root=best|paper` for
/// alpha-mu, `prune=none|paper` for Fusion); unset keys take the paper's
/// Belote values. The names of before `tc-` (`pimc`, `alphamu`, `fusion`)
/// read as the new ones ([`crate::registry::RENAMED`]).
impl FromStr for PlayerKind {
    type Err = PlayerSpecError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |why: String| PlayerSpecError {
            spec: s.to_string(),
            why,
        };
        let (name, options) = s.split_once(':').unwrap_or((s, ""));
        let parts = options
            .split(crate::grammar::OPTION_SEPARATORS)
            .filter(|o| !o.is_empty());
        let mut kind = PlayerKind::paper_belote(name).ok_or_else(|| {
            err(format!(
                "the players of a game scored in points are {} and {}",
                PlayerKind::NAMES[..3].join(", "),
                PlayerKind::NAMES[3]
            ))
        })?;
        for part in parts {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| err(format!("{} is not key=value", cards::quoted(part))))?;
            let number = || {
                value
                    .parse::<usize>()
                    .map_err(|_| err(format!("{key}={}: expected a number", cards::quoted(value))))
            };
            let cut = match &mut kind {
                PlayerKind::Random => return Err(err("random takes no settings".into())),
                PlayerKind::Pimc { cut, .. }
                | PlayerKind::AlphaMu { cut, .. }
                | PlayerKind::Fusion { cut, .. } => cut,
            };
            // One grammar with the bridge players: `w=` is `worlds=`.
            let key = if key == "w" { "worlds" } else { key };
            match key {
                "leaf" => cut.depth_leaf = number()?,
                "rd" if value == "none" => cut.depth_rd = None,
                "rd" => cut.depth_rd = Some(number()?),
                "playouts" => {
                    cut.playouts =
                        u32::try_from(number()?).map_err(|_| err("too many playouts".into()))?
                }
                "playout" => {
                    cut.playout = match value {
                        "random" => Playout::Random,
                        "paper" => Playout::PaperCode,
                        _ => {
                            return Err(err(format!(
                                "playout={}: expected random or paper",
                                cards::quoted(value)
                            )))
                        }
                    }
                }
                "cards" => {
                    cut.moves = match value {
                        "legal" => Candidates::Legal,
                        "paper" => Candidates::PaperCode,
                        _ => {
                            return Err(err(format!(
                                "cards={}: expected legal or paper",
                                cards::quoted(value)
                            )))
                        }
                    }
                }
                "horizon" => {
                    cut.horizon = match value {
                        "text" => HorizonRule::Text,
                        "paper" => HorizonRule::PaperCode,
                        _ => {
                            return Err(err(format!(
                                "horizon={}: expected text or paper",
                                cards::quoted(value)
                            )))
                        }
                    }
                }
                "root" => match (&mut kind, value) {
                    (PlayerKind::AlphaMu { root, .. }, "best") => *root = AlphaMuRoot::Best,
                    (PlayerKind::AlphaMu { root, .. }, "paper") => *root = AlphaMuRoot::Paper,
                    (PlayerKind::AlphaMu { .. }, _) => {
                        return Err(err(format!(
                            "root={}: expected best or paper",
                            cards::quoted(value)
                        )))
                    }
                    _ => return Err(err(format!("root= does not apply to {name}"))),
                },
                "prune" => match (&mut kind, value) {
                    (PlayerKind::Fusion { prune, .. }, "none") => *prune = FusionPrune::None,
                    (PlayerKind::Fusion { prune, .. }, "paper") => *prune = FusionPrune::Paper,
                    (PlayerKind::Fusion { .. }, _) => {
                        return Err(err(format!(
                            "prune={}: expected none or paper",
                            cards::quoted(value)
                        )))
                    }
                    _ => return Err(err(format!("prune= does not apply to {name}"))),
                },
                "draw" => match (&mut kind, value) {
                    (PlayerKind::Fusion { draw, .. }, "fit") => *draw = FusionDraw::Fit,
                    (PlayerKind::Fusion { draw, .. }, "paper") => *draw = FusionDraw::Paper,
                    (PlayerKind::Fusion { .. }, _) => {
                        return Err(err(format!(
                            "draw={}: expected fit or paper",
                            cards::quoted(value)
                        )))
                    }
                    _ => return Err(err(format!("draw= does not apply to {name}"))),
                },
                "worlds" | "base" => {
                    let n = number()?;
                    // Fusion's worlds= is a target; 0 means none.
                    let fusion_target =
                        key == "worlds" && matches!(kind, PlayerKind::Fusion { .. });
                    if (n == 0 && !fusion_target) || n > MAX_TREE_WORLDS {
                        return Err(err(format!(
                            "{key}={n}: between 1 and {MAX_TREE_WORLDS} (the worlds one search holds)"
                        )));
                    }
                    match &mut kind {
                        PlayerKind::Pimc { worlds, .. }
                        | PlayerKind::AlphaMu { worlds, .. }
                        | PlayerKind::Fusion { worlds, .. }
                            if key == "worlds" =>
                        {
                            *worlds = n
                        }
                        PlayerKind::Fusion { base, .. } if key == "base" => *base = n,
                        _ => return Err(err(format!("{key}= does not apply to {name}"))),
                    }
                }
                _ => return Err(err(format!("unknown setting {}", cards::quoted(key)))),
            }
        }
        Ok(kind)
    }
}

/// One card chosen, with every legal card's expected score when searched.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The card to play.
    pub card: Card,
    /// Each legal card and its expected points for the player's team from
    /// here on (empty for the random player).
    pub scores: Vec<(Card, f64)>,
    /// The cards whose score is only an upper bound (alpha-mu's root cut).
    pub bounds: Vec<Card>,
    /// Worlds searched.
    pub worlds: usize,
}

/// The open-card solvers `game` registers ([`Oracle`]) as the generic
/// engine's [`SolverSource`]: `SolverLeaves::exact(&solvers_of(&game))`.
pub fn solvers_of<G: Oracle>(
    game: &G,
) -> impl Fn(Option<Horizon>) -> Box<dyn open_cards::OpenCards<G>> {
    let game = game.clone();
    move |horizon| game.open_cards(horizon)
}

/// The horizon of a search from a decision with `view_cards` cards in
/// the hands whose leaves lie `leaf` cards down (1 for PIMC).
fn horizon(view_cards: usize, leaf: usize, cut: &Truncation, seed: u64) -> Option<Horizon> {
    cut.depth_rd.map(|rd| {
        let (past, mid_trick) = match cut.horizon {
            HorizonRule::Text => (rd, false),
            HorizonRule::PaperCode => (leaf.saturating_add(rd), true),
        };
        Horizon {
            cards_left: view_cards.saturating_sub(past),
            mid_trick,
            playouts: cut.playouts.max(1),
            seed,
            rule: cut.playout,
            candidates: cut.moves,
        }
    })
}

/// The leaves of a search from a decision with `view_cards` cards in the
/// hands; exact ones start from `solvers` (one a world, already exact;
/// empty for fresh ones), truncated ones from fresh solvers.
fn leaves<'a, G: Oracle>(
    source: SolverSource<'a, G>,
    view_cards: usize,
    cut: &Truncation,
    seed: u64,
    solvers: WorldSolvers<G>,
) -> SolverLeaves<'a, G> {
    match horizon(view_cards, cut.depth_leaf, cut, seed) {
        Some(h) => SolverLeaves::truncated(source, h),
        None => SolverLeaves::exact_with_solvers(source, solvers),
    }
}

/// The paper's code's choice of cards, if `cut` asks for it.
fn code_candidates<G: Oracle>(game: &G, cut: &Truncation) -> Option<CodeCandidates> {
    (cut.moves == Candidates::PaperCode).then(|| CodeCandidates::new(game))
}

/// The cards of `legal` the player tries at the root: all of them, or
/// those the paper's code tries (`cards=paper`; the root player's hand is
/// the same in every world PIMC and alpha-mu draw, and the cards still in
/// the hands are too).
fn tried_cards<G: Oracle>(
    view: &SeatView<G>,
    legal: Vec<Card>,
    worlds: &[BySeat<Hand>],
    cut: &Truncation,
) -> Vec<Card> {
    let Some(code) = code_candidates(view.game(), cut) else {
        return legal;
    };
    let in_hands = cards::Seat::ALL
        .iter()
        .fold(Hand::EMPTY, |h, &s| h.union(worlds[0][s]));
    let tried = code.reduce(
        view.game(),
        legal.iter().copied().collect(),
        in_hands,
        view.trick(),
    );
    legal.into_iter().filter(|&c| tried.contains(c)).collect()
}

/// The best-scoring card (the first in hand order on ties).
fn best(scores: &[(Card, f64)]) -> Card {
    let mut best = scores[0];
    for &(c, s) in &scores[1..] {
        if s > best.1 + 1e-9 {
            best = (c, s);
        }
    }
    best.0
}

/// Chooses a card for the seat of `view`, drawing worlds and playouts
/// from `rng`. alpha-mu skips the cards that cannot be chosen: their
/// scores are then upper bounds ([`Choice::bounds`]).
///
/// # Errors
/// [`SeatViewError::NoWorld`] when no deal fits the view.
pub fn choose<G: Oracle>(
    kind: &PlayerKind,
    view: &SeatView<G>,
    rng: &mut impl Rng,
) -> Result<Choice, SeatViewError> {
    choose_with(kind, view, rng, false)
}

/// [`choose`], with every legal card's exact score when `exact` (the
/// same card is chosen either way).
///
/// # Errors
/// [`SeatViewError::NoWorld`] when no deal fits the view.
pub fn choose_with<G: Oracle>(
    kind: &PlayerKind,
    view: &SeatView<G>,
    rng: &mut impl Rng,
    exact: bool,
) -> Result<Choice, SeatViewError> {
    choose_with_options(
        kind,
        view,
        rng,
        ChoiceOptions {
            exact,
            ..ChoiceOptions::default()
        },
    )
}

/// How [`choose_with_options`] searches. Neither switch changes the card
/// chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChoiceOptions {
    /// Every legal card's exact score: alpha-mu then skips no card.
    pub exact: bool,
    /// Alpha-mu with exact leaves values each world's leaves with the
    /// open-card solver that valued the world's cards for its root cut
    /// (PIMC's scores), so that the solver's table carries over from
    /// the one search to the other; on by default, off only to test that
    /// it changes nothing.
    pub reuse_solvers: bool,
}

impl Default for ChoiceOptions {
    fn default() -> Self {
        ChoiceOptions {
            exact: false,
            reuse_solvers: true,
        }
    }
}

/// [`choose`] with its switches ([`ChoiceOptions`]).
///
/// # Errors
/// [`SeatViewError::NoWorld`] when no deal fits the view.
pub fn choose_with_options<G: Oracle>(
    kind: &PlayerKind,
    view: &SeatView<G>,
    rng: &mut impl Rng,
    options: ChoiceOptions,
) -> Result<Choice, SeatViewError> {
    let exact = options.exact;
    let legal: Vec<Card> = view
        .game()
        .legal(view.own_hand(), view.trick())
        .iter()
        .collect();
    if legal.len() == 1 {
        return Ok(Choice {
            card: legal[0],
            scores: Vec::new(),
            bounds: Vec::new(),
            worlds: 0,
        });
    }
    let cards_left = view.own_hand().len() * 4 - view.trick().len();
    let seed: u64 = rng.gen();
    match kind {
        PlayerKind::Random => Ok(Choice {
            card: legal[rng.gen_range(0..legal.len())],
            scores: Vec::new(),
            bounds: Vec::new(),
            worlds: 0,
        }),
        PlayerKind::Pimc { worlds, cut } => {
            let drawn = view.draw_many(rng, *worlds)?;
            let legal = tried_cards(view, legal, &drawn, cut);
            let (scores, _) = pimc_scores(view, &legal, &drawn, (cut, 1), cards_left, seed);
            Ok(Choice {
                card: best(&scores),
                scores,
                bounds: Vec::new(),
                worlds: drawn.len(),
            })
        }
        PlayerKind::AlphaMu { worlds, cut, root } => {
            let declaring = view.seat().side() == view.opener().side();
            let spec = AlphaMu {
                root: match root {
                    AlphaMuRoot::Paper if declaring => RootCriterion::Worst,
                    AlphaMuRoot::Paper | AlphaMuRoot::Best => RootCriterion::Best,
                },
            };
            let drawn = view.draw_many(rng, *worlds)?;
            let legal = tried_cards(view, legal, &drawn, cut);
            if exact {
                let scores = search(&spec, view, &drawn, cut, cards_left, seed);
                return Ok(Choice {
                    card: best(&scores),
                    scores,
                    bounds: Vec::new(),
                    worlds: drawn.len(),
                });
            }
            // Root cut: a card's alpha-mu score is at most its PIMC score
            // on the same worlds (a strategy for every world at once does
            // no better than the best play in each), so a card whose PIMC
            // score is below the best alpha-mu score found cannot be
            // chosen. Cards are searched in order of PIMC score; a skipped
            // card could not even tie, so the card chosen is the one the
            // full search chooses.
            let (pimc, solvers) = pimc_scores(
                view,
                &legal,
                &drawn,
                (cut, cut.depth_leaf),
                cards_left,
                seed,
            );
            let mut order: Vec<usize> = (0..legal.len()).collect();
            order.sort_by(|&a, &b| pimc[b].1.total_cmp(&pimc[a].1));
            let real = real_world(view, &drawn);
            let root = view.position_in(real);
            let game = view.game().clone();
            let source = move |horizon| game.open_cards(horizon);
            // With exact leaves, each world's leaves go to the solver that
            // valued the world's cards just now: its table holds much of
            // the positions below (alpha-mu's moves about 20% faster on
            // bridge's first tricks, BENCHMARKS.md), and exact values do
            // not depend on what a table holds.
            let solvers = if options.reuse_solvers {
                solvers
            } else {
                Vec::new()
            };
            let mut leaves = leaves(&source, cards_left, cut, seed, solvers);
            let mut tree = Tree::new(
                &spec,
                &root,
                &drawn,
                &mut leaves,
                Depth {
                    leaf: cut.depth_leaf,
                },
            );
            tree.code_candidates = code_candidates(view.game(), cut);
            let mut scores = pimc.clone();
            let mut bounds = Vec::new();
            let mut top = f64::NEG_INFINITY;
            for i in order {
                if pimc[i].1 < top - 1e-9 {
                    bounds.push(legal[i]);
                    continue;
                }
                let s = tree.root_card(legal[i]).score;
                scores[i].1 = s;
                top = top.max(s);
            }
            Ok(Choice {
                card: best(&scores),
                scores,
                bounds,
                worlds: drawn.len(),
            })
        }
        PlayerKind::Fusion {
            base,
            worlds,
            draw,
            cut,
            prune,
        } => {
            let drawn = match draw {
                FusionDraw::Fit => view.permutation_worlds(rng, *base, *worlds, MAX_TREE_WORLDS)?,
                FusionDraw::Paper => view.paper_permutation_worlds(rng)?,
            };
            let scores = match prune {
                FusionPrune::None => search(&Fusion, view, &drawn, cut, cards_left, seed),
                FusionPrune::Paper => {
                    search(&FusionPaperPruning, view, &drawn, cut, cards_left, seed)
                }
            };
            Ok(Choice {
                card: best(&scores),
                scores,
                bounds: Vec::new(),
                worlds: drawn.len(),
            })
        }
    }
}

/// One open-card solver a world, in the order of the worlds.
type WorldSolvers<G> = Vec<Box<dyn open_cards::OpenCards<G>>>;

/// PIMC's mean score of every legal card over `worlds`, each solved with
/// the horizon of leaves `leaf` cards down (alpha-mu's own, so that it
/// bounds alpha-mu's on the same worlds; 1 for PIMC); and the solver of
/// each world, in the order of `worlds`.
fn pimc_scores<G: Oracle>(
    view: &SeatView<G>,
    legal: &[Card],
    worlds: &[BySeat<Hand>],
    (cut, leaf): (&Truncation, usize),
    cards_left: usize,
    seed: u64,
) -> (Vec<(Card, f64)>, WorldSolvers<G>) {
    let mut sums = vec![0.0; legal.len()];
    let mut solvers = Vec::with_capacity(worlds.len());
    for (k, world) in worlds.iter().enumerate() {
        let state = view.position_in(world);
        let mut solver = view.game().open_cards(horizon(
            cards_left,
            leaf,
            cut,
            seed ^ (k as u64).wrapping_mul(0x9e37_79b9),
        ));
        let root_team = state.to_move().side().index();
        for (card, mean) in solver.card_means(&state) {
            let i = legal
                .iter()
                .position(|&c| c == card)
                .expect("the same legal cards");
            // The game's score of the world (the points, or bridge's
            // contract made or not; past a horizon, of the playouts' mean).
            sums[i] +=
                view.game()
                    .search_score(state.taken(), root_team, mean, state.tricks_left());
        }
        solvers.push(solver);
    }
    let scores = legal
        .iter()
        .zip(&sums)
        .map(|(&c, &s)| (c, s / worlds.len() as f64))
        .collect();
    (scores, solvers)
}

fn real_world<'w, G: Oracle>(view: &SeatView<G>, worlds: &'w [BySeat<Hand>]) -> &'w BySeat<Hand> {
    worlds
        .iter()
        .find(|w| w[view.seat()] == view.own_hand())
        .expect("the watcher's real hand is in some world")
}

fn search<G: Oracle, S: Spec>(
    spec: &S,
    view: &SeatView<G>,
    worlds: &[BySeat<Hand>],
    cut: &Truncation,
    cards_left: usize,
    seed: u64,
) -> Vec<(Card, f64)> {
    // The root position: the watcher's real hand in its seat.
    let root = view.position_in(real_world(view, worlds));
    let source = solvers_of(view.game());
    let mut leaves = leaves(&source, cards_left, cut, seed, Vec::new());
    let mut tree = Tree::new(
        spec,
        &root,
        worlds,
        &mut leaves,
        Depth {
            leaf: cut.depth_leaf,
        },
    );
    tree.code_candidates = code_candidates(view.game(), cut);
    let mut scores: Vec<(Card, f64)> = tree
        .root_cards()
        .into_iter()
        .map(|rc| (rc.card, rc.score))
        .collect();
    // In hand order, as every player lists them (ties go to the first).
    let order: Vec<Card> = view
        .game()
        .legal(view.own_hand(), view.trick())
        .iter()
        .collect();
    scores.sort_by_key(|(c, _)| order.iter().position(|o| o == c));
    scores
}

/// A player of any game in its seat for one deal ([`Player`]): it
/// keeps its seat's [`SeatView`], is told each card, and draws its worlds
/// and playouts from its own random generator, one decision after another
/// (as the points matches seed each seat).
pub struct GenericSeat<G: Oracle> {
    kind: PlayerKind,
    view: SeatView<G>,
    rng: rand_chacha::ChaCha8Rng,
}

impl<G: Oracle> GenericSeat<G> {
    /// `kind` seated with the view `view`, its choices drawn from `rng`.
    #[must_use]
    pub fn new(kind: PlayerKind, view: SeatView<G>, rng: rand_chacha::ChaCha8Rng) -> Self {
        GenericSeat { kind, view, rng }
    }
}

impl<G: Oracle> Player for GenericSeat<G> {
    fn plays_for(&self, seat: cards::Seat) -> bool {
        seat == self.view.seat()
    }

    fn observe(&mut self, card: Card) -> Result<(), ChooseError> {
        Ok(self.view.observe(card)?)
    }

    /// The card chosen; [`Decision::searched`] when the player valued its
    /// cards (not a forced card, not the random player).
    fn choose(&mut self) -> Result<Decision, ChooseError> {
        let choice = choose(&self.kind, &self.view, &mut self.rng)?;
        Ok(Decision {
            card: choice.card,
            depth_one: None,
            searched: !choice.scores.is_empty(),
        })
    }
}

/// PIMC's scores with every world searched to the end by the template
/// (for tests: the fast path above must agree).
#[doc(hidden)]
pub fn pimc_by_template<G: Oracle>(
    view: &SeatView<G>,
    worlds: &[BySeat<Hand>],
) -> Vec<(Card, f64)> {
    let cut = Truncation {
        depth_leaf: usize::MAX,
        depth_rd: None,
        playouts: 1,
        playout: Playout::Random,
        moves: Candidates::Legal,
        horizon: HorizonRule::Text,
    };
    search(&Pimc, view, worlds, &cut, 0, 0)
}

#[cfg(test)]
mod tests {
    use super::PlayerKind;

    #[test]
    fn a_spec_reads_back_what_it_writes() {
        for text in [
            "random",
            "tc-pimc:worlds=10:rd=none",
            "tc-alphamu:worlds=20:leaf=3:rd=9:playouts=8",
            "tc-fusion:base=1:worlds=24:leaf=5:rd=none",
            "tc-fusion:base=2:worlds=0:leaf=5:rd=20:playouts=8",
            "tc-fusion:draw=paper:leaf=5:rd=20:playouts=8",
            "tc-pimc:worlds=10:rd=20:playouts=8:playout=paper",
            "tc-alphamu:worlds=10:leaf=5:rd=9:playouts=8:playout=paper:root=paper",
            "tc-fusion:draw=paper:leaf=5:rd=20:playouts=8:playout=paper:prune=paper",
            "tc-pimc:worlds=10:rd=20:playouts=8:playout=paper:cards=paper",
            "tc-alphamu:worlds=10:leaf=5:rd=9:playouts=8:playout=paper:cards=paper:root=paper",
            "tc-fusion:draw=paper:leaf=5:rd=20:playouts=8:playout=paper:cards=paper:prune=paper",
            "tc-pimc:worlds=10:rd=none:cards=paper",
            "tc-pimc:worlds=10:rd=24:playouts=8:playout=paper:cards=paper:horizon=paper",
            "tc-alphamu:worlds=10:leaf=5:rd=16:playouts=8:playout=paper:cards=paper:horizon=paper:root=paper",
        ] {
            let kind: PlayerKind = text.parse().expect(text);
            assert_eq!(kind.to_string(), text);
        }
    }

    #[test]
    fn fusion_wants_the_papers_24_worlds_unless_told() {
        let kind: PlayerKind = "tc-fusion:rd=none".parse().expect("a spec");
        assert_eq!(
            kind.to_string(),
            "tc-fusion:base=1:worlds=24:leaf=5:rd=none"
        );
        let kind: PlayerKind = "tc-fusion:base=2:worlds=0".parse().expect("a spec");
        assert!(kind.to_string().starts_with("tc-fusion:base=2:worlds=0:"));
        // A target of no worlds means only Fusion's: PIMC needs some.
        assert!("tc-pimc:worlds=0".parse::<PlayerKind>().is_err());
        assert!("tc-fusion:base=0".parse::<PlayerKind>().is_err());
        assert!("tc-fusion:worlds=65".parse::<PlayerKind>().is_err());
        // The paper's own worlds, by name; other draws and other players
        // refused.
        let kind: PlayerKind = "tc-fusion:draw=paper:rd=none".parse().expect("a spec");
        assert_eq!(kind.to_string(), "tc-fusion:draw=paper:leaf=5:rd=none");
        assert!("tc-fusion:draw=more".parse::<PlayerKind>().is_err());
        assert!("tc-pimc:draw=paper".parse::<PlayerKind>().is_err());
        assert!("tc-pimc:playout=lowest".parse::<PlayerKind>().is_err());
        // The code's root criterion is alpha-mu's alone.
        assert!("tc-alphamu:root=worst".parse::<PlayerKind>().is_err());
        assert!("tc-pimc:root=paper".parse::<PlayerKind>().is_err());
        assert!("tc-fusion:prune=all".parse::<PlayerKind>().is_err());
        assert!("tc-alphamu:prune=paper".parse::<PlayerKind>().is_err());
        let best: PlayerKind = "tc-alphamu:root=best".parse().expect("a spec");
        assert_eq!(best, "tc-alphamu".parse().expect("a spec"));
    }
}
