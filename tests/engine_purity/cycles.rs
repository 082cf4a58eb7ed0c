//! Files that use one another without a cycle: the engine's, and the
//! whole crate's (which `layers.rs` also holds to the layers' order).
//!
//! A file uses another when any whole path it names (see `walk.rs`: every
//! `use`, expression, type, pattern, attribute, macro and serde's paths
//! written as strings) lands in the other file's module. A name a module
//! brings in with `use` (public or not: a child reaches its parent's private
//! imports) is followed to the file that defines it, so a facade cannot
//! hide a cycle; a glob import, which cannot be followed, is refused.
//!
//! A file may use its ancestors (`super::Game`): a parent declares its
//! children and holds what they share, and what it uses is not followed
//! through it. Calls of a method are not paths: `Game`'s behaviour, split
//! by topic over many files that call one another's methods, is one type's
//! and is not drawn here.

use std::collections::{BTreeMap, BTreeSet};

use super::walk::reach_of;

/// One file to check: how it is shown, its module path, its source.
pub(crate) struct Source {
    pub(crate) shown: String,
    pub(crate) module: Vec<String>,
    pub(crate) text: String,
}

/// The module, among `modules`, that holds `path`, following imported names.
fn landing(
    path: &[String],
    modules: &BTreeSet<Vec<String>>,
    imported: &BTreeMap<(Vec<String>, String), Vec<String>>,
) -> Option<Vec<String>> {
    let mut path = path.to_vec();
    // A chain of `pub use` is short; the bound stops one that names itself.
    for _ in 0..16 {
        let module = (2..=path.len()).rev().map(|n| path[..n].to_vec()).find(|m| modules.contains(m))?;
        let Some(next) = path.get(module.len()) else { return Some(module) };
        match imported.get(&(module.clone(), next.clone())) {
            Some(target) => path = target.iter().chain(&path[module.len() + 1..]).cloned().collect(),
            None => return Some(module),
        }
    }
    None
}

/// Which file uses which: for each file (by its place in the sources), the
/// files it uses and the first line that does; and each glob import, as
/// the line that says it.
pub(crate) struct Graph {
    pub(crate) uses: Vec<BTreeMap<usize, usize>>,
    pub(crate) globs: Vec<String>,
}

/// Draws which of `sources` uses which.
pub(crate) fn graph(sources: &[Source]) -> Graph {
    let modules: BTreeSet<Vec<String>> = sources.iter().map(|s| s.module.clone()).collect();
    let reaches: Vec<_> =
        sources.iter().map(|s| reach_of(&s.text, &s.module.iter().map(String::as_str).collect::<Vec<_>>())).collect();
    let imported: BTreeMap<(Vec<String>, String), Vec<String>> =
        reaches.iter().flat_map(|r| r.imported.iter().map(|(m, n, t)| ((m.clone(), n.clone()), t.clone()))).collect();
    let index: BTreeMap<&Vec<String>, usize> = sources.iter().enumerate().map(|(i, s)| (&s.module, i)).collect();
    let mut uses: Vec<BTreeMap<usize, usize>> = vec![BTreeMap::new(); sources.len()];
    for (from, reach) in reaches.iter().enumerate() {
        let own = &sources[from].module;
        for (path, line) in &reach.paths {
            let Some(to) = landing(path, &modules, &imported) else { continue };
            if own.starts_with(&to) {
                continue;
            }
            let to = index[&to];
            let first = uses[from].entry(to).or_insert(*line);
            *first = (*first).min(*line);
        }
    }
    let globs = sources
        .iter()
        .zip(&reaches)
        .flat_map(|(s, r)| {
            r.globs
                .iter()
                .map(move |line| format!("{}:{line}: a glob import hides which files it uses: name them", s.shown))
        })
        .collect();
    Graph { uses, globs }
}

/// Each cycle among the files, as lines naming its files and the uses that
/// close it (`file:line uses module`), and each glob import. Empty when
/// there is none.
pub(crate) fn cycles(sources: &[Source]) -> Vec<String> {
    cycles_in(sources, &graph(sources))
}

/// `cycles`, of a graph already drawn.
pub(crate) fn cycles_in(sources: &[Source], graph: &Graph) -> Vec<String> {
    let uses = &graph.uses;
    graph
        .globs
        .iter()
        .cloned()
        .chain(components(uses).into_iter().filter(|c| c.len() > 1).map(|component| {
            let names: Vec<&str> = component.iter().map(|&i| sources[i].shown.as_str()).collect();
            let mut text = format!("a cycle among {}:", names.join(", "));
            for &from in &component {
                for (&to, line) in &uses[from] {
                    if component.contains(&to) {
                        text.push_str(&format!(
                            "\n  {}:{line} uses {}",
                            sources[from].shown,
                            sources[to].module.join("::")
                        ));
                    }
                }
            }
            text
        }))
        .collect()
}

/// The strongly connected components of the graph (Tarjan's algorithm,
/// written without recursion), each sorted.
pub(crate) fn components(edges: &[BTreeMap<usize, usize>]) -> Vec<Vec<usize>> {
    let n = edges.len();
    let mut order = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut found = Vec::new();
    let mut next = 0;
    for start in 0..n {
        if order[start] != usize::MAX {
            continue;
        }
        // Each frame: a node and the place among its edges it has reached.
        let mut frames: Vec<(usize, Vec<usize>, usize)> = vec![(start, edges[start].keys().copied().collect(), 0)];
        order[start] = next;
        low[start] = next;
        next += 1;
        stack.push(start);
        on_stack[start] = true;
        while let Some((v, targets, at)) = frames.last_mut() {
            let v = *v;
            if let Some(&w) = targets.get(*at) {
                *at += 1;
                if order[w] == usize::MAX {
                    order[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    frames.push((w, edges[w].keys().copied().collect(), 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(order[w]);
                }
                continue;
            }
            frames.pop();
            if let Some((parent, _, _)) = frames.last() {
                low[*parent] = low[*parent].min(low[v]);
            }
            if low[v] == order[v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                component.sort_unstable();
                found.push(component);
            }
        }
    }
    found
}
