//! What each throw of the dice is for, under every rule set: the name its
//! roll carries in the event stream (`incident_table`, `eb_fire`).

use serde::{Deserialize, Serialize};

/// What a roll was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    Incident,
    IncidentTable,
    Placement,
    Fire,
    HandToHand,
    Casualty,
    Mortar,
    Template,
    Minefield,
    /// H.E. fire called by the patrol's radio: does it land on the hex?
    HighExplosive,
    /// Who sets off a booby trap (a template roll).
    BoobyTrap,
    /// What a hit does to a vehicle.
    Damage,
    /// A reaction test under fire, or a rally from it (rule sets with
    /// reactions; never Lone Warrior).
    Reaction,
    /// A test before a man acts on his card (rule sets with activation
    /// tests; never Lone Warrior).
    Activation,
    /// Combat Patrol: a shot, a D10 against the shooter's accuracy.
    CpFire,
    /// Combat Patrol: the 2D10 wound chart, rolled at the moment of a hit.
    CpWound,
    /// Combat Patrol: the reaction test of a man shot at and missed, or
    /// his rally from being pinned.
    CpReaction,
    /// Combat Patrol: a critically wounded man's death test.
    CpCritical,
    /// Combat Patrol: a friend's try at saving a critically wounded man.
    CpMedic,
    /// Combat Patrol: a hand grenade's throw, a D10 less the thrower's
    /// inverted accuracy: the scatter.
    CpGrenade,
    /// Combat Patrol: the wound chart of a man in a grenade's blast (+2).
    CpBlast,
    /// Combat Patrol: whether a man in the hex a grenade lands in, not the
    /// man it lands on, is near enough its blast to be struck.
    CpNear,
    /// Combat Patrol: the bullets a machine gun's arc sends at one man in
    /// it (D2-1).
    CpBullets,
    /// Combat Patrol: the D10 after a magazine's first reload action: on
    /// 1-5 it takes one action more.
    CpReload,
    /// Company level: a squad's firing dice at a squad.
    CompanyFire,
    /// Company level: the saving dice of the squad hit, one a hit.
    CompanySave,
    /// European Battlefield: a man's firing dice, one for each rate of
    /// fire, each at his Shoot value.
    EbFire,
    /// European Battlefield: the save of a man hit (cover, prone).
    EbSave,
    /// European Battlefield: the wound chart, strength against defense.
    EbWound,
    /// European Battlefield: a squad's courage test, 2d6 and its leader's courage.
    EbCourage,
    /// European Battlefield: a man's card is up: 1d6 at most his Courage
    /// and he may move (its `need` is the most the die may show).
    EbActivation,
    /// European Battlefield: the priority phase, 1d6 a side (the patrol's
    /// first), thrown again on a tie.
    EbPriority,
    /// European Battlefield: a support unit bought for the enemy met at an
    /// incident, a die's faces shared among the army list's support units.
    EbForce,
    /// European Battlefield: a hit on an armoured vehicle with a turret
    /// strikes the turret (its flank armour) on 4+, else its front armour.
    EbTurret,
    /// European Battlefield: the wound chart against a vehicle, strength
    /// (with its class's modifier) against its armour.
    EbArmour,
    /// European Battlefield: a vehicle's last wound: a 6 rolls the KO chart.
    EbLastWound,
    /// European Battlefield: the KO chart (1-2 immobile, 3-4 must move to
    /// spot, 5-6 explodes).
    EbKo,
    /// European Battlefield: a damaged vehicle's crew, 2d6 and the
    /// vehicle's courage, or they bail out.
    EbBailOut,
    /// European Battlefield: indirect fire's roll to hit at the Shoot value
    /// (a 1 goes over the horizon, a 6 lands on the point aimed at).
    EbIndirect,
    /// European Battlefield: how far a shell scatters, d6 in inches (the
    /// result in whole hexes).
    EbScatter,
    /// European Battlefield: which of the six hex directions a shell
    /// scatters, or a smoke bank drifts, 1d6.
    EbDirection,
    /// European Battlefield: how far a smoke bank drifts at STOP, 1d6 less 3 inches.
    EbSmokeDrift,
    /// European Battlefield: whether a smoke bank clears at STOP, 2d6.
    EbSmokeClear,
    /// European Battlefield: whether an air strike called comes, 1d6.
    EbAirArrive,
    /// European Battlefield: whether an air strike is mistaken, and the
    /// other side's to use, 1d6.
    EbAirMistaken,
    /// European Battlefield: the save of a heavy weapon's crew hit (a gun
    /// shield from the front, or the crew's own), where it is the better.
    EbCrewSave,
    /// European Battlefield: an anti-aircraft gun's firing dice at an air
    /// strike, each at its gunner's Shoot value.
    EbAaFire,
    /// European Battlefield: the wound chart for an anti-aircraft hit on an
    /// air strike, the gun's strength against the strike's defense: a wound
    /// shoots it down.
    EbAaWound,
    /// European Battlefield: an air strike hit and not destroyed presses on,
    /// 4+, else it flees.
    EbAirPressOn,
    /// European Battlefield: the dismount chart, a man's 1d6 to get out of
    /// his transport (a decision: 2+).
    EbDismount,
    /// European Battlefield: a man inside a vehicle destroyed, or one of
    /// its crew, getting out alive, 1d6 (4+).
    EbEscape,
    /// European Battlefield: a man a vehicle runs over tests his courage,
    /// 2d6 and his courage: he dodges, or he dies.
    EbRunOver,
    /// European Battlefield: how far a routed squad runs toward the nearest
    /// edge at STOP, 2d6 in inches (the result in whole hexes of open ground).
    EbRout,
}

