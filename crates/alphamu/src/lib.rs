//! The engine behind the `alphamu` command: the double-dummy solver wired
//! in as the search's leaf evaluator, what each seat sees, and the players
//! (`alphamu`, `pimc`, `dd`, `random`) that choose cards from their view.

pub mod leaf;
pub mod player;
pub mod view;
