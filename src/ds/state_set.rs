//! A set of (cell, heading) states, packed four bits a cell, two cells a byte.
//!
//! A wall follower's next move depends only on the cell it stands on and the way it faces, so
//! standing in a state it has been in before means it will only repeat itself. There are four
//! headings, so a cell's states fit in four bits: bit `d` for facing direction `d` (the
//! direction's passage bit). Two cells share a byte, the even cell in the low half: on a
//! large maze an eighth of a byte per state keeps the whole set small enough to stay cached.

use crate::maze::Direction;

/// A set of (cell, heading) pairs for the cells `0..len`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateSet {
    /// Bit `d` of `cell`'s half of `bits[cell / 2]` is set when (cell, heading `d`) is in.
    bits: Vec<u8>,
}

impl StateSet {
    /// An empty set for the cells `0..len`.
    pub fn new(len: usize) -> StateSet {
        StateSet {
            bits: vec![0; len.div_ceil(2)],
        }
    }

    /// Whether (cell, heading) is in the set.
    #[inline]
    pub fn contains(&self, cell: usize, heading: Direction) -> bool {
        self.bits[cell / 2] & state_bit(cell, heading) != 0
    }

    /// Whether any state of `cell`, whatever the heading, is in the set.
    #[inline]
    pub fn has_cell(&self, cell: usize) -> bool {
        self.bits[cell / 2] & cell_bits(cell) != 0
    }

    /// Adds (cell, heading); returns whether the cell had no state in the set before.
    #[inline]
    pub fn insert(&mut self, cell: usize, heading: Direction) -> bool {
        let byte = &mut self.bits[cell / 2];
        let new_cell = *byte & cell_bits(cell) == 0;
        *byte |= state_bit(cell, heading);
        new_cell
    }

    /// Takes (cell, heading) out of the set.
    pub fn remove(&mut self, cell: usize, heading: Direction) {
        self.bits[cell / 2] &= !state_bit(cell, heading);
    }

    /// Takes every state of `cell` out of the set.
    pub fn remove_cell(&mut self, cell: usize) {
        self.bits[cell / 2] &= !cell_bits(cell);
    }

    /// How many states are in the set (counted, bit by bit).
    pub fn count(&self) -> u64 {
        self.bits.iter().map(|b| u64::from(b.count_ones())).sum()
    }
}

/// The bits of `bits[cell / 2]` for `cell`, one per heading.
#[inline]
fn cell_bits(cell: usize) -> u8 {
    0x0f << (4 * (cell % 2))
}

/// The bit of `bits[cell / 2]` for standing on `cell` facing `heading`.
#[inline]
fn state_bit(cell: usize, heading: Direction) -> u8 {
    heading.bit() << (4 * (cell % 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_are_kept_per_cell_and_heading() {
        let mut seen = StateSet::new(3);
        assert!(seen.insert(1, Direction::East));
        assert!(!seen.insert(1, Direction::West));
        assert!(seen.insert(2, Direction::East));
        assert!(seen.contains(1, Direction::East));
        assert!(seen.contains(1, Direction::West));
        assert!(!seen.contains(1, Direction::North));
        assert!(!seen.contains(0, Direction::East));
        assert!(seen.contains(2, Direction::East));
        assert!(!seen.contains(2, Direction::West));
        assert_eq!(seen.count(), 3);
    }

    /// The two cells of a byte, every heading: each state in and out on its own, the other
    /// cell untouched.
    #[test]
    fn cells_sharing_a_byte_do_not_mix() {
        for len in [1, 2, 5] {
            let mut seen = StateSet::new(len);
            for cell in 0..len {
                for heading in Direction::ALL {
                    let before = seen.clone();
                    assert!(!seen.contains(cell, heading));
                    let new_cell = !seen.has_cell(cell);
                    assert_eq!(seen.insert(cell, heading), new_cell);
                    assert!(seen.contains(cell, heading) && seen.has_cell(cell));
                    for other in (0..len).filter(|&other| other != cell) {
                        assert_eq!(seen.has_cell(other), before.has_cell(other));
                    }
                    seen.remove(cell, heading);
                    assert_eq!(seen, before, "{cell} {heading:?} in and out");
                    // Back in, to stay: only the first heading finds the cell empty.
                    assert_eq!(seen.insert(cell, heading), heading == Direction::ALL[0]);
                }
                assert_eq!(seen.count(), 4 * (cell as u64 + 1));
            }
            for cell in 0..len {
                seen.remove_cell(cell);
                assert!(!seen.has_cell(cell));
            }
            assert_eq!(seen, StateSet::new(len));
        }
    }
}
