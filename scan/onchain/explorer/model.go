package explorer

import (
	"time"

	"github.com/vigil-sec/vigil/scan/source"
)

// Source is the verified source of one deployed contract, in one shape
// whichever provider answered. A Source returned by a Fetcher may share its
// maps with the cache: treat it as read-only.
type Source struct {
	ChainID int64  `json:"chain_id"`
	Address string `json:"address"` // EIP-55 checksum form

	ContractName    string `json:"contract_name"`
	CompilerVersion string `json:"compiler_version"`
	EVMVersion      string `json:"evm_version,omitempty"`
	License         string `json:"license,omitempty"`
	// Language is "Solidity", "Vyper" or another compiler language name.
	Language         string `json:"language,omitempty"`
	OptimizationUsed bool   `json:"optimization_used"`
	OptimizationRuns int    `json:"optimization_runs,omitempty"`

	// Files maps a cleaned, relative path to the file's text.
	Files map[string]string `json:"files"`
	// MainFile is the path in Files holding ContractName, when known.
	MainFile   string   `json:"main_file,omitempty"`
	Remappings []string `json:"remappings,omitempty"`

	Proxy          bool   `json:"proxy"`
	Implementation string `json:"implementation,omitempty"` // EIP-55 form
	// ImplementationSource is the implementation's own source, filled by
	// Fetcher for proxies whose implementation is verified. It is not cached
	// with the proxy (each address has its own cache entry).
	ImplementationSource *Source `json:"implementation_source,omitempty"`
	// ImplementationError says why ImplementationSource is missing for a proxy.
	ImplementationError string `json:"implementation_error,omitempty"`

	// Provider is the provider that answered (etherscan, blockscout, sourcify).
	Provider  string    `json:"provider"`
	FetchedAt time.Time `json:"fetched_at"`
}

// LineCount counts the lines of every file, for reports, at every line terminator the
// Solidity scanner knows.
func (s *Source) LineCount() int {
	n := 0
	for _, text := range s.Files {
		if text != "" {
			n += len(source.LineStarts(text))
		}
	}
	return n
}
