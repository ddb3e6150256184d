package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Design choices the code documents where it makes them. A comment is the only place a
// contract can say that it skips a check on purpose ("staleness is unchecked to decouple the
// quoter from feed delays", "the mapping is kept, as intended"): the finding is still worth a
// reviewer's reading, at low severity, and the evidence says that a comment decided it. A to-do
// is not a decision.

// commentsMention reports whether a comment inside [from, to) of the file holding from, or
// the doc comment of fn (when fn is not nil), mentions one of words and one of how (lower
// case: what is skipped, and that it is skipped on purpose), and is not a to-do.
func commentsMention(p *sema.Program, fn *sema.Function, from, to token.Pos, words, how []string) bool {
	says := func(text string) bool { return textMentions(text, words) && textMentions(text, how) }
	if fn != nil && fn.Decl != nil && says(fn.Decl.Doc.Text()) {
		return true
	}
	f := p.FileOf(from)
	if f == nil || f.AST == nil {
		return false
	}
	for _, g := range f.AST.Comments {
		if g.End() <= from {
			continue
		}
		if g.Pos() >= to {
			break
		}
		if says(g.Text()) {
			return true
		}
	}
	return false
}

// onPurpose are the words a comment uses to say that something is left out by design.
var onPurpose = []string{"unchecked", "not checked", "no check", "not check", "intentional", "deliberate", "on purpose",
	"by design", "as intended", "is retained", "are retained", "is kept", "are kept", "ignored", "not supported", "unsupported"}

// commentAt returns the text of the comments on n's lines (a trailing comment) and of the
// comment group ending on the line just above n.
func commentAt(p *sema.Program, n ast.Node) string {
	f := p.FileOf(n.Pos())
	if f == nil || f.AST == nil {
		return ""
	}
	first, last := f.Line(n.Pos()), f.Line(n.End())
	var out []string
	for _, g := range f.AST.Comments {
		from, to := f.Line(g.Pos()), f.Line(g.End())
		if from > last {
			break
		}
		if from >= first && from <= last || to == first-1 {
			out = append(out, g.Text())
		}
	}
	return strings.Join(out, "\n")
}

// textMentions reports whether text holds one of words (lower case) and is not a to-do.
func textMentions(text string, words []string) bool {
	if text == "" {
		return false
	}
	lower := strings.ToLower(text)
	if strings.Contains(lower, "todo") || strings.Contains(lower, "fixme") {
		return false
	}
	for _, w := range words {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// contractDocMentions reports whether the doc comment of c or of a contract or interface it
// inherits mentions one of words and one of how.
func contractDocMentions(c *sema.Contract, words, how []string) bool {
	if c == nil {
		return false
	}
	for _, b := range c.Linearization {
		if b.Decl != nil {
			if text := b.Decl.Doc.Text(); textMentions(text, words) && textMentions(text, how) {
				return true
			}
		}
	}
	return false
}
