package sema

import (
	"bytes"
	"path"
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/parser"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// SourceFile is one file handed to Load.
type SourceFile struct {
	Path       string // slash-separated, relative to the workspace root
	Src        []byte
	Dependency bool
	// Compiler is the exact compiler version the file was built with, when known (verified
	// on-chain sources: "0.8.20" or "v0.8.20+commit.a1b79de6"). It narrows the pragma's range,
	// so that version-dependent rules follow what was deployed.
	Compiler string
}

// Remapping maps an import prefix to a folder, as Foundry and solc do (@oz/=lib/oz/contracts/).
type Remapping struct {
	Prefix, Target string
}

// Diagnostic is a problem found while building the model: a syntax error, an unresolved
// import, an inheritance problem. None of them stops the analysis.
type Diagnostic struct {
	Pos token.Position
	Msg string
	// Budget names the analysis budget the code went past (BudgetCFGNodes, ...), "" for other
	// problems. Such code is not analysed, so the scan is incomplete; Contract and Function
	// name it.
	Budget             string
	Contract, Function string
	// Unresolved names what the model could not find, "import" or "base contract" ("" for
	// other problems): the code it would bring is not analysed, so the scan is incomplete.
	Unresolved string
}

// What a Diagnostic's Unresolved names.
const (
	UnresolvedImport = "import"
	UnresolvedBase   = "base contract"
)

func (d Diagnostic) String() string { return d.Pos.String() + ": " + d.Msg }

// Program is the semantic model of a set of source files.
type Program struct {
	Fset        *token.FileSet
	Files       []*File
	Contracts   []*Contract // in file and source order
	Free        []*Function // free functions
	Constants   []*Var      // file-level constants
	Diagnostics []Diagnostic

	byPath    map[string]*File
	byName    map[string][]*Contract
	fileTypes map[string][]fileDecl
	trees     inspect.Cache // flattened trees shared by the detectors (Inspector)
	budget    Budget
	workers   int    // LoadOptions.Workers
	idx       index  // lookup tables by name and path
	memo      memo   // whole-program facts (Memo), dropped with the program
	strays    strays // holders whose facts were computed again after ReleaseFacts
}

type fileDecl struct {
	file *File
	decl ast.Decl
}

// Load parses the sources and builds the model, with the default budget, on every processor.
func Load(sources []SourceFile, remappings []Remapping) *Program {
	return LoadWith(sources, remappings, LoadOptions{Budget: DefaultBudget})
}

// LoadBudget is Load with the given analysis budget.
func LoadBudget(sources []SourceFile, remappings []Remapping, budget Budget) *Program {
	return LoadWith(sources, remappings, LoadOptions{Budget: budget})
}

// LoadOptions configure LoadWith.
type LoadOptions struct {
	Budget Budget
	// Workers is how many files or functions are analysed at once (0: one per processor).
	// The model is the same whatever the number.
	Workers int
	// Parsed, when set, is told as each file is parsed (from the parsing goroutines, at once),
	// so that a caller can show parsing progress; Path names the file.
	Parsed func(path string)
	// Reuse is an earlier program (of another revision of the same code base) whose syntax
	// trees are taken for the files whose path and content are the same, instead of parsing
	// them again. Syntax trees are never changed once parsed, so both programs may use them.
	Reuse *Program
}

// LoadWith parses the sources and builds the model. Files are parsed, and functions resolved,
// in parallel; positions, diagnostics and every list of the model keep the sources' order.
func LoadWith(sources []SourceFile, remappings []Remapping, opts LoadOptions) *Program {
	p := &Program{
		budget:    opts.Budget,
		workers:   opts.Workers,
		Fset:      token.NewFileSet(),
		byPath:    map[string]*File{},
		byName:    map[string][]*Contract{},
		fileTypes: map[string][]fileDecl{},
	}
	sort.Slice(sources, func(i, j int) bool { return sources[i].Path < sources[j].Path })
	p.parse(sources, opts.Parsed, opts.Reuse)
	p.indexPaths()
	p.idx.declared = map[declKey]*Contract{}
	for _, f := range p.Files {
		p.declareFile(f)
	}
	for _, f := range p.Files {
		p.resolveImports(f, remappings)
	}
	p.idx.lookups = map[*File]map[string]*Contract{} // imports known: lookups may be cached
	for _, c := range p.Contracts {
		p.resolveBases(c)
	}
	for _, c := range p.Contracts {
		p.linearize(c, map[*Contract]bool{})
	}
	for _, c := range p.Contracts {
		declareTypes(c) // every contract's types first: a member's type may be a base's struct
	}
	for _, c := range p.Contracts {
		p.buildMembers(c)
	}
	for _, c := range p.Contracts {
		p.resolveModifiers(c)
	}
	for _, f := range p.Files {
		p.buildFreeFunctions(f)
	}
	p.indexDecls()
	p.analyzeFunctions()
	p.checkFunctionBudgets()
	return p
}

// parse parses the sources, in parallel, into p.Files; the files take their positions in the
// sources' order, before any is parsed. A file reuse holds with the same content keeps reuse's
// tree and positions (adopted first, so that new files' positions come after them).
func (p *Program) parse(sources []SourceFile, parsed func(string), reuse *Program) {
	tfs := make([]*token.File, len(sources))
	trees := make([]*ast.File, len(sources))
	errs := make([]parser.ErrorList, len(sources))
	if reuse != nil {
		for i, s := range sources {
			if old := reuse.byPath[s.Path]; old != nil && bytes.Equal(old.Src, s.Src) {
				tfs[i], trees[i], errs[i] = old.TokFile, old.AST, reuse.syntaxErrors(old)
				p.Fset.Adopt(old.TokFile)
			}
		}
	}
	for i, s := range sources {
		if tfs[i] == nil {
			tfs[i] = p.Fset.AddFile(s.Path, len(s.Src))
		}
	}
	forEach(p.workers, len(sources), func(i int) {
		if trees[i] == nil {
			trees[i], errs[i] = parser.ParseFileAt(tfs[i], sources[i].Src)
		}
		if parsed != nil {
			parsed(sources[i].Path)
		}
	})
	for i, s := range sources {
		for _, e := range errs[i] {
			p.Diagnostics = append(p.Diagnostics, Diagnostic{Pos: e.Pos, Msg: "syntax error: " + e.Msg})
		}
		file := &File{Path: s.Path, AST: trees[i], Src: s.Src, TokFile: tfs[i], Version: AnyVersion, Dependency: s.Dependency,
			compiler: s.Compiler}
		p.Files = append(p.Files, file)
		p.byPath[s.Path] = file
	}
}

// syntaxErrors returns the syntax errors parsing f reported, as the parser listed them.
func (p *Program) syntaxErrors(f *File) parser.ErrorList {
	var out parser.ErrorList
	for _, d := range p.Diagnostics {
		if d.Pos.Filename == f.Path && strings.HasPrefix(d.Msg, "syntax error: ") {
			out = append(out, &parser.Error{Pos: d.Pos, Msg: strings.TrimPrefix(d.Msg, "syntax error: ")})
		}
	}
	return out
}

func (p *Program) diag(f *File, pos token.Pos, msg string) {
	p.Diagnostics = append(p.Diagnostics, Diagnostic{Pos: p.Fset.Position(pos), Msg: msg})
}

// FileOf returns the file holding pos.
func (p *Program) FileOf(pos token.Pos) *File {
	tf := p.Fset.File(pos)
	if tf == nil {
		return nil
	}
	return p.byPath[tf.Name()]
}

// File returns the file at a workspace path.
func (p *Program) File(path string) *File { return p.byPath[path] }

// declareFile records the file's version range, contracts and file-level types.
func (p *Program) declareFile(f *File) {
	defer func() {
		if v, ok := exactVersion(f.compiler); ok {
			f.Version = VersionRange{Min: v, Max: Version{v.Major, v.Minor, v.Patch + 1}, Known: true}
		}
	}()
	for _, d := range f.AST.Decls {
		switch d := d.(type) {
		case *ast.PragmaDecl:
			if r, ok := ParsePragma(d.Text); ok {
				f.Version = r
			}
		case *ast.ContractDecl:
			c := &Contract{Name: d.Name.Name, Decl: d, File: f, Kind: d.Kind}
			f.Contracts = append(f.Contracts, c)
			p.Contracts = append(p.Contracts, c)
			p.byName[c.Name] = append(p.byName[c.Name], c)
			if k := (declKey{f, c.Name}); p.idx.declared[k] == nil {
				p.idx.declared[k] = c
			}
		case *ast.StructDecl:
			p.fileTypes[d.Name.Name] = append(p.fileTypes[d.Name.Name], fileDecl{f, d})
		case *ast.EnumDecl:
			p.fileTypes[d.Name.Name] = append(p.fileTypes[d.Name.Name], fileDecl{f, d})
		case *ast.UserTypeDecl:
			p.fileTypes[d.Name.Name] = append(p.fileTypes[d.Name.Name], fileDecl{f, d})
		}
	}
}

// resolveImports resolves each import of f to a file of the program: relative paths against the
// importing file, then remappings, then the path from the root, node_modules/ and lib/, then any
// file whose path ends with the import path (flattened or re-rooted layouts).
func (p *Program) resolveImports(f *File, remappings []Remapping) {
	for _, d := range f.AST.Decls {
		imp, ok := d.(*ast.ImportDecl)
		if !ok || imp.Path == nil {
			continue
		}
		target := unquote(imp.Path.Value)
		if target == "" {
			continue
		}
		if file := p.findImport(f.Path, target, remappings); file != nil {
			f.Imports = append(f.Imports, file)
		} else {
			p.Diagnostics = append(p.Diagnostics, Diagnostic{Pos: p.Fset.Position(imp.Pos()), Msg: "unresolved import " + imp.Path.Value,
				Unresolved: UnresolvedImport})
		}
	}
}

func (p *Program) findImport(from, target string, remappings []Remapping) *File {
	var candidates []string
	if strings.HasPrefix(target, "./") || strings.HasPrefix(target, "../") {
		candidates = append(candidates, path.Join(path.Dir(from), target))
	} else {
		best := -1
		for i, r := range remappings {
			if strings.HasPrefix(target, r.Prefix) && (best < 0 || len(r.Prefix) > len(remappings[best].Prefix)) {
				best = i
			}
		}
		if best >= 0 {
			r := remappings[best]
			candidates = append(candidates, path.Clean(r.Target+strings.TrimPrefix(target, r.Prefix)))
		}
		candidates = append(candidates, path.Clean(target), "node_modules/"+target, "lib/"+target)
		// Foundry packages: lib/<pkg>/src/... imported as <pkg>/...
		if i := strings.Index(target, "/"); i > 0 {
			candidates = append(candidates, "lib/"+target[:i]+"/src/"+target[i+1:], "lib/"+target[:i]+"/contracts/"+target[i+1:])
		}
	}
	for _, c := range candidates {
		if f := p.byPath[c]; f != nil {
			return f
		}
	}
	// Last resort: a file whose path ends with the import path, then with its base name.
	return p.fileEndingWith(strings.TrimLeft(path.Clean(target), "./"))
}

func unquote(s string) string {
	if len(s) >= 2 {
		return s[1 : len(s)-1]
	}
	return ""
}

// LookupContract finds a contract by name as seen from file: one declared in the file first,
// then in its imports (transitively), then anywhere.
func (p *Program) LookupContract(name string, from *File) *Contract {
	cands := p.byName[name]
	switch len(cands) {
	case 0:
		return p.lookupAlias(name, from)
	case 1:
		return cands[0]
	}
	if from != nil {
		if c, ok := p.cachedLookup(name, from); ok {
			return c
		}
		c := p.lookupFrom(name, from)
		p.cacheLookup(name, from, c)
		return c
	}
	return cands[0]
}

// lookupFrom returns the contract named name declared in from or in the files it imports,
// breadth first (the first so declared in a file, when a file declares two); else the first
// declared anywhere.
func (p *Program) lookupFrom(name string, from *File) *Contract {
	seen := map[*File]bool{}
	queue := []*File{from}
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		if seen[f] {
			continue
		}
		seen[f] = true
		if c := p.idx.declared[declKey{f, name}]; c != nil {
			return c
		}
		queue = append(queue, f.Imports...)
	}
	return p.byName[name][0]
}

