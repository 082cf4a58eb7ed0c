//! What the terminal game costs to draw: one full frame of the default
//! scenario in an action, at 240x70 (big hexes), 200x60 (wide), 120x40 and 80x24, beside a plain full-screen
//! paragraph of the same size (the floor ratatui itself sets), and the
//! start-up from the built-in rules to the first frame. `cargo bench --bench
//! tui`; the numbers are in docs/TUI.md.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::widgets::{Paragraph, Wrap};

use hexpatrol::engine::campaign::Campaign;
use hexpatrol::rules;
use hexpatrol::session::Line;
use hexpatrol::tui::keymap::Msg;
use hexpatrol::tui::model::{App, Overlay};
use hexpatrol::tui::theme::Theme;

#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const THEME: Theme = Theme { color: true, ascii: false };

/// The default scenario, set out, as the title screen's "new" leaves it.
fn new_game() -> App {
    let book = rules::rule_book().expect("the built-in rules load");
    let scenario = rules::scenario(rules::default_scenario_name(), &book).expect("the default scenario loads");
    let mut campaign = Campaign::single(&scenario, 2024, book);
    campaign.begin().expect("the patrol sets out");
    App::new(campaign, "bench", THEME)
}

/// The same game played by the leader until a card of ours is up: every
/// panel has something to draw.
fn in_action() -> App {
    let mut app = new_game();
    while app.game().is_some_and(|g| g.card_up().is_none()) {
        app.run(Line::Auto(1));
        // Past the pauses the STOP cards and incidents bring: the plain screen is measured.
        while matches!(app.overlay, Overlay::Moment(_)) {
            app.update(Msg::Act);
        }
    }
    app
}

fn frames(c: &mut Criterion) {
    let app = in_action();
    let mut g = c.benchmark_group("frame");
    for (w, h) in [(240, 70), (200, 60), (120, 40), (80, 24)] {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
        g.bench_function(format!("game {w}x{h}"), |b| {
            b.iter(|| {
                // A fresh frame each time: clear makes every cell be drawn anew.
                terminal.clear().expect("clears");
                terminal.draw(|f| f.render_widget(&app, f.area())).expect("draws");
            })
        });
        let text = "the quick brown fox jumps over the lazy dog ".repeat(usize::from(w) * usize::from(h) / 44 + 1);
        let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
        g.bench_function(format!("paragraph {w}x{h}"), |b| {
            b.iter(|| {
                terminal.clear().expect("clears");
                terminal
                    .draw(|f| f.render_widget(Paragraph::new(text.as_str()).wrap(Wrap { trim: false }), f.area()))
                    .expect("draws");
            })
        });
    }
    g.finish();
}

fn start_up(c: &mut Criterion) {
    c.bench_function("start-up to first frame (80x24)", |b| {
        b.iter(|| {
            let app = new_game();
            let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("a test terminal");
            terminal.draw(|f| f.render_widget(&app, f.area())).expect("draws");
            black_box(terminal.backend().buffer().area)
        })
    });
}

criterion_group!(benches, frames, start_up);
criterion_main!(benches);
