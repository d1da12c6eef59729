//! Saved fuzz inputs, run as ordinary tests through the same checks as the fuzz targets
//! (`tests/support/fuzz_checks.rs`, included here and by `fuzz/src/lib.rs`): every file under
//! `tests/fuzz_regressions/<target>/` is one raw input of the target `<target>`.
//! Inputs that once found a bug are kept here, with seeds for every target.

use std::fs;
use std::panic;
use std::path::Path;

mod support;

use support::fuzz_checks as checks;

#[test]
fn the_fixed_positions_of_the_targets_read() {
    assert!(checks::positions_read());
}

#[test]
fn saved_inputs_pass_their_checks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let mut ran = 0;
    let mut failures = Vec::new();
    for (name, check) in checks::TARGETS {
        let Ok(entries) = fs::read_dir(root.join(name)) else {
            continue;
        };
        let mut paths: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        paths.sort();
        for path in paths {
            let data = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            ran += 1;
            if panic::catch_unwind(|| check(&data)).is_err() {
                failures.push(path.display().to_string());
            }
        }
    }
    assert!(
        ran >= checks::TARGETS.len(),
        "only {ran} saved inputs found"
    );
    assert!(failures.is_empty(), "failing inputs: {failures:#?}");
}