func (p *Program) resolveBases(c *Contract) {
	for _, b := range c.Decl.Bases {
		names := b.Name.Names
		base := p.LookupContract(names[len(names)-1].Name, c.File)
		if base == nil || base == c {
			c.UnresolvedBases = true
			p.Diagnostics = append(p.Diagnostics, Diagnostic{Pos: p.Fset.Position(b.Pos()), Msg: "unresolved base contract " + b.Name.String(),
				Unresolved: UnresolvedBase, Contract: c.Name})
			continue
		}
		c.Bases = append(c.Bases, base)
	}
}

// effectiveVisibility fills in the default: public before 0.5 (and when omitted at all).
func effectiveVisibility(v token.Token, kind ast.FuncKind) token.Token {
	if v != token.ILLEGAL {
		return v
	}
	if kind == ast.FuncFallback || kind == ast.FuncReceive {
		return token.EXTERNAL
	}
	return token.PUBLIC
}

func (p *Program) buildMembers(c *Contract) {
	for _, d := range c.Decl.Body {
		switch d := d.(type) {
		case *ast.VarDecl:
			v := &Var{Name: d.Name.Name, Decl: d, Kind: StateVar, Contract: c, Type: p.typeOfTypeExpr(d.Type, c, c.File)}
			c.StateVars = append(c.StateVars, v)
		case *ast.FuncDecl:
			c.Functions = append(c.Functions, p.newFunction(d, c, c.File))
		case *ast.ModifierDecl:
			m := &Function{Name: d.Name.Name, ModDecl: d, Contract: c, File: c.File, IsModifier: true,
				Visibility: token.INTERNAL, Virtual: d.Virtual, Body: d.Body}
			if d.Params != nil {
				m.Params = p.newParams(d.Params.List, ParamVar, m, c)
			}
			m.sig = "modifier " + m.Name
			c.Modifiers = append(c.Modifiers, m)
		case *ast.EventDecl:
			c.Events = append(c.Events, d)
		case *ast.ErrorDecl:
			c.Errors = append(c.Errors, d)
		case *ast.UsingDecl:
			c.Usings = append(c.Usings, d)
		}
	}
}

