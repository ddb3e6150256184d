package web

import (
	"bytes"
	"html/template"
	"path"
	"strings"

	"github.com/alecthomas/chroma/v2"
	chtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
)

// Syntax highlighting is done on the server with chroma, into spans carrying chroma's class
// names; their colours come from /assets/chroma.css, generated from one of chroma's styles, so
// that no inline style is needed (the Content-Security-Policy forbids them).

const chromaStyle = "github"

var chromaCSS = func() []byte {
	var b bytes.Buffer
	chtml.New(chtml.WithClasses(true)).WriteCSS(&b, styles.Get(chromaStyle))
	return b.Bytes()
}()

// codeLine is one line of a code window.
type codeLine struct {
	No   int
	HTML template.HTML
	Hit  bool // inside the finding's line range
}

// lexerFor picks the lexer of a file by extension: Solidity and Rust, else plain text.
func lexerFor(file string) chroma.Lexer {
	var l chroma.Lexer
	switch strings.ToLower(path.Ext(file)) {
	case ".sol":
		l = lexers.Get("solidity")
	case ".rs":
		l = lexers.Get("rust")
	}
	if l == nil {
		l = lexers.Fallback
	}
	return chroma.Coalesce(l)
}

// highlight renders lines (numbered from first) as highlighted HTML, one entry a line. Lines
// are tokenised together, so that a comment or string spanning lines is coloured right.
func highlight(file string, first int, lines []string) []codeLine {
	out := make([]codeLine, len(lines))
	for i := range out {
		out[i].No = first + i
	}
	it, err := lexerFor(file).Tokenise(nil, strings.Join(lines, "\n")+"\n")
	if err != nil {
		for i, l := range lines {
			out[i].HTML = template.HTML(template.HTMLEscapeString(l))
		}
		return out
	}
	var b strings.Builder
	row := 0
	flush := func() {
		if row < len(out) {
			out[row].HTML = template.HTML(b.String())
		}
		b.Reset()
		row++
	}
	for tok := it(); tok != chroma.EOF; tok = it() {
		cls := classOf(tok.Type)
		parts := strings.Split(tok.Value, "\n")
		for i, part := range parts {
			if i > 0 {
				flush()
			}
			if part == "" {
				continue
			}
			if cls != "" {
				b.WriteString(`<span class="` + cls + `">`)
			}
			b.WriteString(template.HTMLEscapeString(part))
			if cls != "" {
				b.WriteString("</span>")
			}
		}
	}
	if b.Len() > 0 {
		flush()
	}
	return out
}

// classOf is chroma's short class of a token type, falling back to its parent category.
func classOf(t chroma.TokenType) string {
	for ; t != 0; t = t.Parent() {
		if c, ok := chroma.StandardTypes[t]; ok && c != "" {
			return c
		}
		if t.Parent() == t {
			break
		}
	}
	return ""
}
