//! The views, one per file. Each takes the signals it shows and the callbacks it fires.

pub mod comparison;
pub mod constructs;
pub mod drilldown;
pub mod drop_zone;
pub mod judge_picker;
pub mod messages;
pub mod overview;
pub mod program_table;
pub mod program_view;
pub mod properties;
pub mod status;
pub mod types;
