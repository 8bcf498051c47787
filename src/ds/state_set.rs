//! A set of (cell, heading) states, packed one bit a state: four bits a cell (two cells a
//! byte) where cells have at most four sides, a byte a cell where they have up to eight.
//!
//! A wall follower's next move depends only on the cell it stands on and the way it faces, so
//! standing in a state it has been in before means it will only repeat itself. A heading is a
//! side of the cell (0 to 7), so a cell's states fit in a byte: bit `h` for facing side `h`
//! (the side's passage bit). On the square grid four bits do, and two cells share a byte, the
//! even cell in the low half: on a large maze an eighth of a byte per state keeps the whole
//! set small enough to stay cached.
//!
//! Which packing a set uses follows from the most headings a cell has, and every call passes
//! that number in (the grid's `max_sides`) rather than the set reading it back from memory:
//! for the square grid it is the constant 4, so the packing is fixed when the wall follower is
//! compiled for it, with no shift by a stored amount on every step.

use crate::topology::Side;

/// A set of (cell, heading) pairs for the cells `0..len`. Every method but [`StateSet::count`]
/// takes `headings`, the number the set was made for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateSet {
    /// Bit `h` of `cell`'s part of `bits[cell >> pair(headings)]` is set when (cell, heading
    /// `h`) is in.
    bits: Vec<u8>,
    /// The `headings` the set was made for: checked against the callers' in debug builds.
    headings: u8,
}

/// 1 when two cells share a byte (at most four headings), 0 when each has its own.
#[inline]
fn pair(headings: u8) -> usize {
    usize::from(headings <= 4)
}

impl StateSet {
    /// An empty set for the cells `0..len`, each with headings `0..headings` (at most 8).
    pub fn new(len: usize, headings: u8) -> StateSet {
        StateSet {
            bits: vec![0; len.div_ceil(1 << pair(headings))],
            headings,
        }
    }

    /// Whether (cell, heading) is in the set.
    #[inline]
    pub fn contains(&self, headings: u8, cell: usize, heading: Side) -> bool {
        self.bits[self.byte(headings, cell)] & state_bit(headings, cell, heading) != 0
    }

    /// Whether any state of `cell`, whatever the heading, is in the set.
    #[inline]
    pub fn has_cell(&self, headings: u8, cell: usize) -> bool {
        self.bits[self.byte(headings, cell)] & cell_bits(headings, cell) != 0
    }

    /// Adds (cell, heading); returns whether the cell had no state in the set before.
    #[inline]
    pub fn insert(&mut self, headings: u8, cell: usize, heading: Side) -> bool {
        let (cell_bits, state_bit) = (
            cell_bits(headings, cell),
            state_bit(headings, cell, heading),
        );
        let at = self.byte(headings, cell);
        let byte = &mut self.bits[at];
        let new_cell = *byte & cell_bits == 0;
        *byte |= state_bit;
        new_cell
    }

    /// Takes (cell, heading) out of the set.
    pub fn remove(&mut self, headings: u8, cell: usize, heading: Side) {
        let at = self.byte(headings, cell);
        self.bits[at] &= !state_bit(headings, cell, heading);
    }

    /// Takes every state of `cell` out of the set.
    pub fn remove_cell(&mut self, headings: u8, cell: usize) {
        let at = self.byte(headings, cell);
        self.bits[at] &= !cell_bits(headings, cell);
    }

    /// How many states are in the set (counted, bit by bit).
    pub fn count(&self) -> u64 {
        self.bits.iter().map(|b| u64::from(b.count_ones())).sum()
    }

    /// The byte holding `cell`'s states.
    #[inline]
    fn byte(&self, headings: u8, cell: usize) -> usize {
        debug_assert_eq!(
            headings, self.headings,
            "a state set used with another packing"
        );
        cell >> pair(headings)
    }
}

/// Where `cell`'s bits start in its byte: 0, or 4 for the odd cell of a shared byte.
#[inline]
fn shift(headings: u8, cell: usize) -> usize {
    4 * (cell & pair(headings))
}

/// The bits of `cell`'s byte that are `cell`'s, one per heading.
#[inline]
fn cell_bits(headings: u8, cell: usize) -> u8 {
    (0xff >> (4 * pair(headings))) << shift(headings, cell)
}

/// The bit of `cell`'s byte for standing on `cell` facing `heading`.
#[inline]
fn state_bit(headings: u8, cell: usize, heading: Side) -> u8 {
    (1 << heading) << shift(headings, cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_are_kept_per_cell_and_heading() {
        for headings in [4, 8] {
            let mut seen = StateSet::new(3, headings);
            assert!(seen.insert(headings, 1, 1));
            assert!(!seen.insert(headings, 1, 3));
            assert!(seen.insert(headings, 2, 1));
            assert!(seen.contains(headings, 1, 1));
            assert!(seen.contains(headings, 1, 3));
            assert!(!seen.contains(headings, 1, 0));
            assert!(!seen.contains(headings, 0, 1));
            assert!(seen.contains(headings, 2, 1));
            assert!(!seen.contains(headings, 2, 3));
            assert_eq!(seen.count(), 3);
        }
    }

    /// Every cell, every heading: each state in and out on its own, the other cells untouched
    /// (in particular the other cell of a shared byte).
    #[test]
    fn cells_do_not_mix() {
        for headings in [3, 4, 6, 8] {
            for len in [1, 2, 5] {
                let mut seen = StateSet::new(len, headings);
                for cell in 0..len {
                    for heading in 0..headings {
                        let before = seen.clone();
                        assert!(!seen.contains(headings, cell, heading));
                        let new_cell = !seen.has_cell(headings, cell);
                        assert_eq!(seen.insert(headings, cell, heading), new_cell);
                        assert!(
                            seen.contains(headings, cell, heading) && seen.has_cell(headings, cell)
                        );
                        for other in (0..len).filter(|&other| other != cell) {
                            assert_eq!(
                                seen.has_cell(headings, other),
                                before.has_cell(headings, other)
                            );
                        }
                        seen.remove(headings, cell, heading);
                        assert_eq!(seen, before, "{cell} {heading} in and out");
                        // Back in, to stay: only the first heading finds the cell empty.
                        assert_eq!(seen.insert(headings, cell, heading), heading == 0);
                    }
                    assert_eq!(seen.count(), u64::from(headings) * (cell as u64 + 1));
                }
                for cell in 0..len {
                    seen.remove_cell(headings, cell);
                    assert!(!seen.has_cell(headings, cell));
                }
                assert_eq!(seen, StateSet::new(len, headings));
            }
        }
    }
}
