package model

import (
	"sort"
	"sync"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// Program is the analysed view of one crate's sources.
type Program struct {
	Fset  *token.FileSet
	Files []*File

	// Functions lists every fn with a body: free functions, methods and
	// functions nested in modules, in source order.
	Functions []*Function
	// Anchor holds the #[program] modules (usually one).
	Anchor []*AnchorProgram
	// Accounts lists #[derive(Accounts)] structs.
	Accounts []*AccountsStruct
	// Data lists account data types: #[account] structs (with a
	// discriminator), #[account(zero_copy)], and plain Borsh or Pack
	// structs (without one).
	Data []*DataStruct
	// Entrypoints lists native entrypoint!(...) declarations.
	Entrypoints []*Entrypoint

	structs        map[string]structAt
	packTypes      map[string]bool
	packLens       map[string]int
	accountsByName map[string]*AccountsStruct
	funcsByName    map[string][]*Function
	fileOf         map[*ast.File]*File
}

// Function is one function with a body.
type Function struct {
	Name   string
	Decl   *ast.FnItem
	File   *File
	Module string // module path: "crate::state", "crate::vault" for #[program] mod vault
	// SelfType and Trait are set for methods: impl Trait for SelfType.
	SelfType string
	Trait    string

	calls func() []*Call             // Calls of the body, listed once
	lets  func() map[string]ast.Expr // Lets of the body, listed once
}

// Lets maps the function's locals to their initializers (see the package function Lets),
// listed once. Callers must not change the map.
func (f *Function) Lets() map[string]ast.Expr {
	if f.lets == nil {
		return Lets(f.Decl.Body)
	}
	return f.lets()
}

// Calls lists the calls in the function's body (see the package function Calls), walking the
// body once however many detectors and callers ask: helpers are followed from every call
// site, and a fresh walk each time made the walks, not the checks, the cost of a scan.
// Callers must not change the list.
func (f *Function) Calls() []*Call {
	if f.calls == nil {
		return Calls(f.Decl.Body) // a Function not built by Analyze
	}
	return f.calls()
}

// Pos returns the function's position.
func (f *Function) Pos() token.Pos { return f.Decl.Pos() }

// Analyze builds the program model of a crate's files.
func Analyze(fset *token.FileSet, files []*File) *Program {
	p := &Program{
		Fset:           fset,
		Files:          files,
		accountsByName: map[string]*AccountsStruct{},
		structs:        map[string]structAt{},
		packTypes:      map[string]bool{},
		packLens:       map[string]int{},
		funcsByName:    map[string][]*Function{},
		fileOf:         map[*ast.File]*File{},
	}
	for _, f := range files {
		p.fileOf[f.AST] = f
		f.imports = f.Imports()
		p.items(f, f.Module, f.AST.Items, nil)
	}
	p.markPack()
	for _, fn := range p.Functions {
		if as := p.accountsByName[fn.SelfType]; as != nil && fn.SelfType != "" {
			as.Methods = append(as.Methods, fn)
		}
	}
	for _, ap := range p.Anchor {
		for _, h := range ap.Handlers {
			h.Accounts = p.accountsByName[h.AccountsType]
			h.Delegates = p.delegates(h)
		}
	}
	for _, e := range p.Entrypoints {
		if fs := p.funcsByName[e.Name]; len(fs) > 0 {
			e.Func = fs[0]
		}
	}
	return p
}

// AnalyzeCrate is Analyze over a loaded crate.
func AnalyzeCrate(fset *token.FileSet, c *Crate) *Program { return Analyze(fset, c.Files) }

func (p *Program) items(f *File, module string, items []ast.Item, impl *ast.ImplItem) {
	for _, it := range items {
		switch it := it.(type) {
		case *ast.FnItem:
			if it.Body == nil {
				continue
			}
			fn := &Function{Name: it.Name.Name, Decl: it, File: f, Module: module}
			fn.calls = sync.OnceValue(func() []*Call { return Calls(it.Body) })
			fn.lets = sync.OnceValue(func() map[string]ast.Expr { return Lets(it.Body) })
			if impl != nil {
				fn.SelfType = typeName(impl.SelfType)
				if impl.Trait != nil {
					fn.Trait = impl.Trait.String()
				}
			}
			p.Functions = append(p.Functions, fn)
			p.funcsByName[fn.Name] = append(p.funcsByName[fn.Name], fn)
			// Items nested in function bodies (helper fns, structs) count too.
			p.nestedItems(f, module, it.Body)
		case *ast.ModItem:
			sub := module + "::" + it.Name.Name
			start := len(p.Functions)
			p.items(f, sub, it.Items, nil)
			if HasAttr(it.Attrs, "program") {
				p.anchorProgram(f, it, p.Functions[start:])
			}
		case *ast.ImplItem:
			if it.Trait != nil && it.Trait.Last().Name.Name == "Pack" {
				p.packTypes[typeName(it.SelfType)] = true
				for _, sub := range it.Items {
					if c, ok := sub.(*ast.ConstItem); ok && c.Name != nil && c.Name.Name == "LEN" {
						if lit, ok := c.Value.(*ast.LitExpr); ok && lit.Kind == token.INT {
							p.packLens[typeName(it.SelfType)] = atoiPrefix(lit.Value)
						}
					}
				}
			}
			p.items(f, module, it.Items, it)
		case *ast.TraitItem:
			p.items(f, module, it.Items, nil)
		case *ast.StructItem:
			p.structItem(f, module, it)
		case *ast.MacroItem:
			p.macroItem(f, it)
		}
	}
}

func (p *Program) nestedItems(f *File, module string, body *ast.BlockExpr) {
	for _, s := range body.Stmts {
		if is, ok := s.(*ast.ItemStmt); ok {
			p.items(f, module, []ast.Item{is.Item}, nil)
		}
	}
}

type structAt struct {
	item   *ast.StructItem
	file   *File
	module string
}

// markPack records structs that implement Pack as fixed-layout data.
func (p *Program) markPack() {
	names := make([]string, 0, len(p.packTypes))
	for name := range p.packTypes {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if d := p.DataStruct(name); d != nil {
			if d.Kind == DataBorsh {
				d.Kind = DataPack
			}
			d.PackLen = p.packLens[name]
			continue
		}
		if s, ok := p.structs[name]; ok {
			ds := &DataStruct{Name: name, Item: s.item, File: s.file, Module: s.module, Kind: DataPack, PackLen: p.packLens[name]}
			for _, fld := range s.item.Fields {
				if fld.Name != nil && tagFieldNames[fld.Name.Name] {
					ds.TagField = fld.Name.Name
					break
				}
			}
			p.Data = append(p.Data, ds)
		}
	}
}

func (p *Program) structItem(f *File, module string, it *ast.StructItem) {
	if _, ok := p.structs[it.Name.Name]; !ok {
		p.structs[it.Name.Name] = structAt{item: it, file: f, module: module}
	}
	if HasDerive(it.Attrs, "Accounts") {
		as := p.accountsStruct(f, it)
		p.Accounts = append(p.Accounts, as)
		if _, dup := p.accountsByName[as.Name]; !dup {
			p.accountsByName[as.Name] = as
		}
		return
	}
	if ds := dataStruct(f, module, it); ds != nil {
		p.Data = append(p.Data, ds)
	}
}

// Modules lists the module paths of the program: one per file and one per
// inline mod block, sorted.
func (p *Program) Modules() []string {
	seen := map[string]bool{}
	for _, f := range p.Files {
		seen[f.Module] = true
	}
	for _, fn := range p.Functions {
		seen[fn.Module] = true
	}
	for _, f := range p.Files {
		var walk func(prefix string, items []ast.Item)
		walk = func(prefix string, items []ast.Item) {
			for _, it := range items {
				if m, ok := it.(*ast.ModItem); ok {
					sub := prefix + "::" + m.Name.Name
					if m.Inline {
						seen[sub] = true
					}
					walk(sub, m.Items)
				}
			}
		}
		walk(f.Module, f.AST.Items)
	}
	out := make([]string, 0, len(seen))
	for m := range seen {
		out = append(out, m)
	}
	sort.Strings(out)
	return out
}

// AccountsStruct returns the #[derive(Accounts)] struct named name.
func (p *Program) AccountsStruct(name string) *AccountsStruct { return p.accountsByName[name] }

// FunctionsNamed returns the functions with the given name.
func (p *Program) FunctionsNamed(name string) []*Function { return p.funcsByName[name] }

// FileOf returns the model file holding a syntax tree file.
func (p *Program) FileOf(f *ast.File) *File { return p.fileOf[f] }

// Position resolves a position.
func (p *Program) Position(pos token.Pos) token.Position { return p.Fset.Position(pos) }

// Source returns the source text of a node, or "" when the node is not
// from one of the program's files.
func (p *Program) Source(n ast.Node) string {
	if n == nil {
		return ""
	}
	tf := p.Fset.File(n.Pos())
	if tf == nil {
		return ""
	}
	for _, f := range p.Files {
		if f.AST.Pos() == token.Pos(tf.Base()) {
			from, to := tf.Offset(n.Pos()), tf.Offset(n.End())
			if from <= to && to <= len(f.Src) {
				return string(f.Src[from:to])
			}
		}
	}
	return ""
}

// typeName returns the last path segment name of a type (through
// references and Box-free wrappers), or "".
func typeName(t ast.Type) string {
	switch t := t.(type) {
	case *ast.PathType:
		if s := t.Path.Last(); s != nil {
			return s.Name.Name
		}
	case *ast.RefType:
		return typeName(t.Elem)
	case *ast.ParenType:
		return typeName(t.Elem)
	}
	return ""
}

// delegates finds functions called from a handler that take a Context of
// the same accounts type.
func (p *Program) delegates(h *Handler) []*Function {
	var out []*Function
	seen := map[*Function]bool{h.Func: true}
	for _, c := range Calls(h.Func.Decl.Body) {
		if c.Macro || c.Method != "" {
			continue
		}
		for _, fn := range p.funcsByName[c.Name()] {
			if seen[fn] || len(fn.Decl.Params) == 0 {
				continue
			}
			if t, ok := contextAccountsType(fn.Decl.Params[0].Type); ok && t == h.AccountsType {
				seen[fn] = true
				out = append(out, fn)
			}
		}
	}
	return out
}

// FieldType classifies the type of field of the crate's struct named
// structName (an Accounts struct or a plain struct that bundles accounts
// for helper code), or reports false.
func (p *Program) FieldType(structName, field string) (AccountType, *Constraints, bool) {
	if as := p.accountsByName[structName]; as != nil {
		if f := as.Field(field); f != nil {
			return f.Type, f.Constraints, true
		}
		return AccountType{}, nil, false
	}
	s, ok := p.structs[structName]
	if !ok {
		return AccountType{}, nil, false
	}
	for _, f := range s.item.Fields {
		if f.Name != nil && f.Name.Name == field {
			return ClassifyType(f.Type), &Constraints{}, true
		}
	}
	return AccountType{}, nil, false
}
