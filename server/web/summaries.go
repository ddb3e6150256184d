package web

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/store"
)

// summaryCache keeps the summaries of finished scans, which never change, so that the project
// list does not decode every scan's report on every view.
type summaryCache struct {
	mu sync.Mutex
	m  map[string]*report.Summary
}

const summaryCacheSize = 5000

// summary returns a finished scan's summary, or nil for a scan without a report.
func (c *summaryCache) summary(sc store.Scan) *report.Summary {
	if sc.Status != report.StatusDone || len(sc.Report) == 0 {
		return nil
	}
	c.mu.Lock()
	s, ok := c.m[sc.ID]
	c.mu.Unlock()
	if ok {
		return s
	}
	var head struct {
		Summary *report.Summary `json:"multi_file_scan_summary"`
	}
	if json.Unmarshal(sc.Report, &head) != nil {
		return nil
	}
	c.mu.Lock()
	if c.m == nil || len(c.m) >= summaryCacheSize {
		c.m = map[string]*report.Summary{} // crude but bounded; summaries are cheap to decode again
	}
	c.m[sc.ID] = head.Summary
	c.mu.Unlock()
	return head.Summary
}

// historyLimit is how many scans of a project the pages look back at.
const historyLimit = 20

// projectRow is a project with what the list shows of it.
type projectRow struct {
	Project store.Project
	Latest  *store.Scan     // newest scan, any status
	Done    *store.Scan     // newest finished scan
	Summary *report.Summary // Done's summary
	Scores  []float64       // score_v2 of finished scans, oldest first
}

func (h *Handler) projectRow(ctx context.Context, clientID int64, p store.Project) (projectRow, error) {
	row := projectRow{Project: p}
	scans, err := h.cfg.Store.ProjectScans(ctx, clientID, p.ID, historyLimit)
	if err != nil {
		return row, err
	}
	if len(scans) > 0 {
		row.Latest = &scans[0]
	}
	for i := len(scans) - 1; i >= 0; i-- {
		sum := h.summaries.summary(scans[i])
		if sum == nil {
			continue
		}
		row.Done, row.Summary = &scans[i], sum
		row.Scores = append(row.Scores, parseScore(sum.ScoreV2))
	}
	return row, nil
}
