package detectors

import (
	"math/big"
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// The widths analysis bounds how many bits an integer expression can need, from what the code
// declares: literal values, the types of parameters, locals, struct fields and constants, and
// casts. A sum needs one bit more than its wider operand, a product the sum of its operands'
// bits, a shift by a literal that many more. An operation whose result fits the width of its
// type cannot overflow, whatever the values (u32 as u64 * 16 + 65).

// typeBits gives the value bits of the primitive integer types (one less for signed ones).
var typeBits = map[string]int{
	"u8": 8, "u16": 16, "u32": 32, "u64": 64, "u128": 128, "usize": 64,
	"i8": 7, "i16": 15, "i32": 31, "i64": 63, "i128": 127, "isize": 63, "bool": 1,
}

// lenBits bounds a length on Solana: account data is at most 10 MiB and a transaction's
// buffers far less.
const lenBits = 32

// widths computes widths in one function.
type widths struct {
	p      *Pass
	fn     *model.Function
	params map[string]ast.Type
	lets   map[string]*ast.LetStmt
	depth  int
}

func newWidths(p *Pass, fn *model.Function) *widths {
	w := &widths{p: p, fn: fn, params: map[string]ast.Type{}, lets: map[string]*ast.LetStmt{}}
	for _, prm := range fn.Decl.Params {
		if ip, ok := prm.Pat.(*ast.IdentPat); ok && prm.Type != nil {
			w.params[ip.Name.Name] = prm.Type
		}
	}
	ast.Inspect(fn.Decl.Body, func(n ast.Node) bool {
		if l, ok := n.(*ast.LetStmt); ok {
			if ip, ok := l.Pat.(*ast.IdentPat); ok {
				if _, seen := w.lets[ip.Name.Name]; !seen {
					w.lets[ip.Name.Name] = l
				} else {
					w.lets[ip.Name.Name] = nil // rebound: nothing can be said of the name
				}
			}
		}
		return true
	})
	return w
}

// bits returns the bits x needs, or -1 when unknown.
func (w *widths) bits(x ast.Expr) int {
	w.depth++
	defer func() { w.depth-- }()
	if w.depth > 12 {
		return -1
	}
	switch e := x.(type) {
	case *ast.ParenExpr:
		return w.bits(e.X)
	case *ast.LitExpr:
		return litBits(e)
	case *ast.CastExpr:
		tb := typeBits[typeLast(e.Type)]
		if tb == 0 {
			return -1
		}
		if in := w.bits(e.X); in >= 0 && in < tb {
			return in
		}
		return tb
	case *ast.PathExpr:
		return w.pathBits(e)
	case *ast.FieldExpr:
		return w.fieldBits(e)
	case *ast.MethodCallExpr:
		switch e.Name.Name {
		case "len", "count_ones", "leading_zeros", "trailing_zeros":
			return lenBits
		case "min":
			if len(e.Args) == 1 {
				a, b := w.bits(e.Recv), w.bits(e.Args[0])
				if a >= 0 && (b < 0 || a < b) {
					return a
				}
				return b
			}
		}
	case *ast.CallExpr:
		if pe, ok := e.Fun.(*ast.PathExpr); ok && len(e.Args) == 0 {
			switch pe.Path.Last().Name.Name {
			case "size_of", "align_of":
				return lenBits
			}
		}
	case *ast.BinaryExpr:
		a, b := w.bits(e.X), w.bits(e.Y)
		switch e.Op {
		case token.STAR:
			if a >= 0 && b >= 0 {
				return a + b
			}
		case token.PLUS:
			if a >= 0 && b >= 0 {
				return max(a, b) + 1
			}
		case token.SLASH, token.SHR:
			return a
		case token.PERCENT:
			if b >= 0 && (a < 0 || b < a) {
				return b
			}
			return a
		case token.SHL:
			if lit, ok := e.Y.(*ast.LitExpr); ok && a >= 0 {
				if s := litValue(lit); s != nil && s.IsInt64() {
					return a + int(s.Int64())
				}
			}
		case token.AND:
			if a >= 0 && (b < 0 || a < b) {
				return a
			}
			return b
		}
	}
	return -1
}

func (w *widths) pathBits(e *ast.PathExpr) int {
	name := e.Path.String()
	if len(e.Path.Segments) == 1 {
		if t, ok := w.params[name]; ok {
			if b := typeBits[typeLast(t)]; b > 0 {
				return b
			}
			return -1
		}
		if l, ok := w.lets[name]; ok {
			if l == nil {
				return -1
			}
			if l.Type != nil {
				if b := typeBits[typeLast(l.Type)]; b > 0 {
					return b
				}
			}
			if l.Init != nil {
				return w.bits(l.Init)
			}
			return -1
		}
	}
	if n := len(e.Path.Segments); n >= 2 {
		// Type::CONST: an associated constant of one of the crate's types.
		owner := e.Path.Segments[n-2].Name.Name
		if owner == "Self" {
			owner = w.fn.SelfType
		}
		if b := w.p.constBits(owner + "::" + e.Path.Segments[n-1].Name.Name); b >= 0 {
			return b
		}
	}
	return w.p.constBits(e.Path.Last().Name.Name)
}

// fieldBits reads the declared type of a field of one of the crate's structs, when only one
// struct of the crate has a field of that name with an integer type.
func (w *widths) fieldBits(e *ast.FieldExpr) int {
	return w.p.fieldTypeBits(e.Name.Name)
}

// constBits returns the bits of a constant of the crate (its literal value, else its type).
func (p *Pass) constBits(name string) int {
	if p.cache.consts == nil {
		p.cache.consts = map[string]int{}
		record := func(key string, c *ast.ConstItem) {
			b := -1
			if lit, ok := c.Value.(*ast.LitExpr); ok {
				b = litBits(lit)
			} else if tb := typeBits[typeLast(c.Type)]; tb > 0 {
				b = tb
			}
			if prev, seen := p.cache.consts[key]; seen && prev != b {
				b = -1 // two constants of that name
			}
			p.cache.consts[key] = b
		}
		for _, f := range p.Program.Files {
			ast.Inspect(f.AST, func(n ast.Node) bool {
				switch it := n.(type) {
				case *ast.ImplItem:
					// Associated constants, also by Type::NAME.
					if pt, ok := it.SelfType.(*ast.PathType); ok && pt.Path.Last() != nil {
						for _, sub := range it.Items {
							if c, ok := sub.(*ast.ConstItem); ok && c.Name != nil {
								record(pt.Path.Last().Name.Name+"::"+c.Name.Name, c)
							}
						}
					}
				case *ast.ConstItem:
					if it.Name != nil {
						record(it.Name.Name, it)
					}
				}
				return true
			})
		}
	}
	if b, ok := p.cache.consts[name]; ok {
		return b
	}
	return -1
}

// fieldTypeBits returns the bits of the integer fields named name of the crate's structs,
// when they all agree, or -1.
func (p *Pass) fieldTypeBits(name string) int {
	if p.cache.fields == nil {
		p.cache.fields = map[string]int{}
		for _, f := range p.Program.Files {
			ast.Inspect(f.AST, func(n ast.Node) bool {
				s, ok := n.(*ast.StructItem)
				if !ok {
					return true
				}
				for _, fld := range s.Fields {
					if fld.Name == nil {
						continue
					}
					b := typeBits[typeLast(fld.Type)]
					if b == 0 {
						b = -1
					}
					if prev, seen := p.cache.fields[fld.Name.Name]; seen && prev != b {
						b = -1
					}
					p.cache.fields[fld.Name.Name] = b
				}
				return true
			})
		}
	}
	if b, ok := p.cache.fields[name]; ok {
		return b
	}
	return -1
}

// litValue reads an integer literal's value (digit separators and type suffix dropped).
func litValue(lit *ast.LitExpr) *big.Int {
	if lit.Kind != token.INT {
		return nil
	}
	s := strings.ReplaceAll(lit.Value, "_", "")
	base := 10
	switch {
	case strings.HasPrefix(s, "0x"):
		s, base = s[2:], 16
	case strings.HasPrefix(s, "0b"):
		s, base = s[2:], 2
	case strings.HasPrefix(s, "0o"):
		s, base = s[2:], 8
	}
	end := 0
	for end < len(s) && (s[end] >= '0' && s[end] <= '9' || base == 16 && (s[end] >= 'a' && s[end] <= 'f' || s[end] >= 'A' && s[end] <= 'F')) {
		end++
	}
	v, ok := new(big.Int).SetString(s[:end], base)
	if !ok {
		return nil
	}
	return v
}

func litBits(lit *ast.LitExpr) int {
	v := litValue(lit)
	if v == nil {
		return -1
	}
	return v.BitLen()
}

// opBits is the width of an operation's type: that of a cast operand, a typed operand, else
// the widest integer the crate's code commonly computes in (u64).
func (w *widths) opBits(op *model.ArithOp) int {
	for _, x := range []ast.Expr{op.X, op.Y} {
		if c, ok := unparen(x).(*ast.CastExpr); ok {
			if b := typeBits[typeLast(c.Type)]; b > 0 {
				return b
			}
		}
	}
	for _, x := range []ast.Expr{op.X, op.Y} {
		if pe, ok := unparen(x).(*ast.PathExpr); ok && len(pe.Path.Segments) == 1 {
			if t, ok := w.params[pe.Path.String()]; ok {
				if b := typeBits[typeLast(t)]; b > 0 {
					return b
				}
			}
		}
	}
	return 64
}
