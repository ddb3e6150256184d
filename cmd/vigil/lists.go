package main

import (
	"io"
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
// workspace is opened, so that what it may set applies (its exclude list picks the files to
// read) wherever the scan is started. A config file given or found in the current folder wins.
// It says whether there was one; what a scanned project's config may set is applyProjectConfig's.
func mergeProjectConfig(v *viper.Viper, location string, warn io.Writer) (bool, error) {
	if v.ConfigFileUsed() != "" || location == "" {
		return false, nil
	}
	if st, err := os.Stat(location); err != nil || !st.IsDir() {
		return false, nil
	}
	file := filepath.Join(location, "vigil.yaml")
	if abs, err := filepath.Abs(file); err == nil && appliedProjectConfigs[abs] {
		return true, nil // the current folder's, applied as the configuration was loaded
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return false, nil
	}
	if err := checkConfigData(file, data); err != nil {
		return true, err // an unknown key or a bad value names itself before anything applies
	}
	return true, applyProjectConfig(v, data, file, warn)
}
