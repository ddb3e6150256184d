package main

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/agnivade/levenshtein"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"
	"go.yaml.in/yaml/v3"

	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/workspace"
	"github.com/vigil-sec/vigil/server/repoapi"
	"github.com/vigil-sec/vigil/server/tokenapi"
)

// Unknown settings are errors
//
// viper takes any key: `disabel: [X]` or VIGIL_FAIL_ONN=high would be read by nothing, and the
// scan would run as if they were not there, silently. So every key of a config file and every
// VIGIL_* variable must name a setting Vigil reads, and its value must parse as that setting's
// type; otherwise the command stops with a usage error (exit 2) naming the file and line, or
// the variable, and the setting it was probably meant to be.

// plainSettings are the settings read without a flag (config keys and VIGIL_* variables only),
// with the type of their value as pflag names types.
var plainSettings = map[string]string{
	"include": "stringSlice", "exclude": "stringSlice",
	"etherscan_url": "string", "etherscan_api_key": "string", "blockscout_url": "string", "blockscout_api_key": "string",
	"sourcify_url": "string", "solana_rpc_url": "string", "data_dir": "string",
	"turnstile_secret": "string", "turnstile_verify_url": "string",
	"max_body_bytes": "int64", "max_upload_bytes_per_client": "int64", "max_uploads_per_client": "int",
	"webhook_max_attempts": "int", "webhook_backoff": "duration", "webhook_timeout": "duration", "shutdown_timeout": "duration",
}

// configSections are the settings grouped under a key, decoded into a struct (unmarshalSection):
// their keys are the struct's.
var configSections = map[string]reflect.Type{
	"limits":    reflect.TypeFor[workspace.Limits](),
	"repo_api":  reflect.TypeFor[repoapi.Config](),
	"token_api": reflect.TypeFor[tokenapi.Config](),
}

// sectionExtras are keys of a section read one by one rather than decoded: the scan budgets
// under limits (budgetSetting) and the detector lists.
var sectionExtras = map[string]map[string]string{
	"limits":    {"timeout": "duration", "detector_timeout": "duration", "max_memory": "string"},
	"detectors": {"enable": "stringSlice", "disable": "stringSlice"},
}

// toolVariables are VIGIL_* variables that are not settings: read by Vigil's tests and CI
// scripts, or by the compose file of server/deploy. Families by prefix end in "_".
var toolVariables = []string{"VIGIL_CI", "VIGIL_CHROMIUM", "VIGIL_SARIF_MULTITOOL", "VIGIL_SOLCJS", "VIGIL_DOT", "VIGIL_PRE_COMMIT",
	"VIGIL_VERSITYGW", "VIGIL_REPORT_OUT", "VIGIL_SAME_DIR", "VIGIL_VERSION", "VIGIL_S3_PUBLIC_URL",
	"VIGIL_TEST_", "VIGIL_BENCH_", "VIGIL_E2E_"}

// settings is what Vigil reads: top-level keys with their types, and the sections' keys.
type settings struct {
	top      map[string]string            // key -> type
	sections map[string]map[string]string // section -> key (dotted below it) -> type ("" decoded by the section's struct)
}

var settingsOnce struct {
	sync.Once
	s settings
}

// knownSettings collects the settings once: every flag of every command, the plain settings
// and the sections.
func knownSettings() settings {
	settingsOnce.Do(func() { settingsOnce.s = collectSettings() })
	return settingsOnce.s
}

func collectSettings() settings {
	s := settings{top: map[string]string{}, sections: map[string]map[string]string{}}
	var visit func(c *cobra.Command)
	visit = func(c *cobra.Command) {
		add := func(f *pflag.Flag) {
			if k := strings.ReplaceAll(f.Name, "-", "_"); s.top[k] == "" {
				s.top[k] = f.Value.Type()
			}
		}
		c.Flags().VisitAll(add)
		c.PersistentFlags().VisitAll(add)
		for _, sub := range c.Commands() {
			visit(sub)
		}
	}
	visit(newRootCommand())
	for k, t := range plainSettings {
		s.top[k] = t
	}
	for name, t := range configSections {
		keys := map[string]string{}
		for _, k := range sectionKeys(t, "") {
			keys[k] = ""
		}
		s.sections[name] = keys
	}
	for name, extra := range sectionExtras {
		if s.sections[name] == nil {
			s.sections[name] = map[string]string{}
		}
		for k, t := range extra {
			s.sections[name][k] = t
		}
	}
	return s
}

// all lists every key, dotted below its section, for suggestions.
func (s settings) all() []string {
	var out []string
	for k := range s.top {
		out = append(out, k)
	}
	for name, keys := range s.sections {
		for k := range keys {
			out = append(out, name+"."+k)
		}
	}
	sort.Strings(out)
	return out
}

