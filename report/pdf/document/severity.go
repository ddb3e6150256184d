package document

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/report"
)

// RGB is a colour.
type RGB struct{ R, G, B uint8 }

// Hex writes the colour as #rrggbb.
func (c RGB) Hex() string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// Colours of the severities, chosen to read apart in print and for the common colour
// deficiencies (red and green never carry meaning alone: the label is always printed too).
var colours = map[string]RGB{
	"critical":      {0x8e, 0x16, 0x16},
	"high":          {0xd3, 0x2f, 0x2f},
	"medium":        {0xef, 0x6c, 0x00},
	"low":           {0xc7, 0x9a, 0x00},
	"informational": {0x15, 0x65, 0xc0},
	"gas":           {0x2e, 0x7d, 0x32},
}

// Colour returns the colour of a severity (grey when unknown).
func Colour(severity string) RGB {
	if c, ok := colours[severity]; ok {
		return c
	}
	return RGB{0x61, 0x61, 0x61}
}

// RatingColour returns the colour of a score rating.
func RatingColour(rating string) RGB {
	switch rating {
	case "Great":
		return RGB{0x2e, 0x7d, 0x32}
	case "Good":
		return RGB{0x55, 0x8b, 0x2f}
	case "Fair":
		return RGB{0xef, 0x6c, 0x00}
	case "Poor":
		return RGB{0xc6, 0x28, 0x28}
	}
	return RGB{0x61, 0x61, 0x61}
}

// Label writes a severity for people: "Critical", "Informational".
func Label(severity string) string {
	if severity == "" {
		return "Unknown"
	}
	return strings.ToUpper(severity[:1]) + severity[1:]
}

// confidence writes a template's numeric confidence, or a finding's level, for people.
func confidence(level, percent string) string {
	if level != "" {
		return Label(strings.ToLower(level))
	}
	n, err := strconv.Atoi(strings.TrimSpace(percent))
	switch {
	case err != nil && percent == "":
		return "Unknown"
	case err != nil:
		return Visible(percent)
	case n >= 80:
		return fmt.Sprintf("High (%d)", n)
	case n >= 50:
		return fmt.Sprintf("Medium (%d)", n)
	}
	return fmt.Sprintf("Low (%d)", n)
}

// severityOf is report.FindingSeverity, normalised to lower case.
func severityOf(g *report.Group, f *report.Finding) string {
	return strings.ToLower(strings.TrimSpace(report.FindingSeverity(g, f)))
}
