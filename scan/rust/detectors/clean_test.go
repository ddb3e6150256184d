package detectors

import (
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/rust/model"
)

// TestCleanPrograms pins what the detectors report on the example
// programs of ../testdata/programs, which follow common practice. Each
// expected finding is explained; anything else is a false alarm.
func TestCleanPrograms(t *testing.T) {
	want := map[string]string{
		// A real issue of the staking example: anyone can open a pool for any
		// Token-2022 mint, and stake credits the amount sent, not the amount
		// a fee-bearing mint delivers; the last staker cannot unstake in full.
		"anchor_modern programs/staking/src/instructions/stake.rs:49": "SOLANA_TOKEN_2022_TRANSFER_FEE_IGNORED",
		// Same pool: unstake pays out with Anchor's transfer_checked, which
		// passes no transfer-hook accounts; a hook set on the mint after
		// users stake keeps every staker's tokens in the pool.
		"anchor_modern programs/staking/src/instructions/unstake.rs:26": "SOLANA_TOKEN_2022_TRANSFER_HOOK_IGNORED",
		// scratch is any VaultState: neither tied to the authority nor kept
		// apart from vault (contrived on purpose in the test program).
		"anchor_vault programs/vault/src/lib.rs:209": "SOLANA_ACCOUNT_DATA_MATCHING SOLANA_DUPLICATE_MUTABLE_ACCOUNTS",
		// Real issues of the native counter: the bump comes from instruction
		// data, and lamports arithmetic with overflow-checks = false.
		"native_counter src/lib.rs:71":  "SOLANA_BUMP_SEED_CANONICALIZATION",
		"native_counter src/lib.rs:113": "SOLANA_UNCHECKED_ARITHMETIC",
		"native_counter src/lib.rs:114": "SOLANA_UNCHECKED_ARITHMETIC",
		// Not findings: the staking pool's PDA pays unstakers whose signer is bound to their
		// own entry, and the escrow tutorial's single PDA pays a taker who pays the
		// initializer in the same instruction (an exchange).
		// borsh 0.10.3 is unsound with zero-sized types (RUSTSEC-2023-0033, patched in
		// 0.10.4): an informational advisory of the bundled snapshot, reported as low.
		"anchor_vault Cargo.lock:23": "SOLANA_VULNERABLE_DEPENDENCY",
	}
	got := map[string][]string{}
	dirs, _ := filepath.Glob("../testdata/programs/*")
	for _, d := range dirs {
		ws, err := model.LoadWorkspace(d, model.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range Run(ws, All, Config{Advisories: testDB(t)}) {
			k := filepath.Base(d) + " " + f.File + ":" + strconv.Itoa(f.Line)
			got[k] = append(got[k], f.Analyzer.ID)
		}
	}
	for k, ids := range got {
		sort.Strings(ids)
		if want[k] != strings.Join(ids, " ") {
			t.Errorf("%s: got %v, want %q", k, ids, want[k])
		}
	}
	for k, ids := range want {
		if got[k] == nil {
			t.Errorf("%s: %s no longer reported", k, ids)
		}
	}
}
