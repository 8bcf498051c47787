//! A count that may not fit any machine word: the number of shortest paths across an open room
//! grows like a binomial coefficient (200 × 200 cells: C(398, 199), about 10^118).
//!
//! Only what counting paths needs: one, adding, and writing it out. It is kept in base 10^9,
//! nine decimal digits a word, least significant first, so adding carries in whole words and
//! the decimal text is the words written out in turn. The words are also what a step notes
//! to be taken back ([`BigCount::words`], [`BigCount::from_words`]).

/// The base of a word: nine decimal digits.
const BASE: u32 = 1_000_000_000;

/// An unsigned whole number of any size, that can only grow.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BigCount {
    /// Base-10^9 digits, least significant first; no zero word at the top (zero is empty).
    words: Vec<u32>,
}

impl BigCount {
    /// The number 1.
    pub fn one() -> BigCount {
        BigCount { words: vec![1] }
    }

    /// Adds `other` to this one.
    pub fn add(&mut self, other: &BigCount) {
        if self.words.len() < other.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        let mut carry = 0;
        for (i, word) in self.words.iter_mut().enumerate() {
            let sum = *word + other.words.get(i).copied().unwrap_or(0) + carry;
            (*word, carry) = if sum >= BASE {
                (sum - BASE, 1)
            } else {
                (sum, 0)
            };
            if carry == 0 && i >= other.words.len() {
                break;
            }
        }
        if carry > 0 {
            self.words.push(carry);
        }
    }

    /// The number in decimal digits ("0" for zero).
    pub fn decimal(&self) -> String {
        let Some((top, rest)) = self.words.split_last() else {
            return "0".to_string();
        };
        let mut text = top.to_string();
        for word in rest.iter().rev() {
            text.push_str(&format!("{word:09}"));
        }
        text
    }

    /// The number as a `u64`, if it fits.
    pub fn to_u64(&self) -> Option<u64> {
        self.words.iter().rev().try_fold(0u64, |value, &word| {
            value
                .checked_mul(u64::from(BASE))?
                .checked_add(u64::from(word))
        })
    }

    /// Its base-10^9 words, least significant first, for a note.
    pub fn words(&self) -> &[u32] {
        &self.words
    }

    /// The number from its [`BigCount::words`].
    pub fn from_words(words: &[u32]) -> BigCount {
        BigCount {
            words: words.to_vec(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_with_carries_across_words() {
        let mut n = BigCount::default();
        assert_eq!(n.decimal(), "0");
        n.add(&BigCount::one());
        assert_eq!(n.decimal(), "1");
        // 999,999,999 + 1 carries into a second word.
        let mut nines = BigCount::from_words(&[BASE - 1]);
        nines.add(&BigCount::one());
        assert_eq!(nines.decimal(), "1000000000");
        assert_eq!(nines.words(), &[0, 1]);
        // Doubling 2^0 seventy times: 2^70, beyond u64, written exactly.
        let mut power = BigCount::one();
        for _ in 0..70 {
            let copy = power.clone();
            power.add(&copy);
        }
        assert_eq!(power.decimal(), "1180591620717411303424");
        assert_eq!(power.to_u64(), None);
        let mut small = BigCount::one();
        small.add(&BigCount::from_words(&[5, 3]));
        assert_eq!(small.decimal(), "3000000006");
        assert_eq!(small.to_u64(), Some(3_000_000_006));
        // Adding a longer number to a shorter one.
        let mut short = BigCount::from_words(&[BASE - 1]);
        short.add(&BigCount::from_words(&[1, BASE - 1, 7]));
        assert_eq!(short.decimal(), "8000000000000000000");
    }
}
