//! The save loader must answer any bytes with a save or an error, never a panic.
#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(save) = hexpatrol::save::parse(Path::new("fuzz.ron"), text) {
            // What loads must save again and load back the same.
            let again = hexpatrol::save::to_text(&save).expect("a loaded save can be written");
            let back = hexpatrol::save::parse(Path::new("fuzz.ron"), &again).expect("a written save loads");
            assert_eq!(back, save);
        }
    }
});
