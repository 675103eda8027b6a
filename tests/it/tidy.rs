//! Keeps ARCHITECTURE.md honest, in the manner of rust-analyzer's tidy tests: every
//! module of the library and the binary has a section in it, and every library module
//! uses only the modules its "May use" line lists, with no cycle among them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    crate::common::root()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The `mod x;` declarations of a crate root.
fn declared_modules(file: &str) -> Vec<String> {
    declared_modules_of(&read(&root().join(file)))
}

fn declared_modules_of(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| {
            let line = line.trim();
            let rest = line
                .strip_prefix("pub mod ")
                .or(line.strip_prefix("pub(crate) mod "))
                .or(line.strip_prefix("mod "))?;
            Some(rest.strip_suffix(';')?.to_string())
        })
        .collect()
}

/// The sections of ARCHITECTURE.md (`### `name``) and their "May use" lists.
fn documented() -> BTreeMap<String, Option<BTreeSet<String>>> {
    let text = read(&root().join("ARCHITECTURE.md"));
    let mut sections = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("### `").and_then(|r| r.strip_suffix('`')) {
            current = Some(name.to_string());
            sections.insert(name.to_string(), None);
        } else if let Some(list) = line.strip_prefix("**May use:**") {
            let name = current.clone().expect("a May use line inside a section");
            let uses = list
                .split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect();
            sections.insert(name, Some(uses));
        }
    }
    sections
}

/// Every `.rs` file of library module `module`, with its module depth (1 for the
/// module's root file).
fn module_files(module: &str) -> Vec<(PathBuf, usize)> {
    let src = root().join("src");
    let mut files = Vec::new();
    let single = src.join(format!("{module}.rs"));
    if single.exists() {
        files.push((single, 1));
    }
    let mut dirs = vec![(src.join(module), 1usize)];
    while let Some((dir, depth)) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push((path, depth + 1));
            } else if path.extension().is_some_and(|e| e == "rs") {
                let own = path.file_name().is_some_and(|n| n != "mod.rs");
                files.push((path, depth + usize::from(own)));
            }
        }
    }
    assert!(!files.is_empty(), "no source for module `{module}`");
    files
}

/// The crate-level modules a line of code names: `crate::x`, `crate::{x, y::z}`, or
/// `super::` climbing out of a module of depth `depth` to the crate root.
fn crate_references(line: &str, depth: usize) -> Vec<String> {
    let mut found = Vec::new();
    let mut paths: Vec<&str> = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("crate::") {
        paths.push(&rest[at + "crate::".len()..]);
        rest = &rest[at + 1..];
    }
    let supers = "super::".repeat(depth);
    if let Some(at) = line.find(&supers) {
        paths.push(&line[at + supers.len()..]);
    }
    for path in paths {
        if let Some(group) = path.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for item in group.split(',') {
                found.push(ident(item.trim()));
            }
        } else {
            found.push(ident(path));
        }
    }
    found.retain(|name| !name.is_empty());
    found
}

/// The file's lines, with each `use` statement that spans lines joined into one (at
/// the line it starts on), so that a multi-line `use crate::{...}` group is seen whole.
fn statements(text: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (n, line) in text.lines().enumerate() {
        let code = line.trim();
        if let Some((_, joined)) = open.as_mut() {
            joined.push(' ');
            joined.push_str(code);
            if code.contains(';') {
                out.push(open.take().expect("open"));
            }
            continue;
        }
        let starts_use = ["use ", "pub use ", "pub(crate) use ", "pub(super) use "]
            .iter()
            .any(|p| code.starts_with(p));
        if starts_use && !code.contains(';') {
            open = Some((n, code.to_string()));
        } else {
            out.push((n, code.to_string()));
        }
    }
    out.extend(open);
    out
}

/// A cycle in `graph` (`a -> b` when `a` uses `b`), if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<String> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<String> {
        if done.contains(node) {
            return None;
        }
        if let Some(at) = stack.iter().position(|n| n == node) {
            return Some(format!("{} -> {node}", stack[at..].join(" -> ")));
        }
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, stack, done) {
                return Some(cycle);
            }
        }
        stack.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

