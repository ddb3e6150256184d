package sema

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// File is one parsed source file of the program.
type File struct {
	Path       string // slash-separated, relative to the workspace root
	AST        *ast.File
	Src        []byte
	TokFile    *token.File
	Version    VersionRange
	Dependency bool    // under lib/, node_modules/ or a remapped package: analysed, not reported
	Imports    []*File // resolved imports
	Contracts  []*Contract

	compiler string // exact compiler version, when known
	memo     memo   // facts derived on demand (see Memo)
}

// Line returns the 1-based line of p.
func (f *File) Line(p token.Pos) int { return f.TokFile.Line(p) }

// Text returns the source text of a node.
func (f *File) Text(n ast.Node) string {
	from, to := f.TokFile.Offset(n.Pos()), f.TokFile.Offset(n.End())
	if from > to || to > len(f.Src) {
		return ""
	}
	return string(f.Src[from:to])
}

// Contract is a contract, interface or library.
type Contract struct {
	Name  string
	Decl  *ast.ContractDecl
	File  *File
	Kind  ast.ContractKind
	Bases []*Contract // direct bases as written, resolved (unresolved ones are left out)

	// Linearization is the C3 linearization, most derived (this contract) first.
	Linearization []*Contract

	StateVars []*Var
	Functions []*Function // own functions, constructor, fallback and receive included
	Modifiers []*Function // own modifiers
	Events    []*ast.EventDecl
	Errors    []*ast.ErrorDecl
	Structs   []*ast.StructDecl
	Enums     []*ast.EnumDecl
	UserTypes []*ast.UserTypeDecl
	Usings    []*ast.UsingDecl

	// UnresolvedBases is true when a base could not be found: facts inherited from it are
	// unknown, and detectors should lower their confidence.
	UnresolvedBases bool
	// OverBudget names the budget the contract went past ("": none): its linearization is cut
	// short and the detectors skip its functions.
	OverBudget string

	memo memo // facts derived on demand (see Memo)
}

// IsInterface, IsLibrary and IsAbstract classify the contract.
func (c *Contract) IsInterface() bool { return c.Kind == ast.KindInterface }
func (c *Contract) IsLibrary() bool   { return c.Kind == ast.KindLibrary }
func (c *Contract) IsAbstract() bool  { return c.Decl.Abstract }

// AllStateVars returns the state variables of the contract and its bases, base first (storage
// order).
func (c *Contract) AllStateVars() []*Var {
	var out []*Var
	for i := len(c.Linearization) - 1; i >= 0; i-- {
		out = append(out, c.Linearization[i].StateVars...)
	}
	return out
}

// AllFunctions returns the functions callable on the contract: for each signature the most
// derived implementation, in linearization order (own first). Constructors of bases are left out.
// The list is computed once and shared: callers must not modify it.
func (c *Contract) AllFunctions() []*Function {
	return Memo(c, allFunctionsKey{}, c.allFunctions)
}

type allFunctionsKey struct{}

func (c *Contract) allFunctions() []*Function {
	seen := map[string]bool{}
	var out []*Function
	for i, base := range c.Linearization {
		for _, f := range base.Functions {
			if f.Kind == ast.FuncConstructor && i > 0 {
				continue
			}
			sig := f.Signature()
			if seen[sig] {
				continue
			}
			seen[sig] = true
			out = append(out, f)
		}
	}
	return out[:len(out):len(out)] // an append by a caller copies instead of writing into the shared list
}

// LookupFunction returns the functions named name visible in the contract, most derived first.
func (c *Contract) LookupFunction(name string) []*Function {
	var out []*Function
	seen := map[string]bool{}
	for _, base := range c.Linearization {
		for _, f := range base.Functions {
			if f.Name == name && !seen[f.Signature()] {
				seen[f.Signature()] = true
				out = append(out, f)
			}
		}
	}
	return out
}

