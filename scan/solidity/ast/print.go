package ast

import (
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Fprint writes a readable dump of the tree rooted at node: one line per node with its type,
// its start line:column (resolved through fset, which may be nil) and its scalar fields, and
// its children indented below under their field names. Zero-valued fields are left out, so the
// dump stays short enough for golden tests.
func Fprint(w io.Writer, fset *token.FileSet, node Node) error {
	p := &printer{w: w, fset: fset}
	p.node("", node, 0)
	return p.err
}

type printer struct {
	w    io.Writer
	fset *token.FileSet
	err  error
}

var (
	posType   = reflect.TypeFor[token.Pos]()
	tokType   = reflect.TypeFor[token.Token]()
	nodeType  = reflect.TypeFor[Node]()
	groupType = reflect.TypeFor[*CommentGroup]()
)

func (p *printer) printf(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

func (p *printer) node(label string, n Node, depth int) {
	indent := strings.Repeat("  ", depth)
	if label != "" {
		label += ": "
	}
	if isNil(n) {
		p.printf("%s%snil\n", indent, label)
		return
	}
	v := reflect.ValueOf(n).Elem()
	t := v.Type()
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s%s", indent, label, t.Name())
	if p.fset != nil {
		if pos := p.fset.Position(n.Pos()); pos.IsValid() {
			fmt.Fprintf(&b, " %d:%d", pos.Line, pos.Column)
		}
	}
	type child struct {
		label string
		val   reflect.Value
	}
	var children []child
	for i := 0; i < t.NumField(); i++ {
		f, fv := t.Field(i), v.Field(i)
		switch {
		case f.Type == posType:
			continue
		case f.Type == tokType:
			if tk := token.Token(fv.Int()); tk != token.ILLEGAL {
				fmt.Fprintf(&b, " %s=%s", f.Name, tk)
			}
		case f.Type == groupType:
			if g := fv.Interface().(*CommentGroup); g != nil {
				fmt.Fprintf(&b, " %s=%s", f.Name, strconv.Quote(g.Text()))
			}
		case f.Type.Kind() == reflect.String:
			if s := fv.String(); s != "" || f.Name == "Name" {
				fmt.Fprintf(&b, " %s=%s", f.Name, strconv.Quote(s))
			}
		case f.Type.Kind() == reflect.Bool:
			if fv.Bool() {
				fmt.Fprintf(&b, " %s", f.Name)
			}
		case f.Type.Kind() == reflect.Int:
			if f.Type.Implements(reflect.TypeFor[fmt.Stringer]()) {
				fmt.Fprintf(&b, " %s=%s", f.Name, fv.Interface())
			}
		default:
			children = append(children, child{f.Name, fv})
		}
	}
	p.printf("%s\n", b.String())
	for _, c := range children {
		p.value(c.label, c.val, depth+1)
	}
}

func (p *printer) value(label string, v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.Slice:
		if v.Len() == 0 {
			return
		}
		for i := 0; i < v.Len(); i++ {
			p.value(fmt.Sprintf("%s[%d]", label, i), v.Index(i), depth)
		}
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			if strings.HasSuffix(label, "]") {
				p.printf("%s%s: nil\n", strings.Repeat("  ", depth), label)
			}
			return
		}
		if n, ok := v.Interface().(Node); ok {
			p.node(label, n, depth)
			return
		}
		if v.Kind() == reflect.Pointer && v.Elem().Kind() == reflect.Struct {
			p.structValue(label, v.Elem(), depth)
		}
	case reflect.Struct:
		p.structValue(label, v, depth)
	}
}

// structValue prints a non-node helper struct (ImportSymbol, UsingSymbol).
func (p *printer) structValue(label string, v reflect.Value, depth int) {
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s: %s", strings.Repeat("  ", depth), label, v.Type().Name())
	var children []int
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		if f.Type == tokType {
			if tk := token.Token(v.Field(i).Int()); tk != token.ILLEGAL {
				fmt.Fprintf(&b, " %s=%s", f.Name, tk)
			}
			continue
		}
		if f.Type.Implements(nodeType) {
			children = append(children, i)
		}
	}
	p.printf("%s\n", b.String())
	for _, i := range children {
		p.value(v.Type().Field(i).Name, v.Field(i), depth+1)
	}
}
