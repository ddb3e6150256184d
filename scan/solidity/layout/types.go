package layout

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Where a type is placed, which its identifier ends with (solc's data location suffix).
const (
	locStorage = "_storage"    // state variables, struct members, mapping values, array elements
	locMemory  = "_memory_ptr" // mapping keys and function type parameters
)

// typ is a type with what packing needs: its size in bytes when it is a value type (32 for
// reference types, which always take whole slots) and the slots it takes.
type typ struct {
	id    string
	bytes int
	slots *big.Int
}

// builder computes the types of one contract's layout.
type builder struct {
	prog      *sema.Program
	contract  *sema.Contract
	qualified string // path:Name
	types     map[string]*Type
	sizes     map[string]*typ // by id: a struct's size, known once its members are laid out
}

func newBuilder(prog *sema.Program, c *sema.Contract) *builder {
	return &builder{prog: prog, contract: c, qualified: c.File.Path + ":" + c.Name, types: map[string]*Type{}, sizes: map[string]*typ{}}
}

func (b *builder) errorf(pos token.Pos, format string, args ...any) error {
	return &Error{b.prog.Fset.Position(pos), fmt.Sprintf(format, args...)}
}

// value records a value type of size bytes.
func (b *builder) value(id, label string, size int) *typ {
	if b.types[id] == nil {
		b.types[id] = &Type{Encoding: "inplace", Label: label, NumberOfBytes: strconv.Itoa(size)}
	}
	return &typ{id: id, bytes: size, slots: big.NewInt(1)}
}

// typeOf lays out the type written x, resolved in scope (nil at file level) and file.
func (b *builder) typeOf(x ast.Expr, scope *sema.Contract, file *sema.File, loc string) (*typ, error) {
	switch t := x.(type) {
	case *ast.ParenExpr:
		return b.typeOf(t.X, scope, file, loc)
	case *ast.ElementaryType:
		return b.elementary(t, loc)
	case *ast.ArrayType:
		return b.array(t.Elem, t.Len, t, scope, file)
	case *ast.IndexExpr:
		return b.array(t.X, t.Index, t, scope, file)
	case *ast.MappingType:
		k, err := b.typeOf(t.Key, scope, file, locMemory)
		if err != nil {
			return nil, err
		}
		v, err := b.typeOf(t.Value, scope, file, locStorage)
		if err != nil {
			return nil, err
		}
		id := "t_mapping(" + k.id + "," + v.id + ")"
		if b.types[id] == nil {
			b.types[id] = &Type{Encoding: "mapping", Key: k.id, Value: v.id, NumberOfBytes: "32",
				Label: "mapping(" + b.types[k.id].Label + " => " + b.types[v.id].Label + ")"}
		}
		return &typ{id: id, bytes: 32, slots: big.NewInt(1)}, nil
	case *ast.FuncType:
		return b.function(t, scope, file)
	case *ast.Ident, *ast.IdentPath, *ast.MemberExpr:
		return b.named(x, scope, file, loc)
	}
	return nil, b.errorf(x.Pos(), "a type this scanner cannot lay out")
}

func (b *builder) elementary(t *ast.ElementaryType, loc string) (*typ, error) {
	name := t.Name
	switch name {
	case "uint":
		name = "uint256"
	case "int":
		name = "int256"
	case "byte":
		name = "bytes1"
	case "payable":
		return b.value("t_address_payable", "address payable", 20), nil
	}
	switch {
	case name == "address" && t.Payable:
		return b.value("t_address_payable", "address payable", 20), nil
	case name == "address":
		return b.value("t_address", "address", 20), nil
	case name == "bool":
		return b.value("t_bool", "bool", 1), nil
	case name == "string" || name == "bytes":
		id := "t_" + name + loc
		if b.types[id] == nil {
			b.types[id] = &Type{Encoding: "bytes", Label: name, NumberOfBytes: "32"}
		}
		return &typ{id: id, bytes: 32, slots: big.NewInt(1)}, nil
	case strings.HasPrefix(name, "uint") || strings.HasPrefix(name, "int"):
		bits, err := strconv.Atoi(strings.TrimPrefix(strings.TrimPrefix(name, "u"), "int"))
		if err == nil && bits%8 == 0 && bits >= 8 && bits <= 256 {
			return b.value("t_"+name, name, bits/8), nil
		}
	case strings.HasPrefix(name, "bytes"):
		n, err := strconv.Atoi(strings.TrimPrefix(name, "bytes"))
		if err == nil && n >= 1 && n <= 32 {
			return b.value("t_"+name, name, n), nil
		}
	}
	return nil, b.errorf(t.Pos(), "type %s has no storage layout", t.Name)
}

// array lays out elem[length] (length nil: dynamic).
func (b *builder) array(elem, length ast.Expr, at ast.Node, scope *sema.Contract, file *sema.File) (*typ, error) {
	e, err := b.typeOf(elem, scope, file, locStorage)
	if err != nil {
		return nil, err
	}
	label := b.types[e.id].Label
	if length == nil {
		id := "t_array(" + e.id + ")dyn_storage"
		if b.types[id] == nil {
			b.types[id] = &Type{Base: e.id, Encoding: "dynamic_array", Label: label + "[]", NumberOfBytes: "32"}
		}
		return &typ{id: id, bytes: 32, slots: big.NewInt(1)}, nil
	}
	n := b.prog.ConstValue(length, scope)
	if n == nil || n.Sign() == 0 || n.BitLen() > 64 {
		return nil, b.errorf(at.Pos(), "array length is not a constant this scanner can evaluate")
	}
	// solc's ArrayType::storageSize: elements smaller than a slot are packed, none across two.
	slots := new(big.Int)
	if e.bytes < 32 {
		per := big.NewInt(int64(32 / e.bytes))
		slots.Add(n, new(big.Int).Sub(per, big.NewInt(1)))
		slots.Quo(slots, per)
	} else {
		slots.Mul(n, e.slots)
	}
	id := "t_array(" + e.id + ")" + n.String() + "_storage"
	if b.types[id] == nil {
		b.types[id] = &Type{Base: e.id, Encoding: "inplace", Label: label + "[" + n.String() + "]",
			NumberOfBytes: new(big.Int).Mul(slots, big.NewInt(32)).String()}
	}
	return &typ{id: id, bytes: 32, slots: slots}, nil
}

// function lays out a function type: 8 bytes internal, 24 external (address and selector).
func (b *builder) function(t *ast.FuncType, scope *sema.Contract, file *sema.File) (*typ, error) {
	// The parameters' types are named in the identifier and label, not described in the
	// layout's types (as solc does): they are worked out aside.
	kept := b.types
	b.types = map[string]*Type{}
	defer func() { b.types = kept }()
	list := func(l *ast.ParamList) (ids, labels []string, err error) {
		if l == nil {
			return nil, nil, nil
		}
		for _, p := range l.List {
			pt, err := b.typeOf(p.Type, scope, file, locMemory)
			if err != nil {
				return nil, nil, err
			}
			ids = append(ids, pt.id)
			label := b.types[pt.id].Label
			if strings.HasSuffix(pt.id, locMemory) {
				label += " memory"
			}
			labels = append(labels, label)
		}
		return ids, labels, nil
	}
	params, plabels, err := list(t.Params)
	if err != nil {
		return nil, err
	}
	rets, rlabels, err := list(t.Returns)
	if err != nil {
		return nil, err
	}
	vis, size := "internal", 8
	if t.Visibility == token.EXTERNAL {
		vis, size = "external", 24
	}
	mut := "nonpayable"
	switch t.Mutability {
	case token.VIEW, token.PURE, token.PAYABLE:
		mut = t.Mutability.String()
	}
	id := "t_function_" + vis + "_" + mut + "(" + strings.Join(params, ",") + ")returns(" + strings.Join(rets, ",") + ")"
	label := "function (" + strings.Join(plabels, ",") + ")"
	if mut != "nonpayable" {
		label += " " + mut
	}
	if vis == "external" {
		label += " external"
	}
	if len(rets) > 0 {
		label += " returns (" + strings.Join(rlabels, ",") + ")"
	}
	b.types = kept
	return b.value(id, label, size), nil
}

// named lays out a contract, struct, enum or user-defined value type named by x.
func (b *builder) named(x ast.Expr, scope *sema.Contract, file *sema.File, loc string) (*typ, error) {
	switch t := b.prog.TypeOf(x, scope, file).(type) {
	case *sema.ContractType:
		return b.value("t_contract("+t.Contract.Name+")"+strconv.Itoa(int(t.Contract.Decl.Pos())), "contract "+t.Contract.Name, 20), nil
	case *sema.EnumType:
		if t.Decl == nil {
			break
		}
		// One byte: the language allows at most 256 members.
		return b.value("t_enum("+t.Decl.Name.Name+")"+strconv.Itoa(int(t.Decl.Pos())), "enum "+t.Name, 1), nil
	case *sema.UserType:
		if t.Decl == nil {
			break
		}
		under, err := b.aside(t.Decl.Underlying, t.Contract, file)
		if err != nil {
			return nil, err
		}
		return b.value("t_userDefinedValueType("+t.Decl.Name.Name+")"+strconv.Itoa(int(t.Decl.Pos())), t.Name, under.bytes), nil
	case *sema.StructType:
		if t.Decl != nil {
			return b.structOf(t, loc)
		}
	}
	return nil, b.errorf(x.Pos(), "type %s is not declared in the sources", exprString(x))
}

// aside lays out a type without describing it in the layout's types (a user-defined value
// type's underlying type, which solc leaves out).
func (b *builder) aside(x ast.Expr, scope *sema.Contract, file *sema.File) (*typ, error) {
	kept := b.types
	b.types = map[string]*Type{}
	defer func() { b.types = kept }()
	return b.typeOf(x, scope, file, locStorage)
}

// structOf lays out a struct's members from its first slot. A struct that contains itself (only
// possible through a mapping or a dynamic array) is described once: the inner use finds the
// entry being made.
func (b *builder) structOf(t *sema.StructType, loc string) (*typ, error) {
	id := "t_struct(" + t.Decl.Name.Name + ")" + strconv.Itoa(int(t.Decl.Pos())) + loc
	if known := b.sizes[id]; known != nil {
		return known, nil
	}
	entry := &Type{Encoding: "inplace", Label: "struct " + t.Name}
	b.types[id] = entry
	self := &typ{id: id, bytes: 32, slots: big.NewInt(1)}
	b.sizes[id] = self // a recursive use needs only the identifier
	file := t.File
	if t.Contract != nil {
		file = t.Contract.File
	}
	var members []*typ
	for _, f := range t.Decl.Fields {
		m, err := b.typeOf(f.Type, t.Contract, file, locStorage)
		if err != nil {
			return nil, err
		}
		members = append(members, m)
	}
	if len(members) == 0 {
		return nil, b.errorf(t.Decl.Pos(), "struct %s has no members", t.Name)
	}
	places := pack(members)
	declared := ""
	if t.Contract != nil {
		declared = t.Contract.Name
	}
	for i, f := range t.Decl.Fields {
		entry.Members = append(entry.Members, Entry{AstID: int(f.Pos()), Contract: b.qualified, Label: f.Name.Name,
			Offset: places[i].offset, Slot: places[i].slot.String(), Type: members[i].id, Declared: declared,
			Pos: b.prog.Fset.Position(f.Pos())})
	}
	self.slots = total(members, places)
	entry.NumberOfBytes = new(big.Int).Mul(self.slots, big.NewInt(32)).String()
	return self, nil
}

func exprString(x ast.Expr) string {
	switch t := x.(type) {
	case *ast.Ident:
		return t.Name
	case *ast.IdentPath:
		var parts []string
		for _, n := range t.Names {
			parts = append(parts, n.Name)
		}
		return strings.Join(parts, ".")
	case *ast.MemberExpr:
		return exprString(t.X) + "." + t.Name.Name
	}
	return "?"
}
