//! Pareto fronts of win/loss vectors, with the Max and Min combinations of
//! the alpha-mu paper.
//!
//! A vector is a [`WorldSet`] of the worlds won. Worlds that are impossible
//! at a node ("x" in the papers) are set to 1 in its vectors: 1 is neutral
//! for the per-world minimum of a Min node, and the papers count "x" as 1
//! when testing dominance against a front higher in the tree.

use crate::worldset::WorldSet;

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

    /// The Max combination: the union of the two fronts, dominated vectors
    /// removed.
    pub fn max_with(&mut self, other: &Front) {
        for &v in &other.vectors {
            self.insert(v);
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
        let mut out = Front::new();
        for a in &self.vectors {
            for b in &other.vectors {
                out.insert(a.and(b));
            }
        }
        out
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
