package layout

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Layout is a contract's storage layout, as solc's `storageLayout` (plus Namespaces).
type Layout struct {
	Storage []Entry `json:"storage"`
	// Types is keyed by type identifier; nil (JSON null, as solc writes) when there is no
	// state variable.
	Types map[string]*Type `json:"types"`
	// Namespaces are the ERC-7201 namespaced structs of the contract and its bases.
	Namespaces []Namespace `json:"namespaces,omitempty"`
}

// Entry is one state variable, or one member of a struct (its slot then relative to the
// struct's first slot).
type Entry struct {
	AstID    int    `json:"astId"`
	Contract string `json:"contract"` // path:Name of the contract laid out
	Label    string `json:"label"`
	Offset   int    `json:"offset"`
	Slot     string `json:"slot"` // decimal
	Type     string `json:"type"` // a key of Types

	// Declared is the contract that declares the variable (for a member: the struct's
	// declaring contract, or "" at file level); Pos where. Not in solc's shape.
	Declared string         `json:"-"`
	Pos      token.Position `json:"-"`
}

// Type describes a type of the layout.
type Type struct {
	Base          string  `json:"base,omitempty"`    // arrays: the element type
	Encoding      string  `json:"encoding"`          // inplace, mapping, dynamic_array, bytes
	Key           string  `json:"key,omitempty"`     // mappings
	Label         string  `json:"label"`             // as written in Solidity: uint256, struct C.S
	Members       []Entry `json:"members,omitempty"` // structs
	NumberOfBytes string  `json:"numberOfBytes"`     // decimal
	Value         string  `json:"value,omitempty"`   // mappings
}

// Namespace is an ERC-7201 namespaced struct: its members live at Slot and after.
type Namespace struct {
	ID       string  `json:"id"`       // erc7201:example.main
	Slot     string  `json:"slot"`     // 0x-prefixed 32-byte hex
	Struct   string  `json:"struct"`   // its label: struct C.MainStorage
	Type     string  `json:"type"`     // a key of Types
	Contract string  `json:"contract"` // path:Name of the declaring contract
	Members  []Entry `json:"members"`  // slots absolute, decimal

	Pos token.Position `json:"-"`
}

// Error is a layout that cannot be computed from the source: an unresolved base or type, a
// length that is not a constant. It names the file and line.
type Error struct {
	Pos token.Position
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// Of computes the storage layout of c in prog.
func Of(prog *sema.Program, c *sema.Contract) (*Layout, error) {
	if c.UnresolvedBases {
		return nil, &Error{prog.Fset.Position(c.Decl.Pos()), fmt.Sprintf("contract %s: a base contract is not in the sources, so its storage is unknown", c.Name)}
	}
	if c.OverBudget != "" || !linearized(prog, c) {
		return nil, &Error{prog.Fset.Position(c.Decl.Pos()), fmt.Sprintf("contract %s: its inheritance cannot be linearized", c.Name)}
	}
	b := newBuilder(prog, c)
	out := &Layout{Storage: []Entry{}}
	if c.IsInterface() || c.IsLibrary() {
		return out, nil
	}
	var vars []*sema.Var
	for i := len(c.Linearization) - 1; i >= 0; i-- {
		for _, v := range c.Linearization[i].StateVars {
			if v.Decl != nil && !v.Decl.Constant && !v.Decl.Immutable && !v.Decl.Transient {
				vars = append(vars, v)
			}
		}
	}
	base := new(big.Int)
	if c.Decl.Layout != nil {
		base = prog.ConstValue(c.Decl.Layout, c)
		if base == nil {
			return nil, b.errorf(c.Decl.Layout.Pos(), "contract %s: the `layout at` base is not a constant this scanner can evaluate", c.Name)
		}
	}
	var types []*typ
	for _, v := range vars {
		t, err := b.typeOf(v.Decl.Type, v.Contract, v.Contract.File, locStorage)
		if err != nil {
			return nil, err
		}
		types = append(types, t)
	}
	for i, place := range pack(types) {
		v := vars[i]
		out.Storage = append(out.Storage, Entry{AstID: int(v.Decl.Pos()), Contract: b.qualified, Label: v.Name,
			Offset: place.offset, Slot: new(big.Int).Add(base, place.slot).String(), Type: types[i].id,
			Declared: v.Contract.Name, Pos: prog.Fset.Position(v.Decl.Pos())})
	}
	ns, err := b.namespaces()
	if err != nil {
		return nil, err
	}
	out.Namespaces = ns
	if len(b.types) > 0 {
		out.Types = b.types
	}
	return out, nil
}

// linearized reports whether c's C3 linearization succeeded (sema falls back to a depth-first
// order, and says so in a diagnostic, when it does not).
func linearized(prog *sema.Program, c *sema.Contract) bool {
	for _, base := range c.Linearization {
		for _, d := range prog.Diagnostics {
			if strings.HasSuffix(d.Msg, "impossible for "+base.Name) || strings.HasSuffix(d.Msg, "inheritance cycle through "+base.Name) {
				return false
			}
		}
	}
	return true
}

// Find returns the contracts of prog named name (every deployable one when name is ""),
// reported files only.
func Find(prog *sema.Program, name string) []*sema.Contract {
	var out []*sema.Contract
	for _, c := range prog.Contracts {
		if name == "" && (c.IsInterface() || c.IsLibrary() || c.File.Dependency) {
			continue
		}
		if name == "" || c.Name == name || c.File.Path+":"+c.Name == name {
			out = append(out, c)
		}
	}
	return out
}