fn ident(text: &str) -> String {
    text.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

#[test]
fn every_module_has_a_section_and_every_section_a_module() {
    let docs = documented();
    let mut modules = declared_modules("src/lib.rs");
    modules.extend(declared_modules("src/app/mod.rs"));
    modules.push("main".into());
    for module in &modules {
        assert!(
            docs.contains_key(module),
            "ARCHITECTURE.md has no section `### `{module}`` for module `{module}`"
        );
    }
    for section in docs.keys() {
        assert!(
            modules.contains(section),
            "ARCHITECTURE.md describes `{section}`, which src/lib.rs and src/app/mod.rs do not declare"
        );
    }
}

#[test]
fn library_modules_use_only_what_the_map_allows() {
    let docs = documented();
    let modules = declared_modules("src/lib.rs");
    let mut violations = Vec::new();
    for module in &modules {
        let allowed = docs
            .get(module)
            .cloned()
            .flatten()
            .unwrap_or_else(|| panic!("ARCHITECTURE.md: `{module}` has no **May use:** line"));
        for (file, depth) in module_files(module) {
            for (n, code) in statements(&read(&file)) {
                let code = code.as_str();
                if code.starts_with("//") {
                    continue;
                }
                if code.contains("lightsout::") {
                    violations.push(format!(
                        "{}:{}: the library names itself as `lightsout::`",
                        file.display(),
                        n + 1
                    ));
                }
                for used in crate_references(code, depth) {
                    if used != *module && !allowed.contains(&used) {
                        let what = if modules.contains(&used) {
                            format!("uses `{used}`, which its May use line does not list")
                        } else {
                            format!("names `crate::{used}`: name the module, not a root re-export")
                        };
                        violations.push(format!("{}:{}: `{module}` {what}", file.display(), n + 1));
                    }
                }
            }
        }
    }
    assert!(violations.is_empty(), "{}", violations.join("\n"));
}

#[test]
fn the_documented_layers_have_no_cycle() {
    let docs = documented();
    let graph: BTreeMap<String, BTreeSet<String>> = docs
        .into_iter()
        .filter_map(|(name, uses)| Some((name, uses?)))
        .collect();
    for (node, uses) in &graph {
        for next in uses {
            assert!(
                graph.contains_key(next),
                "`{node}` may use `{next}`, which has no section"
            );
        }
    }
    if let Some(cycle) = find_cycle(&graph) {
        panic!("the layers of ARCHITECTURE.md have a cycle: {cycle}");
    }
}

/// The children of `dir` (its `.rs` files but `mod.rs`, and its directories) each uses,
/// read from `super::` paths that climb back to `dir` and `crate::` paths through it.
fn child_uses(dir: &Path, crate_path: &str) -> BTreeMap<String, BTreeSet<String>> {
    let child = |p: &Path| {
        let name = p.file_stem().unwrap().to_string_lossy().into_owned();
        (p.is_dir() || p.extension().is_some_and(|e| e == "rs")) && name != "mod"
    };
    let children: BTreeSet<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| child(p))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let mut graph = BTreeMap::new();
    for name in &children {
        let path = dir.join(name);
        // Every file of the child, with how many `super::` lead from it back to `dir`.
        let mut files = Vec::new();
        if path.is_dir() {
            for file in rust_files(&path) {
                let below = file.strip_prefix(&path).unwrap().components().count();
                // `s/mod.rs` climbs once to `dir`, `s/y.rs` twice, and so on down.
                let up = if file.ends_with("mod.rs") {
                    below
                } else {
                    below + 1
                };
                files.push((file, up));
            }
        } else {
            files.push((path.with_extension("rs"), 1));
        }
        let mut uses = BTreeSet::new();
        for (file, up) in files {
            let climb = "super::".repeat(up);
            let through = format!("{crate_path}::");
            for (_, code) in statements(&read(&file)) {
                if code.starts_with("//") {
                    continue;
                }
                for prefix in [climb.as_str(), through.as_str()]
                    .into_iter()
                    .filter(|p| !p.is_empty())
                {
                    let mut rest = code.as_str();
                    while let Some(at) = rest.find(prefix) {
                        let after = &rest[at + prefix.len()..];
                        // `super::super::x` from a deeper file is not this climb.
                        let deeper = prefix == climb && after.starts_with("super::");
                        let named: Vec<String> = match after.strip_prefix('{') {
                            Some(group) => group
                                .split(['}', ','])
                                .map(|item| ident(item.trim()))
                                .collect(),
                            None => vec![ident(after)],
                        };
                        for used in named.into_iter().filter(|_| !deeper) {
                            if children.contains(&used) && used != *name {
                                uses.insert(used);
                            }
                        }
                        rest = after;
                    }
                }
            }
        }
        graph.insert(name.clone(), uses);
    }
    graph
}

