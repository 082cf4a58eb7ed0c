//! Finding men among the game's soldiers (`Game::soldiers`): by name, by
//! side, by hex. The list holds the squad first, then every enemy met, in the order met,
//! and the walks over one side read only that side's part of it.

use crate::engine::game::Game;
use crate::engine::vocabulary::enemy_ids::enemy_number;
use crate::engine::vocabulary::phase::Phase;
use crate::engine::vocabulary::pos::Pos;
use crate::engine::vocabulary::soldier::{Section, Side, Soldier, State};

/// `a.eq_ignore_ascii_case(b)`, quicker where the two are mostly written
/// alike: an order names a man as the soldiers' list spells him, and `find` passes
/// over a list of `G1`, `G2`, ... on its way, so each byte is compared as
/// it is before it is compared ignoring case.
pub(super) fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y || x.eq_ignore_ascii_case(&y))
}

/// Whether `s` is an able man of `side` (`Game::able`). Asked in this
/// order: within a side's part of the soldiers the side is nearly always
/// right, and a man down or gone is passed over at the first test.
fn able_of(s: &Soldier, side: Side) -> bool {
    s.can_act() && s.side == side
}

impl Game {
    /// A soldier of either side by id, ignoring case.
    ///
    /// Ids are unique ignoring case (`Game::new` and the save checks refuse
    /// a squad or save where they are not, and enemies are numbered on), so
    /// the man found is the only one. Orders mostly name an enemy, and
    /// enemies join the soldiers in the order of their numbers: the one whose
    /// number is `n` stands `next_enemy - n` places from the list's end,
    /// unless a save says otherwise, and is looked for there first rather
    /// than by a search of every soldier.
    pub fn find(&self, id: &str) -> Option<usize> {
        let at = enemy_number(id).and_then(|n| {
            self.soldiers.len().checked_add(usize::try_from(n).ok()?)?.checked_sub(self.next_enemy as usize)
        });
        at.filter(|&i| self.soldiers.get(i).is_some_and(|s| same_name(&s.id, id)))
            .or_else(|| self.soldiers.iter().position(|s| same_name(&s.id, id)))
    }

    pub fn find_section(&self, name: &str) -> Option<usize> {
        self.sections.iter().position(|s| same_name(&s.name, name))
    }

    pub fn section_pos(&self, section: &Section) -> Option<Pos> {
        section.members.iter().find_map(|&i| self.soldiers[i].pos)
    }

    /// Soldiers of `side` who can act: the ones that get cards and may be shot at.
    ///
    /// Only the side's part of the soldiers is read.
    pub fn able(&self, side: Side) -> impl DoubleEndedIterator<Item = usize> + '_ {
        let part = self.part(side);
        let from = part.start;
        self.soldiers[part].iter().enumerate().filter(move |(_, s)| able_of(s, side)).map(move |(i, _)| from + i)
    }

    /// Where the men `able` gives stand, in order, for walks that want no
    /// more of them (read from the men, not looked up again by index).
    pub(super) fn able_hexes(&self, side: Side) -> impl Iterator<Item = Pos> + '_ {
        self.soldiers[self.part(side)].iter().filter(move |s| able_of(s, side)).filter_map(|s| s.pos)
    }

    /// The part of the soldiers where every man of the squad stands, hit or
    /// not. The squad comes first (`Game::soldiers`), so its end is the one
    /// place where a man of the squad is followed by an enemy (or by the
    /// list's end); and every enemy met took the next number
    /// (`next_enemy`), so that place is nearly always `next_enemy - 1` men
    /// from the end. That guess is checked, and the end found by a walk
    /// from the back when it fails (a save whose numbering was edited).
    pub(super) fn squad_part(&self) -> &[Soldier] {
        let len = self.soldiers.len();
        let guess = len.checked_sub(self.next_enemy.saturating_sub(1) as usize);
        let at_end = |k: usize| {
            (k == 0 || self.soldiers[k - 1].side == Side::Friendly)
                && self.soldiers.get(k).is_none_or(|s| s.side != Side::Friendly)
        };
        let end = match guess {
            Some(k) if at_end(k) => k,
            _ => self.soldiers.iter().rposition(|s| s.side == Side::Friendly).map_or(0, |i| i + 1),
        };
        debug_assert!(
            self.soldiers[end..].iter().all(|s| s.side != Side::Friendly),
            "a man of the squad after its part of the soldiers"
        );
        &self.soldiers[..end]
    }

    /// The part of the soldiers where the able men of `side` can stand. In an
    /// action the enemy's part is the action's own men: its enemies were
    /// met in it and stand last in the list, `enemies_met` of them (the
    /// men of earlier actions are all down or gone when an action starts,
    /// and nobody joins except at the end). Debug builds check it at every
    /// walk, and the save check refuses a game where it does not hold.
    #[inline]
    pub(super) fn part(&self, side: Side) -> std::ops::Range<usize> {
        let len = self.soldiers.len();
        let part = match (side, &self.phase) {
            (Side::Friendly, _) => 0..self.squad_part().len(),
            // The save check refuses an action that met more enemies than stand last.
            (Side::Enemy, Phase::Action(a)) => len.saturating_sub(a.enemies_met)..len,
            (Side::Enemy, _) => self.squad_part().len()..len,
        };
        debug_assert!(
            self.soldiers.iter().enumerate().all(|(i, s)| part.contains(&i) || !able_of(s, side)),
            "an able man of the {} side outside his part of the soldiers",
            side.name()
        );
        part
    }

    /// Whether anybody of `side` can act: `able(side).next().is_some()`.
    /// The enemy is looked for from the end of the list, where this
    /// action's men were added last.
    /// The squad's able men are looked for from the list's start, where
    /// the squad stands before any enemy (its end need not be found: the
    /// first man is nearly always able).
    #[inline]
    pub fn any_able(&self, side: Side) -> bool {
        match side {
            Side::Friendly => self.soldiers.iter().take_while(|s| s.side == Side::Friendly).any(Soldier::can_act),
            Side::Enemy => self.soldiers[self.part(side)].iter().rev().any(|s| able_of(s, side)),
        }
    }

    /// Everybody in a hex, of either side and any state but dead.
    pub fn in_hex(&self, p: Pos) -> impl Iterator<Item = usize> + '_ {
        self.soldiers
            .iter()
            .enumerate()
            .filter(move |(_, s)| s.pos == Some(p) && s.state != State::Dead)
            .map(|(i, _)| i)
    }
}