impl Purpose {
    /// The name roll events use (`incident_table`).
    pub fn name(self) -> &'static str {
        match self {
            Purpose::Incident => "incident",
            Purpose::IncidentTable => "incident_table",
            Purpose::Placement => "placement",
            Purpose::Fire => "fire",
            Purpose::HandToHand => "hand_to_hand",
            Purpose::Casualty => "casualty",
            Purpose::Mortar => "mortar",
            Purpose::Template => "template",
            Purpose::Minefield => "minefield",
            Purpose::HighExplosive => "high_explosive",
            Purpose::BoobyTrap => "booby_trap",
            Purpose::Damage => "damage",
            Purpose::Reaction => "reaction",
            Purpose::Activation => "activation",
            Purpose::CpFire => "cp_fire",
            Purpose::CpWound => "cp_wound",
            Purpose::CpReaction => "cp_reaction",
            Purpose::CpCritical => "cp_critical",
            Purpose::CpMedic => "cp_medic",
            Purpose::CpGrenade => "cp_grenade",
            Purpose::CpBlast => "cp_blast",
            Purpose::CpNear => "cp_near",
            Purpose::CpBullets => "cp_bullets",
            Purpose::CpReload => "cp_reload",
            Purpose::CompanyFire => "company_fire",
            Purpose::CompanySave => "company_save",
            Purpose::EbFire => "eb_fire",
            Purpose::EbSave => "eb_save",
            Purpose::EbWound => "eb_wound",
            Purpose::EbCourage => "eb_courage",
            Purpose::EbActivation => "eb_activation",
            Purpose::EbPriority => "eb_priority",
            Purpose::EbForce => "eb_force",
            Purpose::EbTurret => "eb_turret",
            Purpose::EbArmour => "eb_armour",
            Purpose::EbLastWound => "eb_last_wound",
            Purpose::EbKo => "eb_ko",
            Purpose::EbBailOut => "eb_bail_out",
            Purpose::EbIndirect => "eb_indirect",
            Purpose::EbScatter => "eb_scatter",
            Purpose::EbDirection => "eb_direction",
            Purpose::EbSmokeDrift => "eb_smoke_drift",
            Purpose::EbSmokeClear => "eb_smoke_clear",
            Purpose::EbAirArrive => "eb_air_arrive",
            Purpose::EbAirMistaken => "eb_air_mistaken",
            Purpose::EbCrewSave => "eb_crew_save",
            Purpose::EbAaFire => "eb_aa_fire",
            Purpose::EbAaWound => "eb_aa_wound",
            Purpose::EbAirPressOn => "eb_air_press_on",
            Purpose::EbDismount => "eb_dismount",
            Purpose::EbEscape => "eb_escape",
            Purpose::EbRunOver => "eb_run_over",
            Purpose::EbRout => "eb_rout",
        }
    }
}
