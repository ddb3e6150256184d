package main

import (
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/vigil-sec/vigil/report"
)

// sarifOptions places the scanned folder for SARIF consumers: GitHub code scanning resolves
// artifact URIs from the repository root, so a folder inside a git work tree is prefixed with
// its path from the top level (found by walking up for .git); elsewhere paths stay relative to
// the scanned folder, which %SRCROOT% then stands for. Remote and file-list scans get neither.
func sarifOptions(location string) report.SARIFOptions {
	o := report.SARIFOptions{ToolVersion: toolVersion()}
	abs, err := filepath.Abs(location)
	if location == "" || err != nil {
		return o
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return o
	}
	root := abs
	for dir := abs; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			root = dir
			break
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	if rel, err := filepath.Rel(root, abs); err == nil && rel != "." {
		o.RootPrefix = filepath.ToSlash(rel)
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(root)}
	if !strings.HasPrefix(u.Path, "/") { // Windows: file:///C:/...
		u.Path = "/" + u.Path
	}
	o.RootURI = strings.TrimSuffix(u.String(), "/") + "/"
	return o
}

// toolVersion is the release version set by the build's ldflags, else the main module's
// version or VCS revision recorded by the Go toolchain (go install, go build in a checkout),
// else devVersion.
func toolVersion() string {
	if version != "dev" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return devVersion
	}
	return versionFrom(bi)
}

// devVersion is a build's version when nothing better is known (go build -buildvcs=false): it
// starts with a number, as SARIF consumers compare versions (Sarif.Multitool warns on "dev").
const devVersion = "0.0.0-dev"

func versionFrom(bi *debug.BuildInfo) string {
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev == "" {
		return devVersion
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if modified == "true" {
		rev += "-dirty"
	}
	return "0.0.0-dev+" + rev
}
