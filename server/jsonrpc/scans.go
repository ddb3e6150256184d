package jsonrpc

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/onchain/explorer"
	"github.com/vigil-sec/vigil/server/httpjson"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
)

// ss_quickscan (SPEC 4.12) quick-scans a deployed contract through JSON-RPC 2.0. Callers are
// authenticated by the node provider in front of Vigil, not by Vigil's keys, so quick scans
// are recorded under one client the server names itself ("ss_quickscan"); the full report of
// each is readable at GET /quickscan/{scan_id}, a link with an unguessable id.

// quickScanClient names the client quick scans are recorded under.
const quickScanClient = "ss_quickscan"

// QuickScanResult is the result of ss_quickscan.
type QuickScanResult struct {
	ScanID                    string         `json:"scan_id"`
	ScanStatus                string         `json:"scan_status"`
	Contract                  QuickContract  `json:"contract"`
	Score                     string         `json:"score"`
	ScoreV2                   string         `json:"score_v2"`
	ScoreRating               string         `json:"score_rating"`
	ThreatScore               *string        `json:"threat_score"`
	IssueSeverityDistribution map[string]int `json:"issue_severity_distribution"`
	IssuesCount               int            `json:"issues_count"`
	LinesAnalyzedCount        int            `json:"lines_analyzed_count"`
	ScanTimeTaken             float64        `json:"scan_time_taken"`
	TopFindings               []TopFinding   `json:"top_findings"`
	ReportURL                 string         `json:"report_url"`
}

// QuickContract identifies the scanned contract.
type QuickContract struct {
	Address        string `json:"address"`
	ChainID        int64  `json:"chain_id"`
	Chain          string `json:"chain"`
	ExplorerID     int    `json:"explorer_id"`
	Platform       string `json:"platform"`
	Name           string `json:"name"`
	Compiler       string `json:"compiler"`
	URL            string `json:"url"`
	Implementation string `json:"implementation,omitempty"`
}

// TopFinding is one finding group of the quick scan, most severe first.
type TopFinding struct {
	IssueID  string `json:"issue_id"`
	Name     string `json:"name"`
	Severity string `json:"severity"`
	Count    int    `json:"count"`
}

// maxTopFindings bounds the findings listed in a quick-scan result; the report has them all.
const maxTopFindings = 10

// QuickScans runs ss_quickscan over the server's scans: each call queues a block scan, waits
// for it and answers its summary; ServeReport serves the full reports.
type QuickScans struct {
	Store store.Store
	Scans *scans.Service
	// PublicURL is the base of the report links; Wait bounds the wait for one scan (the scan
	// timeout).
	PublicURL string
	Wait      time.Duration
	Log       *slog.Logger

	client scans.NamedClient
}

// Run is the ss_quickscan method (QuickScanHandler).
func (q *QuickScans) Run(ctx context.Context, p QuickScanParams) (*QuickScanResult, error) {
	id, err := q.client.Get(ctx, q.Store, quickScanClient)
	if err != nil {
		return nil, err
	}
	return q.quickScan(ctx, id, p)
}

// ServeReport is GET /quickscan/{id}: the full report of a quick scan.
func (q *QuickScans) ServeReport(w http.ResponseWriter, r *http.Request) {
	id, err := q.client.Get(r.Context(), q.Store, quickScanClient)
	if err != nil {
		httpjson.Internal(w, r, q.Log, "quick scan client", err)
		return
	}
	rep, err := q.Scans.Load(r.Context(), id, r.PathValue("id"))
	if err != nil {
		httpjson.Error(w, http.StatusNotFound, "no quick scan with this id")
		return
	}
	httpjson.Write(w, http.StatusOK, report.Envelope{ScanReport: rep})
}

