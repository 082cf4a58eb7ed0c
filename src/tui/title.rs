//! The title screen: go on with the last campaign, start a new one (its
//! campaign or scenario and its seed shown and editable), load another,
//! read the rules, or quit.

use std::path::PathBuf;
use std::sync::Arc;

use ratatui::buffer::Buffer;
use ratatui::layout::{Margin, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use super::help;
use super::keymap::{Dir, Msg, TITLE_KEYS};
use super::rules_in_play::{self, Outcome, RulesInPlay};
use super::theme::Theme;
use crate::engine::RuleBook;
use crate::rules;
use crate::save::{self, Listing};
use crate::session::start::{self, Choice, Table};

/// Which page of the title screen is showing.
#[derive(Clone, Debug, PartialEq)]
pub enum Page {
    Menu,
    /// Choosing what to play, with the seed being typed.
    New {
        seed: String,
    },
    /// The house rules of the game chosen, before it begins.
    RulesInPlay(Box<RulesInPlay>),
    Load,
    Rules {
        scroll: u16,
    },
}

/// What the player chose.
#[derive(Clone, Debug, PartialEq)]
pub enum Chosen {
    /// A new game of this campaign or scenario, with this seed and rule
    /// book, and whether its orders may be taken back (not iron man).
    New(Choice, u64, Arc<RuleBook>, Table),
    Open(String),
    Quit,
}

pub struct Title {
    pub data_dir: PathBuf,
    pub book: Arc<RuleBook>,
    pub theme: Theme,
    pub page: Page,
    /// The highlighted line of the page's list.
    pub selected: usize,
    pub saves: Vec<Listing>,
    /// Built-in campaigns and scenarios, with the words the list shows.
    pub games: Vec<(Choice, String)>,
    /// Why the last choice failed (a save that will not load, say).
    pub message: Option<String>,
    pub seed: u64,
    /// The player chose to quit.
    pub quit: bool,
    /// How far the rules reference can scroll, as the last frame found it.
    pub rules_last: std::cell::Cell<u16>,
    /// The save name the command line gave a new game (`hexpatrol new --name`).
    pub new_name: Option<String>,
}

impl Title {
    pub fn new(data_dir: PathBuf, book: Arc<RuleBook>, theme: Theme, seed: u64) -> Self {
        let campaigns = rules::CAMPAIGNS.iter().map(|(key, _)| Choice::Campaign(key.to_string()));
        let scenarios = rules::SCENARIOS.iter().map(|(key, _)| Choice::Scenario(key.to_string()));
        let games = campaigns
            .chain(std::iter::once(Choice::Generated))
            .chain(scenarios)
            .filter_map(|c| start::describe_choice(&c, &book).ok().map(|words| (c, words)))
            .collect();
        let saves = save::list(&data_dir);
        Self {
            data_dir,
            book,
            theme,
            page: Page::Menu,
            selected: 0,
            saves,
            games,
            message: None,
            seed,
            quit: false,
            rules_last: std::cell::Cell::new(u16::MAX),
            new_name: None,
        }
    }

    /// The title screen opened at the "Rules in play" page of a game the
    /// command line chose (`hexpatrol new`), to be saved as `name`. Esc
    /// goes back to the list of games.
    pub fn choosing_rules(
        data_dir: PathBuf,
        book: Arc<RuleBook>,
        theme: Theme,
        new: (Choice, String, u64),
        (name, table): (Option<String>, Table),
    ) -> Self {
        let (choice, words, seed) = new;
        let mut title = Title::new(data_dir, book, theme, seed);
        let mut page = RulesInPlay::new(choice, seed, words, (*title.book).clone());
        page.iron_man = !table.take_backs;
        page.real_dice = table.real_dice;
        title.page = Page::RulesInPlay(Box::new(page));
        title.new_name = name;
        title
    }

    /// The menu's lines: what each does.
    fn menu(&self) -> Vec<(Option<Chosen>, String)> {
        let mut items = Vec::new();
        if let Some(l) = self.saves.iter().find(|l| l.problem.is_none() && l.phase != "over") {
            let words =
                format!("Continue '{}': {}, patrol {} of {}, {}", l.name, l.title, l.patrol, l.patrols, l.phase);
            items.push((Some(Chosen::Open(l.name.clone())), words));
        }
        items.push((None, "New campaign or patrol".into()));
        items.push((None, "Load another saved campaign".into()));
        items.push((None, "Rules reference".into()));
        items.push((Some(Chosen::Quit), "Quit".into()));
        items
    }

    fn len(&self) -> usize {
        match &self.page {
            Page::Menu => self.menu().len(),
            Page::New { .. } => self.games.len(),
            Page::Load => self.saves.len(),
            Page::Rules { .. } | Page::RulesInPlay(_) => 0,
        }
    }

    /// A key's message; returns what was chosen, if anything was.
    pub fn update(&mut self, msg: Msg) -> Option<Chosen> {
        self.message = None;
        if let Page::RulesInPlay(page) = &mut self.page {
            return match (msg, page.update(msg)) {
                (Msg::Quit, _) => Some(Chosen::Quit),
                (_, Some(Outcome::Begin(book, table))) => {
                    Some(Chosen::New(page.choice.clone(), page.seed, book, table))
                }
                (_, Some(Outcome::Back)) => {
                    let (seed, choice) = (page.seed, page.choice.clone());
                    self.page = Page::New { seed: seed.to_string() };
                    self.selected = self.games.iter().position(|(c, _)| *c == choice).unwrap_or(0);
                    None
                }
                (_, None) => None,
            };
        }
        match (&mut self.page, msg) {
            (_, Msg::Quit) => return Some(Chosen::Quit),
            (Page::Rules { scroll }, Msg::Cursor(Dir::South) | Msg::LogDown) => {
                let by = if msg == Msg::LogDown { super::model::PAGE } else { 1 };
                *scroll = scroll.saturating_add(by).min(self.rules_last.get());
            }
            (Page::Rules { scroll }, Msg::Cursor(Dir::North) | Msg::LogUp) => {
                let by = if msg == Msg::LogUp { super::model::PAGE } else { 1 };
                *scroll = scroll.saturating_sub(by);
            }
            (Page::Menu, Msg::Cancel) => return Some(Chosen::Quit),
            (_, Msg::Cancel) => self.back(),
            (_, Msg::Cursor(Dir::South)) => self.selected = (self.selected + 1).min(self.len().saturating_sub(1)),
            (_, Msg::Cursor(Dir::North)) => self.selected = self.selected.saturating_sub(1),
            (Page::Menu, Msg::Help) => self.page = Page::Rules { scroll: 0 },
            (_, Msg::Act) => return self.choose(),
            _ => {}
        }
        None
    }

    fn back(&mut self) {
        self.page = Page::Menu;
        self.selected = 0;
    }

    fn choose(&mut self) -> Option<Chosen> {
        match &self.page {
            Page::Menu => {
                let items = self.menu();
                let (chosen, words) = items.get(self.selected)?.clone();
                if chosen.is_some() {
                    return chosen;
                }
                self.page = match words.as_str() {
                    "New campaign or patrol" => Page::New { seed: self.seed.to_string() },
                    "Load another saved campaign" => Page::Load,
                    _ => Page::Rules { scroll: 0 },
                };
                self.selected = 0;
                None
            }
            Page::New { seed } => {
                let Ok(seed) = seed.parse::<u64>() else {
                    self.message = Some("The seed must be a whole number from 0 to 18446744073709551615.".into());
                    return None;
                };
                // Next, the house rules the game is played by.
                let (choice, label) = self.games.get(self.selected)?.clone();
                self.page = Page::RulesInPlay(Box::new(RulesInPlay::new(choice, seed, label, (*self.book).clone())));
                None
            }
            Page::Load => match self.saves.get(self.selected) {
                Some(Listing { name, problem: Some(why), .. }) => {
                    // Why, and the way back where there is one: a name the
                    // game cannot open is renamed, not restored.
                    let mut words = format!("'{name}' cannot be read: {why}");
                    let path = save::campaign_path(&self.data_dir, name);
                    match save::newest_backup(&path) {
                        Some((b, kept)) if save::valid_name(name) => {
                            let command = crate::session::start::restore_command(&self.data_dir, name);
                            words.push_str(&format!(
                                ". `{command}` puts back its newest backup that loads, {} ({}).",
                                b.file_name().map_or(String::new(), |f| f.to_string_lossy().into_owned()),
                                save::holds(&kept)
                            ));
                        }
                        Some(_) => {}
                        None if save::valid_name(name) => words.push_str(". It has no backup that loads."),
                        None => {}
                    }
                    self.message = Some(words);
                    None
                }
                Some(l) => Some(Chosen::Open(l.name.clone())),
                None => None,
            },
            Page::Rules { .. } | Page::RulesInPlay(_) => None,
        }
    }

    /// A digit or a backspace typed on the new-game page edits the seed.
    /// Returns false when the key is not for the seed.
    pub fn type_seed(&mut self, c: Option<char>) -> bool {
        let Page::New { seed } = &mut self.page else { return false };
        match c {
            Some(d) if d.is_ascii_digit() && seed.len() < 20 => seed.push(d),
            Some(d) if d.is_ascii_digit() => {}
            Some(_) => return false,
            None => {
                seed.pop();
            }
        }
        true
    }
}

impl Widget for &Title {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        if area.is_empty() {
            return;
        }
        let block = Block::bordered().border_set(theme.border()).title(" hexpatrol ");
        let inner = block.inner(area).inner(Margin::new(1, 0));
        block.render(area, buf);
        let mut lines = vec![
            Line::styled("hexpatrol: a solo patrol wargame, after the Lone Warrior rules", theme.title()),
            Line::from(""),
        ];
        let item = |i: usize, words: &str| {
            let style = if i == self.selected { theme.cursor() } else { ratatui::style::Style::new() };
            Line::styled(format!(" {words} "), style)
        };
        match &self.page {
            Page::Menu => {
                lines.extend(self.menu().iter().enumerate().map(|(i, (_, w))| item(i, w)));
                lines.push(Line::from(""));
                lines.push(Line::from(format!("Saves are kept in {}.", self.data_dir.display())));
            }
            Page::New { seed } => {
                lines.push(Line::from("What to play:"));
                lines.extend(self.games.iter().enumerate().map(|(i, (_, w))| item(i, w)));
                lines.push(Line::from(""));
                lines.push(Line::from(vec![
                    ratatui::text::Span::raw("Seed: "),
                    ratatui::text::Span::styled(format!("{seed}_"), theme.key()),
                    ratatui::text::Span::raw("  (type digits, Backspace; the same seed plays the same dice)"),
                ]));
            }
            Page::Load if self.saves.is_empty() => lines.push(Line::from("No saved campaigns yet.")),
            Page::Load => {
                lines.push(Line::from("Saved campaigns, the most recent first:"));
                lines.extend(self.saves.iter().enumerate().map(|(i, l)| {
                    let words = match &l.problem {
                        Some(_) => format!("{:<16} cannot be read", l.name),
                        None => format!(
                            "{:<16} {}, patrol {} of {}, {}, {}",
                            l.name,
                            l.title,
                            l.patrol,
                            l.patrols,
                            l.phase,
                            save::when(l.saved_at)
                        ),
                    };
                    item(i, &words)
                }));
            }
            Page::RulesInPlay(page) => {
                rules_in_play::render(page, theme, inner, buf);
                return;
            }
            Page::Rules { scroll } => {
                let mut text =
                    vec![Line::styled("Rules reference: j/k scroll, PgUp/PgDn a page, Esc goes back", theme.title())];
                text.push(Line::from(""));
                text.extend(help::reference_lines(&self.book, theme));
                text.push(Line::from(""));
                text.push(Line::styled("The map", theme.title()));
                text.extend(help::legend(&self.book, theme).into_iter().map(Line::from));
                let text = Paragraph::new(text).wrap(Wrap { trim: false });
                let last = help::last_scroll(&text, inner);
                self.rules_last.set(last);
                text.scroll(((*scroll).min(last), 0)).render(inner, buf);
                return;
            }
        }
        if let Some(m) = &self.message {
            lines.push(Line::from(""));
            lines.push(Line::styled(m.clone(), theme.enemy()));
        }
        lines.push(Line::from(""));
        let keys: Vec<String> = TITLE_KEYS.iter().map(|(k, what)| format!("{k} {what}")).collect();
        lines.push(Line::styled(keys.join(" | "), theme.dim()));
        Paragraph::new(lines).wrap(Wrap { trim: false }).render(inner, buf);
    }
}

