//! One module per subcommand.

pub mod dd;
pub mod demo;
