//! What happened, as the engine reports it. Every front end, log and test
//! reads these; their JSON shape is a published interface (docs/EVENTS.md).

use serde::{Deserialize, Serialize};

use crate::engine::dice::Roll;
use crate::engine::vocabulary::composition::Composition;
use crate::engine::vocabulary::name::Name;
use crate::engine::vocabulary::pos::Pos;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
// A tag byte of its own: otherwise the kind of event is coded in the spare
// values of a roll's fields, and every `match` on an event (the simulator's
// tally, dropping it) first works out which kind it is from them.
#[repr(u8)]
pub enum Event {
    /// A new patrol: the scenario, the seed and the squad.
    Start {
        scenario: Name,
        seed: u64,
        squad: Vec<Name>,
        hex: Pos,
    },
    Roll(Roll),
    /// Soldiers stepped from one hex to the next.
    Moved {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        section: Option<Name>,
        soldiers: Vec<Name>,
        from: Pos,
        to: Pos,
    },
    /// The incident table's result.
    Incident {
        name: Name,
        hex: Pos,
    },
    /// Enemy soldiers placed on the map.
    EnemyAppears {
        group: Name,
        soldiers: Vec<Name>,
        hex: Pos,
    },
    /// The map had no free hex at the group's distance, so nobody came.
    EnemyUnplaced {
        group: Name,
        min: u32,
        max: u32,
    },
    MinefieldMarked {
        hex: Pos,
    },
    /// A vehicle hit by A/T fire or H.E.: what the hit did, and its damage now.
    VehicleDamaged {
        vehicle: Name,
        hit: Name,
        damage: Name,
        by: Name,
    },
    /// The radio man called H.E. fire on a hex; it lands at the STOP card.
    FireCalled {
        soldier: Name,
        hex: Pos,
        missions_left: u32,
        /// What an off-board battery was called for (European Battlefield):
        /// smoke or an air strike (`missions_left` then counts those).
        #[serde(default, skip_serializing_if = "crate::engine::ruleset::lone_warrior::call::Called::is_shells")]
        called: crate::engine::ruleset::lone_warrior::call::Called,
    },
    /// Indirect fire that scatters (European Battlefield) came down: aimed
    /// at `aim`, it landed at `at` (none: over the horizon), its template
    /// reaching `radius` hexes around; smoke in place of shells.
    Landed {
        by: Name,
        aim: Pos,
        at: Option<Pos>,
        radius: u32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        smoke: bool,
    },
    /// A smoke bank drifted at the STOP card (off the map: gone).
    SmokeDrifted {
        from: Pos,
        to: Pos,
    },
    /// A smoke bank cleared at the STOP card.
    SmokeCleared {
        hex: Pos,
    },
    /// A wound settled: by a mine, or by the casualty roll after an action.
    Wounded {
        soldier: Name,
        wound: Name,
    },
    ActionStart {
        hex: Pos,
    },
    Deck {
        size: usize,
        composition: Composition,
        /// Laid out in the order of a priority phase, not shuffled.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        in_order: bool,
    },
    Card {
        card: Name,
        side: Name,
    },
    /// The card's owner can no longer act; the card passes.
    CardLost {
        soldier: Name,
        reason: Name,
    },
    Hold {
        soldier: Name,
    },
    /// A squad fires at a squad (the company level): the teams that fire,
    /// the one whose card is up first; the teams fired at that they reach,
    /// nearest first; the overloaded hexes of the squad fired at, each a
    /// firing die more; and whether it is an assault.
    SquadFire {
        firers: Vec<Name>,
        targets: Vec<Name>,
        overloaded: u32,
        assault: bool,
    },
    /// A shot about to be rolled: who at whom, how far, which band.
    Shot {
        shooter: Name,
        target: Name,
        weapon: Name,
        distance: u32,
        band: Name,
    },
    /// Indirect fire aimed at a hex.
    Bombard {
        firer: Name,
        hex: Pos,
        distance: u32,
        /// A gun firing H.E. (a tank's, an anti-tank gun's); none for a mortar.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        gun: Option<Name>,
    },
    /// Knocked over where he stands.
    Hit {
        soldier: Name,
        by: Name,
    },
    Killed {
        soldier: Name,
        by: Name,
    },
    HandToHand {
        attacker: Name,
        defender: Name,
        difference: u32,
        outcome: Name,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        loser: Option<Name>,
    },
    Carried {
        wounded: Name,
        bearers: Vec<Name>,
        from: Pos,
        to: Pos,
    },
    Exited {
        soldiers: Vec<Name>,
        hex: Pos,
    },
    /// The STOP card: the turn ends.
    Stop {
        turn: u32,
    },
    ActionEnd {
        reason: Name,
    },
    /// Enemy soldiers who slipped away.
    Gone {
        soldiers: Vec<Name>,
    },
    Split {
        section: Name,
        new_section: Name,
        soldiers: Vec<Name>,
    },
    Joined {
        section: Name,
        into: Name,
    },
    /// The patrol's sections after an action: one per hex with friendly soldiers.
    Sections {
        sections: Vec<SectionView>,
    },
    ObjectiveReached {
        hex: Pos,
    },
    /// An objective hex of a reconnaissance entered; `left` still to see.
    Reconnoitred {
        hex: Pos,
        left: u32,
    },
    /// A prisoner left alone in a hex when the patrol re-formed: he is lost.
    PrisonerLost {
        prisoner: Name,
        hex: Pos,
    },
    /// A seriously wounded enemy taken prisoner; he is carried like a wounded man.
    Captured {
        prisoner: Name,
        section: Name,
        hex: Pos,
    },
    PatrolEnd {
        outcome: Name,
        objective_reached: bool,
        home: Vec<Name>,
        left_behind: Vec<Name>,
        dead: Vec<Name>,
        /// Prisoners brought home.
        prisoners: Vec<Name>,
        enemy_casualties: u32,
    },
    /// A replacement joins the roster before a patrol.
    Replacement {
        soldier: Name,
        rank: Name,
        weapon: Name,
    },
    /// A support weapon lost with its man, handed to a rifleman before a patrol.
    Reissued {
        soldier: Name,
        weapon: Name,
    },
    /// A man back from a serious wound, fit for duty again.
    Recovered {
        soldier: Name,
    },
    /// The patrol's leader fell (or is down): the senior able man takes
    /// command (a campaign's patrols only; `engine/chain.rs`).
    TakesCommand {
        soldier: Name,
        rank: Name,
        /// The man who led until now.
        from: Name,
    },
    /// Between patrols a man rose in rank (`engine/promotion.rs`); `field`
    /// when for taking command after his leader fell.
    Promoted {
        soldier: Name,
        rank: Name,
        from: Name,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        field: bool,
    },
    /// Between patrols the player handed a support weapon to another man,
    /// who gave his own weapon in exchange (`issue WEAPON MAN`).
    Issued {
        soldier: Name,
        weapon: Name,
        /// Who carried it, and now carries `soldier`'s old weapon.
        from: Name,
        gave: Name,
    },
    /// A campaign patrol is over and its record kept; `next` names the patrol to come.
    Debrief {
        patrol: u32,
        outcome: Name,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        next: Option<Name>,
    },
    /// The last patrol of a campaign is over (never a single scenario's):
    /// how its patrols ended and the men who came through it. `patrols` is
    /// every patrol played; `success`, `failed` and `lost` count those
    /// played since the campaign kept count (all of them, but in a campaign
    /// saved mid-way by a version before this event).
    CampaignEnd {
        campaign: Name,
        patrols: u32,
        success: u32,
        failed: u32,
        lost: u32,
        /// Men dead or missing over the counted patrols.
        men_lost: u32,
        came_through: Vec<Survivor>,
    },
    /// The patrol-leader policy chose a command (written by `auto`).
    Auto {
        command: Name,
    },
    /// A reaction test, suppression or rally left a man under new pressure
    /// (`Rules::under_fire`, `Rules::rally`; never under Lone Warrior).
    Pressure {
        soldier: Name,
        pressure: Name,
    },
    /// The enemy met at an incident, bought to a points budget (European
    /// Battlefield's army lists): its core unit (the incident's group) and
    /// the support units bought, by their names, and the points they cost
    /// of the budget. The `eb_force` rolls come before it, the
    /// `enemy_appears` of each unit after it.
    Force {
        core: Name,
        support: Vec<Name>,
        points: u32,
        budget: u32,
    },
    /// A special move (European Battlefield): `double` (at the double on
    /// his card), `dig` (dug in: prone, 5+ save, no moving) or `up`.
    Stance {
        soldier: Name,
        stance: Name,
    },
    /// The priority phase of a turn (European Battlefield): the side that
    /// acts first, and its command points. Its throws come before it.
    Priority {
        side: Name,
        points: u8,
    },
    /// A squad of the side with priority spent a command point (`on`:
    /// `fire`, `move`, `rally` or `courage`); `soldier` is the man whose
    /// card was up, or the squad's leader for a courage test.
    CommandPoint {
        soldier: Name,
        on: Name,
        points_left: u8,
    },
    /// An activation test held a man back on his card (`Rules::activate`;
    /// never under Lone Warrior).
    Restrained {
        soldier: Name,
        may_move: bool,
        may_fire: bool,
    },
    /// A hand grenade thrown at `target`, in sight of the thrower or not
    /// (Combat Patrol). Its roll comes next, then each `Scatter`, then
    /// `GrenadeLands`.
    Grenade {
        thrower: Name,
        target: Pos,
        in_sight: bool,
    },
    /// A grenade scattering: `by` ("opponent" or "thrower") moves it
    /// `inches`, and it is then over `hex`.
    Scatter {
        by: Name,
        inches: u32,
        hex: Pos,
    },
    /// Where the grenade went off (off the map: it hurts nobody), and who
    /// was in its blast.
    GrenadeLands {
        hex: Pos,
        blast: Vec<Pos>,
    },
    /// A special firing method that reaches more men than the one aimed at
    /// (Combat Patrol's `spray` and `machine_gun`): `shooter` fires it at
    /// `target`, and it reaches `hexes`. The rolls of the men in them follow.
    Sweep {
        shooter: Name,
        target: Name,
        method: Name,
        hexes: Vec<Pos>,
    },
    /// One reload action on `gunner`'s empty weapon, by `by` (he or a man in
    /// his hex); a magazine's die, if rolled, comes before it. `loaded`:
    /// whether it fires again.
    Reload {
        gunner: Name,
        by: Name,
        loaded: bool,
    },
    /// Men got into `vehicle` at `hex` (European Battlefield's transports):
    /// they are off the map, not fired at and not firing, until they get out.
    Embarked {
        vehicle: Name,
        soldiers: Vec<Name>,
        hex: Pos,
    },
    /// Men got out of `vehicle` into `hex`: `why` is `dismount` (the
    /// dismount chart), `bail_out` (with its crew), `escape` (it was
    /// destroyed) or `crew` (its crew, on foot now).
    Disembarked {
        vehicle: Name,
        soldiers: Vec<Name>,
        hex: Pos,
        why: Name,
    },
    /// Men inside `vehicle` died with it (it exploded, or they failed to
    /// get out).
    KilledInside {
        vehicle: Name,
        soldiers: Vec<Name>,
    },
    /// A turretless vehicle turned from facing `from` to `to` (sextants,
    /// 0 north, then clockwise), at a cost of `inches` of its move.
    Pivoted {
        vehicle: Name,
        from: u8,
        to: u8,
        inches: u32,
    },
    /// `vehicle` drove into `soldier`'s hex: he dodged into `dodged_to`,
    /// or (None) he was killed. His courage roll comes before it.
    RunOver {
        vehicle: Name,
        soldier: Name,
        hex: Pos,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dodged_to: Option<Pos>,
    },
    /// `vehicle` pushed the hulk `hulk` out of its way, from `from` to `to`.
    HulkPushed {
        vehicle: Name,
        hulk: Name,
        from: Pos,
        to: Pos,
    },
    /// Orders taken back (`undo`): the patrol is as it was before them. The
    /// dice do not change: `rolls` are the rolls those orders made, and the
    /// same orders given again meet them again.
    TakenBack {
        orders: Vec<Name>,
        rolls: Vec<Roll>,
    },
}

impl Event {
    /// Whether a summary of many patrols (the simulator's tally) counts
    /// this kind of event: rolls, cards, incidents, hand-to-hand fights,
    /// the start of actions and enemies appearing. A game told to report
    /// for a summary (`Keep::Summary`) drops every other kind, and the
    /// engine need not make them.
    pub fn in_summary(&self) -> bool {
        matches!(
            self,
            Event::Roll(_)
                | Event::Card { .. }
                | Event::Incident { .. }
                | Event::HandToHand { .. }
                | Event::ActionStart { .. }
                | Event::EnemyAppears { .. }
        )
    }
}

/// A man on the roll when his campaign ends, and his service.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Survivor {
    pub name: Name,
    pub rank: Name,
    /// Patrols he went out on.
    pub patrols: u32,
    /// Enemy he hit or beat hand-to-hand.
    pub hits: u32,
    pub veteran: bool,
    /// Patrols he would still miss for a serious wound (0: fit).
    pub out: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SectionView {
    pub name: Name,
    pub hex: Pos,
    pub soldiers: Vec<Name>,
}
