//! Fuzz target `lightvector`: see `arimaa_fuzz::lightvector` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arimaa_fuzz::lightvector(data));
