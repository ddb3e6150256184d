package repoapi

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/vigil-sec/vigil/report"
)

// scanRequest is a validated public_project_scan_initiate.
type scanRequest struct {
	req   ScanRequest
	token string
}

// parseInitiate validates the payload of public_project_scan_initiate (SPEC 4.11).
func parseInitiate(payload object) (scanRequest, *fieldError, string) {
	var out scanRequest
	body, ferr := payload.object("body")
	if ferr != nil {
		return out, ferr, codeInvalidField
	}
	rawURL, ferr := body.str("project_url", true, 2048)
	if ferr != nil {
		return out, ferr, codeInvalidField
	}
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return out, &fieldError{body.name("project_url"), "must be an http or https URL"}, codeInvalidField
	}
	branch, ferr := body.str("project_branch", false, 255)
	if ferr != nil {
		return out, ferr, codeInvalidField
	}
	if strings.ContainsAny(branch, "\x00\n\r") || strings.HasPrefix(strings.TrimSpace(branch), "-") {
		return out, &fieldError{body.name("project_branch"), "is not a valid branch name"}, codeInvalidField
	}
	name, ferr := body.str("project_name", false, 200)
	if ferr != nil {
		return out, ferr, codeInvalidField
	}
	commit, ferr := body.str("project_commit", false, 64)
	if ferr != nil {
		return out, ferr, codeInvalidField
	}
	if c := strings.TrimSpace(commit); c != "" && (len(c) < 4 || !isHex(c)) {
		return out, &fieldError{body.name("project_commit"), "must be a commit hash (hexadecimal) or empty"}, codeInvalidField
	}
	ptype, ferr := body.str("project_type", false, 32)
	if ferr != nil {
		return out, ferr, codeInvalidField
	}
	if ferr := oneOf(body.name("project_type"), ptype, "new", "existing"); ferr != nil {
		return out, ferr, codeInvalidField
	}
	vis, ferr := body.str("project_visibility", false, 32)
	if ferr != nil {
		return out, ferr, codeInvalidField
	}
	if ferr := oneOf(body.name("project_visibility"), vis, "public", "private"); ferr != nil {
		return out, ferr, codeInvalidField
	}
	if vis == "private" {
		return out, &fieldError{body.name("project_visibility"),
			"sorry, only public repositories can be scanned here; make the repository public or use the private API"}, codePrivateRepository
	}
	scanner, ferr := body.str("scanner_type", false, 32)
	if ferr != nil {
		return out, ferr, codeInvalidField
	}
	if ferr := oneOf(body.name("scanner_type"), scanner, "rust", "solidity"); ferr != nil {
		return out, ferr, codeInvalidField
	}
	skip, ferr := body.strs("skip_file_paths", 1000, 1024)
	if ferr != nil {
		return out, ferr, codeInvalidField
	}
	for i, p := range skip {
		if strings.ContainsRune(p, 0) {
			return out, &fieldError{body.name("skip_file_paths") + "[" + itoa(i) + "]", "must not contain NUL"}, codeInvalidField
		}
	}
	token, ferr := payload.str("captcha-turnstile-response", false, maxTurnstileToken)
	if ferr != nil {
		return out, ferr, codeInvalidField
	}
	out.req = ScanRequest{URL: strings.TrimSpace(rawURL), Branch: strings.TrimSpace(branch),
		Commit: strings.TrimSpace(commit), Name: strings.TrimSpace(name), Skip: skip}
	out.token = token
	return out, nil, ""
}

