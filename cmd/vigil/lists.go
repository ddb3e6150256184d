package main

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/viper"
)

// listOf reads a list setting from flags, config or environment: VIGIL_DISABLE=A,B and
// VIGIL_DISABLE="A B" both give two items (viper alone splits an environment value on spaces
// only, and a flag value on commas only).
func listOf(v *viper.Viper, keys ...string) []string {
	var out []string
	for _, key := range keys {
		for _, item := range v.GetStringSlice(key) {
			out = append(out, strings.FieldsFunc(item, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' })...)
		}
	}
	return out
}

// mergeProjectConfig reads the vigil.yaml at the root of a local folder being scanned before the
// workspace is opened, so that all of it applies (its exclude list picks the files to read)
// wherever the scan is started. A config file given or found in the current folder wins.
func mergeProjectConfig(v *viper.Viper, location string) error {
	if v.ConfigFileUsed() != "" || location == "" {
		return nil
	}
	if st, err := os.Stat(location); err != nil || !st.IsDir() {
		return nil
	}
	data, err := os.ReadFile(filepath.Join(location, "vigil.yaml"))
	if err != nil {
		return nil
	}
	if err := checkConfigData(filepath.Join(location, "vigil.yaml"), data); err != nil {
		return err
	}
	v.SetConfigType("yaml")
	if err := v.MergeConfig(strings.NewReader(string(data))); err != nil {
		return usageError("%s: %v", filepath.Join(location, "vigil.yaml"), err)
	}
	return nil
}
