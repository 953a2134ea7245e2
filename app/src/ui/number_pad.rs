//! The number pad in the side panel: a button for every value (symbols with the key that types
//! them), Fill and Clear marks, and a note naming symbols no installed font can draw.

use egui::{RichText, Ui};

use super::actions::Action;
use super::app::GridsmithApp;
use super::keys::ValueKeys;
use super::panels::action_button;

impl GridsmithApp {
    /// Buttons for every value, for the mouse or a touch screen: in marks mode they mark.
    pub(super) fn number_pad(&self, ui: &mut Ui, actions: &mut Vec<Action>) {
        let Some(game) = &self.game else { return };
        let max = game.puzzle.rules().max_value();
        let values = game.values();
        if max > 36 && game.puzzle.each_value_once() {
            // A button for each number still to place: the pad shrinks as the board fills.
            still_to_place_pad(ui, max, &values, self.game_serial, actions);
            return;
        }
        // The note (Rikudo's numbers still to place) goes under the buttons: it changes length
        // as the board fills, and above them it moved them under the pointer.
        let note = game.puzzle.play_note(&values);
        if max > 36 {
            // A button per number would fill the panel: the keyboard types them, the rest stays.
            ui.label(RichText::new("Numbers").strong());
            ui.label(format!(
                "Type 1 to {max} on the keyboard (Enter or a short pause ends a number); \
                 Backspace clears."
            ));
            if ui.button("Clear").clicked() {
                actions.push(Action::Clear);
            }
            marks_buttons(ui, actions);
            if let Some(note) = note {
                ui.label(note);
            }
            return;
        }
        let keys = game.puzzle.value_keys();
        let labels: Vec<String> = (1..=max).map(|v| game.puzzle.value_label(v)).collect();
        let numbers = labels.iter().zip(1..=max).all(|(l, v)| *l == v.to_string());
        ui.label(RichText::new(if numbers { "Numbers" } else { "Symbols" }).strong());
        value_buttons(ui, &labels, &keys, actions);
        missing_glyphs_note(ui, &labels);
        marks_buttons(ui, actions);
        if let Some(note) = note {
            ui.label(note);
        }
    }
}

/// A button for each value (labelled as the board shows it, with the key that types a symbol
/// not on the keyboard), then Clear: for play and for the designers that take values.
pub(super) fn value_buttons(
    ui: &mut Ui,
    labels: &[String],
    keys: &ValueKeys,
    actions: &mut Vec<Action>,
) {
    let max = u8::try_from(labels.len()).unwrap_or(u8::MAX);
    let (width, gap) = (34.0, 4.0);
    let preferred = match max {
        ..=9 => 3,
        10..=16 => 4,
        _ => 5,
    };
    // Fewer to a row where a small window narrows the panel: a 25x25's five need 186 points.
    let fits = ((ui.available_width() + gap) / (width + gap)).floor() as usize;
    let per_row = preferred.min(fits).max(1);
    egui::Grid::new("number-pad")
        .spacing([gap, gap])
        // Columns as wide as the buttons, not egui's default 40: five of those overflow a side
        // panel narrowed by a small window.
        .min_col_width(width)
        .show(ui, |ui| {
            for (value, label) in (1..=max).zip(labels) {
                // A symbol that is not on the keyboard shows the key that types it.
                let key = keys
                    .key_of(value)
                    .filter(|k| !label.to_lowercase().chars().eq(std::iter::once(*k)));
                let mut text = egui::text::LayoutJob::default();
                text.append(
                    label,
                    0.0,
                    egui::TextFormat::simple(
                        egui::FontId::proportional(16.0),
                        // A button's own colour: the labels' (text_color) read as greyed out
                        // beside Clear in the dark theme.
                        ui.visuals().widgets.inactive.text_color(),
                    ),
                );
                if let Some(key) = key {
                    text.append(
                        &key.to_string(),
                        3.0,
                        egui::TextFormat::simple(
                            egui::FontId::proportional(10.0),
                            ui.visuals().weak_text_color(),
                        ),
                    );
                }
                let button = egui::Button::new(text).min_size(egui::vec2(width, 28.0));
                let tip = match key {
                    Some(key) => format!("{label}: key {key}"),
                    None => label.clone(),
                };
                if ui.add(button).on_hover_text(tip).clicked() {
                    actions.push(Action::Value(value));
                }
                if usize::from(value).is_multiple_of(per_row) {
                    ui.end_row();
                }
            }
        });
    // Under the grid rather than in its first column, which it widened: the values' columns
    // stood unevenly apart.
    if ui
        .add(egui::Button::new("Clear").min_size(egui::vec2(34.0, 28.0)))
        .clicked()
    {
        actions.push(Action::Clear);
    }
}

