//! The one source of randomness: PCG32 (`rand_pcg::Pcg32`), seeded from a `u64`.
//!
//! PCG32's output is fixed by its published algorithm, so a seed gives the same numbers on every
//! platform (wasm32 included) and in every release. The few ways we draw from it — a number below
//! `n`, a coin flip, a shuffle — are written here rather than borrowed from `rand`, so that an
//! upgrade of `rand`'s sampling code can never change a maze. Golden tests lock the results.

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg32;

/// A seeded, portable random number generator.
#[derive(Clone, Debug)]
pub struct Rng {
    pcg: Pcg32,
}

impl Rng {
    /// The generator for a seed. Equal seeds give equal sequences everywhere.
    pub fn new(seed: u64) -> Rng {
        Rng {
            pcg: Pcg32::seed_from_u64(seed),
        }
    }

    /// A uniformly distributed 32-bit number.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        self.pcg.next_u32()
    }

    /// A uniform number in `0..n` (Lemire's multiply-and-reject: unbiased, rarely rejects).
    /// `n` must be at least 1.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0, "below(0) has no answer");
        let mut product = u64::from(self.next_u32()) * u64::from(n);
        // The threshold is below `n`, so a low half of at least `n` is accepted without
        // computing it: the division runs only in the rare case that might be rejected.
        if (product as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (product as u32) < threshold {
                product = u64::from(self.next_u32()) * u64::from(n);
            }
        }
        (product >> 32) as u32
    }

    /// A uniform index into a slice of `len` elements (`len` at least 1).
    #[inline]
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u32) as usize
    }

    /// A fair coin: `true` or `false` with equal chance.
    #[inline]
    pub fn coin(&mut self) -> bool {
        self.next_u32() & 0x8000_0000 != 0
    }

    /// `true` with probability `p` (clamped to `0..=1`).
    pub fn chance(&mut self, p: f64) -> bool {
        let p = p.clamp(0.0, 1.0);
        (f64::from(self.next_u32()) / 4_294_967_296.0) < p
    }

    /// Fisher–Yates shuffle in place.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

/// A chance fixed once, tried with one draw each time: for a generator's knob (SideWinder's
/// run-close, Eller's join and drop). At one half it is exactly [`Rng::coin`], so a knob at its
/// default draws the same numbers, and makes the same mazes, as the fair coin it replaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Odds {
    /// Of the 2³² draws, how many say yes: the top ones.
    yes: u64,
}

impl Odds {
    /// A fair coin.
    pub const FAIR: Odds = Odds { yes: 1 << 31 };

    /// Yes with chance `p` (clamped to 0 to 1).
    pub fn new(p: f64) -> Odds {
        let p = if p.is_nan() { 0.5 } else { p.clamp(0.0, 1.0) };
        Odds {
            yes: (p * 4_294_967_296.0).round() as u64,
        }
    }

    /// One try: one draw, yes if it is among the top `yes` of the 2³².
    #[inline]
    pub fn hit(self, rng: &mut Rng) -> bool {
        u64::from(rng.next_u32()) + self.yes >= 1 << 32
    }
}

/// Fair coins drawn 32 at a time: one 32-bit number from the [`Rng`] gives 32 tosses, used
/// from the lowest bit up. For machines that toss a coin for almost every cell (Binary Tree,
/// SideWinder), where one full draw per toss would cost more than the rest of the step. The
/// bits not used yet belong to the machine, so a machine that keeps a `Coins` and is stepped
/// one at a time or run to the end still sees the very same tosses.
///
/// Two bits make a choice among four ([`Coins::quarter`]): a random walk's next direction,
/// sixteen moves from one number.
#[derive(Clone, Debug, Default)]
pub struct Coins {
    bits: u32,
    left: u32,
}

impl Coins {
    /// A fair coin: `true` or `false` with equal chance.
    #[inline]
    pub fn toss(&mut self, rng: &mut Rng) -> bool {
        self.take(rng, 1) != 0
    }

    /// A number in `0..4`, each with equal chance.
    #[inline]
    pub fn quarter(&mut self, rng: &mut Rng) -> u32 {
        self.take(rng, 2)
    }

