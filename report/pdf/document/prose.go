package document

// The fixed texts of the report. They describe what report/score.go computes; when the scoring
// changes there, change the methodology here too (the test checks the weights quoted match).

var classification = []Class{
	{"critical", "Critical", "Funds or control of the contract can be taken or destroyed by anyone, directly. Fix before deployment."},
	{"high", "High", "Loss of funds or broken core logic is likely under realistic conditions. Fix before deployment."},
	{"medium", "Medium", "The contract can misbehave or be abused under specific conditions, or a safeguard is missing. Fix soon."},
	{"low", "Low", "Limited impact, or a deviation from good practice that may become a problem. Fix when convenient."},
	{"informational", "Informational", "Code quality, style and maintainability notes with no direct security impact."},
	{"gas", "Gas", "Ways to make the contract cheaper to deploy or call; no security impact."},
}

func methodology(toolVersion string) []Rich {
	tool := "Vigil"
	if toolVersion != "" {
		tool = "Vigil " + toolVersion
	}
	return []Rich{
		plainRich("This report was produced by " + tool + ", a static analyser for smart contracts. " +
			"It parses every source file of the scanned project, resolves inheritance, types and calls, " +
			"and builds control-flow and data-flow models of each function. Each detector is a documented " +
			"check for one kind of weakness (an issue template with its severity, confidence, SWC and CWE " +
			"classification); the detection method of each is quoted in its section. Findings in " +
			"dependencies (lib/, node_modules/, remapped imports) are analysed for context but not reported."),
		plainRich("Severity says how bad a finding is if it is real; confidence says how likely it is to be " +
			"real (High 80 and over, Medium 50 to 79, Low below 50). Static analysis cannot see the " +
			"deployment, the off-chain components or the intent of the authors: each finding needs review " +
			"by a person, and its status (Open, False positive, Won't fix, Fixed) is carried across " +
			"rescans by a fingerprint that does not change when unrelated lines move. A finding dismissed " +
			"as a false positive or won't fix is listed with its status but left out of the counts and the " +
			"score, which say how many were dismissed."),
		{{{Text: "Score. "}, {Text: "score_v2", Code: true}, {Text: " runs from 0 (many serious findings) to 100 " +
			"(nothing found). Each finding costs its severity weight (critical 25, high 10, medium 4, low 1, " +
			"informational 0.2, gas 0.05) times its confidence factor (high 1.0, medium 0.7, low 0.4). " +
			"Within one issue template the k-th finding, by cost, counts 1/k, because many identical notes " +
			"usually share one cause and one fix. The total penalty P is normalised by the size of the " +
			"code, sub-linearly: "}, {Text: "score_v2 = 100 × exp(−P / (15 × max(1, √KLOC)))", Code: true},
			{Text: ", where KLOC is thousands of lines analysed. Any critical finding caps the score below " +
				"50. The 0 to 5 score is score_v2 / 20. Ratings: Poor below 50, Fair below 75, Good below " +
				"90, Great from 90. Removing a finding never lowers the score."}}},
		plainRich("Threat score (deployed contracts only): the share of threat checks passed — proxies, " +
			"minting, pausing, blacklists, fees, limits, balance manipulation, privileged or hidden owners, " +
			"selfdestruct, delegatecall, external calls in transfers and severe findings — read from the " +
			"verified source fetched from the block explorer."),
	}
}

var disclaimer = []Rich{
	plainRich("This report is the output of automated static analysis of the source code identified on " +
		"its cover, at the time shown. It is not a full audit, a guarantee of security, or advice to " +
		"buy, sell or use any token or contract. Automated tools miss issues (false negatives) and " +
		"report issues that are not exploitable (false positives); business logic, economic attacks, " +
		"off-chain components, the compiler and the chain itself are outside its scope."),
	plainRich("Code deployed on chain may differ from the code scanned. Any change to the code after " +
		"the scan can add or remove issues. The authors of Vigil accept no liability for losses arising " +
		"from the use of this report; it should be read together with a manual review by qualified " +
		"auditors."),
}
