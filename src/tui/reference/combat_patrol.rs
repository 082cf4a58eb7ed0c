//! The Combat Patrol rule set in words, from its tables in the rule book.

use super::faces;
use crate::engine::RuleBook;
use crate::engine::book::Cover;
use crate::engine::ruleset::combat_patrol::tables::{ChartWound, Feed, Special};

/// Combat Patrol's rules, or None for a book without its tables.
pub fn combat_patrol(book: &RuleBook) -> Option<Vec<String>> {
    let t = crate::engine::ruleset::combat_patrol::tables_in(book)?;
    let m = &t.modifiers;
    let a = &t.accuracy;
    let mut lines = vec![
        "A scenario or campaign that names rules: CombatPatrol (The Orchard does) fights its actions by \
         these rules in place of the fire, first-shot and casualty rules: movement, incidents, the deck and \
         hand-to-hand stay as above."
            .to_string(),
        format!(
            "Measures: {} of the article's inches make a hex (its 10-inch rifle shot is {} hexes).",
            t.inches_per_hex,
            t.hexes(10)
        ),
        format!(
            "Accuracy: each shot is a d{} that hits on the shooter's accuracy or more: {}+ for the squad (the \
             article's paratrooper), {}+ for the enemy (a decision: the article gives its German no number), a \
             veteran {:+} (a decision). The roster shows each man's accuracy beside his weapon.",
            t.sides, a.friendly, a.enemy, a.veteran
        ),
        format!(
            "Modifiers (added to the need): past the weapon's optimum range +{} and {} +{} (the article's); {} \
             +{} (a decision); a lightly wounded shooter +{} and one dragged this turn +{} more (the article's -1s). \
             No shot past the maximum range, none into one's own hex.",
            m.beyond_optimum,
            cover_name(Cover::Soft),
            m.soft_cover,
            cover_name(Cover::Hard),
            m.hard_cover,
            m.light_wound,
            m.dragged
        ),
        if t.one_deed {
            "A card: one deed, a step or a shot or a reload or a drag (house rule one_deed_a_card).".to_string()
        } else {
            "A card is the article's fire and combat move: a man may fire (or throw) and step one hex, in either \
             order, and his card stays up for the half he has left (hold ends it). A shot after his move is a snap \
             fire, by the standard method only. A drag, or helping to reload a gun in his hex, is the move half; \
             reloading his own gun takes the whole card. A throw ends the card."
                .to_string()
        },
    ];
    for p in &t.weapons {
        let name = book.weapon(&p.weapon).map_or(p.weapon.as_str(), |w| w.name.as_str());
        let special = match &p.special {
            Some(s @ Special::Shots { shots, .. }) => {
                format!("; special method {} (fire TARGET special): {shots} shots, each that much worse", s.words())
            }
            Some(Special::Spray) => "; special method spray (fire TARGET special)".to_string(),
            Some(Special::MachineGun) => "; special method machine gun (fire TARGET special)".to_string(),
            None => String::new(),
        };
        let ammo = match t.feed(&p.weapon) {
            Some(Feed::Belt { bursts, actions }) => {
                format!("; belt-fed: {bursts} bursts, then {actions} actions to reload")
            }
            Some(Feed::Magazine { bursts, sides, again }) => format!(
                "; magazine-fed: {bursts} bursts, then one action to reload and a d{sides}: on {again} or less one more"
            ),
            Some(Feed::Limited { uses }) => format!("; {uses} uses a patrol"),
            None => String::new(),
        };
        lines.push(format!(
            "  {name}: optimum {} hexes, maximum {}, {} shot{} a card{special}{ammo}",
            p.optimum,
            p.maximum,
            p.shots,
            if p.shots == 1 { "" } else { "s" }
        ));
    }
    let (sp, mg) = (&t.spray, &t.machine_gun);
    let spray_hexes = if sp.around { t.hexes(sp.inches) } else { t.within(sp.inches) };
    let reach = match spray_hexes {
        0 => "in his hex".to_string(),
        1 => "within 1 hex of him (house rule spray_reaches_around)".to_string(),
        n => format!("within {n} hexes of him"),
    };
    lines.push(format!(
        "Spray: in place of a shot, out to the maximum range, at a man in sight; every man of either side {reach}, \
         he too, takes the reaction test {} worse. No shot is rolled. (The article: every man within {} inches.)",
        sp.reaction, sp.inches
    ));
    lines.push(format!(
        "Machine gun: at a man in sight within the optimum range, the gun sweeps a {}-degree arc towards him out to \
         that range (the hexes whose centres lie within {} degrees of the line); every man of either side in it \
         whom the gunner sees takes {}d{}-{} bullets (cp_bullets), each a shot, and one no bullet hits takes the \
         reaction test {} worse, even on no bullets.",
        mg.degrees,
        f64::from(mg.degrees) / 2.0,
        mg.bullets.dice,
        mg.bullets.sides,
        mg.bullets.less,
        mg.reaction
    ));
    lines.push(
        "Ammunition: a machine gun's special method spends a burst of its belt or magazine; standard fire spends \
         none. An empty gun does not fire at all until it is reloaded (reload: the gunner's whole card; reload \
         GUNNER: a man in his hex, the move half of his card, or his whole card under one_deed_a_card; cp_reload \
         is a magazine's die). Limited ammunition is spent by every use and is gone \
         for the patrol. Empty machine guns are reloaded when an action ends. The roster shows what is left \
         (2/4, empty 1/3, out)."
            .to_string(),
    );
    let (count, sides) = t.wound_dice;
    let chart: Vec<String> = t.wound_chart.iter().map(|b| format!("{} {}", faces(b.rolls), words(b.wound))).collect();
    lines.push(format!("Wounds: a man hit rolls {count}d{sides} at once: {}.", chart.join(", ")));
    lines.push(
        "A second wound never makes the first lighter. A flesh-wounded man fights on; a lightly wounded man \
         may fire (one worse) but not move on his own; a seriously wounded man does nothing more."
            .to_string(),
    );
    let c = &t.critical;
    let md = &t.medic;
    lines.push(format!(
        "Critical wounds: at each STOP card a critically wounded man rolls a d{}: he dies on {} or less, and on \
         one more each turn he lives through (the roster shows CR1-N). First a friend in his hex (a medic before \
         anyone) rolls a d{}: {} his tests one worse, {} no test this turn and the next back at 1-{}, {}+ \
         stabilised (a serious wound). A trained medic adds {}. When the action ends he takes one last test and, \
         living, is stabilised by the patrol.",
        c.sides,
        c.first,
        md.sides,
        faces(md.worse),
        faces(md.held),
        c.first,
        md.stabilised,
        md.trained
    ));
    let pinned = if t.reaction.until_rallied {
        "he may neither move nor fire until he passes the same test at a STOP card (house rule pinned_until_rallied)"
    } else {
        "he keeps his head down: his next card comes and goes without his moving or firing, and then he is steady"
    };
    lines.push(format!(
        "Reaction test (the article names it and never says what it is; this is our reading): a man shot at and \
         missed, sprayed, or in an arc no bullet hit him, rolls a d{} against his own accuracy (a light wound +{}); \
         failing, he is pinned (PIN in the roster): {pinned}. The pinning lifts when the action ends.",
        t.reaction.sides, t.reaction.light_wound
    ));
    let g = &t.grenade;
    let blast = if g.whole_hex {
        format!(
            "Everyone in the hex it lands in rolls the wound chart +{} (house rule grenade_blast_whole_hex).",
            g.wound_bonus
        )
    } else {
        format!(
            "Its blast is the article's {} inch, a part of a hex (our reading): come down within {} inch of the hex \
             aimed at's centre, it lands on the man aimed at (the first enemy there who can fight); dropped, on the \
             thrower. He rolls the wound chart +{}; every other man in the hex it comes down in rolls a d{} (cp_near) \
             and is struck on {} or less.",
            g.blast_inches, g.blast_inches, g.wound_bonus, g.near.sides, g.near.struck
        )
    };
    lines.push(format!(
        "Hand grenades: each man carries {} and throws one at most {} hexes (throw COL,ROW), in sight of the hex or \
         not. A d{} of {} or less drops it at his feet; else the roll less his inverted accuracy ({} less his \
         accuracy, halved out of sight) is its scatter in inches, a hex being {} inches: moved an inch at a time, \
         {} by the opponent, then {} by the thrower, in turn. You steer your side's inches (the thrower's when your man threw \
         it, the opponent's when the enemy did): the grenade waits in the air, marked (o), until you put the \
         cursor where it should go and press Enter (steer COL,ROW); a: the leader steers by the rule. The enemy \
         moves it by that rule: the opponent's inches towards the thrower, the thrower's back towards his aim. \
         {} The roster shows the grenades left (2g).",
        g.each,
        g.range,
        t.sides,
        g.dropped_on,
        t.sides,
        t.inches_per_hex,
        g.opponent_inches,
        g.thrower_inches,
        blast
    ));
    lines.push(if t.one_deed {
        format!(
            "Dragging: {} man drags a lightly, seriously or critically wounded comrade one hex (carry), and it \
             costs him {} of his cards this turn.",
            t.drag.bearers, t.drag.cards_each
        )
    } else {
        format!(
            "Dragging: {} man drags a lightly, seriously or critically wounded comrade one hex (carry) as his \
             combat move; the distance counts {} times (the article's), so it takes the move half of this card \
             and of his next. The man dragged fires one worse this turn.",
            t.drag.bearers, t.drag.cards_each
        )
    });
    Some(lines)
}

fn cover_name(cover: Cover) -> &'static str {
    match cover {
        Cover::None => "no cover",
        Cover::Soft => "soft cover (the article's light cover)",
        Cover::Hard => "hard cover",
    }
}

fn words(w: ChartWound) -> &'static str {
    match w {
        ChartWound::NoEffect => "no effect",
        ChartWound::Flesh => "flesh wound",
        ChartWound::Light => "light wound",
        ChartWound::Serious => "serious wound",
        ChartWound::Critical => "critical wound",
        ChartWound::Dead => "dead",
    }
}
