//! The five difficulty levels upstream Keen uses, with their one-letter codes.

use std::fmt;

use serde::{Deserialize, Serialize};

/// How hard a Keen puzzle is: the lowest level of deduction that solves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// Cage totals against the candidates, naked and hidden singles.
    Easy,
    /// Which digits each cell of a cage can hold.
    Normal,
    /// Digits a cage forces into one row or column segment.
    Hard,
    /// Forcing chains and set reasoning on the Latin square.
    Extreme,
    /// Needs trial and error.
    Unreasonable,
}

impl Difficulty {
    /// Every level, easiest first.
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Easy,
        Difficulty::Normal,
        Difficulty::Hard,
        Difficulty::Extreme,
        Difficulty::Unreasonable,
    ];

    /// Upstream's letter in a game ID's parameters (`6dh:...`).
    pub fn letter(self) -> char {
        match self {
            Difficulty::Easy => 'e',
            Difficulty::Normal => 'n',
            Difficulty::Hard => 'h',
            Difficulty::Extreme => 'x',
            Difficulty::Unreasonable => 'u',
        }
    }

    /// The level for upstream's letter.
    pub fn from_letter(letter: char) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.letter() == letter)
    }

    /// The lowercase English name (`"hard"`), as used in JSON and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
            Difficulty::Extreme => "extreme",
            Difficulty::Unreasonable => "unreasonable",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Difficulty {
    type Err = String;

    /// Accepts the English name or upstream's letter, in any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.to_ascii_lowercase();
        let mut letters = lower.chars();
        if let (Some(c), None) = (letters.next(), letters.next())
            && let Some(d) = Self::from_letter(c)
        {
            return Ok(d);
        }
        Self::ALL.into_iter().find(|d| d.name() == lower).ok_or_else(|| {
            format!("'{s}' is not a difficulty: use easy, normal, hard, extreme or unreasonable (or e, n, h, x, u)")
        })
    }
}
