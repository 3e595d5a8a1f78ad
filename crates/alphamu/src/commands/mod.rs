//! One module per subcommand.

pub mod analyze;
pub mod dd;
pub mod demo;
pub mod play;
