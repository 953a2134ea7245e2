//! Games saved by upstream's Keen and Solo (Simon Tatham's puzzles), opened where they were left:
//! the puzzle read by the genre that plays it, the moves replayed, the ones undone kept for Redo.

use gridsmith_engine::play::read_upstream_save;

use super::{Opened, TextError, by_id};

/// Reads a game's Solve move into the solution's values.
type SolveMove = fn(&str) -> Option<Vec<u8>>;

/// Opens an upstream save file (`SAVEFILE:41:Simon Tatham's Portable Puzzle Collection`).
pub fn open_upstream_save(text: &str) -> Result<Opened, TextError> {
    let save = read_upstream_save(text).map_err(|error| TextError {
        position: Some(error.position),
        message: error.message,
    })?;
    let (genre_id, solution): (&str, SolveMove) = match save.game.as_str() {
        "Keen" => ("keen", keen_solution),
        "Solo" => ("sudoku", solo_solution),
        other => {
            return Err(TextError::whole(format!(
                "this is a game saved by {other} from Simon Tatham's puzzles; Gridsmith opens \
                 the ones saved by Keen and Solo"
            )));
        }
    };
    let genre = by_id(genre_id)
        .ok_or_else(|| TextError::whole(format!("this Gridsmith cannot play {}", save.game)))?;
    let puzzle = genre.read(&save.game_id).map_err(|error| {
        TextError::whole(format!(
            "the puzzle of this {} save cannot be read: {}",
            save.game, error.message
        ))
    })?;
    // The SEED record is not kept: a save written by an older upstream names a seed whose
    // puzzle has changed since, so it would not make this puzzle again.
    let replayed = save
        .replay(puzzle.rules(), puzzle.side(), solution)
        .map_err(|error| {
            TextError::whole(format!(
                "this {} save's {error}; the save may be damaged",
                save.game
            ))
        })?;
    Ok(Opened::Game(puzzle, replayed.state, replayed.reveals))
}

/// Keen's Solve move: `S` and one character a cell, `'0' + digit`.
fn keen_solution(text: &str) -> Option<Vec<u8>> {
    text.strip_prefix('S')?
        .chars()
        .map(|c| u8::try_from(u32::from(c).checked_sub(u32::from('0'))?).ok())
        .collect()
}

/// Solo's Solve move: `S` and the digits separated by commas.
fn solo_solution(text: &str) -> Option<Vec<u8>> {
    text.strip_prefix('S')?
        .split(',')
        .filter(|part| !part.is_empty())
        .map(|part| part.trim().parse().ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solve_moves_read_as_each_game_writes_them() {
        assert_eq!(keen_solution("S1234"), Some(vec![1, 2, 3, 4]));
        assert_eq!(keen_solution("S12:"), Some(vec![1, 2, 10]));
        assert_eq!(keen_solution("X12"), None);
        assert_eq!(solo_solution("S1,12,3"), Some(vec![1, 12, 3]));
        assert_eq!(solo_solution("S1,x"), None);
    }

    #[test]
    fn a_solved_solo_save_opens_solved() {
        let text = include_str!("../../../corpus/upstream-saves/solo-2x3-solved.sav");
        let Ok(Opened::Game(puzzle, play, reveals)) = open_upstream_save(text) else {
            panic!("a game");
        };
        assert_eq!(puzzle.genre().id(), "sudoku");
        assert_eq!(puzzle.size_label(), "6x6");
        assert!(play.is_solved(puzzle.rules()));
        assert_eq!(reveals.len(), 1, "Solve filled the board, not the player");
        // Solve was the last of three moves: Undo takes the board back to the player's entry.
        let mut back = play.clone();
        assert!(back.undo());
        assert!(!back.is_solved(puzzle.rules()));
        assert_eq!(back.entries()[1], 2);
    }
}
