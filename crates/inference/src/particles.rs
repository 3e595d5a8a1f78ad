//! The worlds a seat imagines, weighted by the play: a population of
//! particles (whole deals that fit what the seat knows), each weighted by
//! the probability, under the [`Model`], of the opening lead and of every
//! card the other seats have chosen since, in that world.
//!
//! The population starts after the opening lead: `particles` deals drawn
//! as a plain player draws them (the auction's constraints are hard), each
//! weighted by the whole play so far. Then it follows the play card by
//! card. A card the viewer's own side plays changes nothing; a card
//! another seat chooses multiplies each particle's weight by that card's
//! probability in the particle's world (one double-dummy solve of every
//! legal card, none when every legal card touches the next). A particle
//! that does not hold the card where it was played, or holds a card of a
//! suit its seat has shown out of, is repaired: the misplaced cards swap
//! with cards of the hand they belong in, chosen at random, and the
//! particle keeps its weight (an approximation: the swap is not weighed
//! against the earlier cards). A particle that cannot be repaired within
//! the auction's constraints is dropped. When the population holds every
//! consistent deal (a small ending), nothing is repaired: a deal that no
//! longer fits is dropped, and the weights are exact under the model.
//!
//! When the effective number of particles, `(Σw)² / Σw²`, falls below half
//! their number, the population is resampled (systematic resampling) to
//! even weights; later repairs set the copies apart again. A search asks
//! for `W` worlds: they are drawn from the particles by weight (systematic
//! resampling again), a particle of large weight appearing several times,
//! which a search over worlds counts as its weight.

use crate::model::{describe, describe_tricks, one_group, CardValues, Model, PlayModel};
use crate::single_dummy::{position_at, single_dummy_tricks, ChooserView};
use bridge::Position;
use cards::{BySeat, Card, Deal, Hand, Seat};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use thiserror::Error;
use worlds::{Constraints, Knowledge, WorldCount};

/// Why the worlds cannot be weighted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InferenceError {
    /// No deal fits what the seat knows.
    #[error(transparent)]
    Worlds(#[from] worlds::WorldsError),
}

/// What the population did, for reports and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InferenceStats {
    /// Double-dummy solves of every legal card.
    pub solves: u64,
    /// Particles repaired after a card they did not fit.
    pub repairs: u64,
    /// Particles dropped (not repairable, or no longer fitting an
    /// exhaustive population).
    pub dropped: u64,
    /// Resamplings to even weights.
    pub resamples: u64,
    /// Fresh starts (every particle dropped).
    pub restarts: u64,
}

/// What a population reads of the play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reads {
    /// The opening lead, under the lead model.
    pub lead: bool,
    /// The cards after it, under the card model.
    pub play: bool,
}

impl Reads {
    /// Both.
    pub const ALL: Reads = Reads {
        lead: true,
        play: true,
    };
    /// The opening lead alone.
    pub const LEAD: Reads = Reads {
        lead: true,
        play: false,
    };
    /// The cards after the lead alone.
    pub const PLAY: Reads = Reads {
        lead: false,
        play: true,
    };
    /// Nothing: the population follows the play with even weights (its
    /// repairs and draws alone, to measure what they cost).
    pub const NOTHING: Reads = Reads {
        lead: false,
        play: false,
    };
}

/// One imagined deal and the log of its weight.
#[derive(Clone, Debug)]
struct Particle {
    deal: Deal,
    log_weight: f64,
}

/// The weighted worlds a seat imagines, following the play.
#[derive(Clone, Debug)]
pub struct Inference {
    model: Model,
    reads: Reads,
    wanted: usize,
    declarer: Seat,
    viewer: Seat,
    constraints: Constraints,
    rng: ChaCha8Rng,
    particles: Vec<Particle>,
    started: bool,
    exhaustive: bool,
    stats: InferenceStats,
}

