package report

import (
	"net/url"
	"sort"
	"strings"
)

// GitHub code scanning accepts at most this many results per SARIF run.
const MaxSARIFResults = 25000

// SARIFOptions says where the scanned folder sits and how the log is bounded.
type SARIFOptions struct {
	ToolVersion string
	// RootPrefix is the scanned folder's slash-separated path from the repository root ("" when
	// the folder is the root, or not in a git work tree): GitHub resolves artifact URIs from the
	// repository root, so a scan of contracts/ must say contracts/Vault.sol, not Vault.sol.
	RootPrefix string
	// RootURI is the absolute file: URI of the directory %SRCROOT% stands for, when it is local.
	RootURI string
	// MaxResults caps the results of the run (0: MaxSARIFResults); the most severe are kept.
	MaxResults int
}

// artifactURI makes a relative URI reference (RFC 3986) from a report path: each segment
// percent-encoded (spaces, #, %, ?, non-ASCII), and ':' too, so that a first segment such as
// "a:b.sol" cannot be read as a URI scheme.
func artifactURI(prefix, path string) string {
	path = strings.TrimPrefix(strings.ReplaceAll(path, "\\", "/"), "./")
	if prefix != "" {
		path = strings.TrimSuffix(prefix, "/") + "/" + path
	}
	segs := strings.Split(path, "/")
	for i, s := range segs {
		segs[i] = strings.ReplaceAll(url.PathEscape(s), ":", "%3A")
	}
	return strings.Join(segs, "/")
}

// capResults keeps the max most severe results (stable otherwise) and reports how many it
// left out.
func capResults(results []sarifResult, max int) ([]sarifResult, int) {
	if max <= 0 {
		max = MaxSARIFResults
	}
	if len(results) <= max {
		return results, 0
	}
	sort.SliceStable(results, func(i, j int) bool {
		return SeverityRank(results[i].Properties["severity"]) < SeverityRank(results[j].Properties["severity"])
	})
	return results[:max], len(results) - max
}
