//! The help overlay: every key from the keymap, a reminder of the rules of
//! the phase the game is in, and the map's legend.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::keymap::KEYMAP;
use super::model::App;
use super::theme::Theme;
use crate::engine::book::Wound;
use crate::engine::{Phase, RuleBook};

/// Where the game is, for the rules the help screen reminds of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Patrol,
    Action,
    Over,
    Between,
}

impl Stage {
    pub fn of(phase: Option<&Phase>) -> Self {
        match phase {
            Some(Phase::Patrol) => Stage::Patrol,
            Some(Phase::Action(_)) => Stage::Action,
            Some(Phase::Over { .. }) => Stage::Over,
            None => Stage::Between,
        }
    }
}

/// The rules of the phase, in a few lines, with the numbers from the rule book.
pub fn phase_rules(book: &RuleBook, stage: Stage) -> Vec<String> {
    let i = &book.incident;
    let patrol = vec![
        "Patrol movement. Move a section one hex at a time. Every hex entered is an incident check:".to_string(),
        format!(
            "{}D{}, an incident on {}+; woods and buildings lower the need by 1, and each earlier incident \
             of this patrol by {} more (at most {}).",
            i.dice, i.sides, i.base, -i.per_earlier_incident, i.max_earlier
        ),
        if i.earlier_incidents_at_stop {
            "The check at each STOP card of an action counts the earlier incidents too.".into()
        } else {
            format!(
                "The check at each STOP card of an action is the bare {}+: earlier incidents do not count there.",
                i.base
            )
        },
        "An incident is rolled on the incident table: most are false alarms; the rest bring a mortar, an MG team, a sniper or an enemy patrol.".into(),
        format!(
            "A seriously wounded man is carried: a section moves only with {} fit men for each. To go on \
             without him, split him off (:split NAME) and leave him; he is missing if the patrol goes home.",
            book.patrol.bearers_per_wounded
        ),
        "Bring the patrol home by leaving the map from its home edge once the objective is done.".into(),
    ];
    let a = &book.action;
    let wounds: Vec<String> = book
        .casualty_table
        .iter()
        .map(|e| {
            let faces =
                if e.rolls.0 == e.rolls.1 { e.rolls.0.to_string() } else { format!("{}-{}", e.rolls.0, e.rolls.1) };
            let what = match e.wound {
                Wound::Flesh => "flesh wound (fights on)".to_string(),
                Wound::Serious => format!("serious wound ({} fit men carry him)", book.patrol.bearers_per_wounded),
                Wound::Dead => "dead".to_string(),
                // A rules file's check refuses these in the casualty table.
                Wound::Light | Wound::Critical => e.wound.name().replace('_', " "),
            };
            format!("{faces} {what}")
        })
        .collect();
    let action = vec![
        format!(
            "Tactical action. The deck holds {} cards for each man of either side who can fight, and {} STOP.",
            a.cards_per_soldier, a.stop_cards
        ),
        "Turn a card: on your man's card give him an order (move a hex, fire, fight hand-to-hand, carry, hold);".into(),
        "the enemy's cards play themselves. STOP ends the turn: another incident check, then a new deck.".into(),
        format!("A hit man is knocked over; when the action is over each rolls a die: {}.", wounds.join(", ")),
        if a.contact_breaks {
            format!(
                "The action ends when no enemy is left fighting, or the enemy slips away after {} turns in a row \
                 in which nobody could fire.",
                a.quiet_turns_to_break_contact
            )
        } else {
            format!(
                "The action goes on until every enemy is hit or no man of yours on the map can act; after {} turns \
                 in a row in which nobody could fire, the enemy closes in.",
                a.quiet_turns_to_break_contact
            )
        },
    ];
    let mut action = action;
    if let Some(t) = &book.arsenal.anti_tank {
        action.push(format!(
            "Vehicles (V) are hurt only by anti-tank weapons and H.E. A/T fire hits on at least the hex count on a \
             d{}: +{} if the target or firer moved, +{} if the target is partly hidden, {} at its rear, +{} for a \
             bazooka, PIAT, Panzerfaust or A/T rifle at extreme range. A hit rolls a d{} for damage: light, heavy or \
             destroyed (at extreme range, only 4-6 does anything).",
            t.sides, t.moved, t.partly_hidden, t.rear, t.short_at_extreme, t.damage_sides
        ));
    }
    if let Some(he) = book.arsenal.high_explosive.as_ref().filter(|he| he.radio) {
        action.push(format!(
            "With a radio, the senior man calls H.E. fire (r) on a hex he sees, up to {} hexes off: it lands at the \
             STOP card on at least the hex count on a d8 (+1 if anyone there moved, +1 in hard cover), and the \
             template hits whoever is there, friend or foe. {} missions a patrol.",
            he.max_range, he.missions_per_patrol
        ));
    }
    match stage {
        Stage::Patrol => patrol,
        Stage::Action => action,
        Stage::Over => vec!["The patrol is over: its report is in the log.".into()],
        Stage::Between => vec![
            "Between patrols. Wounds heal or keep a man out, the dead stay dead, replacements join.".into(),
            "Press Enter for the squad page (who goes, with what), then Enter to set out on the next patrol.".into(),
            "A reads the last patrol's after-action report, C the campaign's (every patrol, the men's service \
             records, the roll of honour), as `hexpatrol report` writes them."
                .into(),
        ],
    }
}

