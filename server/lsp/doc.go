// Package lsp is `vigil lsp`: a Language Server Protocol server over standard input and
// output, so that an editor shows Vigil's findings where the code is written.
//
// The server scans the workspace folder when it starts, with the engine and configuration of
// `vigil scan` (the project's vigil.yaml, its excludes and detector choices, vigil-disable
// comments), and publishes one diagnostic per finding: the detector id as its code, a link to
// the detector's description, the severity mapped from Vigil's. When a Solidity or Rust file
// is opened, edited or saved, that file is scanned again from the editor's buffer (unsaved
// text included, after a short pause in typing) together with what it needs: a Solidity file
// with the files it imports, transitively; a Rust file with its crate. Hovering a finding shows
// its description and remediation; a quick fix inserts the suppression comment Vigil honours
// (// vigil-disable-next-line REENTRANCY_ETH, say) above the line.
//
// Positions: Vigil counts lines the way each compiler does (solc also breaks lines at VT, FF,
// NEL, LS and PS; rustc at LF only) and columns in bytes, while LSP counts lines at LF, CR LF
// and CR and columns in UTF-16 code units. Every position goes through a byte offset in the
// file's text (see positions.go), so a finding lands on the characters an editor shows.
//
// The framing is github.com/sourcegraph/jsonrpc2 with the LSP types and dispatch of
// github.com/tliron/glsp. glsp's own stdio runner is not used: its codec ends the session on
// the first malformed message, and its handlers run without recovery, so one hostile request
// would kill the server. This package reads frames itself (stream.go), skips what is not
// JSON-RPC with a log line, and recovers from a failing handler or scan with an error reply or
// a message to the editor.
package lsp
