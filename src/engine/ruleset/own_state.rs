//! `own_state!`: a rule set's own state of a man (his `Kit`) declared once,
//! with what a save needs of it: the state a man sets out with, the names
//! of its fields, and their writing and reading among the man's own fields
//! (a field at its start is left out, as saves have always left it out).

/// Declares a struct of a rule set's own state of a man: each field with
/// the value a man sets out with (`field: Type = start`).
macro_rules! own_state {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( $(#[$fmeta:meta])* pub $field:ident : $ty:ty = $start:expr ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $name {
            $( $(#[$fmeta])* pub $field: $ty, )*
        }

        impl Default for $name {
            fn default() -> Self {
                Self::START
            }
        }

        impl $name {
            /// A man as he sets out.
            pub const START: $name = $name { $( $field: $start, )* };

            /// Its fields' names, as a save writes them.
            pub const FIELDS: &'static [&'static str] = &[ $( stringify!($field), )* ];

            /// Writes its fields among the man's, each left out at its start.
            pub fn write<S: serde::ser::SerializeStruct>(&self, s: &mut S) -> Result<(), S::Error> {
                $(
                    if self.$field == Self::START.$field {
                        s.skip_field(stringify!($field))?;
                    } else {
                        s.serialize_field(stringify!($field), &self.$field)?;
                    }
                )*
                Ok(())
            }

            /// Reads the field `key` of a man into it: false if it is none of its fields.
            pub fn read<'de, A: serde::de::MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<bool, A::Error> {
                match key {
                    $( stringify!($field) => self.$field = map.next_value()?, )*
                    _ => return Ok(false),
                }
                Ok(true)
            }
        }
    };
}

pub(crate) use own_state;
