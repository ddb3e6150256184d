package detectors

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// vulnerableCorpus is the labelled Solana corpus (see its SOURCE.txt).
const vulnerableCorpus = "../../../../shared/corpus/solana-vulnerable"

// fragmentClass maps the crytic cases to the detector that names their
// class; cases without one are printed but not required.
var fragmentClass = map[string]string{
	"arbitrary_cpi":                      "SOLANA_ARBITRARY_CPI",
	"improper_pda_validation":            "SOLANA_BUMP_SEED_CANONICALIZATION",
	"ownership_check":                    "SOLANA_MISSING_OWNER_CHECK",
	"signer_check":                       "SOLANA_MISSING_SIGNER_CHECK",
	"sysvar_account_check":               "SOLANA_UNCHECKED_SYSVAR_ACCOUNT",
	"improper_instruction_introspection": "SOLANA_IMPROPER_INSTRUCTION_INTROSPECTION",
}

// TestVulnerableFragments scans each crytic fragment in a throwaway crate
// (they have no Cargo.toml): every insecure fragment must be reported
// with its class, and no secure fragment may raise a critical, high or
// medium finding. The fragments are copied to t.TempDir(), never into
// the project.
func TestVulnerableFragments(t *testing.T) {
	frags, _ := filepath.Glob(filepath.Join(vulnerableCorpus, "crytic-not-so-smart-contracts-solana/not-so-smart-contracts/solana/*/extracted/*.rs"))
	if len(frags) == 0 {
		t.Skip("solana-vulnerable corpus not found")
	}
	insecure, insecureHit, secure, secureHit := 0, 0, 0, 0
	for _, frag := range frags {
		src, err := os.ReadFile(frag)
		if err != nil {
			t.Fatal(err)
		}
		class := filepath.Base(filepath.Dir(filepath.Dir(frag)))
		label := filepath.Base(frag)
		ids := scanFragment(t, class, string(src))
		want := fragmentClass[class]
		switch {
		case strings.Contains(label, "_insecure"):
			insecure++
			hit := ids[want]
			if hit {
				insecureHit++
			}
			t.Logf("insecure %-36s %-40s want %s: %v", class, label, want, keys(ids))
			if !hit && detectorExists(want) {
				t.Errorf("%s/%s: %s not reported (got %v)", class, label, want, keys(ids))
			}
		case strings.Contains(label, "_secure"):
			secure++
			if len(ids) > 0 {
				secureHit++
				t.Errorf("%s/%s: secure fragment flagged: %v", class, label, keys(ids))
			}
			t.Logf("secure   %-36s %-40s %v", class, label, keys(ids))
		}
	}
	t.Logf("crytic fragments: insecure flagged with their class %d/%d, secure flagged %d/%d", insecureHit, insecure, secureHit, secure)
}

// TestVulnerableTrident scans the Trident example programs; those whose
// bug has a Solana class (unauthorized-access-2: the escrow's stored
// receiver is never matched; unchecked-arithmetic-0: division by an
// unchecked argument) must be reported with it.
func TestVulnerableTrident(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join(vulnerableCorpus, "trident-fuzz-examples/examples/fuzz-tests/*"))
	if len(dirs) == 0 {
		t.Skip("solana-vulnerable corpus not found")
	}
	want := map[string]string{
		"unauthorized-access-2": "SOLANA_ACCOUNT_DATA_MATCHING",
		// buggy_math_function divides by MAGIC_NUMBER - input2, an
		// instruction argument nothing bounds.
		"unchecked-arithmetic-0": "SOLANA_DIVISION_BY_ZERO",
	}
	for _, d := range dirs {
		ws, err := model.LoadWorkspace(d, model.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		ids := map[string]bool{}
		for _, f := range Run(ws, All, Config{}) {
			if severe(f) {
				ids[f.Analyzer.ID] = true
			}
		}
		t.Logf("trident %-32s %v", filepath.Base(d), keys(ids))
		if id := want[filepath.Base(d)]; id != "" && !ids[id] {
			t.Errorf("%s: %s not reported", filepath.Base(d), id)
		}
	}
}

// scanFragment wraps a fragment in a crate and returns the ids of its
// critical, high and medium findings. Fragments that are statements, not
// items, go inside a function; a line holding only "..." (an elision in
// the write-up) is dropped.
func scanFragment(t *testing.T, name, src string) map[string]bool {
	t.Helper()
	var lines []string
	for _, l := range strings.Split(src, "\n") {
		if strings.TrimSpace(l) != "..." {
			lines = append(lines, l)
		}
	}
	src = strings.Join(lines, "\n")
	manifest := "[package]\nname = \"" + strings.ReplaceAll(name, "_", "-") + "\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nsolana-program = \"1.18\"\n"
	if strings.Contains(src, "Context<") {
		manifest += "anchor-lang = \"0.30.1\"\n"
	}
	prelude := "use solana_program::{account_info::{next_account_info, AccountInfo}, entrypoint::ProgramResult, program::invoke, program_error::ProgramError, pubkey::Pubkey, sysvar};\n\n"
	wrap := func(stmts string) string {
		return prelude + "pub fn fragment(program_id: &Pubkey, accounts: &[AccountInfo]) -> ProgramResult {\n" + stmts + "\n    Ok(())\n}\n"
	}
	// As items; as statements; as statements whose last one lacks its ";".
	for _, body := range []string{prelude + src, wrap(src), wrap(strings.TrimRight(src, " \n") + ";")} {
		dir := t.TempDir()
		if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "Cargo.toml"), []byte(manifest), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "src", "lib.rs"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		ws, err := model.LoadWorkspace(dir, model.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if len(ws.Crates) == 1 && len(ws.Crates[0].Errors) > 0 {
			continue // not items: try it as a function body
		}
		ids := map[string]bool{}
		for _, f := range Run(ws, All, Config{}) {
			if severe(f) {
				ids[f.Analyzer.ID] = true
			}
		}
		return ids
	}
	t.Fatalf("%s: fragment does not parse as items or as a function body", name)
	return nil
}

func severe(f Finding) bool {
	switch f.Analyzer.Severity {
	case detect.Critical, detect.High, detect.Medium:
		return true
	}
	return false
}

func detectorExists(id string) bool { return ByID(id) != nil }

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
