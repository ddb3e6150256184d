package explorer

import (
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"
)

// Limits on what a provider may hand back as files.
const (
	maxFiles      = 5000
	maxPathLength = 512
)

// CleanPath turns a provider-supplied file name into a safe relative path:
// backslashes become slashes, leading slashes, "./", drive letters and the
// Truffle "project:/" prefix are dropped, and the result is path.Clean'ed.
// Names that would still climb out of the source root ("../x"), are empty,
// too long or hold control characters are refused, so that writing the
// files under a folder can never touch anything outside it.
func CleanPath(name string) (string, error) {
	if name == "" {
		return "", fmt.Errorf("empty file name")
	}
	if len(name) > maxPathLength {
		return "", fmt.Errorf("file name of %d bytes is too long", len(name))
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f {
			return "", fmt.Errorf("file name %q holds a control character", name)
		}
	}
	p := strings.ReplaceAll(name, `\`, "/")
	p = strings.TrimPrefix(p, "project:")
	if len(p) >= 2 && p[1] == ':' && ((p[0] >= 'a' && p[0] <= 'z') || (p[0] >= 'A' && p[0] <= 'Z')) {
		p = p[2:]
	}
	p = strings.TrimLeft(p, "/")
	p = path.Clean(p)
	if p == "." || p == "" {
		return "", fmt.Errorf("file name %q names no file", name)
	}
	if p == ".." || strings.HasPrefix(p, "../") {
		return "", fmt.Errorf("file name %q escapes the source root", name)
	}
	return p, nil
}

// fileSet collects cleaned files and refuses collisions and excess.
type fileSet struct {
	provider string
	files    map[string]string
}

func newFileSet(provider string) *fileSet {
	return &fileSet{provider: provider, files: map[string]string{}}
}

func (fs *fileSet) add(name, content string) error {
	p, err := CleanPath(name)
	if err != nil {
		return &ProviderError{Provider: fs.provider, Kind: ErrUpstream, Detail: cleanDetail(err.Error())}
	}
	if _, dup := fs.files[p]; dup {
		return &ProviderError{Provider: fs.provider, Kind: ErrUpstream, Detail: cleanDetail(fmt.Sprintf("two files clean to the same path %q", p))}
	}
	if len(fs.files) >= maxFiles {
		return &ProviderError{Provider: fs.provider, Kind: ErrUpstream, Detail: fmt.Sprintf("more than %d source files", maxFiles)}
	}
	fs.files[p] = content
	return nil
}

// standardJSON is the part of solc's standard JSON input we keep.
type standardJSON struct {
	Language string `json:"language"`
	Sources  map[string]struct {
		Content *string `json:"content"`
	} `json:"sources"`
	Settings struct {
		Remappings []string `json:"remappings"`
	} `json:"settings"`
}

// splitSourceCode reads Etherscan's SourceCode field in its three forms:
// standard JSON input wrapped in double braces ({{...}}), a JSON object of
// files ({"a.sol":{"content":...}}), or one flat file.
func splitSourceCode(provider, code, contractName, compiler string) (files map[string]string, remappings []string, language string, err error) {
	fs := newFileSet(provider)
	trimmed := strings.TrimSpace(code)
	language = "Solidity"
	if strings.HasPrefix(strings.ToLower(compiler), "vyper") {
		language = "Vyper"
	}
	if strings.HasPrefix(trimmed, "{{") && strings.HasSuffix(trimmed, "}}") {
		trimmed = trimmed[1 : len(trimmed)-1]
	}
	if strings.HasPrefix(trimmed, "{") {
		var probe map[string]json.RawMessage
		if json.Unmarshal([]byte(trimmed), &probe) == nil {
			if raw, ok := probe["sources"]; ok && len(raw) > 0 && raw[0] == '{' {
				var std standardJSON
				if err := json.Unmarshal([]byte(trimmed), &std); err != nil {
					return nil, nil, "", &ProviderError{Provider: provider, Kind: ErrUpstream, Detail: "malformed standard JSON input: " + cleanDetail(err.Error())}
				}
				for _, name := range sortedKeys(std.Sources) {
					if c := std.Sources[name].Content; c != nil {
						if err := fs.add(name, *c); err != nil {
							return nil, nil, "", err
						}
					}
				}
				if std.Language != "" {
					language = std.Language
				}
				remappings = std.Settings.Remappings
			} else {
				var multi map[string]struct {
					Content *string `json:"content"`
				}
				if err := json.Unmarshal([]byte(trimmed), &multi); err != nil {
					return nil, nil, "", &ProviderError{Provider: provider, Kind: ErrUpstream, Detail: "malformed multi-file source: " + cleanDetail(err.Error())}
				}
				for _, name := range sortedKeys(multi) {
					if c := multi[name].Content; c != nil {
						if err := fs.add(name, *c); err != nil {
							return nil, nil, "", err
						}
					}
				}
			}
			if len(fs.files) == 0 {
				return nil, nil, "", &ProviderError{Provider: provider, Kind: ErrUpstream, Detail: "source JSON holds no file contents"}
			}
			return fs.files, remappings, language, nil
		}
	}
	name := flatFileName(contractName, language)
	if err := fs.add(name, code); err != nil {
		return nil, nil, "", err
	}
	return fs.files, nil, language, nil
}

var safeName = regexp.MustCompile(`[^A-Za-z0-9_.-]`)

func flatFileName(contractName, language string) string {
	base := safeName.ReplaceAllString(contractName, "_")
	if base == "" || strings.Trim(base, ".") == "" {
		base = "Contract"
	}
	if language == "Vyper" {
		return base + ".vy"
	}
	return base + ".sol"
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// findMainFile finds the file declaring contractName, preferring the
// shortest path when several do (flattened copies in dependencies).
func findMainFile(files map[string]string, contractName string) string {
	if contractName == "" || len(files) == 1 {
		if len(files) == 1 {
			for p := range files {
				return p
			}
		}
		return ""
	}
	best := ""
	for _, p := range sortedKeys(files) {
		if declares(files[p], contractName) && (best == "" || len(p) < len(best)) {
			best = p
		}
	}
	return best
}

// declares reports whether text holds "contract Name", "library Name",
// "interface Name" (or "abstract contract Name") as a declaration. A plain
// scan is used instead of a regexp: it runs over megabytes of sources.
func declares(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		at := i + j
		i = at + len(name)
		if i < len(text) && isIdentByte(text[i]) {
			continue
		}
		before := strings.TrimRight(text[:at], " \t\r\n")
		if len(before) == len(text[:at]) {
			continue // no space between keyword and name
		}
		for _, kw := range []string{"contract", "library", "interface"} {
			if strings.HasSuffix(before, kw) && (len(before) == len(kw) || !isIdentByte(before[len(before)-len(kw)-1])) {
				return true
			}
		}
	}
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

var spdxRe = regexp.MustCompile(`SPDX-License-Identifier:\s*([A-Za-z0-9.+()\- ]+?)\s*(\*/|$)`)

// spdxLicense reads the SPDX identifier of a file, for providers that do not
// report a license.
func spdxLicense(text string) string {
	for _, line := range strings.SplitN(text, "\n", 40) {
		if m := spdxRe.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			return strings.TrimSpace(m[1])
		}
	}
	return ""
}
