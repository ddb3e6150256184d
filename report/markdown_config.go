package report

import (
	"fmt"
	"strings"
)

// markdownConfigNotice is the Markdown report's line on settings that changed what the scan
// reports (ScanReport.ConfigNotice), as a GitHub alert a pull request's reviewer cannot miss,
// "" when there are none. The settings come from the scanned repository: escaped as text.
func markdownConfigNotice(r *ScanReport) string {
	note := r.ConfigNotice()
	if note == "" {
		return ""
	}
	return fmt.Sprintf("> [!IMPORTANT]\n> %s\n\n", mdText(strings.Join(strings.Fields(note), " ")))
}
