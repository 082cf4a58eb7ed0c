//! European Battlefield's transports, crews and manoeuvres in words.

use crate::engine::Event;

const FACINGS: [&str; 6] = ["north", "north-east", "south-east", "south", "south-west", "north-west"];

/// The line for one of these events, None for any other.
pub fn describe(event: &Event) -> Option<String> {
    Some(match event {
        Event::Embarked { vehicle, soldiers, hex } => format!("{} get into {vehicle} at {hex}", soldiers.join(", ")),
        Event::Disembarked { vehicle, soldiers, hex, why } => {
            let how = match why.as_str() {
                "dismount" => "dismount from",
                "bail_out" => "bail out of",
                "escape" => "escape from the wreck of",
                "crew" => "(its crew) get out of",
                _ => "get out of",
            };
            format!("{} {how} {vehicle} into {hex}", soldiers.join(", "))
        }
        Event::KilledInside { vehicle, soldiers } => format!("{} die inside {vehicle}", soldiers.join(", ")),
        Event::Pivoted { vehicle, from, to, inches } => {
            let name = |k: &u8| FACINGS.get(usize::from(*k)).copied().unwrap_or("?");
            let cost =
                if *inches == 0 { "free".to_string() } else { format!("{inches}\" of its move: it counts as moving") };
            format!("{vehicle} pivots from {} to {} ({cost})", name(from), name(to))
        }
        Event::RunOver { vehicle, soldier, hex, dodged_to } => match dodged_to {
            Some(to) => format!("{vehicle} drives into {hex}: {soldier} dodges aside to {to} (no firing this turn)"),
            None => format!("{vehicle} drives into {hex} and runs {soldier} over: he is killed"),
        },
        Event::HulkPushed { vehicle, hulk, from, to } => {
            format!("{vehicle} pushes the hulk of {hulk} from {from} to {to}")
        }
        _ => return None,
    })
}
