package ast

import "github.com/vigil-sec/vigil/scan/rust/token"

// MetaItem is one entry of an attribute's argument list, read the way
// derive, cfg, repr and Anchor's #[account(...)] read them:
//
//	path                   mut, signer, init
//	path = value           payer = authority, seeds = [b"x"], feature = "y"
//	path(list)             derive(Accounts), not(test), zero_copy(unsafe)
//	... @ error            has_one = owner @ ErrorCode::Unauthorized
//	literal                "message" in #[msg("message")]
//
// Path segments may be keywords (mut, unsafe, crate). ParseMeta in package
// parser builds MetaItems from an Attribute's token tree.
type MetaItem struct {
	Path    *Path       // nil for a bare literal
	HasList bool        // path(...) form
	List    []*MetaItem // items of path(...)
	Value   Expr        // after "=", or the bare literal
	Error   Expr        // after "@"
	From    token.Pos
	To      token.Pos
}

// Pos returns the start of the item.
func (x *MetaItem) Pos() token.Pos { return x.From }

// End returns the end of the item.
func (x *MetaItem) End() token.Pos { return x.To }

// Key returns the item's path as text ("token::mint"), or "".
func (x *MetaItem) Key() string { return x.Path.String() }
