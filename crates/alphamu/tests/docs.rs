//! The documents a newcomer reads: no dead link, the README a front door
//! whose test command is the one CI runs, every command it shows one the
//! program has.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The markdown files of the repository's documents.
fn documents() -> Vec<PathBuf> {
    let root = root();
    let mut files: Vec<PathBuf> = ["README.md", "EXPERIMENTS.md", "BENCHMARKS.md"]
        .iter()
        .map(|f| root.join(f))
        .collect();
    for entry in std::fs::read_dir(root.join("docs")).expect("docs/") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    files
}

/// The targets of the markdown links `[text](target)` of `text`.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            out.push(rest[..end].to_string());
        }
    }
    out
}

/// GitHub's anchor of a heading: lower case, punctuation dropped but `-`
/// and `_`, spaces as `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| anchor(l.trim_start_matches('#')))
        .collect()
}

#[test]
fn every_link_of_the_documents_leads_somewhere() {
    let mut dead = Vec::new();
    for file in documents() {
        let text = std::fs::read_to_string(&file).expect("a document");
        let dir = file.parent().expect("a folder");
        for link in links(&text) {
            if link.starts_with("http") || link.starts_with("mailto:") || link.contains(' ') {
                continue;
            }
            let (path, fragment) = link.split_once('#').unwrap_or((&link, ""));
            let target = if path.is_empty() {
                file.clone()
            } else {
                dir.join(path)
            };
            if !target.exists() {
                dead.push(format!("{}: {link}", file.display()));
                continue;
            }
            if !fragment.is_empty() && target.extension().is_some_and(|e| e == "md") {
                let target_text = std::fs::read_to_string(&target).expect("a document");
                if !anchors(&target_text).iter().any(|a| a == fragment) {
                    dead.push(format!("{}: {link} (no such heading)", file.display()));
                }
            }
        }
    }
    assert!(dead.is_empty(), "dead links:\n{}", dead.join("\n"));
}

#[test]
fn the_readme_is_a_front_door_whose_test_command_ci_runs() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    assert!(
        readme.lines().count() <= 250,
        "the README is the front door, the manual is docs/GUIDE.md"
    );
    let commands = readme
        .split("## Two commands")
        .nth(1)
        .expect("a section of the two commands");
    let run = "cargo run --release --bin alphamu";
    let test = "cargo test --profile quick --workspace";
    assert!(
        commands.contains(run) && commands.contains(test),
        "{commands}"
    );
    let ci = std::fs::read_to_string(root().join(".ci/run")).expect(".ci/run");
    assert!(
        ci.lines().any(|l| l.trim() == test),
        ".ci/run runs the README's test command exactly as written"
    );
}

#[test]
fn every_command_the_readme_shows_is_one_the_program_has() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let help = assert_cmd::Command::cargo_bin("alphamu")
        .expect("the binary")
        .arg("--help")
        .assert()
        .success();
    let help = String::from_utf8_lossy(&help.get_output().stdout).to_string();
    let mut in_shell = false;
    for line in readme.lines().map(str::trim) {
        if line.starts_with("```") {
            in_shell = line == "```sh";
            continue;
        }
        if !in_shell {
            continue;
        }
        let Some(rest) = line.strip_prefix("alphamu ") else {
            continue;
        };
        let command = rest.split_whitespace().next().expect("a command");
        assert!(
            help.lines()
                .any(|l| l.trim_start().starts_with(&format!("{command} "))),
            "`{line}`: alphamu has no command {command}"
        );
    }
}
