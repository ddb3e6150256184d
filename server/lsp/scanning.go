package lsp

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// settings returns the workspace folder and the options of its scans.
func (s *Server) settings() (string, workspace.Options, scan.Options) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.root, s.wsOpts, s.scanOpts
}

// workspaceIndex returns the index of the workspace folder's files, built on first use or
// when refresh asks for it (a file appeared since).
func (s *Server) workspaceIndex(refresh bool) (*workspace.Workspace, error) {
	root, wsOpts, _ := s.settings()
	s.mu.Lock()
	ws := s.index
	s.mu.Unlock()
	if ws != nil && !refresh {
		return ws, nil
	}
	fresh, err := workspace.FromFolder(s.ctx, root, wsOpts)
	if err != nil {
		return ws, err
	}
	s.mu.Lock()
	if s.index != nil {
		// A scan may still be reading the old index: it is closed when the session ends.
		s.retired = append(s.retired, s.index)
	}
	s.index = fresh
	s.mu.Unlock()
	return fresh, nil
}

// scanWorkspace scans the workspace folder as `vigil scan` would and publishes the findings
// of every file the editor has not opened (open files are scanned from their buffers).
func (s *Server) scanWorkspace() {
	root, _, scanOpts := s.settings()
	ws, err := s.workspaceIndex(true)
	if err != nil {
		if s.ctx.Err() == nil {
			s.message(protocol.MessageTypeWarning, "cannot scan %s: %v", root, err)
		}
		return
	}
	s.log.Printf("scanning %s (%d files)", root, len(ws.Files))
	res, err := scan.Run(s.ctx, ws, scanOpts)
	if err != nil {
		if s.ctx.Err() == nil {
			s.message(protocol.MessageTypeWarning, "the scan of %s failed: %v", root, err)
		}
		return
	}
	s.tellIncomplete(res, root)
	files := map[string]bool{}
	for _, g := range res.Report.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			for _, loc := range f.Findings {
				files[loc.FilePath] = true
			}
		}
	}
	if res.Report.Coverage != nil {
		for _, g := range res.Report.Coverage.Gaps {
			files[g.File] = true
		}
	}
	for rel := range files {
		file := filepath.Join(root, filepath.FromSlash(rel))
		uri := pathURI(file)
		s.mu.Lock()
		open := false
		for u := range s.open {
			// By path: the editor may spell the URI of an open file differently (%40, case).
			open = open || uriPath(u) == file
		}
		gen := s.gens[uri]
		s.mu.Unlock()
		if open {
			continue
		}
		data, err := ws.ReadFile(rel)
		if err != nil {
			continue
		}
		txt := newText(string(data), strings.HasSuffix(rel, ".rs"))
		s.publish(uri, gen, nil, txt, s.items(res, rel, txt))
	}
	s.log.Printf("scanned %s: %d files with diagnostics", root, len(files))
}

// tellIncomplete tells the user when a scan stopped at a budget: its diagnostics are partial.
func (s *Server) tellIncomplete(res *scan.Result, what string) {
	if res.Stopped != nil {
		s.message(protocol.MessageTypeWarning, "the scan of %s is incomplete, findings may be missing: %v", what, res.Stopped)
	}
}

