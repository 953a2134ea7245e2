//! The rules and keys page (F1): the rules of the genre on the board, and every key.

use egui::RichText;

use super::actions::Action;
use super::app::{GridsmithApp, Mode};

impl GridsmithApp {
    /// The rules of the genre on the board, and the keys.
    pub(super) fn help_window(
        &mut self,
        ctx: &egui::Context,
        room: egui::Rect,
        actions: &mut Vec<Action>,
    ) {
        let mut open = true;
        // Most of the room's height, so that the whole page shows without scrolling where there
        // is room for it (less the window's title bar and margins).
        let height = (room.height() - 70.0).max(120.0);
        egui::Window::new("Rules and keys")
            .open(&mut open)
            .collapsible(false)
            .constrain_to(room)
            .default_pos(room.left_top() + egui::vec2(24.0, 12.0))
            .default_width(420.0)
            .default_height(height)
            .show(ctx, |ui| {
                let mut area = egui::ScrollArea::vertical().max_height(height);
                if std::mem::take(&mut self.help_from_top) {
                    area = area.vertical_scroll_offset(0.0);
                }
                area.show(ui, |ui| {
                    ui.scroll_with_delta(egui::vec2(0.0, keyboard_scroll(ui)));
                    let genre = self
                        .game
                        .as_ref()
                        .map_or(self.new_genre, |g| g.puzzle.genre());
                    let designer = match self.mode {
                        Mode::Design => self.designer.as_deref(),
                        Mode::Play => None,
                    };
                    let genre = designer.map_or(genre, |d| d.genre());
                    ui.label(RichText::new(genre.title()).strong());
                    ui.label(genre.rules());
                    ui.add_space(6.0);
                    let keys: Vec<&(&str, &str)> = match designer {
                        Some(designer) => {
                            ui.label(RichText::new("Keys while designing").strong());
                            designer
                                .keys()
                                .iter()
                                .chain(DESIGN_KEYS)
                                .chain(PAGE_KEYS)
                                .collect()
                        }
                        None => {
                            ui.label(RichText::new("Keys").strong());
                            KEYS.iter().chain(PAGE_KEYS).collect()
                        }
                    };
                    for (keys, does) in keys {
                        ui.horizontal_wrapped(|ui| {
                            ui.label(RichText::new(*keys).monospace());
                            ui.label(*does);
                        });
                    }
                });
            });
        if !open {
            actions.push(Action::ToggleHelp);
        }
    }
}

/// How far the page's keys scroll it this frame: the board under the page takes no keys while
/// it is open, so the arrows and Page Up/Down read it instead.
fn keyboard_scroll(ui: &egui::Ui) -> f32 {
    let line = ui.text_style_height(&egui::TextStyle::Body) * 2.0;
    let page = ui.clip_rect().height() * 0.9;
    ui.input(|input| {
        [
            (egui::Key::ArrowUp, line),
            (egui::Key::ArrowDown, -line),
            (egui::Key::PageUp, page),
            (egui::Key::PageDown, -page),
        ]
        .iter()
        .filter(|(key, _)| input.key_pressed(*key))
        .map(|(_, delta)| delta)
        .sum()
    })
}

/// The keys page.
const KEYS: &[(&str, &str)] = &[
    ("arrows, click", "move the selection"),
    (
        "1-9",
        "enter a number (on Keen and Rikudo boards past 9, numbers take several digits, 1 then \
         6 is 16, ended by Enter or a pause; a Sudoku's values past 9 are symbols, below)",
    ),
    (
        "drag",
        "Rikudo: from a number across free cells, writing the numbers after it (or before)",
    ),
    ("a-g", "10 to 16 on Keen boards up to 16"),
    (
        "symbol keys",
        "a Sudoku's symbols: their own key, or 1-9 then a-z (shown on their buttons)",
    ),
    (
        "Shift+number",
        "toggle a pencil mark (Shift held for every digit)",
    ),
    ("0, Backspace, Delete", "clear the cell"),
    (
        "M, Ctrl+M",
        "switch marks mode (numbers become marks; Ctrl+M where M is a Sudoku symbol)",
    ),
    (
        "right-click",
        "select a cell for pencil marks (until the selection moves)",
    ),
    (
        "H, Ctrl+H",
        "hint: shows the next deduction; press again to apply it (Ctrl+H where H is a Sudoku \
         symbol)",
    ),
    (
        "Ctrl+K",
        "check: frame the entries that differ from the solution",
    ),
    ("Ctrl+Shift+H", "reveal the selected cell"),
    ("Ctrl+Z, Ctrl+Y", "undo, redo (Restart and Solve included)"),
    ("Ctrl+N, O, S, Q", "new (in play), open, save, quit"),
    (
        "Ctrl+L",
        "in play, type or paste a game ID or seed (the New form's field)",
    ),
    (
        "Ctrl+C, Ctrl+V",
        "copy the puzzle, paste one (or a copied game)",
    ),
    ("Ctrl+Shift+C", "copy the game in progress with its moves"),
    (
        "Escape",
        "close the New form or this page, or dismiss a message",
    ),
];

/// The keys every designer shares, after its own.
const DESIGN_KEYS: &[(&str, &str)] = &[
    (
        "Ctrl+Z, Ctrl+Y",
        "undo, redo (every edit, Blank grid and Paste included)",
    ),
    (
        "Ctrl+C, Ctrl+V",
        "copy the drawing as a puzzle, paste one onto the board",
    ),
    (
        "Ctrl+O, Ctrl+S",
        "open a puzzle to design, save the drawing",
    ),
    ("Escape", "close this page, or dismiss a message"),
];

/// The keys of this page and the panel, last on both pages.
const PAGE_KEYS: &[(&str, &str)] = &[
    ("arrows, Page Up/Down", "scroll this page while it is open"),
    ("F1", "this page"),
    ("F9", "show or hide the side panel"),
];
