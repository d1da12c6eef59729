//! What crates.io and docs.rs show of the crate (issue 21, item 10): the README's links
//! must work there (crates.io renders the README without the repository around it, so
//! a relative link breaks), the manifest names the repository, homepage and
//! documentation, and docs.rs builds the documentation with every feature (without
//! them it would hide `arimaa::strategies` and the serde impls).
//!
//! These run from the packaged crate too (`.ci/run` tests it unpacked), where
//! `Cargo.toml` is the one cargo wrote for the package.

use std::path::Path;

fn read(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The targets of the Markdown links `[text](target)` and of HTML `src="target"` and
/// `href="target"` attributes in `text`.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let end = after.find(')').unwrap_or(after.len());
        targets.push(after[..end].trim().to_string());
        rest = &after[end..];
    }
    for attribute in ["src=\"", "href=\""] {
        let mut rest = text;
        while let Some(at) = rest.find(attribute) {
            let after = &rest[at + attribute.len()..];
            let end = after.find('"').unwrap_or(after.len());
            targets.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    targets
}

#[test]
fn link_targets_are_found() {
    let text = "a [b](docs/x.png) c [d]( https://e.org/f ) <img src=\"g.png\"> [h](#i)";
    assert_eq!(
        link_targets(text),
        ["docs/x.png", "https://e.org/f", "#i", "g.png"]
    );
}

#[test]
fn the_readme_has_no_relative_links() {
    let readme = read("README.md");
    let targets = link_targets(&readme);
    assert!(!targets.is_empty(), "no links found in README.md");
    let relative: Vec<_> = targets
        .iter()
        .filter(|t| !(t.starts_with("https://") || t.starts_with("http://") || t.starts_with('#')))
        .collect();
    assert!(
        relative.is_empty(),
        "README.md links that break on crates.io (make them absolute): {relative:?}"
    );
}

#[test]
fn the_manifest_names_repository_homepage_and_documentation() {
    assert_eq!(
        env!("CARGO_PKG_REPOSITORY"),
        "https://github.com/arimaa-rs/arimaa"
    );
    assert_eq!(
        env!("CARGO_PKG_HOMEPAGE"),
        "https://github.com/arimaa-rs/arimaa"
    );
    let manifest = read("Cargo.toml");
    assert!(
        manifest
            .lines()
            .any(|l| l.trim() == r#"documentation = "https://docs.rs/arimaa""#),
        "Cargo.toml has no documentation = \"https://docs.rs/arimaa\""
    );
}

#[test]
fn docs_rs_documents_every_feature() {
    let manifest = read("Cargo.toml");
    let mut lines = manifest.lines().map(str::trim);
    assert!(
        lines.any(|l| l == "[package.metadata.docs.rs]"),
        "Cargo.toml has no [package.metadata.docs.rs] table"
    );
    let table: Vec<_> = lines.take_while(|l| !l.starts_with('[')).collect();
    assert!(
        table.contains(&"all-features = true"),
        "[package.metadata.docs.rs] lacks all-features = true: {table:?}"
    );
}
