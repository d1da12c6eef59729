//! Fuzz target `clicks`: see `arimaa_fuzz::clicks` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arimaa_fuzz::clicks(data));
