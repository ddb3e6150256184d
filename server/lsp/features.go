package lsp

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// hover shows the description and remediation of the findings under the cursor.
func (s *Server) hover(_ *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	s.mu.Lock()
	res := s.published[p.TextDocument.URI]
	s.mu.Unlock()
	if res == nil {
		return nil, nil
	}
	var parts []string
	var rng *protocol.Range
	for _, it := range res.items {
		if contains(it.diag.Range, p.Position) {
			parts = append(parts, it.hover)
			if rng == nil {
				r := it.diag.Range
				rng = &r
			}
		}
	}
	if len(parts) == 0 {
		return nil, nil
	}
	return &protocol.Hover{
		Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: strings.Join(parts, "\n\n---\n\n")},
		Range:    rng,
	}, nil
}

// codeAction offers, for each finding in the range, a quick fix that silences its detector on
// that line with the comment Vigil honours.
func (s *Server) codeAction(_ *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	uri := p.TextDocument.URI
	s.mu.Lock()
	res := s.published[uri]
	var current *text
	if doc := s.open[uri]; doc != nil {
		current = newText(doc.text, strings.HasSuffix(uri, ".rs"))
	}
	s.mu.Unlock()
	actions := []protocol.CodeAction{}
	if res == nil || len(p.Context.Only) > 0 && !wantsQuickFix(p.Context.Only) {
		return actions, nil
	}
	if current == nil {
		current = res.txt
	}
	kind := protocol.CodeActionKindQuickFix
	done := map[string]bool{}
	for _, it := range res.items {
		if it.id == "" || !overlaps(it.diag.Range, p.Range) {
			continue
		}
		off := current.offset(it.diag.Range.Start)
		line := sort.SearchInts(current.vigilLines, off+1) // 1-based
		key := fmt.Sprint(it.id, "@", line)
		if done[key] {
			continue
		}
		done[key] = true
		at, insert := current.suppression(line, it.id)
		pos := current.position(at)
		actions = append(actions, protocol.CodeAction{
			Title:       "Suppress " + it.id + " on this line (vigil-disable-next-line)",
			Kind:        &kind,
			Diagnostics: []protocol.Diagnostic{it.diag},
			Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{
				uri: {{Range: protocol.Range{Start: pos, End: pos}, NewText: insert}},
			}},
		})
	}
	return actions, nil
}

func wantsQuickFix(only []protocol.CodeActionKind) bool {
	for _, k := range only {
		if k == protocol.CodeActionKindQuickFix || k == "" {
			return true
		}
	}
	return false
}

func before(a, b protocol.Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// contains reports whether pos is inside r, its end included (a cursor just after the code).
func contains(r protocol.Range, pos protocol.Position) bool {
	return !before(pos, r.Start) && !before(r.End, pos)
}

// overlaps reports whether two ranges share a position (touching counts).
func overlaps(a, b protocol.Range) bool {
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}
