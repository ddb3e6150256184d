package sourcetest

import (
	"reflect"
	"testing"

	"github.com/vigil-sec/vigil/scan/source"
)

func TestUnreported(t *testing.T) {
	// Tokens at 0, 5, 10 and 15, one per line; one node spans the first two.
	toks := []Token{{0, 1}, {5, 2}, {10, 3}, {15, 4}}
	spans := []Span{{0, 8}}
	if got := Unreported(20, spans, toks, nil); !reflect.DeepEqual(got, []int{10, 15}) {
		t.Errorf("no diagnostics: %v, want [10 15]", got)
	}
	errs := source.ErrorList{{Pos: source.Position{Offset: 9, Line: 2}}}
	if got := Unreported(20, spans, toks, errs); got != nil {
		t.Errorf("a diagnostic before the skipped tokens: %v, want none", got)
	}
	errs = source.ErrorList{{Pos: source.Position{Offset: 16, Line: 4}}}
	if got := Unreported(20, spans, toks, errs); !reflect.DeepEqual(got, []int{10}) {
		t.Errorf("a diagnostic after the first skipped token: %v, want [10]", got)
	}
}
