package scan

import (
	"regexp"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/report"
)

var (
	inlineTag = regexp.MustCompile(`</?(code|sup|sub|b|i|em|strong)>`)
	anyTag    = regexp.MustCompile(`<[^>]*>`)
	entities  = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&amp;", "&", "&#34;", `"`, "&#39;", "'")
)

// wordsAcrossTags is what a reader must see of template HTML: the words of its text nodes,
// where any tag but an inline one separates words.
func wordsAcrossTags(html string) []string {
	return strings.Fields(entities.Replace(anyTag.ReplaceAllString(inlineTag.ReplaceAllString(html, ""), " ")))
}

// Every template's static description and remediation renders as text without placeholders
// (raw or as their key names in code font) and without words glued across tags or to an
// elided placeholder ("always zerousage.").
func TestCatalogueTextRenders(t *testing.T) {
	for _, tm := range Catalogue() {
		static := tm.Static()
		for name, html := range map[string]string{"static description": static, "remediation": tm.StaticRemediation()} {
			plain := report.PlainText(html)
			if strings.Contains(plain, "${") {
				t.Errorf("%s %s keeps a placeholder: %s", tm.ID, name, plain)
			}
			if got, want := strings.Fields(plain), wordsAcrossTags(html); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s %s renders words differently from its HTML:\n got  %q\n want %q", tm.ID, name, got, want)
			}
			if md := report.MarkdownText(html); strings.Join(strings.Fields(strings.ReplaceAll(md, "`", "")), " ") != strings.Join(wordsAcrossTags(html), " ") {
				t.Errorf("%s %s Markdown glues or loses words: %q", tm.ID, name, md)
			}
		}
		for _, key := range tm.DescriptionKeys {
			words := strings.ReplaceAll(key, "_", " ")
			for _, raw := range []string{"<code>" + words + "</code>", "<code>" + key + "</code>"} {
				if strings.Count(static, raw) > strings.Count(tm.Description, raw) { // more than the literal text has
					t.Errorf("%s static description shows the placeholder name %s: %s", tm.ID, raw, static)
				}
			}
			// "zero${usage}" in the description must not become "zerousage".
			for _, m := range regexp.MustCompile(`(\pL+)\$\{`+key+`\}`).FindAllStringSubmatch(tm.Description, -1) {
				if strings.Contains(static, m[1]+words) || strings.Contains(static, m[1]+key) {
					t.Errorf("%s static description glues %q to the placeholder %s: %s", tm.ID, m[1], key, static)
				}
			}
		}
	}
}
