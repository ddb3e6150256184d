package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/vigil-sec/vigil/scan/workspace/gittest"
)

// TestDashboardLargeScanInBrowser drives the dashboard of a real `vigil serve` in chromium on a
// scan of several thousand findings: the score is at the top, the scan's diagnostics are one
// notice with a count, the findings come 200 to a page with links to the others, and a finding
// dismissed as a false positive leaves the counts (shown apart as dismissed).
func TestDashboardLargeScanInBrowser(t *testing.T) {
	const n = 3000
	var many strings.Builder
	many.WriteString("// SPDX-License-Identifier: MIT\npragma solidity 0.8.20;\ncontract Many {\n")
	for i := range n {
		fmt.Fprintf(&many, "    function close%d() external { selfdestruct(payable(msg.sender)); }\n", i)
	}
	many.WriteString("}\n")
	repo := gittest.NewServer(t).NewRepo(t, "many")
	repo.Commit(t, "initial", map[string]string{
		"contracts/Many.sol": many.String(),
		// Diagnostics: syntax errors and imports that are not there.
		"contracts/Broken.sol": "// SPDX-License-Identifier: MIT\npragma solidity 0.8.20;\nimport \"./Gone.sol\";\nimport \"./Lost.sol\";\n" +
			"contract Broken { function f( { } function g() {{ } }\n",
	})

	br := newBrowser(t)
	srv, key := signedServer(t)
	run, text := br.run, br.text
	count := func(sel string) int {
		t.Helper()
		n, err := chromedp.Run(br.ctx, chromedp.Evaluate[int](`document.querySelectorAll(`+strconv.Quote(sel)+`).length`))
		if err != nil {
			t.Fatalf("counting %s: %v", sel, err)
		}
		return n
	}

	run("01 signed in", chromedp.Navigate(srv.url+"/"), chromedp.WaitVisible(chromedp.ID("api_key")),
		chromedp.SendKeys(chromedp.ID("api_key"), key), chromedp.Submit(chromedp.ID("api_key")), chromedp.WaitVisible(chromedp.ID("url")))
	run("02 findings", chromedp.SendKeys(chromedp.ID("url"), repo.URL), chromedp.Submit(chromedp.ID("url")),
		chromedp.WaitVisible(chromedp.ID("findings")))

	// The score comes before the status and the diagnostics, which are one notice.
	order, err := chromedp.Run(br.ctx, chromedp.Evaluate[bool](`(() => {
		const score = document.querySelector(".summary .score"), status = document.getElementById("status");
		return !!score && !!status && !!(score.compareDocumentPosition(status) & Node.DOCUMENT_POSITION_FOLLOWING);
	})()`))
	if err != nil || !order {
		t.Errorf("the score is not above the status (%v)", err)
	}
	if notices := count("#status details.diagnostics"); notices != 1 || count("#status > p.note") != 0 {
		t.Errorf("%d diagnostics notices (and %d loose notes), want one", notices, count("#status > p.note"))
	}
	summary := text(`//details[contains(@class, "diagnostics")]/summary`)
	if !regexp.MustCompile(`^\d+ scan diagnostics`).MatchString(summary) {
		t.Errorf("the diagnostics notice does not count them: %q", summary)
	}
	score := text(`//p[@class="score"]`)
	issues := func(s string) int {
		m := regexp.MustCompile(`(\d+) issues`).FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("no issue count in %q", s)
		}
		v, _ := strconv.Atoi(m[1])
		return v
	}
	before := issues(score)
	if before < n {
		t.Fatalf("the score line counts %d issues, want at least %d: %q", before, n, score)
	}

	// 200 findings a page, and links to the others.
	if listed := count("#findings ul.findings > li"); listed != 200 {
		t.Errorf("page 1 lists %d findings, want 200", listed)
	}
	pages := (before + 199) / 200
	if pager := text(`//nav[@class="pager"]`); !strings.Contains(pager, fmt.Sprintf("Page 1 of %d", pages)) {
		t.Errorf("pager: %q", pager)
	}
	run("03 page 2", chromedp.Click(chromedp.CSS(`nav.pager a[rel=next]`)),
		chromedp.WaitVisible(chromedp.Search(fmt.Sprintf(`//nav[@class="pager"]/span[text()="Page 2 of %d"]`, pages))))
	if listed := count("#findings ul.findings > li"); listed != 200 {
		t.Errorf("page 2 lists %d findings, want 200", listed)
	}
	size, err := chromedp.Run(br.ctx, chromedp.Evaluate[int](`document.documentElement.outerHTML.length`))
	if err != nil || size > 400_000 {
		t.Errorf("a page of %d bytes (%v)", size, err)
	}
	t.Logf("scan page of %d findings: %d KB of HTML per page of 200", before, size/1024)

	// Dismissing a finding takes it out of the counts.
	first := `//ul[contains(@class, "findings")]/li[1]/a`
	run("04 finding", chromedp.Click(chromedp.Search(first)), chromedp.WaitVisible(chromedp.ID("triage")))
	run("05 false positive", chromedp.Click(chromedp.CSS(`input[name=status][value=false_positive]`)),
		chromedp.Click(chromedp.CSS(`#triage button[type=submit]`)), chromedp.WaitVisible(chromedp.CSS(`#triage .ok`)))
	run("06 counts after triage", chromedp.Click(chromedp.Search(`//nav[@class="crumbs"]/a[text()="Scan"]`)),
		chromedp.WaitVisible(chromedp.ID("findings")))
	after := text(`//p[@class="score"]`)
	if issues(after) != before-1 || !strings.Contains(after, "1 dismissed") {
		t.Errorf("after dismissing one: %q (before: %q)", after, score)
	}
}
