package ast

import (
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/token"
)

// Fprint writes a readable dump of the tree rooted at node, one field per
// line, with positions resolved through fset (which may be nil). Nil
// fields and empty lists are left out so that dumps stay short enough to
// be reviewed as golden files.
func Fprint(w io.Writer, fset *token.FileSet, node any) error {
	pr := &printer{w: w, fset: fset}
	pr.value(reflect.ValueOf(node), 0)
	pr.byte('\n')
	return pr.err
}

type printer struct {
	w    io.Writer
	fset *token.FileSet
	err  error
	buf  strings.Builder
}

func (p *printer) byte(b byte) {
	p.buf.WriteByte(b)
	p.flush()
}

func (p *printer) printf(format string, args ...any) {
	fmt.Fprintf(&p.buf, format, args...)
	p.flush()
}

func (p *printer) flush() {
	if p.buf.Len() > 4096 || p.buf.Len() > 0 && strings.HasSuffix(p.buf.String(), "\n") {
		if p.err == nil {
			_, p.err = io.WriteString(p.w, p.buf.String())
		}
		p.buf.Reset()
	}
}

func (p *printer) indent(n int) {
	p.printf("%s", strings.Repeat("  ", n))
}

var posType = reflect.TypeOf(token.Pos(0))
var tokenType = reflect.TypeOf(token.Token{})

func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer, reflect.Slice, reflect.Map:
		return v.IsNil() || v.Kind() == reflect.Slice && v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.String:
		return v.String() == ""
	}
	if v.Type() == posType {
		return !token.Pos(v.Int()).IsValid()
	}
	return false
}

func (p *printer) value(v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			p.printf("nil")
			return
		}
		switch n := v.Interface().(type) {
		case *Ident:
			p.printf("Ident %q @%s", n.Name, p.pos(n.NamePos))
			return
		case *Lifetime:
			p.printf("Lifetime %q @%s", n.Name, p.pos(n.NamePos))
			return
		case *Path:
			if simplePath(n) {
				p.printf("Path %q @%s", n.String(), p.pos(n.From))
				return
			}
		}
		p.value(v.Elem(), depth)
	case reflect.Slice:
		if v.Type().Elem() == tokenType {
			p.tokens(v)
			return
		}
		p.printf("[\n")
		for i := 0; i < v.Len(); i++ {
			p.indent(depth + 1)
			p.value(v.Index(i), depth+1)
			p.byte('\n')
		}
		p.indent(depth)
		p.printf("]")
	case reflect.Struct:
		t := v.Type()
		p.printf("%s {\n", t.Name())
		for i := 0; i < t.NumField(); i++ {
			f := v.Field(i)
			if !t.Field(i).IsExported() || isEmpty(f) {
				continue
			}
			if t.Field(i).Anonymous {
				// Embedded headers print their fields inline.
				for j := 0; j < f.NumField(); j++ {
					if isEmpty(f.Field(j)) {
						continue
					}
					p.indent(depth + 1)
					p.printf("%s: ", f.Type().Field(j).Name)
					p.value(f.Field(j), depth+1)
					p.byte('\n')
				}
				continue
			}
			p.indent(depth + 1)
			p.printf("%s: ", t.Field(i).Name)
			p.value(f, depth+1)
			p.byte('\n')
		}
		p.indent(depth)
		p.printf("}")
	default:
		if v.Type() == posType {
			p.printf("%s", p.pos(token.Pos(v.Int())))
			return
		}
		if st, ok := v.Interface().(fmt.Stringer); ok && v.Kind() != reflect.Struct {
			p.printf("%s", st.String())
			return
		}
		if v.Kind() == reflect.String {
			p.printf("%q", v.String())
			return
		}
		p.printf("%v", v.Interface())
	}
}

// tokens prints a token tree's tokens on one line, as source text.
func (p *printer) tokens(v reflect.Value) {
	toks := v.Interface().([]token.Token)
	parts := make([]string, len(toks))
	for i, t := range toks {
		parts[i] = t.Lit
	}
	p.printf("%q", strings.Join(parts, " "))
}

// pos prints line:column; the file name is the same throughout a dump.
func (p *printer) pos(pos token.Pos) string {
	if p.fset == nil {
		return fmt.Sprint(int(pos))
	}
	ps := p.fset.Position(pos)
	return fmt.Sprintf("%d:%d", ps.Line, ps.Column)
}

func simplePath(x *Path) bool {
	if x.QSelf != nil {
		return false
	}
	for _, s := range x.Segments {
		if s.Args != nil {
			return false
		}
	}
	return true
}