    /// Up to `most` tosses at once (`most` at least 1): returns them as bits, toss `i` in bit
    /// `i`, and how many there are. That is every toss left in the current draw, or a new
    /// draw's 32 when none is left, capped at `most`: exactly the tosses that `most` calls of
    /// [`Coins::toss`] would begin with, so a machine can take a row's decisions in a few
    /// words instead of one by one.
    #[inline]
    pub fn tosses(&mut self, rng: &mut Rng, most: u32) -> (u32, u32) {
        debug_assert!(most > 0, "tosses(0) would take nothing");
        if self.left == 0 {
            self.bits = rng.next_u32();
            self.left = 32;
        }
        let count = self.left.min(most);
        let bits = self.bits & (u32::MAX >> (32 - count));
        // `checked_shr`: a shift by 32 (all the tosses taken) leaves no bits, not the same bits.
        self.bits = self.bits.checked_shr(count).unwrap_or(0);
        self.left -= count;
        (bits, count)
    }

    /// The coins' whole state in two words, for a machine to note before a step that tosses
    /// (see [`crate::board::Board::note`]) and so take the step back.
    pub fn words(&self) -> [u32; 2] {
        [self.bits, self.left]
    }

    /// Coins as [`Coins::words`] gave them.
    pub fn from_words([bits, left]: [u32; 2]) -> Coins {
        Coins { bits, left }
    }

    /// Takes back the last [`Coins::toss`], which gave `toss`: for a machine's undo. Exact
    /// when the coins are used for nothing but tosses.
    pub fn untake_toss(&mut self, toss: bool) {
        self.untake(1, u32::from(toss));
    }

    /// Takes back the last [`Coins::quarter`], which gave `quarter`: for a machine's undo.
    /// Exact when the coins are used for nothing but quarters (their bits then go in pairs).
    pub fn untake_quarter(&mut self, quarter: u32) {
        self.untake(2, quarter);
    }

    /// Puts the last `n` bits taken, `value`, back at the bottom. With `32 - n` left they
    /// began a fresh draw onto empty coins, whose spent bits are all zero: empty again.
    fn untake(&mut self, n: u32, value: u32) {
        *self = if self.left == 32 - n {
            Coins::default()
        } else {
            Coins {
                bits: self.bits << n | value,
                left: self.left + n,
            }
        };
    }

    /// The next `n` bits (1 or 2) as a number below 2ⁿ. Bits too few for a draw are dropped.
    #[inline(always)]
    fn take(&mut self, rng: &mut Rng, n: u32) -> u32 {
        if self.left < n {
            self.bits = rng.next_u32();
            self.left = 32;
        }
        let value = self.bits & ((1 << n) - 1);
        self.bits >>= n;
        self.left -= n;
        value
    }
}

/// A fresh seed from the operating system (or the browser's crypto). Never used inside the
/// algorithms: only to pick a seed that is then printed so the maze can be made again.
pub fn fresh_seed() -> u64 {
    // getrandom can only fail on platforms without an entropy source; fall back to the clock
    // there rather than refuse to make a maze.
    getrandom::u64().unwrap_or_else(|_| clock_seed())
}

