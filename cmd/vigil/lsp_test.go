package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf16"
)

// lspClient speaks LSP to a `vigil lsp` process, as an editor would.
type lspClient struct {
	t      *testing.T
	cmd    *exec.Cmd
	in     io.WriteCloser
	mu     sync.Mutex
	nextID int
	msgs   chan map[string]json.RawMessage
	held   []map[string]json.RawMessage // notifications read while waiting for something else
	stderr strings.Builder
}

func startLSP(t *testing.T, dir string, args ...string) *lspClient {
	t.Helper()
	cmd := exec.Command(vigilBin, append([]string{"lsp"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+t.TempDir(), "HOME="+t.TempDir())
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c := &lspClient{t: t, cmd: cmd, in: in, msgs: make(chan map[string]json.RawMessage, 100)}
	cmd.Stderr = &syncWriter{w: &c.stderr, mu: &c.mu}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go c.read(bufio.NewReader(out))
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	return c
}

type syncWriter struct {
	w  io.Writer
	mu *sync.Mutex
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

func (c *lspClient) read(r *bufio.Reader) {
	defer close(c.msgs)
	for {
		length := -1
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimSpace(line)
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				length, _ = strconv.Atoi(v)
			}
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(r, body); err != nil {
			return
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(body, &m); err != nil {
			c.t.Errorf("server sent invalid JSON: %s", body)
			return
		}
		c.msgs <- m
	}
}

func (c *lspClient) send(v any) {
	data, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.raw(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(data), data))
}

func (c *lspClient) raw(s string) {
	if _, err := io.WriteString(c.in, s); err != nil {
		c.t.Fatalf("writing to the server: %v", err)
	}
}

func (c *lspClient) notify(method string, params any) {
	c.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// next returns the next message from the server; a server that stops answering fails the test
// after a long deadline (a hang, not a timing assertion).
func (c *lspClient) next() map[string]json.RawMessage {
	c.t.Helper()
	select {
	case m, ok := <-c.msgs:
		if !ok {
			c.t.Fatalf("the server closed its output; stderr:\n%s", c.log())
		}
		return m
	case <-time.After(2 * time.Minute):
		c.t.Fatalf("no message from the server; stderr:\n%s", c.log())
	}
	return nil
}

func (c *lspClient) log() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stderr.String()
}

// call sends a request and returns its result, holding the notifications that come first.
func (c *lspClient) call(method string, params any, result any) *lspError {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	c.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	for {
		m := c.next()
		if _, isResponse := m["method"]; isResponse || string(m["id"]) != strconv.Itoa(id) {
			c.held = append(c.held, m)
			continue
		}
		if m["error"] != nil {
			var e lspError
			json.Unmarshal(m["error"], &e)
			return &e
		}
		if result != nil {
			if err := json.Unmarshal(m["result"], result); err != nil {
				c.t.Fatalf("%s result %s: %v", method, m["result"], err)
			}
		}
		return nil
	}
}

type lspError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type lspPos struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type lspRange struct {
	Start lspPos `json:"start"`
	End   lspPos `json:"end"`
}

type lspDiagnostic struct {
	Range           lspRange `json:"range"`
	Severity        int      `json:"severity"`
	Code            string   `json:"code"`
	CodeDescription *struct {
		Href string `json:"href"`
	} `json:"codeDescription"`
	Source  string `json:"source"`
	Message string `json:"message"`
}

type publishedDiagnostics struct {
	URI         string          `json:"uri"`
	Version     *int            `json:"version"`
	Diagnostics []lspDiagnostic `json:"diagnostics"`
}

// diagnostics waits for the diagnostics of uri that match want (held ones first).
func (c *lspClient) diagnostics(uri string, want func(publishedDiagnostics) bool) publishedDiagnostics {
	c.t.Helper()
	check := func(m map[string]json.RawMessage) (publishedDiagnostics, bool) {
		var p publishedDiagnostics
		if string(m["method"]) != `"textDocument/publishDiagnostics"` || json.Unmarshal(m["params"], &p) != nil || p.URI != uri {
			return p, false
		}
		return p, want(p)
	}
	for i, m := range c.held {
		if p, ok := check(m); ok {
			c.held = append(c.held[:i:i], c.held[i+1:]...)
			return p
		}
	}
	for {
		m := c.next()
		if p, ok := check(m); ok {
			return p
		}
		c.held = append(c.held, m)
	}
}

func fileURI(p string) string { return (&url.URL{Scheme: "file", Path: filepath.ToSlash(p)}).String() }

func versioned(v int) func(publishedDiagnostics) bool {
	return func(p publishedDiagnostics) bool { return p.Version != nil && *p.Version == v }
}

func withCode(ds []lspDiagnostic, code string) []lspDiagnostic {
	var out []lspDiagnostic
	for _, d := range ds {
		if d.Code == code {
			out = append(out, d)
		}
	}
	return out
}

// applyEdit applies LSP text edits (UTF-16 positions, LF/CRLF/CR lines) to a text, from the end
// backwards, independently of the server's own conversion.
func applyEdit(t *testing.T, src string, edits []struct {
	Range   lspRange `json:"range"`
	NewText string   `json:"newText"`
}) string {
	offset := func(p lspPos) int {
		line, i := 0, 0
		for line < p.Line && i < len(src) {
			if src[i] == '\n' || src[i] == '\r' && (i+1 >= len(src) || src[i+1] != '\n') {
				line++
			}
			i++
		}
		for units := 0; units < p.Character; {
			r := []rune(src[i:])[0]
			units += len(utf16.Encode([]rune{r}))
			i += len(string(r))
		}
		return i
	}
	for k := len(edits) - 1; k >= 0; k-- {
		e := edits[k]
		from, to := offset(e.Range.Start), offset(e.Range.End)
		src = src[:from] + e.NewText + src[to:]
	}
	return src
}

// The vulnerable vault: a form feed inside a comment (a line break for solc, not for LSP),
// and multi-byte characters before the finding on its line (UTF-16 columns differ from bytes).
const lspVault = "// SPDX-License-Identifier: MIT\npragma solidity 0.8.20;\n\nimport \"./Base.sol\";\n\n" +
	"/* Vault: dépôts 💰\fand withdrawals. */\ncontract Vault is Base {\n" +
	"    function deposit() external payable {\n        balances[msg.sender] += msg.value;\n    }\n\n" +
	"    function withdraw(uint256 amount) external {\n        require(balances[msg.sender] >= amount);\n" +
	"        /* 💸 */ (bool ok, ) = msg.sender.call{value: amount}(\"\");\n        require(ok);\n" +
	"        balances[msg.sender] -= amount;\n    }\n}\n"

const lspBase = "// SPDX-License-Identifier: MIT\npragma solidity 0.8.20;\n\ncontract Base {\n    mapping(address => uint256) internal balances;\n}\n"

const lspAnchor = `use anchor_lang::prelude::*;

declare_id!("Vau1t11111111111111111111111111111111111111");

#[program]
pub mod vault {
    use super::*;

    pub fn set_admin(ctx: Context<SetAdmin>, admin: Pubkey) -> Result<()> {
        ctx.accounts.state.admin = admin;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct SetAdmin<'info> {
    #[account(mut, has_one = owner)]
    pub state: Account<'info, State>,
    /// CHECK: the stored owner («propriétaire»)
    /* ß */ pub owner: AccountInfo<'info>,
}

#[account]
pub struct State {
    pub owner: Pubkey,
    pub admin: Pubkey,
}
`

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLSPSession drives `vigil lsp` as an editor would: the workspace scan on start (with the
// project's vigil.yaml excludes), diagnostics of an opened Solidity file with the detector id
// and an exact UTF-16 range, hover, the suppression quick fix applied and honoured, an edit to
// the fixed code clearing the diagnostic, an Anchor file, hostile messages, shutdown and exit.
func TestLSPSession(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, dir, map[string]string{
		"vigil.yaml":                "exclude:\n  - mocks\n",
		"src/Base.sol":              lspBase,
		"src/Vault.sol":             lspVault,
		"mocks/Mock.sol":            lspVault,
		"programs/vault/Cargo.toml": "[package]\nname = \"vault\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nanchor-lang = \"0.30.1\"\n",
		"programs/vault/src/lib.rs": lspAnchor,
	})
	vault, anchor, mock := fileURI(filepath.Join(dir, "src/Vault.sol")), fileURI(filepath.Join(dir, "programs/vault/src/lib.rs")), fileURI(filepath.Join(dir, "mocks/Mock.sol"))
	c := startLSP(t, dir, "--debounce", "50ms")

	var init struct {
		Capabilities struct {
			HoverProvider    bool `json:"hoverProvider"`
			TextDocumentSync struct {
				Change int `json:"change"`
			} `json:"textDocumentSync"`
		} `json:"capabilities"`
		ServerInfo struct{ Name string } `json:"serverInfo"`
	}
	if e := c.call("initialize", map[string]any{"processId": nil, "rootUri": fileURI(dir), "capabilities": map[string]any{},
		"workspaceFolders": []map[string]string{{"uri": fileURI(dir), "name": "w"}}}, &init); e != nil {
		t.Fatalf("initialize: %+v", e)
	}
	if !init.Capabilities.HoverProvider || init.Capabilities.TextDocumentSync.Change != 1 || init.ServerInfo.Name != "vigil" {
		t.Errorf("initialize result: %+v", init)
	}
	c.notify("initialized", map[string]any{})

	// The workspace scan publishes the files the editor has not opened.
	expected := lspRange{Start: lspPos{13, 31}, End: lspPos{13, 65}} // msg.sender.call{value: amount}("")
	ws := c.diagnostics(vault, func(p publishedDiagnostics) bool { return true })
	if ds := withCode(ws.Diagnostics, "REENTRANCY_ETH"); len(ds) != 1 || ds[0].Range != expected {
		t.Fatalf("workspace scan of Vault.sol: %+v, want REENTRANCY_ETH at %+v", ws.Diagnostics, expected)
	}
	rs := c.diagnostics(anchor, func(p publishedDiagnostics) bool { return true })
	if ds := withCode(rs.Diagnostics, "SOLANA_MISSING_SIGNER_CHECK"); len(ds) != 1 || ds[0].Range != (lspRange{lspPos{19, 16}, lspPos{19, 21}}) {
		t.Fatalf("workspace scan of lib.rs: %+v", rs.Diagnostics)
	}

	// Opening the file scans its buffer with its imports.
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": vault, "languageId": "solidity", "version": 1, "text": lspVault}})
	opened := c.diagnostics(vault, versioned(1))
	ds := withCode(opened.Diagnostics, "REENTRANCY_ETH")
	if len(ds) != 1 {
		t.Fatalf("didOpen diagnostics: %+v\n%s", opened.Diagnostics, c.log())
	}
	d := ds[0]
	if d.Range != expected || d.Severity != 1 || d.Source != "vigil" || d.CodeDescription == nil || !strings.HasPrefix(d.CodeDescription.Href, "file://") {
		t.Errorf("diagnostic: %+v (range want %+v)", d, expected)
	}
	if d.CodeDescription != nil {
		u, _ := url.Parse(d.CodeDescription.Href)
		if page, err := os.ReadFile(u.Path); err != nil || !strings.Contains(string(page), "REENTRANCY_ETH") || !strings.Contains(string(page), "## Remediation") {
			t.Errorf("detector page %s: %v\n%s", d.CodeDescription.Href, err, page)
		}
	}

	var hover struct {
		Contents struct{ Kind, Value string } `json:"contents"`
	}
	if e := c.call("textDocument/hover", map[string]any{"textDocument": map[string]string{"uri": vault}, "position": lspPos{13, 40}}, &hover); e != nil {
		t.Fatalf("hover: %+v", e)
	}
	if hover.Contents.Kind != "markdown" || !strings.Contains(hover.Contents.Value, "REENTRANCY_ETH") || !strings.Contains(hover.Contents.Value, "**Remediation**") {
		t.Errorf("hover: %+v", hover)
	}

	var actions []struct {
		Title string `json:"title"`
		Kind  string `json:"kind"`
		Edit  struct {
			Changes map[string][]struct {
				Range   lspRange `json:"range"`
				NewText string   `json:"newText"`
			} `json:"changes"`
		} `json:"edit"`
	}
	if e := c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]string{"uri": vault}, "range": d.Range,
		"context": map[string]any{"diagnostics": []any{d}}}, &actions); e != nil {
		t.Fatalf("codeAction: %+v", e)
	}
	if len(actions) != 1 || actions[0].Kind != "quickfix" || len(actions[0].Edit.Changes[vault]) != 1 {
		t.Fatalf("code actions: %+v", actions)
	}
	suppressed := applyEdit(t, lspVault, actions[0].Edit.Changes[vault])
	if !strings.Contains(suppressed, "\n        // vigil-disable-next-line REENTRANCY_ETH\n        /* 💸 */ (bool ok, )") {
		t.Fatalf("the quick fix gave:\n%s", suppressed)
	}
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": vault, "version": 2},
		"contentChanges": []map[string]string{{"text": suppressed}}})
	if after := c.diagnostics(vault, versioned(2)); len(withCode(after.Diagnostics, "REENTRANCY_ETH")) != 0 {
		t.Errorf("the suppression comment is not honoured: %+v", after.Diagnostics)
	}

	// The fixed code (effects before the interaction), unsaved, clears the diagnostics.
	fixed := strings.Replace(lspVault, "        /* 💸 */ (bool ok, ) = msg.sender.call{value: amount}(\"\");\n        require(ok);\n        balances[msg.sender] -= amount;\n",
		"        balances[msg.sender] -= amount;\n        /* 💸 */ (bool ok, ) = msg.sender.call{value: amount}(\"\");\n        require(ok);\n", 1)
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": vault, "version": 3},
		"contentChanges": []map[string]string{{"text": fixed}}})
	if after := c.diagnostics(vault, versioned(3)); len(after.Diagnostics) != 0 {
		t.Errorf("diagnostics of the fixed code: %+v", after.Diagnostics)
	}
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": vault}})
	if after := c.diagnostics(vault, versioned(3)); len(after.Diagnostics) != 0 {
		t.Errorf("diagnostics after save: %+v", after.Diagnostics)
	}

	// The Anchor file: opened, then fixed with a Signer.
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": anchor, "languageId": "rust", "version": 1, "text": lspAnchor}})
	if got := c.diagnostics(anchor, versioned(1)); len(withCode(got.Diagnostics, "SOLANA_MISSING_SIGNER_CHECK")) != 1 {
		t.Errorf("Anchor diagnostics: %+v", got.Diagnostics)
	}
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": anchor, "version": 2},
		"contentChanges": []map[string]string{{"text": strings.Replace(lspAnchor, "AccountInfo<'info>", "Signer<'info>", 1)}}})
	if got := c.diagnostics(anchor, versioned(2)); len(withCode(got.Diagnostics, "SOLANA_MISSING_SIGNER_CHECK")) != 0 {
		t.Errorf("Anchor diagnostics after the fix: %+v", got.Diagnostics)
	}

	// The excluded file is never reported, even when opened.
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": mock, "languageId": "solidity", "version": 1, "text": lspVault}})
	if got := c.diagnostics(mock, versioned(1)); len(got.Diagnostics) != 0 {
		t.Errorf("excluded file has diagnostics: %+v", got.Diagnostics)
	}

	// Hostile messages: garbage frames, a body that is not JSON-RPC, bad params, a binary
	// buffer. The session goes on.
	c.raw("Content-Length: 5\r\n\r\n{{{{{")
	c.raw("Content-Length: nope\r\n\r\n")
	c.raw("Content-Length: 2\r\n\r\n[]")
	if e := c.call("textDocument/hover", map[string]any{"textDocument": 5}, nil); e == nil || e.Code != -32602 {
		t.Errorf("hover with bad params: %+v", e)
	}
	if e := c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]string{"uri": vault},
		"range": lspRange{lspPos{1 << 30, 1 << 30}, lspPos{0, 0}}, "context": map[string]any{"diagnostics": []any{}}}, nil); e != nil {
		t.Errorf("codeAction with a range out of the file: %+v", e)
	}
	junk := fileURI(filepath.Join(dir, "src/Junk.sol"))
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": junk, "languageId": "solidity", "version": 1,
		"text": "contract {{{{ \x00\xff\xfe function ((((( \u2028 \""}})
	c.diagnostics(junk, versioned(1))

	if e := c.call("shutdown", nil, nil); e != nil {
		t.Fatalf("shutdown: %+v", e)
	}
	c.notify("exit", nil)
	done := make(chan error, 1)
	go func() { done <- c.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("vigil lsp exited with %v; stderr:\n%s", err, c.log())
		}
	case <-time.After(time.Minute):
		t.Fatalf("vigil lsp did not exit; stderr:\n%s", c.log())
	}
	t.Log(c.log())
	if strings.Contains(c.log(), "panic") {
		t.Errorf("stderr:\n%s", c.log())
	}
	for _, m := range c.held {
		var p publishedDiagnostics
		if json.Unmarshal(m["params"], &p) == nil && p.URI == mock && len(p.Diagnostics) > 0 {
			t.Errorf("excluded file reported: %+v", p)
		}
	}
}

