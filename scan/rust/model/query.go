package model

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// CallKind recognises calls that matter to Solana analyses.
type CallKind uint8

// Call kinds.
const (
	CallPlain                   CallKind = iota
	CallInvoke                           // invoke(&ix, accounts)
	CallInvokeSigned                     // invoke_signed(&ix, accounts, seeds)
	CallInvokeUnchecked                  // invoke_unchecked / invoke_signed_unchecked
	CallCpiContextNew                    // CpiContext::new(program, accounts)
	CallCpiContextNewWithSigner          // CpiContext::new_with_signer(program, accounts, seeds)
)

// String names the kind.
func (k CallKind) String() string {
	switch k {
	case CallInvoke:
		return "invoke"
	case CallInvokeSigned:
		return "invoke_signed"
	case CallInvokeUnchecked:
		return "invoke_unchecked"
	case CallCpiContextNew:
		return "CpiContext::new"
	case CallCpiContextNewWithSigner:
		return "CpiContext::new_with_signer"
	}
	return "call"
}

// Call is a function call, method call or macro invocation.
type Call struct {
	// Node is the *ast.CallExpr, *ast.MethodCallExpr or *ast.MacroCall.
	Node ast.Node
	// Path is the callee path for function calls ("system_program::transfer",
	// "CpiContext::new") and macros ("require"); "" for method calls.
	Path string
	// Method is the method name for method calls ("is_signer" is a field,
	// "key" a method); "" otherwise.
	Method string
	// Recv is the receiver of a method call.
	Recv  ast.Expr
	Args  []ast.Expr
	Macro bool
	Kind  CallKind
}

// Pos returns the call's position.
func (c *Call) Pos() token.Pos { return c.Node.Pos() }

// Name returns the last path segment or the method name.
func (c *Call) Name() string {
	if c.Method != "" {
		return c.Method
	}
	for i := len(c.Path) - 1; i > 0; i-- {
		if c.Path[i] == ':' {
			return c.Path[i+1:]
		}
	}
	return c.Path
}

// IsCPI reports whether the call performs or prepares a cross-program
// invocation.
func (c *Call) IsCPI() bool { return c.Kind != CallPlain }

func callKind(path string) CallKind {
	name := path
	for i := len(path) - 1; i > 0; i-- {
		if path[i] == ':' {
			name = path[i+1:]
			break
		}
	}
	switch name {
	case "invoke":
		return CallInvoke
	case "invoke_signed":
		return CallInvokeSigned
	case "invoke_unchecked", "invoke_signed_unchecked":
		return CallInvokeUnchecked
	case "new":
		if endsWith(path, "CpiContext::new") {
			return CallCpiContextNew
		}
	case "new_with_signer":
		if endsWith(path, "CpiContext::new_with_signer") {
			return CallCpiContextNewWithSigner
		}
	}
	return CallPlain
}

func endsWith(s, suffix string) bool {
	return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix &&
		(len(s) == len(suffix) || s[len(s)-len(suffix)-1] == ':')
}

// Calls lists the calls inside n in source order, including those inside
// macro arguments and closures.
func Calls(n ast.Node) []*Call {
	var out []*Call
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			c := &Call{Node: x, Args: x.Args}
			if pe, ok := x.Fun.(*ast.PathExpr); ok {
				c.Path = pe.Path.String()
				c.Kind = callKind(c.Path)
			}
			out = append(out, c)
		case *ast.MethodCallExpr:
			out = append(out, &Call{Node: x, Method: x.Name.Name, Recv: x.Recv, Args: x.Args})
		case *ast.MacroCall:
			out = append(out, &Call{Node: x, Path: x.Path.String(), Args: x.Args, Macro: true})
		}
		return true
	})
	return out
}

