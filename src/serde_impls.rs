//! `Serialize` and `Deserialize` for the vocabulary types and positions (the `serde`
//! feature). The forms are listed in the crate documentation, section "Cargo features".

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, SeqAccess, Visitor};
use serde::ser::{Error as _, Serialize, SerializeSeq, SerializeStruct, Serializer};

use crate::{
    Bitboard, Color, Direction, File, Move, Outcome, Piece, PieceKind, Position, Rank, Reason,
    Square, Step, MAX_STEPS,
};

/// A visitor of strings that reads them with `parse`; `expecting` says what it wants.
struct TextVisitor<T> {
    expecting: &'static str,
    parse: fn(&str) -> Option<T>,
}

impl<T> Visitor<'_> for TextVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        (self.parse)(v).ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
    }
}

fn read_text<'de, D: Deserializer<'de>, T>(
    d: D,
    expecting: &'static str,
    parse: fn(&str) -> Option<T>,
) -> Result<T, D::Error> {
    d.deserialize_str(TextVisitor { expecting, parse })
}

/// The one character of `s`, if it has exactly one.
fn single_char(s: &str) -> Option<char> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// Serialize and Deserialize through the type's `name()` (its `Display` form), read back
/// by searching its `ALL` list.
macro_rules! by_name {
    ($ty:ty, $expecting:literal) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                read_text(d, $expecting, |s| {
                    <$ty>::ALL.into_iter().find(|v| v.name() == s)
                })
            }
        }
    };
}

by_name!(Color, "\"gold\" or \"silver\"");
by_name!(PieceKind, "a piece kind such as \"rabbit\"");
by_name!(Reason, "\"goal\", \"elimination\" or \"immobilization\"");

/// Serialize and Deserialize through a one-character code.
macro_rules! by_char {
    ($ty:ty, $expecting:literal) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut buf = [0u8; 4];
                s.serialize_str(self.char().encode_utf8(&mut buf))
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                read_text(d, $expecting, |s| single_char(s).and_then(<$ty>::from_char))
            }
        }
    };
}

by_char!(Piece, "a piece letter such as \"E\" or \"r\"");
by_char!(File, "a file letter a-h");
by_char!(Rank, "a rank digit 1-8");
by_char!(Direction, "a direction letter n, s, e or w");

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let name = [self.file().char() as u8, self.rank().char() as u8];
        match core::str::from_utf8(&name) {
            Ok(text) => s.serialize_str(text),
            Err(_) => Err(S::Error::custom("square names are ASCII")),
        }
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        read_text(d, "a square such as \"e2\"", |s| s.parse().ok())
    }
}

/// Reads `e2n`: a square and a direction letter.
fn parse_step(s: &str) -> Option<Step> {
    let square = s.get(..2)?.parse().ok()?;
    let dir = single_char(s.get(2..)?).and_then(Direction::from_char)?;
    Some(Step::new(square, dir))
}

impl Serialize for Step {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let text = [
            self.from.file().char() as u8,
            self.from.rank().char() as u8,
            self.dir.char() as u8,
        ];
        match core::str::from_utf8(&text) {
            Ok(text) => s.serialize_str(text),
            Err(_) => Err(S::Error::custom("step names are ASCII")),
        }
    }
}

impl<'de> Deserialize<'de> for Step {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Step, D::Error> {
        read_text(d, "a step such as \"e2n\"", parse_step)
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for step in self.steps() {
            seq.serialize_element(step)?;
        }
        seq.end()
    }
}

struct MoveVisitor;

impl<'de> Visitor<'de> for MoveVisitor {
    type Value = Move;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a sequence of at most {MAX_STEPS} steps")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Move, A::Error> {
        let mut steps = [Step::new(Square::A1, Direction::North); MAX_STEPS];
        let mut len = 0;
        while let Some(step) = seq.next_element::<Step>()? {
            if len == MAX_STEPS {
                return Err(de::Error::invalid_length(len + 1, &self));
            }
            steps[len] = step;
            len += 1;
        }
        Move::from_steps(&steps[..len]).ok_or_else(|| de::Error::invalid_length(len, &self))
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        d.deserialize_seq(MoveVisitor)
    }
}

impl Serialize for Outcome {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Outcome", 2)?;
        st.serialize_field("winner", &self.winner)?;
        st.serialize_field("reason", &self.reason)?;
        st.end()
    }
}

/// The fields of [`Outcome`] as read.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct OutcomeFields {
    winner: Color,
    reason: Reason,
}

impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Outcome, D::Error> {
        let OutcomeFields { winner, reason } = OutcomeFields::deserialize(d)?;
        Ok(Outcome { winner, reason })
    }
}

impl Serialize for Bitboard {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(self.0)
    }
}

impl<'de> Deserialize<'de> for Bitboard {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Bitboard, D::Error> {
        u64::deserialize(d).map(Bitboard)
    }
}

impl Serialize for Position {
    /// The text form of `Display`: the AEI short form, with the turn state after it in
    /// the middle of a turn (see [`Position`'s text forms](Position#text-forms)).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

struct PositionVisitor;

impl Visitor<'_> for PositionVisitor {
    type Value = Position;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a position in the AEI short form, such as \"g [rrrrrrrr ... RRRRRRRR]\"")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Position, E> {
        v.parse().map_err(E::custom)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        d.deserialize_str(PositionVisitor)
    }
}
