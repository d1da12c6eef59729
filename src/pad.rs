//! `Display` that honours the formatter's width, fill, alignment and precision, as `str`
//! does (`format!("{:<8}|", Color::Gold)` gives `Gold    |`).
//!
//! Types with a fixed or very short text build it in a stack buffer and hand it to
//! [`fmt::Formatter::pad`], which writes it straight through when no width or
//! precision is asked for. Longer texts go through [`padded`]: written straight to the
//! formatter as before unless a width or precision is asked for, and then collected
//! first (on the stack when short, else in a `String`).

use core::fmt;

/// Pads the ASCII text in `bytes` (the short forms: squares, steps, letters).
pub(crate) fn pad_ascii(f: &mut fmt::Formatter<'_>, bytes: &[u8]) -> fmt::Result {
    f.pad(core::str::from_utf8(bytes).map_err(|_| fmt::Error)?)
}

/// Pads one character.
pub(crate) fn pad_char(f: &mut fmt::Formatter<'_>, c: char) -> fmt::Result {
    f.pad(c.encode_utf8(&mut [0; 4]))
}

/// Writes what `write` writes, padded as the formatter asks. Without a width or a
/// precision `write` writes to the formatter directly (no copy); otherwise its text is
/// collected (on the stack up to 64 bytes) and padded.
pub(crate) fn padded(
    f: &mut fmt::Formatter<'_>,
    write: impl Fn(&mut dyn fmt::Write) -> fmt::Result,
) -> fmt::Result {
    if f.width().is_none() && f.precision().is_none() {
        return write(f);
    }
    let mut short = StackText {
        bytes: [0; 64],
        len: 0,
    };
    if write(&mut short).is_ok() {
        return f.pad(core::str::from_utf8(&short.bytes[..short.len]).map_err(|_| fmt::Error)?);
    }
    let mut long = String::new();
    write(&mut long)?;
    f.pad(&long)
}

/// A short text on the stack; writing past its end is an error (whole `str`s only, so
/// what it holds is always UTF-8).
struct StackText {
    bytes: [u8; 64],
    len: usize,
}

impl fmt::Write for StackText {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}
