//! Fuzz target `position_short`: see `arimaa_fuzz::position_short` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arimaa_fuzz::position_short(data));
