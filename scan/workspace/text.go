package workspace

import (
	"bytes"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/vigil-sec/vigil/scan/source"
)

// langOf returns the language of a source file by its name, or Unknown for other files.
func langOf(name string) Language {
	switch strings.ToLower(path.Ext(name)) {
	case ".sol":
		return Solidity
	case ".rs":
		return Rust
	}
	return Unknown
}

// projectFiles are the non-source files kept in a workspace because they say how the sources
// fit together (import remappings, dependency folders, crates).
var projectFiles = map[string]bool{
	"remappings.txt": true,
	"foundry.toml":   true,
	"Cargo.toml":     true,
	"Cargo.lock":     true, // the locked versions the RustSec check reads
	// Left by a registry in a published crate's folder: the crate is a dependency.
	".cargo-checksum.json": true,
	".cargo_vcs_info.json": true,
	"Cargo.toml.orig":      true,
	"Anchor.toml":          true,
}

func init() {
	for _, name := range hardhatConfigs {
		projectFiles[name] = true
	}
	// The project's Vigil configuration, read from a clone or an archive once it is unpacked.
	projectFiles["vigil.yaml"] = true
}

// wanted reports whether a file is kept in a workspace: sources and project files.
func wanted(name string) bool {
	return langOf(name) != Unknown || projectFiles[path.Base(name)]
}

// textProblem returns why data is not acceptable source text, or "". Source must be UTF-8
// without NUL bytes: anything else is a binary or a file in a legacy encoding that the parser
// would misreport, so it is skipped with a note rather than scanned as garbage.
func textProblem(data []byte) string {
	if bytes.IndexByte(data, 0) >= 0 {
		return "binary file (contains NUL bytes); skipped"
	}
	if !utf8.Valid(data) {
		return "not valid UTF-8 text; skipped"
	}
	return ""
}

// countLines counts lines the way editors number them, at every line terminator the scanner
// knows (a file with CR line endings has more than one line): a final line without a
// terminator counts, an empty file has none.
func countLines(data []byte) int {
	if len(data) == 0 {
		return 0
	}
	return source.LineCount(data)
}