/// The worlds for one search, drawn from the weighted particles.
#[derive(Clone, Debug)]
pub struct InferredWorlds {
    /// The deals, a heavy particle as often as its weight asks.
    pub deals: Vec<Deal>,
    /// The effective number of particles, `(Σw)² / Σw²`.
    pub effective: f64,
    /// The particles they were drawn from.
    pub particles: usize,
}

impl Inference {
    /// A population of `particles` deals for `viewer` (for declarer's
    /// side, declarer) at a board of `declarer`, the auction's
    /// `constraints` hard, its random choices from `seed`. It starts with
    /// the first card observed.
    #[must_use]
    pub fn new(
        model: Model,
        particles: usize,
        viewer: Seat,
        declarer: Seat,
        constraints: Constraints,
        seed: u64,
    ) -> Inference {
        Inference {
            model,
            reads: Reads::ALL,
            wanted: particles.max(1),
            declarer,
            viewer,
            constraints,
            rng: ChaCha8Rng::seed_from_u64(seed),
            particles: Vec::new(),
            started: false,
            exhaustive: false,
            stats: InferenceStats::default(),
        }
    }

    /// The same population reading only what `reads` says.
    #[must_use]
    pub const fn reading(mut self, reads: Reads) -> Inference {
        self.reads = reads;
        self
    }

    /// What the population did so far.
    #[must_use]
    pub const fn stats(&self) -> InferenceStats {
        self.stats
    }

    /// Whether the population follows the play yet (after the first card
    /// observed).
    #[must_use]
    pub const fn started(&self) -> bool {
        self.started
    }

    /// Whether the viewer's side models the choices of `seat`: declarer's
    /// side reads the defenders; a defender reads its partner, declarer
    /// and dummy (dummy's cards are declarer's choice).
    fn reads(&self, seat: Seat) -> bool {
        if self.viewer.side() == self.declarer.side() {
            seat.side() != self.declarer.side()
        } else {
            seat != self.viewer
        }
    }

    /// The card model of `seat`'s side.
    fn play_model(&self, seat: Seat) -> &PlayModel {
        if seat.side() == self.declarer.side() {
            &self.model.declarer
        } else {
            &self.model.defence
        }
    }

    /// Follows a card: `before` is the viewer's knowledge before it,
    /// `after` after it (with dummy shown once the opening lead is made).
    ///
    /// # Errors
    /// [`InferenceError`] when no deal fits `after` (which a legal play
    /// cannot cause).
    pub fn observe(
        &mut self,
        before: &Knowledge,
        card: Card,
        after: &Knowledge,
    ) -> Result<(), InferenceError> {
        if !self.started {
            return self.start(after);
        }
        let mover = before.to_move();
        let reads = self.reads.play && self.reads(mover);
        let position_before = |deal: &Deal| position_at(deal, before);
        let prefix: Vec<Card> = before.sequence().iter().map(|&(_, c)| c).collect();
        // Single dummy: one seed for this card, one probability for each
        // hand of the chooser (copies of a particle share it).
        let mut choice = ChooserCache::new(
            match self.model.values {
                CardValues::SingleDummy { .. } if reads => self.rng.gen::<u64>(),
                _ => 0,
            },
            before,
        );
        let mut kept = Vec::with_capacity(self.particles.len());
        let particles = std::mem::take(&mut self.particles);
        for mut p in particles {
            if after.disagreement(&p.deal).is_some() {
                if self.exhaustive {
                    self.stats.dropped += 1;
                    continue;
                }
                match repair(&p.deal, after, &self.constraints, &mut self.rng) {
                    Some(deal) => {
                        self.stats.repairs += 1;
                        p.deal = deal;
                    }
                    None => {
                        self.stats.dropped += 1;
                        continue;
                    }
                }
            }
            if reads {
                let Some(position) = position_before(&p.deal) else {
                    self.stats.dropped += 1;
                    continue;
                };
                let model = *self.play_model(mover);
                let probability =
                    self.card_probability(&model, &p.deal, &prefix, &position, card, &mut choice);
                p.log_weight += probability.max(f64::MIN_POSITIVE).ln();
            }
            kept.push(p);
        }
        self.particles = kept;
        if self.particles.is_empty() {
            self.stats.restarts += 1;
            return self.start(after);
        }
        if !self.exhaustive && self.effective() < self.wanted as f64 / 2.0 {
            self.resample();
        }
        Ok(())
    }

