package scan

import (
	"crypto/sha256"
	"encoding/base64"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// A bug_hash identifies a finding across rescans: the same issue in the same place of the code
// gets the same hash even when unrelated lines move. It hashes the issue id, the file path, the
// enclosing contract and function, and the finding's code with whitespace normalised — never
// line numbers. Identical findings within one function (the same statement twice) are told
// apart by their order of appearance.
type fingerprinter struct {
	prog *sema.Program
	seen map[string]int
}

func newFingerprinter(prog *sema.Program) *fingerprinter {
	return &fingerprinter{prog: prog, seen: map[string]int{}}
}

func (fp *fingerprinter) hash(f detect.Finding) string {
	path, code := "", ""
	if file := fp.prog.FileOf(f.Pos); file != nil {
		path = file.Path
		tf := file.TokFile
		from, to := tf.Offset(f.Pos), tf.Offset(f.End)
		if from <= to && to <= len(file.Src) {
			code = strings.Join(strings.Fields(string(file.Src[from:to])), " ")
		}
	}
	key := strings.Join([]string{f.Analyzer.ID, path, f.Contract, f.Function, code}, "\x00")
	n := fp.seen[key]
	fp.seen[key] = n + 1
	if n > 0 {
		key += "\x00" + string(rune('0'+n%10)) + strings.Repeat("+", n/10)
	}
	sum := sha256.Sum256([]byte(key))
	return base64.RawURLEncoding.EncodeToString(sum[:18])
}
