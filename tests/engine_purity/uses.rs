//! `use` items flattened into whole paths, and the names they bring into a scope.

use std::collections::HashMap;

use syn::{Ident, Item, UseTree};

use super::walk::{cfg_test, line_of, name};

/// One leaf of a flattened `use` tree.
pub(crate) struct UseLeaf {
    /// The path as written, `self` folded into its parent.
    pub(crate) segments: Vec<String>,
    /// The name it is known by in the scope, if any (`_` and globs bring none).
    pub(crate) name: Option<String>,
    pub(crate) renamed: bool,
    pub(crate) glob: bool,
    pub(crate) line: usize,
}

/// Flattens a `use` tree: `use a::{b, c::{self, d as e}, f::*}` gives
/// `a::b`, `a::c`, `a::c::d` (known as `e`) and the glob `a::f::*`.
pub(crate) fn flatten(tree: &UseTree, prefix: &mut Vec<String>, line: usize, out: &mut Vec<UseLeaf>) {
    match tree {
        UseTree::Path(p) => {
            prefix.push(name(&p.ident));
            flatten(&p.tree, prefix, line_of(&p.ident), out);
            prefix.pop();
        }
        UseTree::Name(n) => {
            let (segments, name) = leaf(prefix, &n.ident);
            out.push(UseLeaf { segments, name, renamed: false, glob: false, line: line_of(&n.ident) });
        }
        UseTree::Rename(r) => {
            let (segments, _) = leaf(prefix, &r.ident);
            let name = Some(name(&r.rename)).filter(|n| n != "_");
            out.push(UseLeaf { segments, name, renamed: true, glob: false, line: line_of(&r.ident) });
        }
        UseTree::Glob(_) => {
            out.push(UseLeaf { segments: prefix.clone(), name: None, renamed: false, glob: true, line })
        }
        UseTree::Group(g) => g.items.iter().for_each(|t| flatten(t, prefix, line, out)),
    }
}

/// A leaf's path and the name it brings in; `self` in a group names the group's parent.
fn leaf(prefix: &[String], ident: &Ident) -> (Vec<String>, Option<String>) {
    let mut segments = prefix.to_vec();
    if ident != "self" {
        segments.push(name(ident));
    }
    let name = segments.last().cloned();
    (segments, name)
}

/// The names a module or a block brings in with `use`, and their whole paths as written.
#[derive(Default)]
pub(crate) struct Scope {
    pub(crate) names: HashMap<String, (Vec<String>, bool)>,
    /// A module does not see the names of the module around it; a block does.
    pub(crate) module: bool,
}

impl Scope {
    /// `path` is the whole path of the module the items are in: a `mod x`
    /// among them is the name `x` for `path::x`.
    pub(crate) fn of<'a>(items: impl Iterator<Item = &'a Item>, module: bool, path: &[String]) -> Scope {
        let mut scope = Scope { names: HashMap::new(), module };
        for item in items {
            if let Item::Mod(m) = item
                && !cfg_test(&m.attrs)
            {
                let whole = path.iter().cloned().chain([name(&m.ident)]).collect();
                scope.names.insert(name(&m.ident), (whole, true));
            }
            if let Item::Use(u) = item
                && !cfg_test(&u.attrs)
            {
                let mut leaves = Vec::new();
                flatten(&u.tree, &mut Vec::new(), u.use_token.span.start().line, &mut leaves);
                for l in leaves {
                    if let Some(name) = l.name {
                        scope.names.insert(name, (l.segments, u.leading_colon.is_some()));
                    }
                }
            }
        }
        scope
    }
}
