package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/report/html"
	"github.com/vigil-sec/vigil/report/pdf"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/scan/onchain/solana"
	"github.com/vigil-sec/vigil/server/engine"
	"github.com/vigil-sec/vigil/server/projects"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
	"github.com/vigil-sec/vigil/server/tokenapi"
	"github.com/vigil-sec/vigil/server/uploads"
	"github.com/vigil-sec/vigil/server/web"
)

// The dashboard (package web) is mounted beside the API. This file is its Backend: it starts
// scans through the same enqueue as the API, renders reports as the downloads do, and keeps
// two documents of its own in the store, since the Store interface has no project listing and
// no triage comments: the client's project list ("dashboard_projects", by client id) and each
// project's triage notes ("triage_notes", by project id).

// dashboard implements web.Backend over the server.
type dashboard struct {
	s       *Server
	tokens  tokenapi.Scanner
	records projects.Records
}

// mountDashboard serves the pages at / (see package web).
func (s *Server) mountDashboard() {
	s.dash = &dashboard{s: s, records: s.projects}
	h, err := web.New(web.Config{
		Store: s.store, Backend: s.dash, Log: s.log, Version: s.cfg.Version, Stopping: s.stopping,
		HTTPSPublicURL: s.publicURL != nil && s.publicURL.Scheme == "https",
		MaxUploadBytes: s.cfg.Limits.MaxArchiveBytes,
	})
	if err != nil {
		panic(err) // the templates are embedded: this fails in every test, never only in production
	}
	h.Register(s.mux)
}

func (d *dashboard) Projects(ctx context.Context, clientID int64) ([]store.Project, error) {
	return d.records.List(ctx, clientID)
}

// DeleteProject deletes the project with its scans, findings, triage, reports and uploads
// (Server.deleteProject).
func (d *dashboard) DeleteProject(ctx context.Context, clientID int64, projectID string) error {
	return d.s.deleteProject(ctx, clientID, projectID)
}

// queued maps enqueue's refusals to the dashboard's errors.
func queued(sc store.Scan, err error) (string, error) {
	if errors.Is(err, scans.ErrQueueFull) || errors.Is(err, scans.ErrStopping) {
		return "", fmt.Errorf("%w (%v)", web.ErrBusy, err)
	}
	return sc.ID, err
}

func (d *dashboard) AddProject(ctx context.Context, clientID int64, rawURL, branch string) (string, error) {
	if len(rawURL) > scans.MaxURLLen || len(branch) > scans.MaxNameLen {
		return "", fmt.Errorf("%w: the URL or branch is too long", web.ErrInput)
	}
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	u, err := d.s.policy.CheckURL(cctx, rawURL)
	cancel()
	if err != nil {
		return "", fmt.Errorf("%w: %s", web.ErrInput, strings.TrimPrefix(err.Error(), "netguard: "))
	}
	p, err := d.s.store.EnsureProject(ctx, store.Project{ClientID: clientID, SourceKey: scans.SourceKey(u), Name: scans.RepoName(u),
		URL: netguard.Redact(u), Branch: branch})
	if err != nil {
		return "", err
	}
	return queued(d.s.scans.Enqueue(ctx, p, scans.SourceGit, scans.Request{URL: rawURL, Branch: branch}))
}

// Rescan runs the project's latest request again (the repository's branch tip, the same
// uploads, the same contract).
func (d *dashboard) Rescan(ctx context.Context, clientID int64, projectID string) (string, error) {
	p, err := d.s.store.GetProject(ctx, clientID, projectID)
	if err != nil {
		return "", err
	}
	latest, err := d.s.store.ProjectScans(ctx, clientID, projectID, 1)
	if err != nil {
		return "", err
	}
	if len(latest) == 0 {
		return "", fmt.Errorf("%w: the project has no scan to repeat", web.ErrInput)
	}
	var req scans.Request
	if err := json.Unmarshal(latest[0].Request, &req); err != nil {
		return "", err
	}
	req.Rescan, req.Commit = true, ""
	return queued(d.s.scans.Enqueue(ctx, p, latest[0].Source, req))
}

