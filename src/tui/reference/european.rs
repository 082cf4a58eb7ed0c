//! The European Battlefield rule set in words, from its tables in the rule book.

use crate::engine::RuleBook;
use crate::engine::ruleset::european::tables::{Activation, Class, Indirect, Note, WoundNeed};

/// European Battlefield's rules, or None for a book without its tables.
pub fn european(book: &RuleBook) -> Option<Vec<String>> {
    let t = crate::engine::ruleset::european::tables_in(book)?;
    let (open, difficult) = t.moves();
    let mut lines = vec![
        "A scenario or campaign that names rules: EuropeanBattlefield (The Orchard Road does) fights its actions \
         by these rules: movement hex by hex, incidents, the deck and its STOP card stay as above, and the \
         casualty roll says at the action's end what became of the men the wound chart took."
            .to_string(),
        format!(
            "Measures: {} of the article's inches make a hex. A man moves {open} hexes on his card, {difficult} \
             through difficult ground ({}).",
            t.inches_per_hex,
            t.difficult.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(", ")
        ),
        activation(t),
        format!(
            "Special moves, on a man's card: double (twice his move, no firing or charging, not in or into \
             difficult ground, stopping within {} hexes of the enemy); dig (prone for half his move: a {}+ save, \
             no moving, firing allowed{}); up (up from digging in, for half his move).",
            t.hexes(t.double_stop_inches),
            t.saves.prone,
            if t.dig_in_keeps_fire { "" } else { " as a man who moved; getting up is moving too" }
        ),
        "Extremes: a 1 fails any test and a 6 passes it, whatever the modifiers (not the roll to move, which \
         is thrown at or under the courage)."
            .to_string(),
        "Profiles (Fight/Shoot, Defense, Courage, points):".to_string(),
    ];
    for p in &t.soldiers {
        let who = if p.ranks.is_empty() { "any other".to_string() } else { p.ranks.join(", ") };
        lines.push(format!(
            "  {} ({}, {who}): {}/{}+ D{} C{} {}pts",
            p.name,
            p.side.name(),
            p.fight,
            p.shoot,
            p.defense,
            p.courage,
            p.points
        ));
    }
    lines.push("Weapons (strength and class, range, rate of fire, notes):".to_string());
    for w in &t.weapons {
        let name = book.weapon(&w.weapon).map_or(w.weapon.as_str(), |k| k.name.as_str());
        let class: String = w.class.iter().map(|c| c.name()).collect();
        let notes: Vec<&str> = w
            .notes
            .iter()
            .map(|n| match n {
                Note::SA => "SA: half its dice on the move",
                Note::FA => "FA: all its dice on the move",
                Note::Heavy => "heavy: cannot move and shoot",
                Note::Smoke => "Smoke: may fire smoke",
            })
            .collect();
        let blade = match (w.blade, w.shield) {
            (true, _) => ", a blade hand to hand",
            (false, true) => ", a gun shield",
            (false, false) => "",
        };
        lines.push(format!(
            "  {name}: {}{class}, {}\" ({} hexes), ROF {}{}{}{blade}",
            w.strength,
            w.range,
            t.hexes(w.range),
            w.rof,
            if notes.is_empty() { "" } else { ", " },
            notes.join(", ")
        ));
    }
    let s = &t.saves;
    lines.extend([
        "Shooting: a squad fires as one: the man whose card is up and every man of his squad who reaches a man \
         of the target's squad and has his card to come (he spends it). Each man throws a die for each rate of \
         fire, hitting at his Shoot value. Hits fall on the men fired at nearest first, one each before a second."
            .to_string(),
        format!(
            "Saves before the wound: in ground with cover {}+ (not against h-class weapons); prone {}+{}.",
            s.take_cover,
            s.prone,
            crew_saves(t)
        ),
        format!(
            "The wound chart (the Lord of the Rings battle game's, strength against defense): strength 3 against \
             defense 4 needs {}; against men, t- and a-class weapons are 2 weaker ({}).",
            need_words(t.wound_need(3, 4)),
            [Class::T, Class::A].iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")
        ),
        format!(
            "Suppression: one h-class hit or {} others in one fire suppress the squad{} (a suppressed man moves \
             1 hex); {} suppressions pin it (no moving, shooting {} worse, prone).",
            t.suppression.hits,
            if t.saved_hits_suppress { ", saved or not" } else { ": a hit saved is no hit" },
            t.suppression.pinned_at,
            t.suppression.pinned_to_hit
        ),
        format!(
            "Courage: a squad that loses {}% of its strength in one fire, or its leader, rolls {}d{} and its bravest man's \
             courage: {} or more passes ({:+} pinned). Failing, it goes to ground (prone); a double 1 routs it: \
             {}. At each STOP a squad under fire tests again, and \
             passing is steady. A squad within 2 hexes of an officer of its side (a Lt, a Capt) may test by his \
             courage where it is the higher; an officer killed sets every other squad of his side testing.",
            t.courage.casualties_percent,
            t.courage.dice.0,
            t.courage.dice.1,
            t.courage.pass,
            t.courage.pinned,
            if t.rout_leaves_at_once {
                "an enemy squad leaves the field at once, and your routed men neither fire nor charge but go \
                 where you order them"
                    .to_string()
            } else {
                format!(
                    "it neither fires, charges nor moves of its own, and at each STOP runs {}d{} inches ({}\" a hex, \
                     difficult ground twice that) for the nearest edge of the map, leaving the fight once off it",
                    t.rout_dice.0, t.rout_dice.1, t.inches_per_hex
                )
            }
        ),
        match &t.army {
            Some(a) => format!(
                "The enemy is bought by points: the group an incident names is the core unit, and up to {} \
                 support units are bought beside it, a die each ({}), while {} points last (a scenario may give \
                 its own budget); a unit costs its men's points.{}",
                a.supports_per_core,
                a.support.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(", "),
                a.budget,
                a.artillery.as_ref().map_or(String::new(), |b| format!(
                    " With a support still to buy, {} points left and a {} (radio operator) in its force, it also \
                     buys an {} ({} missions): on his card he calls it on a hex of yours with two or more men under \
                     the template and none of his own near it; it lands at STOP, scattering as off-board guns do. \
                     If no {} is able, nobody calls.",
                    b.points, b.radio, b.name, b.missions, b.radio
                ))
            ),
            None => "The enemy: each incident brings the group it names, alone.".to_string(),
        },
        format!(
            "Hand-to-hand: a die each, {} worse without a club or blade; the higher wins, a tie to the higher \
             Fight (thrown again if equal); the loser rolls the wound chart at strength {}.",
            t.hand_to_hand.no_blade, t.hand_to_hand.strength
        ),
    ]);
    if let Some(ind) = &t.indirect {
        lines.extend(indirect(t, ind));
    }
    Some(lines)
}

