package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/scan/workspace"
)

// A scanned workspace's vigil.yaml is written by whoever wrote the project, and the project may
// be an untrusted pull request or a repository named by URL. So its vigil.yaml may say only what
// describes the project: which files are its own (include, exclude, skip), which detectors
// apply and how severe their findings are, and the gate's threshold. It may lower the limits
// and budgets of the scan, never raise them. Everything else (where and in which format the
// report is written, files outside the workspace such as a baseline or an advisory database,
// network access, the server's settings) comes only from the user's own flags, environment and
// config file; such keys in a scanned vigil.yaml are ignored, each with a warning naming it.
// The README's Configuration section lists the keys (projectKeys, limitKeys).

// projectKeys are the keys, or sections (a key under them), a scanned vigil.yaml may set.
var projectKeys = []string{
	"include", "exclude", "skip", // paths of the workspace (checked by workspacePaths)
	"enable", "disable", "detectors.enable", "detectors.disable", "severity",
	"include_deps", "include_tests", "lang",
	"fail_on", "fail_on_confidence",
}

// pathKeys are the project keys whose entries are paths or globs of the workspace.
var pathKeys = map[string]bool{"include": true, "exclude": true, "skip": true}

// limitKind is how a limit's value is read and compared.
type limitKind int

const (
	limitCount    limitKind = iota // an integer; 0 or less is the default
	limitDuration                  // a duration such as "3m"; 0 or less is the default
	limitBytes                     // a size ("2GiB"); 0 means no budget at all
)

// limitKeys are the limits a scanned vigil.yaml may lower: the scan budgets (top-level or
// under limits:) and the workspace limits (under limits:, see workspace.Limits).
var limitKeys = map[string]limitKind{
	"timeout": limitDuration, "detector_timeout": limitDuration, "max_memory": limitBytes,
	"limits.timeout": limitDuration, "limits.detector_timeout": limitDuration, "limits.max_memory": limitBytes,
	"limits.max_files": limitCount, "limits.max_entries": limitCount, "limits.max_file_bytes": limitCount,
	"limits.max_total_bytes": limitCount, "limits.max_archive_bytes": limitCount, "limits.max_ratio": limitCount,
	"limits.max_repo_bytes": limitCount, "limits.max_path_depth": limitCount, "limits.git_timeout": limitDuration,
}

// applyProjectConfig applies what a scanned workspace's vigil.yaml (data, read from where) may
// set to v: the project keys in v's config layer, below the user's flags and environment (a
// user's own config file keeps a scanned one out altogether, see mergeProjectConfig), and each
// limit it lowers as an override, since lowering is always allowed. What it may not set is
// reported on warn and left out.
func applyProjectConfig(v *viper.Viper, data []byte, where string, warn io.Writer) error {
	repo := viper.New()
	repo.SetConfigType("yaml")
	if err := repo.ReadConfig(bytes.NewReader(data)); err != nil {
		return usageError("%s: %v", where, err)
	}
	allowed := viper.New()
	var ignored []string
	keys := repo.AllKeys()
	sort.Strings(keys)
	for _, key := range keys {
		switch kind, isLimit := limitKeys[key]; {
		case isLimit:
			lowered, err := lowerLimit(v, key, kind, repo.GetString(key))
			if err != nil {
				return usageError("%s: %s: %v", where, key, err)
			}
			if !lowered {
				fmt.Fprintf(warn, "vigil: %s: %s ignored: a scanned project's config may lower a limit, never raise it\n", where, key)
			}
		case isProjectKey(key):
			value := repo.Get(key)
			if pathKeys[key] {
				var dropped []string
				value, dropped = workspacePaths(listOf(repo, key))
				for _, p := range dropped {
					fmt.Fprintf(warn, "vigil: %s: %s entry %q ignored: a scanned project's config names paths inside the workspace only\n", where, key, p)
				}
			}
			allowed.Set(key, value)
		default:
			ignored = append(ignored, key)
		}
	}
	if len(ignored) > 0 {
		fmt.Fprintf(warn, "vigil: %s: ignored %s: a scanned project's config may set only include, exclude, skip, detector choices, "+
			"severity overrides and the gate (fail_on), and lower limits; output, format, paths outside the workspace, network and "+
			"server settings come from your own flags, environment and config (see the README's Configuration)\n",
			where, strings.Join(ignored, ", "))
	}
	if err := v.MergeConfigMap(allowed.AllSettings()); err != nil {
		return usageError("%s: %v", where, err)
	}
	return nil
}

func isProjectKey(key string) bool {
	for _, k := range projectKeys {
		if key == k || strings.HasPrefix(key, k+".") && k == "severity" {
			return true
		}
	}
	return false
}

