//! Fuzz target `record_plain`: see `arimaa_fuzz::record_plain` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arimaa_fuzz::record_plain(data));