// declareTypes records the structs, enums and user-defined value types c declares.
func declareTypes(c *Contract) {
	for _, d := range c.Decl.Body {
		switch d := d.(type) {
		case *ast.StructDecl:
			c.Structs = append(c.Structs, d)
		case *ast.EnumDecl:
			c.Enums = append(c.Enums, d)
		case *ast.UserTypeDecl:
			c.UserTypes = append(c.UserTypes, d)
		}
	}
}

func (p *Program) buildFreeFunctions(f *File) {
	for _, d := range f.AST.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			p.Free = append(p.Free, p.newFunction(d, nil, f))
		case *ast.VarDecl:
			p.Constants = append(p.Constants, &Var{Name: d.Name.Name, Decl: d, Kind: FileConstant, Type: p.typeOfTypeExpr(d.Type, nil, f)})
		}
	}
}

func (p *Program) newFunction(d *ast.FuncDecl, c *Contract, file *File) *Function {
	fn := &Function{Decl: d, Contract: c, File: file, Kind: d.Kind, Body: d.Body, Virtual: d.Virtual}
	if d.Name != nil {
		fn.Name = d.Name.Name
	}
	// Before 0.5 a constructor was a function named after its contract, and before 0.6 the
	// fallback was an unnamed function.
	if c != nil && d.Kind == ast.FuncFunction {
		switch {
		case d.Name == nil:
			fn.Kind = ast.FuncFallback
		case d.Name.Name == c.Name && file.Version.MayBeBelow(Version{0, 5, 0}):
			fn.Kind = ast.FuncConstructor
		}
	}
	fn.Visibility = effectiveVisibility(d.Visibility, fn.Kind)
	if fn.Kind == ast.FuncConstructor {
		fn.Visibility = token.PUBLIC
	}
	fn.Mutability = d.Mutability
	if fn.Mutability == token.CONSTANT {
		fn.Mutability = token.VIEW
	}
	fn.Params = p.newParams(d.Params.List, ParamVar, fn, c)
	if d.Returns != nil {
		fn.Returns = p.newParams(d.Returns.List, ReturnVar, fn, c)
	}
	var types []string
	for _, v := range d.Params.List {
		types = append(types, typeText(v.Type))
	}
	fn.sig = fn.Name + "(" + strings.Join(types, ",") + ")"
	if fn.Name == "" {
		fn.sig = fn.Kind.String() + "(" + strings.Join(types, ",") + ")"
	}
	fn.Invocations = append(fn.Invocations, d.Modifiers...)
	return fn
}

