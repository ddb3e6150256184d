package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/onchain/explorer"
	"github.com/vigil-sec/vigil/server/engine"
	"github.com/vigil-sec/vigil/server/httpjson"
	"github.com/vigil-sec/vigil/server/jsonrpc"
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

// QuickScanServer returns the JSON-RPC server with ss_quickscan registered, and adds the
// report route GET /quickscan/{scan_id}. It needs an engine that scans deployed contracts.
func (s *Server) QuickScanServer() (*jsonrpc.Server, error) {
	be, ok := s.engine.(engine.BlockEngine)
	if !ok {
		return nil, errors.New("ss_quickscan needs block scans: configure the block explorers")
	}
	rpc := jsonrpc.NewServer()
	clientID := func(ctx context.Context) (int64, error) { return s.quick.Get(ctx, s.store, quickScanClient) }
	err := rpc.Handle(jsonrpc.MethodQuickScan, jsonrpc.QuickScanHandler(be.Catalogue(),
		func(ctx context.Context, p jsonrpc.QuickScanParams) (*QuickScanResult, error) {
			id, err := clientID(ctx)
			if err != nil {
				return nil, err
			}
			return s.quickScan(ctx, id, p)
		}))
	if err != nil {
		return nil, err
	}
	s.mux.HandleFunc("GET /quickscan/{id}", func(w http.ResponseWriter, r *http.Request) {
		id, err := clientID(r.Context())
		if err != nil {
			httpjson.Internal(w, r, s.log, "quick scan client", err)
			return
		}
		rep, err := s.scans.Load(r.Context(), id, r.PathValue("id"))
		if err != nil {
			httpjson.Error(w, http.StatusNotFound, "no quick scan with this id")
			return
		}
		httpjson.Write(w, http.StatusOK, report.Envelope{ScanReport: rep})
	})
	return rpc, nil
}

// quickScan runs one block scan through the job runner and waits for it.
func (s *Server) quickScan(ctx context.Context, clientID int64, p jsonrpc.QuickScanParams) (*QuickScanResult, error) {
	addr := p.ContractAddress
	proj, err := s.store.EnsureProject(ctx, store.Project{
		ClientID:  clientID,
		SourceKey: scans.BlockSourceKey(p.Platform.Name, p.Chain.Name, addr),
		Name:      addr,
		URL:       p.Chain.ContractURL(addr),
	})
	if err != nil {
		return nil, err
	}
	sc, err := s.scans.Enqueue(ctx, proj, scans.SourceBlock, scans.Request{Address: addr, Platform: p.Platform.Name, Chain: p.Chain.Name, Quick: true})
	if errors.Is(err, scans.ErrQueueFull) || errors.Is(err, scans.ErrStopping) {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeRateLimited, Message: err.Error()}
	}
	if err != nil {
		return nil, err
	}
	s.scans.Await(ctx, sc.ID, nil, s.cfg.ScanTimeout)
	rep, err := s.scans.Load(context.WithoutCancel(ctx), clientID, sc.ID)
	if err != nil {
		return nil, err
	}
	switch rep.ScanStatus {
	case report.StatusDone:
	case report.StatusFailed:
		return nil, quickScanFailure(rep.ScanStatusErrMsg)
	default:
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeUpstreamFailure, Message: "the scan did not finish in time; its report will be at " + s.quickScanURL(sc.ID)}
	}
	return s.quickScanResult(rep, p), nil
}

// quickScanFailure maps a failed scan's message to ss_quickscan's server errors.
func quickScanFailure(msg string) error {
	switch {
	case strings.Contains(msg, "not verified"):
		return jsonrpc.QuickScanError(fmt.Errorf("%w: %s", explorer.ErrNotVerified, msg))
	case strings.Contains(msg, "rate limit"):
		return jsonrpc.QuickScanError(fmt.Errorf("%w: %s", explorer.ErrRateLimited, msg))
	}
	return &jsonrpc.Error{Code: jsonrpc.CodeUpstreamFailure, Message: msg}
}

func (s *Server) quickScanURL(id string) string {
	return strings.TrimRight(s.cfg.PublicURL, "/") + "/quickscan/" + id
}

func (s *Server) quickScanResult(rep *report.ScanReport, p jsonrpc.QuickScanParams) *QuickScanResult {
	sum := rep.MultiFileScanSummary
	out := &QuickScanResult{
		ScanID:     rep.ScanID,
		ScanStatus: rep.ScanStatus,
		Contract: QuickContract{Address: p.ContractAddress, ChainID: p.ChainID, Chain: p.Chain.Name, ExplorerID: p.ExplorerID,
			Platform: p.Platform.Name, URL: p.Chain.ContractURL(p.ContractAddress)},
		ReportURL:   s.quickScanURL(rep.ScanID),
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
