package explorer

import (
	"context"
	"encoding/json"
	"math/big"
	"net/url"
	"strconv"
	"strings"
)

// Balance returns the native balance of an address in the chain's smallest unit (wei), as
// decimal digits, from Etherscan's v2 account API (module=account&action=balance). It needs an
// Etherscan key and a chain Etherscan serves; otherwise it answers ErrUnsupported.
func (f *Fetcher) Balance(ctx context.Context, chain Chain, address string) (string, error) {
	p, ok := f.providers[ProviderEtherscan].(*Etherscan)
	if !ok || p.APIKey == "" || !chain.serves(ProviderEtherscan) {
		return "", ErrUnsupported
	}
	if lim := f.limiters[ProviderEtherscan]; lim != nil {
		if err := lim.Wait(ctx); err != nil {
			return "", err
		}
	}
	ctx, cancel := context.WithTimeout(ctx, f.cfg.Timeout)
	defer cancel()
	base := p.BaseURL
	if base == "" {
		base = DefaultEtherscanURL
	}
	q := url.Values{}
	q.Set("chainid", strconv.FormatInt(chain.ChainID, 10))
	q.Set("module", "account")
	q.Set("action", "balance")
	q.Set("address", address)
	q.Set("tag", "latest")
	q.Set("apikey", p.APIKey)
	a, err := p.get(ctx, ProviderEtherscan, strings.TrimRight(base, "/")+"/v2/api?"+q.Encode())
	if err != nil {
		return "", f.asProviderError(ProviderEtherscan, err)
	}
	var env etherscanEnvelope
	if err := json.Unmarshal(a.body, &env); err != nil {
		return "", &ProviderError{Provider: ProviderEtherscan, Kind: ErrUpstream, Detail: "answer is not JSON"}
	}
	var result string
	if json.Unmarshal(env.Result, &result) != nil {
		return "", &ProviderError{Provider: ProviderEtherscan, Kind: ErrUpstream, Detail: "result is not a string"}
	}
	if env.Status != "1" {
		return "", f.asProviderError(ProviderEtherscan, &ProviderError{Provider: ProviderEtherscan, Kind: etherscanReasonKind(result), Detail: cleanDetail(result)})
	}
	n, ok := new(big.Int).SetString(result, 10)
	if !ok || n.Sign() < 0 {
		return "", &ProviderError{Provider: ProviderEtherscan, Kind: ErrUpstream, Detail: "balance is not a decimal number"}
	}
	return n.String(), nil
}

func (c Chain) serves(provider string) bool {
	for _, p := range c.Providers {
		if p == provider {
			return true
		}
	}
	return false
}
