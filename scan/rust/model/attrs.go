package model

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
)

// attrName returns an attribute's last path segment ("account" for
// #[anchor_lang::account]).
func attrName(a *ast.Attribute) string {
	if a.Path == nil {
		return ""
	}
	if s := a.Path.Last(); s != nil {
		return s.Name.Name
	}
	return ""
}

// FindAttr returns the first attribute named name (by last segment).
func FindAttr(attrs []*ast.Attribute, name string) *ast.Attribute {
	for _, a := range attrs {
		if !a.Doc && attrName(a) == name {
			return a
		}
	}
	return nil
}

// HasAttr reports whether an attribute named name is present.
func HasAttr(attrs []*ast.Attribute, name string) bool { return FindAttr(attrs, name) != nil }

// Derives lists the trait names of all #[derive(...)] attributes, last
// segment only ("BorshDeserialize" for borsh::BorshDeserialize).
func Derives(attrs []*ast.Attribute) []string {
	var out []string
	for _, a := range attrs {
		if a.Doc || attrName(a) != "derive" || a.Args == nil {
			continue
		}
		// Token-level reading is enough for derive lists and cannot fail.
		for _, t := range a.Args.Tokens {
			if t.Kind.IsLiteral() || t.Kind.IsKeyword() {
				out = append(out, t.Lit)
			}
		}
	}
	return out
}

// HasDerive reports whether name is derived.
func HasDerive(attrs []*ast.Attribute, name string) bool {
	for _, d := range Derives(attrs) {
		if d == name {
			return true
		}
	}
	return false
}

// DocText joins the text of doc comments and #[doc = "..."] attributes,
// one line each, trimmed.
func DocText(attrs []*ast.Attribute) string {
	var lines []string
	for _, a := range attrs {
		if a.Doc {
			for _, l := range strings.Split(a.Text, "\n") {
				lines = append(lines, strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(l), "*")))
			}
		} else if attrName(a) == "doc" && a.Args != nil && a.Args.Delim == ast.NoDelim && len(a.Args.Tokens) == 1 {
			lines = append(lines, strings.TrimSpace(strings.Trim(a.Args.Tokens[0].Lit, `"`)))
		}
	}
	return strings.Join(lines, "\n")
}
