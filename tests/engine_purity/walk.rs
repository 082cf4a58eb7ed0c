//! One file's syntax tree walked: every path made whole and held against
//! the lists in `main.rs`.

use proc_macro2::{Spacing, TokenStream, TokenTree};
use syn::ext::IdentExt;
use syn::punctuated::Punctuated;
use syn::visit::{self, Visit};
use syn::{Attribute, Ident, Item, Meta};

use super::uses::{Scope, flatten};
use super::{FORBIDDEN_CRATES, FORBIDDEN_MACROS, FORBIDDEN_NAMES, FORBIDDEN_PATHS, OUTER_LAYERS};

/// One thing the engine may not do, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Violation {
    pub(crate) line: usize,
    pub(crate) what: String,
}

/// Whether a `cfg` predicate holds only when compiling tests: `test`, or an
/// `all(...)` with such a predicate among its parts.
fn test_only_predicate(meta: &Meta) -> bool {
    match meta {
        Meta::Path(p) => p.is_ident("test"),
        Meta::List(list) if list.path.is_ident("all") => list
            .parse_args_with(Punctuated::<Meta, syn::Token![,]>::parse_terminated)
            .is_ok_and(|parts| parts.iter().any(test_only_predicate)),
        _ => false,
    }
}

/// Whether these attributes make their item exist only in test builds.
pub(crate) fn cfg_test(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| a.path().is_ident("cfg") && a.parse_args::<Meta>().is_ok_and(|m| test_only_predicate(&m)))
}

fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

/// An identifier as the compiler resolves it: `r#std` is `std`.
pub(crate) fn name(ident: &Ident) -> String {
    ident.unraw().to_string()
}

pub(crate) fn line_of(ident: &Ident) -> usize {
    ident.span().start().line
}

/// Walks one file's syntax tree and collects what it may not do.
struct Checker {
    /// The module being walked: `crate::engine::...`.
    module: Vec<String>,
    scopes: Vec<Scope>,
    found: Vec<Violation>,
    /// Every whole path into the crate, with its line: what the file uses.
    reached: Vec<(Vec<String>, usize)>,
    /// The names a module brings in with `use`, public or not (a child
    /// reaches its parent's private imports with `super::`): the module,
    /// the name, what it names.
    imported: Vec<(Vec<String>, String, Vec<String>)>,
    /// The lines of glob imports (`use x::*`), whose names cannot be followed.
    globs: Vec<usize>,
}

impl Checker {
    fn new(module: &[&str]) -> Checker {
        Checker {
            module: module.iter().map(ToString::to_string).collect(),
            scopes: Vec::new(),
            found: Vec::new(),
            reached: Vec::new(),
            imported: Vec::new(),
            globs: Vec::new(),
        }
    }

    fn lookup(&self, name: &str) -> Option<&(Vec<String>, bool)> {
        for scope in self.scopes.iter().rev() {
            if let Some(found) = scope.names.get(name) {
                return Some(found);
            }
            if scope.module {
                break;
            }
        }
        None
    }

    /// A path made whole: `super::` and `self::` from the module, a name
    /// brought in by `use` replaced by what it names, `hexpatrol::` as `crate::`.
    fn resolve(&self, segments: &[String], leading_colon: bool) -> Vec<String> {
        let mut path = segments.to_vec();
        let mut absolute = leading_colon;
        // Each round replaces the first segment; a chain of names is short,
        // and the bound stops a name that (wrongly) names itself.
        for _ in 0..16 {
            let Some(first) = path.first().cloned() else { break };
            if absolute {
                break;
            }
            match first.as_str() {
                "crate" => break,
                "self" => {
                    path.splice(0..1, self.module.iter().cloned());
                    break;
                }
                "super" => {
                    let ups = path.iter().take_while(|s| *s == "super").count();
                    let keep = self.module.len().saturating_sub(ups).max(1);
                    path.splice(0..ups, self.module[..keep].iter().cloned());
                    break;
                }
                _ => match self.lookup(&first) {
                    Some((target, colon)) if target.first() != Some(&first) || *colon => {
                        path.splice(0..1, target.iter().cloned());
                        absolute = *colon;
                    }
                    _ => break,
                },
            }
        }
        if path.first().is_some_and(|s| s == "hexpatrol") {
            path[0] = "crate".into();
        }
        path
    }

    fn report(&mut self, line: usize, what: String) {
        self.found.push(Violation { line, what });
    }

