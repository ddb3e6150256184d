package repoapi

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/store"
)

// reportTimeout bounds one report generation.
const reportTimeout = 5 * time.Minute

type reportRequest struct {
	projectID, scanID, reportID string
}

// parseGenerate validates the payload of generate_report (SPEC 4.11). connection_id is read
// for its type only: the answer always goes to the connection that asked.
func parseGenerate(payload object) (reportRequest, *fieldError) {
	var out reportRequest
	body, ferr := payload.object("body")
	if ferr != nil {
		return out, ferr
	}
	if out.projectID, ferr = body.str("project_id", true, 128); ferr != nil {
		return out, ferr
	}
	if out.scanID, ferr = body.str("scan_id", true, 128); ferr != nil {
		return out, ferr
	}
	if out.reportID, ferr = body.str("report_id", false, 128); ferr != nil {
		return out, ferr
	}
	scanner, ferr := body.str("scanner_type", false, 32)
	if ferr != nil {
		return out, ferr
	}
	if ferr := oneOf(body.name("scanner_type"), scanner, "rust", "solidity"); ferr != nil {
		return out, ferr
	}
	if _, ferr := body.str("connection_id", false, 128); ferr != nil {
		return out, ferr
	}
	return out, nil
}

// generate handles generate_report: the report is generated synchronously by the server, in
// a job goroutine, and answered with report_generation_status.
func (c *conn) generate(payload object) {
	req, ferr := parseGenerate(payload)
	if ferr != nil {
		c.sendFieldError(typeGenerate, "", ferr)
		return
	}
	requestUUID := uuid.NewString()
	if !c.job(func() { c.runReport(req, requestUUID) }) {
		c.sendError(typeGenerate, "", codeTooManyScans, "",
			"this connection already follows the most scans and reports it may; wait for one to finish")
	}
}

func (c *conn) runReport(req reportRequest, requestUUID string) {
	log := c.api.cfg.Logger
	rep, err := c.api.scans.RepoScanReport(c.ctx, req.scanID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		c.sendError(typeGenerate, requestUUID, codeScanNotFound, "payload.body.scan_id", "payload.body.scan_id: no repository scan has this id")
		return
	case err != nil:
		if c.ctx.Err() == nil {
			log.Error("repository scan API: reading a scan", "scan_id", req.scanID, "err", err)
			c.sendError(typeGenerate, requestUUID, codeInternal, "", "the scan could not be read")
		}
		return
	}
	if rep.ProjectID != req.projectID {
		c.sendError(typeGenerate, requestUUID, codeInvalidField, "payload.body.project_id", "payload.body.project_id: not the project of this scan")
		return
	}
	if rep.ScanStatus != report.StatusDone {
		c.sendError(typeGenerate, requestUUID, codeScanNotFinished, "payload.body.scan_id",
			"payload.body.scan_id: the scan is "+rep.ScanStatus+"; a report needs a finished scan")
		return
	}
	gen, ok := c.api.scans.(reportGenerator)
	if !ok {
		c.sendError(typeGenerate, requestUUID, codeReportUnavailable, "", "report generation is not available on this server")
		return
	}
	gctx, cancel := context.WithTimeout(c.ctx, reportTimeout)
	reportID, err := gen.GenerateRepoReport(gctx, req.scanID, req.reportID)
	cancel()
	if err != nil {
		if c.ctx.Err() != nil {
			return
		}
		switch {
		case errors.Is(err, ErrInput), errors.Is(err, store.ErrNotFound):
			c.sendError(typeGenerate, requestUUID, codeReportFailed, "", strings.TrimPrefix(err.Error(), ErrInput.Error()+": "))
		default:
			log.Error("repository scan API: generating a report", "scan_id", req.scanID, "err", err)
			c.sendError(typeGenerate, requestUUID, codeReportFailed, "", "the report could not be generated")
		}
		return
	}
	c.send(reportStatusMsg{Type: typeReportStatus, RequestUUID: requestUUID, EventTimestamp: now(),
		Payload: reportStatusPayload{ScanID: req.scanID, ProjectID: rep.ProjectID, ReportStatus: report.ReportGenerated,
			ReportID: reportID, ReportURLs: c.reportURLs(req.scanID)}})
}

// reportURLer hands out download links of a public scan's latest report.
type reportURLer interface {
	RepoReportURL(ctx context.Context, scanID, format string) (string, error)
}

// reportURLs returns the download links of the report just generated, or nil.
func (c *conn) reportURLs(scanID string) map[string]string {
	u, ok := c.api.scans.(reportURLer)
	if !ok {
		return nil
	}
	out := map[string]string{}
	for _, format := range []string{"pdf", "html"} {
		if link, err := u.RepoReportURL(c.ctx, scanID, format); err == nil && link != "" {
			out[format] = link
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
