package solana

import "encoding/json"

// Severity labels of SPEC.md 2.5, used for each check and for the overall verdict.
const (
	Beneficial   = "Beneficial"
	HighRisk     = "High Risk"
	LowRisk      = "Low Risk"
	ModerateRisk = "Moderate Risk"
	NoImpact     = "No Impact"
	Unavailable  = "Unavailable"
)

// Labels lists every severity label; issue_count always has all six keys.
var Labels = []string{Beneficial, HighRisk, LowRisk, ModerateRisk, NoImpact, Unavailable}

// Values of issue_status. The spec shows pass and fail; a check whose data could not be had
// is reported as unavailable (with severity Unavailable) rather than guessed either way.
const (
	StatusPass        = "pass"
	StatusFail        = "fail"
	StatusUnavailable = "unavailable"
)

// Report is a token scan (SPEC.md 2.5): the data of the token-scan and scan-details answers.
type Report struct {
	ScanID       string         `json:"scan_id"`
	ScanInitTime string         `json:"scan_init_time"`
	ClientID     int64          `json:"client_id"`
	Severity     string         `json:"severity"`
	AverageScore float64        `json:"average_score"`
	IssueCount   map[string]int `json:"issue_count"`
	ScanDetails  []Issue        `json:"scan_details"`
	HoldersInfo  HoldersInfo    `json:"holders_info"`
	Metadata     Metadata       `json:"metadata"`
}

// Issue is one check's verdict (a "token issue").
type Issue struct {
	IssueID          string `json:"issue_id"`
	IssueName        string `json:"issue_name"`
	IssueDescription string `json:"issue_description"`
	IssueStatus      string `json:"issue_status"`
	Severity         string `json:"severity"`
	// Weight1 is the penalty (points of 100) the failing check takes off its score; Weight2
	// the check's weight in the average. Both are present on failing issues only.
	Weight1 *float64 `json:"weight1,omitempty"`
	Weight2 *float64 `json:"weight2,omitempty"`
}

// HoldersInfo describes the largest holders, by owner.
type HoldersInfo struct {
	LargestAccounts []Holder `json:"largest_accounts"`
	// TotalAmount is the sum of the listed amounts in base units, as an exact JSON number.
	TotalAmount     json.Number `json:"total_amount"`
	TotalPercentage float64     `json:"total_percentage"`
}

// Holder is one owner among the largest holders.
type Holder struct {
	Address    string  `json:"address"`
	Amount     string  `json:"amount"`
	Percentage float64 `json:"percentage"`
	// Kind says why a holder is left out of the concentration checks: "burn" or "pool"
	// (with Label naming the program); empty for ordinary holders.
	Kind  string `json:"kind,omitempty"`
	Label string `json:"label,omitempty"`
}

// Metadata describes the token (SPEC.md 2.5 token metadata).
type Metadata struct {
	CreatorAddress    string  `json:"creator_address"`
	CreatorHolding    float64 `json:"creator_holding"`
	MetadataPublicKey string  `json:"metadata_public_key"`
	MintDecimals      int     `json:"mint_decimals"`
	MintPublicKey     string  `json:"mint_public_key"`
	MintSupply        string  `json:"mint_supply"`
	PublicKey         string  `json:"public_key"`
	TokenAddress      string  `json:"token_address"`
	TokenImageURI     string  `json:"token_image_uri"`
	TokenName         string  `json:"token_name"`
	TokenStandard     string  `json:"token_standard"`
	TokenSymbol       string  `json:"token_symbol"`
	TokenURI          string  `json:"token_uri"`
	// TokenProgram names the owning program: "spl-token" or "token-2022".
	TokenProgram string `json:"token_program"`
}
