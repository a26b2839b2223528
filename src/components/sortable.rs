//! Tables that rank by any column: the order a header click asks for, and the header that shows
//! and toggles it (`aria-sort`, a button reachable by keyboard). Each table keeps its own order
//! and says how its rows compare in a column.

use leptos::prelude::*;
use std::cmp::Ordering;

/// The column a table is ordered by, and its direction.
#[derive(Clone, Debug, PartialEq)]
pub struct Order<C> {
    pub column: C,
    pub descending: bool,
}

impl<C: PartialEq> Order<C> {
    /// The order a first click on `column` asks for: descending (numbers read best from the top)
    /// unless `ascending_first` (names read from A).
    pub fn start(column: C, ascending_first: bool) -> Order<C> {
        Order { column, descending: !ascending_first }
    }

    /// The order after a click on `column`: the same column reverses; another starts as
    /// [`Order::start`] does.
    pub fn clicked(self, column: C, ascending_first: bool) -> Order<C> {
        if self.column == column {
            Order { descending: !self.descending, ..self }
        } else {
            Order::start(column, ascending_first)
        }
    }

    /// Two cells of the ordered column compared in this order's direction; an absent value goes
    /// last either way (a model without a prediction is not the best of a reversed column).
    pub fn compare<T>(&self, a: Option<T>, b: Option<T>, compare: impl FnOnce(T, T) -> Ordering) -> Ordering {
        match (a, b) {
            (Some(a), Some(b)) if self.descending => compare(a, b).reverse(),
            (Some(a), Some(b)) => compare(a, b),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        }
    }
}

/// `aria-sort`'s value for a header: `sorted` is `Some(descending)` when the table is ordered by it.
fn aria_sort(sorted: Option<bool>) -> &'static str {
    match sorted {
        None => "none",
        Some(true) => "descending",
        Some(false) => "ascending",
    }
}

/// A column header whose button orders the table by it (again: reverses it).
#[component]
pub fn SortHeader(
    label: String,
    /// `Some(descending)` while the table is ordered by this column.
    #[prop(into)]
    sorted: Signal<Option<bool>>,
    on_click: Callback<()>,
    #[prop(optional_no_strip)] title: Option<&'static str>,
    /// The column's name for tests and links (`data-column`).
    #[prop(optional)]
    column: Option<String>,
) -> impl IntoView {
    view! {
        <th scope="col" aria-sort=move || aria_sort(sorted.get()) data-column=column title=title>
            <button class="sort" on:click=move |_| on_click.run(())>{label}</button>
        </th>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_reverses_its_column_and_starts_another_from_the_top() {
        let order = Order { column: 1, descending: true };
        assert_eq!(order.clone().clicked(1, false), Order { column: 1, descending: false });
        assert_eq!(order.clone().clicked(2, false), Order { column: 2, descending: true });
        assert_eq!(order.clicked(0, true), Order { column: 0, descending: false });
    }

    #[test]
    fn absent_values_go_last_in_either_direction() {
        for descending in [true, false] {
            let order = Order { column: (), descending };
            let compare = |a: Option<f64>, b| order.compare(a, b, |x: f64, y: f64| x.total_cmp(&y));
            assert_eq!(compare(Some(1.0), None), Ordering::Less);
            assert_eq!(compare(None, Some(1.0)), Ordering::Greater);
            assert_eq!(compare(Some(1.0), Some(2.0)), if descending { Ordering::Greater } else { Ordering::Less });
        }
    }
}
