//! The window's side panel (the toolbar is `toolbar.rs`, the status line
//! `status_line.rs`, the rules and keys page `help.rs`). Their buttons push an [`Action`] rather
//! than change the game themselves; design mode draws its own side panel.

use egui::{RichText, Ui};

use super::actions::Action;
use super::app::{GridsmithApp, Mode, clock};
use super::design::DesignMode;
use super::game::Solution;

impl GridsmithApp {
    /// How the play command on `letter` (h: Hint, m: Marks) is pressed on this board: the
    /// letter, or Ctrl and the letter where it types one of the board's symbols.
    pub(super) fn command_key(&self, letter: char) -> String {
        match &self.game {
            Some(game) => game.puzzle.value_keys().command_key(letter),
            None => letter.to_ascii_uppercase().to_string(),
        }
    }

    /// The next step, under the pad, in a place of a least height that is always there: a hint
    /// appearing or going never moves the controls under the pointer.
    fn hint_section(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let reserved =
            5.0 * ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().interact_size.y;
        let top = ui.cursor().top();
        if let Some(time) = self.solved_time {
            // In the section's own reserved place, so that the options under it stay where they
            // were when it comes (a solve) and goes (a solved cell typed over, then Undo).
            ui.heading(if self.solved_by_player() {
                format!("Solved! {}", clock(time))
            } else {
                "Solution revealed".to_string()
            });
        } else if let Some(hint) = &self.hint {
            ui.label(RichText::new("Next step").strong());
            ui.label(&hint.text);
            let apply = ui.button("Apply hint");
            // In a small window the section may be below the panel's fold: a new hint scrolls
            // into view once (its letters and shading are on the board, its sentence here).
            let id = ui.scope_id().with("hint-scrolled-into-view");
            let new = ui.data(|d| d.get_temp::<String>(id)).as_deref() != Some(hint.text.as_str());
            if new {
                ui.data_mut(|d| d.insert_temp(id, hint.text.clone()));
                apply.scroll_to_me(None);
            }
            if apply.clicked() {
                actions.push(Action::Hint);
            }
        } else {
            ui.label(RichText::new("Next step").strong());
            let key = self.command_key('h');
            // What the panel invites must be what Hint can do now.
            let invitation = match self.game.as_ref().map(|g| &g.solution) {
                Some(Solution::Several) => {
                    "No hints: this puzzle has several solutions, so no step leads to one."
                        .to_string()
                }
                Some(Solution::None) => "No hints: this puzzle has no solution.".to_string(),
                Some(Solution::Stopped) => {
                    "Hints wait for the check, which was stopped: Check again in the status bar."
                        .to_string()
                }
                _ => format!("Hint ({key}) explains the next step here; {key} again applies it."),
            };
            ui.label(RichText::new(invitation).weak());
        }
        keep_least_height(ui, top, reserved);
        ui.add_space(4.0);
    }

