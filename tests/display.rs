//! The `Display` forms of the vocabulary types: the words or letters each one prints,
//! and width, fill, alignment and precision honoured as for `str`.

use arimaa::notation::record::Termination;

#[test]
fn termination_displays_words_and_keeps_its_letter() {
    let expected = [
        (Termination::Goal, "goal", 'g'),
        (Termination::Immobilization, "immobilization", 'm'),
        (Termination::Elimination, "elimination", 'e'),
        (Termination::Time, "time", 't'),
        (Termination::Resignation, "resignation", 'r'),
        (Termination::IllegalMove, "illegal move", 'i'),
        (Termination::Score, "score", 's'),
        (Termination::Forfeit, "forfeit", 'f'),
        (Termination::Abandoned, "abandoned", 'a'),
        (Termination::Repetition, "repetition", 'p'),
        (Termination::Draw, "draw", 'n'),
    ];
    assert_eq!(Termination::ALL.len(), expected.len());
    for ((t, word, letter), listed) in expected.into_iter().zip(Termination::ALL) {
        assert_eq!(t, listed);
        assert_eq!(t.to_string(), word);
        assert_eq!(t.name(), word);
        assert_eq!(t.char(), letter);
        assert_eq!(Termination::from_char(letter), Some(t));
    }
    // `Termination` is `#[non_exhaustive]`: its doc test shows an exhaustive match
    // outside the crate refused (as for `RecordStop`, `RecordError`, `ReplayError`).
}
