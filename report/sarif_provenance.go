package report

import (
	"net/url"
	"regexp"
)

// sarifVersionControl is SARIF's versionControlDetails: the repository and commit the scanned
// files come from, mapped to %SRCROOT% so that a viewer can fetch a result's file.
type sarifVersionControl struct {
	RepositoryURI string         `json:"repositoryUri"`
	RevisionID    string         `json:"revisionId,omitempty"`
	Branch        string         `json:"branch,omitempty"`
	MappedTo      *sarifArtifact `json:"mappedTo,omitempty"`
}

// scpLike is git's user@host:path form, which is not a URI.
var scpLike = regexp.MustCompile(`^([A-Za-z0-9._-]+@)?([A-Za-z0-9.-]+):([^/][^:]*)$`)

// RepositoryURI turns a git remote into an absolute URI: http(s) and ssh URLs stay (without
// credentials), git@host:owner/repo becomes ssh://git@host/owner/repo; "" when it is neither.
func RepositoryURI(remote string) string {
	if m := scpLike.FindStringSubmatch(remote); m != nil {
		remote = "ssh://" + m[1] + m[2] + "/" + m[3]
	}
	u, err := url.Parse(remote)
	if err != nil || u.Host == "" {
		return ""
	}
	switch u.Scheme {
	case "https", "http", "ssh", "git":
	default:
		return ""
	}
	if u.User != nil && u.Scheme != "ssh" { // https://token@host: never write a credential
		u.User = nil
	} else if u.User != nil {
		u.User = url.User(u.User.Username())
	}
	return u.String()
}

// versionControl says which repository and commit the report's files come from, when known.
func versionControl(r *ScanReport) []sarifVersionControl {
	uri := RepositoryURI(r.ProjectURL)
	if uri == "" {
		return nil
	}
	return []sarifVersionControl{{RepositoryURI: uri, RevisionID: r.ProjectCommit, Branch: r.ProjectBranch,
		MappedTo: &sarifArtifact{URIBaseID: "%SRCROOT%"}}}
}

// HelpURIBase is where the detectors are described when a rule names no SWC or CWE entry.
const HelpURIBase = "https://github.com/vigil-sec/vigil#detectors"

// RuleHelpURI is a page describing a detector's weakness class: its SWC registry entry, else its
// first CWE entry, else Vigil's list of detectors.
func RuleHelpURI(t *Template) string {
	if refs := References(t); len(refs) > 0 {
		return refs[0].URL
	}
	return HelpURIBase
}
