//! One frame of the window at 16x16 with pencil marks in every cell: the egui pass (layout and
//! painting) plus tessellation into triangles, which is what the renderer then uploads.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use gridsmith_app::ui::GridsmithApp;

const ID16: &str = "16:__ba_a_aa_4ab_11aa_a_9a4__a_5a_a__a3_3aa__aa_a__a_a_3a_a__a_5a_6a_4a_10a__a_12a_8a_3a_aa_4a_5aa_3a_7a_a_6a_3aa_3ba3_a_a_a3_3a_4a_b_5ba4__ab__a3_aba_a__a_3aa_7a_a3_b__a5_6a5_a_6bab__a_3a_a3__a3_3aa_4a_a_a_a4_a18,a12s2m700a11m672m195m13d3m144m33m1920m16m120m110a31m45a20d2s10m11m28a30d5a10m18a18s11s3m22m672d2m40d10s15m27m132m308d3m120s3m63a20m1536m288m5m135m22a30m30m56a13s1s10m768m630m210a3m75m13m33m88m130m990a8m24d5m192m154m1980m180m135m91m192m126a7d7d4m1080m112m26d10m150m6m26m1440m45m28m64m128m98m55d3m768s2m10m28d6m21m108s2m300s10m165a11m195m960m22m98m80m84a26m45m156d2";

fn frame(c: &mut Criterion) {
    let ctx = egui::Context::default();
    let mut app = GridsmithApp::new();
    app.load_text(ID16, "bench");
    if let Some(game) = &mut app.game {
        game.play.apply(|edit| {
            for cell in 0..256 {
                edit.set(cell, 0, gridsmith_engine::play::Marks::all(16));
            }
        });
    }
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 1000.0),
        )),
        ..Default::default()
    };
    // Warm the font atlas: the first frame lays out every glyph once.
    let _ = ctx.run_ui(input(), |ui| app.show(ui));
    let mut group = c.benchmark_group("window");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    group.bench_function("frame_16x16_marks_everywhere", |b| {
        b.iter(|| {
            let output = ctx.run_ui(input(), |ui| app.show(ui));
            black_box(ctx.tessellate(output.shapes, output.pixels_per_point))
        })
    });
    group.finish();
}

criterion_group!(benches, frame);
criterion_main!(benches);
