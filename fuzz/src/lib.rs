//! The checks behind the fuzz targets. They live in the crate's test tree,
//! `tests/support/fuzz_checks.rs`, so that the published package (which leaves `fuzz/` out)
//! still carries them for `tests/fuzz_regressions.rs`; this crate includes that one copy.

#[path = "../../tests/support/fuzz_checks.rs"]
mod checks;

pub use checks::*;
