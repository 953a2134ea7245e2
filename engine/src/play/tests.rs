use super::*;

/// A 3x3 Latin square with one given, for the shared machinery's tests.
struct Latin3;

impl PlayRules for Latin3 {
    fn cell_count(&self) -> usize {
        9
    }
    fn max_value(&self) -> u8 {
        3
    }
    fn given(&self, cell: usize) -> Option<u8> {
        (cell == 8).then_some(1)
    }
    fn peers(&self, cell: usize) -> Vec<usize> {
        (0..9)
            .filter(|&c| c != cell && (c / 3 == cell / 3 || c % 3 == cell % 3))
            .collect()
    }
    fn conflicts(&self, _values: &[u8]) -> Conflicts {
        Conflicts::default()
    }
    fn is_solved(&self, values: &[u8]) -> bool {
        (0..9).all(|c| self.peers(c).iter().all(|&p| values[p] != values[c]))
    }
}

fn marks(values: &[u8]) -> Marks {
    values.iter().copied().collect()
}

#[test]
fn undo_and_redo_restore_whole_moves() {
    let mut state = PlayState::for_puzzle(&Latin3);
    assert!(state.apply(|e| e.set(0, 3, Marks::EMPTY)));
    assert!(state.apply(|e| {
        e.set(1, 0, marks(&[2, 3]));
        e.set(2, 2, Marks::EMPTY);
    }));
    assert!(
        !state.apply(|e| e.set(0, 3, Marks::EMPTY)),
        "a no-op is not a move"
    );
    assert!(state.undo());
    assert_eq!(state.entries()[2], 0);
    assert!(state.marks()[1].is_empty());
    assert!(state.redo());
    assert_eq!(state.entries()[..3], [3, 0, 2]);
    state.undo();
    state.apply(|e| e.set(5, 1, Marks::EMPTY));
    assert!(!state.can_redo(), "a new move forgets the undone ones");
}

#[test]
fn replay_rebuilds_the_position_and_refuses_foreign_moves() {
    let mut state = PlayState::for_puzzle(&Latin3);
    state.enter(&Latin3, 0, 3, false);
    state.enter(&Latin3, 0, 2, false);
    let replayed = PlayState::replay(&Latin3, state.history()).expect("own moves replay");
    assert_eq!(replayed.entries(), state.entries());
    let mut foreign = state.history().to_vec();
    foreign[1].changes[0].entry.0 = 1;
    assert!(PlayState::replay(&Latin3, &foreign).is_none());
    let mut outside = state.history().to_vec();
    outside[0].changes[0].cell = 99;
    assert!(PlayState::replay(&Latin3, &outside).is_none());
    let mut on_a_given = state.history().to_vec();
    on_a_given[0].changes[0].cell = 8;
    assert!(PlayState::replay(&Latin3, &on_a_given).is_none());
    let mut too_big = state.history().to_vec();
    too_big[0].changes[0].marks.1 = marks(&[4]);
    assert!(PlayState::replay(&Latin3, &too_big).is_none());
}

#[test]
fn a_stored_redo_list_is_checked_too() {
    let mut state = PlayState::for_puzzle(&Latin3);
    state.enter(&Latin3, 0, 3, false);
    state.enter(&Latin3, 1, 2, false);
    state.undo();
    let again = PlayState::restored(&Latin3, state.history(), state.undone()).expect("fits");
    assert_eq!(again.entries(), state.entries());
    let mut redone = again.clone();
    assert!(redone.redo());
    assert_eq!(redone.entries()[1], 2);
    let mut broken = state.undone().to_vec();
    broken[0].changes[0].cell = 1000;
    assert!(PlayState::restored(&Latin3, state.history(), &broken).is_none());
}

#[test]
fn entering_clears_peer_marks_and_givens_stay() {
    let mut state = PlayState::for_puzzle(&Latin3);
    assert!(state.fill_marks(&Latin3));
    // Cell 8 is given 1: its row and column lose 1.
    assert_eq!(state.marks()[2], marks(&[2, 3]));
    assert_eq!(state.marks()[0], marks(&[1, 2, 3]));
    assert!(state.marks()[8].is_empty(), "a given is not marked");
    assert!(state.enter(&Latin3, 0, 2, true));
    assert_eq!(state.marks()[1], marks(&[1, 3]));
    assert_eq!(state.marks()[3], marks(&[1, 3]));
    assert!(!state.enter(&Latin3, 8, 2, true), "a given cannot change");
    assert!(
        !state.toggle_mark(&Latin3, 0, 1),
        "a filled cell takes no marks"
    );
    assert!(state.toggle_mark(&Latin3, 4, 1));
    assert!(state.clear_marks());
    assert!(state.marks().iter().all(Marks::is_empty));
    assert!(state.restart());
    assert!(state.entries().iter().all(|&e| e == 0));
    assert!(
        state.undo() && state.entries()[0] == 2,
        "Restart is undoable"
    );
}

#[test]
fn revealing_solves() {
    let solution = [2, 3, 1, 3, 1, 2, 1, 2, 3];
    let mut wrong_given = solution;
    wrong_given[8] = 3;
    let mut state = PlayState::for_puzzle(&Latin3);
    assert!(!state.is_solved(&Latin3));
    let all: Vec<usize> = (0..9).collect();
    assert!(state.reveal(&Latin3, &all, &[2, 3, 1, 3, 1, 2, 1, 2, 3], false));
    assert_eq!(state.entries()[8], 0, "givens are not entries");
    assert_eq!(state.values(&Latin3)[8], 1);
    let _ = wrong_given;
}
