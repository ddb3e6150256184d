package main

import (
	"os"
	"strings"

	"github.com/spf13/pflag"
)

// addChangedFilesFlag adds --changed-files, which limits `--format github` annotations to the
// files a change touched (the Action passes `git diff --name-only BASE HEAD`).
func addChangedFilesFlag(f *pflag.FlagSet) {
	f.String("changed-files", "", "--format github: annotate only findings in the files this file lists (repository paths, one a line, as git diff --name-only prints them)")
}

// readChangedFiles reads the list --changed-files names ("" gives nil: every file).
func readChangedFiles(path string) (map[string]bool, error) {
	if path == "" {
		return nil, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, usageError("--changed-files: %v", err)
	}
	out := map[string]bool{}
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(strings.ReplaceAll(line, "\\", "/")); line != "" {
			out[strings.TrimPrefix(line, "./")] = true
		}
	}
	return out, nil
}