#[test]
fn no_folder_of_src_has_a_circle_of_files() {
    // Issue 51: `serve/api.rs` and `serve/batch.rs` used each other, and so did
    // `search/checkpoint/` and `search/progress.rs`: every folder under `src/`, the
    // binary's and nested ones too, its files and folders used one way.
    let src = root().join("src");
    let mut dirs = vec![src.clone()];
    let mut checked = 0;
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            }
        }
        if dir == src {
            continue;
        }
        let relative = dir.strip_prefix(&src).unwrap();
        let crate_path = std::iter::once("crate".to_string())
            .chain(
                relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned()),
            )
            .collect::<Vec<_>>()
            .join("::");
        if let Some(cycle) = find_cycle(&child_uses(&dir, &crate_path)) {
            panic!("src/{}/ has a circle of files: {cycle}", relative.display());
        }
        checked += 1;
    }
    assert!(checked > 20, "{checked} folders");
}

#[test]
fn the_files_of_a_module_use_each_other_without_a_cycle() {
    // Inside a module directory, `use super::sibling` between its files: no circle
    // (the stream readers once imported each other round).
    for module in declared_modules("src/lib.rs") {
        let dir = root().join("src").join(&module);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let files: BTreeMap<String, PathBuf> = entries
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "rs"))
            .filter(|p| p.file_stem().is_some_and(|s| s != "mod"))
            .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
            .collect();
        let mut graph = BTreeMap::new();
        for (name, path) in &files {
            let mut uses = BTreeSet::new();
            for (_, code) in statements(&read(path)) {
                if code.starts_with("//") {
                    continue;
                }
                for used in crate_references(&code, 1) {
                    if files.contains_key(&used) && used != *name {
                        uses.insert(used);
                    }
                }
                // `crate::module::sibling` names a sibling too.
                let own = format!("crate::{module}::");
                let mut rest = code.as_str();
                while let Some(at) = rest.find(&own) {
                    let used = ident(&rest[at + own.len()..]);
                    if files.contains_key(&used) && used != *name {
                        uses.insert(used);
                    }
                    rest = &rest[at + own.len()..];
                }
            }
            graph.insert(name.clone(), uses);
        }
        if let Some(cycle) = find_cycle(&graph) {
            panic!("src/{module}/ has a cycle of imports: {cycle}");
        }
    }
}

