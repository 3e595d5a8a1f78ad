//! Our double-dummy solver against the C++ DDS.
//!
//! The workloads (seeded random deals, mid-play positions, the worlds of an
//! alpha-mu leaf) are always available. The C++ solvers are behind
//! features: `dds` links DDS 3 through the `dds-bridge` crate (oracle tests
//! and benchmark), `ddss` links DDS 2.9's performance fork through the
//! `ddss` crate (benchmark). The two cannot link into one binary.
//!
//! ```text
//! cargo test --profile quick -p dd-race --features dds         # oracle tests
//! cargo run --release -p dd-race --features dds -- --deals 100
//! cargo run --release -p dd-race --features ddss -- --deals 100
//! ```

#[cfg(all(feature = "dds", feature = "ddss"))]
compile_error!(
    "features `dds` and `ddss` link two copies of DDS and cannot be enabled together; \
     build the benchmark once with each"
);

pub mod example_args;
pub mod opponent;
pub mod workloads;

#[cfg(any(feature = "dds", feature = "ddss"))]
mod convert;
#[cfg(feature = "dds")]
pub mod oracle;
#[cfg(feature = "ddss")]
pub mod oracle_ddss;
