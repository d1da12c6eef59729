//! Helpers shared by integration tests. Each test binary uses only part of this module.
#![allow(dead_code)]

pub mod random;
pub mod reference;
