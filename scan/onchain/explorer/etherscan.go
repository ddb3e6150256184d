package explorer

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// DefaultEtherscanURL is the Etherscan v2 multichain API host.
const DefaultEtherscanURL = "https://api.etherscan.io"

// Etherscan fetches from the Etherscan v2 multichain API:
// GET {BaseURL}/v2/api?chainid=..&module=contract&action=getsourcecode&address=..&apikey=..
// One key serves every chain Etherscan runs (bscscan, polygonscan, basescan, ...).
type Etherscan struct {
	BaseURL string // default DefaultEtherscanURL
	APIKey  string
	client
}

// NewEtherscan returns an Etherscan provider.
func NewEtherscan(baseURL, apiKey string) *Etherscan {
	return &Etherscan{BaseURL: baseURL, APIKey: apiKey}
}

func (e *Etherscan) Name() string { return ProviderEtherscan }

// HasKey reports whether a key is set: Etherscan v2 refuses keyless calls.
func (e *Etherscan) HasKey() bool { return e.APIKey != "" }

// etherscanEnvelope is the common answer: status "1" with an array result,
// or status "0" with the reason as a string result.
type etherscanEnvelope struct {
	Status  string          `json:"status"`
	Message string          `json:"message"`
	Result  json.RawMessage `json:"result"`
}

type etherscanContract struct {
	SourceCode       string `json:"SourceCode"`
	ABI              string `json:"ABI"`
	ContractName     string `json:"ContractName"`
	CompilerVersion  string `json:"CompilerVersion"`
	OptimizationUsed string `json:"OptimizationUsed"`
	Runs             string `json:"Runs"`
	EVMVersion       string `json:"EVMVersion"`
	LicenseType      string `json:"LicenseType"`
	Proxy            string `json:"Proxy"`
	Implementation   string `json:"Implementation"`
}

func (e *Etherscan) Fetch(ctx context.Context, chain Chain, address string) (*Source, error) {
	base := e.BaseURL
	if base == "" {
		base = DefaultEtherscanURL
	}
	q := url.Values{}
	q.Set("chainid", strconv.FormatInt(chain.ChainID, 10))
	q.Set("module", "contract")
	q.Set("action", "getsourcecode")
	q.Set("address", address)
	if e.APIKey != "" {
		q.Set("apikey", e.APIKey)
	}
	a, err := e.get(ctx, ProviderEtherscan, strings.TrimRight(base, "/")+"/v2/api?"+q.Encode())
	if err != nil {
		return nil, err
	}
	return parseEtherscan(ProviderEtherscan, a, chain.ChainID, address)
}

// parseEtherscan reads a getsourcecode answer. Blockscout's
// etherscan-compatible /api answers in the same shape.
func parseEtherscan(provider string, a *answer, chainID int64, address string) (*Source, error) {
	var env etherscanEnvelope
	if err := json.Unmarshal(a.body, &env); err != nil {
		if a.status/100 != 2 {
			return nil, statusError(provider, a.status)
		}
		return nil, &ProviderError{Provider: provider, Kind: ErrUpstream, Detail: "answer is not JSON"}
	}
	if env.Status != "1" {
		var reason string
		if json.Unmarshal(env.Result, &reason) != nil || reason == "" {
			reason = env.Message
		}
		if a.status == 429 {
			return nil, &ProviderError{Provider: provider, Kind: ErrRateLimited, Detail: cleanDetail(reason)}
		}
		return nil, &ProviderError{Provider: provider, Kind: etherscanReasonKind(reason), Detail: cleanDetail(reason)}
	}
	var results []etherscanContract
	if err := json.Unmarshal(env.Result, &results); err != nil || len(results) == 0 {
		return nil, &ProviderError{Provider: provider, Kind: ErrUpstream, Detail: "result is not a non-empty array"}
	}
	r := results[0]
	if strings.TrimSpace(r.SourceCode) == "" {
		// Unverified contracts come back with status "1", an empty
		// SourceCode and ABI "Contract source code not verified".
		return nil, &ProviderError{Provider: provider, Kind: ErrNotVerified, Detail: cleanDetail(r.ABI)}
	}
	files, remappings, language, err := splitSourceCode(provider, r.SourceCode, r.ContractName, r.CompilerVersion)
	if err != nil {
		return nil, err
	}
	src := &Source{
		ChainID:          chainID,
		Address:          address,
		ContractName:     r.ContractName,
		CompilerVersion:  r.CompilerVersion,
		EVMVersion:       r.EVMVersion,
		License:          r.LicenseType,
		Language:         language,
		OptimizationUsed: r.OptimizationUsed == "1" || strings.EqualFold(r.OptimizationUsed, "true"),
		Files:            files,
		Remappings:       remappings,
		Provider:         provider,
		FetchedAt:        time.Now().UTC(),
	}
	src.OptimizationRuns, _ = strconv.Atoi(r.Runs)
	src.MainFile = findMainFile(files, r.ContractName)
	if r.Proxy == "1" {
		src.Proxy = true
		if impl, err := ParseAddress(strings.TrimSpace(r.Implementation)); err == nil {
			src.Implementation = impl
		}
	}
	if src.License == "" || strings.EqualFold(src.License, "none") {
		if src.MainFile != "" {
			if l := spdxLicense(files[src.MainFile]); l != "" {
				src.License = l
			}
		}
	}
	return src, nil
}

// etherscanReasonKind classifies the text Etherscan puts in result when status is "0".
func etherscanReasonKind(reason string) error {
	r := strings.ToLower(reason)
	switch {
	case strings.Contains(r, "rate limit"), strings.Contains(r, "too many"):
		return ErrRateLimited
	case strings.Contains(r, "not verified"):
		return ErrNotVerified
	case strings.Contains(r, "api key"), strings.Contains(r, "apikey"):
		return ErrUnauthorized
	case strings.Contains(r, "chainid"), strings.Contains(r, "not supported for this chain"), strings.Contains(r, "upgrade your api plan"):
		return ErrUnsupported
	default:
		return ErrUpstream
	}
}