// A scan that runs out of its budget tells the user so, marks the files it did not analyse,
// and the server goes on answering.
func TestLSPIncompleteScan(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, dir, map[string]string{"src/Base.sol": lspBase, "src/Vault.sol": lspVault})
	vault := fileURI(filepath.Join(dir, "src/Vault.sol"))
	c := startLSP(t, dir, "--timeout", "1ns")
	if e := c.call("initialize", map[string]any{"processId": nil, "rootUri": fileURI(dir), "capabilities": map[string]any{}}, nil); e != nil {
		t.Fatalf("initialize: %+v", e)
	}
	c.notify("initialized", map[string]any{})
	got := c.diagnostics(vault, func(publishedDiagnostics) bool { return true })
	if len(got.Diagnostics) != 1 || !strings.Contains(got.Diagnostics[0].Message, "did not fully analyse") || got.Diagnostics[0].Code != "" {
		t.Errorf("diagnostics of an unanalysed file: %+v", got.Diagnostics)
	}
	told := false
	for _, m := range c.held {
		var p struct{ Message string }
		if string(m["method"]) == `"window/showMessage"` && json.Unmarshal(m["params"], &p) == nil && strings.Contains(p.Message, "incomplete") {
			told = true
		}
	}
	if !told {
		t.Errorf("no message says the scan is incomplete; held %d messages", len(c.held))
	}
	if e := c.call("textDocument/hover", map[string]any{"textDocument": map[string]string{"uri": vault}, "position": lspPos{0, 0}}, nil); e != nil {
		t.Errorf("hover after an incomplete scan: %+v", e)
	}
	if e := c.call("shutdown", nil, nil); e != nil {
		t.Fatalf("shutdown: %+v", e)
	}
	c.notify("exit", nil)
	if err := c.cmd.Wait(); err != nil {
		t.Errorf("exit: %v\n%s", err, c.log())
	}
}

// exit without shutdown ends the process with code 1, as the protocol asks.
func TestLSPExitWithoutShutdown(t *testing.T) {
	c := startLSP(t, t.TempDir())
	if e := c.call("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}}, nil); e != nil {
		t.Fatalf("initialize: %+v", e)
	}
	c.notify("exit", nil)
	err := c.cmd.Wait()
	if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 1 {
		t.Errorf("exit without shutdown: %v, want exit code 1\n%s", err, c.log())
	}
}
