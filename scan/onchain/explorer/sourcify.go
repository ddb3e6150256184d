package explorer

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// DefaultSourcifyURL is the public Sourcify server.
const DefaultSourcifyURL = "https://sourcify.dev/server"

// Sourcify fetches from the Sourcify v2 API:
// GET {BaseURL}/v2/contract/{chainId}/{address}?fields=sources,compilation,proxyResolution
// It needs no key.
type Sourcify struct {
	BaseURL string // default DefaultSourcifyURL
	client
}

// NewSourcify returns a Sourcify provider.
func NewSourcify(baseURL string) *Sourcify { return &Sourcify{BaseURL: baseURL} }

func (s *Sourcify) Name() string { return ProviderSourcify }

type sourcifyContract struct {
	Match   *string `json:"match"`
	Sources map[string]struct {
		Content *string `json:"content"`
	} `json:"sources"`
	Compilation struct {
		Language         string `json:"language"`
		CompilerVersion  string `json:"compilerVersion"`
		Name             string `json:"name"`
		FullyQualified   string `json:"fullyQualifiedName"`
		CompilerSettings struct {
			EVMVersion string   `json:"evmVersion"`
			Remappings []string `json:"remappings"`
			Optimizer  *struct {
				Enabled bool `json:"enabled"`
				Runs    int  `json:"runs"`
			} `json:"optimizer"`
			Optimize json.RawMessage `json:"optimize"` // Vyper: bool or "gas"/"codesize"/"none"
		} `json:"compilerSettings"`
	} `json:"compilation"`
	ProxyResolution *struct {
		IsProxy         bool `json:"isProxy"`
		Implementations []struct {
			Address string `json:"address"`
		} `json:"implementations"`
	} `json:"proxyResolution"`
}

type sourcifyError struct {
	CustomCode string `json:"customCode"`
	Message    string `json:"message"`
}

func (s *Sourcify) Fetch(ctx context.Context, chain Chain, address string) (*Source, error) {
	base := s.BaseURL
	if base == "" {
		base = DefaultSourcifyURL
	}
	u := strings.TrimRight(base, "/") + "/v2/contract/" + strconv.FormatInt(chain.ChainID, 10) + "/" + address +
		"?fields=sources,compilation,proxyResolution"
	a, err := s.get(ctx, ProviderSourcify, u)
	if err != nil {
		return nil, err
	}
	if a.status/100 != 2 {
		var e sourcifyError
		_ = json.Unmarshal(a.body, &e)
		switch {
		case a.status == http.StatusNotFound && e.CustomCode == "":
			// Not verified: 404 with the minimal contract object, match null.
			return nil, &ProviderError{Provider: ProviderSourcify, Kind: ErrNotVerified}
		case e.CustomCode == "unsupported_chain":
			return nil, &ProviderError{Provider: ProviderSourcify, Kind: ErrUnsupported, Detail: cleanDetail(e.Message)}
		case a.status == http.StatusTooManyRequests:
			return nil, &ProviderError{Provider: ProviderSourcify, Kind: ErrRateLimited, Detail: cleanDetail(e.Message)}
		default:
			pe := statusError(ProviderSourcify, a.status)
			if e.Message != "" {
				pe.Detail += ": " + cleanDetail(e.Message)
			}
			return nil, pe
		}
	}
	var r sourcifyContract
	if err := json.Unmarshal(a.body, &r); err != nil {
		return nil, &ProviderError{Provider: ProviderSourcify, Kind: ErrUpstream, Detail: "answer is not a contract object"}
	}
	if r.Match == nil || *r.Match == "" {
		return nil, &ProviderError{Provider: ProviderSourcify, Kind: ErrNotVerified}
	}
	fs := newFileSet(ProviderSourcify)
	for _, name := range sortedKeys(r.Sources) {
		if c := r.Sources[name].Content; c != nil {
			if err := fs.add(name, *c); err != nil {
				return nil, err
			}
		}
	}
	if len(fs.files) == 0 {
		return nil, &ProviderError{Provider: ProviderSourcify, Kind: ErrUpstream, Detail: "verified contract without sources"}
	}
	c := r.Compilation
	src := &Source{
		ChainID:         chain.ChainID,
		Address:         address,
		ContractName:    c.Name,
		CompilerVersion: c.CompilerVersion,
		EVMVersion:      c.CompilerSettings.EVMVersion,
		Language:        c.Language,
		Files:           fs.files,
		Remappings:      c.CompilerSettings.Remappings,
		Provider:        ProviderSourcify,
		FetchedAt:       time.Now().UTC(),
	}
	if o := c.CompilerSettings.Optimizer; o != nil {
		src.OptimizationUsed = o.Enabled
		src.OptimizationRuns = o.Runs
	} else if len(c.CompilerSettings.Optimize) > 0 {
		opt := strings.Trim(string(c.CompilerSettings.Optimize), `"`)
		src.OptimizationUsed = opt != "false" && opt != "none"
	}
	// fullyQualifiedName is "path/to/File.sol:Name".
	if i := strings.LastIndex(c.FullyQualified, ":"); i > 0 {
		if p, err := CleanPath(c.FullyQualified[:i]); err == nil {
			if _, ok := fs.files[p]; ok {
				src.MainFile = p
			}
		}
	}
	if src.MainFile == "" {
		src.MainFile = findMainFile(fs.files, c.Name)
	}
	src.License = spdxLicense(fs.files[src.MainFile])
	if pr := r.ProxyResolution; pr != nil && pr.IsProxy {
		src.Proxy = true
		for _, impl := range pr.Implementations {
			if a, err := ParseAddress(impl.Address); err == nil && !strings.EqualFold(a, address) {
				src.Implementation = a
				break
			}
		}
	}
	return src, nil
}
