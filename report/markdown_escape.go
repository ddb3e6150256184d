package report

import "strings"

// Text that comes from the scanned project (file names, contract and function names in a
// finding's details, source excerpts, the repository's URL and branch, messages quoting them)
// is written into the Markdown report through these functions only. Whoever controls the
// project controls that text: a backtick or a newline in a file name must not end a code span
// or a list item and let the rest be read as raw HTML, a link or a heading.

// mdText writes s as plain inline text, on one line: line breaks and other control characters
// become spaces; the characters that make inline markup (emphasis, code, links and images, raw
// HTML and entities, tables, strikethrough) are backslash-escaped (CommonMark lets any ASCII
// punctuation be escaped, and an escaped character is always literal), < and > written as
// entities; a first character that would start a block (a heading, a list item, a quote) is
// escaped too; and "://" and "www." lose the look of a web address, so no link is made of the
// project's text.
func mdText(s string) string {
	s = oneLine(s)
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	for i, r := range s {
		switch {
		case r == '<':
			b.WriteString("&lt;")
			continue
		case r == '>':
			b.WriteString("&gt;")
			continue
		case strings.ContainsRune(mdInline, r),
			i == 0 && strings.ContainsRune(mdBlockStart, r),
			(r == '.' || r == ')') && i > 0 && allDigits(s[:i]), // "1." or "1)": an ordered list
			r == ':' && strings.HasPrefix(s[i:], "://"),
			r == '.' && i >= 3 && strings.EqualFold(s[i-3:i], "www"):
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// mdInline is the ASCII punctuation that makes inline markup anywhere in a line; mdBlockStart
// what makes a block at the start of one.
const (
	mdInline     = "\\`*_[]&|~"
	mdBlockStart = "#+-=>"
)

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// mdCode writes s as an inline code span: the fence is one backtick longer than the longest
// run of backticks in s, so no backtick inside can close it, and a space pads a span that
// starts or ends with a backtick (CommonMark strips one such space from each side). Inside a
// code span nothing is markup, so only line breaks and control characters need replacing.
func mdCode(s string) string {
	s = oneLine(s)
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") || (strings.HasPrefix(s, " ") && strings.HasSuffix(s, " ") && strings.Trim(s, " ") != "") {
		s = " " + s + " "
	}
	if s == "" {
		s = " "
	}
	return fence + s + fence
}

// mdFence is the fence of a fenced code block holding lines: longer than any run of backticks
// in them, so none can close the block early.
func mdFence(lines []string) string {
	n := 3
	for _, l := range lines {
		n = max(n, longestRun(l, '`')+1)
	}
	return strings.Repeat("`", n)
}

// mdCodeLine is a source line inside a fenced code block: its content is literal there, but a
// carriage return or another control character would start a new line of the Markdown
// (CommonMark ends a line at a lone CR) where a fence or any markup could follow.
func mdCodeLine(s string) string { return oneLine(s) }

// oneLine replaces line breaks (LF, CR, and Unicode's line and paragraph separators, which
// some renderers honour) and other control characters by spaces.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '\u2028' || r == '\u2029' || (r >= 0x80 && r < 0xa0) {
			return ' '
		}
		return r
	}, s)
}

func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

// markdownDescription is a finding's description in Markdown: the template's HTML (ours)
// turned into Markdown, with each ${key} filled from the finding's details (the project's)
// only afterwards and escaped for where it lands: inside a code span of the template, the
// whole span is written again by mdCode; elsewhere, the value is mdText.
func markdownDescription(g *Group, f *Finding) string {
	if g.TemplateDetails == nil {
		return ""
	}
	// The placeholders survive htmlToMarkdown as they are (they hold no tag or entity).
	md := htmlToMarkdown(g.TemplateDetails.IssueDescription)
	value := func(m string) (string, bool) {
		v, ok := f.DescriptionDetails[m[2:len(m)-1]]
		return v, ok
	}
	// Split on the template's code spans: even parts are text, odd parts code.
	parts := strings.Split(md, "`")
	if len(parts)%2 == 0 { // an unbalanced backtick in a template: treat it all as text
		parts = []string{md}
	}
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 0 {
			b.WriteString(placeholderRe.ReplaceAllStringFunc(p, func(m string) string {
				if v, ok := value(m); ok {
					return mdText(v)
				}
				return m
			}))
			continue
		}
		b.WriteString(mdCode(placeholderRe.ReplaceAllStringFunc(p, func(m string) string {
			if v, ok := value(m); ok {
				return v
			}
			return m
		})))
	}
	return b.String()
}