// resolveModifiers binds each function's modifier invocations to modifier definitions, once
// every contract's members are known (a modifier may be declared after its users, or in a base).
func (p *Program) resolveModifiers(c *Contract) {
	for _, fn := range c.Functions {
		fn.Modifiers = fn.Modifiers[:0]
		for _, inv := range fn.Invocations {
			fn.Modifiers = append(fn.Modifiers, c.LookupModifier(inv.Name.Names[len(inv.Name.Names)-1].Name))
		}
	}
}

func (p *Program) newParams(list []*ast.VarDecl, kind VarKind, fn *Function, c *Contract) []*Var {
	out := make([]*Var, 0, len(list))
	for i, d := range list {
		v := &Var{Decl: d, Kind: kind, Func: fn, Index: i, Type: p.typeOfTypeExpr(d.Type, c, fn.File)}
		if d.Name != nil {
			v.Name = d.Name.Name
		}
		out = append(out, v)
	}
	return out
}

// typeText renders a type as written, compactly, for signatures.
func typeText(x ast.Expr) string {
	switch t := x.(type) {
	case *ast.ElementaryType:
		return canonicalElementary(t.Name)
	case *ast.IdentPath:
		return t.String()
	case *ast.ArrayType:
		return typeText(t.Elem) + "[]"
	case *ast.MappingType:
		return "mapping(" + typeText(t.Key) + "=>" + typeText(t.Value) + ")"
	case *ast.FuncType:
		return "function"
	}
	return "?"
}

