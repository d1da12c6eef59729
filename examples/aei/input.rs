//! Reading command lines of bounded length.

use std::io::{self, BufRead};

/// Longest command line read; the rest of a longer line is dropped and the line refused.
pub(crate) const MAX_LINE_LEN: usize = 8192;

/// One input line, or the length of a line that was too long to keep.
pub(crate) enum Input {
    Line(String),
    TooLong(usize),
}

/// Reads one line of at most `max` bytes (the rest of a longer line is read and
/// dropped). `None` at the end of input.
pub(crate) fn read_line(r: &mut impl BufRead, max: usize) -> io::Result<Option<Input>> {
    let mut buf = Vec::new();
    let mut total = 0usize;
    let mut any = false;
    loop {
        let available = r.fill_buf()?;
        if available.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let (chunk, used, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], i + 1, true),
            None => (available, available.len(), false),
        };
        total += chunk.len();
        let room = max.saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
        r.consume(used);
        if done {
            break;
        }
    }
    if total > max {
        return Ok(Some(Input::TooLong(total)));
    }
    Ok(Some(Input::Line(
        String::from_utf8_lossy(&buf).into_owned(),
    )))
}