    /// Holds a whole path against the lists. `import` is a path named by a
    /// `use` or as a macro, where one segment alone can be a crate; in an
    /// expression, one segment alone is a local name.
    fn check(&mut self, path: &[String], line: usize, import: bool, glob: bool) {
        if path.len() > 1 && path[0] == "crate" {
            self.reached.push((path.to_vec(), line));
        }
        let shown = path.join("::") + if glob { "::*" } else { "" };
        let rules = FORBIDDEN_PATHS
            .iter()
            .map(|r| r.split("::").map(str::to_string).collect::<Vec<_>>())
            .chain(OUTER_LAYERS.iter().map(|l| vec!["crate".to_string(), l.to_string()]));
        for rule in rules {
            let under = path.starts_with(&rule);
            // A glob over a module that holds something forbidden brings it in.
            let brings = glob && rule.len() > path.len() && rule.starts_with(path);
            if under || brings {
                self.report(line, format!("{shown} reaches {}", rule.join("::")));
            }
        }
        if let Some(first) = path.first()
            && (import || path.len() > 1)
            && FORBIDDEN_CRATES.contains(&first.as_str())
        {
            self.report(line, format!("{shown} uses the crate {first}"));
        }
        if let Some(name) = path.iter().find(|s| FORBIDDEN_NAMES.contains(&s.as_str())) {
            self.report(line, format!("{shown} names {name}"));
        }
    }

    fn check_path(&mut self, path: &syn::Path, import: bool) {
        let Some(first) = path.segments.first() else { return };
        let segments: Vec<String> = path.segments.iter().map(|s| name(&s.ident)).collect();
        let whole = self.resolve(&segments, path.leading_colon.is_some());
        self.check(&whole, line_of(&first.ident), import, false);
    }

    fn check_macro_name(&mut self, name: &str, line: usize) {
        if FORBIDDEN_MACROS.contains(&name) {
            self.report(line, format!("{name}!"));
        }
    }

    /// A macro's tokens are not parsed by syn; every path among them is
    /// checked, and every `name!` taken for a macro call.
    fn scan_tokens(&mut self, tokens: TokenStream) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let is_colon = |t: Option<&TokenTree>, joint: bool| matches!(t, Some(TokenTree::Punct(p)) if p.as_char() == ':' && (!joint || p.spacing() == Spacing::Joint));
        let mut i = 0;
        while i < tokens.len() {
            let leading_colon = is_colon(tokens.get(i), true) && is_colon(tokens.get(i + 1), false);
            let start = if leading_colon { i + 2 } else { i };
            match tokens.get(start) {
                Some(TokenTree::Ident(first)) => {
                    let line = line_of(first);
                    let mut segments = vec![name(first)];
                    let mut j = start + 1;
                    while is_colon(tokens.get(j), true) && is_colon(tokens.get(j + 1), false) {
                        let Some(TokenTree::Ident(next)) = tokens.get(j + 2) else { break };
                        segments.push(name(next));
                        j += 3;
                    }
                    let whole = self.resolve(&segments, leading_colon);
                    // `name!` calls a macro; `!=` and `!x` are not calls.
                    let bang = matches!(tokens.get(j), Some(TokenTree::Punct(p)) if p.as_char() == '!' && p.spacing() == Spacing::Alone);
                    if bang {
                        self.check_macro_name(whole.last().map_or("", String::as_str), line);
                    }
                    self.check(&whole, line, bang, false);
                    i = j;
                }
                Some(TokenTree::Group(g)) if !leading_colon => {
                    self.scan_tokens(g.stream());
                    i += 1;
                }
                _ => i += 1,
            }
        }
    }

    fn enter_module(&mut self, name: Option<&Ident>, items: &[Item]) {
        if let Some(name) = name {
            self.module.push(name.to_string());
        }
        self.scopes.push(Scope::of(items.iter(), true, &self.module));
    }

    fn leave_module(&mut self, named: bool) {
        self.scopes.pop();
        if named {
            self.module.pop();
        }
    }
}

impl<'ast> Visit<'ast> for Checker {
    fn visit_file(&mut self, file: &'ast syn::File) {
        if cfg_test(&file.attrs) {
            return;
        }
        self.enter_module(None, &file.items);
        visit::visit_file(self, file);
        self.leave_module(false);
    }

    fn visit_item(&mut self, item: &'ast Item) {
        if cfg_test(item_attrs(item)) {
            return;
        }
        match item {
            Item::Mod(m) => match &m.content {
                Some((_, items)) => {
                    self.enter_module(Some(&m.ident), items);
                    visit::visit_item_mod(self, m);
                    self.leave_module(true);
                }
                // Its file is checked on its own, with its own module path.
                None => m.attrs.iter().for_each(|a| self.visit_attribute(a)),
            },
            Item::ExternCrate(e) => self.report(line_of(&e.ident), format!("extern crate {}", e.ident)),
            _ => visit::visit_item(self, item),
        }
    }

    fn visit_impl_item(&mut self, item: &'ast syn::ImplItem) {
        let attrs = match item {
            syn::ImplItem::Const(i) => &i.attrs,
            syn::ImplItem::Fn(i) => &i.attrs,
            syn::ImplItem::Type(i) => &i.attrs,
            syn::ImplItem::Macro(i) => &i.attrs,
            _ => return visit::visit_impl_item(self, item),
        };
        if !cfg_test(attrs) {
            visit::visit_impl_item(self, item);
        }
    }