/// What the still-to-place pad showed last frame: the numbers in their places and where the grid
/// of buttons was.
#[derive(Clone, Default)]
struct ShownPad {
    numbers: Vec<u8>,
    area: Option<egui::Rect>,
}

/// The numbers not on the board yet, one button each, with Clear and the marks buttons: a board
/// of up to 126 numbers, each placed once.
fn still_to_place_pad(ui: &mut Ui, max: u8, values: &[u8], game: u64, actions: &mut Vec<Action>) {
    let missing: Vec<u8> = (1..=max).filter(|v| !values.contains(v)).collect();
    ui.label(RichText::new("Numbers still to place").strong());
    if missing.is_empty() {
        ui.label("Every number is on the board.");
    }
    // While the pointer is over the pad the buttons keep their places (a placed number's button
    // stays, disabled), so a second click where the first went does not hit the next number;
    // the pad closes up once the pointer leaves it.
    // Kept per game: another board opened under the pointer starts from its own numbers.
    let memory_id = ui.scope_id().with(("still-to-place-shown", game));
    let last: ShownPad = ui.data(|d| d.get_temp(memory_id)).unwrap_or_default();
    let pointer_on_pad = last
        .area
        .zip(ui.ctx().pointer_hover_pos())
        .is_some_and(|(area, pointer)| area.contains(pointer));
    let numbers: Vec<u8> = if pointer_on_pad {
        let mut kept = last.numbers.clone();
        // A number cleared meanwhile joins at the end, moving nothing.
        kept.extend(missing.iter().filter(|v| !last.numbers.contains(v)));
        kept
    } else {
        missing.clone()
    };
    // As many to a row as the panel holds (it narrows with the window), at most six. A button
    // is as wide as its widest number needs: three digits take more than 34 points, and six
    // such columns counted at 34 ran past a narrow panel's edge.
    let font = egui::FontId::proportional(14.0);
    let widest = super::text::text_size(ui.painter(), &max.to_string(), font).x;
    let (width, gap) = (
        (widest + 2.0 * ui.spacing().button_padding.x).max(34.0),
        3.0,
    );
    let per_row = (((ui.available_width() + gap) / (width + gap)).floor() as usize).clamp(1, 6);
    let grid = egui::Grid::new("still-to-place")
        .spacing([gap, gap])
        // The width counted on above: a grid's columns are otherwise at least a default
        // button's width (40), six of them wider than a narrow panel, which then stays too wide.
        .min_col_width(width)
        .show(ui, |ui| {
            for (index, &value) in numbers.iter().enumerate() {
                let button = egui::Button::new(RichText::new(value.to_string()).size(14.0))
                    .min_size(egui::vec2(width, 24.0));
                let placed = !missing.contains(&value);
                let response = ui.add_enabled(!placed, button);
                if response.clicked() {
                    actions.push(Action::Value(value));
                }
                if placed {
                    response.on_disabled_hover_text(format!("{value} is on the board"));
                }
                if index % per_row == per_row - 1 {
                    ui.end_row();
                }
            }
        });
    let shown = ShownPad {
        numbers,
        area: Some(grid.response.rect),
    };
    ui.data_mut(|d| d.insert_temp(memory_id, shown));
    ui.label(
        RichText::new(
            "Or type a number (Enter or a short pause ends it), or drag from a number to a \
             neighbour.",
        )
        .weak(),
    );
    if ui
        .add(egui::Button::new("Clear").min_size(egui::vec2(34.0, 24.0)))
        .clicked()
    {
        actions.push(Action::Clear);
    }
    marks_buttons(ui, actions);
}

/// Says which symbols no font here can draw (they show as boxes), with their code points, and
/// what to do about it.
fn missing_glyphs_note(ui: &mut Ui, labels: &[String]) {
    let font = egui::FontId::proportional(16.0);
    let missing: Vec<String> = labels
        .iter()
        .filter(|label| !ui.ctx().fonts_mut(|f| f.has_glyphs(&font, label)))
        .flat_map(|label| label.chars().map(|c| format!("U+{:04X}", u32::from(c))))
        .collect();
    if missing.is_empty() {
        return;
    }
    ui.label(
        RichText::new(format!(
            "No font on this computer draws {}: they show as boxes. Install a font that has \
             them (the Noto fonts cover most scripts); their keys still type them.",
            missing.join(", ")
        ))
        .color(ui.visuals().warn_fg_color),
    );
}

/// Fill marks and Clear marks, under the pad.
fn marks_buttons(ui: &mut Ui, actions: &mut Vec<Action>) {
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        action_button(
            ui,
            "Fill marks",
            "Mark every value the rules still allow, in every empty cell",
            true,
            Action::FillMarks,
            actions,
        );
        action_button(
            ui,
            "Clear marks",
            "Remove every pencil mark",
            true,
            Action::ClearMarks,
            actions,
        );
    });
    ui.add_space(6.0);
}