#[test]
fn the_reference_scanner_sees_groups_and_supers() {
    assert_eq!(crate_references("use crate::grid::Grid;", 1), ["grid"]);
    assert_eq!(
        crate_references("use crate::{board::Board, table};", 2),
        ["board", "table"]
    );
    assert_eq!(
        crate_references("use super::bytes::byte_tables;", 2),
        Vec::<String>::new()
    );
    assert_eq!(
        crate_references("use super::lines::LineReader;", 1),
        ["lines"]
    );
    // A group over several lines is one statement.
    let text = "use crate::{\n    board::Board,\n    table,\n};\nfn f() {}\n";
    let joined = statements(text);
    assert_eq!(joined[0].0, 0);
    assert_eq!(crate_references(&joined[0].1, 1), ["board", "table"]);
    assert_eq!(
        declared_modules_of("pub(crate) mod hidden;\nmod seen;\n"),
        ["hidden", "seen"]
    );
    let mut cyclic = BTreeMap::new();
    cyclic.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    cyclic.insert("b".to_string(), BTreeSet::from(["a".to_string()]));
    assert!(find_cycle(&cyclic).is_some());
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

#[test]
fn modules_stay_small_and_main_stays_thin() {
    // Issue 23: `main.rs` at most 200 lines, no file of `src/` above 450 (tests
    // included: a file that outgrows it is split by job, or its tests moved out).
    let mut long = Vec::new();
    let files = rust_files(&root().join("src"));
    assert!(files.len() > 50, "{} files", files.len());
    for path in files {
        let lines = read(&path).lines().count();
        let limit = if path.ends_with("src/main.rs") {
            200
        } else {
            450
        };
        if lines > limit {
            long.push(format!(
                "{}: {lines} lines (at most {limit})",
                path.display()
            ));
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// `cargo tree -p PACKAGE` (offline, no prefix) with `args`: its lines.
fn cargo_tree(package: &str, args: &[&str]) -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let out = std::process::Command::new(cargo)
        .current_dir(root())
        .args(["tree", "--offline", "-p", package, "--prefix", "none"])
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    String::from_utf8(out.stdout).unwrap()
}

/// Each package of `cargo tree -p PACKAGE -e EDGES` and its features.
fn tree_features(package: &str, edges: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut packages: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in cargo_tree(package, &["-e", edges, "-f", "{p}|{f}"]).lines() {
        let Some((package, features)) = line.split_once('|') else {
            continue;
        };
        let features = features.trim_end_matches(" (*)");
        packages
            .entry(package.trim_end_matches(" (*)").to_string())
            .or_default()
            .extend(
                features
                    .split(',')
                    .filter(|f| !f.is_empty())
                    .map(String::from),
            );
    }
    packages
}

#[test]
fn the_tests_build_the_dependencies_as_the_quick_start_does() {
    // Issue 23: a dev-dependency that turns on a feature of a crate the binary uses
    // (expectrl's nix turned on libc's `extra_traits`) rebuilds that crate, everything
    // above it and this crate for `cargo test`: 60 s after the quick start. Cargo.toml
    // names such features for the binary too.
    let binary = tree_features("lightsout", "no-dev");
    let tests = tree_features("lightsout-it", "normal,build,dev");
    assert!(binary.len() > 100 && tests.len() > binary.len());
    let differ: Vec<String> = binary
        .iter()
        .filter(|(package, features)| tests.get(*package).is_some_and(|f| f != *features))
        .map(|(package, features)| {
            format!(
                "{package}: {:?} for the tests, {features:?} for the binary",
                tests[package]
            )
        })
        .collect();
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

#[test]
fn only_the_tests_own_tools_are_built_unoptimised() {
    // Issue 23: the dev-dependencies' profile overrides (opt-level 0, a faster test build)
    // must never reach the binary: a package named in `[profile.release.package.X]`,
    // other than this crate, is not in the binary's dependency tree.
    let manifest = read(&root().join("Cargo.toml"));
    let overridden: Vec<&str> = manifest
        .lines()
        .filter_map(|line| line.strip_prefix("[profile.release.package."))
        .map(|rest| rest.trim_end_matches(']').trim_matches('"'))
        .filter(|name| *name != "lightsout")
        .collect();
    assert!(overridden.contains(&"regex-automata"), "{overridden:?}");
    let binary = tree_features("lightsout", "no-dev");
    let tests = tree_features("lightsout-it", "normal,build,dev");
    let name = |package: &String| package.split(' ').next().unwrap_or_default().to_string();
    let in_binary: BTreeSet<String> = binary.keys().map(name).collect();
    let in_tests: BTreeSet<String> = tests.keys().map(name).collect();
    for package in overridden {
        assert!(
            in_tests.contains(package),
            "{package} is no dependency at all"
        );
        assert!(
            !in_binary.contains(package),
            "{package} is built unoptimised for the tests, but the binary uses it too"
        );
    }
}

#[test]
fn the_binarys_modules_use_each_other_without_a_cycle() {
    // Issue 40: `config` -> `input` -> `config` and `config` -> `play` -> `config`, both
    // through the usage error, which now sits at the bottom (`usage`).
    // The binary's modules live in `src/app/` (apart from the library's, as ripgrep
    // keeps its binary apart) and name each other `crate::app::x`.
    assert_eq!(declared_modules("src/main.rs"), ["app"]);
    let modules = declared_modules("src/app/mod.rs");
    assert!(modules.len() > 10, "{modules:?}");
    let mut graph = BTreeMap::new();
    for module in &modules {
        let mut uses = BTreeSet::new();
        for (path, depth) in module_files(&format!("app/{module}")) {
            for (_, code) in statements(&read(&path)) {
                if code.starts_with("//") {
                    continue;
                }
                let code = code.replace("crate::app::", "crate::");
                for used in crate_references(&code, depth) {
                    if modules.contains(&used) && used != *module {
                        uses.insert(used);
                    }
                }
            }
        }
        graph.insert(module.clone(), uses);
    }
    if let Some(cycle) = find_cycle(&graph) {
        panic!("the binary's modules have a cycle of imports: {cycle}");
    }
}

#[test]
fn the_solving_layer_is_rooms_not_a_flat_folder() {
    // Issue 40: `src/solve/` held 26 files side by side. Each folder of it now holds at
    // most 9 entries (a file beside at most 8 others), so a folder's names say where a
    // new engine, rule or search bound goes.
    let mut crowded = Vec::new();
    let mut dirs = vec![root().join("src/solve")];
    while let Some(dir) = dirs.pop() {
        let entries: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        if entries.len() > 9 {
            crowded.push(format!("{}: {} entries", dir.display(), entries.len()));
        }
        dirs.extend(entries.into_iter().filter(|p| p.is_dir()));
    }
    assert!(crowded.is_empty(), "{}", crowded.join("\n"));
}

/// A heading's anchor as GitHub makes it: lower case, spaces as `-`, and only letters,
/// digits, `-` and `_` kept.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

#[test]
fn the_readme_is_a_front_door_whose_links_lead_somewhere() {
    // Issue 40: README.md was 707 lines; the reference is docs/guide.md now, and the
    // README's links into it name headings that exist.
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(lines <= 350, "README.md: {lines} lines (at most 350)");
    // ARCHITECTURE.md was 489 lines: a map is read whole or not at all.
    let map = read(&root().join("ARCHITECTURE.md")).lines().count();
    assert!(map <= 300, "ARCHITECTURE.md: {map} lines (at most 300)");
    let guide = read(&root().join("docs/guide.md"));
    let anchors: BTreeSet<String> = guide
        .lines()
        .filter_map(|l| l.strip_prefix('#'))
        .map(|l| anchor(l.trim_start_matches('#')))
        .collect();
    let mut links = 0;
    for (at, _) in readme.match_indices("](docs/guide.md") {
        let rest = &readme[at + "](docs/guide.md".len()..];
        let target = &rest[..rest.find(')').unwrap()];
        if let Some(name) = target.strip_prefix('#') {
            assert!(
                anchors.contains(name),
                "README.md links to #{name}, not a heading"
            );
        }
        links += 1;
    }
    assert!(links >= 5, "{links} links into the guide");
    assert_eq!(
        anchor("Every game: topologies, rules, button maps"),
        "every-game-topologies-rules-button-maps"
    );
}

#[test]
fn the_doors_name_no_limit_of_their_own() {
    // Issue 64: the limits of every door are one table in the library
    // (`lightsout::request::limits`); the server, Python and the static page read their
    // door's value from it and declare or name no limit number themselves (five light
    // limits in four places before).
    let named = [
        "MAX_CELLS",
        "CHASE_LIGHTS",
        "MAX_PRESS_ENTRIES",
        "MAX_VERTICES",
        "MAX_GRAPH_ENTRIES",
        "PLAY_LIGHTS",
        "PLAY_ENTRIES",
        "GAME_LIGHTS",
        "GAME_ENTRIES",
        "GRAPH_VERTICES",
        "PUZZLE_LIGHTS",
        "MAX_SEARCH_BUDGET",
    ];
    let limit_suffixes = ["LIGHTS", "ENTRIES", "VERTICES", "BUDGET", "CELLS"];
    let mut found = Vec::new();
    for dir in ["src/app/serve", "python/src", "web/src"] {
        for path in rust_files(&root().join(dir)) {
            for (n, line) in read(&path).lines().enumerate() {
                let code = line.split("//").next().unwrap_or_default();
                let declared = code.split_whitespace().collect::<Vec<_>>();
                let declares_limit = declared.windows(2).any(|w| {
                    w[0] == "const"
                        && limit_suffixes
                            .iter()
                            .any(|s| w[1].trim_end_matches(':').ends_with(s))
                });
                let names = named.iter().find(|name| {
                    code.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .any(|word| word == **name)
                });
                if declares_limit || names.is_some() {
                    found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "a door's own limit:\n{}",
        found.join("\n")
    );
}

#[test]
fn benchmarks_is_a_report_not_a_diary() {
    // Issue 64: BENCHMARKS.md says where the project stands, at most 600 lines; how a
    // figure got there is in docs/history/benchmarks.md.
    let lines = read(&root().join("BENCHMARKS.md")).lines().count();
    assert!(lines <= 600, "BENCHMARKS.md: {lines} lines (at most 600)");
}

#[test]
fn the_streams_are_rooms_of_at_most_twelve_files() {
    // Issue 64: `src/stream/` held 14 files in one folder; each folder of it at most 12.
    fn check(dir: &Path, crowded: &mut Vec<String>) {
        let mut files = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                check(&path, crowded);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files += 1;
            }
        }
        if files > 12 {
            crowded.push(format!("{}: {files} files", dir.display()));
        }
    }
    let mut crowded = Vec::new();
    check(&root().join("src/stream"), &mut crowded);
    assert!(crowded.is_empty(), "{}", crowded.join("\n"));
}

#[test]
fn exit_codes_come_from_one_table() {
    // Issue 64: ARCHITECTURE.md says main maps errors to exit codes from one table
    // (`usage::Exit`), which `--help` prints; a code written as a number anywhere else
    // in the binary is a second table.
    let mut found = Vec::new();
    let mut files = rust_files(&root().join("src/app"));
    files.push(root().join("src/main.rs"));
    for path in files {
        if path.ends_with("src/app/usage.rs") {
            continue;
        }
        for (n, line) in read(&path).lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            for call in ["process::exit(", "_exit(", "ExitCode::from("] {
                if let Some(at) = code.find(call) {
                    let arg = &code[at + call.len()..];
                    if arg.starts_with(|c: char| c.is_ascii_digit()) {
                        found.push(format!("{}:{}: {}", path.display(), n + 1, code.trim()));
                    }
                }
            }
            if code.contains("ExitCode::FAILURE") {
                found.push(format!("{}:{}: {}", path.display(), n + 1, code.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "exit codes outside usage::Exit:\n{}",
        found.join("\n")
    );
    let help = lightsout_help();
    for code in [
        "  0  success",
        "  2  usage error",
        "130  solve, census: Ctrl-C",
        "143  solve",
    ] {
        assert!(help.contains(code), "{code} not in --help:\n{help}");
    }
}

fn lightsout_help() -> String {
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("lightsout"))
        .arg("--help")
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_servers_handlers_are_thin() {
    // Issue 64: ARCHITECTURE.md calls the handlers thin; `solve_stream_handler` was 88
    // lines (it parsed, sniffed, limited, branched on K and built the solver itself).
    // A handler reads its request, has `request` check it and runs a stream: at most
    // 50 lines, from `async fn` to its closing brace.
    let mut long = Vec::new();
    for file in ["api.rs", "batch.rs", "play.rs"] {
        let path = root().join("src/app/serve").join(file);
        let mut start = None;
        for (n, line) in read(&path).lines().enumerate() {
            let head = line
                .trim_start_matches("pub(super) ")
                .trim_start_matches("pub(crate) ");
            if let Some(rest) = head.strip_prefix("async fn ") {
                start = Some((n, ident(rest)));
            }
            if line == "}" {
                if let Some((from, name)) = start.take() {
                    let lines = n - from + 1;
                    if lines > 50 {
                        long.push(format!("{file}: {name}: {lines} lines"));
                    }
                }
            }
        }
    }
    assert!(
        long.is_empty(),
        "handlers past 50 lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_doors_make_no_game_solver_or_limit_of_their_own() {
    // Issue 64: Python built its games itself (`Game::grid`, its own built-in lookup, its
    // own reading of a graph's rule), each in its own words; the server made the 5x5
    // game in two places and its solvers with the library's constants. The library
    // makes them (`request::grid_game`, `builtin_of`, `neighbourhood_of`, `Solve::check`,
    // `contest_game`; a door's solvers through its row of the limits table,
    // `Limits::solver`), so every door meets the same checks, sentences and limits.
    let makers = [
        "Game::grid",
        "Game::new",
        "Game::classic",
        "builtin::find",
        "Rule::parse",
        "GameSolver::new",
        "GameSolver::with_limits",
        "SEARCH_BUDGET",
        "SIGNATURE_CELLS",
        "CHASE_LIGHTS",
        "MAX_CELLS",
        "PLAY_LIGHTS",
        "GAME_LIGHTS",
    ];
    let mut found = Vec::new();
    // Issue 72, item 4: every room of the binary (its flags' config, its commands, the
    // server, the terminal game), not only the server's, and the page below.
    for dir in ["python/src", "web/src", "src/app"] {
        for path in rust_files(&root().join(dir)) {
            let text = read(&path);
            // A file's unit tests make their own games.
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            for (n, line) in code.lines().enumerate() {
                let code = line.split("//").next().unwrap_or_default();
                // The path itself, not a longer name ending in it (`PyGame::grid`).
                let names = |m: &str| {
                    code.match_indices(m).any(|(at, _)| {
                        let before = code[..at].chars().next_back();
                        !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                    })
                };
                if let Some(maker) = makers.iter().find(|m| names(m)) {
                    found.push(format!("{}:{}: {maker}", path.display(), n + 1));
                }
            }
        }
    }
    // The page reads its limits from the library (`GET /v1/limits`, which the static
    // page's WebAssembly answers too): no budget, side or size of its own.
    let page = read(&root().join("src/app/serve/page.html"));
    for (n, line) in page.lines().enumerate() {
        let named = ["1 <<", "<< ", "BUDGET", "MOST_SIDE = 6", "max=\"", "** 2"];
        if let Some(limit) = named.iter().find(|m| line.contains(*m)) {
            found.push(format!("src/app/serve/page.html:{}: {limit}", n + 1));
        }
    }
    assert!(
        found.is_empty(),
        "a door making a game or a solver, or naming a limit, itself:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_library_alone_builds_none_of_the_binarys_crates() {
    // Issue 72, item 5: `pip install ./python` compiled 248 crates, the server and the
    // terminal game among them. The library without its `cli` feature (as python/, web/
    // and fuzz/ take it) depends on none of the crates only the binary uses.
    let binary_only = [
        "anyhow",
        "axum",
        "clap",
        "hyper",
        "tokio",
        "tower",
        "tower-http",
        "ratatui",
        "crossterm",
        "indicatif",
        "metrics",
        "humantime",
        "mime",
    ];
    let tree = cargo_tree(
        "lightsout",
        &["--no-default-features", "-e", "normal", "-f", "{p}"],
    );
    let crates: BTreeSet<&str> = tree.lines().filter_map(|l| l.split(' ').next()).collect();
    let found: Vec<&&str> = binary_only
        .iter()
        .filter(|c| crates.contains(**c))
        .collect();
    assert!(found.is_empty(), "the library alone depends on {found:?}");
    assert!(crates.len() < 60, "{} crates: {crates:?}", crates.len());
    for door in ["python", "web", "fuzz"] {
        let manifest = read(&root().join(door).join("Cargo.toml"));
        assert!(
            manifest.contains(r#"lightsout = { path = "..", default-features = false }"#),
            "{door}/Cargo.toml takes the library alone"
        );
    }
}

#[test]
fn no_door_makes_a_solver_calls_an_engine_or_names_its_answer() {
    // Issue 72, items 1 and 2: a checked request is a plan that runs; a door (src/app,
    // python/src, web/src) asks it and writes what it gives (the one `BoardAnswer`, or
    // what a stream tells of a board, `Answered`), its other solvers made by the
    // library within its row of the limits (`Limits::solver`). No door makes a solver,
    // calls an engine's solve or names an engine's own result.
    let calls = [
        "GameSolver::new(",
        "GameSolver::with_limits(",
        ".solve_with(",
        ".solve_states(",
        "solve_stream(",
        "solve_stream_lazy(",
        "solve_states_stream(",
        "solve_boards_stream(",
        "check_stream(",
        "check_states_stream(",
        "explain_game_stream(",
        "explain_states_stream(",
        "Solution<",
        "lightsout::Solution",
        "StateAnswer",
    ];
    let mut found: BTreeMap<String, usize> = BTreeMap::new();
    for dir in ["src/app", "python/src", "web/src"] {
        for path in rust_files(&root().join(dir)) {
            let text = read(&path);
            let n: usize = text
                .lines()
                .filter(|line| !line.trim_start().starts_with("//"))
                .map(|line| calls.iter().filter(|c| line.contains(*c)).count())
                .sum();
            if n > 0 {
                let name = path
                    .strip_prefix(root())
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                found.insert(name, n);
            }
        }
    }
    assert_eq!(
        found,
        BTreeMap::new(),
        "the doors' own solvers and engine calls"
    );
}

#[test]
fn pythons_solve_is_a_request_a_plan_and_its_answer() {
    // Issue 72: Python's `solve` was 177 lines of its own solving; it reads its keywords
    // into the library's request, and writes the plan's one answer: at most 40 lines.
    let text = read(&root().join("python/src/lib.rs"));
    let start = text
        .find("\nfn solve(")
        .expect("python/src/lib.rs has `fn solve`");
    let body = &text[start + 1..];
    let end = body.find("\n}\n").expect("`fn solve` ends");
    let lines = body[..end].lines().count() + 1;
    assert!(lines <= 40, "Python's `solve` is {lines} lines");
    for asked in [".check(", ".plan(", ".answer(", "Answer::of("] {
        assert!(body[..end].contains(asked), "`solve` has no {asked}");
    }
}

#[test]
fn the_licence_the_citation_and_the_release_are_the_manifests() {
    // Issue 74, item 3: Cargo.toml says MIT OR Apache-2.0; both texts are here, and
    // CITATION.cff cites this version under those licences.
    let field = crate::common::manifest_field;
    assert_eq!(field("license"), "MIT OR Apache-2.0");
    assert!(read(&root().join("LICENSE-MIT")).contains("Permission is hereby granted"));
    assert!(read(&root().join("LICENSE-APACHE")).contains("Version 2.0, January 2004"));
    let citation = read(&root().join("CITATION.cff"));
    assert!(citation.starts_with("cff-version: 1.2.0\n"), "CITATION.cff");
    let version = format!("version: \"{}\"", field("version"));
    assert!(
        citation.lines().any(|l| l == version),
        "CITATION.cff: {version}"
    );
    assert!(
        citation.contains("  - MIT\n  - Apache-2.0\n"),
        "CITATION.cff's licences"
    );
    // A release: CHANGELOG.md says what this version proves, and every results file
    // names the release that checked it again (its tag).
    let release = field("version");
    let changelog = read(&root().join("CHANGELOG.md"));
    let section = format!("## {release} (");
    assert!(
        changelog
            .lines()
            .any(|l| l.starts_with(&section) && l.contains(&format!("tag v{release}"))),
        "CHANGELOG.md has no section {section}... tag v{release})"
    );
    let checked = format!("# Checked again by lightsout {release} (release tag v{release}");
    for entry in std::fs::read_dir(root().join("docs/results")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let text = read(&path);
            assert!(text.contains(&checked), "{}: no {checked}", path.display());
        }
    }
}

#[test]
fn the_pages_quote_the_open_sizes_bounds_as_the_results_files_hold_them() {
    // Issue 74, item 4: the guide once said "bounds 19 x 19 by 181" and BENCHMARKS.md
    // 165..180 after the files said 165..176. The README and the guide quote each open
    // size's bounds as its file holds them (no other upper bound beside its lower one);
    // BENCHMARKS.md, a report with a history, quotes them at least once.
    for n in [19, 84] {
        let file = read(&root().join(format!("docs/results/gods-number-{n}.txt")));
        let bounds = file
            .lines()
            .find(|l| !l.starts_with('#'))
            .expect("a `lower upper` line");
        let (lower, upper) = bounds.split_once(' ').expect("`lower upper`");
        let quoted = format!("{lower}..{upper}");
        for page in ["README.md", "docs/guide.md"] {
            let text = read(&root().join(page));
            for (at, _) in text.match_indices(&format!("{lower}..")) {
                let rest = &text[at + lower.len() + 2..];
                let said: String = rest.chars().take_while(char::is_ascii_digit).collect();
                assert_eq!(said, upper, "{page} quotes {lower}..{said} for {n} x {n}");
            }
        }
        let report = read(&root().join("BENCHMARKS.md"));
        assert!(
            report.contains(&quoted),
            "BENCHMARKS.md never says {quoted}"
        );
    }
}