/// How a turn is run, by the book's choice of activation.
fn activation(t: &crate::engine::ruleset::european::tables::European) -> String {
    let cards = format!("{} card{}", t.cards_per_man, if t.cards_per_man == 1 { "" } else { "s" });
    match t.activation {
        Activation::Priority => format!(
            "The turn (the article's priority phase): each side rolls 1d6, ties again. The higher acts first: \
             the deck holds its squads' cards, squad by squad and leader first ({cards} a man), then the other \
             side's, then STOP. It has the difference in command points, one a squad (more are lost): spend fire (the squad's \
             next fire is two rounds), spend move (half a move more for its men this turn) or spend rally (one \
             suppression lifted), on a card of the squad; a point still held goes to the squad's next courage \
             test ({:+}). A squad rolls 1d6 at its first card: at most that man's Courage and it may move this \
             turn; over it, it may not move, but may still shoot. (House rule activation_by_deck: a shuffled \
             deck and a roll a man instead.)",
            t.command_point_courage
        ),
        Activation::Deck => format!(
            "Activation (house rule activation_by_deck, in place of the priority phase): each man brings {cards} \
             to the shuffled deck. When it is turned he rolls 1d6: at most his Courage and he may move; over it \
             he may not move, but may still shoot."
        ),
    }
}

