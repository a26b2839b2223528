//! What a section sees: the data, report, judge and flavor, followed while the section is open and
//! kept as last drawn while it is hidden. A judge switch, a flavor or task or a change of the
//! models shown redraws the open section only; a hidden one catches up when it is opened (with 100
//! models, redrawing all eight sections took 200 ms). New data (a drop) empties the hidden
//! sections, which lets the old data go, and they draw the new when opened: at a million
//! predictions the hidden program table and source list alone were 6,700 elements built at once.
//! The overview, the page's first table, is drawn for new data even while hidden.

use exerscope_core::flavors::Flavor;
use exerscope_core::{Facts, Judge, Report};
use leptos::prelude::*;
use std::sync::Arc;

/// The inputs of one section.
#[derive(Clone, Copy)]
pub struct Seen {
    pub facts: Signal<Option<Arc<Facts>>>,
    pub report: Signal<Option<Arc<Report>>>,
    pub judge: Signal<Judge>,
    pub flavor: Signal<Flavor>,
}

/// When the section is open, and which data it shows: `drop` changes with each new drop.
#[derive(Clone, Copy)]
pub struct Shown {
    pub open: Signal<bool>,
    pub drop: Signal<usize>,
    /// Drawn for new data even while hidden.
    pub eager: bool,
}

impl Seen {
    pub fn new(
        shown: Shown,
        facts: Signal<Option<Arc<Facts>>>,
        report: Signal<Option<Arc<Report>>>,
        judge: Signal<Judge>,
        flavor: Signal<Flavor>,
    ) -> Seen {
        Seen {
            facts: while_open(shown, facts, arc_changed::<Facts>, drawn_or_empty(shown.eager)),
            report: while_open(shown, report, arc_changed::<Report>, drawn_or_empty(shown.eager)),
            judge: while_open(shown, judge, |a, b| a != b, Signal::get),
            flavor: while_open(shown, flavor, |a, b| a != b, Signal::get),
        }
    }
}

/// What a hidden section shows of new data: all of it when eager, else nothing until opened.
fn drawn_or_empty<T: Clone + Send + Sync + 'static>(eager: bool) -> fn(&Signal<Option<T>>) -> Option<T> {
    if eager {
        Signal::get
    } else {
        |_| None
    }
}

/// `value` while the section is open; its last value while it is hidden, and `on_new_data` of it
/// once new data arrives while hidden. A hidden section thus does not depend on `value`: a change
/// it would not show costs nothing.
fn while_open<T: Clone + Send + Sync + 'static>(
    shown: Shown,
    value: Signal<T>,
    changed: fn(Option<&T>, Option<&T>) -> bool,
    on_new_data: fn(&Signal<T>) -> T,
) -> Signal<T> {
    let drawn_for = StoredValue::new(None::<usize>);
    Memo::new_with_compare(
        move |last: Option<&T>| {
            let (open, drop) = (shown.open.get(), shown.drop.get());
            let new_data = drawn_for.get_value() != Some(drop);
            drawn_for.set_value(Some(drop));
            match last {
                _ if open => value.get(),
                Some(last) if !new_data => last.clone(),
                _ => on_new_data(&value),
            }
        },
        changed,
    )
    .into()
}

/// Shared data changes by being replaced: a new `Arc` is a change, the same one is not (and no
/// deep comparison of a 10,000-row report runs on every switch).
pub fn arc_changed<T>(last: Option<&Option<Arc<T>>>, new: Option<&Option<Arc<T>>>) -> bool {
    match (last, new) {
        (Some(Some(last)), Some(Some(new))) => !Arc::ptr_eq(last, new),
        (Some(None), Some(None)) => false,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_section_keeps_what_it_drew_until_it_is_opened_or_new_data_arrives() {
        let owner = Owner::new();
        owner.set();
        let (open, drop, judge) = (RwSignal::new(true), RwSignal::new(1_usize), RwSignal::new(Judge::Reference));
        let seen: Signal<Judge> = while_open(
            Shown { open: open.into(), drop: drop.into(), eager: false },
            judge.into(),
            |a, b| a != b,
            Signal::get,
        );
        assert_eq!(seen.get_untracked(), Judge::Reference);
        open.set(false);
        judge.set(Judge::Lenient);
        assert_eq!(seen.get_untracked(), Judge::Reference, "hidden: as last drawn");
        open.set(true);
        assert_eq!(seen.get_untracked(), Judge::Lenient, "opened: caught up");
        open.set(false);
        judge.set(Judge::Value);
        drop.set(2);
        assert_eq!(seen.get_untracked(), Judge::Value, "a new drop: drawn though hidden");
    }

    #[test]
    fn new_data_empties_a_hidden_section_until_it_is_opened() {
        let owner = Owner::new();
        owner.set();
        let (open, drop) = (RwSignal::new(false), RwSignal::new(0_usize));
        let facts = RwSignal::new(None::<Arc<String>>);
        let shown = Shown { open: open.into(), drop: drop.into(), eager: false };
        let seen = while_open(shown, facts.into(), arc_changed, drawn_or_empty(false));
        let eager = while_open(Shown { eager: true, ..shown }, facts.into(), arc_changed, drawn_or_empty(true));
        let first = Some(Arc::new("first drop".to_owned()));
        facts.set(first.clone());
        drop.set(1);
        assert_eq!(seen.get_untracked(), None, "hidden: not drawn for the new data");
        open.set(true);
        assert_eq!(seen.get_untracked(), first, "opened: drawn");
        open.set(false);
        facts.set(Some(Arc::new("second drop".to_owned())));
        assert_eq!(seen.get_untracked(), first, "hidden, same drop: as last drawn");
        drop.set(2);
        assert_eq!(seen.get_untracked(), None, "hidden, a new drop: the old data let go");
        assert!(eager.get_untracked().is_some_and(|f| *f == "second drop"), "eager: drawn though hidden");
    }

    #[test]
    fn shared_data_changes_when_replaced() {
        let report = Arc::new("a report".to_owned());
        let same = Some(report.clone());
        assert!(!arc_changed(Some(&same), Some(&Some(report.clone()))));
        assert!(arc_changed(Some(&same), Some(&Some(Arc::new("a report".to_owned())))));
        assert!(arc_changed(Some(&same), Some(&None)));
        assert!(!arc_changed::<String>(Some(&None), Some(&None)));
        assert!(arc_changed(None, Some(&same)));
    }
}
