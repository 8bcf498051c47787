//! Undo notes: what a step overwrote in a machine's own bookkeeping (an old value, a position
//! in a heap), written down as words so that the step can be taken back
//! ([`crate::machine::Machine::undo`]). The board keeps them beside its journal of changed
//! cells; the data structures in [`crate::ds`] write theirs through [`NoteSink`], knowing
//! nothing of boards.

/// Where undo notes go.
pub trait NoteSink {
    /// Whether notes are kept now (a board's journal is on): a structure may skip work that
    /// only taking a step back would need.
    fn keeps_notes(&self) -> bool;

    /// Keeps `word` for taking back the step under way, if notes are kept.
    fn note(&mut self, word: u32);

    /// [`NoteSink::note`] for a few words at once.
    fn note_words(&mut self, words: &[u32]);
}

/// A plain list that keeps every note: what the data structures' own tests write into.
impl NoteSink for Vec<u32> {
    fn keeps_notes(&self) -> bool {
        true
    }

    fn note(&mut self, word: u32) {
        self.push(word);
    }

    fn note_words(&mut self, words: &[u32]) {
        self.extend_from_slice(words);
    }
}
