package lsp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/url"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// Config is what the command line gives the server.
type Config struct {
	// Options returns the workspace and scan options for a workspace folder ("" when the
	// editor opened no folder): those `vigil scan` would use there, vigil.yaml included.
	Options func(root string) (workspace.Options, scan.Options, error)
	// MinSeverity leaves findings below it out ("" keeps all).
	MinSeverity string
	// Debounce is the pause in typing after which an edited buffer is scanned again.
	Debounce time.Duration
	// Log receives the server's log (standard error: editors show it in their LSP log).
	Log io.Writer
	// Version is Vigil's version, told to the editor.
	Version string
	// DocsDir is where the detectors' description pages are written, which diagnostics link
	// to ("" for the user's cache folder).
	DocsDir string
}

// ErrExitWithoutShutdown is returned by Serve when the client sent exit without shutdown
// first, or the connection ended without exit: the protocol's exit code 1.
var ErrExitWithoutShutdown = errors.New("the client ended the session without shutdown")

// Server is one LSP session.
type Server struct {
	cfg  Config
	log  *log.Logger
	conn *jsonrpc2.Conn
	ctx  context.Context // ends at shutdown: running scans stop
	stop context.CancelFunc
	h    protocol.Handler
	docs *docPages

	mu               sync.Mutex
	root             string // absolute workspace folder, "" when none
	wsOpts           workspace.Options
	scanOpts         scan.Options
	configErr        error
	index            *workspace.Workspace   // the workspace's files, for imports, crates and excludes
	retired          []*workspace.Workspace // earlier indexes, closed at the end
	open             map[string]*document   // open documents by URI
	published        map[string]*fileResult // what the editor was last told, by URI
	timers           map[string]*time.Timer // pending scans by URI
	gens             map[string]int         // edit generation by URI: a scan of an older one is dropped
	shutdown, exited bool
	fileScans        sync.Mutex // one file scan at a time: the machine is shared with the editor
	scans            sync.WaitGroup
}

// document is an open editor buffer.
type document struct {
	uri     string
	text    string
	version protocol.Integer
}

// Serve runs one session over in and out until the client sends exit or the stream ends.
func Serve(ctx context.Context, in io.Reader, out io.Writer, cfg Config) error {
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.Options == nil {
		cfg.Options = func(string) (workspace.Options, scan.Options, error) { return workspace.Options{}, scan.Options{}, nil }
	}
	s := &Server{cfg: cfg, log: log.New(cfg.Log, "vigil lsp: ", log.LstdFlags), open: map[string]*document{},
		published: map[string]*fileResult{}, timers: map[string]*time.Timer{}, gens: map[string]int{}}
	s.docs = &docPages{dir: cfg.DocsDir, log: s.log}
	s.ctx, s.stop = context.WithCancel(ctx)
	defer s.stop()
	s.h = protocol.Handler{
		Initialize:                      s.initialize,
		Initialized:                     s.initialized,
		Shutdown:                        s.shutdownRequest,
		SetTrace:                        func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		TextDocumentDidOpen:             s.didOpen,
		TextDocumentDidChange:           s.didChange,
		TextDocumentDidSave:             s.didSave,
		TextDocumentDidClose:            s.didClose,
		TextDocumentHover:               s.hover,
		TextDocumentCodeAction:          s.codeAction,
		CancelRequest:                   func(*glsp.Context, *protocol.CancelParams) error { return nil },
		WorkspaceDidChangeWatchedFiles:  func(*glsp.Context, *protocol.DidChangeWatchedFilesParams) error { return nil },
		WorkspaceDidChangeConfiguration: func(*glsp.Context, *protocol.DidChangeConfigurationParams) error { return nil },
	}
	stream := jsonrpc2.NewBufferedStream(readWriteCloser{in, out}, codec{logf: s.log.Printf})
	s.conn = jsonrpc2.NewConn(s.ctx, stream, jsonrpc2.HandlerWithError(s.handle))
	select {
	case <-s.conn.DisconnectNotify():
	case <-ctx.Done():
		s.conn.Close()
	}
	s.stop()
	s.mu.Lock()
	for _, t := range s.timers {
		s.cancelTimer(t)
	}
	shutdown, exited := s.shutdown, s.exited
	s.mu.Unlock()
	s.scans.Wait()
	s.mu.Lock()
	for _, ws := range append(s.retired, s.index) {
		ws.Close() // nil-safe
	}
	s.mu.Unlock()
	if !shutdown || !exited {
		return ErrExitWithoutShutdown
	}
	return nil
}

