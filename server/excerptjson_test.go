package server

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// encodeExcerpts writes what json.Marshal does: the stored documents stay as they were, for
// texts with every kind of byte json escapes, line numbers whose text order differs from their
// numeric order, and files with no lines.
func TestEncodeExcerptsIsJSONMarshal(t *testing.T) {
	tricky := []string{"", "plain", `quote " and \ back`, "<a href='x'>&amp;</a>", "tab\tnew\nline\rcr\bbs\fff",
		"\x00\x01\x1f\x7f", "bad \xff\xfe utf-8 \xc3", "ok é ✓ 😀", "sep \u2028 and \u2029", "\u2027\u202a"}
	cases := []map[string]map[int]string{
		{},
		{"a.sol": {}},
		{"a.sol": nil},
		{"contracts/A<1>&\"b\".sol": {1: "x"}, "bad\xffpath.sol": {2: "y"}},
	}
	lines := map[int]string{}
	for n := -3; n < 130; n++ {
		lines[n] = tricky[(n+3)%len(tricky)]
	}
	cases = append(cases, map[string]map[int]string{"b.sol": lines, "a.sol": {9: "nine", 10: "ten", 100: "hundred"}})
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		ex := map[string]map[int]string{}
		for range r.IntN(4) {
			ls := map[int]string{}
			for range r.IntN(30) {
				b := make([]byte, r.IntN(40))
				for i := range b {
					b[i] = byte(r.IntN(256))
				}
				ls[r.IntN(2000)] = string(b)
			}
			ex[string(rune(r.IntN(0x3000)))+"/f.sol"] = ls
		}
		cases = append(cases, ex)
	}
	for _, ex := range cases {
		want, err := json.Marshal(ex)
		if err != nil {
			t.Fatal(err)
		}
		if got := encodeExcerpts(ex); !bytes.Equal(got, want) {
			t.Fatalf("encodeExcerpts(%v)\n got %s\nwant %s", ex, got, want)
		}
	}
}
