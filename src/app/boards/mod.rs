//! One board per game. A board draws the state it is given, highlights the targets it is given,
//! and reports what the player touched; it decides no rule.

pub mod archery;
pub mod dominoes;
pub mod doquin;
pub mod morris;
pub mod pieces;
pub mod quoits;
