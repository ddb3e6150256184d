package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/report/html"
	"github.com/vigil-sec/vigil/report/pdf"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/scan/onchain/explorer"
	"github.com/vigil-sec/vigil/scan/onchain/solana"
	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/projects"
	"github.com/vigil-sec/vigil/server/reports"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
	"github.com/vigil-sec/vigil/server/tokenapi"
	"github.com/vigil-sec/vigil/server/uploads"
)

// ServerBackend is the Backend of `vigil serve`: it starts scans through the same queue as the
// private API (package scans), stores uploads as its pre-signed URLs do (package uploads),
// renders reports as its downloads do (package reports), and keeps the project list and
// triage notes in package projects.
type ServerBackend struct {
	Store   store.Store
	Scans   *scans.Service
	Uploads *uploads.Service
	Reports *reports.Service
	Records projects.Records // project lists and triage notes
	// Catalogue resolves block scans' platforms and chains; nil: no block scans.
	Catalogue *explorer.Catalogue
	// Tokens scans Solana tokens (the token API's scanner); nil: no token scans.
	Tokens  tokenapi.Scanner
	Policy  netguard.Policy // where repository URLs may point
	Version string          // printed in SARIF reports
	Log     *slog.Logger
}

func (d *ServerBackend) Projects(ctx context.Context, clientID int64) ([]store.Project, error) {
	return d.Records.List(ctx, clientID)
}

// queued maps the refusals of scans.Service.Enqueue to the dashboard's errors.
func queued(sc store.Scan, err error) (string, error) {
	if errors.Is(err, scans.ErrClientBusy) {
		return "", fmt.Errorf("%w: %v", ErrClientBusy, err)
	}
	if errors.Is(err, scans.ErrQueueFull) || errors.Is(err, scans.ErrStopping) {
		return "", fmt.Errorf("%w (%v)", ErrBusy, err)
	}
	return sc.ID, err
}

func (d *ServerBackend) AddProject(ctx context.Context, clientID int64, rawURL, branch string) (string, error) {
	if len(rawURL) > scans.MaxURLLen || len(branch) > scans.MaxNameLen {
		return "", fmt.Errorf("%w: the URL or branch is too long", ErrInput)
	}
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	u, err := d.Policy.CheckURL(cctx, rawURL)
	cancel()
	if err != nil {
		return "", fmt.Errorf("%w: %s", ErrInput, strings.TrimPrefix(err.Error(), "netguard: "))
	}
	p, err := d.Store.EnsureProject(ctx, store.Project{ClientID: clientID, SourceKey: scans.SourceKey(u), Name: scans.RepoName(u),
		URL: netguard.Redact(u), Branch: branch})
	if err != nil {
		return "", err
	}
	return queued(d.Scans.Enqueue(ctx, p, scans.SourceGit, scans.Request{URL: rawURL, Branch: branch}))
}

// Rescan runs the project's latest request again (the repository's branch tip, the same
// uploads, the same contract).
func (d *ServerBackend) Rescan(ctx context.Context, clientID int64, projectID string) (string, error) {
	p, err := d.Store.GetProject(ctx, clientID, projectID)
	if err != nil {
		return "", err
	}
	latest, err := d.Store.ProjectScans(ctx, clientID, projectID, 1)
	if err != nil {
		return "", err
	}
	if len(latest) == 0 {
		return "", fmt.Errorf("%w: the project has no scan to repeat", ErrInput)
	}
	var req scans.Request
	if err := json.Unmarshal(latest[0].Request, &req); err != nil {
		return "", err
	}
	req.Rescan, req.Commit = true, ""
	return queued(d.Scans.Enqueue(ctx, p, latest[0].Source, req))
}

