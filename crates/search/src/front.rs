//! Pareto fronts of win/loss vectors, with the Max and Min combinations of
//! the alpha-mu paper.
//!
//! A vector is a [`WorldSet`] of the worlds won. Worlds that are impossible
//! at a node ("x" in the papers) are set to 1 in its vectors: 1 is neutral
//! for the per-world minimum of a Min node, and the papers count "x" as 1
//! when testing dominance against a front higher in the tree.

use crate::worldset::{WorldSet, MAX_WORLDS};

/// Below this many candidates a front is built by plain insertion.
const SMALL: usize = 64;
/// Candidates gathered before they are reduced to a front, bounding memory.
const CHUNK: usize = 1 << 20;

/// A set of vectors none of which is dominated by another.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Front {
    vectors: Vec<WorldSet>,
}

impl Front {
    /// The empty front (no option yet).
    #[must_use]
    pub const fn new() -> Front {
        Front {
            vectors: Vec::new(),
        }
    }

    /// The front of one vector.
    #[must_use]
    pub fn single(v: WorldSet) -> Front {
        Front { vectors: vec![v] }
    }

    /// The vectors.
    #[must_use]
    pub fn vectors(&self) -> &[WorldSet] {
        &self.vectors
    }

    /// Whether the front holds no vector.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.vectors.is_empty()
    }

    /// Adds a vector unless one in the front is greater or equal; removes
    /// the vectors it is greater or equal to.
    pub fn insert(&mut self, v: WorldSet) {
        if self.vectors.iter().any(|u| v.is_subset(u)) {
            return;
        }
        self.vectors.retain(|u| !u.is_subset(&v));
        self.vectors.push(v);
    }

    /// The front of `candidates`: the vectors no other candidate is
    /// greater than, each once.
    #[must_use]
    pub fn of(candidates: Vec<WorldSet>) -> Front {
        if candidates.len() <= SMALL {
            let mut out = Front::new();
            for v in candidates {
                out.insert(v);
            }
            return out;
        }
        Front {
            vectors: maximal(candidates),
        }
    }

    /// The Max combination: the union of the two fronts, dominated vectors
    /// removed.
    pub fn max_with(&mut self, other: &Front) {
        if self.vectors.len() + other.vectors.len() <= SMALL {
            for &v in &other.vectors {
                self.insert(v);
            }
        } else {
            let mut all = std::mem::take(&mut self.vectors);
            all.extend_from_slice(&other.vectors);
            *self = Front::of(all);
        }
    }

    /// The Min combination: every pair of vectors, one from each front,
    /// combined by the per-world minimum, dominated results removed. The
    /// empty front stands for "no move tried yet" and gives `other`.
    #[must_use]
    pub fn min_with(&self, other: &Front) -> Front {
        if self.vectors.is_empty() {
            return other.clone();
        }
        self.product_kept(other, |_| true)
    }

    /// The Min combination keeping only the products `keep` accepts: every
    /// pair of vectors, one from each front, combined by the per-world
    /// minimum. Unlike [`Front::min_with`], an empty front stays empty.
    /// A product is never greater than its factors, so a vector of `self`
    /// that `keep` refuses is not combined at all when `keep` is monotone
    /// (accepting a vector implies accepting every greater one).
    #[must_use]
    pub fn product_kept(&self, other: &Front, keep: impl Fn(&WorldSet) -> bool) -> Front {
        self.product_in_chunks(other, keep, CHUNK)
    }

    /// [`Front::product_kept`], reducing the candidates to a front each
    /// time `chunk` of them are gathered.
    fn product_in_chunks(
        &self,
        other: &Front,
        keep: impl Fn(&WorldSet) -> bool,
        chunk: usize,
    ) -> Front {
        let mut out = Front::new();
        if self.vectors.len() * other.vectors.len() <= SMALL {
            // Few pairs (the usual case): insert them as they come.
            for a in self.vectors.iter().filter(|a| keep(a)) {
                for v in other.vectors.iter().map(|b| a.and(b)) {
                    if keep(&v) {
                        out.insert(v);
                    }
                }
            }
            return out;
        }
        let mut candidates = Vec::new();
        for a in self.vectors.iter().filter(|a| keep(a)) {
            for b in &other.vectors {
                let v = a.and(b);
                if keep(&v) {
                    candidates.push(v);
                }
            }
            if candidates.len() >= chunk {
                candidates.extend_from_slice(&out.vectors);
                out = Front::of(std::mem::take(&mut candidates));
            }
        }
        candidates.extend_from_slice(&out.vectors);
        Front::of(candidates)
    }

    /// Drops the vectors `keep` refuses.
    pub fn retain(&mut self, keep: impl Fn(&WorldSet) -> bool) {
        self.vectors.retain(|v| keep(v));
    }

    /// Whether every vector of `self`, looked at on the worlds of `mask`
    /// only, is less than or equal to a vector of `upper`: searching more
    /// below `self` cannot add an option to `upper`.
    #[must_use]
    pub fn dominated_by(&self, upper: &Front, mask: &WorldSet) -> bool {
        self.vectors
            .iter()
            .all(|v| upper.vectors.iter().any(|u| v.and(mask).is_subset(u)))
    }

    /// The number of worlds of `counted` won by the best vector, and that
    /// vector's index; `None` for the empty front.
    #[must_use]
    pub fn best(&self, counted: &WorldSet) -> Option<usize> {
        self.vectors.iter().map(|v| v.and(counted).len()).max()
    }

    /// The worlds of `worlds` won in at least one vector.
    #[must_use]
    pub fn possibly_won(&self, worlds: &WorldSet) -> WorldSet {
        self.vectors
            .iter()
            .fold(WorldSet::EMPTY, |acc, v| acc.or(&v.and(worlds)))
    }

    /// The front with every vector raised to 1 on the worlds of `worlds`.
    #[must_use]
    pub fn raised(&self, worlds: &WorldSet) -> Front {
        let mut out = Front::new();
        for v in &self.vectors {
            out.insert(v.or(worlds));
        }
        out
    }

    /// Sorted vectors, to compare fronts regardless of order.
    #[must_use]
    pub fn sorted(&self) -> Vec<Vec<usize>> {
        let mut v: Vec<Vec<usize>> = self.vectors.iter().map(|s| s.iter().collect()).collect();
        v.sort();
        v
    }
}