// quickScan runs one block scan through the job runner and waits for it.
func (q *QuickScans) quickScan(ctx context.Context, clientID int64, p QuickScanParams) (*QuickScanResult, error) {
	addr := p.ContractAddress
	proj, err := q.Store.EnsureProject(ctx, store.Project{
		ClientID:  clientID,
		SourceKey: scans.BlockSourceKey(p.Platform.Name, p.Chain.Name, addr),
		Name:      addr,
		URL:       p.Chain.ContractURL(addr),
	})
	if err != nil {
		return nil, err
	}
	sc, err := q.Scans.Enqueue(ctx, proj, scans.SourceBlock, scans.Request{Address: addr, Platform: p.Platform.Name, Chain: p.Chain.Name, Quick: true})
	if errors.Is(err, scans.ErrQueueFull) || errors.Is(err, scans.ErrStopping) || errors.Is(err, scans.ErrClientBusy) {
		return nil, &Error{Code: CodeRateLimited, Message: err.Error()}
	}
	if err != nil {
		return nil, err
	}
	q.Scans.Await(ctx, sc.ID, nil, q.Wait)
	rep, err := q.Scans.Load(context.WithoutCancel(ctx), clientID, sc.ID)
	if err != nil {
		return nil, err
	}
	switch rep.ScanStatus {
	case report.StatusDone:
	case report.StatusFailed:
		return nil, quickScanFailure(rep.ScanStatusErrMsg)
	default:
		return nil, &Error{Code: CodeUpstreamFailure, Message: "the scan did not finish in time; its report will be at " + q.quickScanURL(sc.ID)}
	}
	return q.quickScanResult(rep, p), nil
}

// quickScanFailure maps a failed scan's message to ss_quickscan's server errors.
func quickScanFailure(msg string) error {
	switch {
	case strings.Contains(msg, "not verified"):
		return QuickScanError(fmt.Errorf("%w: %s", explorer.ErrNotVerified, msg))
	case strings.Contains(msg, "rate limit"):
		return QuickScanError(fmt.Errorf("%w: %s", explorer.ErrRateLimited, msg))
	}
	return &Error{Code: CodeUpstreamFailure, Message: msg}
}

func (q *QuickScans) quickScanURL(id string) string {
	return strings.TrimRight(q.PublicURL, "/") + "/quickscan/" + id
}

func (q *QuickScans) quickScanResult(rep *report.ScanReport, p QuickScanParams) *QuickScanResult {
	sum := rep.MultiFileScanSummary
	out := &QuickScanResult{
		ScanID:     rep.ScanID,
		ScanStatus: rep.ScanStatus,
		Contract: QuickContract{Address: p.ContractAddress, ChainID: p.ChainID, Chain: p.Chain.Name, ExplorerID: p.ExplorerID,
			Platform: p.Platform.Name, URL: p.Chain.ContractURL(p.ContractAddress)},
		ReportURL:   q.quickScanURL(rep.ScanID),
		TopFindings: []TopFinding{},
	}
	if b := rep.Block; b != nil {
		out.Contract.Name, out.Contract.Compiler, out.Contract.Implementation = b.ContractName, b.CompilerVersion, b.Implementation
	}
	if sum != nil {
		out.Score, out.ScoreV2, out.ScoreRating, out.ThreatScore = sum.Score, sum.ScoreV2, sum.ScoreRating, sum.ThreatScore
		out.IssueSeverityDistribution, out.IssuesCount = sum.IssueSeverityDistribution, sum.IssuesCount
		out.LinesAnalyzedCount, out.ScanTimeTaken = sum.LinesAnalyzedCount, sum.ScanTimeTaken
	}
	for _, g := range rep.MultiFileScanDetails {
		if g.TemplateDetails == nil {
			continue
		}
		worst := ""
		for _, f := range g.MetricWiseAggregatedFindings {
			if sev := report.FindingSeverity(g, f); worst == "" || report.SeverityRank(sev) < report.SeverityRank(worst) {
				worst = sev
			}
		}
		out.TopFindings = append(out.TopFindings, TopFinding{IssueID: g.IssueID, Name: g.TemplateDetails.IssueName, Severity: worst, Count: g.NoOfFindings})
	}
	sort.SliceStable(out.TopFindings, func(i, j int) bool {
		return report.SeverityRank(out.TopFindings[i].Severity) < report.SeverityRank(out.TopFindings[j].Severity)
	})
	if len(out.TopFindings) > maxTopFindings {
		out.TopFindings = out.TopFindings[:maxTopFindings]
	}
	return out
}
