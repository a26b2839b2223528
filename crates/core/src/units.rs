//! Every kind of unit exerscope counts by — formats, constructs, numeric properties, judges, tasks,
//! statistics — is declared once, as a table: one line per unit with its stable name and its label
//! (and a short name where charts need one). [`units!`] turns the table into the enum (whose serde
//! name *is* the stable name), `ALL` in the declared order, `name`, `label`, `from_name` (and
//! `short`), so that adding a unit is one line and no two spellings of one name can drift apart.

/// Declares a kind of unit from its table. Each line is `Variant => "name", "label";`, or with
/// `short` after the enum's name, `Variant => "name", "label", "short";`. Doc comments and
/// attributes on the enum and on each line are kept.
macro_rules! units {
    (
        $(#[$meta:meta])*
        pub enum $unit:ident {
            $($(#[$doc:meta])* $variant:ident => $name:literal, $label:literal;)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
        pub enum $unit {
            $($(#[$doc])* #[serde(rename = $name)] $variant,)+
        }

        impl $unit {
            /// Every one, in the order of the table.
            pub const ALL: [$unit; [$($name),+].len()] = [$($unit::$variant),+];

            /// The stable name: reports, command-line options, links and serde all use it.
            pub fn name(self) -> &'static str {
                match self {
                    $($unit::$variant => $name,)+
                }
            }

            /// What a reader of a chart or a table sees.
            pub fn label(self) -> &'static str {
                match self {
                    $($unit::$variant => $label,)+
                }
            }

            pub fn from_name(name: &str) -> Option<$unit> {
                $unit::ALL.into_iter().find(|unit| unit.name() == name)
            }
        }

        impl $crate::units::Unit for $unit {
            const ALL: &'static [$unit] = &$unit::ALL;

            fn name(self) -> &'static str {
                $unit::name(self)
            }

            fn label(self) -> &'static str {
                $unit::label(self)
            }
        }
    };
    (
        $(#[$meta:meta])*
        pub enum $unit:ident (short) {
            $($(#[$doc:meta])* $variant:ident => $name:literal, $label:literal, $short:literal;)+
        }
    ) => {
        $crate::units::units! {
            $(#[$meta])*
            pub enum $unit {
                $($(#[$doc])* $variant => $name, $label;)+
            }
        }

        impl $unit {
            /// A few letters, for chart spokes and narrow table headers.
            pub fn short(self) -> &'static str {
                match self {
                    $($unit::$variant => $short,)+
                }
            }
        }
    };
}

pub(crate) use units;

/// A unit declared by [`units!`], for code that counts by any of them (first divergences by kind
/// of line or by construct, one table for both).
pub trait Unit: Copy + Ord + 'static {
    /// Every one, in the order of the table.
    const ALL: &'static [Self];
    /// The stable name.
    fn name(self) -> &'static str;
    /// What a reader of a chart or a table sees.
    fn label(self) -> &'static str;
}

#[cfg(test)]
mod tests {
    use crate::analysis::Phase;
    use crate::extractors::{Construct, ReferenceConstruct};
    use crate::flavors::Flavor;
    use crate::judges::Judge;
    use crate::numeric::NumericProperty;
    use crate::readers::generic_table::Field;
    use crate::readers::Format;
    use crate::stats::numeric::CorrelationMode;
    use crate::table::{Language, Task};
    use crate::types::ReferenceType;

    /// One name per unit, which is its serde name and finds it again; and one unit per name.
    macro_rules! assert_one_name_each {
        ($($unit:ty),+) => {$(
            for unit in <$unit>::ALL {
                assert_eq!(serde_json::to_string(&unit).unwrap(), format!("\"{}\"", unit.name()), "{unit:?}");
                assert_eq!(<$unit>::from_name(unit.name()), Some(unit));
                assert!(!unit.label().is_empty(), "{unit:?} has no label");
                assert_eq!(<$unit>::ALL.iter().filter(|u| u.name() == unit.name()).count(), 1, "{unit:?}");
            }
        )+};
    }

    #[test]
    fn every_unit_has_one_stable_name_its_serde_name() {
        assert_one_name_each!(
            Construct,
            ReferenceConstruct,
            NumericProperty,
            Format,
            Field,
            Judge,
            Task,
            Language,
            Flavor,
            Phase,
            ReferenceType,
            CorrelationMode
        );
    }

    #[test]
    fn the_name_a_construct_is_reported_by_is_the_name_it_is_read_back_by() {
        assert_eq!(Construct::Switch.name(), "match_switch");
        assert_eq!(serde_json::from_str::<Construct>("\"match_switch\"").unwrap(), Construct::Switch);
        assert_eq!(ReferenceConstruct::NestedIf.short(), "NI");
    }
}
