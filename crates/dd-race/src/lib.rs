//! Our double-dummy solver against the C++ DDS.
//!
//! The workloads (seeded random deals, mid-play positions, the worlds of an
//! alpha-mu leaf) are always available; the bridge to DDS itself is behind
//! the `dds` feature, which links DDS 3 through the `dds-bridge` crate:
//!
//! ```text
//! cargo test --release -p dd-race --features dds            # oracle tests
//! cargo run --release -p dd-race --features dds -- --deals 100
//! ```

pub mod workloads;

#[cfg(feature = "dds")]
pub mod oracle;
