package lsp

import (
	"log"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/vigil-sec/vigil/report"
)

// docPages writes each detector's description as a Markdown page on first use, and returns
// its file URI for the diagnostics' codeDescription: editors open it beside the code, offline,
// and it always matches the running Vigil's catalogue.
type docPages struct {
	dir  string
	log  *log.Logger
	mu   sync.Mutex
	uris map[string]string // by detector id; "" when the page could not be written
}

var detectorID = regexp.MustCompile(`^[A-Z0-9_]+$`)

func (d *docPages) link(t *report.Template) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	if uri, ok := d.uris[t.IssueID]; ok {
		return uri
	}
	if d.uris == nil {
		d.uris = map[string]string{}
	}
	d.uris[t.IssueID] = ""
	if !detectorID.MatchString(t.IssueID) {
		return ""
	}
	dir := d.dir
	if dir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			cache = os.TempDir()
		}
		dir = filepath.Join(cache, "vigil", "detectors")
	}
	p := filepath.Join(dir, t.IssueID+".md")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		d.log.Printf("detector pages: %v", err)
		return ""
	}
	if err := os.WriteFile(p, []byte(detectorPage(t)), 0o644); err != nil {
		d.log.Printf("detector pages: %v", err)
		return ""
	}
	d.uris[t.IssueID] = pathURI(p)
	return d.uris[t.IssueID]
}

// detectorPage is a detector's catalogue entry as Markdown.
func detectorPage(t *report.Template) string {
	var b strings.Builder
	b.WriteString("# " + t.IssueName + " (" + t.IssueID + ")\n\n")
	b.WriteString("Severity: " + t.IssueSeverity + " · Confidence: " + t.IssueConfidence)
	if refs := append(append([]string(nil), t.SWC...), t.CWE...); len(refs) > 0 {
		b.WriteString(" · " + strings.Join(refs, ", "))
	}
	b.WriteString("\n\n## Description\n\n" + report.MarkdownText(t.StaticIssueDescription) + "\n")
	b.WriteString("\n## Remediation\n\n" + report.MarkdownText(t.IssueRemediation) + "\n")
	if t.DetectionLogic != "" {
		b.WriteString("\n## How Vigil finds it\n\n" + t.DetectionLogic + "\n")
	}
	b.WriteString("\n## Silencing one finding\n\nOn the line above the code, in Solidity and Rust alike:\n\n    // vigil-disable-next-line " + t.IssueID + "\n")
	return b.String()
}
