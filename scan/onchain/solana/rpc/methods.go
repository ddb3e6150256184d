package rpc

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"strconv"
)

// Account is an account as getAccountInfo and getMultipleAccounts return it, data decoded.
type Account struct {
	Owner      string
	Data       []byte
	Lamports   uint64
	Executable bool
}

type wireAccount struct {
	Data       []string `json:"data"`
	Executable bool     `json:"executable"`
	Lamports   *uint64  `json:"lamports"`
	Owner      string   `json:"owner"`
}

func (w *wireAccount) account(method string) (*Account, error) {
	if len(w.Data) != 2 || w.Data[1] != "base64" {
		return nil, malformed(method, "account data is not [text, \"base64\"]")
	}
	if w.Owner == "" || w.Lamports == nil {
		return nil, malformed(method, "account lacks owner or lamports")
	}
	b, err := base64.StdEncoding.DecodeString(w.Data[0])
	if err != nil {
		return nil, malformed(method, "account data is not valid base64")
	}
	return &Account{Owner: w.Owner, Data: b, Lamports: *w.Lamports, Executable: w.Executable}, nil
}

// contextValue is the {context, value} wrapper of most answers.
type contextValue struct {
	Context *struct {
		Slot uint64 `json:"slot"`
	} `json:"context"`
	Value json.RawMessage `json:"value"`
}

func unwrap(method string, raw json.RawMessage) (json.RawMessage, uint64, error) {
	var cv contextValue
	if err := json.Unmarshal(raw, &cv); err != nil || cv.Context == nil || len(cv.Value) == 0 {
		return nil, 0, malformed(method, "result is not {context, value}")
	}
	return cv.Value, cv.Context.Slot, nil
}

func config(commitment string) map[string]any {
	m := map[string]any{}
	if commitment != "" {
		m["commitment"] = commitment
	}
	return m
}

// AccountInfoCall is a getAccountInfo call. After Do, Account is nil when the account does not
// exist and Err is set when the call failed.
type AccountInfoCall struct {
	Key     string
	Account *Account
	Slot    uint64
	Err     error
}

// GetAccountInfoCall prepares a getAccountInfo call for Do.
func GetAccountInfoCall(key string) *AccountInfoCall { return &AccountInfoCall{Key: key} }

func (c *AccountInfoCall) method() string { return "getAccountInfo" }
func (c *AccountInfoCall) setErr(err error) {
	c.Err = err
}
func (c *AccountInfoCall) params(commitment string) []any {
	cfg := config(commitment)
	cfg["encoding"] = "base64"
	return []any{c.Key, cfg}
}
func (c *AccountInfoCall) decode(raw json.RawMessage) error {
	v, slot, err := unwrap(c.method(), raw)
	if err != nil {
		return err
	}
	c.Slot = slot
	if string(v) == "null" {
		return nil
	}
	var w wireAccount
	if err := json.Unmarshal(v, &w); err != nil {
		return malformed(c.method(), "value is not an account object")
	}
	c.Account, err = w.account(c.method())
	return err
}

// MultipleAccountsCall is a getMultipleAccounts call. After Do, Accounts has one entry per
// key, nil for accounts that do not exist.
type MultipleAccountsCall struct {
	Keys     []string
	Accounts []*Account
	Slot     uint64
	Err      error
}

// MaxMultipleAccounts is the node's limit of keys per getMultipleAccounts call.
const MaxMultipleAccounts = 100

// GetMultipleAccountsCall prepares a getMultipleAccounts call for Do (at most 100 keys).
func GetMultipleAccountsCall(keys []string) *MultipleAccountsCall {
	return &MultipleAccountsCall{Keys: keys}
}

func (c *MultipleAccountsCall) method() string { return "getMultipleAccounts" }
func (c *MultipleAccountsCall) setErr(err error) {
	c.Err = err
}
func (c *MultipleAccountsCall) params(commitment string) []any {
	cfg := config(commitment)
	cfg["encoding"] = "base64"
	return []any{c.Keys, cfg}
}
func (c *MultipleAccountsCall) decode(raw json.RawMessage) error {
	v, slot, err := unwrap(c.method(), raw)
	if err != nil {
		return err
	}
	c.Slot = slot
	var ws []*wireAccount
	if err := json.Unmarshal(v, &ws); err != nil {
		return malformed(c.method(), "value is not an array of accounts")
	}
	if len(ws) != len(c.Keys) {
		return malformed(c.method(), "%d accounts for %d keys", len(ws), len(c.Keys))
	}
	c.Accounts = make([]*Account, len(ws))
	for i, w := range ws {
		if w == nil {
			continue
		}
		if c.Accounts[i], err = w.account(c.method()); err != nil {
			return err
		}
	}
	return nil
}

// TokenAmount is the amount object of token answers. Amount is exact (base units).
type TokenAmount struct {
	Amount   uint64
	Decimals uint8
}

type wireTokenAmount struct {
	Address  string `json:"address"`
	Amount   string `json:"amount"`
	Decimals *int   `json:"decimals"`
}

func (w wireTokenAmount) amount(method string) (TokenAmount, error) {
	n, err := strconv.ParseUint(w.Amount, 10, 64)
	if err != nil {
		return TokenAmount{}, malformed(method, "amount %q is not an unsigned integer", truncate(w.Amount, 40))
	}
	if w.Decimals == nil || *w.Decimals < 0 || *w.Decimals > 255 {
		return TokenAmount{}, malformed(method, "decimals missing or out of range")
	}
	return TokenAmount{Amount: n, Decimals: uint8(*w.Decimals)}, nil
}

// TokenSupplyCall is a getTokenSupply call.
type TokenSupplyCall struct {
	Mint   string
	Supply TokenAmount
	Err    error
}

