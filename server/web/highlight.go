package web

import (
	"bytes"
	"embed"
	"html/template"
	"path"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	chtml "github.com/alecthomas/chroma/v2/formatters/html"
)

// Syntax highlighting is done on the server with chroma, into spans carrying chroma's class
// names; their colours come from /assets/chroma.css, generated from one of chroma's styles, so
// that no inline style is needed (the Content-Security-Policy forbids them).

// The lexers and the style are chroma's own definitions, copied into chroma/ and parsed on first
// use: chroma's lexers and styles packages parse all of theirs in their init, which every vigil
// command would pay for (see chroma/README.md).
//
//go:embed chroma/*.xml
var chromaDefs embed.FS

// chromaCSS is the style sheet of the class names highlight writes.
var chromaCSS = sync.OnceValue(func() []byte {
	var b bytes.Buffer
	f, err := chromaDefs.Open("chroma/github.xml")
	if err != nil {
		panic(err) // embedded at build time
	}
	defer f.Close()
	style, err := chroma.NewXMLStyle(f)
	if err != nil {
		panic(err)
	}
	chtml.New(chtml.WithClasses(true)).WriteCSS(&b, style)
	return b.Bytes()
})

var (
	solidityLexer = sync.OnceValue(func() chroma.Lexer { return chroma.MustNewXMLLexer(chromaDefs, "chroma/solidity.xml") })
	rustLexer     = sync.OnceValue(func() chroma.Lexer { return chroma.MustNewXMLLexer(chromaDefs, "chroma/rust.xml") })
	// plainLexer is chroma's fallback lexer: the whole text as one token.
	plainLexer = sync.OnceValue(func() chroma.Lexer {
		return chroma.MustNewLexer(&chroma.Config{Name: "plaintext"}, func() chroma.Rules {
			return chroma.Rules{"root": []chroma.Rule{{Pattern: `.+`, Type: chroma.Text}, {Pattern: `\n`, Type: chroma.Text}}}
		})
	})
)

// codeLine is one line of a code window.
type codeLine struct {
	No   int
	HTML template.HTML
	Hit  bool // inside the finding's line range
}

// lexerFor picks the lexer of a file by extension: Solidity and Rust, else plain text.
func lexerFor(file string) chroma.Lexer {
	switch strings.ToLower(path.Ext(file)) {
	case ".sol":
		return chroma.Coalesce(solidityLexer())
	case ".rs":
		return chroma.Coalesce(rustLexer())
	}
	return chroma.Coalesce(plainLexer())
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