/// The map's legend.
pub fn legend(book: &RuleBook, theme: Theme) -> Vec<String> {
    let terrain: Vec<String> = book.terrain.iter().map(|t| format!("{} {}", t.glyph, t.name)).collect();
    // A book with European Battlefield's vehicles: its hulks and roster marks.
    let eb = crate::engine::ruleset::european::tables_in(book).is_some_and(|t| t.vehicles.is_some());
    vec![
        format!("Terrain: {}.", terrain.join(", ")),
        "In a hex, a letter and a count: A2 section A with 2 men (patrol), &7 sections sharing a hex, 7 men \
         in all, F3 three of your men (action), \
         E2 two enemy (e2: out of sight of the man whose card is up), !4 both sides in one hex (4 men), \
         +1 one of yours down, x1 one of theirs down."
            .into(),
        format!(
            "A vehicle by its name, never a count: V3 is vehicle V3 of the roster (v3 out of sight; V# a \
             name of two digits, V+ more than one vehicle), whoever is with it.{}",
            if eb { " H3: its hulk, which blocks sight." } else { "" }
        ),
        format!(
            "Under a hex: * objective, X minefield, {} home edge, new enemy just came, ### the last \
             fire's reach, >1 >2 a grenade's scatter, (+) shells aimed, >#< landed (>~< smoke), (o) steer, ovl overloaded; at its left + yours down, x theirs. Odd \
             columns sit half a hex lower.",
            theme.home_mark()
        ),
        "Hexes are named COL,ROW from 0,0 at the top left, as in the log (a big hex has its name inside). The cursor is reversed, the hex of the man whose card is up underlined; \
         < > ^ v on the border: more of the map that way."
            .into(),
        format!("Sight (v): {0}{0} a hex he sees, 4+ under an enemy the need of his likeliest shot; %% what F at the \
         cursor's enemy would reach; ~~~ smoke stops it.", theme.sight_mark()),
        if eb {
            // European Battlefield's own marks, in place of Combat Patrol's.
            "Roster: fit, FW flesh wound, KO knocked over, SW serious wound, DEAD, home (gone by the home edge), \
             POW; PIN pinned, PRONE, ROUT; IN inside a transport (its name where the hex goes); a vehicle ok, DMG \
             wounded, IMMOB, HULK, BURN, ABAND abandoned, gone; A7/5 W2/3 its armour and wounds left, load 6/10 a \
             transport's carry points taken; (r) the radio man; Cards (C) his cards left this turn."
                .into()
        } else {
            "Roster: fit, FW flesh wound, KO knocked over, SW serious wound, DEAD, home (gone by the home edge), \
             POW; Combat Patrol's LW light wound, CR1-2 critical (dies on 1-2), PIN pinned (P after a wound), 4+ 2g his \
             accuracy and grenades left, 2/4 ammunition; a vehicle ok, LD, HD, WRECK, gone; (r) the radio man; Cards (C) his \
             cards left this turn."
                .into()
        },
    ]
}

/// The legend alone, over the middle of the screen (`g`).
/// The legend over the map, scrolled down `scroll` rows where it is longer
/// than its box (its border says so).
pub fn render_legend(app: &App, scroll: u16, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let across = if area.width < 100 { 1 } else { area.width / 10 };
    let popup = area.inner(ratatui::layout::Margin::new(across, if area.height < 30 { 0 } else { area.height / 6 }));
    if popup.is_empty() {
        return;
    }
    Clear.render(popup, buf);
    let lines: Vec<Line> = legend(&app.campaign.book, theme).into_iter().map(Line::from).collect();
    let text = Paragraph::new(lines).wrap(Wrap { trim: false });
    let last = last_scroll(&text, Block::bordered().inner(popup));
    app.legend_last.set(last);
    let scroll = scroll.min(last);
    let keys = match (scroll < last, scroll > 0) {
        (true, _) => " j: more below ",
        (false, true) => " k: back up ",
        (false, false) => "",
    };
    let block = Block::bordered().border_set(theme.border()).title(" The map: Esc closes ").title_bottom(keys);
    text.block(block).scroll((scroll, 0)).render(popup, buf);
}

