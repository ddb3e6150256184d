package sema

import (
	"strings"
	"sync"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
)

// index holds the program's lookup tables by name and by path, so that resolving a name costs
// the same whatever the size of the program: a scan of many projects side by side (a monorepo,
// vendored copies of the same library) must cost in proportion to its size, not to its square.
type index struct {
	// bySuffix maps every trailing run of whole path segments of a file's path ("a/b/C.sol",
	// "b/C.sol", "C.sol") to the first file, in load order, whose path ends so.
	bySuffix map[string]*File
	// declared maps a file and a name to the first contract of that name the file declares.
	declared map[declKey]*Contract
	// fileUsingsFor maps a function name to the file-level using directives of every file, in
	// load order, that may bind a function of that name: those naming it, and those binding a
	// library (any library of that name) that declares it.
	fileUsingsFor map[string][]*ast.UsingDecl
	// freeByName and freeByFile index the free functions, in declaration order.
	freeByName map[string][]*Function
	freeByFile map[*File][]*Function
	// taken lists the functions the program names as values (internal function pointers may
	// hold them), in load order.
	taken []*Function
	// noReturn holds the functions that never return (computeNoReturn); read-only once the
	// model is built.
	noReturn map[*Function]bool
	// mayHalt holds the functions that may end the whole call without reverting.
	mayHalt map[*Function]bool

	// lookups caches LookupContract's answers per importing file, once the imports are known
	// (detectors ask concurrently, hence the lock).
	mu      sync.Mutex
	lookups map[*File]map[string]*Contract
}

type declKey struct {
	file *File
	name string
}

// indexPaths fills bySuffix from the loaded files.
func (p *Program) indexPaths() {
	p.idx.bySuffix = map[string]*File{}
	for _, f := range p.Files {
		rest := f.Path
		for {
			if _, ok := p.idx.bySuffix[rest]; !ok {
				p.idx.bySuffix[rest] = f
			}
			i := strings.IndexByte(rest, '/')
			if i < 0 {
				break
			}
			rest = rest[i+1:]
		}
	}
}

// fileEndingWith returns the first file whose path is clean or ends with "/"+clean.
func (p *Program) fileEndingWith(clean string) *File {
	return p.idx.bySuffix[clean]
}

// indexDecls fills the using and free function indexes, once the free functions are built.
func (p *Program) indexDecls() {
	p.idx.fileUsingsFor = map[string][]*ast.UsingDecl{}
	for _, f := range p.Files {
		for _, d := range f.AST.Decls {
			if u, ok := d.(*ast.UsingDecl); ok {
				p.indexFileUsing(u)
			}
		}
	}
	p.idx.freeByName = map[string][]*Function{}
	p.idx.freeByFile = map[*File][]*Function{}
	for _, fn := range p.Free {
		p.idx.freeByName[fn.Name] = append(p.idx.freeByName[fn.Name], fn)
		p.idx.freeByFile[fn.File] = append(p.idx.freeByFile[fn.File], fn)
	}
}

// indexFileUsing adds u under every function name it may bind (once per name).
func (p *Program) indexFileUsing(u *ast.UsingDecl) {
	names := map[string]bool{}
	if u.Library != nil && len(u.Library.Names) > 0 {
		for _, lib := range p.byName[u.Library.Names[len(u.Library.Names)-1].Name] {
			for _, fn := range lib.Functions {
				names[fn.Name] = true
			}
		}
	}
	for _, s := range u.Functions {
		if len(s.Name.Names) > 0 {
			names[s.Name.Names[len(s.Name.Names)-1].Name] = true
		}
	}
	for name := range names {
		p.idx.fileUsingsFor[name] = append(p.idx.fileUsingsFor[name], u)
	}
}

// FreeIn returns the free functions declared in file f, in declaration order.
func (p *Program) FreeIn(f *File) []*Function { return p.idx.freeByFile[f] }

// cachedLookup returns LookupContract's cached answer for name from file, if any.
func (p *Program) cachedLookup(name string, from *File) (*Contract, bool) {
	if p.idx.lookups == nil {
		return nil, false // imports still being resolved
	}
	p.idx.mu.Lock()
	defer p.idx.mu.Unlock()
	c, ok := p.idx.lookups[from][name]
	return c, ok
}

// cacheLookup records LookupContract's answer for name from file.
func (p *Program) cacheLookup(name string, from *File, c *Contract) {
	if p.idx.lookups == nil {
		return
	}
	p.idx.mu.Lock()
	defer p.idx.mu.Unlock()
	m := p.idx.lookups[from]
	if m == nil {
		m = map[string]*Contract{}
		p.idx.lookups[from] = m
	}
	m[name] = c
}
