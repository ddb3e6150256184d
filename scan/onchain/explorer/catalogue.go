package explorer

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
)

//go:embed catalogue.json
var catalogueJSON []byte

// Provider names a source provider a chain can be fetched from.
const (
	ProviderEtherscan  = "etherscan"
	ProviderBlockscout = "blockscout"
	ProviderSourcify   = "sourcify"
)

// Platform is one block explorer family with its numeric explorer id.
type Platform struct {
	ID     int     `json:"id"`
	Name   string  `json:"name"`
	Title  string  `json:"title"`
	Chains []Chain `json:"chains"`
}

// Chain is one network served by a platform.
type Chain struct {
	Name    string   `json:"name"`
	Aliases []string `json:"aliases,omitempty"`
	ChainID int64    `json:"chain_id"`
	// Currency is the symbol of the chain's native currency (ETH, BNB, POL, ...).
	Currency string `json:"currency"`
	// WebURL is the explorer's human-facing site, used for contract links.
	WebURL string `json:"web_url"`
	// BlockscoutURL is a public Blockscout instance for this chain, if any.
	BlockscoutURL string `json:"blockscout_url,omitempty"`
	// Providers lists the source providers to try, in order.
	Providers []string `json:"providers"`
}

// ContractURL is the explorer page of the contract at address on this chain.
func (c Chain) ContractURL(address string) string {
	return strings.TrimRight(c.WebURL, "/") + "/address/" + address
}

// Catalogue holds every known platform and chain.
type Catalogue struct {
	platforms []Platform
	byName    map[string]int // lower-case platform name -> index
	byID      map[int]int    // explorer id -> index
}

// FieldError reports an input value that names nothing in the catalogue.
// Field is the request field name (contract_platform, contract_chain,
// chain_id, explorer_id); callers with other names may rewrite it.
type FieldError struct {
	Field  string
	Value  string
	Reason string
	Valid  []string
}

func (e *FieldError) Error() string {
	reason := e.Reason
	if reason == "" {
		reason = fmt.Sprintf("unknown value %q", e.Value)
	}
	if len(e.Valid) == 0 {
		return e.Field + ": " + reason
	}
	return fmt.Sprintf("%s: %s; valid values: %s", e.Field, reason, strings.Join(e.Valid, ", "))
}

// Field names used in FieldError, matching the request fields of SPEC.md 4.2 and 4.12.
const (
	FieldPlatform   = "contract_platform"
	FieldChain      = "contract_chain"
	FieldChainID    = "chain_id"
	FieldExplorerID = "explorer_id"
	FieldAddress    = "contract_address"
)

var defaultCatalogue *Catalogue

func init() {
	c, err := ParseCatalogue(catalogueJSON)
	if err != nil {
		// The embedded file is part of the source tree; a broken one is a build defect.
		panic("explorer: embedded catalogue.json: " + err.Error())
	}
	defaultCatalogue = c
}

// Default returns the catalogue embedded in the binary.
func Default() *Catalogue { return defaultCatalogue }