    /// The side panel: collapsible, and scrolling when the window is too short for it.
    pub(super) fn side_panel_frame(&mut self, ui: &mut Ui, actions: &mut Vec<Action>) {
        if !self.side_panel {
            return;
        }
        let width = ui.available_width();
        let max_width = (width * 0.4).max(160.0);
        // The widest the rows may be (until the margins are seen, a first frame may overflow).
        let room = max_width - self.side_panel_margins.unwrap_or(0.0);
        let mut content_width = 0.0;
        // A width the window took away (egui keeps, and stores, the narrowed one) comes back when
        // the window has room for it again.
        let give_back = match (self.side_panel_width, self.side_panel_seen) {
            (Some(wanted), Some((_, shown))) => {
                let target = wanted.min(max_width);
                (shown + 0.5 < target).then_some(target)
            }
            _ => None,
        };
        let panel = egui::Panel::right("side")
            .resizable(true)
            // Room for the designers' widest rows in the default window, where the board is
            // bound by the height anyway.
            .default_size((width * 0.29).clamp(200.0, 300.0))
            .min_size(160.0)
            // A width set in a large window gives way when the window shrinks, the panel's rows
            // wrapping: the board keeps at least three fifths (at 500 points the panel took over
            // half).
            .max_size(max_width);
        let panel = match give_back {
            Some(target) => panel.exact_size(target),
            None => panel,
        };
        let panel = panel.show(ui, |ui| {
            content_width = ui.available_width();
            egui::ScrollArea::vertical()
                // Play's and design's panels each keep their own place.
                .id_salt(self.mode)
                .auto_shrink([false, false])
                .show(ui, |ui| self.side_panel(ui, actions, room));
        });
        let shown = panel.response.rect.width();
        // The user's width: the first one seen, and any change made while the window kept its
        // width (a drag on the panel's edge), unless the window's limit made it.
        let same_window = self.side_panel_seen.is_some_and(|(window, before)| {
            (window - width).abs() < 0.5 && (before - shown).abs() >= 0.5
        });
        if give_back.is_none()
            && shown + 0.5 < max_width
            && (self.side_panel_width.is_none() || same_window)
        {
            self.side_panel_width = Some(shown);
        }
        self.side_panel_seen = Some((width, shown));
        // The panel's margins: a row wider than the panel widens its rect too, so the least
        // difference seen is the true one.
        let margins = panel.response.rect.width() - content_width;
        let margins = self.side_panel_margins.map_or(margins, |m| m.min(margins));
        self.side_panel_margins = Some(margins);
    }

