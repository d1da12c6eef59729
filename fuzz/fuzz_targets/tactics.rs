//! Fuzz target `tactics`: see `arimaa_fuzz::tactics` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arimaa_fuzz::tactics(data));