/// The maximal vectors of `candidates`, each once.
///
/// Taken from the most worlds won to the fewest (duplicates removed), a
/// candidate can only be less than a vector already kept, never greater,
/// so kept vectors stay. Whether some kept vector holds every world of a
/// candidate is answered by an index: for each world, the set of kept
/// vectors that win it, as a bitset over their positions; the candidate is
/// dominated when the intersection of its worlds' sets is not empty.
/// Worlds that every candidate wins, or none, are left out of the index.
fn maximal(mut candidates: Vec<WorldSet>) -> Vec<WorldSet> {
    candidates.sort_unstable_by_key(|v| (std::cmp::Reverse(v.len()), v.words()));
    candidates.dedup();
    let (some, every) = candidates
        .iter()
        .fold((WorldSet::EMPTY, WorldSet::ALL), |(or, and), v| {
            (or.or(v), and.and(v))
        });
    let indexed: Vec<usize> = some.and_not(&every).iter().collect();
    let mut column_of = [usize::MAX; MAX_WORLDS];
    for (i, &world) in indexed.iter().enumerate() {
        column_of[world] = i;
    }
    let stride = candidates.len().div_ceil(64);
    let mut columns = vec![0u64; indexed.len() * stride];
    let mut kept: Vec<WorldSet> = Vec::new();
    let mut meet = vec![0u64; stride];
    let mut worlds: Vec<usize> = Vec::with_capacity(indexed.len());
    for v in candidates {
        worlds.clear();
        worlds.extend(v.and_not(&every).iter().map(|w| column_of[w]));
        let words = kept.len().div_ceil(64);
        let dominated = match worlds.split_first() {
            // Every kept vector wins all the worlds this one wins.
            None => !kept.is_empty(),
            Some((&first, rest)) => {
                let meet = &mut meet[..words];
                meet.copy_from_slice(&columns[first * stride..first * stride + words]);
                let mut any = meet.iter().any(|&w| w != 0);
                for &c in rest {
                    if !any {
                        break;
                    }
                    any = false;
                    for (m, col) in meet
                        .iter_mut()
                        .zip(&columns[c * stride..c * stride + words])
                    {
                        *m &= col;
                        any |= *m != 0;
                    }
                }
                any
            }
        };
        if !dominated {
            let k = kept.len();
            for &c in &worlds {
                columns[c * stride + k / 64] |= 1 << (k % 64);
            }
            kept.push(v);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worldset::vector;

    fn front(vs: &[&str]) -> Front {
        let mut f = Front::new();
        for v in vs {
            f.insert(vector(v));
        }
        f
    }

    const THREE: &str = "111";

    #[test]
    fn pareto_insertion_as_in_section_3_2() {
        let mut f = front(&["100", "011"]);
        f.insert(vector("001"));
        assert_eq!(f.sorted(), front(&["100", "011"]).sorted());
        f.insert(vector("110"));
        assert_eq!(f.sorted(), front(&["110", "011"]).sorted());
    }

    /// Figure 2 of the first paper: node b = max of [0 1 1], [1 1 0];
    /// node c = max of [1 1 0], [1 0 1], [1 0 0] (the last dominated);
    /// root a (Min) = product, reduced to {[0 0 1], [1 1 0]}.
    #[test]
    fn figure_2_max_and_min_combinations() {
        let mut b = Front::new();
        b.max_with(&front(&["011"]));
        b.max_with(&front(&["110"]));
        assert_eq!(b.sorted(), front(&["011", "110"]).sorted());
        let mut c = Front::new();
        for v in ["110", "101", "100"] {
            c.max_with(&front(&[v]));
        }
        assert_eq!(c.sorted(), front(&["110", "101"]).sorted());
        let a = Front::new().min_with(&b).min_with(&c);
        assert_eq!(a.sorted(), front(&["001", "110"]).sorted());
    }

    /// Figure 1 (non-locality): d = {[1 0 0], [0 1 1]}, e = {[1 0 0]}
    /// ([0 0 0] dominated), b = d x e = {[1 0 0]}; c = [0 0 0]. Max at the
    /// root sees b (1/3) better than c (0), which the vector-only algorithm
    /// (b = [0 0 0]) missed.
    #[test]
    fn figure_1_non_locality() {
        let d = front(&["100", "011"]);
        let e = front(&["000", "100"]);
        assert_eq!(e.sorted(), front(&["100"]).sorted());
        let b = Front::new().min_with(&d).min_with(&e);
        assert_eq!(b.sorted(), front(&["100"]).sorted());
        let all = vector(THREE);
        assert_eq!(b.best(&all), Some(1));
        let c = front(&["000"]);
        assert_eq!(c.best(&all), Some(0));
        // The vector-only backup keeps only d's best-mean vector [0 1 1].
        let b_local = Front::new().min_with(&front(&["011"])).min_with(&e);
        assert_eq!(b_local.best(&all), Some(0));
    }

    /// Figure 3 (early cut): the root's front {[1 1 0], [0 1 1]}; node c's
    /// front [1 1 0] is dominated, so c can be cut.
    #[test]
    fn figure_3_early_cut() {
        let a = front(&["110", "011"]);
        let all = vector(THREE);
        assert!(front(&["110"]).dominated_by(&a, &all));
        assert!(!front(&["111"]).dominated_by(&a, &all));
        assert!(!front(&["101"]).dominated_by(&a, &all));
    }

    /// The alpha cut of the second paper: c starts at [1 1 1]; its first
    /// Min move, impossible in world 1, returns [x 1 0]; the product is
    /// [1 1 0], dominated by the root's front. An impossible world counts
    /// as 1: [1 x 0] is not dominated by [1 0 0], but is by [1 1 0].
    #[test]
    fn alpha_cut_and_impossible_worlds() {
        let a = front(&["110", "011"]);
        let all = vector(THREE);
        let c = front(&["111"]).min_with(&front(&["x10"]));
        assert_eq!(c.sorted(), front(&["110"]).sorted());
        assert!(c.dominated_by(&a, &all));
        assert!(!front(&["1x0"]).dominated_by(&front(&["100"]), &all));
        assert!(front(&["1x0"]).dominated_by(&front(&["110"]), &all));
        // A world known useless higher up ("-") is left out of the test.
        assert!(front(&["1x0"]).dominated_by(&front(&["100"]), &vector("101")));
    }

    /// Fronts built at once equal fronts built by insertion, on random
    /// candidates of every size around the switch-over.
    #[test]
    fn batch_front_equals_insertion() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for round in 0..144 {
            let worlds = [3, 10, 64, 80, 130, 320][round % 6];
            let count = [1, 5, 64, 65, 300, 2000][(round / 6) % 6];
            let density = rng.gen_range(0.3..0.95);
            let candidates: Vec<WorldSet> = (0..count)
                .map(|_| {
                    // Worlds beyond the search's are 1, as in the search.
                    let mut v = WorldSet::first(worlds).complement();
                    for w in 0..worlds {
                        if rng.gen_bool(density) {
                            v.insert(w);
                        }
                    }
                    v
                })
                .collect();
            let mut by_insertion = Front::new();
            for &v in &candidates {
                by_insertion.insert(v);
            }
            let batch = Front {
                vectors: maximal(candidates.clone()),
            };
            assert_eq!(batch.sorted(), by_insertion.sorted(), "round {round}");
            assert_eq!(Front::of(candidates).sorted(), by_insertion.sorted());
        }
    }

    #[test]
    fn kept_product_is_the_product_filtered() {
        let a = front(&["1110", "0111", "1001"]);
        let b = front(&["1101", "0011", "1110"]);
        let at_least_two = |v: &WorldSet| v.len() >= 2;
        let mut filtered = a.min_with(&b);
        filtered.retain(at_least_two);
        assert_eq!(a.product_kept(&b, at_least_two).sorted(), filtered.sorted());
        assert_eq!(
            a.product_kept(&b, |_| true).sorted(),
            a.min_with(&b).sorted()
        );
        assert!(Front::new().product_kept(&b, |_| true).is_empty());
        for chunk in [1, 2, 5] {
            let in_chunks = a.product_in_chunks(&b, at_least_two, chunk);
            assert_eq!(in_chunks.sorted(), filtered.sorted(), "chunks of {chunk}");
        }
        assert!(a.product_kept(&b, |v| v.len() >= 4).is_empty());
    }

    #[test]
    fn min_product_keeps_options_and_best_counts() {
        let f = front(&["1100", "0011"]).min_with(&front(&["1010", "0101"]));
        assert_eq!(
            f.sorted(),
            front(&["1000", "0100", "0010", "0001"]).sorted()
        );
        assert_eq!(f.best(&vector("1111")), Some(1));
        assert_eq!(f.possibly_won(&vector("1110")), vector("1110"));
        assert_eq!(Front::new().best(&vector("1")), None);
    }
}
