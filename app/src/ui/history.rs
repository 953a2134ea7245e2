//! Undo and Redo: within the game being played, then across the games New, Paste or Open
//! replaced (Undo past the first move) and the ones Undo left (Redo past the last).

use super::app::GridsmithApp;
use super::game::{Game, Solution};

impl GridsmithApp {
    /// Undo (or Redo): within the game, then across the games it replaced (or Undo left).
    pub(super) fn history(&mut self, undo: bool) {
        let at_end = self.game.as_ref().is_none_or(|g| {
            if undo {
                !g.play.can_undo()
            } else {
                !g.play.can_redo()
            }
        });
        let other = match (at_end, undo) {
            (false, _) => None,
            (true, true) => self.replaced_games.pop(),
            (true, false) => self.forward_games.pop(),
        };
        if let Some(other) = other {
            // The game New, Paste or Open replaced (or the one Undo left) comes back, its moves
            // and clock kept; the one left goes on the other stack.
            let left = self.game.take();
            let mut forward = std::mem::take(&mut self.forward_games);
            self.resume_game(other);
            if let Some(left) = left {
                if undo {
                    forward.push(left);
                } else {
                    self.replaced_games.push(left);
                }
            }
            self.forward_games = forward;
            self.say(if undo {
                // Games left before a move was made are not kept (`start_game`): "played".
                "Back to the last game you played before this one, as you left it; Redo returns."
            } else {
                "Forward to the game you went back from, as you left it."
            });
            return;
        }
        let Some(game) = &mut self.game else { return };
        let changed = if undo { game.undo() } else { game.redo() };
        if changed {
            self.after_move();
        }
    }

    /// Makes a game that was left (by New, Paste or Open, or by Undo) the current one again.
    fn resume_game(&mut self, game: Game) {
        let known = match &game.solution {
            Solution::Unique(values) => {
                Some((values.clone(), game.difficulty.clone().unwrap_or_default()))
            }
            _ => None,
        };
        let elapsed = game.play.elapsed;
        self.start_game(game, known);
        if let Some(game) = &mut self.game {
            game.play.elapsed = elapsed;
        }
    }
}
