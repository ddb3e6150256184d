package main

import (
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// A release build (goreleaser's ldflags) says its version, commit and build time.
func TestVersionOfAReleaseBuild(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "vigil")
	// The same flags as TestMain's build but the ldflags: only the link is redone.
	build := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-o", bin,
		"-ldflags", "-X main.version=v9.8.7 -X main.commit=0123456789abcdef0123456789abcdef01234567 -X main.date=2026-01-02T03:04:05Z", ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").Output()
	if want := "vigil v9.8.7 (commit 0123456789abcdef0123456789abcdef01234567, built 2026-01-02T03:04:05Z, go1."; err != nil || !strings.HasPrefix(string(out), want) {
		t.Errorf("version: %v %q, want %q...", err, out, want)
	}
}

// A build by the Go toolchain says what debug.ReadBuildInfo recorded: the module version of
// `go install ...@v1.2.0`, the commit of a pseudo-version, or a checkout's revision and time.
func TestVersionLineFromBuildInfo(t *testing.T) {
	for _, tt := range []struct {
		bi   debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.0"}},
			"vigil v1.2.0 (commit tagged v1.2.0, go1.26.8)"},
		{debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20260101120000-0123456789ab"}},
			"vigil v0.0.0-20260101120000-0123456789ab (commit 0123456789ab, go1.26.8)"},
		{debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "fedcba9876543210fedcba9876543210fedcba98"}, {Key: "vcs.time", Value: "2026-03-04T05:06:07Z"},
			{Key: "vcs.modified", Value: "true"}}},
			"vigil 0.0.0-dev+fedcba987654-dirty (commit fedcba9876543210fedcba9876543210fedcba98 with uncommitted changes, committed 2026-03-04T05:06:07Z, go1.26.8)"},
		{debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}}, "vigil 0.0.0-dev (commit unknown, go1.26.8)"},
	} {
		bi := tt.bi
		if got := versionLine(versionFrom(&bi), "none", "unknown", &bi); got != tt.want {
			t.Errorf("got  %q\nwant %q", got, tt.want)
		}
	}
}
