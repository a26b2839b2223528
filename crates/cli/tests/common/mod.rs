//! Where the real result files of `../shared/fixtures` are. Tests that need them skip with a
//! message when they are absent, and fail when they are absent under `CI=true`.

use std::path::PathBuf;

pub fn fixtures() -> Option<PathBuf> {
    let dir = std::env::var_os("EXERSCOPE_FIXTURES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/fixtures"));
    if dir.join("README.md").is_file() {
        return Some(dir);
    }
    if std::env::var("CI").as_deref() == Ok("true") {
        panic!("fixtures not found at {} (set EXERSCOPE_FIXTURES)", dir.display());
    }
    eprintln!("skipping: fixtures not found at {} (set EXERSCOPE_FIXTURES)", dir.display());
    None
}