// Lets maps local names to their initializers in a function body (the last binding wins;
// shadowing is rare in instruction code); both names of let (a, b) = init map to init.
func Lets(body ast.Node) map[string]ast.Expr {
	out := map[string]ast.Expr{}
	ast.Inspect(body, func(n ast.Node) bool {
		if l, ok := n.(*ast.LetStmt); ok && l.Init != nil {
			switch pat := l.Pat.(type) {
			case *ast.IdentPat:
				out[pat.Name.Name] = l.Init
			case *ast.TuplePat:
				// let (pda, bump) = Pubkey::find_program_address(..)
				for _, e := range pat.Elems {
					if ip, ok := e.(*ast.IdentPat); ok {
						out[ip.Name.Name] = l.Init
					}
				}
			}
		}
		return true
	})
	return out
}

// CPICalls lists invoke, invoke_signed and CpiContext constructions in n.
func CPICalls(n ast.Node) []*Call {
	var out []*Call
	for _, c := range Calls(n) {
		if c.IsCPI() {
			out = append(out, c)
		}
	}
	return out
}

// Macros lists macro invocations in n, optionally only those whose last
// path segment is one of names.
func Macros(n ast.Node, names ...string) []*ast.MacroCall {
	var out []*ast.MacroCall
	ast.Inspect(n, func(n ast.Node) bool {
		if m, ok := n.(*ast.MacroCall); ok && (len(names) == 0 || contains(names, m.Name())) {
			out = append(out, m)
		}
		return true
	})
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// FieldAccesses lists x.name accesses in n whose field is one of names
// (all field accesses when names is empty): x.is_signer, x.owner, x.key.
func FieldAccesses(n ast.Node, names ...string) []*ast.FieldExpr {
	var out []*ast.FieldExpr
	ast.Inspect(n, func(n ast.Node) bool {
		if f, ok := n.(*ast.FieldExpr); ok && (len(names) == 0 || contains(names, f.Name.Name)) {
			out = append(out, f)
		}
		return true
	})
	return out
}

// ArithOp is an arithmetic operation that can overflow, underflow or
// divide by zero.
type ArithOp struct {
	// Node is the *ast.BinaryExpr or *ast.AssignExpr (compound assignment).
	Node ast.Expr
	Op   token.Kind // the operator, e.g. token.PLUS or token.PLUS_EQ
	X, Y ast.Expr
	// Constant is set when both operands are literals (checked at compile
	// time, as in space = 8 + 32).
	Constant bool
	// Float is set when an operand is a float literal or cast to f32/f64.
	Float bool
	// Guarded is set for a subtraction a - b when the code compares a and
	// b (if a >= b, require!(a > b), match a.cmp(&b)): it runs on the side
	// of the comparison where it cannot underflow.
	Guarded bool
}

// Pos returns the operator's position.
func (a *ArithOp) Pos() token.Pos {
	switch x := a.Node.(type) {
	case *ast.BinaryExpr:
		return x.OpPos
	case *ast.AssignExpr:
		return x.OpPos
	}
	return a.Node.Pos()
}

// Arithmetic lists +, -, *, /, %, <<, >> and their compound assignments
// in n. Without type information it cannot tell integers from floats or
// strings; Float and Constant mark the cases that can be told apart.
func Arithmetic(n ast.Node) []*ArithOp {
	guards := comparedPairs(n)
	var out []*ArithOp
	mark := func(op *ArithOp) *ArithOp {
		if op.Op == token.MINUS || op.Op == token.MINUS_EQ {
			op.Guarded = guards[pairOf(ExprPath(op.X), ExprPath(op.Y))]
		}
		return op
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BinaryExpr:
			if x.Op.IsArithmetic() {
				out = append(out, mark(arith(x, x.Op, x.X, x.Y)))
			}
		case *ast.AssignExpr:
			if x.Op.IsArithmetic() {
				out = append(out, mark(arith(x, x.Op, x.X, x.Y)))
			}
		}
		return true
	})
	return out
}