#[cfg(test)]
mod tests {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;
    use crate::engine::ruleset::house::{self, Preset};

    fn title(dir: &std::path::Path) -> Title {
        let book = rules::rule_book().expect("the built-in rules load");
        Title::new(dir.to_path_buf(), book, Theme { color: false, ascii: false }, 42)
    }

    fn screen(t: &Title, width: u16, height: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
        terminal.draw(|f| f.render_widget(t, f.area())).expect("a frame draws");
        let buf = terminal.backend().buffer();
        (0..height).map(|y| (0..width).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n").collect()
    }

    /// Menu, New, the first game, Enter: the rules page of that game.
    fn to_rules_in_play(t: &mut Title) {
        let at = t.menu().iter().position(|(_, w)| w == "New campaign or patrol").expect("the menu offers a new game");
        for _ in 0..at {
            t.update(Msg::Cursor(Dir::South));
        }
        assert_eq!(t.update(Msg::Act), None);
        assert_eq!(t.update(Msg::Act), None, "a game chosen: its rules come first");
        assert!(matches!(t.page, Page::RulesInPlay(_)), "{:?}", t.page);
    }

    #[test]
    fn a_new_game_goes_through_the_rules_in_play() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let mut t = title(dir.path());
        to_rules_in_play(&mut t);
        if let Page::RulesInPlay(p) = &mut t.page {
            house::set_preset(&mut p.book, Preset::AsWritten);
        }
        insta::assert_snapshot!("rules_in_play_80x24", screen(&t, 80, 24));
        for (w, h) in [(1, 1), (10, 3), (30, 8), (59, 17)] {
            let _ = screen(&t, w, h);
        }
        // Esc goes back to the list, with the game still chosen; Down, Enter: gentler, and the game begins.
        assert_eq!(t.update(Msg::Cancel), None);
        assert!(matches!(t.page, Page::New { .. }));
        t.update(Msg::Act);
        t.update(Msg::Cursor(Dir::South));
        match t.update(Msg::Act) {
            Some(Chosen::New(choice, 42, book, Table { take_backs: true, .. })) => {
                assert_eq!(choice, t.games[0].0);
                assert_eq!(house::preset_of(&book), Some(Preset::Gentler));
            }
            other => panic!("expected a new game, got {other:?}"),
        }
    }