// AddUpload stores the files as uploads of the client (as if PUT to pre-signed URLs) and
// queues a file scan of them.
func (d *ServerBackend) AddUpload(ctx context.Context, clientID int64, name string, files []Upload) (string, error) {
	if len(files) > scans.MaxFileURLs {
		return "", fmt.Errorf("%w: at most %d files", ErrInput, scans.MaxFileURLs)
	}
	var req scans.Request
	seen := map[string]bool{}
	for _, f := range files {
		base := path.Base(strings.ReplaceAll(f.Name, `\`, "/"))
		ext := strings.ToLower(path.Ext(base))
		switch {
		case ext != ".sol" && ext != ".zip" || base == ext:
			return "", fmt.Errorf("%w: %s: only .sol and .zip files can be scanned", ErrInput, base)
		case ext == ".zip" && len(files) > 1:
			return "", fmt.Errorf("%w: a .zip archive must be the only file of a scan", ErrInput)
		case seen[base]:
			return "", fmt.Errorf("%w: %s is there twice", ErrInput, base)
		}
		seen[base] = true
		key, err := d.storeUpload(ctx, clientID, base, f.Data)
		if err != nil {
			return "", err
		}
		req.Uploads = append(req.Uploads, key)
		req.FileURLs = append(req.FileURLs, d.Uploads.URL(key))
		if name == "" {
			name = base
		}
	}
	if len(name) > scans.MaxNameLen {
		return "", fmt.Errorf("%w: the project name is too long", ErrInput)
	}
	p, err := d.Store.EnsureProject(ctx, store.Project{ClientID: clientID, SourceKey: "upload:" + name, Name: name})
	if err != nil {
		return "", err
	}
	return queued(d.Scans.Enqueue(ctx, p, scans.SourceUpload, req))
}

// storeUpload writes one uploaded file where a PUT to a pre-signed URL would, with its size
// limit and the client's quota.
func (d *ServerBackend) storeUpload(ctx context.Context, clientID int64, name string, data io.Reader) (string, error) {
	key, err := d.Uploads.Save(ctx, clientID, auth.KeyID(ctx), name, data)
	var refused uploads.Refused
	if errors.As(err, &refused) {
		return "", fmt.Errorf("%w: %s", ErrInput, refused.Msg)
	}
	return key, err
}

func (d *ServerBackend) Report(ctx context.Context, clientID int64, scanID string) (*report.ScanReport, error) {
	return d.Scans.Load(ctx, clientID, scanID)
}

func (d *ServerBackend) Source(ctx context.Context, clientID int64, scanID string) func(string) []string {
	if _, err := d.Store.GetScanMeta(ctx, clientID, scanID); err != nil {
		return nil
	}
	return d.Reports.Source(ctx, scanID)
}

func (d *ServerBackend) WriteReport(ctx context.Context, w io.Writer, clientID int64, scanID, format string) error {
	in, err := d.Reports.Input(ctx, clientID, scanID)
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
		return report.WriteSARIF(w, rep, report.SARIFOptions{ToolVersion: d.Version})
	case "markdown":
		return report.WriteMarkdown(w, rep, excerptOf(src), 32<<20) // a file, not a comment: no comment-size cut
	case "html":
		return html.Write(w, html.Input(in))
	case "pdf":
		return pdf.Write(w, in)
	}
	return fmt.Errorf("%w: unknown report format %q", ErrInput, format)
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

func (d *ServerBackend) Notes(ctx context.Context, clientID int64, projectID string) (map[string]projects.Note, error) {
	if _, err := d.Store.GetProject(ctx, clientID, projectID); err != nil {
		return nil, err
	}
	return d.Records.Notes(ctx, projectID)
}

func (d *ServerBackend) Triage(ctx context.Context, clientID int64, projectID, bugHash, status, comment, by string) error {
	return d.Records.Triage(ctx, clientID, projectID, bugHash, status, comment, by)
}

func (d *ServerBackend) BlockScan(ctx context.Context, clientID int64, address, platform, chain string) (string, error) {
	if d.Catalogue == nil {
		return "", fmt.Errorf("block scans are %w", ErrUnavailable)
	}
	target := scan.BlockTarget{Address: address, Platform: platform, Chain: chain}
	addr, pf, ch, err := target.Resolve(d.Catalogue)
	if err != nil {
		return "", fmt.Errorf("%w: %s", ErrInput, strings.TrimPrefix(err.Error(), scan.ErrInput.Error()+": "))
	}
	p, err := d.Store.EnsureProject(ctx, store.Project{ClientID: clientID,
		SourceKey: scans.BlockSourceKey(pf.Name, ch.Name, addr), Name: addr, URL: ch.ContractURL(addr)})
	if err != nil {
		return "", err
	}
	return queued(d.Scans.Enqueue(ctx, p, scans.SourceBlock, scans.Request{Address: addr, Platform: pf.Name, Chain: ch.Name}))
}

func (d *ServerBackend) TokenScan(ctx context.Context, clientID int64, mint string) (string, error) {
	if d.Tokens == nil {
		return "", fmt.Errorf("token scans are %w", ErrUnavailable)
	}
	if ok, err := d.Tokens.Validate(ctx, mint); err != nil || !ok {
		if err == nil {
			err = errors.New("not a token mint")
		}
		return "", fmt.Errorf("%w: %s: %v", ErrInput, mint, err)
	}
	rep, err := d.Tokens.Scan(ctx, mint, clientID)
	if err != nil {
		return "", fmt.Errorf("%w: the token could not be scanned: %v", ErrInput, err)
	}
	if err := (tokenapi.Documents{Store: d.Store}).SaveTokenScan(ctx, rep); err != nil {
		return "", err
	}
	return rep.ScanID, nil
}

func (d *ServerBackend) TokenReport(ctx context.Context, clientID int64, scanID string) (*solana.Report, error) {
	return tokenapi.Documents{Store: d.Store}.ClientTokenScan(ctx, clientID, scanID)
}
