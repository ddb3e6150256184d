package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// Set by the release build (goreleaser: -ldflags "-X main.version=... -X main.commit=...
// -X main.date=...").
var (
	version = "dev"
	commit  = "none"
	date    = "unknown"
)

func newVersionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version, the commit it was built from and when",
		Args:  cobra.NoArgs,
		Run: func(cmd *cobra.Command, args []string) {
			bi, _ := debug.ReadBuildInfo()
			fmt.Fprintln(cmd.OutOrStdout(), versionLine(toolVersion(), commit, date, bi))
		},
	}
}

// versionLine says which Vigil this is. A release build says what its ldflags set; a build
// by the Go toolchain says what it recorded: the module version of `go install ...@v1.2.0`, the
// commit of a pseudo-version (v0.0.0-20260101120000-0123456789ab), or in a checkout the VCS
// revision, its time and whether the work tree had changes.
func versionLine(ver, rev, when string, bi *debug.BuildInfo) string {
	modified, goVersion := false, ""
	if bi != nil {
		goVersion = bi.GoVersion
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				if rev == "none" {
					rev = s.Value
				}
			case "vcs.time":
				if when == "unknown" {
					when = "committed " + s.Value
				}
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if rev == "none" {
			if v := bi.Main.Version; v != "" && v != "(devel)" {
				if i := strings.LastIndex(v, "-"); i > 0 && len(v)-i-1 == 12 && isHexString(v[i+1:]) {
					rev = v[i+1:] // a pseudo-version names its commit
				} else {
					rev = "tagged " + strings.TrimSuffix(v, "+incompatible")
				}
			}
		}
	}
	if rev == "none" {
		rev = "unknown"
	}
	parts := []string{"commit " + rev}
	if modified {
		parts[0] += " with uncommitted changes"
	}
	switch {
	case when == "unknown": // a plain go build: nothing says when
	case strings.HasPrefix(when, "committed "):
		parts = append(parts, when)
	default:
		parts = append(parts, "built "+when)
	}
	if goVersion != "" {
		parts = append(parts, goVersion)
	}
	return fmt.Sprintf("vigil %s (%s)", ver, strings.Join(parts, ", "))
}

func isHexString(s string) bool {
	for _, c := range s {
		if !strings.ContainsRune("0123456789abcdef", c) {
			return false
		}
	}
	return s != ""
}
