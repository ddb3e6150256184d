package explorer

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Blockscout fetches from Blockscout's REST API:
// GET {base}/api/v2/smart-contracts/{address}. The base is BaseURL when set
// (a "{chain_id}" in it is replaced by the chain id, which fits the
// multichain https://api.blockscout.com/{chain_id} form), otherwise the
// chain's own instance from the catalogue.
type Blockscout struct {
	BaseURL string
	APIKey  string // optional; sent as apikey=
	client
}

// NewBlockscout returns a Blockscout provider.
func NewBlockscout(baseURL, apiKey string) *Blockscout {
	return &Blockscout{BaseURL: baseURL, APIKey: apiKey}
}

func (b *Blockscout) Name() string { return ProviderBlockscout }

// blockscoutContract is the part of the v2 smart-contract answer we use.
// Unverified contracts answer 200 without is_verified/source_code.
type blockscoutContract struct {
	IsVerified          *bool   `json:"is_verified"`
	Name                string  `json:"name"`
	CompilerVersion     string  `json:"compiler_version"`
	EVMVersion          string  `json:"evm_version"`
	OptimizationEnabled bool    `json:"optimization_enabled"`
	OptimizationRuns    *int64  `json:"optimization_runs"`
	LicenseType         *string `json:"license_type"`
	Language            string  `json:"language"`
	SourceCode          *string `json:"source_code"`
	FilePath            string  `json:"file_path"`
	AdditionalSources   []struct {
		FilePath   string `json:"file_path"`
		SourceCode string `json:"source_code"`
	} `json:"additional_sources"`
	CompilerSettings struct {
		Remappings []string `json:"remappings"`
	} `json:"compiler_settings"`
	ProxyType       *string `json:"proxy_type"`
	Implementations []struct {
		AddressHash string `json:"address_hash"` // current answers
		Address     string `json:"address"`      // older answers
		Name        string `json:"name"`
	} `json:"implementations"`
}

func (b *Blockscout) base(chain Chain) string {
	if b.BaseURL != "" {
		return strings.ReplaceAll(b.BaseURL, "{chain_id}", strconv.FormatInt(chain.ChainID, 10))
	}
	return chain.BlockscoutURL
}

func (b *Blockscout) Fetch(ctx context.Context, chain Chain, address string) (*Source, error) {
	base := b.base(chain)
	if base == "" {
		return nil, &ProviderError{Provider: ProviderBlockscout, Kind: ErrUnsupported, Detail: "no Blockscout instance for chain " + strconv.FormatInt(chain.ChainID, 10)}
	}
	u := strings.TrimRight(base, "/") + "/api/v2/smart-contracts/" + url.PathEscape(address)
	if b.APIKey != "" {
		u += "?apikey=" + url.QueryEscape(b.APIKey)
	}
	a, err := b.get(ctx, ProviderBlockscout, u)
	if err != nil {
		return nil, err
	}
	switch {
	case a.status == http.StatusNotFound:
		return nil, &ProviderError{Provider: ProviderBlockscout, Kind: ErrNotVerified, Detail: "address not found"}
	case a.status/100 != 2:
		return nil, statusError(ProviderBlockscout, a.status)
	}
	var r blockscoutContract
	if err := json.Unmarshal(a.body, &r); err != nil {
		return nil, &ProviderError{Provider: ProviderBlockscout, Kind: ErrUpstream, Detail: "answer is not a smart-contract object"}
	}
	if r.IsVerified == nil || !*r.IsVerified || r.SourceCode == nil || *r.SourceCode == "" {
		return nil, &ProviderError{Provider: ProviderBlockscout, Kind: ErrNotVerified}
	}
	language := "Solidity"
	switch strings.ToLower(r.Language) {
	case "vyper":
		language = "Vyper"
	case "yul":
		language = "Yul"
	}
	fs := newFileSet(ProviderBlockscout)
	main := r.FilePath
	if main == "" {
		main = flatFileName(r.Name, language)
	}
	if err := fs.add(main, *r.SourceCode); err != nil {
		return nil, err
	}
	for _, s := range r.AdditionalSources {
		if err := fs.add(s.FilePath, s.SourceCode); err != nil {
			return nil, err
		}
	}
	src := &Source{
		ChainID:          chain.ChainID,
		Address:          address,
		ContractName:     r.Name,
		CompilerVersion:  r.CompilerVersion,
		EVMVersion:       r.EVMVersion,
		Language:         language,
		OptimizationUsed: r.OptimizationEnabled,
		Files:            fs.files,
		Remappings:       r.CompilerSettings.Remappings,
		Provider:         ProviderBlockscout,
		FetchedAt:        time.Now().UTC(),
	}
	if p, err := CleanPath(main); err == nil {
		src.MainFile = p
	}
	if r.OptimizationRuns != nil {
		src.OptimizationRuns = int(*r.OptimizationRuns)
	}
	if r.LicenseType != nil && *r.LicenseType != "" && *r.LicenseType != "none" {
		src.License = *r.LicenseType
	} else {
		src.License = spdxLicense(fs.files[src.MainFile])
	}
	if len(r.Implementations) > 0 || (r.ProxyType != nil && *r.ProxyType != "") {
		src.Proxy = true
		for _, impl := range r.Implementations {
			addr := impl.AddressHash
			if addr == "" {
				addr = impl.Address
			}
			if a, err := ParseAddress(addr); err == nil && !strings.EqualFold(a, address) {
				src.Implementation = a
				break
			}
		}
	}
	return src, nil
}
