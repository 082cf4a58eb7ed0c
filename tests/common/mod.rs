//! Running the real binary from the whole-program tests.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `hexpatrol` with `args`, `input` on its standard input and, if
/// given, `data` as its data folder; waits for it and returns what it printed.
pub fn hexpatrol<'a>(args: &[&str], input: &str, data: impl Into<Option<&'a Path>>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_hexpatrol"));
    command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    if let Some(dir) = data.into() {
        command.env("HEXPATROL_DATA_DIR", dir);
    }
    let mut child = command.spawn().expect("the binary runs");
    // A program that stops before reading all its input is not an error here:
    // what it printed and its exit code say what happened.
    let _ = child.stdin.take().expect("a piped input").write_all(input.as_bytes());
    child.wait_with_output().expect("the binary ends")
}
