//! The support tree of the integration tests: every test file that needs help declares
//! `mod support;` and uses the modules it needs (each binary uses part of them). One
//! file per concern (see `tests/README.md`):
//! - [`random`]: a seeded SplitMix64 generator, random valid positions and turn states;
//! - [`reference`]: the slow, independent reference enumerator of full turns;
//! - [`lightvector`]: the Abstract Play vectors and helpers of the notation tests;
//! - [`explicit`]: the explicit Lightvector form of a move (also included by
//!   `benches/notation.rs`);
//! - [`lv_reference`]: the plain reference resolver of Lightvector notation;
//! - [`tactics`]: the archive and endgame positions of the tactics tests (also included
//!   by `benches/tactics.rs`);
//! - [`fuzz_checks`]: the checks behind the fuzz targets (also included by
//!   `fuzz/src/lib.rs`).
#![allow(dead_code)]

pub mod explicit;
pub mod fuzz_checks;
pub mod lightvector;
pub mod lv_reference;
pub mod random;
pub mod reference;
pub mod tactics;
