// Package jsonrpc serves JSON-RPC 2.0 (https://www.jsonrpc.org/specification)
// over HTTP, and validates the params of the ss_quickscan method
// (SPEC.md 4.12).
//
// Server is an http.Handler. It follows the specification to the letter:
// single requests and batches; notifications (no "id" member) are run
// but never answered, and a batch of only notifications, like a single
// notification, gets HTTP 204 with no body; -32700 for a body that is not
// JSON (id null); -32600 for anything that is not a Request object (wrong
// or missing "jsonrpc", non-string method, params that are neither array
// nor object, an id that is not a string, number or null, an empty batch,
// a batch over the size limit); -32601 for an unknown method; -32602 for
// params a method refuses; -32603 for handler failures, panics and
// unmarshallable results (their text is logged, never sent);
// -32000..-32099 for errors a method defines. Member names are matched
// exactly, "id" values are echoed byte for byte, and "rpc."-prefixed
// method names cannot be registered. Transport choices the specification
// leaves open are documented on Server.
//
// Methods are registered with Handle, HandleFunc or the typed Register:
//
//	srv := jsonrpc.NewServer()
//	jsonrpc.Register(srv, "sum", func(ctx context.Context, p []int) (int, error) { ... })
//	srv.Handle(jsonrpc.MethodQuickScan, jsonrpc.QuickScanHandler(explorer.Default(), quickScan))
//	mux.Handle("/rpc", srv)
//
// ss_quickscan params are [contract_address, chain_id, explorer_id], all
// strings, in that order. ParseQuickScanParams checks them against the
// explorer catalogue; failures are -32602 with a message such as
// `params[1] chain_id: chain id 5 is not served by explorer 1 (etherscan);
// valid values: 1 (mainnet), 11155111 (sepolia), ...`. Fetch failures map
// to -32001 (source not verified), -32002 (upstream failure) and -32003
// (rate limited).
//
// In `vigil serve`, QuickScans runs the method over the server's scans (package scans): each
// call queues a block scan like any other door's, waits for it and answers its summary, and
// GET /quickscan/{scan_id} serves the full report.
package jsonrpc
