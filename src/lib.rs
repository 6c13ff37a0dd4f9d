//! Parlour: old parlour games (Morris, Archery, Quoits, Dominoes, Doquin) in the browser.
//!
//! `rules` holds each game's rules as plain data and pure functions; `record` reads and writes
//! game records; `storage` keeps settings and saves. The Leptos user interface over them is the
//! web app's own (`src/app/`, a module of `src/main.rs`), so that no other program links it.

pub mod ai;
pub mod count;
pub mod decimal;
pub mod games;
pub mod record;
pub mod rules;
pub mod session;
pub mod sort;
pub mod stats;
pub mod storage;
pub mod worker;
