package solana

import (
	"encoding/json"
	"math"
)

// Check is one entry of the catalogue: an id, a name, its weight in the average and the
// function that reaches a verdict from the chain data.
type Check struct {
	ID   string
	Name string
	// Weight2 is the check's weight in average_score.
	Weight2 float64
	run     func(d *chainData) verdict
}

// verdict is what a check found.
type verdict struct {
	status      string
	severity    string
	description string
	penalty     float64 // weight1 when failing: points of 100 taken off this check's score
}

func pass(severity, description string) verdict {
	return verdict{status: StatusPass, severity: severity, description: description}
}

func fail(severity string, penalty float64, description string) verdict {
	return verdict{status: StatusFail, severity: severity, description: description, penalty: penalty}
}

func unavailable(description string) verdict {
	return verdict{status: StatusUnavailable, severity: Unavailable, description: description}
}

// Catalogue returns the checks in report order: the five of the spec first.
func Catalogue() []Check {
	return []Check{
		{"SOLANA_TOKEN_UPDATE_AUTHORITY", "Metadata update authority", 2, checkUpdateAuthority},
		{"SOLANA_TOKEN_FREEZE_AUTHORITY", "Freeze authority", 3, checkFreezeAuthority},
		{"SOLANA_TOKEN_MINT_AUTHORITY", "Mint authority", 3, checkMintAuthority},
		{"SOLANA_OWNER_HOLDING_IS_MORE_THAN_5_PERCENT", "Owner holding is more than 5 percent", 2, checkOwnerHolding},
		{"SOLANA_TOP_5_HOLDERS_HAVING_MORE_THEN_10_PERCENT", "Top 5 holders having more than 10 percent", 2, checkTop5},
		{"SOLANA_HOLDER_CONCENTRATION", "Holder concentration", 2, checkConcentration},
		{"SOLANA_TOKEN_MUTABLE_METADATA", "Mutable metadata", 1, checkMutableMetadata},
		{"SOLANA_TOKEN_PERMANENT_DELEGATE", "Permanent delegate", 3, checkPermanentDelegate},
		{"SOLANA_TOKEN_TRANSFER_FEE", "Transfer fee", 2, checkTransferFee},
		{"SOLANA_TOKEN_TRANSFER_HOOK", "Transfer hook", 2, checkTransferHook},
		{"SOLANA_TOKEN_NON_TRANSFERABLE", "Non-transferable token", 3, checkNonTransferable},
		{"SOLANA_TOKEN_DEFAULT_FROZEN", "New accounts frozen by default", 3, checkDefaultFrozen},
		{"SOLANA_TOKEN_MINT_CLOSE_AUTHORITY", "Mint close authority", 1, checkMintCloseAuthority},
		{"SOLANA_TOKEN_PAUSABLE", "Pausable token", 2, checkPausable},
		{"SOLANA_TOKEN_CONFIDENTIAL_TRANSFERS", "Confidential transfers", 1, checkConfidential},
		{"SOLANA_TOKEN_UI_AMOUNT_AUTHORITY", "Changeable displayed amounts", 1, checkUIAmountAuthority},
	}
}

// build runs the catalogue and assembles the report (ids and times are set by Scan).
func (s *Scanner) build(d *chainData) *Report {
	rep := &Report{IssueCount: map[string]int{}, ScanDetails: []Issue{}}
	for _, l := range Labels {
		rep.IssueCount[l] = 0
	}
	var sum, weights float64
	worst := ""
	for _, c := range Catalogue() {
		v := c.run(d)
		is := Issue{IssueID: c.ID, IssueName: c.Name, IssueDescription: v.description, IssueStatus: v.status, Severity: v.severity}
		rep.IssueCount[v.severity]++
		switch v.status {
		case StatusFail:
			w1, w2 := v.penalty, c.Weight2
			is.Weight1, is.Weight2 = &w1, &w2
			sum += c.Weight2 * (100 - v.penalty)
			weights += c.Weight2
			if rank(v.severity) > rank(worst) {
				worst = v.severity
			}
		case StatusPass:
			sum += c.Weight2 * 100
			weights += c.Weight2
		}
		rep.ScanDetails = append(rep.ScanDetails, is)
	}
	switch {
	case weights == 0:
		rep.Severity = Unavailable
	case worst == "":
		rep.Severity = LowRisk
	default:
		rep.Severity = worst
	}
	if weights > 0 {
		rep.AverageScore = round(sum/weights, 2)
	}
	rep.HoldersInfo = holdersInfo(d)
	rep.Metadata = metadataOf(d)
	return rep
}

// rank orders the failing severities.
func rank(sev string) int {
	switch sev {
	case HighRisk:
		return 3
	case ModerateRisk:
		return 2
	case LowRisk:
		return 1
	}
	return 0
}

func round(f float64, places int) float64 {
	p := math.Pow10(places)
	return math.Round(f*p) / p
}

func jsonNumber(s string) json.Number { return json.Number(s) }
