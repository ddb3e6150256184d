package scan

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
)

// A bug_hash identifies a finding across rescans: the same issue in the same place of the code
// gets the same hash even when unrelated lines move. It hashes the issue id, the file path, the
// enclosing contract and function, and the finding's code with whitespace normalised — never
// line numbers. Identical findings within one function (the same statement twice) are told
// apart by their order of appearance.
type fingerprinter struct {
	seen map[string]int
}

func (fp *fingerprinter) hash(r record) string {
	return fp.sum(r.tmpl.ID, r.file, r.contract, r.function, r.code)
}

// anchor is hash without the file path: the same finding in a renamed or moved file keeps it
// (report.Finding.Anchor).
func (fp *fingerprinter) anchor(r record) string {
	return fp.sum(r.tmpl.ID, "", r.contract, r.function, r.code)
}

func (fp *fingerprinter) sum(parts ...string) string {
	var buf [256]byte // the key, on the stack unless long
	key := buf[:0]
	for i, part := range parts {
		if i > 0 {
			key = append(key, 0)
		}
		key = append(key, part...)
	}
	n := fp.seen[string(key)]
	fp.seen[string(key)] = n + 1
	if n > 0 {
		key = append(key, 0)
		key = strconv.AppendInt(key, int64(n), 10)
	}
	sum := sha256.Sum256(key)
	var out [24]byte // base64 of 18 bytes
	base64.RawURLEncoding.Encode(out[:], sum[:18])
	return string(out[:])
}

// joinFields returns the words of code (split at white space, as strings.Fields does) joined by
// single spaces: the finding's code as the fingerprint hashes it.
func joinFields(code []byte) string {
	var b strings.Builder
	b.Grow(len(code))
	for w := range bytes.FieldsSeq(code) {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.Write(w)
	}
	return b.String()
}