// suggest is the known key nearest to key when it is close enough to be a typo, or "".
func suggest(key string, known []string) string {
	best, bestD := "", 3 // at most two edits
	norm := strings.NewReplacer("-", "_", " ", "_").Replace(strings.ToLower(key))
	for _, k := range known {
		if d := levenshtein.ComputeDistance(norm, strings.ToLower(k)); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

func unknownKey(where, key, hint string) error {
	if hint != "" {
		return usageError("%s: unknown setting %q (did you mean %q?)", where, key, hint)
	}
	return usageError("%s: unknown setting %q (see the Configuration section of the README)", where, key)
}

// checkSettings checks the config file v read (if any) and the VIGIL_* variables.
func checkSettings(v *viper.Viper) error {
	if file := v.ConfigFileUsed(); file != "" {
		if err := checkConfigFile(file); err != nil {
			return err
		}
	}
	return checkEnvironment(os.Environ())
}

// checkConfigFile reads a config file and checks it (checkConfigData); files that are not YAML
// or JSON are checked by their keys only, through viper.
func checkConfigFile(file string) error {
	switch strings.ToLower(filepath.Ext(file)) {
	case ".yaml", ".yml", ".json", "":
		data, err := os.ReadFile(file)
		if err != nil {
			return usageError("reading config: %v", err)
		}
		return checkConfigData(file, data)
	}
	other := viper.New()
	other.SetConfigFile(file)
	if err := other.ReadInConfig(); err != nil {
		return usageError("reading config: %v", err)
	}
	s := knownSettings()
	for _, k := range other.AllKeys() {
		section, leaf, _ := strings.Cut(k, ".")
		if s.top[k] == "" && s.sections[section] == nil && section != "severity" {
			return unknownKey(file, k, suggest(k, s.all()))
		}
		if keys := s.sections[section]; keys != nil && leaf != "" {
			if _, ok := keys[leaf]; !ok {
				return unknownKey(file, k, suggest(k, s.all()))
			}
		}
	}
	return nil
}

// checkConfigData checks the keys and values of a YAML (or JSON) config file: the error names
// the file, the line and the key.
func checkConfigData(file string, data []byte) error {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return usageError("%s: %v", file, err)
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind == yaml.ScalarNode && doc.Content[0].Value == "" {
		return nil // an empty file
	}
	top := doc.Content[0]
	if top.Kind != yaml.MappingNode {
		return usageError("%s:%d: a config file is a mapping of settings (key: value)", file, top.Line)
	}
	s := knownSettings()
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, val := top.Content[i], top.Content[i+1]
		key := strings.ToLower(k.Value)
		at := fmt.Sprintf("%s:%d", file, k.Line)
		switch {
		case key == "severity":
			if err := checkSeverities(file, at, val); err != nil {
				return err
			}
		case s.sections[key] != nil:
			if err := checkSection(file, key, val); err != nil {
				return err
			}
		case s.top[key] != "":
			if err := checkValue(s.top[key], val); err != nil {
				return usageError("%s: %s: %v", at, k.Value, err)
			}
		default:
			return unknownKey(at, k.Value, suggest(k.Value, s.all()))
		}
	}
	return nil
}

// checkSeverities checks the severity section: detector ids mapped to severities.
func checkSeverities(file, at string, val *yaml.Node) error {
	if val.Kind != yaml.MappingNode {
		return usageError("%s: severity: a mapping of detector ids to severities (TIMESTAMP_DEPENDENCE: low)", at)
	}
	known := map[string]bool{}
	var ids []string
	for _, t := range scan.Catalogue() {
		known[t.ID] = true
		ids = append(ids, strings.ToLower(t.ID))
	}
	for i := 0; i+1 < len(val.Content); i += 2 {
		id, sev := val.Content[i], val.Content[i+1]
		line := fmt.Sprintf("%s:%d", file, id.Line)
		if !known[strings.ToUpper(id.Value)] {
			if hint := suggest(id.Value, ids); hint != "" {
				return usageError("%s: severity: unknown detector %q (did you mean %s?)", line, id.Value, strings.ToUpper(hint))
			}
			return usageError("%s: severity: unknown detector %q (see `vigil detectors`)", line, id.Value)
		}
		if _, err := detect.ParseSeverity(strings.ToLower(sev.Value)); sev.Kind != yaml.ScalarNode || err != nil {
			return usageError("%s: severity: %s: %q is not a severity (critical, high, medium, low, informational, gas)", line, id.Value, sev.Value)
		}
	}
	return nil
}

// checkSection checks a section's keys, and decodes its values into the section's struct with
// viper's own rules, so that a value the command would fail to read fails here, naming it.
func checkSection(file, name string, val *yaml.Node) error {
	at := fmt.Sprintf("%s:%d", file, val.Line)
	if val.Kind != yaml.MappingNode {
		return usageError("%s: %s: a mapping of settings", at, name)
	}
	keys := knownSettings().sections[name]
	var known []string
	for k := range keys {
		known = append(known, k)
	}
	var walk func(prefix string, n *yaml.Node) error
	walk = func(prefix string, n *yaml.Node) error {
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			key := prefix + strings.ToLower(k.Value)
			where := fmt.Sprintf("%s:%d", file, k.Line)
			typ, ok := keys[key]
			switch {
			case !ok && v.Kind == yaml.MappingNode && hasPrefix(keys, key+"."):
				if err := walk(key+".", v); err != nil {
					return err
				}
				continue
			case !ok:
				hint := suggest(key, known)
				if hint != "" {
					hint = name + "." + hint
				}
				return unknownKey(where, name+"."+key, hint)
			case typ != "":
				if err := checkValue(typ, v); err != nil {
					return usageError("%s: %s.%s: %v", where, name, key, err)
				}
				continue
			}
			var value any
			if err := v.Decode(&value); err != nil {
				return usageError("%s: %s.%s: %v", where, name, key, err)
			}
			// Decoded alone into the section's struct, with viper's rules (durations such as
			// "3m", numbers from strings), so that the error names this key and line.
			one := viper.New()
			one.Set(key, value)
			if err := one.Unmarshal(reflect.New(configSections[name]).Interface()); err != nil {
				return usageError("%s: %s.%s: %s", where, name, key, decodeProblem(v.Value, err))
			}
		}
		return nil
	}
	return walk("", val)
}

