package explorer

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// allCleanFiles reads every contract of the clean corpus (Uniswap v2/v3,
// solmate), a realistic multi-file project of about 130 files.
func allCleanFiles(b *testing.B) map[string]string {
	root := filepath.Join(corpusDir, "clean")
	if _, err := os.Stat(root); err != nil {
		b.Skip("shared corpus absent")
	}
	files := map[string]string{}
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".sol") {
			data, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(root, p)
			files[filepath.ToSlash(rel)] = string(data)
		}
		return nil
	})
	return files
}

func BenchmarkParseEtherscanStandardJSON(b *testing.B) {
	files := allCleanFiles(b)
	t := &testing.T{}
	sources := map[string]any{}
	for p, c := range files {
		sources[p] = map[string]string{"content": c}
	}
	body := []byte(etherscanOK(t, etherscanResult("{"+mustJSON(t, map[string]any{"language": "Solidity", "sources": sources, "settings": map[string]any{}})+"}", "UniswapV3Pool", false, "")))
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parseEtherscan("etherscan", &answer{status: 200, body: body}, 1, addrPair); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFetchLoopbackUncached(b *testing.B) {
	files := allCleanFiles(b)
	t := &testing.T{}
	sources := map[string]any{}
	for p, c := range files {
		sources[p] = map[string]string{"content": c}
	}
	body := etherscanOK(t, etherscanResult("{"+mustJSON(t, map[string]any{"language": "Solidity", "sources": sources})+"}", "UniswapV3Pool", false, ""))
	es := newEtherscanStandin(t)
	defer es.srv.Close()
	es.answer(addrPair, 200, body)
	f := NewFetcher(Config{EtherscanURL: es.srv.URL, EtherscanKey: testKey, Cache: NewMemoryCache(1),
		RateLimits: map[string]float64{ProviderEtherscan: 1e9}})
	ch := Chain{ChainID: 1, Providers: []string{ProviderEtherscan}}
	b.SetBytes(int64(len(body)))
	for i := 0; b.Loop(); i++ {
		f.cfg.Cache = NewMemoryCache(1) // force a provider call each time
		if _, err := f.Fetch(context.Background(), ch, addrPair); err != nil {
			b.Fatal(err)
		}
	}
}