    /// A campaign that cannot be read says why when it is chosen, and
    /// offers its backup, naming it and where it stands, only where there
    /// is one that loads and `resume NAME --backup` takes the name.
    #[test]
    fn a_campaign_that_cannot_be_read_says_why() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let folder = dir.path().join("campaigns");
        std::fs::create_dir_all(&folder).expect("a folder");
        let book = crate::rules::rule_book().expect("the built-in rules");
        let scenario = crate::rules::scenario("hedgerow", &book).expect("a scenario");
        let mut c = crate::engine::campaign::Campaign::single(&scenario, 1, book);
        c.begin().expect("it sets out");
        let save = save::SaveFile { format_version: save::FORMAT_VERSION, saved_at: 0, campaign: c };
        let text = save::to_text(&save).expect("its text");
        for name in ["broken", "a.b", "lost"] {
            std::fs::write(folder.join(format!("{name}.ron")), "garbage").expect("a file");
        }
        std::fs::write(folder.join("broken.ron.patrol"), &text).expect("a backup");
        std::fs::write(folder.join("a.b.ron.1"), &text).expect("a backup");
        let mut t = title(dir.path());
        t.page = Page::Load;
        let mut said = Vec::new();
        for k in 0..t.saves.len() {
            t.selected = k;
            assert_eq!(t.update(Msg::Act), None);
            said.push(t.message.clone().expect("a message"));
        }
        said.sort();
        assert!(said[0].starts_with("'a.b' cannot be read: ") && said[0].contains("not a name a campaign can have"));
        assert!(!said[0].contains("--backup") && !said[0].contains("no backup"), "{}", said[0]);
        assert!(said[1].contains("Expected struct `SaveFile`"), "{}", said[1]);
        assert!(
            said[1].contains(&format!(
                "`hexpatrol resume broken --backup --data-dir {}` puts back its newest backup that loads, \
                     broken.ron.patrol (patrol 1 of 1 under way, no action fought yet; saved 1970-01-01 00:00).",
                dir.path().display()
            )),
            "{}",
            said[1]
        );
        assert!(said[2].starts_with("'lost' cannot be read: ") && said[2].ends_with(". It has no backup that loads."));
        assert!(!said[2].contains("--backup"), "{}", said[2]);
    }

    #[test]
    fn a_game_chosen_on_the_command_line_opens_at_its_rules() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let book = rules::rule_book().expect("the built-in rules load");
        let choice = Choice::Scenario("hedgerow".into());
        let words = start::describe_choice(&choice, &book).expect("the scenario loads");
        let theme = Theme { color: false, ascii: false };
        let new = (choice.clone(), words, 9);
        let mut t =
            Title::choosing_rules(dir.path().to_path_buf(), book, theme, new, (Some("mine".into()), Table::default()));
        assert!(screen(&t, 80, 24).contains("Rules in play: One patrol: Hedgerow Farm"));
        assert_eq!(t.new_name.as_deref(), Some("mine"));
        // Esc: the list of games, this one highlighted.
        t.update(Msg::Cancel);
        assert!(matches!(t.page, Page::New { .. }));
        assert_eq!(t.games[t.selected].0, choice);
        t.update(Msg::Act);
        assert!(
            matches!(t.update(Msg::Act), Some(Chosen::New(c, 9, _, Table { take_backs: true, .. })) if c == choice)
        );
    }
}
