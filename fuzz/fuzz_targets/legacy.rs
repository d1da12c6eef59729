//! Fuzz target `legacy`: see `arimaa_fuzz::legacy` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arimaa_fuzz::legacy(data));