    /// The probability of `card` at `position` (after the cards `prefix`)
    /// in the world `deal` under `model`: a solve of every legal card
    /// unless they all touch; with single-dummy values, a solve in each of
    /// the worlds drawn from the chooser's view, once per hand of the
    /// chooser (`cache`).
    fn card_probability(
        &mut self,
        model: &PlayModel,
        deal: &Deal,
        prefix: &[Card],
        position: &Position,
        card: Card,
        cache: &mut ChooserCache,
    ) -> f64 {
        let legal = position.legal_cards();
        if legal.len() <= 1 {
            return 1.0;
        }
        let mover = position.to_move();
        let others = Seat::ALL
            .into_iter()
            .filter(|&s| s != mover)
            .fold(Hand::EMPTY, |acc, s| acc.union(position.remaining()[s]));
        if one_group(legal, others) {
            return if legal.contains(card) {
                1.0 / legal.len() as f64
            } else {
                0.0
            };
        }
        if let CardValues::SingleDummy { worlds } = self.model.values {
            let chooser = crate::single_dummy::chooser_of(mover, self.declarer);
            let hand = deal[chooser];
            if let Some(&p) = cache.known.get(&hand.0) {
                return p;
            }
            let seed = cache.seed ^ hand.0.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let view = ChooserView {
                deal,
                declarer: self.declarer,
                constraints: &self.constraints,
                chooser,
                leader: cache.leader,
                prefix,
            };
            if let Some((tricks, solves)) = single_dummy_tricks(&view, position, worlds, seed) {
                self.stats.solves += solves;
                let p = model.probability(&describe_tricks(position, &tricks), card);
                cache.known.insert(hand.0, p);
                return p;
            }
        }
        self.stats.solves += 1;
        let values = dd::batch::with_thread_solver(|s| s.card_values(position));
        model.probability(&describe(position, &values), card)
    }

    /// Draws a fresh population from `view` and weighs each particle by
    /// the whole play so far.
    fn start(&mut self, view: &Knowledge) -> Result<(), InferenceError> {
        self.started = true;
        let seed = self.rng.gen::<u64>();
        let drawn = worlds::draw(
            view,
            &self.constraints,
            &worlds::lead::AnyLead,
            WorldCount::Sample(self.wanted),
            seed,
        )?;
        self.exhaustive = drawn.exhaustive;
        let mut particles = Vec::with_capacity(drawn.deals.len());
        for deal in drawn.deals {
            let log_weight = self.history_log_likelihood(&deal, view);
            particles.push(Particle { deal, log_weight });
        }
        self.particles = particles;
        Ok(())
    }

