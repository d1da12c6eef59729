//! Lightvector syntax: tokens as text, with no position needed.

use core::fmt;
use core::str::FromStr;

use crate::{Direction, Piece, Square, MAX_STEPS};

/// The longest input the reader looks at, in bytes; anything longer is refused at once.
/// A move has at most four steps, so even a string that names every square of every
/// piece it touches stays far below this.
pub const MAX_INPUT_LEN: usize = 256;

/// The most tokens a move may have. Every token must hold for the move, and a turn
/// touches at most eight pieces (four that move, four that die), so sixteen leaves room
/// for redundant tokens without letting the search take unbounded input.
pub const MAX_TOKENS: usize = 16;

/// The longest token: a three-character specifier and four directions.
const MAX_TOKEN_LEN: usize = 3 + MAX_STEPS;

/// Which piece a token speaks about: a piece letter, a square the piece occupied at
/// some time during the turn, or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Specifier {
    /// A piece letter (`E`, `r`): colour by case.
    Piece(Piece),
    /// A square the piece occupied at some time during the turn (`d4`).
    Square(Square),
    /// Both (`Ed4`).
    PieceOn(Piece, Square),
}

impl Specifier {
    /// The piece letter, if the specifier has one.
    #[must_use]
    pub const fn piece(self) -> Option<Piece> {
        match self {
            Specifier::Piece(p) | Specifier::PieceOn(p, _) => Some(p),
            Specifier::Square(_) => None,
        }
    }

    /// The square, if the specifier has one.
    #[must_use]
    pub const fn square(self) -> Option<Square> {
        match self {
            Specifier::Square(s) | Specifier::PieceOn(_, s) => Some(s),
            Specifier::Piece(_) => None,
        }
    }

    /// The specifier with the given parts; `None` when both are missing.
    #[must_use]
    pub const fn from_parts(piece: Option<Piece>, square: Option<Square>) -> Option<Specifier> {
        match (piece, square) {
            (Some(p), Some(s)) => Some(Specifier::PieceOn(p, s)),
            (Some(p), None) => Some(Specifier::Piece(p)),
            (None, Some(s)) => Some(Specifier::Square(s)),
            (None, None) => None,
        }
    }

    /// The number of characters the specifier takes when written.
    #[must_use]
    pub const fn text_len(self) -> usize {
        match self {
            Specifier::Piece(_) => 1,
            Specifier::Square(_) => 2,
            Specifier::PieceOn(..) => 3,
        }
    }
}

impl fmt::Display for Specifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::padded(f, |f| match self {
            Specifier::Piece(p) => write!(f, "{}", p.char()),
            Specifier::Square(s) => write!(f, "{s}"),
            Specifier::PieceOn(p, s) => write!(f, "{}{s}", p.char()),
        })
    }
}

/// A run of one to four step directions, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Directions {
    dirs: [Direction; MAX_STEPS],
    len: u8,
}

impl Directions {
    /// The run of `dirs`; `None` when it is empty or longer than four (no piece takes
    /// more than four steps in a turn).
    #[must_use]
    pub fn new(dirs: &[Direction]) -> Option<Directions> {
        if dirs.is_empty() || dirs.len() > MAX_STEPS {
            return None;
        }
        let mut d = Directions {
            dirs: [Direction::North; MAX_STEPS],
            len: dirs.len() as u8,
        };
        d.dirs[..dirs.len()].copy_from_slice(dirs);
        Some(d)
    }

    /// The run of the single direction `dir` (a one-step direction token, `Ee2n`).
    #[must_use]
    pub const fn one(dir: Direction) -> Directions {
        // The unused places hold `North`, as in `Directions::new`, so that equal runs
        // compare equal.
        let mut dirs = [Direction::North; MAX_STEPS];
        dirs[0] = dir;
        Directions { dirs, len: 1 }
    }

    /// The directions, in order.
    #[must_use]
    pub fn as_slice(&self) -> &[Direction] {
        &self.dirs[..self.len as usize]
    }

    /// How many directions (1 to 4).
    #[allow(clippy::len_without_is_empty)] // never empty by construction
    #[must_use]
    pub fn len(&self) -> usize {
        self.len as usize
    }
}

impl fmt::Display for Directions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::padded(f, |f| {
            for d in self.as_slice() {
                write!(f, "{}", d.char())?;
            }
            Ok(())
        })
    }
}

/// What a token claims happens to its piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Property {
    /// The piece ends the turn on this square, or is captured on it.
    Destination(Square),
    /// The piece takes these steps in this order (other steps may come between).
    Steps(Directions),
    /// The piece is captured during the turn.
    Capture,
}

impl Property {
    /// The number of characters the property takes when written.
    #[must_use]
    pub fn text_len(&self) -> usize {
        match self {
            Property::Destination(_) => 2,
            Property::Steps(d) => d.len(),
            Property::Capture => 1,
        }
    }
}

