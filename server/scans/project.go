package scans

import (
	"net/url"
	"path"
	"strings"
)

// Bounds on the fields of a scan request, whichever door it came through.
const (
	MaxURLLen      = 2048
	MaxNameLen     = 256
	MaxSkipPaths   = 1000
	MaxSkipPathLen = 1024
	MaxFileURLs    = 100
)

// SourceKey identifies a repository whatever credentials, query or trailing ".git" and slash
// the URL carries, so rescans land on the same project.
func SourceKey(u *url.URL) string {
	p := strings.TrimSuffix(strings.TrimSuffix(u.EscapedPath(), "/"), ".git")
	return strings.ToLower(u.Scheme+"://"+u.Host) + p
}

// RepoName is the last path element of a repository URL without ".git".
func RepoName(u *url.URL) string {
	name := strings.TrimSuffix(path.Base(strings.TrimSuffix(u.Path, "/")), ".git")
	if name == "" || name == "." || name == "/" {
		return u.Hostname()
	}
	return name
}

// BlockSourceKey identifies a deployed contract's project: its platform, chain and address.
func BlockSourceKey(platform, chain, address string) string {
	return "block:" + platform + ":" + chain + ":" + strings.ToLower(address)
}