// comparedPairs records the pairs of values n compares in a condition (if
// and while conditions, match guards, require!/assert! arguments) with an
// ordering operator, or orders with cmp (match a.cmp(&b)).
func comparedPairs(n ast.Node) map[string]bool {
	out := map[string]bool{}
	add := func(x, y ast.Expr) {
		if px, py := ExprPath(x), ExprPath(y); px != "" && py != "" {
			out[pairOf(px, py)] = true
		}
	}
	orderings := func(c ast.Node) {
		ast.Inspect(c, func(n ast.Node) bool {
			if b, ok := n.(*ast.BinaryExpr); ok {
				switch b.Op {
				case token.LT, token.LE, token.GT, token.GE:
					add(b.X, b.Y)
				}
			}
			return true
		})
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.IfExpr:
			orderings(x.Cond)
		case *ast.WhileExpr:
			orderings(x.Cond)
		case *ast.MatchArm:
			if x.Guard != nil {
				orderings(x.Guard)
			}
		case *ast.MacroCall:
			name := x.Name()
			if len(name) >= 6 && (name[:6] == "requir" || name[:6] == "assert") {
				for _, a := range x.Args {
					orderings(a)
				}
			}
		case *ast.MethodCallExpr:
			if x.Name.Name == "cmp" && len(x.Args) == 1 {
				add(x.Recv, x.Args[0])
			}
		}
		return true
	})
	return out
}

func pairOf(a, b string) string {
	if a > b {
		a, b = b, a
	}
	return a + "|" + b
}

func arith(node ast.Expr, op token.Kind, x, y ast.Expr) *ArithOp {
	return &ArithOp{Node: node, Op: op, X: x, Y: y,
		Constant: isIntLit(x) && isIntLit(y),
		Float:    isFloat(x) || isFloat(y)}
}

func isIntLit(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.LitExpr:
		return x.Kind == token.INT
	case *ast.ParenExpr:
		return isIntLit(x.X)
	case *ast.BinaryExpr:
		return isIntLit(x.X) && isIntLit(x.Y)
	case *ast.CallExpr:
		// size_of::<T>() and align_of::<T>() are compile-time constants.
		if pe, ok := x.Fun.(*ast.PathExpr); ok && len(x.Args) == 0 {
			name := pe.Path.Last().Name.Name
			return name == "size_of" || name == "align_of"
		}
	}
	return false
}

func isFloat(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.LitExpr:
		return x.Kind == token.FLOAT
	case *ast.ParenExpr:
		return isFloat(x.X)
	case *ast.CastExpr:
		n := typeName(x.Type)
		return n == "f32" || n == "f64"
	}
	return false
}

// UnsafeCode lists unsafe blocks, unsafe functions, unsafe impls and
// unsafe traits in n.
func UnsafeCode(n ast.Node) []ast.Node {
	var out []ast.Node
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BlockExpr:
			if x.Unsafe {
				out = append(out, x)
			}
		case *ast.FnItem:
			if x.Unsafe {
				out = append(out, x)
			}
		case *ast.ImplItem:
			if x.Unsafe {
				out = append(out, x)
			}
		case *ast.TraitItem:
			if x.Unsafe {
				out = append(out, x)
			}
		}
		return true
	})
	return out
}

// ExprPath renders simple expressions as dotted text so analyses can
// compare them: "ctx.accounts.vault.owner", "accounts[0]",
// "payer.key()" (method calls with no arguments), "*x" and "&x" drop the
// operator. It returns "" for anything else.
func ExprPath(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.PathExpr:
		return x.Path.String()
	case *ast.FieldExpr:
		if base := ExprPath(x.X); base != "" {
			return base + "." + x.Name.Name
		}
	case *ast.MethodCallExpr:
		if len(x.Args) == 0 {
			if base := ExprPath(x.Recv); base != "" {
				return base + "." + x.Name.Name + "()"
			}
		}
	case *ast.UnaryExpr:
		if x.Op == token.STAR {
			return ExprPath(x.X)
		}
	case *ast.RefExpr:
		return ExprPath(x.X)
	case *ast.ParenExpr:
		return ExprPath(x.X)
	case *ast.TryExpr:
		return ExprPath(x.X)
	}
	return ""
}
