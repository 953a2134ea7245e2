//! Pencil marks of one cell: a set of values 1..=255 (a Rikudo board numbers every cell, so marks
//! must reach past 16).

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// A set of values from 1 to 255.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Marks([u64; 4]);

impl Marks {
    /// No marks.
    pub const EMPTY: Marks = Marks([0; 4]);

    /// The values 1..=`max`.
    pub fn all(max: u8) -> Self {
        (1..=max).collect()
    }

    /// The set whose bit v-1 of `mask` stands for value v (the candidate masks of Latin genres).
    pub fn from_mask(mask: u64) -> Self {
        Marks([mask << 1, mask >> 63, 0, 0])
    }

    /// The values up to 64 as a mask, bit v-1 for value v.
    pub fn to_mask(self) -> u64 {
        self.0[0] >> 1 | self.0[1] << 63
    }

    /// Whether `value` is marked (0 never is).
    pub fn contains(&self, value: u8) -> bool {
        value != 0 && self.0[usize::from(value / 64)] & 1 << (value % 64) != 0
    }

    /// The set with `value` added (0 is ignored).
    pub fn with(mut self, value: u8) -> Self {
        if value != 0 {
            self.0[usize::from(value / 64)] |= 1 << (value % 64);
        }
        self
    }

    /// The set without `value`.
    pub fn without(mut self, value: u8) -> Self {
        self.0[usize::from(value / 64)] &= !(1 << (value % 64));
        self
    }

    /// The set with `value` switched.
    pub fn toggled(self, value: u8) -> Self {
        if self.contains(value) {
            self.without(value)
        } else {
            self.with(value)
        }
    }

    /// The values in both sets.
    pub fn and(self, other: Marks) -> Self {
        Marks(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The values of `self` not in `other`.
    pub fn minus(self, other: Marks) -> Self {
        Marks(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// Whether no value is marked.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// How many values are marked.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The largest marked value.
    pub fn max(&self) -> Option<u8> {
        self.iter().last()
    }

    /// The values, smallest first.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        (1..=255u8).filter(|&v| self.contains(v))
    }
}

impl FromIterator<u8> for Marks {
    fn from_iter<I: IntoIterator<Item = u8>>(values: I) -> Self {
        values.into_iter().fold(Marks::EMPTY, Marks::with)
    }
}

impl fmt::Debug for Marks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Written as the list of values (`[1, 4]`).
impl Serialize for Marks {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// Read from a list of values, or from the bit mask (bit v-1 for value v) that saved games and
/// sessions of the first version wrote.
impl<'de> Deserialize<'de> for Marks {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MarksVisitor;
        impl<'de> Visitor<'de> for MarksVisitor {
            type Value = Marks;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of values from 1 to 255, or a bit mask")
            }
            fn visit_u64<E: de::Error>(self, mask: u64) -> Result<Marks, E> {
                Ok(Marks::from_mask(mask))
            }
            fn visit_i64<E: de::Error>(self, mask: i64) -> Result<Marks, E> {
                u64::try_from(mask)
                    .map(Marks::from_mask)
                    .map_err(|_| E::custom("marks cannot be negative"))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Marks, A::Error> {
                let mut marks = Marks::EMPTY;
                while let Some(value) = seq.next_element::<u8>()? {
                    if value == 0 {
                        return Err(de::Error::custom("0 is not a value that can be marked"));
                    }
                    marks = marks.with(value);
                }
                Ok(marks)
            }
        }
        deserializer.deserialize_any(MarksVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_of_values_up_to_255() {
        let marks: Marks = [1, 64, 65, 255].into_iter().collect();
        assert_eq!(marks.iter().collect::<Vec<_>>(), vec![1, 64, 65, 255]);
        assert_eq!(marks.len(), 4);
        assert!(marks.contains(255) && !marks.contains(0) && !marks.contains(2));
        assert_eq!(marks.toggled(64).len(), 3);
        assert_eq!(Marks::all(16).to_mask(), 0xffff);
        assert_eq!(
            Marks::from_mask(0b101).iter().collect::<Vec<_>>(),
            vec![1, 3]
        );
        assert_eq!(
            Marks::from_mask(1 << 63).iter().collect::<Vec<_>>(),
            vec![64]
        );
    }

    #[test]
    fn written_as_lists_read_from_lists_or_old_masks() {
        let marks: Marks = [2, 3].into_iter().collect();
        assert_eq!(serde_json::to_string(&marks).ok().as_deref(), Some("[2,3]"));
        let back: Marks = serde_json::from_str("[2,3]").expect("a list");
        assert_eq!(back, marks);
        let old: Marks = serde_json::from_str("6").expect("a mask");
        assert_eq!(old, marks);
        assert!(serde_json::from_str::<Marks>("[0]").is_err());
        assert!(serde_json::from_str::<Marks>("-1").is_err());
    }
}
