package ast

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/token"
	"github.com/vigil-sec/vigil/scan/source"
)

// Node is any node of the tree.
type Node interface {
	Pos() token.Pos // first byte
	End() token.Pos // byte just after the node
}

// Expr is an expression or a type name (Solidity lets one stand for the other: uint[](n),
// abi.decode(b, (uint, address))).
type Expr interface {
	Node
	exprNode()
}

// Stmt is a statement.
type Stmt interface {
	Node
	stmtNode()
}

// Decl is a declaration at file or contract level.
type Decl interface {
	Node
	declNode()
}

// Comment is one // or /* */ comment.
type Comment struct {
	Slash token.Pos // position of the first '/'
	Text  string    // the comment's text, delimiters included
}

func (c *Comment) Pos() token.Pos { return c.Slash }
func (c *Comment) End() token.Pos { return c.Slash + token.Pos(len(c.Text)) }

// CommentGroup is a run of comments with no blank line or token between them.
type CommentGroup struct {
	List []*Comment
}

func (g *CommentGroup) Pos() token.Pos { return g.List[0].Pos() }
func (g *CommentGroup) End() token.Pos { return g.List[len(g.List)-1].End() }

// Text returns the comments' text without delimiters and leading '*' or '/' decoration, one
// line per source line. NatSpec tags (@notice, @dev, ...) are kept as they are.
func (g *CommentGroup) Text() string {
	if g == nil {
		return ""
	}
	var lines []string
	for _, c := range g.List {
		t := c.Text
		if strings.HasPrefix(t, "//") {
			lines = append(lines, strings.TrimSpace(strings.TrimLeft(t[2:], "/")))
			continue
		}
		t = strings.TrimSuffix(strings.TrimPrefix(t, "/*"), "*/")
		for _, l := range source.SplitLines(t) {
			l = strings.TrimSpace(l)
			l = strings.TrimSpace(strings.TrimLeft(l, "*"))
			lines = append(lines, l)
		}
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}

// File is one parsed source file.
type File struct {
	Name     string          // file name as given to the parser
	Decls    []Decl          // pragmas, imports, contracts and file-level declarations in order
	Comments []*CommentGroup // every comment of the file, in order
	FileEnd  token.Pos       // end of the file
	FileBase token.Pos       // start of the file
}

func (f *File) Pos() token.Pos { return f.FileBase }
func (f *File) End() token.Pos { return f.FileEnd }

// Ident is a name.
type Ident struct {
	NamePos token.Pos
	Name    string
}

func (x *Ident) Pos() token.Pos { return x.NamePos }
func (x *Ident) End() token.Pos { return x.NamePos + token.Pos(len(x.Name)) }
func (*Ident) exprNode()        {}

func (x *Ident) String() string {
	if x == nil {
		return ""
	}
	return x.Name
}

// IdentPath is a dotted name such as A.B.C, used for inheritance, modifiers, using and events.
type IdentPath struct {
	Names []*Ident
}

func (x *IdentPath) Pos() token.Pos { return x.Names[0].Pos() }
func (x *IdentPath) End() token.Pos { return x.Names[len(x.Names)-1].End() }
func (*IdentPath) exprNode()        {}

func (x *IdentPath) String() string {
	if x == nil {
		return ""
	}
	parts := make([]string, len(x.Names))
	for i, n := range x.Names {
		parts[i] = n.Name
	}
	return strings.Join(parts, ".")
}