fn clock_seed() -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::time::{SystemTime, UNIX_EPOCH};
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0x5eed)
    }
    #[cfg(target_arch = "wasm32")]
    {
        0x5eed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        for _ in 0..100 {
            assert_eq!(a.next_u32(), b.next_u32());
        }
        assert_ne!(Rng::new(1).next_u32(), Rng::new(2).next_u32());
    }

    #[test]
    fn odds_at_one_half_are_the_fair_coin_and_the_ends_are_sure() {
        let (mut a, mut b) = (Rng::new(5), Rng::new(5));
        assert_eq!(Odds::new(0.5), Odds::FAIR);
        for _ in 0..1000 {
            assert_eq!(Odds::FAIR.hit(&mut a), b.coin());
        }
        let mut rng = Rng::new(6);
        assert!((0..1000).all(|_| Odds::new(1.0).hit(&mut rng)));
        assert!((0..1000).all(|_| !Odds::new(0.0).hit(&mut rng)));
        let hits = (0..10_000).filter(|_| Odds::new(0.2).hit(&mut rng)).count();
        assert!((1800..2200).contains(&hits), "{hits} hits of 10000 at 0.2");
    }

    #[test]
    fn coins_use_every_bit_of_a_draw_lowest_first() {
        let mut rng = Rng::new(9);
        let draws = [rng.next_u32(), rng.next_u32()];
        let mut rng = Rng::new(9);
        let mut coins = Coins::default();
        for draw in draws {
            for bit in 0..32 {
                assert_eq!(coins.toss(&mut rng), draw >> bit & 1 == 1);
            }
        }
    }

    #[test]
    fn tosses_at_once_are_the_tosses_one_at_a_time() {
        // Takes of every size, across draw boundaries, interleaved with single tosses.
        for most in [1, 2, 5, 31, 32, 33, 100] {
            let (mut rng_one, mut rng_many) = (Rng::new(9), Rng::new(9));
            let (mut one, mut many) = (Coins::default(), Coins::default());
            for round in 0..40 {
                let (bits, count) = many.tosses(&mut rng_many, most);
                assert!(
                    count >= 1 && count <= most.min(32),
                    "count {count} for most {most}"
                );
                for i in 0..count {
                    let toss = one.toss(&mut rng_one);
                    assert_eq!(
                        bits >> i & 1 == 1,
                        toss,
                        "most {most} round {round} toss {i}"
                    );
                }
                assert_eq!(u64::from(bits) >> count, 0, "bits past the count");
                assert_eq!(one.toss(&mut rng_one), many.toss(&mut rng_many));
            }
            assert_eq!(
                rng_one.next_u32(),
                rng_many.next_u32(),
                "draws used, most {most}"
            );
        }
    }

    #[test]
    fn quarters_use_a_draw_two_bits_at_a_time_lowest_first() {
        let mut rng = Rng::new(9);
        let draws = [rng.next_u32(), rng.next_u32()];
        let mut rng = Rng::new(9);
        let mut coins = Coins::default();
        for draw in draws {
            for pair in 0..16 {
                assert_eq!(coins.quarter(&mut rng), draw >> (2 * pair) & 3);
            }
        }
        // A toss then uses one bit, and a quarter with one bit left starts a fresh draw.
        let mut rng = Rng::new(4);
        let draws = [rng.next_u32(), rng.next_u32()];
        let mut rng = Rng::new(4);
        let mut coins = Coins::default();
        assert_eq!(coins.toss(&mut rng), draws[0] & 1 == 1);
        for pair in 0..15 {
            assert_eq!(coins.quarter(&mut rng), draws[0] >> (1 + 2 * pair) & 3);
        }
        assert_eq!(coins.quarter(&mut rng), draws[1] & 3);
    }

    #[test]
    fn pcg32_sequence_is_locked() {
        // If this changes, every golden maze changes: PCG32 or its seeding moved.
        let mut rng = Rng::new(0);
        let first: Vec<u32> = (0..3).map(|_| rng.next_u32()).collect();
        assert_eq!(first, [298_703_107, 4_236_525_527, 336_081_875]);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(7);
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            let v = rng.below(5);
            assert!(v < 5);
            seen[v as usize] += 1;
        }
        // Each of five values should come up roughly 1000 times.
        assert!(seen.iter().all(|&n| (800..1200).contains(&n)), "{seen:?}");
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn below_draws_what_plain_lemire_draws() {
        // `below` skips the division when it can; the numbers must be those of the plain
        // method, which computes the threshold every time, or every maze would change.
        fn plain(rng: &mut Rng, n: u32) -> u32 {
            let threshold = n.wrapping_neg() % n;
            loop {
                let product = u64::from(rng.next_u32()) * u64::from(n);
                if (product as u32) >= threshold {
                    return (product >> 32) as u32;
                }
            }
        }
        let (mut fast, mut slow) = (Rng::new(11), Rng::new(11));
        let mut sizes = Rng::new(12);
        for i in 0..20_000u32 {
            // Small sizes, huge sizes (where rejections are common) and everything between.
            let n = match i % 3 {
                0 => 1 + i % 7,
                1 => (1 << 31) + sizes.below(1 << 31),
                _ => 1 + sizes.next_u32() % (u32::MAX / 2),
            };
            assert_eq!(fast.below(n), plain(&mut slow, n), "n = {n}");
        }
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = Rng::new(3);
        let mut items: Vec<u32> = (0..100).collect();
        rng.shuffle(&mut items);
        assert_ne!(items, (0..100).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..100).collect::<Vec<_>>());
    }
}