// scanFile scans one document, from its buffer when it is open, with its context, and
// publishes its diagnostics unless it changed in the meantime.
func (s *Server) scanFile(uri string) {
	file := uriPath(uri)
	rust := strings.HasSuffix(file, ".rs")
	if file == "" || !rust && !strings.HasSuffix(file, ".sol") {
		return
	}
	s.fileScans.Lock()
	defer s.fileScans.Unlock()
	if s.ctx.Err() != nil {
		return
	}
	root, wsOpts, scanOpts := s.settings()
	s.mu.Lock()
	gen := s.gens[uri]
	doc := s.open[uri]
	overlay := map[string][]byte{}
	for u, d := range s.open {
		if rel, ok := relativeTo(root, uriPath(u)); ok {
			overlay[rel] = []byte(d.text)
		}
	}
	s.mu.Unlock()

	var content []byte
	var version *protocol.Integer
	if doc != nil {
		content, version = []byte(doc.text), &doc.version
	} else {
		data, err := os.ReadFile(file)
		if err != nil {
			s.publish(uri, gen, nil, newText("", rust), nil) // deleted: nothing to show
			return
		}
		content = data
	}
	txt := newText(string(content), rust)

	tmp, err := os.MkdirTemp("", "vigil-lsp-")
	if err != nil {
		s.message(protocol.MessageTypeError, "cannot scan %s: %v", file, err)
		return
	}
	defer os.RemoveAll(tmp)
	target, ok := s.prepare(uri, file, root, content, overlay, tmp, gen, txt, version)
	if !ok {
		return
	}
	sub, err := workspace.FromFolder(s.ctx, tmp, wsOpts)
	if err != nil {
		if s.ctx.Err() == nil {
			s.publish(uri, gen, version, txt, []item{notice(txt, "Vigil did not scan this file: "+err.Error())})
		}
		return
	}
	defer sub.Close()
	opts := scanOpts
	opts.Include = []string{target}
	opts.Progress = nil
	res, err := scan.Run(s.ctx, sub, opts)
	if err != nil {
		if s.ctx.Err() == nil && !errors.Is(err, context.Canceled) {
			s.publish(uri, gen, version, txt, []item{notice(txt, "Vigil could not scan this file: "+err.Error())})
		}
		return
	}
	s.tellIncomplete(res, filepath.Base(file))
	s.publish(uri, gen, version, txt, s.items(res, target, txt))
}

// prepare writes what the scan of file reads into tmp and returns the file's path there. A
// file of the workspace that its excludes leave out gets no diagnostics (ok false).
func (s *Server) prepare(uri, file, root string, content []byte, overlay map[string][]byte, tmp string, gen int, txt *text,
	version *protocol.Integer) (string, bool) {
	rel, inside := relativeTo(root, file)
	if !inside {
		// A file outside the workspace folder is scanned alone.
		name := filepath.Base(file)
		if err := writeFile(tmp, name, content); err != nil {
			s.message(protocol.MessageTypeError, "cannot scan %s: %v", file, err)
			return "", false
		}
		return name, true
	}
	ws, err := s.workspaceIndex(false)
	if err != nil {
		s.publish(uri, gen, version, txt, []item{notice(txt, "Vigil cannot read the workspace: "+err.Error())})
		return "", false
	}
	if _, known := ws.File(rel); !known {
		if ws, err = s.workspaceIndex(true); err != nil {
			s.publish(uri, gen, version, txt, []item{notice(txt, "Vigil cannot read the workspace: "+err.Error())})
			return "", false
		}
		if _, known := ws.File(rel); !known {
			if _, err := os.Lstat(file); err == nil {
				// On disk but not in the workspace: excluded (vigil.yaml, --skip), a link,
				// or over the limits; `vigil scan` leaves it out too.
				s.log.Printf("%s is not part of the scanned workspace (excluded or skipped): no diagnostics", rel)
				s.publish(uri, gen, version, txt, nil)
				return "", false
			}
		}
	}
	read := func(p string) ([]byte, error) {
		if data, ok := overlay[p]; ok {
			return data, nil
		}
		if p == rel {
			return content, nil
		}
		return ws.ReadFile(p)
	}
	if err := writeContext(ws, contextFiles(ws, rel, read), read, tmp); err != nil {
		s.message(protocol.MessageTypeError, "cannot scan %s: %v", file, err)
		return "", false
	}
	return rel, true
}

// relativeTo returns the slash path of file under root, and whether it is under it.
func relativeTo(root, file string) (string, bool) {
	if root == "" || file == "" {
		return "", false
	}
	if real, err := filepath.EvalSymlinks(filepath.Dir(file)); err == nil {
		file = filepath.Join(real, filepath.Base(file))
	}
	rel, err := filepath.Rel(root, file)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}
