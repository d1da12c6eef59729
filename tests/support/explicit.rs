//! The explicit Lightvector form of a move: one `<letter><start><end>` token for each
//! piece that ends away from its start, one `<letter><start>x` token for each piece
//! captured, in the order the pieces first move (also included by
//! `benches/notation.rs`).

use arimaa::{Move, Piece, Position, Square};

/// The explicit form of `mv`, a legal move in `pos` (panics otherwise).
pub fn explicit(pos: &Position, mv: &Move) -> String {
    // (piece, start, current square, captured)
    let mut pieces: Vec<(Piece, Square, Square, bool)> = Vec::new();
    let mut p = pos.clone();
    for &s in mv.steps() {
        let eff = p.play_step(s).expect("a legal move");
        let i = match pieces.iter().position(|t| !t.3 && t.2 == eff.from) {
            Some(i) => i,
            None => {
                pieces.push((eff.piece, eff.from, eff.from, false));
                pieces.len() - 1
            }
        };
        pieces[i].2 = eff.to;
        if let Some(c) = eff.capture {
            match pieces.iter().position(|t| !t.3 && t.2 == c.square) {
                Some(j) => pieces[j].3 = true,
                None => pieces.push((c.piece, c.square, c.square, true)),
            }
        }
    }
    pieces
        .iter()
        .filter(|t| t.3 || t.1 != t.2)
        .map(|t| {
            if t.3 {
                format!("{}{}x", t.0, t.1)
            } else {
                format!("{}{}{}", t.0, t.1, t.2)
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
