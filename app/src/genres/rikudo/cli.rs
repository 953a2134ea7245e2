//! `gridsmith generate --genre rikudo`: its options, and each made puzzle as one line of JSON.

use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use gridsmith_engine::rikudo::{
    RikudoLevel, RikudoRequest, RikudoShape, generate_rikudo, write_rikudo,
};
use serde_json::json;

use crate::cli::generate::{BatchOptions, Made, run};
use crate::cli::{EXIT_USAGE, parse_options};

/// The boards, as `--shape` names them.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum ShapeArg {
    /// 36 cells, a hexagon of side 4
    #[value(name = "hexagon-36")]
    Hexagon36,
    /// 60 cells, side 5 (also `hexagon-60`)
    #[value(name = "ring-60", alias = "hexagon-60")]
    Ring60,
    /// 90 cells, side 6
    #[value(name = "hexagon-90")]
    Hexagon90,
    /// 126 cells, side 7
    #[value(name = "hexagon-126")]
    Hexagon126,
}

/// The grades, as `--difficulty` names them.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub(super) enum LevelArg {
    /// Singles, links, reach and dots beside a placed number.
    Easy,
    /// Path ends and dots between open cells too.
    Medium,
    /// Dead ends (a cell's neighbours) too.
    Hard,
    /// Whatever the givens left give: the steps may need search.
    Any,
}

impl LevelArg {
    /// The level the generator aims at (`None` for any).
    pub(super) fn level(self) -> Option<RikudoLevel> {
        match self {
            LevelArg::Easy => Some(RikudoLevel::Easy),
            LevelArg::Medium => Some(RikudoLevel::Medium),
            LevelArg::Hard => Some(RikudoLevel::Hard),
            LevelArg::Any => None,
        }
    }
}

/// `gridsmith generate --genre rikudo`.
#[derive(Debug, Parser)]
#[command(
    name = "gridsmith generate --genre rikudo",
    about = "Generate Rikudo puzzles with one numbering each; prints one puzzle per line, as \
             one-line Rikudo JSON"
)]
struct GenerateArgs {
    /// The board: a hexagon around an empty centre cell.
    #[arg(long, value_enum, default_value = "hexagon-36")]
    shape: ShapeArg,
    /// How many dots (pairs of neighbours holding consecutive numbers) to draw.
    #[arg(long, default_value_t = 4, value_name = "K")]
    dots: usize,
    /// The grade: the hardest step the solution needs.
    #[arg(long, value_enum, default_value = "medium", value_name = "LEVEL")]
    difficulty: LevelArg,
    /// Keen's and Sudoku's option, taken only to point at --shape.
    #[arg(long, hide = true, value_name = "N")]
    size: Option<String>,
    #[command(flatten)]
    batch: BatchOptions,
}

/// `gridsmith generate --genre rikudo`.
pub fn generate(args: &[String]) -> ExitCode {
    let args: GenerateArgs = parse_options("generate", args);
    if let Some(size) = &args.size {
        crate::err_out!(
            "error: a Rikudo board is chosen by --shape (hexagon-36, ring-60, hexagon-90 or \
             hexagon-126), not --size {size}"
        );
        return ExitCode::from(crate::cli::EXIT_USAGE);
    }
    let shape = match args.shape {
        ShapeArg::Hexagon36 => RikudoShape::Hexagon36,
        ShapeArg::Ring60 => RikudoShape::Ring60,
        ShapeArg::Hexagon90 => RikudoShape::Hexagon90,
        ShapeArg::Hexagon126 => RikudoShape::Hexagon126,
    };
    let request = RikudoRequest {
        shape,
        dots: args.dots,
        level: args.difficulty.level(),
    };
    if let Err(why) = gridsmith_engine::rikudo::check_rikudo_request(&request) {
        crate::err_out!("error: {why}");
        return ExitCode::from(EXIT_USAGE);
    }
    run(&args.batch.batch(super::ID), |seed, cancel| {
        let made = generate_rikudo(&request, seed, cancel, &mut |_| {}).map_err(|error| {
            crate::err_out!("error: {error}");
            gridsmith_engine::Cancelled
        })?;
        // One line per puzzle.
        let text = super::one_line(write_rikudo(&made.puzzle));
        let solution = super::numbering_json(&made.puzzle, made.solution.iter().copied());
        let mut fields = serde_json::Map::new();
        fields.insert("shape".into(), json!(shape.name()));
        fields.insert("cells".into(), json!(made.puzzle.cell_count()));
        fields.insert(
            "givens".into(),
            json!(made.puzzle.givens().iter().flatten().count()),
        );
        fields.insert("dots".into(), json!(made.puzzle.dots().len()));
        fields.insert(
            "difficulty".into(),
            json!(made.level.map_or("needs-search", |l| l.name())),
        );
        fields.insert("solution".into(), solution);
        fields.insert("walks".into(), json!(made.walks));
        Ok(Made { text, fields })
    })
}
