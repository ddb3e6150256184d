package server

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// marshalExcerpts must write what json.Marshal writes, byte for byte: stored excerpts are read
// back with json.Unmarshal, and the stored rows must not depend on which encoder wrote them.
func TestMarshalExcerptsMatchesEncodingJSON(t *testing.T) {
	cases := []map[string]map[int]string{
		nil,
		{},
		{"a.sol": nil},
		{"a.sol": {}},
		{"b.sol": {9: "x", 10: "y", 100: "z", 1: "", -3: "neg", -10: "neg2", 0: "zero"}, "a.sol": {2: "  uint x = 1; // <ok> & \"q\" \\"}},
		{"x": {math.MinInt64: "a", math.MaxInt64: "b", -math.MaxInt64: "c", 1e18: "d", 1e17: "e", 999999999999999999: "f", 10: "g", 1: "h", -1: "i", -9: "j"}},
		{"dir/Ü<&>.sol": {1: "tab\there\r\n\b\f\x00\x1f\x7f", 2: "\u2028\u2029 é 🙂", 3: "bad \xff\xfe utf8 \xe2\x82"}},
	}
	// Random text: bytes drawn mostly from the awkward ones.
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("ab \t\n\r\b\f\x00\x01\x1f\"\\<>&/\x7f\x80\xbf\xc3\xa9\xe2\x80\xa8\xa9\xf0\x9f\x99\x82\xff")
	randomText := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(b)
	}
	for range 300 {
		ex := map[string]map[int]string{}
		for range rng.IntN(4) {
			lines := map[int]string{}
			for range rng.IntN(30) {
				n := rng.IntN(3000) - 5
				if rng.IntN(4) == 0 { // any size and sign
					n = int(rng.Int64()) >> rng.IntN(64)
				}
				lines[n] = randomText(rng.IntN(40))
			}
			ex[randomText(1+rng.IntN(8))] = lines
		}
		cases = append(cases, ex)
	}
	for i, ex := range cases {
		want, err := json.Marshal(ex)
		if err != nil {
			t.Fatal(err)
		}
		if got := marshalExcerpts(ex); !bytes.Equal(got, want) {
			t.Fatalf("case %d:\n got %s\nwant %s", i, got, want)
		}
	}
}

// The excerpts of a file scan of the API benchmark's contract: every line of it.
func BenchmarkMarshalExcerpts(b *testing.B) {
	src, err := os.ReadFile("testdata/bench/TokenVault.sol")
	if err != nil {
		b.Fatal(err)
	}
	lines := map[int]string{}
	for i, l := range strings.Split(string(src), "\n") {
		lines[i+1] = l
	}
	ex := map[string]map[int]string{"TokenVault.sol": lines}
	b.Run("encoding/json", func(b *testing.B) {
		for b.Loop() {
			json.Marshal(ex)
		}
	})
	b.Run("marshalExcerpts", func(b *testing.B) {
		for b.Loop() {
			marshalExcerpts(ex)
		}
	})
}
