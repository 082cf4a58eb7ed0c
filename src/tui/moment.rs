//! The moments play stops for: the STOP card and what it brought (H.E.
//! landing, the incident check, new enemy, the next deal or the action's
//! end), an action that ends on a card, and an incident met in patrol
//! movement. Each is shown over the
//! right-hand panels, with the map still in view and the new enemy marked
//! on it, until a key says it was seen.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::model::{App, Moment};
use crate::engine::{Event, Pos, Purpose, RuleBook};
use crate::narrate::describe_all;

/// A template roll's hex, triangle and the men in it, from its result
/// ("triangle 3: Ruiz, Mills" or "triangle 3: empty").
fn template_of(e: &Event) -> Option<(Pos, u8, String)> {
    let Event::Roll(r) = e else { return None };
    let rest = r.result.as_deref()?.strip_prefix("triangle ")?;
    let (n, who) = rest.split_once(": ")?;
    Some((r.hex?, n.parse().ok()?, who.to_string()))
}

/// The six-triangle template drawn, the triangle hit marked `*`, and who was in it.
pub fn template_lines(hex: Pos, hit: u8, who: &str) -> Vec<String> {
    let n = |k: u8| if k == hit { '*' } else { char::from(b'0' + k) };
    let who = if who == "empty" { "nobody there".to_string() } else { who.to_string() };
    vec![
        format!("The template over {hex}:  triangle {hit} hit: {who}"),
        "    _____".to_string(),
        format!(r"   /\ {} /\", n(1)),
        format!(r"  /{} \ / {}\", n(6), n(2)),
        format!(r"  \{} / \ {}/", n(5), n(3)),
        format!(r"   \/_{}_\/", n(4)),
        "The men in the hex stand one to a triangle in roster order (a seventh back in 1); a die picks the \
         triangle hit."
            .to_string(),
    ]
}

/// The hexes fire swept in `events`, each with the marks drawn under it:
/// `###` for a spray's, an arc's or a blast's hexes, and a grenade's scatter
/// step by step (`1`, `2`, ... the hex it was over after each move); a
/// shell that scatters (European Battlefield): `(+)` where it was aimed,
/// `>#<` where it landed and `###` the rest of its template (`>~<` and
/// `~~~` for smoke).
pub fn swept(events: &[Event]) -> Vec<(Pos, [char; 3])> {
    let mut marks: Vec<(Pos, [char; 3])> = Vec::new();
    let mut step = 0u32;
    for e in events {
        let hexes: Vec<(Pos, [char; 3])> = match e {
            Event::Sweep { hexes, .. } => hexes.iter().map(|&h| (h, ['#'; 3])).collect(),
            Event::Grenade { .. } => {
                step = 0;
                Vec::new()
            }
            Event::Scatter { hex, .. } => {
                step += 1;
                let digit = char::from_digit(step % 10, 10).unwrap_or('?');
                vec![(*hex, ['>', digit, '_'])]
            }
            Event::GrenadeLands { blast, .. } => blast.iter().map(|&h| (h, ['#'; 3])).collect(),
            Event::Landed { aim, at, radius, smoke, .. } => {
                let fill = if *smoke { '~' } else { '#' };
                let mut hexes = vec![(*aim, ['(', '+', ')'])];
                if let Some(at) = *at {
                    hexes.extend(within(at, *radius).into_iter().filter(|&h| h != at).map(|h| (h, [fill; 3])));
                    hexes.push((at, ['>', fill, '<']));
                }
                hexes
            }
            _ => Vec::new(),
        };
        for (hex, m) in hexes {
            match marks.iter_mut().find(|(h, _)| *h == hex) {
                Some(kept) => kept.1 = m,
                None => marks.push((hex, m)),
            }
        }
    }
    marks
}

/// The hexes `radius` or fewer steps from `at`, `at` first.
fn within(at: Pos, radius: u32) -> Vec<Pos> {
    let mut found = vec![at];
    let mut edge = vec![at];
    for _ in 0..radius.min(6) {
        let next: Vec<Pos> = edge.iter().flat_map(|p| p.neighbours()).filter(|p| !found.contains(p)).collect();
        edge.clear();
        for p in next {
            if !found.contains(&p) {
                found.push(p);
                edge.push(p);
            }
        }
    }
    found
}

impl Moment {
    /// Whether it brought what play must stop for whatever the setting:
    /// new enemy, or the action's end.
    pub fn must_show(&self) -> bool {
        !self.fresh.is_empty() || self.lines.iter().any(|l| l.starts_with("The action is over"))
    }

    /// The hex the map turns to while it is shown: where fire came down,
    /// else where a template fell, else where enemy appeared.
    pub fn focus(&self) -> Option<Pos> {
        self.landed.first().or(self.templates.first().map(|t| &t.0)).or(self.fresh.first()).copied()
    }
}

/// Where a moment that began at `from` stops: at the next card turned or
/// the next step of patrol movement.
fn end_of(events: &[Event], from: usize) -> usize {
    events[from + 1..]
        .iter()
        .position(|e| matches!(e, Event::Card { .. } | Event::Moved { .. }))
        .map_or(events.len(), |k| from + 1 + k)
}

/// The moments in the events of one command (or of the leader's several).
pub fn moments(events: &[Event], book: &RuleBook) -> Vec<Moment> {
    let words = describe_all(events, book);
    let mut found = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let (start, title, stop) = match &events[i] {
            Event::Card { card, side } if side == "none" && card == "STOP" => {
                let turn = events[i..].iter().find_map(|e| match e {
                    Event::Stop { turn } => Some(*turn),
                    _ => None,
                });
                let title = turn.map_or("STOP".to_string(), |t| format!("STOP: turn {t} ends"));
                // The card itself is drawn; its line is not repeated.
                (i + 1, title, Some(turn.unwrap_or(0)))
            }
            e if template_of(e).is_some() => {
                // A shell or a mine outside a STOP or an incident: from its firing, if it was fired.
                let from = if i > 0 && matches!(events[i - 1], Event::Bombard { .. }) { i - 1 } else { i };
                let hex = template_of(e).map_or(Pos::new(0, 0), |t| t.0);
                (from, format!("Template at {hex}"), None)
            }
            // An action ended on a card (the last enemy down to a shot):
            // its end and the casualty rolls that follow, which the log
            // alone would scroll away.
            Event::ActionEnd { .. } => (i, "THE ACTION IS OVER".to_string(), None),
            Event::Incident { name, .. } => {
                // From the incident check that brought it, when there was one.
                let check = events[..i]
                    .iter()
                    .rposition(|e| matches!(e, Event::Roll(r) if r.purpose == Purpose::Incident))
                    .filter(|&k| !events[k..i].iter().any(|e| matches!(e, Event::Card { .. } | Event::Moved { .. })));
                (check.unwrap_or(i), format!("INCIDENT: {name}"), None)
            }
            _ => {
                i += 1;
                continue;
            }
        };
        let end = end_of(events, i);
        let lines: Vec<String> = (start..end)
            .filter(|&k| !matches!(events[k], Event::Stop { .. }) || stop.is_none())
            .map(|k| words[k].clone())
            .collect();
        let fresh = events[start..end]
            .iter()
            .filter_map(|e| match e {
                Event::EnemyAppears { hex, .. } => Some(*hex),
                _ => None,
            })
            .collect();
        let templates = events[start..end].iter().filter_map(template_of).collect();
        let landed = events[start..end]
            .iter()
            .filter_map(|e| match e {
                Event::Landed { at, .. } => *at,
                _ => None,
            })
            .collect();
        found.push(Moment { title, stop, lines, fresh, templates, landed, scroll: 0 });
        i = end;
    }
    found
}

/// The moment drawn over `area` (the deck and roster panels).
pub fn render(app: &App, moment: &Moment, area: Rect, buf: &mut Buffer) {
    if area.is_empty() {
        return;
    }
    let theme = app.theme;
    Clear.render(area, buf);
    let inner = Block::bordered().inner(area);
    let mut lines: Vec<Line> = Vec::new();
    if moment.stop.is_some() {
        // The card drawn large where there is room, else one line.
        let wrapped: usize =
            moment.lines.iter().map(|l| super::log::wrap(l, usize::from(inner.width)).len()).sum::<usize>() + 7;
        if wrapped <= usize::from(inner.height) {
            lines.extend(super::deck::stop_card(theme));
        } else {
            lines.push(Line::styled(" S T O P ", theme.stop()));
        }
        lines.push(Line::from(""));
    }
    for l in &moment.lines {
        let style = if l.starts_with("INCIDENT") || l.contains(" appears at ") || l.starts_with("The action is over") {
            theme.title()
        } else if l.starts_with('[') {
            theme.dim()
        } else {
            ratatui::style::Style::new()
        };
        lines.push(Line::styled(l.clone(), style));
    }
    for (hex, hit, who) in &moment.templates {
        lines.push(Line::from(""));
        for l in template_lines(*hex, *hit, who) {
            lines.push(Line::styled(l, theme.key()));
        }
    }
    if !app.pause_at_stop && moment.stop.is_some() {
        lines.push(Line::styled("(quiet STOP cards do not pause: P)", theme.dim()));
    }
    let text = Paragraph::new(lines).wrap(Wrap { trim: false });
    // Longer than its panel (a template at 80x24): j/k scroll it, and the border says so.
    let rows = u16::try_from(text.line_count(inner.width)).unwrap_or(u16::MAX);
    let last = rows.saturating_sub(inner.height);
    app.moment_last.set(last);
    let scroll = moment.scroll.min(last);
    let keys = match (scroll > 0, scroll < last) {
        (_, true) => " Enter: go on; j: more below ",
        (true, false) => " Enter: go on; k: back up ",
        (false, false) => " Enter, Space or Esc: go on ",
    };
    let block = Block::bordered().border_set(theme.border()).title(format!(" {} ", moment.title)).title_bottom(keys);
    block.render(area, buf);
    text.scroll((scroll, 0)).render(inner, buf);
}

/// The question before leaving the map, drawn where a pause is.
pub fn render_confirm(app: &App, reasons: &[String], area: Rect, buf: &mut Buffer) {
    if area.is_empty() {
        return;
    }
    let theme = app.theme;
    Clear.render(area, buf);
    let block = Block::bordered()
        .border_set(theme.border())
        .title(" Leave the map? ")
        .title_bottom(" x, Enter: leave; other: stay ");
    let mut lines: Vec<Line> = reasons.iter().map(|r| Line::styled(r.clone(), theme.title())).collect();
    lines.push(Line::from(""));
    lines.push(Line::from("x or Enter leaves anyway. Any other key stays on the map."));
    Paragraph::new(lines).block(block).wrap(Wrap { trim: false }).render(area, buf);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Name;

    fn card(name: &'static str, side: &'static str) -> Event {
        Event::Card { card: Name::new_static(name), side: Name::new_static(side) }
    }

    #[test]
    fn a_stop_card_is_a_moment_up_to_the_next_card() {
        let book = crate::rules::rule_book().expect("the built-in rules load");
        let events = vec![
            card("Baker", "friendly"),
            card("STOP", "none"),
            Event::Stop { turn: 3 },
            Event::EnemyAppears { group: "sniper".into(), soldiers: vec!["G7".into()], hex: Pos::new(4, 2) },
            Event::Deck { size: 20, composition: Default::default(), in_order: false },
            card("G7", "enemy"),
        ];
        let found = moments(&events, &book);
        assert_eq!(found.len(), 1, "{found:?}");
        let m = &found[0];
        assert_eq!(m.title, "STOP: turn 3 ends");
        assert_eq!(m.stop, Some(3));
        assert_eq!(m.fresh, vec![Pos::new(4, 2)]);
        assert!(m.must_show());
        assert_eq!(m.lines.len(), 2, "the appearance and the deal, not the next card: {:?}", m.lines);
        assert!(m.lines[0].starts_with("sniper appears at 4,2"), "{:?}", m.lines);
        assert!(m.lines[1].starts_with("The deck is shuffled"), "{:?}", m.lines);
    }

    #[test]
    fn a_quiet_stop_need_not_be_shown_and_no_stop_is_no_moment() {
        let book = crate::rules::rule_book().expect("the built-in rules load");
        let quiet = vec![
            card("STOP", "none"),
            Event::Stop { turn: 1 },
            Event::Deck { size: 9, composition: Default::default(), in_order: false },
        ];
        let found = moments(&quiet, &book);
        assert_eq!(found.len(), 1);
        assert!(!found[0].must_show());
        assert!(moments(&[card("Baker", "friendly"), Event::Hold { soldier: "Baker".into() }], &book).is_empty());
    }

    /// An action that ends on a card (the last enemy down to a shot) stops
    /// play with its end and the casualty rolls after it, as a STOP does.
    #[test]
    fn an_action_that_ends_on_a_card_is_a_moment() {
        let book = crate::rules::rule_book().expect("the built-in rules load");
        let events = vec![
            card("Okafor", "friendly"),
            Event::Hit { soldier: "G3".into(), by: "Okafor".into() },
            Event::ActionEnd { reason: "every enemy is hit or gone".into() },
            Event::Wounded { soldier: "Ruiz".into(), wound: "serious_wound".into() },
        ];
        let found = moments(&events, &book);
        assert_eq!(found.len(), 1, "{found:?}");
        let m = &found[0];
        assert_eq!(m.title, "THE ACTION IS OVER");
        assert!(m.must_show(), "it pauses whatever the setting for quiet STOPs");
        assert!(m.lines[0].starts_with("The action is over"), "{:?}", m.lines);
        assert!(m.lines.iter().any(|l| l.contains("Ruiz")), "the casualty after it: {:?}", m.lines);
        assert!(!m.lines.iter().any(|l| l.contains("G3")), "not the shot before it: {:?}", m.lines);
    }
}