type readWriteCloser struct {
	io.Reader
	io.Writer
}

func (readWriteCloser) Close() error { return nil }

// handle dispatches one message through glsp's handler, and turns a panic into an error reply
// (or, for a notification, a log line): no request may end the session.
func (s *Server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Printf("%s failed: %v\n%s", req.Method, r, debug.Stack())
			result, err = nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("vigil: %s failed: %v", req.Method, r)}
		}
	}()
	gctx := &glsp.Context{Method: req.Method, Notify: s.notify, Call: func(string, any, any) {}}
	if req.Params != nil {
		gctx.Params = *req.Params
	}
	if req.Method == protocol.MethodExit {
		s.mu.Lock()
		s.exited = true
		s.mu.Unlock()
		go conn.Close() // after this message's (absent) reply
		return nil, nil
	}
	r, validMethod, validParams, err := s.h.Handle(gctx)
	switch {
	case !validMethod:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "method not supported: " + req.Method}
	case !validParams:
		msg := "invalid params"
		if err != nil {
			msg = err.Error()
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: msg}
	case err != nil:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: err.Error()}
	}
	return r, nil
}

func (s *Server) notify(method string, params any) {
	if err := s.conn.Notify(context.Background(), method, params); err != nil {
		s.log.Printf("sending %s: %v", method, err)
	}
}

// message shows a message to the user and logs it.
func (s *Server) message(typ protocol.MessageType, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	s.log.Print(msg)
	s.notify(protocol.ServerWindowShowMessage, protocol.ShowMessageParams{Type: typ, Message: "Vigil: " + msg})
}

func (s *Server) initialize(_ *glsp.Context, p *protocol.InitializeParams) (any, error) {
	root := ""
	switch {
	case len(p.WorkspaceFolders) > 0:
		root = uriPath(p.WorkspaceFolders[0].URI)
	case p.RootURI != nil:
		root = uriPath(*p.RootURI)
	case p.RootPath != nil:
		root = *p.RootPath
	}
	if root != "" {
		if abs, err := filepath.Abs(root); err == nil {
			root = abs
		}
		if real, err := filepath.EvalSymlinks(root); err == nil {
			root = real
		}
	}
	wsOpts, scanOpts, err := s.cfg.Options(root)
	s.mu.Lock()
	s.root, s.wsOpts, s.scanOpts, s.configErr = root, wsOpts, scanOpts, err
	s.mu.Unlock()
	change := protocol.TextDocumentSyncKindFull
	version := s.cfg.Version
	return protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: protocol.TextDocumentSyncOptions{
				OpenClose: &[]bool{true}[0],
				Change:    &change,
				Save:      protocol.SaveOptions{IncludeText: &[]bool{false}[0]},
			},
			HoverProvider:      true,
			CodeActionProvider: protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix}},
		},
		ServerInfo: &protocol.InitializeResultServerInfo{Name: "vigil", Version: &version},
	}, nil
}

// initialized starts the scan of the workspace folder.
func (s *Server) initialized(*glsp.Context, *protocol.InitializedParams) error {
	s.mu.Lock()
	root, cerr := s.root, s.configErr
	s.mu.Unlock()
	if cerr != nil {
		s.message(protocol.MessageTypeError, "configuration: %v (no scans until it is fixed and the server restarted)", cerr)
		return nil
	}
	if root == "" {
		s.log.Print("no workspace folder: only open files are scanned")
		return nil
	}
	s.background(s.scanWorkspace)
	return nil
}