impl fmt::Display for Property {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::padded(f, |f| match self {
            Property::Destination(s) => write!(f, "{s}"),
            Property::Steps(d) => write!(f, "{d}"),
            Property::Capture => f.write_str("x"),
        })
    }
}

/// One Lightvector token: a claim about one piece, such as `Ee4`, `Hb3a4`, `dx`,
/// `d4ee`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Token {
    /// Which piece.
    pub specifier: Specifier,
    /// What happens to it.
    pub property: Property,
}

impl Token {
    /// A token from its two parts.
    #[must_use]
    pub const fn new(specifier: Specifier, property: Property) -> Token {
        Token {
            specifier,
            property,
        }
    }

    /// The number of characters the token takes when written.
    #[must_use]
    pub fn text_len(&self) -> usize {
        self.specifier.text_len() + self.property.text_len()
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::padded(f, |f| write!(f, "{}{}", self.specifier, self.property))
    }
}

/// Why a Lightvector string could not be read: the parse error of Lightvector notation.
/// Errors about a token name it, as written (cut to 12 characters if long).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseLightvectorError {
    /// No tokens: an empty string is not a move.
    #[error("empty move: give at least one token")]
    Empty,
    /// The input is longer than any sensible move.
    #[error("input too long ({len} bytes, at most {MAX_INPUT_LEN})")]
    TooLong {
        /// The length of the input in bytes.
        len: usize,
    },
    /// More tokens than any sensible move.
    #[error("too many tokens (more than {MAX_TOKENS})")]
    TooManyTokens,
    /// A token is longer than any token can be.
    #[error("could not read {token:?}: a token has at most {MAX_TOKEN_LEN} characters")]
    TokenTooLong {
        /// The token.
        token: String,
    },
    /// A token has a character outside the notation's alphabet.
    #[error("could not read {token:?}: only piece letters, squares, directions n s e w and x may appear")]
    BadCharacter {
        /// The token.
        token: String,
    },
    /// A token does not end in a square, directions or `x`.
    #[error("could not read {token:?}: a token ends in a square, directions (n s e w) or x")]
    NoProperty {
        /// The token.
        token: String,
    },
    /// Nothing names the piece before the property.
    #[error("could not read {token:?}: a piece letter or square must come before the property")]
    NoSpecifier {
        /// The token.
        token: String,
    },
    /// More directions than a piece can take in one turn.
    #[error("could not read {token:?}: a piece takes at most {MAX_STEPS} steps in a turn")]
    TooManySteps {
        /// The token.
        token: String,
    },
    /// A token's destination is not a square.
    #[error("could not read {token:?}: the destination is not a square")]
    BadSquare {
        /// The token.
        token: String,
    },
    /// What comes before the property is not a piece letter, a square, or both.
    #[error("could not read {token:?}: the piece must be named by a letter, a square, or a letter and a square")]
    BadSpecifier {
        /// The token.
        token: String,
    },
}

/// What is wrong with one token (the crate's own shorthand; the public error is the
/// matching [`ParseLightvectorError`] variant, with the token).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TokenFault {
    TooLong,
    BadCharacter,
    NoProperty,
    NoSpecifier,
    TooManySteps,
    BadSquare,
    BadSpecifier,
}

impl TokenFault {
    /// The parse error of the token `text`.
    fn at(self, text: &str) -> ParseLightvectorError {
        let token = text.chars().take(12).collect();
        match self {
            TokenFault::TooLong => ParseLightvectorError::TokenTooLong { token },
            TokenFault::BadCharacter => ParseLightvectorError::BadCharacter { token },
            TokenFault::NoProperty => ParseLightvectorError::NoProperty { token },
            TokenFault::NoSpecifier => ParseLightvectorError::NoSpecifier { token },
            TokenFault::TooManySteps => ParseLightvectorError::TooManySteps { token },
            TokenFault::BadSquare => ParseLightvectorError::BadSquare { token },
            TokenFault::BadSpecifier => ParseLightvectorError::BadSpecifier { token },
        }
    }
}

/// Reads a specifier: one, two or three characters.
fn parse_specifier(s: &str) -> Result<Specifier, TokenFault> {
    let b = s.as_bytes();
    let piece = |c: u8| Piece::from_char(c as char).ok_or(TokenFault::BadSpecifier);
    let square = |t: &str| t.parse::<Square>().map_err(|_| TokenFault::BadSpecifier);
    match b.len() {
        0 => Err(TokenFault::NoSpecifier),
        1 => Ok(Specifier::Piece(piece(b[0])?)),
        2 => Ok(Specifier::Square(square(s)?)),
        3 => Ok(Specifier::PieceOn(piece(b[0])?, square(&s[1..])?)),
        _ => Err(TokenFault::BadSpecifier),
    }
}