func isHex(s string) bool {
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

// initiate handles public_project_scan_initiate: validate, check the CAPTCHA, start the scan
// and follow it, pushing quick_scan_status messages.
func (c *conn) initiate(payload object) {
	req, ferr, code := parseInitiate(payload)
	if ferr != nil {
		c.sendError(typeInitiate, "", code, ferr.field, ferr.Error())
		return
	}
	if c.api.captcha != nil && req.token == "" {
		c.sendError(typeInitiate, "", codeCaptchaRequired, "payload.captcha-turnstile-response",
			"payload.captcha-turnstile-response: required")
		return
	}
	requestUUID := uuid.NewString()
	ok := c.job(func() { c.runScan(req, requestUUID) })
	if !ok {
		c.sendError(typeInitiate, "", codeTooManyScans, "",
			"this connection already follows the most scans it may; wait for one to finish")
	}
}

func (c *conn) runScan(req scanRequest, requestUUID string) {
	log := c.api.cfg.Logger
	if c.api.captcha != nil {
		if err := c.api.captcha.verify(c.ctx, req.token, c.remoteIP); err != nil {
			if errors.Is(err, errCaptchaRejected) {
				c.sendError(typeInitiate, requestUUID, codeCaptchaFailed, "payload.captcha-turnstile-response",
					"the CAPTCHA was not accepted; solve it again and send a new token")
			} else {
				log.Warn("repository scan API: turnstile siteverify", "err", err)
				c.sendError(typeInitiate, requestUUID, codeCaptchaUnavailable, "",
					"the CAPTCHA could not be checked right now; try again later")
			}
			return
		}
	}
	sctx, cancel := context.WithTimeout(c.ctx, 30*time.Second)
	scanID, _, err := c.api.scans.StartRepoScan(sctx, req.req)
	cancel()
	switch {
	case errors.Is(err, ErrBusy):
		c.sendError(typeInitiate, requestUUID, codeBusy, "", "the scan queue is full; try again later")
		return
	case errors.Is(err, ErrClientBusy):
		c.sendError(typeInitiate, requestUUID, codeRateLimited, "", ErrClientBusy.Error())
		return
	case errors.Is(err, ErrInput):
		msg := strings.TrimPrefix(err.Error(), ErrInput.Error()+": ")
		field := ""
		if strings.HasPrefix(msg, "project_url") {
			field = "payload.body.project_url"
			msg = "payload.body." + msg
		}
		c.sendError(typeInitiate, requestUUID, codeInvalidField, field, msg)
		return
	case err != nil:
		if c.ctx.Err() != nil {
			return
		}
		log.Error("repository scan API: starting a scan", "err", err)
		c.sendError(typeInitiate, requestUUID, codeInternal, "", "the scan could not be started")
		return
	}
	c.follow(scanID, requestUUID)
}

// follow pushes the scan's status: scan_in_progress now, then its end. It stops early when
// the connection ends; the scan does not.
func (c *conn) follow(scanID, requestUUID string) {
	log := c.api.cfg.Logger
	first := true
	for {
		rep, err := c.api.scans.RepoScanReport(c.ctx, scanID)
		if err != nil {
			if c.ctx.Err() == nil {
				log.Error("repository scan API: reading a scan", "scan_id", scanID, "err", err)
				c.sendError(typeInitiate, requestUUID, codeInternal, "", "the scan's status could not be read; fetch it with api-get-rust-details")
			}
			return
		}
		terminal := rep.ScanStatus == report.StatusDone || rep.ScanStatus == report.StatusFailed
		if first || terminal {
			if first && terminal {
				// The scan ended before we looked: still say it was in progress first, as
				// clients expect that order.
				c.send(statusOf(inProgressView(rep), requestUUID, c.api.isLatest(c.ctx, rep)))
			}
			c.send(statusOf(rep, requestUUID, c.api.isLatest(c.ctx, rep)))
			first = false
		}
		if terminal {
			return
		}
		if err := c.api.scans.WaitScan(c.ctx, scanID); err != nil {
			return
		}
		// WaitScan also returns when this process stops running the scan without finishing
		// it (shutdown): look again after a pause rather than spin.
		select {
		case <-c.ctx.Done():
			return
		case <-time.After(waitPause(rep)):
		}
	}
}

// waitPause is the pause between looks at a scan that WaitScan reported as no longer running
// here; short, since it is normally already finished.
func waitPause(*report.ScanReport) time.Duration { return 200 * time.Millisecond }

// inProgressView is rep as it looked while running: no findings, zero summary.
func inProgressView(rep *report.ScanReport) *report.ScanReport {
	v := *rep
	v.ScanStatus = report.StatusInProgress
	v.ScanStatusErrMsg = ""
	v.MultiFileScanDetails = nil
	v.MultiFileScanSummary = &report.Summary{ScoreV2: "0", IssueSeverityDistribution: report.NewDistribution()}
	return &v
}