    /// The side panel's rows, at most `room` wide where they can choose.
    fn side_panel(&mut self, ui: &mut Ui, actions: &mut Vec<Action>, room: f32) {
        ui.add_space(6.0);
        if self.mode == Mode::Design {
            // First, so that it stays put while the panel below grows and shrinks.
            if crate::genres::GENRES.len() > 1 {
                let label = "Blank grid of";
                let font = egui::TextStyle::Body.resolve(ui.style());
                let label_width = super::text::text_size(ui.painter(), label, font).x;
                let tabs: f32 = crate::genres::GENRES
                    .iter()
                    .map(|g| value_width(ui, std::iter::once(g.title().to_string())))
                    .sum();
                ui.horizontal_wrapped(|ui| {
                    ui.label(label);
                    if label_width + tabs > room {
                        // The genres stay together on the next row: one of them alone on a row
                        // read as apart from the others.
                        ui.end_row();
                    }
                    for &genre in crate::genres::GENRES {
                        // By name: genres are zero-sized, so two may share an address.
                        let chosen = genre.id() == self.new_genre.id();
                        if ui.selectable_label(chosen, genre.title()).clicked() {
                            self.choose_genre(genre);
                        }
                    }
                });
            }
            ui.label("Blank grid size");
            // The genre's size nearest the one chosen before, so that the button below makes
            // the grid the slider shows.
            let genre = self.new_genre;
            let sizes = genre.design_sizes();
            let mut index = sizes
                .iter()
                .position(|&s| s == genre.nearest_design_size(self.blank_size))
                .unwrap_or(0);
            if let Some(&side) = sizes.get(index) {
                self.blank_size = side;
            }
            ui.horizontal_wrapped(|ui| {
                // The button first: the slider's value is as wide as the genre's size names
                // ("6x6", "36 cells"), and a button after it moved, or wrapped to the next row,
                // when the genre changed.
                if ui
                    .button("Blank grid")
                    .on_hover_text("Start again on a blank grid (Undo brings the drawing back)")
                    .clicked()
                {
                    actions.push(Action::BlankDesign(self.blank_size));
                }
                // The slider is laid out as one piece, so a wrapped row cannot break before it
                // on its own. It narrows (down to a usable length) so that the button, the slider
                // and the longest size name ("empty field", "126 cells") share one row where the
                // panel can hold them, and goes to the next row where it cannot, rather than push
                // the panel over the board.
                let value = value_width(ui, sizes.iter().map(|&s| genre.design_size_label(s)));
                let fits = room - (ui.cursor().left() - ui.max_rect().left()) - value;
                if fits < SHORTEST_SLIDER {
                    ui.end_row();
                }
                ui.spacing_mut().slider_width = if fits < SHORTEST_SLIDER {
                    LONGEST_SLIDER
                } else {
                    fits.min(LONGEST_SLIDER)
                };
                let slider = egui::Slider::new(&mut index, 0..=sizes.len().saturating_sub(1))
                    .custom_formatter(|i, _| {
                        let side = sizes.get(i as usize).copied().unwrap_or(0);
                        genre.design_size_label(side)
                    })
                    // A size typed into the value ("4", "4x4", "36 cells") picks that size.
                    .custom_parser(|text| {
                        let digits: String = text
                            .trim()
                            .chars()
                            .take_while(char::is_ascii_digit)
                            .collect();
                        let typed: usize = digits.parse().ok()?;
                        sizes.iter().position(|&s| s == typed).map(|i| i as f64)
                    });
                let slid = ui.add(slider);
                super::keys::takes_arrows(ui, &slid);
                if let Some(&side) = sizes.get(index) {
                    self.blank_size = side;
                }
            });
            if !self.parked_designers.is_empty() {
                // Each genre keeps its drawing when another genre's board comes: the way back.
                ui.horizontal_wrapped(|ui| {
                    ui.label("Back to");
                    for parked in &self.parked_designers {
                        if ui
                            .button(parked.title())
                            .on_hover_text(
                                "Put this drawing back on the board (the one there now is kept \
                                 the same way)",
                            )
                            .clicked()
                        {
                            actions.push(Action::ResumeDesign(parked.genre().id()));
                        }
                    }
                });
            }
            if self.game.is_some()
                && ui
                    .button("Edit the game's puzzle")
                    .on_hover_text(
                        "Put the puzzle being played on the board (Undo brings this drawing back)",
                    )
                    .clicked()
            {
                actions.push(Action::DesignGame);
            }
            ui.separator();
            if let Some(designer) = &mut self.designer {
                // The value buttons under the tools, above the verdict and the aids whose text
                // changes with every edit: they never move between two clicks.
                designer.panel_tools(ui);
                design_value_pad(ui, designer.as_ref(), actions);
                designer.panel(ui);
            }
            return;
        }
        self.number_pad(ui, actions);
        self.hint_section(ui, actions);
        ui.separator();
        ui.label(RichText::new("Options").strong());
        let mut prefs = self.prefs.clone();
        ui.checkbox(
            &mut prefs.auto_remove_marks,
            "Remove marks when a value is placed",
        );
        ui.checkbox(
            &mut prefs.highlight_same_digit,
            "Highlight the selected value",
        );
        ui.checkbox(&mut prefs.show_errors, "Show errors").on_hover_text(
            "A ring round a repeated value (and in Keen, a box round a broken cage's clue). Check \
             frames wrong entries in a square, in another colour.",
        );
        ui.checkbox(&mut prefs.show_timer, "Show the clock");
        ui.checkbox(&mut prefs.dark, "Dark theme");
        if prefs != self.prefs {
            self.prefs = prefs;
        }
        ui.add_space(8.0);
        action_button(
            ui,
            "Copy game",
            "Copy the game in progress with its moves (Ctrl+Shift+C); Paste reads it",
            true,
            Action::CopyGame,
            actions,
        );
        action_button(
            ui,
            "Save puzzle",
            "Save the puzzle alone as text, without the game's moves",
            true,
            Action::SavePuzzle,
            actions,
        );
        ui.menu_button("Export…", |ui| {
            use super::files::ExportFormat;
            for (label, format, with_solution) in [
                ("Picture (SVG)", ExportFormat::Svg, false),
                ("Picture (PNG)", ExportFormat::Png, false),
                ("PDF", ExportFormat::Pdf, false),
                ("PDF with the solution", ExportFormat::Pdf, true),
            ] {
                if ui.button(label).clicked() {
                    actions.push(Action::Export(format, with_solution));
                }
            }
        })
        .response
        .on_hover_text("Save the puzzle as a picture or a PDF to print");
        let formats = self
            .game
            .as_ref()
            .map(|g| g.puzzle.formats())
            .unwrap_or_default();
        if !formats.is_empty() {
            ui.menu_button("Copy as…", |ui| {
                for (index, (name, _)) in formats.iter().enumerate() {
                    if ui.button(format!("Copy as {name}")).clicked() {
                        actions.push(Action::CopyAs(index));
                        ui.close();
                    }
                }
            })
            .response
            .on_hover_text("Copy the puzzle in another of its genre's formats");
        }
        if let Some(seed) = self.game.as_ref().and_then(|g| g.puzzle.seed()) {
            ui.horizontal_wrapped(|ui| {
                ui.label(format!("Seed {seed}"));
                if ui
                    .button("Copy seed")
                    .on_hover_text(if seed.contains('#') {
                        "Copy the random seed ID this puzzle was made from: Paste, or the field \
                         in the New form, makes the same puzzle again"
                    } else {
                        "Copy the random seed this puzzle was made from: pasted (it goes into \
                         the New form's field) or typed there, with this puzzle's size and level \
                         chosen in the form, it makes the same puzzle again"
                    })
                    .clicked()
                {
                    actions.push(Action::CopySeed);
                }
            });
        }
        if ui.button("Rules and keys (F1)").clicked() {
            actions.push(Action::ToggleHelp);
        }
    }
}

