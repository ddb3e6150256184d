package scan

import (
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
	key := strings.Join([]string{r.tmpl.ID, r.file, r.contract, r.function, r.code}, "\x00")
	n := fp.seen[key]
	fp.seen[key] = n + 1
	if n > 0 {
		key += "\x00" + strconv.Itoa(n)
	}
	sum := sha256.Sum256([]byte(key))
	return base64.RawURLEncoding.EncodeToString(sum[:18])
}