// workspacePaths keeps the entries that stay inside the workspace: relative, without a ".."
// element, no drive letter or backslash tricks. The others are returned apart.
func workspacePaths(entries []string) (kept, dropped []string) {
	kept = []string{}
	for _, e := range entries {
		p := strings.ReplaceAll(e, `\`, "/")
		escapes := path.IsAbs(p) || strings.Contains(p, ":") || strings.HasPrefix(p, "~")
		for _, el := range strings.Split(p, "/") {
			if el == ".." {
				escapes = true
			}
		}
		if escapes {
			dropped = append(dropped, e)
			continue
		}
		kept = append(kept, e)
	}
	return kept, dropped
}

// lowerLimit applies a scanned project's value of a limit when it is below the user's
// effective one (flag, environment, own config, default), and says whether it did.
func lowerLimit(v *viper.Viper, key string, kind limitKind, repoValue string) (bool, error) {
	theirs, err := limitValue(kind, repoValue)
	if err != nil {
		return false, err
	}
	ours, err := limitValue(kind, effectiveLimit(v, key))
	if err != nil {
		return false, err
	}
	if theirs >= ours || theirs <= 0 { // zero is the default, or no bound: never a lower one
		return false, nil
	}
	v.Set(key, repoValue)
	if budget, ok := strings.CutPrefix(key, "limits."); ok && (budget == "timeout" || budget == "detector_timeout" || budget == "max_memory") {
		// A budget is read from the top-level key first (budgetSetting): lower that one too.
		v.Set(budget, repoValue)
	}
	return true, nil
}

// unlimited stands for "no bound" when limits are compared.
const unlimited = float64(1 << 62)

// limitValue reads a limit's value as a number to compare; zero (or less) is its default for
// counts and durations, and no bound at all for a byte budget.
func limitValue(kind limitKind, s string) (float64, error) {
	s = strings.TrimSpace(s)
	switch kind {
	case limitBytes:
		n, err := parseBytes(s)
		if err != nil {
			return 0, err
		}
		if n == 0 {
			return unlimited, nil
		}
		return float64(n), nil
	case limitDuration:
		if s == "" || s == "0" {
			return 0, nil
		}
		d, err := time.ParseDuration(s)
		return float64(d), err
	default:
		var n int64
		if _, err := fmt.Sscan(s, &n); err != nil {
			return 0, fmt.Errorf("%q is not a number", s)
		}
		return float64(n), nil
	}
}

// effectiveLimit is the user's value of a limit key: what the flags, environment and their own
// config give, else the default.
func effectiveLimit(v *viper.Viper, key string) string {
	name, inLimits := strings.CutPrefix(key, "limits.")
	switch name {
	case "timeout", "detector_timeout", "max_memory":
		d := map[string]string{"timeout": defaultTimeout.String(), "detector_timeout": defaultDetectorTimeout.String(),
			"max_memory": defaultMaxMemory}[name]
		return orDefault(budgetSetting(v, name), d)
	}
	if !inLimits {
		return ""
	}
	var l workspace.Limits
	if err := unmarshalSection(v, "limits", &l); err == nil {
		if s := limitField(l, name); s != "" {
			return s
		}
	}
	return limitField(workspace.DefaultLimits(), name)
}

// limitField is one field of workspace limits as text, "" when it is zero (its default).
func limitField(l workspace.Limits, name string) string {
	var n int64
	switch name {
	case "max_files":
		n = int64(l.MaxFiles)
	case "max_entries":
		n = int64(l.MaxEntries)
	case "max_file_bytes":
		n = l.MaxFileBytes
	case "max_total_bytes":
		n = l.MaxTotalBytes
	case "max_archive_bytes":
		n = l.MaxArchiveBytes
	case "max_ratio":
		n = l.MaxRatio
	case "max_repo_bytes":
		n = l.MaxRepoBytes
	case "max_path_depth":
		n = int64(l.MaxPathDepth)
	case "git_timeout":
		if l.GitTimeout > 0 {
			return l.GitTimeout.String()
		}
		return ""
	}
	if n <= 0 {
		return ""
	}
	return fmt.Sprint(n)
}

// appliedProjectConfigs are the scanned vigil.yaml files applied already (by absolute path),
// so that the current folder's, applied when the configuration is loaded, is not applied
// again (with its warnings) when the scan reads its target's.
var appliedProjectConfigs = map[string]bool{}

// scansCurrentFolder says whether the command scans the current folder or a part of it, or a
// folder holding it: `vigil scan .`, `vigil scan contracts/`, `vigil scan file a.sol`, `vigil
// graph calls .`, and `vigil lsp`, whose editor starts it in the project. A vigil.yaml found
// in the current folder is then the scanned project's (a pull request's, in a CI job that
// checked it out), not the user's: only --config makes it the user's.
func scansCurrentFolder(cmd *cobra.Command, args []string) bool {
	top := cmd
	for top.HasParent() && top.Parent().HasParent() {
		top = top.Parent()
	}
	switch top.Name() {
	case "lsp":
		return true
	case "scan", "graph":
		if cmd.Name() == "token" || cmd.Name() == "address" {
			return false
		}
	default:
		return false
	}
	cwd, err := os.Getwd()
	if err != nil {
		return false
	}
	for _, a := range args {
		info, err := os.Stat(a)
		if err != nil {
			continue
		}
		dir, err := filepath.Abs(a)
		if err != nil {
			continue
		}
		if !info.IsDir() {
			dir = filepath.Dir(dir)
		}
		if within(cwd, dir) || within(dir, cwd) {
			return true
		}
	}
	return false
}

// within says whether path a is b or inside it.
func within(a, b string) bool {
	rel, err := filepath.Rel(b, a)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// applyCurrentFolderConfig applies the current folder's vigil.yaml (or vigil.yml) as a scanned
// project's config.
func applyCurrentFolderConfig(v *viper.Viper, warn io.Writer) error {
	for _, name := range []string{"vigil.yaml", "vigil.yml"} {
		info, err := os.Stat(name)
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return usageError("reading %s: %v", name, err)
		}
		if abs, err := filepath.Abs(name); err == nil {
			appliedProjectConfigs[abs] = true
		}
		return applyProjectConfig(v, data, name, warn)
	}
	return nil
}