// Functions returns every function and modifier, contracts' first then free ones. The list is
// made once and shared: callers must not modify it.
func (p *Program) Functions() []*Function {
	return Memo(p, functionsKey{}, p.functions)
}

type functionsKey struct{}

func (p *Program) functions() []*Function {
	var out []*Function
	for _, c := range p.Contracts {
		out = append(out, c.Functions...)
		out = append(out, c.Modifiers...)
	}
	out = append(out, p.Free...)
	return out[:len(out):len(out)]
}

// lookupAlias resolves a name an import of from gives another contract (import {Lib as L}
// from "..."): the contract of the original name, as seen from from.
func (p *Program) lookupAlias(name string, from *File) *Contract {
	if from == nil || from.AST == nil {
		return nil
	}
	aliases := Memo(from, importAliasesKey{}, func() map[string]string {
		var out map[string]string
		for _, d := range from.AST.Decls {
			imp, ok := d.(*ast.ImportDecl)
			if !ok {
				continue
			}
			for _, s := range imp.Symbols {
				if s != nil && s.Name != nil && s.Alias != nil && s.Alias.Name != s.Name.Name {
					if out == nil {
						out = map[string]string{}
					}
					out[s.Alias.Name] = s.Name.Name
				}
			}
		}
		return out
	})
	orig, ok := aliases[name]
	if !ok || len(p.byName[orig]) == 0 {
		return nil
	}
	return p.LookupContract(orig, from)
}

type importAliasesKey struct{}
