package main

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/scan"
)

// Settings a config file may use to change what a scan reports or what passes its gate. A pull
// request can add them to the repository's vigil.yaml and silence the gate it runs under, so
// the report names those in force (report.Scope.Config) and every format shows them in one
// line. Settings given by flag or VIGIL_* variable are the pipeline's own, visible in it: they
// are not listed.

// gateSettings lists the settings a config file set that narrow the report or change the gate,
// and names the file.
func gateSettings(cmd *cobra.Command, v *viper.Viper) (file string, items []string) {
	fromConfig := func(key string) bool {
		if !v.InConfig(key) {
			return false
		}
		if f := cmd.Flags().Lookup(strings.ReplaceAll(key, "_", "-")); f != nil && f.Changed {
			return false
		}
		_, env := os.LookupEnv("VIGIL_" + strings.ToUpper(strings.NewReplacer(".", "_", "-", "_").Replace(key)))
		return !env
	}
	if fromConfig("severity") {
		defaults := map[string]string{}
		for _, t := range scan.Catalogue() {
			defaults[t.ID] = string(t.Severity)
		}
		overrides := v.GetStringMapString("severity")
		ids := make([]string, 0, len(overrides))
		for id := range overrides {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			up := strings.ToUpper(id)
			items = append(items, fmt.Sprintf("severity %s %s to %s", up, defaults[up], strings.ToLower(overrides[id])))
		}
	}
	lists := []struct{ key, label string }{
		{"disable", "disable"}, {"detectors.disable", "disable"}, {"enable", "enable only"}, {"detectors.enable", "enable only"},
		{"include", "include only"}, {"exclude", "exclude"}, {"skip", "skip"},
	}
	for _, l := range lists {
		if fromConfig(l.key) {
			if vals := listOf(v, l.key); len(vals) > 0 {
				items = append(items, l.label+" "+strings.Join(vals, ", "))
			}
		}
	}
	for _, key := range []string{"lang", "min_severity", "fail_on", "fail_on_confidence"} {
		if fromConfig(key) {
			items = append(items, key+" "+strings.ToLower(v.GetString(key)))
		}
	}
	if fromConfig("allow_incomplete") && v.GetBool("allow_incomplete") {
		items = append(items, "allow_incomplete (an incomplete scan passes the gate)")
	}
	if len(items) == 0 {
		return "", nil
	}
	file = "vigil.yaml" // the scanned folder's or repository's
	if used := v.ConfigFileUsed(); used != "" {
		file = used
	}
	return file, items
}