func (s *Server) shutdownRequest(*glsp.Context) error {
	s.mu.Lock()
	s.shutdown = true
	for uri, t := range s.timers {
		s.cancelTimer(t)
		delete(s.timers, uri)
	}
	s.mu.Unlock()
	s.stop()
	return nil
}

// background runs a scan in its own goroutine, recovering from a panic with a message to the
// user: a scan that fails never takes the server down.
func (s *Server) background(run func()) {
	s.scans.Add(1)
	go func() {
		defer s.scans.Done()
		defer func() {
			if r := recover(); r != nil {
				s.log.Printf("scan failed: %v\n%s", r, debug.Stack())
				s.message(protocol.MessageTypeError, "the scan failed: %v", r)
			}
		}()
		run()
	}()
}

func (s *Server) didOpen(_ *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	s.mu.Lock()
	s.open[p.TextDocument.URI] = &document{uri: p.TextDocument.URI, text: p.TextDocument.Text, version: p.TextDocument.Version}
	s.gens[p.TextDocument.URI]++
	s.mu.Unlock()
	s.schedule(p.TextDocument.URI, 0)
	return nil
}

func (s *Server) didChange(_ *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	s.mu.Lock()
	doc := s.open[p.TextDocument.URI]
	if doc == nil {
		s.mu.Unlock()
		return fmt.Errorf("%s is not open", p.TextDocument.URI)
	}
	for _, c := range p.ContentChanges {
		switch c := c.(type) {
		case protocol.TextDocumentContentChangeEventWhole:
			doc.text = c.Text
		case protocol.TextDocumentContentChangeEvent:
			t := newText(doc.text, false)
			from, to := t.offset(c.Range.Start), t.offset(c.Range.End)
			if from > to {
				from, to = to, from
			}
			doc.text = doc.text[:from] + c.Text + doc.text[to:]
		}
	}
	doc.version = p.TextDocument.Version
	s.gens[p.TextDocument.URI]++
	s.mu.Unlock()
	s.schedule(p.TextDocument.URI, s.cfg.Debounce)
	return nil
}

func (s *Server) didSave(_ *glsp.Context, p *protocol.DidSaveTextDocumentParams) error {
	s.schedule(p.TextDocument.URI, 0)
	return nil
}

// didClose scans the file again as it is on disk: the buffer's unsaved text is gone.
func (s *Server) didClose(_ *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	s.mu.Lock()
	delete(s.open, p.TextDocument.URI)
	s.gens[p.TextDocument.URI]++
	s.mu.Unlock()
	s.schedule(p.TextDocument.URI, 0)
	return nil
}

// schedule scans a document after delay, replacing a scan of it still waiting: edits in a
// burst give one scan.
func (s *Server) schedule(uri string, delay time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.shutdown || s.configErr != nil {
		return
	}
	if t := s.timers[uri]; t != nil {
		s.cancelTimer(t)
	}
	s.scans.Add(1)
	var t *time.Timer
	t = time.AfterFunc(delay, func() {
		s.scans.Done()
		s.mu.Lock()
		current := s.timers[uri] == t
		if current {
			delete(s.timers, uri)
		}
		s.mu.Unlock()
		if current {
			s.background(func() { s.scanFile(uri) })
		}
	})
	s.timers[uri] = t
}

// cancelTimer stops a pending scan; one that already fired ends on its own.
func (s *Server) cancelTimer(t *time.Timer) {
	if t.Stop() {
		s.scans.Done()
	}
}

// uriPath returns the local path of a file URI, or "" for other schemes.
func uriPath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	p := u.Path
	if len(p) >= 3 && p[0] == '/' && p[2] == ':' { // file:///C:/x on Windows
		p = p[1:]
	}
	return filepath.FromSlash(p)
}

// pathURI returns the file URI of an absolute path.
func pathURI(p string) string {
	p = filepath.ToSlash(p)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