    /// The log of the probability of the play in `view` (begun at the
    /// deal's start) in the world `deal`: the opening lead under the lead
    /// model when the viewer cannot see the leader, then every card of a
    /// seat the viewer reads under the card model.
    fn history_log_likelihood(&mut self, deal: &Deal, view: &Knowledge) -> f64 {
        if view.opening_lead().is_none() {
            return 0.0;
        }
        let strain = view.strain();
        let mut position = Position::opening(*deal, strain, self.declarer);
        let mut log = 0.0;
        let prefix: Vec<Card> = view.sequence().iter().map(|&(_, c)| c).collect();
        for (i, &(seat, card)) in view.sequence().iter().enumerate() {
            if i == 0 {
                if self.reads.lead && seat != self.viewer && view.known(seat).is_none() {
                    log += self
                        .model
                        .lead
                        .probability(deal[seat], card, strain)
                        .max(f64::MIN_POSITIVE)
                        .ln();
                }
            } else if self.reads.play && self.reads(seat) {
                let model = *self.play_model(seat);
                let mut cache = ChooserCache::new(
                    match self.model.values {
                        CardValues::SingleDummy { .. } => self.rng.gen::<u64>(),
                        CardValues::DoubleDummy => 0,
                    },
                    view,
                );
                log += self
                    .card_probability(&model, deal, &prefix[..i], &position, card, &mut cache)
                    .max(f64::MIN_POSITIVE)
                    .ln();
            }
            match position.play(card) {
                Ok((next, _)) => position = next,
                Err(_) => return f64::NEG_INFINITY,
            }
        }
        log
    }

    /// The particles' weights, normalized to sum to 1.
    fn weights(&self) -> Vec<f64> {
        let top = self
            .particles
            .iter()
            .map(|p| p.log_weight)
            .fold(f64::NEG_INFINITY, f64::max);
        let raw: Vec<f64> = self
            .particles
            .iter()
            .map(|p| (p.log_weight - top).exp())
            .collect();
        let total: f64 = raw.iter().sum();
        raw.iter().map(|w| w / total).collect()
    }

    /// The effective number of particles, `(Σw)² / Σw²`.
    #[must_use]
    pub fn effective(&self) -> f64 {
        if self.particles.is_empty() {
            return 0.0;
        }
        let w = self.weights();
        1.0 / w.iter().map(|x| x * x).sum::<f64>()
    }

    /// The particles with their normalized weights.
    #[must_use]
    pub fn weighted(&self) -> Vec<(Deal, f64)> {
        self.particles
            .iter()
            .zip(self.weights())
            .map(|(p, w)| (p.deal, w))
            .collect()
    }

    /// Systematic resampling of the population to `wanted` particles of
    /// even weight.
    fn resample(&mut self) {
        self.stats.resamples += 1;
        let picks = systematic(&self.weights(), self.wanted, self.rng.gen::<f64>());
        self.particles = picks
            .into_iter()
            .map(|i| Particle {
                deal: self.particles[i].deal,
                log_weight: 0.0,
            })
            .collect();
    }