// LookupModifier returns the most derived modifier named name.
func (c *Contract) LookupModifier(name string) *Function {
	for _, base := range c.Linearization {
		for _, m := range base.Modifiers {
			if m.Name == name {
				return m
			}
		}
	}
	return nil
}

// LookupStateVar returns the most derived state variable named name.
func (c *Contract) LookupStateVar(name string) *Var {
	for _, base := range c.Linearization {
		for _, v := range base.StateVars {
			if v.Name == name {
				return v
			}
		}
	}
	return nil
}

// Inherits reports whether c is or derives from a contract named name.
func (c *Contract) Inherits(name string) bool {
	for _, b := range c.Linearization {
		if b.Name == name {
			return true
		}
	}
	return false
}

// Function is a function, constructor, fallback, receive function, or a modifier (IsModifier).
type Function struct {
	Name       string
	Decl       *ast.FuncDecl     // nil for modifiers
	ModDecl    *ast.ModifierDecl // nil for functions
	Contract   *Contract         // nil for free functions
	File       *File
	Kind       ast.FuncKind // old-style constructors and fallbacks are normalised here
	IsModifier bool

	Visibility token.Token // effective: the pre-0.5 default (public) filled in
	Mutability token.Token // PURE, VIEW, PAYABLE (CONSTANT is read as VIEW), or ILLEGAL
	Virtual    bool

	Params  []*Var
	Returns []*Var
	Locals  []*Var
	Body    *ast.BlockStmt

	// Modifiers used by the function, resolved (nil entries for base constructor calls and
	// unknown names), in order, with the invocations as written.
	Modifiers   []*Function
	Invocations []*ast.ModifierInvocation

	sig  string
	tree bodyTree  // Body flattened on first use (BodyTree)
	info *FuncInfo // the facts analyzeFunctions built (Program.Info)
}

// Node returns the declaration node.
func (f *Function) Node() ast.Node {
	if f.Decl != nil {
		return f.Decl
	}
	return f.ModDecl
}

// Signature returns name(type,...) with the parameter types as written.
func (f *Function) Signature() string { return f.sig }

// IsPublic reports whether the function can be called from outside the contract.
func (f *Function) IsPublic() bool {
	return f.Visibility == token.PUBLIC || f.Visibility == token.EXTERNAL
}

// IsView reports whether the function cannot change state.
func (f *Function) IsView() bool { return f.Mutability == token.VIEW || f.Mutability == token.PURE }

// IsPayable reports whether the function accepts ether.
func (f *Function) IsPayable() bool { return f.Mutability == token.PAYABLE }

// IsConstructor reports whether the function is a constructor (either form).
func (f *Function) IsConstructor() bool { return f.Kind == ast.FuncConstructor }

// HasBody reports whether the function is implemented.
func (f *Function) HasBody() bool { return f.Body != nil }

// QualifiedName returns Contract.name, or name for free functions.
func (f *Function) QualifiedName() string {
	name := f.Name
	if name == "" {
		name = f.Kind.String()
	}
	if f.Contract != nil {
		return f.Contract.Name + "." + name
	}
	return name
}

// VarKind tells where a variable lives.
type VarKind int

const (
	StateVar VarKind = iota
	ParamVar
	ReturnVar
	LocalVar
	FileConstant
)

// Var is a variable: state variable, file-level constant, parameter, return variable or local.
type Var struct {
	Name     string
	Decl     *ast.VarDecl
	Kind     VarKind
	Type     Type
	Contract *Contract // for state variables
	Func     *Function // for parameters, returns and locals
	Index    int       // parameter position
}

// IsStorageRef reports whether a local variable refers to storage (a storage pointer).
func (v *Var) IsStorageRef() bool {
	return v.Kind != StateVar && v.Decl != nil && v.Decl.Location == token.STORAGE
}

// IsConstant reports whether the variable is constant or immutable.
func (v *Var) IsConstant() bool {
	return v.Decl != nil && (v.Decl.Constant || v.Decl.Immutable)
}
