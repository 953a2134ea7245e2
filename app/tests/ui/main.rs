//! The window's behaviour through egui_kittest: real frames of the real app, driven by keys and
//! clicks on widgets found by their labels. No display needed. One test binary: `play` and
//! `design` share the helpers here.

use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gridsmith_app::genres::keen::Designer;
use gridsmith_app::ui::GridsmithApp;
use gridsmith_app::ui::board::Geometry;
use gridsmith_app::ui::game::Solution;

const ID: &str = "4:_a_aabb_6ba,d2s1m3d2s2m16a7";
const SOLUTION: [u8; 16] = [2, 4, 3, 1, 1, 2, 4, 3, 3, 1, 2, 4, 4, 3, 1, 2];
/// A 16x16 the exact solver cannot answer within five minutes (release build): thirteen cages of
/// about twenty cells, most of them products, clued from a Latin square with two values of one row
/// swapped between cages. Its check runs for as long as a test needs it to.
const SLOW_16X16: &str = "16:ceheafbedbeebdaba_ba__ad_bba_ccedbfbaa_aa__cc_a3cbab_faab_cadaaibcedchdahcbg_eabc3dcdeb_cda3c3decfcbcbaaeba3ba_aa_d_cc_ffaefaec3,m3495056947200000a225a224m922695034060800000a202m132710400m5954458619805696000a247m21076070400m2231764254720000m43908836400000a207m4470681600";

fn harness() -> Harness<'static, GridsmithApp> {
    sized_harness(egui::vec2(1000.0, 760.0))
}

/// The window at `size` points, two frames in.
fn sized_harness(size: egui::Vec2) -> Harness<'static, GridsmithApp> {
    let mut harness = Harness::builder().with_size(size).build_ui_state(
        |ui, app: &mut GridsmithApp| app.show(ui),
        GridsmithApp::new(),
    );
    harness.run_steps(2);
    harness
}

/// Pastes `text` as Ctrl+V does.
fn paste(harness: &mut Harness<'_, GridsmithApp>, text: &str) {
    harness.event(Event::Paste(text.to_string()));
    harness.run_steps(2);
}

/// Clicks New and steps until its window shows: a window takes a frame or two to size itself.
fn click_new(harness: &mut Harness<'_, GridsmithApp>) {
    harness.get_by_label("New").click();
    for _ in 0..10 {
        harness.run_steps(1);
        if harness.query_by_label("Generate").is_some() {
            return;
        }
    }
}

/// Types `text` into the open New form's field and presses `button` beside it.
fn type_into_new_form(harness: &mut Harness<'_, GridsmithApp>, text: &str, button: &str) {
    harness
        .get_by_role(egui::accesskit::Role::TextInput)
        .click();
    harness.run_steps(1);
    harness.event(Event::Text(text.to_string()));
    harness.run_steps(1);
    harness.get_by_label(button).click();
    harness.run_steps(1);
}

/// The window playing `text` (pasted), once its solver has answered.
fn window_playing(text: &str) -> Harness<'static, GridsmithApp> {
    let mut harness = harness();
    paste(&mut harness, text);
    wait_for(&mut harness, has_solution);
    harness
}

fn press(harness: &mut Harness<'_, GridsmithApp>, key: Key) {
    harness.key_press(key);
    harness.run_steps(1);
}

/// Presses `key` with `modifiers` held, then lets the frames it starts run.
fn press_with(harness: &mut Harness<'_, GridsmithApp>, modifiers: Modifiers, key: Key) {
    harness.key_press_modifiers(modifiers, key);
    harness.run_steps(2);
}

/// The status line's message, or nothing.
fn message_text(harness: &Harness<'_, GridsmithApp>) -> String {
    let message = harness.state().message.as_ref();
    message.map(|m| m.text.clone()).unwrap_or_default()
}

/// Steps frames until `done` holds: the app's workers run on their own threads.
#[track_caller]
fn wait_for(harness: &mut Harness<'_, GridsmithApp>, done: impl Fn(&GridsmithApp) -> bool) {
    for _ in 0..2000 {
        harness.step();
        if done(harness.state()) {
            // One more frame so that the UI shows what the state now holds.
            harness.step();
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the app never got there");
}

/// Steps frames until a widget whose label contains `part` shows.
#[track_caller]
fn wait_for_label_containing(harness: &mut Harness<'_, GridsmithApp>, part: &str) {
    for _ in 0..2000 {
        harness.step();
        if harness.query_by_label_contains(part).is_some() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("nothing with {part:?} ever showed");
}

/// Steps frames until a widget labelled `label` shows: some only appear once work has run a moment.
#[track_caller]
fn wait_for_label(harness: &mut Harness<'_, GridsmithApp>, label: &str) {
    for _ in 0..2000 {
        harness.step();
        if harness.query_by_label(label).is_some() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("no {label:?} ever showed");
}

fn entries(harness: &Harness<'_, GridsmithApp>) -> Vec<u8> {
    harness
        .state()
        .game
        .as_ref()
        .map(|g| g.play.entries().to_vec())
        .unwrap_or_default()
}

/// Keen's designer, to drive and read in tests.
fn designer<'h>(h: &'h mut Harness<'_, GridsmithApp>) -> &'h mut Designer {
    h.state_mut()
        .designer
        .as_mut()
        .and_then(|d| d.as_any_mut().downcast_mut::<Designer>())
        .expect("designing Keen")
}

/// Keen's designer, read from the app (for `wait_for`).
fn keen_designer(app: &GridsmithApp) -> Option<&Designer> {
    app.designer
        .as_ref()
        .and_then(|d| d.as_any().downcast_ref::<Designer>())
}

/// The text of the puzzle being played.
fn playing(harness: &Harness<'_, GridsmithApp>) -> Option<String> {
    harness.state().game.as_ref().map(|g| g.puzzle.text())
}

/// A cell's marks as a mask (bit v-1 for value v).
fn marks_mask(harness: &Harness<'_, GridsmithApp>, cell: usize) -> u64 {
    harness.state().marks_of(cell).to_mask()
}

fn has_solution(app: &GridsmithApp) -> bool {
    matches!(
        app.game.as_ref().map(|g| &g.solution),
        Some(Solution::Unique(_))
    )
}

/// Presses or releases the primary button at `pos`.
fn primary(harness: &Harness<'_, GridsmithApp>, pos: egui::Pos2, pressed: bool) {
    harness.event(Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    });
}

/// The centre of play-board cell `cell`.
fn cell_centre(harness: &Harness<'_, GridsmithApp>, cell: usize) -> egui::Pos2 {
    let app = harness.state();
    let rect = app.last_board.expect("the board is drawn");
    let game = app.game.as_ref().expect("a game");
    game.puzzle.geometry(rect).centre(cell)
}

/// Clicks the board at `pos` with the primary button.
fn click_at(harness: &mut Harness<'_, GridsmithApp>, pos: egui::Pos2) {
    harness.event(Event::PointerMoved(pos));
    primary(harness, pos, true);
    primary(harness, pos, false);
    harness.run_steps(2);
}

mod clock;
mod design;
mod design_check;
mod design_keys;
mod design_layout;
mod fields;
mod history;
mod long_pastes;
mod play;
mod rikudo;
mod rikudo_design;
mod sudoku;
mod sudoku_design;
