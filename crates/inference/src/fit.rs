//! Fitting the models to observed play by maximum likelihood: the card
//! model's three parameters by coordinate search on a log scale, the lead
//! model's weights by gradient ascent on the conditional logit's
//! log-likelihood (concave), with a small ridge penalty.

use crate::model::{lead_features, CardChoice, LeadModel, PlayModel, LEAD_FEATURES};
use cards::{Card, Hand, Strain};

/// One observed decision of the play: the legal cards described for the
/// card model, and the card chosen.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayObservation {
    /// The legal cards.
    pub choices: Vec<CardChoice>,
    /// The card played.
    pub chosen: Card,
}

/// One observed opening lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeadObservation {
    /// The leader's hand.
    pub hand: Hand,
    /// The card led.
    pub card: Card,
    /// The contract's strain.
    pub strain: Strain,
}

/// The log-likelihood of `observations` under `model`.
#[must_use]
pub fn play_log_likelihood(model: &PlayModel, observations: &[PlayObservation]) -> f64 {
    observations
        .iter()
        .map(|o| model.probability(&o.choices, o.chosen).max(1e-300).ln())
        .sum()
}

/// The card model of greatest likelihood on `observations`, and its
/// log-likelihood: each parameter in turn searched on a grid around the
/// best so far (a log scale for the error and the preference), five
/// rounds.
#[must_use]
pub fn fit_play(observations: &[PlayObservation]) -> (PlayModel, f64) {
    let mut best = PlayModel {
        error: 0.05,
        falloff: 1.0,
        higher: 0.5,
    };
    let mut best_ll = play_log_likelihood(&best, observations);
    for round in 0..5 {
        let spread = 4.0f64.powi(2 - round);
        for parameter in 0..3 {
            for step in -8..=8 {
                let f = spread.powf(f64::from(step) / 8.0);
                let mut m = best;
                match parameter {
                    0 => m.error = (best.error * f).clamp(1e-6, 1.0),
                    1 => {
                        m.falloff = (best.falloff + f64::from(step) * spread / 16.0).clamp(0.0, 8.0)
                    }
                    _ => m.higher = (best.higher * f).clamp(1e-4, 4.0),
                }
                let ll = play_log_likelihood(&m, observations);
                if ll > best_ll {
                    best = m;
                    best_ll = ll;
                }
            }
        }
    }
    (best, best_ll)
}

/// The log-likelihood of the leads under the weights `w` for their
/// strains (`notrump` for a notrump lead, `suit` otherwise).
#[must_use]
pub fn lead_log_likelihood(model: &LeadModel, observations: &[LeadObservation]) -> f64 {
    observations
        .iter()
        .map(|o| model.probability(o.hand, o.card, o.strain).max(1e-300).ln())
        .sum()
}

/// The lead model of greatest likelihood on `observations` (a ridge of
/// `ridge` on the weights), each strain kind fitted on its own leads;
/// with its log-likelihood. A kind without leads keeps weights of 0
/// (every card alike).
#[must_use]
pub fn fit_lead(observations: &[LeadObservation], ridge: f64) -> (LeadModel, f64) {
    let (notrump, suit): (Vec<LeadObservation>, Vec<LeadObservation>) = observations
        .iter()
        .partition(|o| o.strain == Strain::Notrump);
    let model = LeadModel {
        notrump: fit_logit(&notrump, ridge),
        suit: fit_logit(&suit, ridge),
    };
    let ll = lead_log_likelihood(&model, observations);
    (model, ll)
}