// AddUpload stores the files as uploads of the client (as if PUT to pre-signed URLs) and
// queues a file scan of them.
func (d *dashboard) AddUpload(ctx context.Context, clientID int64, name string, files []web.Upload) (string, error) {
	if len(files) > scans.MaxFileURLs {
		return "", fmt.Errorf("%w: at most %d files", web.ErrInput, scans.MaxFileURLs)
	}
	var req scans.Request
	seen := map[string]bool{}
	for _, f := range files {
		base := path.Base(strings.ReplaceAll(f.Name, `\`, "/"))
		ext := strings.ToLower(path.Ext(base))
		switch {
		case ext != ".sol" && ext != ".zip" || base == ext:
			return "", fmt.Errorf("%w: %s: only .sol and .zip files can be scanned", web.ErrInput, base)
		case ext == ".zip" && len(files) > 1:
			return "", fmt.Errorf("%w: a .zip archive must be the only file of a scan", web.ErrInput)
		case seen[base]:
			return "", fmt.Errorf("%w: %s is there twice", web.ErrInput, base)
		}
		seen[base] = true
		key, err := d.storeUpload(ctx, clientID, base, f.Data)
		if err != nil {
			return "", err
		}
		req.Uploads = append(req.Uploads, key)
		req.FileURLs = append(req.FileURLs, d.s.uploads.URL(key))
		if name == "" {
			name = base
		}
	}
	if len(name) > scans.MaxNameLen {
		return "", fmt.Errorf("%w: the project name is too long", web.ErrInput)
	}
	p, err := d.s.store.EnsureProject(ctx, store.Project{ClientID: clientID, SourceKey: "upload:" + name, Name: name})
	if err != nil {
		return "", err
	}
	return queued(d.s.scans.Enqueue(ctx, p, scans.SourceUpload, req))
}

// storeUpload writes one uploaded file where a PUT to a pre-signed URL would, with its size
// limit and the client's quota.
func (d *dashboard) storeUpload(ctx context.Context, clientID int64, name string, data io.Reader) (string, error) {
	key, err := d.s.uploads.Save(ctx, clientID, name, data)
	var refused uploads.Refused
	if errors.As(err, &refused) {
		return "", fmt.Errorf("%w: %s", web.ErrInput, refused.Msg)
	}
	return key, err
}

func (d *dashboard) Report(ctx context.Context, clientID int64, scanID string) (*report.ScanReport, error) {
	return d.s.scans.Load(ctx, clientID, scanID)
}

func (d *dashboard) Source(ctx context.Context, clientID int64, scanID string) func(string) []string {
	if _, err := d.s.store.GetScanMeta(ctx, clientID, scanID); err != nil {
		return nil
	}
	return d.s.reports.Source(ctx, scanID)
}

func (d *dashboard) WriteReport(ctx context.Context, w io.Writer, clientID int64, scanID, format string) error {
	in, err := d.s.reports.Input(ctx, clientID, scanID)
	if err != nil {
		return err
	}
	rep, src := in.Report, in.Source
	switch format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(report.Envelope{ScanReport: rep})
	case "sarif":
		return report.WriteSARIF(w, rep, report.SARIFOptions{ToolVersion: d.s.cfg.Version})
	case "markdown":
		return report.WriteMarkdown(w, rep, excerptOf(src), 32<<20) // a file, not a comment: no comment-size cut
	case "html":
		return html.Write(w, html.Input(in))
	case "pdf":
		return pdf.Write(w, in)
	}
	return fmt.Errorf("%w: unknown report format %q", web.ErrInput, format)
}

// excerptOf adapts a line source to the Markdown writer's excerpts.
func excerptOf(src func(string) []string) report.Excerpt {
	if src == nil {
		return nil
	}
	return func(path string, from, to int) []string {
		lines := src(path)
		if from < 1 || from > len(lines) {
			return nil
		}
		return lines[from-1 : min(to, len(lines))]
	}
}

func (d *dashboard) Notes(ctx context.Context, clientID int64, projectID string) (map[string]projects.Note, error) {
	if _, err := d.s.store.GetProject(ctx, clientID, projectID); err != nil {
		return nil, err
	}
	return d.records.Notes(ctx, projectID)
}

func (d *dashboard) Triage(ctx context.Context, clientID int64, projectID, bugHash, status, comment, by string) error {
	return d.records.Triage(ctx, clientID, projectID, bugHash, status, comment, by)
}

func (d *dashboard) BlockScan(ctx context.Context, clientID int64, address, platform, chain string) (string, error) {
	be, ok := d.s.engine.(engine.BlockEngine)
	if !ok {
		return "", fmt.Errorf("block scans are %w", web.ErrUnavailable)
	}
	target := scan.BlockTarget{Address: address, Platform: platform, Chain: chain}
	addr, pf, ch, err := target.Resolve(be.Catalogue())
	if err != nil {
		return "", fmt.Errorf("%w: %s", web.ErrInput, strings.TrimPrefix(err.Error(), scan.ErrInput.Error()+": "))
	}
	p, err := d.s.store.EnsureProject(ctx, store.Project{ClientID: clientID,
		SourceKey: scans.BlockSourceKey(pf.Name, ch.Name, addr), Name: addr, URL: ch.ContractURL(addr)})
	if err != nil {
		return "", err
	}
	return queued(d.s.scans.Enqueue(ctx, p, scans.SourceBlock, scans.Request{Address: addr, Platform: pf.Name, Chain: ch.Name}))
}

func (d *dashboard) TokenScan(ctx context.Context, clientID int64, mint string) (string, error) {
	if d.tokens == nil {
		return "", fmt.Errorf("token scans are %w", web.ErrUnavailable)
	}
	if ok, err := d.tokens.Validate(ctx, mint); err != nil || !ok {
		if err == nil {
			err = errors.New("not a token mint")
		}
		return "", fmt.Errorf("%w: %s: %v", web.ErrInput, mint, err)
	}
	rep, err := d.tokens.Scan(ctx, mint, clientID)
	if err != nil {
		return "", fmt.Errorf("%w: the token could not be scanned: %v", web.ErrInput, err)
	}
	if err := (tokenStore{d.s.store}).SaveTokenScan(ctx, rep); err != nil {
		return "", err
	}
	return rep.ScanID, nil
}

func (d *dashboard) TokenReport(ctx context.Context, clientID int64, scanID string) (*solana.Report, error) {
	doc, err := d.s.store.GetDocument(ctx, docTokenScan, scanID)
	if err != nil {
		return nil, err
	}
	if doc.ClientID != clientID {
		return nil, store.ErrNotFound
	}
	var r solana.Report
	if err := json.NewDecoder(bytes.NewReader(doc.Data)).Decode(&r); err != nil {
		return nil, err
	}
	return &r, nil
}
