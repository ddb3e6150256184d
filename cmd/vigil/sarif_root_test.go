package main

import (
	"debug/buildinfo"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"testing"
)

type sarifOut struct {
	Runs []struct {
		Tool               struct{ Driver struct{ Version string } }
		OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
		Results            []struct {
			Locations []struct {
				PhysicalLocation struct{ ArtifactLocation struct{ URI string } }
			}
		}
	}
}

func scanSARIF(t *testing.T, dir string) sarifOut {
	t.Helper()
	res := vigil(t, "scan", dir, "--format", "sarif")
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	validate(t, schema(t, "sarif-2.1.0.schema.json"), res.stdout)
	var out sarifOut
	if err := json.Unmarshal([]byte(res.stdout), &out); err != nil || len(out.Runs) != 1 || len(out.Runs[0].Results) == 0 {
		t.Fatalf("SARIF: %v %s", err, res.stdout)
	}
	return out
}

func uris(out sarifOut) map[string]bool {
	m := map[string]bool{}
	for _, r := range out.Runs[0].Results {
		for _, l := range r.Locations {
			m[l.PhysicalLocation.ArtifactLocation.URI] = true
		}
	}
	return m
}

// A folder scanned inside a git work tree gets URIs from the repository root, percent-encoded;
// outside one, URIs relative to the folder. The version is the build's, not "dev".
func TestSARIFPathsFromRepositoryRoot(t *testing.T) {
	vault, err := os.ReadFile(filepath.Join(repoRoot, "testdata/contracts/Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	if out, err := exec.Command("git", "init", "-q", repo).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	sub := filepath.Join(repo, "my contracts", "v#1 ü")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "Vault 100%.sol"), vault, 0o644); err != nil {
		t.Fatal(err)
	}
	out := scanSARIF(t, filepath.Join(repo, "my contracts"))
	if want := "my%20contracts/v%231%20%C3%BC/Vault%20100%25.sol"; !uris(out)[want] {
		t.Errorf("URIs %v, want %s", uris(out), want)
	}
	if base := out.Runs[0].OriginalURIBaseIDs["%SRCROOT%"].URI; base == "" || base[len(base)-1] != '/' {
		t.Errorf("originalUriBaseIds %%SRCROOT%% = %q", base)
	}

	plain := t.TempDir() // not in a work tree (the test's TMPDIR is outside the checkout)
	if err := os.WriteFile(filepath.Join(plain, "Vault.sol"), vault, 0o644); err != nil {
		t.Fatal(err)
	}
	if out := scanSARIF(t, plain); !uris(out)["Vault.sol"] {
		t.Errorf("URIs %v, want Vault.sol", uris(out))
	}

	bi, err := buildinfo.ReadFile(vigilBin)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := out.Runs[0].Tool.Driver.Version, versionFrom(bi); got != want {
		t.Errorf("tool version %q, want %q from the build info", got, want)
	}
}

func TestVersionFromBuildInfo(t *testing.T) {
	rev := []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "true"}}
	for _, tt := range []struct {
		bi   debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}}, "v1.4.0"}, // go install ...@v1.4.0
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: rev}, "0.0.0-dev+0123456789ab-dirty"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "0.0.0-dev"}, // built with -buildvcs=false
	} {
		if got := versionFrom(&tt.bi); got != tt.want {
			t.Errorf("versionFrom(%+v) = %q, want %q", tt.bi.Main, got, tt.want)
		}
	}
}
