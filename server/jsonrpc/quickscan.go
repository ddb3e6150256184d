package jsonrpc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/vigil-sec/vigil/scan/onchain/explorer"
)

// MethodQuickScan is the quick-scan method of SPEC.md 4.12.
const MethodQuickScan = "ss_quickscan"

// Server error codes of ss_quickscan, in the -32000..-32099 range.
const (
	CodeSourceNotVerified = -32001 // the contract has no verified source on any provider
	CodeUpstreamFailure   = -32002 // every source provider failed
	CodeRateLimited       = -32003 // source providers are rate limiting us; retry later
)

// quickScanParamNames are the positions of ss_quickscan's params array.
var quickScanParamNames = [3]string{explorer.FieldAddress, explorer.FieldChainID, explorer.FieldExplorerID}

// QuickScanParams are the validated params of ss_quickscan.
type QuickScanParams struct {
	ContractAddress string // EIP-55 checksum form
	ChainID         int64
	ExplorerID      int
	Platform        explorer.Platform
	Chain           explorer.Chain
}

// ParseQuickScanParams validates ss_quickscan params: an array of exactly
// three strings [contract_address, chain_id, explorer_id], where
// contract_address is 0x plus 40 hex digits (EIP-55 checked when mixed
// case), chain_id a decimal EVM chain id and explorer_id a decimal
// explorer id that the catalogue knows and that serves that chain. Every
// failure is a -32602 error whose message names the parameter, with data
// {"param": name, "index": i, "valid": [...]} where it helps.
func ParseQuickScanParams(cat *explorer.Catalogue, raw json.RawMessage) (QuickScanParams, *Error) {
	const shape = "params must be an array of 3 strings [contract_address, chain_id, explorer_id]"
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '[' {
		return QuickScanParams{}, InvalidParams(shape, nil)
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return QuickScanParams{}, InvalidParams(shape, nil)
	}
	if len(items) != 3 {
		return QuickScanParams{}, InvalidParams(fmt.Sprintf("%s, got %d items", shape, len(items)), nil)
	}
	var vals [3]string
	for i, it := range items {
		if !isString(it) || json.Unmarshal(it, &vals[i]) != nil {
			return QuickScanParams{}, paramError(i, fmt.Sprintf("must be a string, got %s", jsonKind(it)), nil)
		}
	}
	var p QuickScanParams
	var err error
	if p.ContractAddress, err = explorer.ParseAddress(vals[0]); err != nil {
		return QuickScanParams{}, fieldParamError(err)
	}
	if p.ChainID, err = explorer.ParseChainID(vals[1]); err != nil {
		return QuickScanParams{}, fieldParamError(err)
	}
	if p.ExplorerID, err = explorer.ParseExplorerID(vals[2]); err != nil {
		return QuickScanParams{}, fieldParamError(err)
	}
	if p.Platform, p.Chain, err = cat.LookupIDs(p.ChainID, p.ExplorerID); err != nil {
		return QuickScanParams{}, fieldParamError(err)
	}
	return p, nil
}

// QuickScanHandler adapts a quick-scan function to a Handler: params are
// validated by ParseQuickScanParams, and fetch failures from the explorer
// package become the ss_quickscan server errors (see QuickScanError).
//
//	srv.Handle(jsonrpc.MethodQuickScan, jsonrpc.QuickScanHandler(explorer.Default(), engine.QuickScan))
func QuickScanHandler[R any](cat *explorer.Catalogue, fn func(ctx context.Context, p QuickScanParams) (R, error)) Handler {
	return HandlerFunc(func(ctx context.Context, raw json.RawMessage) (any, error) {
		p, perr := ParseQuickScanParams(cat, raw)
		if perr != nil {
			return nil, perr
		}
		res, err := fn(ctx, p)
		if err != nil {
			return nil, QuickScanError(err)
		}
		return res, nil
	})
}

// QuickScanError maps a quick-scan failure to its JSON-RPC error: an
// *Error is kept; explorer.ErrNotVerified is -32001, ErrRateLimited
// -32003, other fetch failures -32002 (with the cleaned provider detail,
// which never holds an API key, as data); anything else -32603.
func QuickScanError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var fe *explorer.FieldError
	if errors.As(err, &fe) {
		return fieldParamError(err)
	}
	detail := map[string]string{"detail": err.Error()}
	switch {
	case errors.Is(err, explorer.ErrNotVerified):
		return ServerError(CodeSourceNotVerified, "contract source code not verified", detail)
	case errors.Is(err, explorer.ErrRateLimited):
		return ServerError(CodeRateLimited, "rate limited by the source provider, retry later", detail)
	case errors.Is(err, explorer.ErrUpstream), errors.Is(err, explorer.ErrUnauthorized), errors.Is(err, explorer.ErrUnsupported):
		return ServerError(CodeUpstreamFailure, "could not fetch the contract source", detail)
	}
	return errInternal()
}

func paramError(i int, reason string, valid []string) *Error {
	data := map[string]any{"param": quickScanParamNames[i], "index": i}
	if len(valid) > 0 {
		data["valid"] = valid
	}
	return InvalidParams(fmt.Sprintf("params[%d] %s: %s", i, quickScanParamNames[i], reason), data)
}

// fieldParamError turns a catalogue or address error into a -32602 naming
// the parameter's position and name.
func fieldParamError(err error) *Error {
	var fe *explorer.FieldError
	if !errors.As(err, &fe) {
		return InvalidParams(err.Error(), nil)
	}
	for i, n := range quickScanParamNames {
		if n == fe.Field {
			reason := fe.Error()[len(fe.Field)+2:] // drop "field: ", added back with the position
			return paramError(i, reason, fe.Valid)
		}
	}
	return InvalidParams(fe.Error(), nil)
}

func jsonKind(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	default:
		return "a number"
	}
}