pub fn render(app: &App, scroll: u16, area: Rect, buf: &mut Buffer) {
    let theme = app.theme;
    let area = area.inner(ratatui::layout::Margin::new(2, 1));
    if area.is_empty() {
        return;
    }
    let book = &app.campaign.book;
    // Where the player is first, then every key.
    let mut lines = vec![
        Line::from(super::report::rules_in_play(&app.campaign)),
        Line::from(""),
        Line::styled("Now", theme.title()),
    ];
    lines.extend(phase_rules(book, Stage::of(app.game().map(|g| g.phase()))).into_iter().map(Line::from));
    lines.push(Line::from(""));
    lines.push(Line::styled("Keys", theme.title()));
    for b in KEYMAP.iter().filter(|b| !b.help.is_empty()) {
        lines.push(Line::from(vec![Span::styled(format!("{:>8}  ", b.label), theme.key()), Span::raw(b.help)]));
    }
    lines.push(Line::from(
        "   mouse  click a hex to put the cursor there, click again to act; the wheel scrolls the log",
    ));
    lines.push(Line::from(""));
    lines.push(Line::styled("Rules in play", theme.title()));
    lines.extend(crate::narrate::house_rules(book).into_iter().map(Line::from));
    lines.push(Line::from(""));
    lines.push(Line::styled("The map", theme.title()));
    lines.extend(legend(book, theme).into_iter().map(Line::from));
    lines.push(Line::from(""));
    lines.push(Line::styled("The command line (:)", theme.title()));
    lines.extend(COMMANDS.iter().map(|l| Line::from(*l)));
    lines.push(Line::from(""));
    lines.extend(reference_lines(book, theme));
    let block = Block::bordered().border_set(theme.border()).title(" Help: j/k scroll, Esc closes ");
    // Scrolled no further than the last line can reach the bottom.
    let inner = block.inner(area);
    let text = Paragraph::new(lines).wrap(Wrap { trim: false });
    let last = last_scroll(&text, inner);
    app.help_last.set(last);
    Clear.render(area, buf);
    text.block(block).scroll((scroll.min(last), 0)).render(area, buf);
}

/// How far `text` can scroll in `area`: no further than its last wrapped
/// line can reach the bottom.
pub fn last_scroll(text: &Paragraph, area: Rect) -> u16 {
    let rows = text.line_count(area.width.max(1));
    u16::try_from(rows.saturating_sub(usize::from(area.height))).unwrap_or(u16::MAX)
}

/// The whole rules reference of `book`, heading by heading, as lines to show.
pub fn reference_lines(book: &RuleBook, theme: Theme) -> Vec<Line<'static>> {
    let mut lines = vec![
        Line::styled("The rules", theme.title()),
        Line::from("Written from the rule book this game plays: its numbers are the game's own."),
    ];
    for part in super::reference::reference(book) {
        lines.push(Line::from(""));
        lines.push(Line::styled(part.title, theme.title()));
        lines.extend(part.lines.into_iter().map(Line::from));
    }
    lines
}

/// The commands of the headless runner, which the command line takes too.
const COMMANDS: &[&str] = &[
    "  move [SECTION] COL,ROW     a section steps (patrol); the man whose card is up steps (action)",
    "  split NAME NAME...         these men leave their section and form a new one",
    "  join SECTION INTO          two sections in one hex become one",
    "  exit [SECTION]             leave the map from a hex of the home edge",
    "  turn, hold                 turn the next card; the man whose card is up does nothing",
    "  fire TARGET [special]      fire at a man (G2) or a hex (4,5); special: the weapon's special method",
    "  fight ENEMY                hand-to-hand with an enemy in your hex",
    "  throw COL,ROW              throw a hand grenade at a hex (Combat Patrol)",
    "  steer COL,ROW              move a grenade in the air towards a hex, on your side's move",
    "  carry WOUNDED COL,ROW      you and a second fit man carry a wounded comrade one hex",
    "  capture PRISONER           take a seriously wounded enemy in your hex prisoner",
    "  call COL,ROW               the radio man calls H.E. fire on a hex",
    "  spend fire|move|rally      your squad's command point: two rounds of fire, half a move more, a suppression off",
    "  double, dig, up            at the double (twice the move, no fire); dig in (prone, 5+ save); get up",
    "  begin                      set out on the next patrol",
    "  auto N                     the patrol leader makes your next N decisions",
    "  odds move [SECTION] COL,ROW    odds fire [SHOOTER] TARGET    odds fight [MAN] ENEMY",
    "  odds bombard FIRER [COL,ROW]   odds call COL,ROW   odds stop    odds casualty [MAN]",
    "  help                       this screen",
];
