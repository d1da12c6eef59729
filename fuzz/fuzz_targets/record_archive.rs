//! Fuzz target `record_archive`: see `arimaa_fuzz::record_archive` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arimaa_fuzz::record_archive(data));
