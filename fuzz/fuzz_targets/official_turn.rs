//! Fuzz target `official_turn`: see `arimaa_fuzz::official_turn` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arimaa_fuzz::official_turn(data));
