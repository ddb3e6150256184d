package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	"github.com/vigil-sec/vigil/scan/workspace"
)

// openNamedFiles opens the workspace of files named one by one (vigil scan File.sol, vigil
// scan file A.sol B.sol, the pre-commit hook). Solidity files are read in their project with the
// files they import, for context (workspace.FromNamedFiles), and the named files' paths are
// returned: the report covers those. Any other list is read as given (FromFiles), nil paths.
func openNamedFiles(ctx context.Context, files []string, opts workspace.Options) (*workspace.Workspace, []string, error) {
	for _, f := range files {
		if !isSolidityFile(f) {
			ws, err := workspace.FromFiles(ctx, files, opts)
			return ws, nil, err
		}
	}
	return workspace.FromNamedFiles(ctx, files, opts)
}

// presentFiles keeps the paths the workspace still holds.
func presentFiles(ws *workspace.Workspace, paths []string) []string {
	var out []string
	for _, p := range paths {
		if _, ok := ws.File(p); ok {
			out = append(out, p)
		}
	}
	return out
}

// isSolidityFile reports whether path names an existing .sol file (not a folder).
func isSolidityFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular() && strings.EqualFold(filepath.Ext(path), ".sol")
}
