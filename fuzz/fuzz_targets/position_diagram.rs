//! Fuzz target `position_diagram`: see `arimaa_fuzz::position_diagram` for what is checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| arimaa_fuzz::position_diagram(data));
