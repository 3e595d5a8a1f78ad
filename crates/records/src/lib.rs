//! Bridge game records, as other programs write them: whole PBN 2.1 games
//! (tags, `[Auction]`, `[Play]`, `[Result]`) and BBO's LIN (`md`, `sv`,
//! `mb`, `pc`, `mc`, ...).
//!
//! [`write_pbn`] and [`write_lin`] write them back.
//!
//! A reader returns every game it could read and, for each one it could
//! not, an error naming the file, the line and the tag; a bad game never
//! stops the others. Each game is checked: a deal of 52 distinct cards, an
//! auction of legal calls, a play that follows suit from the hand on turn.

mod call;
mod lin;
mod pbn;
mod record;
mod write;

pub use call::{strain_rank, Auction, AuctionError, Call, ParseCallError};
pub use lin::read_lin;
pub use pbn::{
    auction_section, pbn_games, play_section, read_pbn, seat_tag, vulnerability_tag, PbnGame,
    PbnTag, PbnText,
};
pub use record::{
    auction_complete, auction_ending_in, auction_for, contract_of, select_boards, GameRecord,
    RecordError, RecordWarning, Room, Vulnerability, VulnerabilityError,
};
pub use write::{lin_name, pbn_play_section, pbn_tag, write_lin, write_pbn};

use std::path::Path;

/// Every game of a PBN or LIN file (by its extension, else by its first
/// characters), with the errors of the games that could not be read.
///
/// # Errors
/// An I/O error when the file cannot be read.
pub fn read_file(path: &Path) -> std::io::Result<(Vec<GameRecord>, Vec<RecordError>)> {
    let text = std::fs::read_to_string(path)?;
    let name = path.display().to_string();
    let lin = match path.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("lin") => true,
        Some(e) if e.eq_ignore_ascii_case("pbn") => false,
        _ => {
            let start = text.trim_start();
            !start.starts_with('[') && !start.starts_with('%') && start.contains('|')
        }
    };
    Ok(if lin {
        read_lin(&name, &text)
    } else {
        read_pbn(&name, &text)
    })
}
