//! Fuzz target `play`: see `arimaa_fuzz::play` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arimaa_fuzz::play(data));