// decodeProblem says in a few words why mapstructure could not decode text: "\"lots\" is not a
// valid int".
func decodeProblem(text string, err error) string {
	msg := err.Error()
	if strings.Contains(msg, "time: ") {
		return fmt.Sprintf("%q is not a duration (for example 90s, 10m)", text)
	}
	if _, after, ok := strings.Cut(msg, "cannot parse value as '"); ok {
		if typ, _, ok := strings.Cut(after, "'"); ok {
			return fmt.Sprintf("%q is not a valid %s", text, typ)
		}
	}
	return strings.Join(strings.Fields(msg), " ")
}

func hasPrefix(keys map[string]string, prefix string) bool {
	for k := range keys {
		if strings.HasPrefix(k, prefix) {
			return true
		}
	}
	return false
}

// checkValue checks that a config value parses as a setting of type typ (pflag's type names).
func checkValue(typ string, n *yaml.Node) error {
	if typ == "stringSlice" || typ == "stringArray" {
		if n.Kind == yaml.SequenceNode {
			for _, item := range n.Content {
				if item.Kind != yaml.ScalarNode {
					return fmt.Errorf("a list of names or paths, not nested values")
				}
			}
			return nil
		}
	}
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("a single value, not a list or mapping")
	}
	return checkText(typ, n.Value)
}

// checkText checks that text parses as a value of type typ.
func checkText(typ, text string) error {
	var err error
	switch typ {
	case "bool":
		_, err = strconv.ParseBool(text)
		if err != nil {
			return fmt.Errorf("%q is not true or false", text)
		}
	case "int", "int64", "int32":
		_, err = strconv.ParseInt(strings.TrimSpace(text), 10, 64)
		if err != nil {
			return fmt.Errorf("%q is not a whole number", text)
		}
	case "uint", "uint64":
		_, err = strconv.ParseUint(strings.TrimSpace(text), 10, 64)
		if err != nil {
			return fmt.Errorf("%q is not a whole number", text)
		}
	case "float64", "float32":
		_, err = strconv.ParseFloat(strings.TrimSpace(text), 64)
		if err != nil {
			return fmt.Errorf("%q is not a number", text)
		}
	case "duration":
		_, err = time.ParseDuration(strings.TrimSpace(text))
		if err != nil {
			return fmt.Errorf("%q is not a duration (for example 90s, 10m)", text)
		}
	}
	return nil
}

// checkEnvironment checks the VIGIL_* variables: each must name a setting (its key in upper
// case, sections' keys below their section: VIGIL_LIMITS_GIT_TIMEOUT) or be one of the tool
// variables, and its value must parse.
func checkEnvironment(environ []string) error {
	s := knownSettings()
	byEnv := map[string]string{} // variable -> type ("" decoded by a section)
	var names []string
	for k, t := range s.top {
		byEnv[envName(k)] = t
	}
	for name, keys := range s.sections {
		for k, t := range keys {
			byEnv[envName(name+"."+k)] = t
		}
	}
	for n := range byEnv {
		names = append(names, n)
	}
	for _, kv := range environ {
		name, value, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(name, "VIGIL_") || isToolVariable(name) {
			continue
		}
		typ, ok := byEnv[name]
		if !ok {
			if hint := suggest(name, names); hint != "" {
				return usageError("environment: %s is not a Vigil setting (did you mean %s?)", name, hint)
			}
			return usageError("environment: %s is not a Vigil setting (see the Configuration section of the README)", name)
		}
		if err := checkText(typ, value); err != nil {
			return usageError("environment: %s: %v", name, err)
		}
	}
	return nil
}

func envName(key string) string {
	return "VIGIL_" + strings.ToUpper(strings.NewReplacer(".", "_", "-", "_").Replace(key))
}

func isToolVariable(name string) bool {
	for _, t := range toolVariables {
		if name == t || strings.HasSuffix(t, "_") && strings.HasPrefix(name, t) {
			return true
		}
	}
	return false
}
