//! The random stream of Simon Tatham's puzzle collection, draw for draw, so that a seed typed into
//! either program names the same puzzle.
//!
//! Upstream hashes the seed text with SHA-1 into a 40-byte state and reads random bytes from
//! SHA-1 of that state, counting the state up by one each time 20 bytes are used. Numbers below a
//! limit are drawn by rejection from a few more bits than the limit needs, and shuffles are
//! Fisher-Yates from the end. Every step is integer arithmetic, so the stream is the same on
//! every platform.

use sha1::{Digest, Sha1};

/// Three bits more than `limit` needs.
const fn bits_for(limit: u64) -> u32 {
    64 - limit.leading_zeros() + 3
}

/// How [`UpstreamRandom::below`] draws below a small limit, worked out once.
#[derive(Clone, Copy)]
struct SmallLimit {
    /// Bits drawn: three more than the limit needs.
    bits: u8,
    /// Draws at or above this are rejected: the limit times the bucket width `2^bits / limit`.
    accepted: u16,
    /// `ceil(2^32 / width)`, which divides any draw (under 2^11) by the width exactly with one
    /// multiplication (11 + 11 bits of operands stay well inside the 32 bits of the shift).
    reciprocal: u32,
}

/// [`SmallLimit`] for each limit below 256.
const SMALL_LIMITS: [SmallLimit; 256] = {
    let mut table = [SmallLimit {
        bits: 0,
        accepted: 0,
        reciprocal: 0,
    }; 256];
    let mut limit = 1;
    while limit < 256 {
        let bits = bits_for(limit as u64);
        let width = (1u64 << bits) / limit as u64;
        table[limit] = SmallLimit {
            bits: bits as u8,
            accepted: (width * limit as u64) as u16,
            reciprocal: (1u64 << 32).div_ceil(width) as u32,
        };
        limit += 1;
    }
    table
};

/// Upstream's random stream (`random_new`, `random_bits`, `random_upto`, `shuffle`).
#[derive(Clone, Debug)]
pub struct UpstreamRandom {
    state: [u8; 40],
    block: [u8; 20],
    used: usize,
}

fn sha1(bytes: &[u8]) -> [u8; 20] {
    Sha1::digest(bytes).into()
}

impl UpstreamRandom {
    /// The stream named by the seed text (upstream hashes its bytes as given).
    pub fn new(seed: &[u8]) -> Self {
        let mut state = [0u8; 40];
        state[..20].copy_from_slice(&sha1(seed));
        let second = sha1(&state[..20]);
        state[20..].copy_from_slice(&second);
        Self {
            block: sha1(&state),
            state,
            used: 0,
        }
    }

    /// The next `bits` (1 to 31) random bits, most significant first.
    #[inline]
    pub fn bits(&mut self, bits: u32) -> u64 {
        debug_assert!((1..32).contains(&bits));
        let bytes = bits.div_ceil(8) as usize;
        let mask = (1u64 << bits) - 1;
        // A generator attempt draws hundreds of numbers of one or two bytes, nearly all from
        // the current block.
        if bytes <= 2 && self.used + 2 <= self.block.len() {
            let first = u64::from(self.block[self.used]);
            if bytes == 1 {
                self.used += 1;
                return first & mask;
            }
            let second = u64::from(self.block[self.used + 1]);
            self.used += 2;
            return (first << 8 | second) & mask;
        }
        let mut value = 0u64;
        for _ in 0..bytes {
            if self.used == self.block.len() {
                self.advance();
            }
            value = (value << 8) | u64::from(self.block[self.used]);
            self.used += 1;
        }
        value & mask
    }

    /// Counts the first half of the state up by one (little-endian) and hashes a new block.
    fn advance(&mut self) {
        for byte in &mut self.state[..20] {
            if *byte == 0xFF {
                *byte = 0;
            } else {
                *byte += 1;
                break;
            }
        }
        self.block = sha1(&self.state);
        self.used = 0;
    }

    /// A uniform number in `0..limit` (`limit` > 0), as upstream draws it: three bits more than
    /// the limit needs, rejecting the top partial bucket.
    pub fn below(&mut self, limit: usize) -> usize {
        debug_assert!(limit > 0);
        if let Some(small) = SMALL_LIMITS.get(limit) {
            // The shuffles and the Latin square draw hundreds of small numbers per puzzle, and
            // the two divisions below were most of a draw's cost.
            loop {
                let data = self.bits(u32::from(small.bits));
                if data < u64::from(small.accepted) {
                    return ((data * u64::from(small.reciprocal)) >> 32) as usize;
                }
            }
        }
        let limit = limit as u64;
        let bits = bits_for(limit);
        let divisor = (1u64 << bits) / limit;
        let max = limit * divisor;
        loop {
            let data = self.bits(bits);
            if data < max {
                return (data / divisor) as usize;
            }
        }
    }

    /// Fisher-Yates from the last element down, as upstream's `shuffle`.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_stream_and_draws_stay_in_range() {
        let mut a = UpstreamRandom::new(b"12345");
        let mut b = UpstreamRandom::new(b"12345");
        for limit in 1..200 {
            let x = a.below(limit);
            assert_eq!(x, b.below(limit));
            assert!(x < limit);
        }
        let mut c = UpstreamRandom::new(b"12346");
        let first: Vec<usize> = (0..8).map(|_| a.below(1000)).collect();
        let other: Vec<usize> = (0..8).map(|_| c.below(1000)).collect();
        assert_ne!(first, other);
    }

    #[test]
    fn small_limits_divide_exactly() {
        for limit in 1..256u64 {
            let small = SMALL_LIMITS[limit as usize];
            let width = (1 << bits_for(limit)) / limit;
            assert_eq!(u32::from(small.bits), bits_for(limit));
            assert_eq!(u64::from(small.accepted), limit * width);
            for data in 0..limit * width {
                assert_eq!(
                    (data * u64::from(small.reciprocal)) >> 32,
                    data / width,
                    "{limit} {data}"
                );
            }
        }
    }

    #[test]
    fn bits_cross_block_boundaries() {
        let mut random = UpstreamRandom::new(b"");
        // 20 bytes per block: 30 draws of 8 bits span two blocks.
        let drawn: Vec<u64> = (0..30).map(|_| random.bits(8)).collect();
        assert!(drawn.iter().all(|&b| b < 256));
        assert_ne!(drawn[..10], drawn[20..30]);
    }
}
