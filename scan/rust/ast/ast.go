package ast

import "github.com/vigil-sec/vigil/scan/rust/token"

// Node is any syntax tree node.
type Node interface {
	Pos() token.Pos // first character of the node
	End() token.Pos // first character after the node
}

// Expr is an expression node.
type Expr interface {
	Node
	exprNode()
}

// Stmt is a statement node.
type Stmt interface {
	Node
	stmtNode()
}

// Item is a top-level or nested item (fn, struct, impl, ...).
type Item interface {
	Node
	itemNode()
	// Header returns the item's attributes and visibility.
	Header() *ItemHeader
}

// Type is a type expression.
type Type interface {
	Node
	typeNode()
}

// Pat is a pattern.
type Pat interface {
	Node
	patNode()
}

// Ident is a name. Raw identifiers keep their "r#" prefix in Name.
type Ident struct {
	NamePos token.Pos
	Name    string
}

// Pos returns the identifier's start.
func (x *Ident) Pos() token.Pos { return x.NamePos }

// End returns the position after the identifier.
func (x *Ident) End() token.Pos { return x.NamePos + token.Pos(len(x.Name)) }

// String returns the name, or "" for a nil identifier.
func (x *Ident) String() string {
	if x == nil {
		return ""
	}
	return x.Name
}

// Lifetime is 'a, 'static or a loop label.
type Lifetime struct {
	NamePos token.Pos
	Name    string // including the quote
}

// Pos returns the lifetime's start.
func (x *Lifetime) Pos() token.Pos { return x.NamePos }

// End returns the position after the lifetime.
func (x *Lifetime) End() token.Pos { return x.NamePos + token.Pos(len(x.Name)) }

// Delim is the delimiter of a token tree.
type Delim uint8

// Delimiters of token trees.
const (
	Paren Delim = iota
	Bracket
	Brace
	// NoDelim marks the "= value" form of an attribute.
	NoDelim
)

// TokenTree is a delimited token sequence kept verbatim: the body of a
// macro call or an attribute. Tokens excludes the outer delimiters.
type TokenTree struct {
	Open   token.Pos
	Delim  Delim
	Tokens []token.Token
	Close  token.Pos // position of the closing delimiter
}

// Pos returns the opening delimiter.
func (x *TokenTree) Pos() token.Pos { return x.Open }

// End returns the position after the closing delimiter.
func (x *TokenTree) End() token.Pos {
	if x.Delim == NoDelim {
		return x.Close
	}
	return x.Close + 1
}

// Attribute is #[path tokens], #![...] or a doc comment.
type Attribute struct {
	Pound token.Pos
	Inner bool // #![...] or //!
	// Doc is set for doc comments; Text then holds the comment with its
	// markers (///, //!, /** */) removed.
	Doc    bool
	Text   string
	Path   *Path      // nil for doc comments
	Args   *TokenTree // nil for #[path]; NoDelim for #[path = value]
	EndPos token.Pos
}

// Pos returns the attribute's start.
func (x *Attribute) Pos() token.Pos { return x.Pound }

// End returns the position after the attribute.
func (x *Attribute) End() token.Pos { return x.EndPos }

// Visibility is pub, pub(crate), pub(super), pub(in path), or absent.
type Visibility struct {
	PubPos token.Pos
	Scope  *Path // nil for plain pub
	EndPos token.Pos
}

// Pos returns "pub".
func (x *Visibility) Pos() token.Pos { return x.PubPos }

// End returns the position after the visibility.
func (x *Visibility) End() token.Pos { return x.EndPos }

// ItemHeader holds what every item has.
type ItemHeader struct {
	Attrs []*Attribute
	Vis   *Visibility // nil when private
	Start token.Pos   // first token of the item proper (after attributes)
	Stop  token.Pos   // position after the item
}

// Header returns h; it lets every item satisfy Item by embedding.
func (h *ItemHeader) Header() *ItemHeader { return h }

// Pos returns the first attribute or the item start.
func (h *ItemHeader) Pos() token.Pos {
	if len(h.Attrs) > 0 && h.Attrs[0].Pos() < h.Start {
		return h.Attrs[0].Pos()
	}
	if h.Vis != nil {
		return h.Vis.Pos()
	}
	return h.Start
}

// End returns the position after the item.
func (h *ItemHeader) End() token.Pos { return h.Stop }

// File is one parsed source file.
type File struct {
	Name  string
	Attrs []*Attribute // inner attributes and //! docs
	Items []Item
	Start token.Pos
	Stop  token.Pos
}

// Pos returns the start of the file.
func (f *File) Pos() token.Pos { return f.Start }

// End returns the end of the file.
func (f *File) End() token.Pos { return f.Stop }

// String names the delimiter.
func (d Delim) String() string {
	switch d {
	case Paren:
		return "()"
	case Bracket:
		return "[]"
	case Brace:
		return "{}"
	}
	return "="
}