// GetTokenSupplyCall prepares a getTokenSupply call for Do.
func GetTokenSupplyCall(mint string) *TokenSupplyCall { return &TokenSupplyCall{Mint: mint} }

func (c *TokenSupplyCall) method() string { return "getTokenSupply" }
func (c *TokenSupplyCall) setErr(err error) {
	c.Err = err
}
func (c *TokenSupplyCall) params(commitment string) []any {
	return []any{c.Mint, config(commitment)}
}
func (c *TokenSupplyCall) decode(raw json.RawMessage) error {
	v, _, err := unwrap(c.method(), raw)
	if err != nil {
		return err
	}
	var w wireTokenAmount
	if err := json.Unmarshal(v, &w); err != nil {
		return malformed(c.method(), "value is not a token amount")
	}
	c.Supply, err = w.amount(c.method())
	return err
}

// LargestAccount is one entry of getTokenLargestAccounts: a token account and its balance.
type LargestAccount struct {
	Address string
	TokenAmount
}

// TokenLargestAccountsCall is a getTokenLargestAccounts call (the node returns up to 20).
type TokenLargestAccountsCall struct {
	Mint     string
	Accounts []LargestAccount
	Err      error
}

// GetTokenLargestAccountsCall prepares a getTokenLargestAccounts call for Do.
func GetTokenLargestAccountsCall(mint string) *TokenLargestAccountsCall {
	return &TokenLargestAccountsCall{Mint: mint}
}

func (c *TokenLargestAccountsCall) method() string { return "getTokenLargestAccounts" }
func (c *TokenLargestAccountsCall) setErr(err error) {
	c.Err = err
}
func (c *TokenLargestAccountsCall) params(commitment string) []any {
	return []any{c.Mint, config(commitment)}
}

// maxLargest bounds what we accept: nodes return 20; a huge list is a broken or hostile node.
const maxLargest = 1000

func (c *TokenLargestAccountsCall) decode(raw json.RawMessage) error {
	v, _, err := unwrap(c.method(), raw)
	if err != nil {
		return err
	}
	var ws []wireTokenAmount
	if err := json.Unmarshal(v, &ws); err != nil {
		return malformed(c.method(), "value is not an array of token amounts")
	}
	if len(ws) > maxLargest {
		return malformed(c.method(), "%d accounts listed", len(ws))
	}
	c.Accounts = make([]LargestAccount, len(ws))
	for i, w := range ws {
		if w.Address == "" {
			return malformed(c.method(), "entry %d has no address", i)
		}
		amt, err := w.amount(c.method())
		if err != nil {
			return err
		}
		c.Accounts[i] = LargestAccount{Address: w.Address, TokenAmount: amt}
	}
	return nil
}

// EpochInfoCall is a getEpochInfo call.
type EpochInfoCall struct {
	Epoch        uint64
	AbsoluteSlot uint64
	Err          error
}

// GetEpochInfoCall prepares a getEpochInfo call for Do.
func GetEpochInfoCall() *EpochInfoCall { return &EpochInfoCall{} }

func (c *EpochInfoCall) method() string { return "getEpochInfo" }
func (c *EpochInfoCall) setErr(err error) {
	c.Err = err
}
func (c *EpochInfoCall) params(commitment string) []any { return []any{config(commitment)} }
func (c *EpochInfoCall) decode(raw json.RawMessage) error {
	var w struct {
		Epoch        *uint64 `json:"epoch"`
		AbsoluteSlot uint64  `json:"absoluteSlot"`
	}
	if err := json.Unmarshal(raw, &w); err != nil || w.Epoch == nil {
		return malformed(c.method(), "result lacks epoch")
	}
	c.Epoch, c.AbsoluteSlot = *w.Epoch, w.AbsoluteSlot
	return nil
}

// GetAccountInfo fetches one account; it returns nil, nil when the account does not exist.
func (c *Client) GetAccountInfo(ctx context.Context, key string) (*Account, error) {
	call := GetAccountInfoCall(key)
	c.Do(ctx, call)
	return call.Account, call.Err
}

// GetMultipleAccounts fetches accounts in one call per 100 keys (batched in one request).
func (c *Client) GetMultipleAccounts(ctx context.Context, keys []string) ([]*Account, error) {
	var calls []Call
	var parts []*MultipleAccountsCall
	for i := 0; i < len(keys); i += MaxMultipleAccounts {
		p := GetMultipleAccountsCall(keys[i:min(i+MaxMultipleAccounts, len(keys))])
		parts = append(parts, p)
		calls = append(calls, p)
	}
	if len(calls) == 0 {
		return nil, nil
	}
	c.Do(ctx, calls...)
	out := make([]*Account, 0, len(keys))
	for _, p := range parts {
		if p.Err != nil {
			return nil, p.Err
		}
		out = append(out, p.Accounts...)
	}
	return out, nil
}

// GetTokenSupply returns a mint's supply.
func (c *Client) GetTokenSupply(ctx context.Context, mint string) (TokenAmount, error) {
	call := GetTokenSupplyCall(mint)
	c.Do(ctx, call)
	return call.Supply, call.Err
}

// GetTokenLargestAccounts returns the largest token accounts of a mint.
func (c *Client) GetTokenLargestAccounts(ctx context.Context, mint string) ([]LargestAccount, error) {
	call := GetTokenLargestAccountsCall(mint)
	c.Do(ctx, call)
	return call.Accounts, call.Err
}

// GetEpochInfo returns the current epoch.
func (c *Client) GetEpochInfo(ctx context.Context) (uint64, error) {
	call := GetEpochInfoCall()
	c.Do(ctx, call)
	return call.Epoch, call.Err
}
