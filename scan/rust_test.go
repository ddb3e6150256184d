package scan

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/workspace"
)

// TestRunRustWorkspace scans an Anchor program through the same pipeline as Solidity: Rust
// findings land in the report with templates, bug ids and hashes.
func TestRunRustWorkspace(t *testing.T) {
	dir := t.TempDir()
	write := func(p, s string) {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755)
		os.WriteFile(filepath.Join(dir, p), []byte(s), 0o644)
	}
	write("Cargo.toml", "[package]\nname = \"vault\"\nversion = \"0.1.0\"\n\n[dependencies]\nanchor-lang = \"0.29.0\"\n")
	write("src/lib.rs", `use anchor_lang::prelude::*;

declare_id!("Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS");

#[program]
pub mod vault {
    use super::*;
    pub fn withdraw(ctx: Context<Withdraw>, amount: u64) -> Result<()> {
        let vault = &mut ctx.accounts.vault;
        vault.balance = vault.balance - amount;
        Ok(())
    }
}

#[derive(Accounts)]
pub struct Withdraw<'info> {
    #[account(mut)]
    pub vault: Account<'info, Vault>,
    pub authority: AccountInfo<'info>,
}

#[account]
pub struct Vault {
    pub authority: Pubkey,
    pub balance: u64,
}
`)
	ws, err := workspace.FromFolder(context.Background(), dir, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	res, err := Run(context.Background(), ws, Options{ScanID: "r1"})
	if err != nil {
		t.Fatal(err)
	}
	r := res.Report
	if r.MultiFileScanSummary.CountFilesAnalyzed != 1 || r.MultiFileScanSummary.LinesAnalyzedCount == 0 {
		t.Errorf("summary: %+v", r.MultiFileScanSummary)
	}
	ids := map[string]bool{}
	for _, g := range r.MultiFileScanDetails {
		ids[g.IssueID] = true
		for _, f := range g.MetricWiseAggregatedFindings {
			if f.BugHash == "" || !strings.HasPrefix(f.BugID, "VG_0_") || f.Findings[0].FilePath != "src/lib.rs" {
				t.Errorf("finding record: %+v", f)
			}
		}
	}
	// authority is an unchecked AccountInfo that never signs; the subtraction can underflow.
	if !ids["SOLANA_MISSING_SIGNER_CHECK"] && !ids["SOLANA_UNCHECKED_ACCOUNT_WITHOUT_CHECK_NOTE"] {
		t.Errorf("expected account-validation findings, got %v", ids)
	}
	// Disabling works for Rust detectors too.
	var disable []string
	for id := range ids {
		disable = append(disable, id)
	}
	res2, err := Run(context.Background(), ws, Options{Disable: disable})
	if err != nil || len(res2.Report.MultiFileScanDetails) != 0 {
		t.Errorf("disabled Rust detectors still reported: %v", err)
	}
}

// TestRustLinesAtLFOnly: a form feed and a lone CR are whitespace inside a Rust line, so the
// excerpt of a finding below them is the line the finding names, as rustc counts lines.
func TestRustLinesAtLFOnly(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "Cargo.toml"), []byte("[package]\nname = \"vault\"\nversion = \"0.1.0\"\n\n[dependencies]\nanchor-lang = \"0.29.0\"\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "src"), 0o755)
	src := "use anchor_lang::prelude::*;\n// a form feed \f and a lone CR \r stay in this line\n" +
		"declare_id!(\"Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS\");\n" +
		"#[program]\npub mod vault {\n    use super::*;\n" +
		"    pub fn withdraw(ctx: Context<Withdraw>) -> Result<()> { Ok(()) }\n}\n" +
		"#[derive(Accounts)]\npub struct Withdraw<'info> {\n    #[account(mut)]\n    pub vault: Account<'info, Vault>,\n" +
		"    pub authority: AccountInfo<'info>,\n}\n#[account]\npub struct Vault { pub authority: Pubkey }\n"
	os.WriteFile(filepath.Join(dir, "src/lib.rs"), []byte(src), 0o644)
	ws, err := workspace.FromFolder(context.Background(), dir, workspace.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	res, err := Run(context.Background(), ws, Options{ScanID: "r2"})
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(src, "\n")
	got := res.Source("src/lib.rs")
	if len(got) != len(want) {
		t.Fatalf("excerpt lines: %d, want %d (split at LF only)", len(got), len(want))
	}
	seen := 0
	for _, g := range res.Report.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			for _, loc := range f.Findings {
				if n := loc.LineNosStart[0]; loc.FilePath == "src/lib.rs" && n > 2 {
					seen++
					if got[n-1] != want[n-1] {
						t.Errorf("%s at line %d: excerpt %q, want %q", g.IssueID, n, got[n-1], want[n-1])
					}
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no finding below the form feed to check")
	}
}