    /// `count` worlds for a search, drawn by weight with `seed`; `None`
    /// before the population has started (nothing seen yet to weigh: the
    /// player then draws its worlds as a plain player does).
    #[must_use]
    pub fn worlds(&self, count: usize, seed: u64) -> Option<InferredWorlds> {
        if !self.started || self.particles.is_empty() {
            return None;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let weights = self.weights();
        let picks = systematic(&weights, count.max(1), rng.gen::<f64>());
        Some(InferredWorlds {
            deals: picks.into_iter().map(|i| self.particles[i].deal).collect(),
            effective: self.effective(),
            particles: self.particles.len(),
        })
    }
}

/// The probabilities of one observed card already found, by the
/// chooser's hand, and the seed of the worlds drawn from its view.
struct ChooserCache {
    seed: u64,
    /// The seat that led to the play's first trick.
    leader: Seat,
    known: HashMap<u64, f64>,
}

impl ChooserCache {
    fn new(seed: u64, view: &Knowledge) -> ChooserCache {
        ChooserCache {
            seed,
            leader: view
                .sequence()
                .first()
                .map_or_else(|| view.to_move(), |&(seat, _)| seat),
            known: HashMap::new(),
        }
    }
}

/// Systematic resampling: `count` indices into `weights` (summing to 1),
/// index `i` taken `floor` or `ceil` of `count · weights[i]` times, from
/// one uniform `u` in `[0, 1)`; in increasing order.
fn systematic(weights: &[f64], count: usize, u: f64) -> Vec<usize> {
    let mut picks = Vec::with_capacity(count);
    let mut cumulative = 0.0;
    let mut i = 0;
    for k in 0..count {
        let target = (k as f64 + u) / count as f64;
        while i + 1 < weights.len() && cumulative + weights[i] <= target {
            cumulative += weights[i];
            i += 1;
        }
        picks.push(i);
    }
    picks
}

/// A deal close to `deal` that fits `view` and the `constraints`: every
/// card a hidden seat played moved into its hand, every card it is known
/// to lack moved out, each by a swap with a random card that the other
/// hand may hold. `None` when no such swap is found or the constraints
/// refuse the result (four tries).
fn repair(
    deal: &Deal,
    view: &Knowledge,
    constraints: &Constraints,
    rng: &mut ChaCha8Rng,
) -> Option<Deal> {
    for _ in 0..4 {
        if let Some(d) = repair_once(deal, view, rng) {
            if constraints.accepts(d.hands()) {
                return Some(d);
            }
        }
    }
    None
}

fn repair_once(deal: &Deal, view: &Knowledge, rng: &mut ChaCha8Rng) -> Option<Deal> {
    let hidden: Vec<Seat> = view.hidden_seats().collect();
    let mut hands: BySeat<Hand> = *deal.hands();
    for seat in Seat::ALL {
        if let Some(known) = view.known(seat) {
            if known != hands[seat] {
                return None;
            }
        }
    }
    let played = view.played_cards();
    // Cards a hidden seat may take in a swap: not played, not known to be
    // lacking there.
    let free = |hands: &BySeat<Hand>, from: Seat, to: Seat| -> Vec<Card> {
        Hand(hands[from].0 & !played.0 & !view.lacks(to).0)
            .iter()
            .collect()
    };
    for _ in 0..64 {
        // A card a hidden seat played but does not hold.
        let missing = hidden.iter().find_map(|&h| {
            Hand(view.played_by(h).0 & !hands[h].0)
                .iter()
                .next()
                .map(|c| (h, c))
        });
        if let Some((h, c)) = missing {
            let g = *hidden.iter().find(|&&g| hands[g].contains(c))?;
            let choices = free(&hands, h, g);
            let &x = choices.choose(rng)?;
            hands[h].remove(x);
            hands[h].insert(c);
            hands[g].remove(c);
            hands[g].insert(x);
            continue;
        }
        // A card a hidden seat holds, unplayed, that it showed it lacks.
        let wrong = hidden.iter().find_map(|&h| {
            Hand(hands[h].0 & !played.0 & view.lacks(h).0)
                .iter()
                .next()
                .map(|y| (h, y))
        });
        let Some((h, y)) = wrong else {
            let repaired = Deal::new(hands).ok()?;
            return view.disagreement(&repaired).is_none().then_some(repaired);
        };
        let mut targets: Vec<Seat> = hidden
            .iter()
            .copied()
            .filter(|&g| g != h && !view.lacks(g).contains(y))
            .collect();
        targets.shuffle(rng);
        let mut swapped = false;
        for g in targets {
            let choices = free(&hands, g, h);
            if let Some(&z) = choices.choose(rng) {
                hands[h].remove(y);
                hands[h].insert(z);
                hands[g].remove(z);
                hands[g].insert(y);
                swapped = true;
                break;
            }
        }
        if !swapped {
            return None;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn systematic_resampling_follows_the_weights() {
        assert_eq!(systematic(&[0.5, 0.5], 4, 0.1), vec![0, 0, 1, 1]);
        assert_eq!(systematic(&[0.25; 4], 2, 0.5), vec![1, 3]);
        // A particle of three quarters of the weight, three picks of four.
        let picks = systematic(&[0.75, 0.25], 4, 0.3);
        assert_eq!(picks.iter().filter(|&&i| i == 0).count(), 3);
        assert_eq!(systematic(&[1.0], 3, 0.9), vec![0, 0, 0]);
    }
}
