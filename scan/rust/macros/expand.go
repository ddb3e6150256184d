package macros

import (
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// binding is what a matcher variable matched: tokens, or one binding per repetition.
type binding struct {
	toks []token.Token
	frag string
	reps []map[string]*binding
}

// Expand matches the call's tokens (inside its delimiters) against each rule in turn and
// returns the first matching rule's transcription; false when none matches or the expansion
// is past the limits.
func (r *Rules) Expand(args []token.Token) ([]token.Token, bool) {
	for _, ru := range r.rules {
		vars := map[string]*binding{}
		if end, ok := match(ru.matcher, args, 0, vars, 0); ok && end == len(args) {
			out, ok := transcribe(ru.body, vars, nil, 0)
			if ok && len(out) <= maxTokens {
				return out, true
			}
			return nil, false
		}
	}
	return nil, false
}

// match matches elems against toks from i; it returns where the match ends.
func match(elems []elem, toks []token.Token, i int, vars map[string]*binding, depth int) (int, bool) {
	if depth > maxDepth {
		return 0, false
	}
	for k, e := range elems {
		switch e.kind {
		case litElem:
			if i >= len(toks) || toks[i].Kind != e.tok.Kind || toks[i].Lit != e.tok.Lit {
				return 0, false
			}
			i++
		case groupElem:
			if i >= len(toks) || toks[i].Kind != e.open {
				return 0, false
			}
			end := groupEnd(toks, i)
			if end < 0 {
				return 0, false
			}
			inner, ok := match(e.sub, toks[i+1:end], 0, vars, depth+1)
			if !ok || inner != end-i-1 {
				return 0, false
			}
			i = end + 1
		case fragElem:
			j, ok := fragment(e.frag, toks, i, follow(elems[k+1:]))
			if !ok {
				return 0, false
			}
			vars[e.name] = &binding{toks: toks[i:j], frag: e.frag}
			i = j
		case repElem:
			var reps []map[string]*binding
			next := follow(elems[k+1:])
			for n := 0; ; n++ {
				if n > 0 && e.sep != nil {
					if i >= len(toks) || toks[i].Kind != e.sep.Kind || toks[i].Lit != e.sep.Lit {
						break
					}
				}
				start := i
				if n > 0 && e.sep != nil {
					start++
				}
				if start >= len(toks) || next != nil && toks[start].Kind == next.Kind && toks[start].Lit == next.Lit && e.sep == nil {
					break
				}
				sub := map[string]*binding{}
				end, ok := match(e.sub, toks, start, sub, depth+1)
				if !ok || end == start {
					break
				}
				reps = append(reps, sub)
				i = end
				if e.op == token.QUESTION {
					break
				}
			}
			if e.op == token.PLUS && len(reps) == 0 {
				return 0, false
			}
			for _, name := range varNames(e.sub) {
				vars[name] = &binding{reps: reps}
			}
		}
	}
	return i, true
}

// follow is the literal token a matcher expects next, or nil.
func follow(rest []elem) *token.Token {
	if len(rest) > 0 && rest[0].kind == litElem {
		return &rest[0].tok
	}
	if len(rest) > 0 && rest[0].kind == repElem && rest[0].sep == nil && len(rest[0].sub) > 0 && rest[0].sub[0].kind == litElem {
		return &rest[0].sub[0].tok
	}
	return nil
}

// fragment returns where a fragment starting at toks[i] ends.
func fragment(frag string, toks []token.Token, i int, next *token.Token) (int, bool) {
	if i >= len(toks) {
		return 0, false
	}
	switch frag {
	case "tt":
		return treeEnd(toks, i), true
	case "ident":
		if isName(toks[i]) {
			return i + 1, true
		}
		return 0, false
	case "lifetime":
		if toks[i].Kind == token.LIFETIME {
			return i + 1, true
		}
		return 0, false
	case "literal":
		if toks[i].Kind == token.MINUS && i+1 < len(toks) {
			return i + 2, true
		}
		if toks[i].Kind.IsLiteral() || toks[i].Kind == token.TRUE || toks[i].Kind == token.FALSE {
			return i + 1, true
		}
		return 0, false
	case "block":
		if toks[i].Kind == token.LBRACE {
			return treeEnd(toks, i), true
		}
		return 0, false
	case "vis":
		if toks[i].Kind == token.PUB {
			j := i + 1
			if j < len(toks) && toks[j].Kind == token.LPAREN {
				j = treeEnd(toks, j)
			}
			return j, true
		}
		return i, true
	}
	// expr, ty, path, pat, pat_param, stmt, item, meta: token trees up to what follows.
	j := i
	for j < len(toks) {
		t := toks[j]
		if next != nil && t.Kind == next.Kind && t.Lit == next.Lit {
			break
		}
		if next == nil && (frag == "expr" || frag == "stmt") && (t.Kind == token.COMMA || t.Kind == token.SEMI || t.Kind == token.FATARROW) {
			break
		}
		j = treeEnd(toks, j)
	}
	return j, j > i
}

func varNames(elems []elem) []string {
	var out []string
	for _, e := range elems {
		switch e.kind {
		case fragElem:
			out = append(out, e.name)
		case groupElem, repElem:
			out = append(out, varNames(e.sub)...)
		}
	}
	return out
}

// transcribe writes a rule's body with the variables substituted; rep picks the bindings of
// one repetition.
func transcribe(body []token.Token, vars map[string]*binding, rep map[string]*binding, depth int) ([]token.Token, bool) {
	if depth > maxDepth {
		return nil, false
	}
	lookup := func(name string) *binding {
		if rep != nil {
			if b, ok := rep[name]; ok {
				return b
			}
		}
		return vars[name]
	}
	var out []token.Token
	for i := 0; i < len(body); i++ {
		t := body[i]
		if t.Kind != token.DOLLAR || i+1 >= len(body) {
			out = append(out, t)
			continue
		}
		n := body[i+1]
		switch {
		case n.Kind == token.LPAREN:
			end := groupEnd(body, i+1)
			if end < 0 {
				return nil, false
			}
			inner := body[i+2 : end]
			j := end + 1
			var sep *token.Token
			if j < len(body) && !isRepOp(body[j].Kind) {
				s := body[j]
				sep = &s
				j++
			}
			if j >= len(body) {
				return nil, false
			}
			count, reps := 0, repsOf(inner, lookup)
			for _, r := range reps {
				count = max(count, len(r))
			}
			for k := 0; k < count; k++ {
				iter := map[string]*binding{}
				for name, b := range rep {
					iter[name] = b
				}
				for _, r := range reps {
					if k < len(r) {
						for name, b := range r[k] {
							iter[name] = b
						}
					}
				}
				if k > 0 && sep != nil {
					out = append(out, *sep)
				}
				sub, ok := transcribe(inner, vars, iter, depth+1)
				if !ok {
					return nil, false
				}
				out = append(out, sub...)
				if len(out) > maxTokens {
					return nil, false
				}
			}
			i = j
		case n.Kind == token.CRATE || n.Lit == "crate":
			out = append(out, token.Token{Kind: token.CRATE, Pos: n.Pos, Lit: "crate"})
			i++
		case isName(n):
			b := lookup(n.Lit)
			if b == nil || b.reps != nil {
				out = append(out, t, n) // not a variable of this rule: kept (a nested macro's)
				i++
				continue
			}
			if b.frag == "expr" && len(b.toks) > 1 {
				// An expression fragment stays one operand.
				out = append(out, token.Token{Kind: token.LPAREN, Pos: b.toks[0].Pos, Lit: "("})
				out = append(out, b.toks...)
				out = append(out, token.Token{Kind: token.RPAREN, Pos: b.toks[len(b.toks)-1].Pos, Lit: ")"})
			} else {
				out = append(out, b.toks...)
			}
			i++
		default:
			out = append(out, t)
		}
		if len(out) > maxTokens {
			return nil, false
		}
	}
	return out, true
}

// repsOf returns the repetitions of the repeated variables a repetition's body uses.
func repsOf(inner []token.Token, lookup func(string) *binding) [][]map[string]*binding {
	var out [][]map[string]*binding
	for i := 0; i+1 < len(inner); i++ {
		if inner[i].Kind == token.DOLLAR && isName(inner[i+1]) {
			if b := lookup(inner[i+1].Lit); b != nil && b.reps != nil {
				out = append(out, b.reps)
			}
		}
	}
	return out
}
