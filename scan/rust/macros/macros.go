// Package macros expands a crate's own macro_rules! macros, so that the code they stand for is
// analysed like the rest: a check written as check_keys_equal!(a, b), a loader written as
// load_market!(..), seeds written as vault_seeds!(..).
//
// The expander follows Rust's macro_rules closely enough for the macros programs write:
// matchers of literal tokens, delimited groups, fragments ($x:expr, ident, ty, path, tt,
// literal, pat, block, lifetime, ...) and repetitions ($(...),* + ?); transcribers with
// $x, $( ... )sep* and $crate. An expression fragment consumes token trees up to the token
// the matcher expects next; a transcribed expression is wrapped in parentheses, as Rust keeps
// it one operand. A rule that does not match is skipped; a call no rule matches is not
// expanded. Positions of the transcribed tokens are their own: the definition's tokens keep
// the definition's place, the arguments the call's.
package macros

import (
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// limits keep hostile macros (deep repetitions, huge expansions) bounded.
const (
	maxTokens = 1 << 14 // tokens of one expansion
	maxDepth  = 32      // nesting of matcher groups and repetitions
)

// Rules is a compiled macro_rules!.
type Rules struct {
	Name  string
	rules []rule
}

type rule struct {
	matcher []elem
	body    []token.Token
}

// elem is one element of a matcher.
type elem struct {
	kind elemKind
	tok  token.Token // literal
	name string      // fragment name
	frag string      // fragment specifier
	sub  []elem      // group or repetition contents
	open token.Kind  // group delimiter
	sep  *token.Token
	op   token.Kind // repetition operator: STAR, PLUS, QUESTION
}

type elemKind uint8

const (
	litElem elemKind = iota
	fragElem
	groupElem
	repElem
)

// Compile reads a macro_rules! body (the tokens inside its braces): rules written
// (matcher) => {transcriber} and separated by semicolons. Rules that cannot be read are left
// out; nil when none can.
func Compile(name string, body []token.Token) *Rules {
	r := &Rules{Name: name}
	i := 0
	for i < len(body) {
		if body[i].Kind == token.SEMI {
			i++
			continue
		}
		mEnd := groupEnd(body, i)
		if mEnd < 0 || i+1 > mEnd || mEnd+1 >= len(body) || body[mEnd+1].Kind != token.FATARROW {
			return r.orNil()
		}
		tEnd := groupEnd(body, mEnd+2)
		if tEnd < 0 {
			return r.orNil()
		}
		m, ok := compileMatcher(body[i+1:mEnd], 0)
		if ok {
			r.rules = append(r.rules, rule{matcher: m, body: body[mEnd+3 : tEnd]})
		}
		i = tEnd + 1
	}
	return r.orNil()
}

func (r *Rules) orNil() *Rules {
	if len(r.rules) == 0 {
		return nil
	}
	return r
}

func isOpen(k token.Kind) bool  { return k == token.LPAREN || k == token.LBRACK || k == token.LBRACE }
func isClose(k token.Kind) bool { return k == token.RPAREN || k == token.RBRACK || k == token.RBRACE }

// groupEnd returns the index of the token closing the group opened at toks[i], or -1.
func groupEnd(toks []token.Token, i int) int {
	if i >= len(toks) || !isOpen(toks[i].Kind) {
		return -1
	}
	depth := 0
	for j := i; j < len(toks); j++ {
		switch {
		case isOpen(toks[j].Kind):
			depth++
		case isClose(toks[j].Kind):
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// treeEnd returns the index just past the token tree starting at toks[i].
func treeEnd(toks []token.Token, i int) int {
	if isOpen(toks[i].Kind) {
		if e := groupEnd(toks, i); e >= 0 {
			return e + 1
		}
		return len(toks)
	}
	return i + 1
}

func compileMatcher(toks []token.Token, depth int) ([]elem, bool) {
	if depth > maxDepth {
		return nil, false
	}
	var out []elem
	for i := 0; i < len(toks); {
		t := toks[i]
		switch {
		case t.Kind == token.DOLLAR && i+1 < len(toks) && toks[i+1].Kind == token.LPAREN:
			end := groupEnd(toks, i+1)
			if end < 0 {
				return nil, false
			}
			sub, ok := compileMatcher(toks[i+2:end], depth+1)
			if !ok {
				return nil, false
			}
			e := elem{kind: repElem, sub: sub}
			j := end + 1
			if j < len(toks) && !isRepOp(toks[j].Kind) {
				sep := toks[j]
				e.sep = &sep
				j++
			}
			if j >= len(toks) || !isRepOp(toks[j].Kind) {
				return nil, false
			}
			e.op = toks[j].Kind
			out = append(out, e)
			i = j + 1
		case t.Kind == token.DOLLAR && i+3 < len(toks) && isName(toks[i+1]) && toks[i+2].Kind == token.COLON && isName(toks[i+3]):
			out = append(out, elem{kind: fragElem, name: toks[i+1].Lit, frag: toks[i+3].Lit})
			i += 4
		case isOpen(t.Kind):
			end := groupEnd(toks, i)
			if end < 0 {
				return nil, false
			}
			sub, ok := compileMatcher(toks[i+1:end], depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, elem{kind: groupElem, sub: sub, open: t.Kind})
			i = end + 1
		default:
			out = append(out, elem{kind: litElem, tok: t})
			i++
		}
	}
	return out, true
}

func isRepOp(k token.Kind) bool { return k == token.STAR || k == token.PLUS || k == token.QUESTION }

// isName reports an identifier or keyword (fragment names and specifiers may be keywords:
// $type:ty, $crate).
func isName(t token.Token) bool { return t.Kind == token.IDENT || t.Kind.IsKeyword() }
