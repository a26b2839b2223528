//! What a section sees: the data, report, judge and flavor, followed while the section is open and
//! kept as last drawn while it is hidden, until new data arrives (a drop: every section is drawn
//! anew). A judge switch, a flavor or task or a change of the models shown redraws the open
//! section only; a hidden one catches up when it is opened (with 100 models, redrawing all eight
//! sections took 200 ms).

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
            facts: while_open(shown, facts, arc_changed::<Facts>),
            report: while_open(shown, report, arc_changed::<Report>),
            judge: while_open(shown, judge, |a, b| a != b),
            flavor: while_open(shown, flavor, |a, b| a != b),
        }
    }
}

/// `value` while the section is open or new data arrives; its last value otherwise. A hidden
/// section thus does not depend on `value`: a change it would not show costs nothing.
fn while_open<T: Clone + Send + Sync + 'static>(
    shown: Shown,
    value: Signal<T>,
    changed: fn(Option<&T>, Option<&T>) -> bool,
) -> Signal<T> {
    let drawn_for = StoredValue::new(None::<usize>);
    Memo::new_with_compare(
        move |last: Option<&T>| {
            let (open, drop) = (shown.open.get(), shown.drop.get());
            match last {
                Some(last) if !open && drawn_for.get_value() == Some(drop) => last.clone(),
                _ => {
                    drawn_for.set_value(Some(drop));
                    value.get()
                }
            }
        },
        changed,
    )
    .into()
}

/// Shared data changes by being replaced: a new `Arc` is a change, the same one is not (and no
/// deep comparison of a 10,000-row report runs on every switch).
fn arc_changed<T>(last: Option<&Option<Arc<T>>>, new: Option<&Option<Arc<T>>>) -> bool {
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
        let seen: Signal<Judge> =
            while_open(Shown { open: open.into(), drop: drop.into() }, judge.into(), |a, b| a != b);
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
