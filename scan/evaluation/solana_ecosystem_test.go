package evaluation

import (
	"path/filepath"
	"testing"

	"github.com/vigil-sec/vigil/scan/evaluation/ecosystem"
)

// TestEcosystemSolanaClean checks the critical, high and medium findings on the audited Solana
// programs of corpus/solana-clean against the reviewed list testdata/ecosystem/solana-clean.yaml
// (issue 14: no critical or high finding; every medium listed with a verdict).
func TestEcosystemSolanaClean(t *testing.T) {
	ecosystem.Check(t, filepath.Join(corpus, "solana-clean"), "../../testdata/ecosystem/solana-clean.yaml", *update)
}

// TestEcosystemAuditedSolana checks the critical, high and medium findings on the audited
// Solana programs of corpus/audited-solana (programs an auditor reviewed, with their known
// findings fixed) against the reviewed list testdata/ecosystem/audited-solana.yaml (issue 28).
func TestEcosystemAuditedSolana(t *testing.T) {
	ecosystem.Check(t, filepath.Join(corpus, "audited-solana"), "../../testdata/ecosystem/audited-solana.yaml", *update)
}
