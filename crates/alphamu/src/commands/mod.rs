//! One module per subcommand.

pub mod analyze;
pub mod arena;
pub mod belote;
pub mod bench;
pub mod bid;
pub mod dd;
pub mod demo;
pub mod games;
pub mod play;
pub mod points;
pub mod seat;
pub mod serve;