/// Indirect fire, the battery, smoke and the air strike in words.
fn indirect(t: &crate::engine::ruleset::european::tables::European, ind: &Indirect) -> Vec<String> {
    let reach = |w: &crate::engine::ruleset::european::tables::WeaponProfile| match w.template {
        Some(0) | None => "the hex it lands on".to_string(),
        Some(r) => format!("the hex it lands on and {r} around"),
    };
    vec![
        format!(
            "Indirect fire (h-class weapons, at a hex, {}\" to their range): 1d6 at the Shoot value of the man \
             who fires or calls it, {} worse if a man in the hex moved this turn. A 1 goes over the horizon, a 6 \
             lands on the point; a hit scatters {}d6\", a miss {}d6\", in one of the six hex directions (the \
             die's 1 north, then clockwise). Everyone under the template is hit at its strength: prone men save, \
             taking cover does not; then the wound chart; each squad under it is suppressed once{}.",
            ind.min_range,
            ind.moved,
            ind.hit_scatter,
            ind.miss_scatter,
            if t.saved_hits_suppress { "" } else { ", unless each of its men under it saved" }
        ),
        format!(
            "A patrol with a battery ({}{}): only its radio operator calls it, on his card, on a hex he sees \
             (call COL,ROW; call smoke COL,ROW), {} missions a patrol, landing at the STOP card; it scatters {}d6\" \
             more unless the rangefinder man is within {}\" (his hex). If the radio operator is down, nobody calls.",
            t.hexes(ind.battery.range).min(99),
            format_args!(" hexes' reach, strength {}h, its template {}", ind.battery.strength, reach(&ind.battery)),
            ind.missions,
            ind.off_board_scatter,
            ind.rangefinder_inches
        ),
        format!(
            "Smoke: a bank the template's size blocks sight; at each STOP it clears on {} to {} on 2d6, else \
             drifts 1d6 less {}\" in a scatter direction.",
            ind.smoke_clears.0, ind.smoke_clears.1, ind.smoke_drift_less
        ),
        format!(
            "Air strike (call air COL,ROW): {} a patrol, only with a live radio operator; at STOP it comes on {}+, \
             is mistaken on {}+ (the enemy puts it on your most crowded hex), and strikes at {}+ like the guns, \
             strength {}h, its template {}. First the anti-aircraft guns of the side it strikes at within half \
             their range of its aim fire at it: each hit rolls the wound chart against its defense {}, a wound \
             shoots it down; hit and not shot down, it presses on at {}+, else flees.",
            ind.air.per_patrol,
            ind.air.arrive,
            ind.air.mistaken,
            ind.air.shoot,
            ind.air.strike.strength,
            reach(&ind.air.strike),
            ind.air.defense,
            ind.air.press_on
        ),
        "A template over a vehicle hits it once, h-class one weaker against armour, on its flank armour (from \
         above); then the wound chart, its wounds, the KO chart and its crew's courage, as direct fire."
            .to_string(),
    ]
}

/// Heavy weapons' crews' saves in words (none for tables without them),
/// and how they move and fire.
fn crew_saves(t: &crate::engine::ruleset::european::tables::European) -> String {
    let s = &t.saves;
    let mut out = String::new();
    if let Some(n) = s.shield {
        out.push_str(&format!(
            "; a gun with a shield, its crew (the gunner and his squad's men in his hex) {n}+ hit from its front \
             (toward the nearest man firing at it; the roster's sh{n}+)"
        ));
    }
    if let Some(n) = s.crew {
        out.push_str(&format!(
            "; any other heavy weapon's crew but a mortar's {n}+ (under shells too; the roster's cr{n}+). Heavy \
             weapons move a hex a card and never move and shoot"
        ));
        if let Some(v) = crate::engine::ruleset::european::vehicles::tables(t) {
            out.push_str(&format!(
                "; t- and a-class guns fire directly, at men as a squad's weapons do (no template: a hit a man), \
                 and at nothing nearer than {} hexes ({}\")",
                t.least_hexes(v.min_inches_ta),
                v.min_inches_ta
            ));
        }
    }
    out
}

/// A need on the wound chart in words.
fn need_words(n: WoundNeed) -> String {
    match n {
        WoundNeed::N(x) => format!("{x}+"),
        WoundNeed::Then(x) => format!("a 6 and then {x}+"),
        WoundNeed::No => "the impossible".into(),
    }
}
