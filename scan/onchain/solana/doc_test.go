package solana_test

import (
	"os"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/onchain/solana"
)

// TestDocListsEveryCheck keeps the table in doc.go in step with the catalogue.
func TestDocListsEveryCheck(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, c := range solana.Catalogue() {
		if seen[c.ID] {
			t.Errorf("%s listed twice in the catalogue", c.ID)
		}
		seen[c.ID] = true
		if !strings.Contains(string(doc), "//\t"+c.ID+" ") {
			t.Errorf("doc.go does not document %s", c.ID)
		}
	}
}