    fn visit_trait_item(&mut self, item: &'ast syn::TraitItem) {
        let attrs = match item {
            syn::TraitItem::Const(i) => &i.attrs,
            syn::TraitItem::Fn(i) => &i.attrs,
            syn::TraitItem::Type(i) => &i.attrs,
            syn::TraitItem::Macro(i) => &i.attrs,
            _ => return visit::visit_trait_item(self, item),
        };
        if !cfg_test(attrs) {
            visit::visit_trait_item(self, item);
        }
    }

    fn visit_foreign_item(&mut self, item: &'ast syn::ForeignItem) {
        let attrs = match item {
            syn::ForeignItem::Fn(i) => &i.attrs,
            syn::ForeignItem::Static(i) => &i.attrs,
            syn::ForeignItem::Type(i) => &i.attrs,
            syn::ForeignItem::Macro(i) => &i.attrs,
            _ => return visit::visit_foreign_item(self, item),
        };
        if !cfg_test(attrs) {
            visit::visit_foreign_item(self, item);
        }
    }

    fn visit_block(&mut self, block: &'ast syn::Block) {
        let items = block.stmts.iter().filter_map(|s| if let syn::Stmt::Item(i) = s { Some(i) } else { None });
        self.scopes.push(Scope::of(items, false, &self.module));
        visit::visit_block(self, block);
        self.scopes.pop();
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let mut leaves = Vec::new();
        flatten(&u.tree, &mut Vec::new(), u.use_token.span.start().line, &mut leaves);
        for l in leaves {
            let whole = self.resolve(&l.segments, u.leading_colon.is_some());
            if l.renamed && (whole == ["std"] || whole == ["core"]) {
                self.report(l.line, format!("{} renamed", whole[0]));
            }
            self.check(&whole, l.line, true, l.glob);
            if l.glob {
                // A glob of another crate (`rayon::prelude::*`) brings in none of this one's names.
                if whole.first().is_some_and(|s| s == "crate") {
                    self.globs.push(l.line);
                }
            } else if let Some(name) = l.name {
                self.imported.push((self.module.clone(), name, whole));
            }
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.check_path(path, false);
        visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.check_path(&mac.path, true);
        if let Some(last) = mac.path.segments.last() {
            self.check_macro_name(&name(&last.ident), line_of(&last.ident));
        }
        self.scan_tokens(mac.tokens.clone());
    }

    fn visit_meta_list(&mut self, list: &'ast syn::MetaList) {
        visit::visit_meta_list(self, list);
        self.scan_tokens(list.tokens.clone());
        // `#[serde(default = "super::data::yes")]`: a path written as a string.
        for token in list.tokens.clone() {
            if let TokenTree::Literal(lit) = token
                && let Ok(syn::Lit::Str(text)) = syn::parse_str::<syn::Lit>(&lit.to_string())
                && let Ok(path) = text.parse::<syn::Path>()
                && path.segments.len() > 1
            {
                let segments: Vec<String> = path.segments.iter().map(|s| name(&s.ident)).collect();
                let whole = self.resolve(&segments, path.leading_colon.is_some());
                self.check(&whole, lit.span().start().line, false, false);
            }
        }
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        let name = name(&call.method);
        if FORBIDDEN_NAMES.contains(&name.as_str()) {
            self.report(line_of(&call.method), format!(".{name}()"));
        }
        visit::visit_expr_method_call(self, call);
    }
}

/// Checks one file's source as the module `module` (`["crate", "engine", ...]`).
pub(crate) fn check_source(source: &str, module: &[&str]) -> Vec<Violation> {
    match syn::parse_file(source) {
        Ok(file) => {
            let mut checker = Checker::new(module);
            checker.visit_file(&file);
            checker.found
        }
        Err(e) => {
            vec![Violation { line: e.span().start().line, what: format!("does not parse, so cannot be checked: {e}") }]
        }
    }
}

/// What one file uses of the crate, the names its modules import, and
/// where it imports by glob.
pub(crate) struct Reach {
    pub(crate) paths: Vec<(Vec<String>, usize)>,
    pub(crate) imported: Vec<(Vec<String>, String, Vec<String>)>,
    pub(crate) globs: Vec<usize>,
}

/// Walks one file's source as the module `module` for what it uses of the
/// crate. A file that does not parse uses nothing (`check_source` reports it).
pub(crate) fn reach_of(source: &str, module: &[&str]) -> Reach {
    let mut checker = Checker::new(module);
    if let Ok(file) = syn::parse_file(source) {
        checker.visit_file(&file);
    }
    Reach { paths: checker.reached, imported: checker.imported, globs: checker.globs }
}
