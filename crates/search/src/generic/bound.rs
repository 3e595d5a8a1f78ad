//! The paper's bound on the error of ending a tree with random playouts.

use statrs::function::erf::erf_inv;

/// The error of estimating a minimax value from the mean of random
/// playouts, as the paper bounds it.
///
/// Model: a perfect alternating tree of depth `d` with `n_d` playouts above
/// and below the optimum; leaf scores binomial over `S_d` points (standard
/// deviation at most `sqrt(S_d) / 2`), taken as normal. The optimum lies
/// between the `1/n_d` and `(n_d - 1)/n_d` quantiles, so estimating it by
/// the mean errs by at most `eps_d = sqrt(S_d / 2) erfinv(1 - 2 / n_d)`.
/// Estimating the mean from `m` playouts adds, with probability at least
/// `1 - delta` (Chebyshev), at most `eps_m = sqrt(S_d / (4 delta m))`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ErrorBound {
    /// `n_d`: playouts above (and below) the optimum.
    pub n_d: f64,
    /// `S_d`: the points at stake.
    pub s_d: f64,
    /// The model's error `eps_d` of the mean.
    pub model: f64,
    /// The sampling error `eps_m` with `m` playouts at confidence
    /// `1 - delta`.
    pub sampling: f64,
    /// `eps_d + eps_m`.
    pub total: f64,
    /// The error as a share of `S_d`.
    pub share: f64,
}

/// The bound for Belote as the paper sets it: `n_d = 2^d d!` and
/// `S_d = 10 d`, where `d` is the depth of the tree replaced by playouts,
/// counted in tricks; `m` playouts, confidence `1 - delta`.
#[must_use]
pub fn error_bound(d: u32, m: u32, delta: f64) -> ErrorBound {
    let d = d.max(1);
    let factorial: f64 = (1..=d).map(f64::from).product();
    let n_d = 2f64.powi(d as i32) * factorial;
    let s_d = 10.0 * f64::from(d);
    bound(n_d, s_d, m, delta)
}

/// The bound for any `n_d >= 2` and `S_d`.
#[must_use]
pub fn bound(n_d: f64, s_d: f64, m: u32, delta: f64) -> ErrorBound {
    let model = if n_d <= 2.0 {
        0.0
    } else {
        (s_d / 2.0).sqrt() * erf_inv(1.0 - 2.0 / n_d)
    };
    let sampling = (s_d / (4.0 * delta * f64::from(m.max(1)))).sqrt();
    let total = model + sampling;
    ErrorBound {
        n_d,
        s_d,
        model,
        sampling,
        total,
        share: total / s_d,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_follows_the_formula() {
        // d = 3 tricks: n_d = 8 * 6 = 48, S_d = 30.
        let b = error_bound(3, 8, 0.05);
        assert_eq!(b.n_d, 48.0);
        assert_eq!(b.s_d, 30.0);
        let model = 15f64.sqrt() * erf_inv(1.0 - 2.0 / 48.0);
        assert!((b.model - model).abs() < 1e-12);
        assert!((b.sampling - (30.0f64 / (4.0 * 0.05 * 8.0)).sqrt()).abs() < 1e-12);
        // erfinv(0.9583) is about 1.44.
        assert!((erf_inv(1.0 - 2.0 / 48.0) - 1.44).abs() < 0.01);
        // More playouts, smaller sampling error; deeper trees, larger model error.
        assert!(error_bound(3, 32, 0.05).sampling < b.sampling);
        assert!(error_bound(4, 8, 0.05).model > b.model);
    }
}
