package main

import (
	"reflect"
	"strings"
	"time"

	"github.com/spf13/viper"
)

// setEnvLookup makes every key of v readable from its VIGIL_* variable: fail_on from
// VIGIL_FAIL_ON, limits.git_timeout from VIGIL_LIMITS_GIT_TIMEOUT.
func setEnvLookup(v *viper.Viper) {
	v.SetEnvPrefix("VIGIL")
	v.SetEnvKeyReplacer(strings.NewReplacer("-", "_", ".", "_"))
	v.AutomaticEnv()
}

// unmarshalSection decodes the config section named key (limits, repo_api, ...) into out, a
// pointer to the section's struct, with every field settable by the config file and by its
// VIGIL_<SECTION>_<FIELD> variable, the variable winning. viper.UnmarshalKey alone would read
// only the file: AutomaticEnv answers a key only when it is asked for by its full name, and
// UnmarshalKey asks for the section, never for its fields. So the fields are listed from the
// struct (mapstructure names, else the field name, as mapstructure matches them), each is read
// by its full name, and the values found are decoded with viper's own rules (durations such
// as "3m", comma-separated lists, numbers from strings).
func unmarshalSection(v *viper.Viper, key string, out any) error {
	sub := viper.New()
	for _, leaf := range sectionKeys(reflect.TypeOf(out).Elem(), "") {
		full := key + "." + leaf
		if err := v.BindEnv(full); err != nil {
			return err
		}
		if v.IsSet(full) {
			sub.Set(leaf, v.Get(full))
		}
	}
	return sub.Unmarshal(out)
}

// sectionKeys lists the configuration keys of a struct's fields, nested structs as
// "outer.inner". Fields mapstructure cannot fill from configuration (functions, pointers such
// as a logger or an HTTP client, fields tagged "-") have no key.
func sectionKeys(t reflect.Type, prefix string) []string {
	var keys []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("mapstructure"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		ft := f.Type
		switch {
		case ft.Kind() == reflect.Struct && ft != reflect.TypeOf(time.Time{}):
			inner := prefix + name + "."
			if strings.Contains(opts, "squash") {
				inner = prefix
			}
			keys = append(keys, sectionKeys(ft, inner)...)
		case ft.Kind() == reflect.Pointer, ft.Kind() == reflect.Func, ft.Kind() == reflect.Chan,
			ft.Kind() == reflect.Interface:
		default:
			keys = append(keys, prefix+name)
		}
	}
	return keys
}