/// An Apply button for one of a list of offered edits. After an Apply the list is offered afresh,
/// and the next offer may stand right under the pointer: Apply buttons stay off until the pointer
/// moves, so that a double click applies one edit, not two.
pub(crate) fn apply_button(ui: &mut Ui) -> bool {
    let id = egui::Id::unique("gridsmith-applied-at");
    let pointer = ui.input(|i| i.pointer.hover_pos());
    let applied_at: Option<egui::Pos2> = ui.data(|d| d.get_temp(id));
    let unmoved = matches!((applied_at, pointer), (Some(at), Some(now)) if at.distance(now) < 3.0);
    if applied_at.is_some() && !unmoved {
        ui.data_mut(|d| d.remove::<egui::Pos2>(id));
    }
    let response = ui
        .add_enabled(!unmoved, egui::Button::new("Apply"))
        .on_disabled_hover_text("Just applied: move the pointer to apply another");
    // Only a click of the pointer arms the guard: Enter on a focused button leaves the pointer
    // wherever it rests, and the buttons would stay off for a keyboard user.
    if response.clicked_by(egui::PointerButton::Primary)
        && let Some(at) = pointer
    {
        ui.data_mut(|d| d.insert_temp(id, at));
    }
    response.clicked()
}

/// A spinner, `doing` and a Cancel button on one line: work on a worker that takes more than a
/// moment. Whether Cancel was clicked.
pub(crate) fn working_with_cancel(ui: &mut Ui, doing: &str) -> bool {
    ui.horizontal_wrapped(|ui| {
        ui.spinner();
        ui.label(doing);
        ui.button("Cancel").clicked()
    })
    .inner
}

/// Pads what was laid out since `top` to at least `height`: a section whose content comes and
/// goes keeps one size, so the controls under it never move under the pointer.
pub(crate) fn keep_least_height(ui: &mut Ui, top: f32, height: f32) {
    let used = ui.cursor().top() - top;
    ui.add_space((height - used).max(0.0));
}

/// A label saying `shown`, in a place as tall as the tallest of `alternatives` would take at
/// this width: a sentence that changes with the state leaves the buttons under it where they
/// were.
pub(crate) fn label_in_place_of(
    ui: &mut Ui,
    shown: impl Into<egui::WidgetText>,
    alternatives: &[&str],
) {
    let top = ui.cursor().top();
    let width = ui.available_width();
    let tallest = alternatives
        .iter()
        .map(|text| {
            egui::WidgetText::from(*text)
                .into_galley(
                    ui,
                    Some(egui::TextWrapMode::Wrap),
                    width,
                    egui::TextStyle::Body,
                )
                .size()
                .y
        })
        .fold(0.0, f32::max);
    ui.label(shown);
    keep_least_height(ui, top, tallest + ui.spacing().item_spacing.y);
}

