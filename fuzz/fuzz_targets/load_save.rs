//! The save loader must answer any bytes with a save or an error, never a
//! panic; see `checks::save`.
#![no_main]

#[path = "checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::save(data));