fn is_dir(c: u8) -> bool {
    matches!(c, b'n' | b's' | b'e' | b'w')
}

impl FromStr for Token {
    type Err = ParseLightvectorError;

    /// Reads one token from the right: a trailing `x` is a capture; a trailing digit
    /// makes the last two characters the destination; otherwise the longest trailing
    /// run of `n s e w` is the property, one character shorter if it would take the
    /// whole token (`ee` is `e` + `e`, `eee` is `e` + `ee`). What is left is the
    /// specifier.
    ///
    /// # Errors
    /// The [`ParseLightvectorError`] naming the token and what is wrong with it.
    fn from_str(s: &str) -> Result<Token, ParseLightvectorError> {
        read_token(s).map_err(|e| e.at(s))
    }
}

/// [`Token`]'s `FromStr`, with the problem alone.
fn read_token(s: &str) -> Result<Token, TokenFault> {
    if !s.is_ascii() {
        return Err(TokenFault::BadCharacter);
    }
    if s.len() > MAX_TOKEN_LEN {
        return Err(TokenFault::TooLong);
    }

    let b = s.as_bytes();
    let Some(&last) = b.last() else {
        return Err(TokenFault::NoSpecifier);
    };

    let n = b.len();
    let (spec, property) = if last == b'x' {
        (&s[..n - 1], Property::Capture)
    } else if last.is_ascii_digit() {
        if n < 2 {
            return Err(TokenFault::NoSpecifier);
        }
        let sq = s[n - 2..]
            .parse::<Square>()
            .map_err(|_| TokenFault::BadSquare)?;
        (&s[..n - 2], Property::Destination(sq))
    } else if is_dir(last) {
        let mut run = b.iter().rev().take_while(|&&c| is_dir(c)).count();
        if run == n {
            run -= 1;
        }
        if run == 0 {
            return Err(TokenFault::NoSpecifier);
        }
        if run > MAX_STEPS {
            return Err(TokenFault::TooManySteps);
        }
        let mut dirs = [Direction::North; MAX_STEPS];
        for (d, &c) in dirs.iter_mut().zip(&b[n - run..]) {
            *d = Direction::from_char(c as char).ok_or(TokenFault::BadCharacter)?;
        }
        let dirs = Directions::new(&dirs[..run]).ok_or(TokenFault::TooManySteps)?;
        (&s[..n - run], Property::Steps(dirs))
    } else if last.is_ascii_alphanumeric() {
        return Err(TokenFault::NoProperty);
    } else {
        return Err(TokenFault::BadCharacter);
    };

    Ok(Token::new(parse_specifier(spec)?, property))
}

/// A move in Lightvector notation: one or more tokens, all of which must hold.
/// Direction tokens are ordered among themselves as written; the others are not.
///
/// ```
/// use arimaa::notation::lightvector::Lightvector;
/// let lv: Lightvector = "re5  Ee4".parse()?;
/// assert_eq!(lv.tokens().len(), 2);
/// assert_eq!(lv.to_string(), "re5 Ee4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Lightvector {
    tokens: Vec<Token>,
}

impl Lightvector {
    /// A move from its tokens; `None` when there are none or more than
    /// [`MAX_TOKENS`].
    #[must_use]
    pub fn new(tokens: Vec<Token>) -> Option<Lightvector> {
        if tokens.is_empty() || tokens.len() > MAX_TOKENS {
            None
        } else {
            Some(Lightvector { tokens })
        }
    }

    /// The tokens, in the order written.
    #[must_use]
    pub fn tokens(&self) -> &[Token] {
        &self.tokens
    }

    /// The number of characters of the written form (tokens and the spaces between).
    pub fn text_len(&self) -> usize {
        self.tokens.iter().map(Token::text_len).sum::<usize>() + self.tokens.len() - 1
    }
}

impl fmt::Display for Lightvector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::pad::padded(f, |f| {
            for (i, t) in self.tokens.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{t}")?;
            }
            Ok(())
        })
    }
}

impl FromStr for Lightvector {
    type Err = ParseLightvectorError;

    /// Reads whitespace-separated tokens.
    ///
    /// # Errors
    /// [`ParseLightvectorError`]: empty or overlong input, too many tokens, or the
    /// first token that cannot be read, named.
    fn from_str(s: &str) -> Result<Lightvector, ParseLightvectorError> {
        if s.len() > MAX_INPUT_LEN {
            return Err(ParseLightvectorError::TooLong { len: s.len() });
        }
        let mut tokens = Vec::new();
        for word in s.split_whitespace() {
            if tokens.len() == MAX_TOKENS {
                return Err(ParseLightvectorError::TooManyTokens);
            }
            tokens.push(word.parse::<Token>()?);
        }
        if tokens.is_empty() {
            return Err(ParseLightvectorError::Empty);
        }
        Ok(Lightvector { tokens })
    }
}