/// The height of two lines of body text and the gap after them: the place kept for a sentence
/// that comes and goes.
pub(crate) fn two_lines(ui: &Ui) -> f32 {
    2.0 * ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y
}

/// A button with its tooltip that asks for `action` when clicked.
pub(crate) fn action_button(
    ui: &mut Ui,
    label: &str,
    tip: &str,
    enabled: bool,
    action: Action,
    actions: &mut Vec<Action>,
) {
    if ui
        .add_enabled(enabled, egui::Button::new(label))
        .on_hover_text(tip)
        .clicked()
    {
        actions.push(action);
    }
}

/// The blank-grid size slider's length where it shares its row, at least and at most.
const SHORTEST_SLIDER: f32 = 48.0;
const LONGEST_SLIDER: f32 = 72.0;

/// The width a slider's value takes beside it (its spacing included) at the widest of `labels`.
fn value_width(ui: &Ui, labels: impl Iterator<Item = String>) -> f32 {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let widest = labels
        .map(|label| super::text::text_size(ui.painter(), &label, font.clone()).x)
        .fold(0.0, f32::max);
    let spacing = ui.spacing();
    spacing.item_spacing.x + widest + 2.0 * spacing.button_padding.x
}

/// The designer's buttons for the values its board takes now (a given, a solution's digit), so
/// a Keen or Sudoku drawing can be made with the mouse alone.
fn design_value_pad(ui: &mut Ui, designer: &dyn DesignMode, actions: &mut Vec<Action>) {
    let max = designer.max_value();
    let keys = designer.value_keys();
    let symbols = matches!(keys, super::keys::ValueKeys::Symbols(_));
    if !designer.takes_values() || (max > 16 && !symbols) {
        // Rikudo's numbers (up to 126) are typed, or drawn by a stroke.
        return;
    }
    let labels: Vec<String> = (1..=max).map(|v| designer.value_label(v)).collect();
    let title = "Enter in the selected cell";
    if max > 16 {
        // A 25x25's symbols would push the live check far down: folded until asked for.
        egui::CollapsingHeader::new(RichText::new(title).strong())
            .default_open(false)
            .show(ui, |ui| {
                super::number_pad::value_buttons(ui, &labels, &keys, actions);
            });
    } else {
        ui.label(RichText::new(title).strong());
        super::number_pad::value_buttons(ui, &labels, &keys, actions);
    }
    ui.separator();
}

#[cfg(test)]
mod tests {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;

    #[test]
    fn an_apply_button_stays_off_until_the_pointer_moves() {
        let mut harness = Harness::new_ui_state(
            |ui, applied: &mut u32| {
                if super::apply_button(ui) {
                    *applied += 1;
                }
            },
            0,
        );
        harness.get_by_label("Apply").click();
        harness.run();
        assert_eq!(*harness.state(), 1);
        // A second click on the same spot (a double click, or the next offer under the
        // pointer) applies nothing.
        harness.get_by_label("Apply").click();
        harness.run();
        assert_eq!(*harness.state(), 1);
        harness.event(egui::Event::PointerMoved(egui::pos2(300.0, 300.0)));
        harness.run();
        harness.get_by_label("Apply").click();
        harness.run();
        assert_eq!(*harness.state(), 2);
    }

    #[test]
    fn a_keyboard_apply_leaves_the_buttons_on() {
        let mut harness = Harness::new_ui_state(
            |ui, applied: &mut u32| {
                if super::apply_button(ui) {
                    *applied += 1;
                }
            },
            0,
        );
        harness.event(egui::Event::PointerMoved(egui::pos2(300.0, 300.0)));
        harness.key_press(egui::Key::Tab);
        harness.run();
        for expected in [1, 2] {
            harness.key_press(egui::Key::Enter);
            harness.run();
            assert_eq!(*harness.state(), expected);
        }
    }
}
