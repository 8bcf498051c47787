//! The data-structure views of the teaching panel: a titled list of short items per
//! structure, and a way to list the best entries of a huge heap without sorting it.

use super::{xy, Sentence};
use crate::maze::Maze;

/// One data structure of a machine, as the teaching panel shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Structure {
    /// E.g. "Queue (front first)".
    pub title: &'static str,
    /// The true number of entries, however many `items` shows.
    pub total: u64,
    /// The first entries, as short text ("(3, 4)", "(3, 4) f=12 g=5 h=7").
    pub items: Vec<String>,
    /// An optional one-liner ("merging set of (3, 4) (12 cells) with …"); "" if none.
    pub note: String,
    /// The items that have words, as sentences (index into `items`, sentence): the page says
    /// them in its language. Items of only names and numbers are not here.
    pub words: Vec<(usize, Sentence)>,
    /// `note` as a sentence, when it has one.
    pub note_words: Option<Sentence>,
}

impl Structure {
    pub fn new(title: &'static str, total: u64) -> Structure {
        Structure {
            title,
            total,
            items: Vec::new(),
            note: String::new(),
            words: Vec::new(),
            note_words: None,
        }
    }

    /// Adds an item with words: its English to `items`, the sentence to `words`.
    #[inline(never)]
    pub fn item(&mut self, sentence: Sentence) {
        self.words.push((self.items.len(), sentence.clone()));
        self.items.push(sentence.english());
    }

    /// Sets the note to a sentence (its English in `note`).
    #[inline(never)]
    pub fn say(mut self, sentence: Sentence) -> Structure {
        self.set_note(sentence);
        self
    }

    /// [`Structure::say`] in place.
    #[inline(never)]
    pub fn set_note(&mut self, sentence: Sentence) {
        self.note = sentence.english();
        self.note_words = Some(sentence);
    }

    /// The structure with `cells` (at most `limit` of them) listed as coordinates. Takes a
    /// `dyn Iterator` so that one copy of this code serves every machine's collection.
    pub fn cells(
        mut self,
        maze: &Maze,
        cells: &mut dyn Iterator<Item = usize>,
        limit: usize,
    ) -> Structure {
        for cell in cells.take(limit) {
            self.items.push(xy(maze, cell));
        }
        self
    }
}

/// The best `limit` entries of a binary heap's array (the layout `BinaryHeap::as_slice`
/// gives: children of `i` at `2i + 1` and `2i + 2`; with `arity` 4, a
/// [`crate::ds::quad_heap::QuadHeap`]'s, at `4i + 1 ..= 4i + 4`), best (greatest) first, skipping
/// those `keep` refuses. A best-first walk from the root touches about arity·limit entries (plus
/// the refused ones), so a panel can show the front of a huge open set without sorting it.
pub fn heap_best<T: Ord + Copy>(
    heap: &[T],
    arity: usize,
    limit: usize,
    keep: &dyn Fn(T) -> bool,
) -> Vec<T> {
    let mut best = Vec::new();
    let mut fringe = std::collections::BinaryHeap::new();
    if !heap.is_empty() {
        fringe.push((heap[0], 0));
    }
    while best.len() < limit {
        let Some((entry, at)) = fringe.pop() else {
            break;
        };
        if keep(entry) {
            best.push(entry);
        }
        for child in arity * at + 1..=arity * at + arity {
            if let Some(&next) = heap.get(child) {
                fringe.push((next, child));
            }
        }
    }
    best
}
