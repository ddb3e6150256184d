package document

import (
	"strings"

	"golang.org/x/net/html"
)

// richText turns the small HTML of templates (<p>, <code>, <br>, lists, emphasis) into Rich.
// Any other tag is dropped and its text kept: templates and finding details may come from
// configuration or a database, so nothing in them is trusted to be well formed.
func richText(s string) Rich {
	var (
		out  Rich
		cur  Paragraph
		code int
	)
	flush := func() {
		// Trim the paragraph's outer spaces and drop it when empty.
		for len(cur) > 0 && strings.TrimSpace(cur[0].Text) == "" && !cur[0].Code {
			cur = cur[1:]
		}
		for len(cur) > 0 && strings.TrimSpace(cur[len(cur)-1].Text) == "" && !cur[len(cur)-1].Code {
			cur = cur[:len(cur)-1]
		}
		if len(cur) > 0 {
			cur[0].Text = strings.TrimLeft(cur[0].Text, " ")
			cur[len(cur)-1].Text = strings.TrimRight(cur[len(cur)-1].Text, " ")
			out = append(out, cur)
		}
		cur = nil
	}
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			flush()
			return out
		case html.TextToken:
			text := Visible(string(z.Text()))
			isCode := code > 0
			if !isCode {
				text = collapseSpace(text)
			}
			if text == "" {
				continue
			}
			if n := len(cur); n > 0 && cur[n-1].Code == isCode {
				cur[n-1].Text += text
				if !isCode {
					cur[n-1].Text = collapseSpace(cur[n-1].Text)
				}
				continue
			}
			cur = append(cur, Span{Text: text, Code: isCode})
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "code", "pre", "tt", "kbd":
				if tt == html.StartTagToken {
					code++
				} else if tt == html.EndTagToken && code > 0 {
					code--
				}
			case "p", "br", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "tr", "table", "blockquote":
				flush()
				if tt == html.StartTagToken && string(name) == "li" {
					cur = append(cur, Span{Text: "• "})
				}
			}
		}
	}
}

// collapseSpace folds runs of white space into one space, keeping the ends (a space at the end
// of a span separates it from the next).
func collapseSpace(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' {
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	if space {
		b.WriteByte(' ')
	}
	return b.String()
}

// plainRich makes one paragraph of plain text.
func plainRich(s string) Rich {
	s = strings.TrimSpace(collapseSpace(Visible(s)))
	if s == "" {
		return nil
	}
	return Rich{{{Text: s}}}
}