/// Gradient ascent on the conditional logit's penalized log-likelihood.
fn fit_logit(observations: &[LeadObservation], ridge: f64) -> [f64; LEAD_FEATURES] {
    let mut w = [0.0; LEAD_FEATURES];
    if observations.is_empty() {
        return w;
    }
    // Each lead's candidates' features, the chosen one's index.
    let data: Vec<(Vec<[f64; LEAD_FEATURES]>, usize)> = observations
        .iter()
        .filter_map(|o| {
            let cards: Vec<Card> = o.hand.iter().collect();
            let chosen = cards.iter().position(|&c| c == o.card)?;
            Some((
                cards
                    .iter()
                    .map(|&c| lead_features(o.hand, c, o.strain))
                    .collect(),
                chosen,
            ))
        })
        .collect();
    let n = data.len().max(1) as f64;
    let objective = |w: &[f64; LEAD_FEATURES]| {
        let mut ll = 0.0;
        for (features, chosen) in &data {
            let scores: Vec<f64> = features.iter().map(|f| dot(f, w)).collect();
            let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let z: f64 = scores.iter().map(|s| (s - top).exp()).sum();
            ll += scores[*chosen] - top - z.ln();
        }
        ll / n - ridge * w.iter().map(|x| x * x).sum::<f64>()
    };
    let mut value = objective(&w);
    let mut step = 1.0;
    for _ in 0..400 {
        let mut gradient = [0.0; LEAD_FEATURES];
        for (features, chosen) in &data {
            let scores: Vec<f64> = features.iter().map(|f| dot(f, &w)).collect();
            let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let e: Vec<f64> = scores.iter().map(|s| (s - top).exp()).collect();
            let z: f64 = e.iter().sum();
            for (k, g) in gradient.iter_mut().enumerate() {
                let expected: f64 = features.iter().zip(&e).map(|(f, e)| f[k] * e).sum::<f64>() / z;
                *g += features[*chosen][k] - expected;
            }
        }
        for (k, g) in gradient.iter_mut().enumerate() {
            *g = *g / n - 2.0 * ridge * w[k];
        }
        // A step that improves, halving until one does.
        let mut improved = false;
        while step > 1e-9 {
            let mut next = w;
            for (x, g) in next.iter_mut().zip(&gradient) {
                *x += step * g;
            }
            let v = objective(&next);
            if v > value {
                w = next;
                value = v;
                step *= 1.5;
                improved = true;
                break;
            }
            step /= 2.0;
        }
        if !improved {
            break;
        }
    }
    w
}

fn dot(a: &[f64; LEAD_FEATURES], b: &[f64; LEAD_FEATURES]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    fn card(s: &str) -> Card {
        s.parse().expect("a card")
    }

    #[test]
    fn the_card_model_is_recovered_from_its_own_draws() {
        // Decisions of three cards: one keeping the value, one losing a
        // trick, one losing two; the chosen card drawn from a known model.
        let truth = PlayModel {
            error: 0.08,
            falloff: 1.5,
            higher: 0.3,
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut observations = Vec::new();
        for i in 0..6000 {
            let choices = vec![
                CardChoice {
                    card: card("S2"),
                    loss: 0.0,
                    group_size: 1,
                    lowest: true,
                    leading: false,
                },
                CardChoice {
                    card: card("S9"),
                    loss: 0.0,
                    group_size: 1,
                    lowest: false,
                    leading: false,
                },
                CardChoice {
                    card: card("HA"),
                    loss: f64::from(1 + i % 2),
                    group_size: 1,
                    lowest: true,
                    leading: false,
                },
            ];
            let p = truth.probabilities(&choices);
            let u: f64 = rng.gen();
            let mut acc = 0.0;
            let mut chosen = choices[2].card;
            for (c, p) in choices.iter().zip(&p) {
                acc += p;
                if u < acc {
                    chosen = c.card;
                    break;
                }
            }
            observations.push(PlayObservation { choices, chosen });
        }
        let (fitted, ll) = fit_play(&observations);
        assert!(ll >= play_log_likelihood(&truth, &observations) - 1.0);
        assert!(
            (fitted.error / truth.error - 1.0).abs() < 0.25,
            "{fitted:?}"
        );
        assert!(
            (fitted.higher / truth.higher - 1.0).abs() < 0.15,
            "{fitted:?}"
        );
        assert!((fitted.falloff - truth.falloff).abs() < 0.6, "{fitted:?}");
    }

    #[test]
    fn the_lead_model_is_recovered_from_its_own_leads() {
        let mut truth = [0.0; LEAD_FEATURES];
        truth[0] = 0.4;
        truth[2] = 1.5;
        truth[3] = 1.0;
        truth[6] = -1.0;
        let model = LeadModel {
            notrump: truth,
            suit: [0.0; LEAD_FEATURES],
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        let mut observations = Vec::new();
        for _ in 0..3000 {
            let mut deck: Vec<Card> = Hand::FULL_DECK.iter().collect();
            rand::seq::SliceRandom::shuffle(&mut deck[..], &mut rng);
            let hand: Hand = deck[..13].iter().copied().collect();
            let u: f64 = rng.gen();
            let mut acc = 0.0;
            let mut led = None;
            for c in hand.iter() {
                acc += model.probability(hand, c, Strain::Notrump);
                if u < acc {
                    led = Some(c);
                    break;
                }
            }
            let card = led.unwrap_or_else(|| hand.iter().last().expect("a card"));
            observations.push(LeadObservation {
                hand,
                card,
                strain: Strain::Notrump,
            });
        }
        let (fitted, ll) = fit_lead(&observations, 1e-4);
        assert!(ll >= lead_log_likelihood(&model, &observations) - 5.0);
        for k in [0, 2, 3, 6] {
            assert!(
                (fitted.notrump[k] - truth[k]).abs() < 0.35,
                "{k}: {:?}",
                fitted.notrump
            );
        }
        assert_eq!(fitted.suit, [0.0; LEAD_FEATURES]);
    }
}
