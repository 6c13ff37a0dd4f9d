//! Parlour: old parlour games (Morris, Archery, Quoits, Dominoes, Doquin) in the browser.
//!
//! `rules` holds each game's rules as plain data and pure functions; `record` reads and writes
//! game records; `storage` keeps settings and saves; `app` (WebAssembly only) is the Leptos user
//! interface over them.

pub mod ai;
pub mod games;
pub mod record;
pub mod rules;
pub mod session;
pub mod stats;
pub mod storage;
pub mod worker;

#[cfg(target_arch = "wasm32")]
pub mod app;
