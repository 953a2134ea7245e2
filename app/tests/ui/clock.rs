//! The clock counts time spent playing, and nothing else.

use std::time::Duration;

use super::*;

/// The game's clock.
fn elapsed(harness: &Harness<'_, GridsmithApp>) -> Duration {
    let game = harness.state().game.as_ref();
    game.map(|g| g.play.elapsed).unwrap_or_default()
}

/// Lets some time pass over a few frames.
fn let_time_pass(harness: &mut Harness<'_, GridsmithApp>) {
    for _ in 0..3 {
        std::thread::sleep(Duration::from_millis(20));
        harness.step();
    }
}

#[test]
fn the_clock_stands_still_while_the_new_form_is_open() {
    let mut harness = window_playing(ID);
    let_time_pass(&mut harness);
    let before = elapsed(&harness);
    assert!(before > Duration::ZERO, "the clock runs while playing");
    click_new(&mut harness);
    let opened = elapsed(&harness);
    let_time_pass(&mut harness);
    assert_eq!(
        elapsed(&harness),
        opened,
        "choosing a new game is not playing"
    );
    press(&mut harness, Key::Escape);
    let closed = elapsed(&harness);
    let_time_pass(&mut harness);
    assert!(
        elapsed(&harness) > closed,
        "back at the board, it runs again"
    );
}

#[test]
fn the_clock_stands_still_on_a_puzzle_without_a_solution() {
    let mut harness = harness();
    // Its 18-cell cage sums to 53, not 52.
    paste(&mut harness, "5:n_5c3b_b__,a52a4a3a5a4a2a3a1");
    wait_for(&mut harness, |app| {
        app.game
            .as_ref()
            .is_some_and(|g| g.solution == Solution::None)
    });
    let known = elapsed(&harness);
    let_time_pass(&mut harness);
    assert_eq!(elapsed(&harness), known);
}
