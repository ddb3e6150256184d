package model

import (
	"fmt"
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/parser"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// Constraint is one #[account(...)] entry: Key, optional "= Value" and
// optional "@ Error".
type Constraint struct {
	Key   string // "has_one", "token::mint", "seeds::program"
	Value ast.Expr
	Error ast.Expr
	Item  *ast.MetaItem
}

// Pos returns the entry's position.
func (c *Constraint) Pos() token.Pos { return c.Item.Pos() }

// Constraints is an #[account(...)] attribute in structured form. Flags
// that take no value are booleans; the others keep the entry so detectors
// can read its expression and error. Unknown keys land in Other.
type Constraints struct {
	Attr *ast.Attribute // nil when the field has no #[account] attribute
	All  []*Constraint  // every entry, in source order

	Mut          bool
	Signer       bool
	Init         bool
	InitIfNeeded bool
	Zero         bool
	Executable   bool
	// Dup is set by "dup" (or Anchor v2's "unsafe(dup)"): the field may
	// alias another mutable account, opting out of Anchor 1.0's check.
	Dup        bool
	RentExempt *Constraint // rent_exempt = enforce | skip

	HasOne []*Constraint // has_one = target [@ err]
	Owner  *Constraint   // owner = expr
	// Address is address = expr.
	Address *Constraint

	// Seeds holds the seed expressions of seeds = [...]; SeedsSet tells a
	// present but empty list from an absent one.
	Seeds        []ast.Expr
	SeedsSet     bool
	SeedsProgram *Constraint // seeds::program = expr
	// Bump is set for "bump" (Value nil: Anchor finds the canonical bump)
	// and "bump = expr" (a stored bump).
	Bump *Constraint

	Custom []*Constraint // constraint = expr [@ err]
	// Legacy holds the constraints of Anchor's old string form, #[account("expr")].
	Legacy []*ast.MetaItem
	Close  *Constraint // close = target
	Payer  *Constraint
	Space  *Constraint

	Realloc      *Constraint
	ReallocPayer *Constraint
	ReallocZero  *Constraint

	// Token holds token::*, mint::*, associated_token::* and
	// extensions::* entries by key ("token::authority").
	Token map[string]*Constraint

	Other []*Constraint
}

// Present reports whether the field has an #[account(...)] attribute.
func (c *Constraints) Present() bool { return c != nil && c.Attr != nil }

// Get returns the first entry with the given key, or nil.
func (c *Constraints) Get(key string) *Constraint {
	if c == nil {
		return nil
	}
	for _, e := range c.All {
		if e.Key == key {
			return e
		}
	}
	return nil
}

// HasOneTarget reports whether has_one names target.
func (c *Constraints) HasOneTarget(target string) bool {
	for _, h := range c.HasOne {
		if pe, ok := h.Value.(*ast.PathExpr); ok && pe.Path.String() == target {
			return true
		}
	}
	return false
}

// ParseConstraints reads an #[account(...)] attribute. Entries that do
// not parse are left out and reported in the error, which names the file,
// line and column; the rest are still returned.
func ParseConstraints(fset *token.FileSet, attr *ast.Attribute) (*Constraints, error) {
	c := &Constraints{Attr: attr, Token: map[string]*Constraint{}}
	if attr.Args == nil || len(attr.Args.Tokens) == 0 {
		return c, nil
	}
	items, err := parser.ParseMeta(fset, attr.Args.Tokens)
	if err != nil {
		err = fmt.Errorf("#[account(...)] constraints: %w", err)
	}
	for _, it := range items {
		if it.Path == nil {
			// Anchor's old string constraints: #[account("a.key == &b.owner")].
			if lit, ok := it.Value.(*ast.LitExpr); ok && lit.Kind == token.STRING {
				c.Legacy = append(c.Legacy, it)
			}
			continue
		}
		e := &Constraint{Key: it.Key(), Value: it.Value, Error: it.Error, Item: it}
		c.All = append(c.All, e)
		switch key := e.Key; {
		case key == "mut":
			c.Mut = true
		case key == "signer":
			c.Signer = true
		case key == "init":
			c.Init = true
		case key == "init_if_needed":
			c.InitIfNeeded = true
		case key == "zero":
			c.Zero = true
		case key == "executable":
			c.Executable = true
		case key == "dup":
			c.Dup = true
		case key == "unsafe" && it.HasList:
			for _, sub := range it.List {
				if sub.Key() == "dup" {
					c.Dup = true
				}
			}
		case key == "rent_exempt":
			c.RentExempt = e
		case key == "has_one":
			c.HasOne = append(c.HasOne, e)
		case key == "owner":
			c.Owner = e
		case key == "address":
			c.Address = e
		case key == "seeds":
			c.SeedsSet = true
			if arr, ok := e.Value.(*ast.ArrayExpr); ok && arr.Len == nil {
				c.Seeds = arr.Elems
			} else if e.Value != nil {
				// seeds = some_fn() or a constant: keep it as one seed.
				c.Seeds = []ast.Expr{e.Value}
			}
		case key == "seeds::program":
			c.SeedsProgram = e
		case key == "bump":
			c.Bump = e
		case key == "constraint":
			c.Custom = append(c.Custom, e)
		case key == "close":
			c.Close = e
		case key == "payer":
			c.Payer = e
		case key == "space":
			c.Space = e
		case key == "realloc":
			c.Realloc = e
		case key == "realloc::payer":
			c.ReallocPayer = e
		case key == "realloc::zero":
			c.ReallocZero = e
		case strings.HasPrefix(key, "token::"), strings.HasPrefix(key, "mint::"),
			strings.HasPrefix(key, "associated_token::"), strings.HasPrefix(key, "extensions::"):
			c.Token[key] = e
		default:
			c.Other = append(c.Other, e)
		}
	}
	return c, err
}
