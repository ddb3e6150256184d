package main

import (
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/scan"
)

// Default budgets of one scan: generous for real projects (the largest corpus project scans
// in seconds), small enough that hostile input cannot hold a CI runner or a server worker.
const (
	defaultTimeout         = 10 * time.Minute
	defaultDetectorTimeout = 2 * time.Minute
	defaultMaxMemory       = "2GiB"
)

// addBudgetFlags adds the scan budget flags to a command.
func addBudgetFlags(f *pflag.FlagSet, withTimeout bool) {
	if withTimeout {
		f.Duration("timeout", defaultTimeout, "wall-clock budget of the analysis; past it the scan stops and is reported incomplete")
	}
	f.Duration("detector-timeout", defaultDetectorTimeout, "budget of one detector on one contract; past it that detector run is abandoned and reported")
	f.String("max-memory", defaultMaxMemory, "memory budget (bytes, or with KiB, MiB, GiB); past it the analysis stops and is reported incomplete")
}

// budgetSetting reads a budget key: the flag, VIGIL_<KEY> or a top-level key when set, else
// limits.<key> of the config file (VIGIL_LIMITS_<KEY>), else the flag's default.
func budgetSetting(v *viper.Viper, key string) string {
	if !v.IsSet(key) && v.IsSet("limits."+key) {
		return v.GetString("limits." + key)
	}
	return v.GetString(key)
}

// readBudgets reads --timeout (when withTimeout: the server bounds scans by its scan_timeout),
// --detector-timeout and --max-memory, and sets Go's soft memory limit from the memory
// budget: 25% above it, so that the collector works harder as the budget nears while the
// watchdog (scan.Budgets.MaxMemory) stops the analysis at the budget itself.
func readBudgets(v *viper.Viper, withTimeout bool) (scan.Budgets, error) {
	var b scan.Budgets
	var err error
	if withTimeout {
		if b.Timeout, err = time.ParseDuration(orDefault(budgetSetting(v, "timeout"), defaultTimeout.String())); err != nil {
			return b, usageError("--timeout: %v", err)
		}
	}
	if b.Detector, err = time.ParseDuration(orDefault(budgetSetting(v, "detector_timeout"), defaultDetectorTimeout.String())); err != nil {
		return b, usageError("--detector-timeout: %v", err)
	}
	if b.MaxMemory, err = parseBytes(orDefault(budgetSetting(v, "max_memory"), defaultMaxMemory)); err != nil {
		return b, usageError("--max-memory: %v", err)
	}
	if b.MaxMemory > 0 {
		// Never below 64 MiB: a tiny budget must stop the analysis, not make the collector
		// run without end.
		debug.SetMemoryLimit(int64(min(max(b.MaxMemory+b.MaxMemory/4, 64<<20), 1<<62)))
	}
	return b, nil
}

func orDefault(s, d string) string {
	if strings.TrimSpace(s) == "" {
		return d
	}
	return s
}

// parseBytes reads "2GiB", "512MiB", "64KiB", "1.5GB" or a plain byte count; "0" means no
// budget.
func parseBytes(s string) (uint64, error) {
	s = strings.TrimSpace(s)
	units := []struct {
		suffix string
		mult   float64
	}{{"GIB", 1 << 30}, {"MIB", 1 << 20}, {"KIB", 1 << 10}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}, {"B", 1}}
	upper := strings.ToUpper(s)
	mult := 1.0
	for _, u := range units {
		if strings.HasSuffix(upper, u.suffix) {
			mult, s = u.mult, strings.TrimSpace(s[:len(s)-len(u.suffix)])
			break
		}
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%q is not a size (for example 2GiB or 512MiB)", s)
	}
	return uint64(n * mult), nil
}