// ParseCatalogue reads a catalogue in the format of catalogue.json and checks it.
func ParseCatalogue(data []byte) (*Catalogue, error) {
	var doc struct {
		Platforms []Platform `json:"platforms"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("catalogue: %w", err)
	}
	c := &Catalogue{byName: map[string]int{}, byID: map[int]int{}}
	for i, p := range doc.Platforms {
		name := strings.ToLower(strings.TrimSpace(p.Name))
		if name == "" || p.ID <= 0 {
			return nil, fmt.Errorf("catalogue: platforms[%d]: name and a positive id are required", i)
		}
		if _, dup := c.byName[name]; dup {
			return nil, fmt.Errorf("catalogue: platforms[%d]: duplicate name %q", i, name)
		}
		if _, dup := c.byID[p.ID]; dup {
			return nil, fmt.Errorf("catalogue: platforms[%d]: duplicate id %d", i, p.ID)
		}
		if len(p.Chains) == 0 {
			return nil, fmt.Errorf("catalogue: platform %q has no chains", name)
		}
		seenName := map[string]bool{}
		seenID := map[int64]bool{}
		for j, ch := range p.Chains {
			where := fmt.Sprintf("catalogue: platform %q chains[%d]", name, j)
			if ch.Name == "" || ch.ChainID <= 0 {
				return nil, fmt.Errorf("%s: name and a positive chain_id are required", where)
			}
			if seenID[ch.ChainID] {
				return nil, fmt.Errorf("%s: duplicate chain_id %d", where, ch.ChainID)
			}
			seenID[ch.ChainID] = true
			for _, n := range append([]string{ch.Name}, ch.Aliases...) {
				n = strings.ToLower(n)
				if seenName[n] {
					return nil, fmt.Errorf("%s: duplicate chain name or alias %q", where, n)
				}
				seenName[n] = true
			}
			if u, err := url.Parse(ch.WebURL); err != nil || u.Scheme != "https" || u.Host == "" {
				return nil, fmt.Errorf("%s: web_url must be an https URL", where)
			}
			if len(ch.Providers) == 0 {
				return nil, fmt.Errorf("%s: providers must not be empty", where)
			}
			for _, pr := range ch.Providers {
				switch pr {
				case ProviderEtherscan, ProviderSourcify:
				case ProviderBlockscout:
					if ch.BlockscoutURL == "" {
						return nil, fmt.Errorf("%s: provider blockscout needs blockscout_url", where)
					}
				default:
					return nil, fmt.Errorf("%s: unknown provider %q", where, pr)
				}
			}
		}
		p.Name = name
		c.byName[name] = len(c.platforms)
		c.byID[p.ID] = len(c.platforms)
		c.platforms = append(c.platforms, p)
	}
	if len(c.platforms) == 0 {
		return nil, fmt.Errorf("catalogue: no platforms")
	}
	return c, nil
}

// Platforms returns every platform ordered by explorer id.
func (c *Catalogue) Platforms() []Platform {
	out := append([]Platform(nil), c.platforms...)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// PlatformNames lists the platform names in explorer-id order.
func (c *Catalogue) PlatformNames() []string {
	var names []string
	for _, p := range c.Platforms() {
		names = append(names, p.Name)
	}
	return names
}

// Platform finds a platform by name, case-insensitively.
func (c *Catalogue) Platform(name string) (Platform, error) {
	i, ok := c.byName[strings.ToLower(strings.TrimSpace(name))]
	if !ok {
		return Platform{}, &FieldError{Field: FieldPlatform, Value: name, Valid: c.PlatformNames()}
	}
	return c.platforms[i], nil
}

// PlatformByID finds a platform by its numeric explorer id.
func (c *Catalogue) PlatformByID(id int) (Platform, error) {
	i, ok := c.byID[id]
	if !ok {
		return Platform{}, &FieldError{Field: FieldExplorerID, Value: strconv.Itoa(id), Reason: fmt.Sprintf("unknown explorer id %d", id), Valid: c.explorerIDs()}
	}
	return c.platforms[i], nil
}

func (c *Catalogue) explorerIDs() []string {
	var out []string
	for _, p := range c.Platforms() {
		out = append(out, fmt.Sprintf("%d (%s)", p.ID, p.Name))
	}
	return out
}

// Lookup finds a chain of a platform by their names (chain aliases accepted),
// as given in the block-scan request (SPEC.md 4.2).
func (c *Catalogue) Lookup(platform, chain string) (Platform, Chain, error) {
	p, err := c.Platform(platform)
	if err != nil {
		return Platform{}, Chain{}, err
	}
	want := strings.ToLower(strings.TrimSpace(chain))
	for _, ch := range p.Chains {
		if strings.ToLower(ch.Name) == want {
			return p, ch, nil
		}
		for _, a := range ch.Aliases {
			if strings.ToLower(a) == want {
				return p, ch, nil
			}
		}
	}
	var valid []string
	for _, ch := range p.Chains {
		valid = append(valid, ch.Name)
	}
	return Platform{}, Chain{}, &FieldError{Field: FieldChain, Value: chain,
		Reason: fmt.Sprintf("unknown chain %q for platform %s", chain, p.Name), Valid: valid}
}

// LookupIDs finds a chain by EVM chain id within the platform with the given
// explorer id, as given in ss_quickscan (SPEC.md 4.12).
func (c *Catalogue) LookupIDs(chainID int64, explorerID int) (Platform, Chain, error) {
	p, err := c.PlatformByID(explorerID)
	if err != nil {
		return Platform{}, Chain{}, err
	}
	for _, ch := range p.Chains {
		if ch.ChainID == chainID {
			return p, ch, nil
		}
	}
	var valid []string
	for _, ch := range p.Chains {
		valid = append(valid, fmt.Sprintf("%d (%s)", ch.ChainID, ch.Name))
	}
	return Platform{}, Chain{}, &FieldError{Field: FieldChainID, Value: strconv.FormatInt(chainID, 10),
		Reason: fmt.Sprintf("chain id %d is not served by explorer %d (%s)", chainID, p.ID, p.Name), Valid: valid}
}

// LookupChainID finds the chain with an EVM chain id within a platform
// named by name, for callers that know the platform by name and the chain
// by id (vigil scan address --platform etherscan --chain-id 1).
func (c *Catalogue) LookupChainID(platform string, chainID int64) (Platform, Chain, error) {
	p, err := c.Platform(platform)
	if err != nil {
		return Platform{}, Chain{}, err
	}
	return c.LookupIDs(chainID, p.ID)
}

// ChainByID returns the first chain with the given EVM chain id, searching
// platforms in explorer-id order; it is used where only a chain id is known.
func (c *Catalogue) ChainByID(chainID int64) (Platform, Chain, bool) {
	for _, p := range c.Platforms() {
		for _, ch := range p.Chains {
			if ch.ChainID == chainID {
				return p, ch, true
			}
		}
	}
	return Platform{}, Chain{}, false
}

// ParseChainID reads an EVM chain id written as decimal text, as ss_quickscan sends it.
func ParseChainID(s string) (int64, error) {
	n, err := parseDecimal(s, 1<<53)
	if err != nil {
		return 0, &FieldError{Field: FieldChainID, Value: s, Reason: "must be a positive decimal EVM chain id, " + err.Error()}
	}
	return int64(n), nil
}

// ParseExplorerID reads an explorer id written as decimal text.
func ParseExplorerID(s string) (int, error) {
	n, err := parseDecimal(s, 1<<31-1)
	if err != nil {
		return 0, &FieldError{Field: FieldExplorerID, Value: s, Reason: "must be a positive decimal explorer id, " + err.Error()}
	}
	return int(n), nil
}

func parseDecimal(s string, max uint64) (uint64, error) {
	if s == "" {
		return 0, fmt.Errorf("got an empty string")
	}
	if len(s) > 20 {
		return 0, fmt.Errorf("got %d characters", len(s))
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("got %q", s)
		}
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || n == 0 || n > max {
		return 0, fmt.Errorf("got %q", s)
	}
	return n, nil
}
