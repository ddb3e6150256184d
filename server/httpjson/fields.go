package httpjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
)

// Fields is a JSON object body read field by field, so that each error can name its field,
// unknown fields are ignored, and null counts as absent. The getters record the first error
// (Err) and return zero values after it, so a handler reads every field and checks once.
type Fields struct {
	m   map[string]json.RawMessage
	err error
}

func (f *Fields) fail(name, reason string) {
	if f.err == nil {
		f.err = &fieldError{name, reason}
	}
}

// fieldError is a 400 naming the field at fault.
type fieldError struct {
	field, reason string
}

func (e *fieldError) Error() string {
	if e.field == "" {
		return e.reason
	}
	return e.field + ": " + e.reason
}

// Err is the first error a getter met: a 400 naming the field.
func (f *Fields) Err() error { return f.err }

// ReadFields reads a JSON object of at most limit bytes.
func ReadFields(w http.ResponseWriter, r *http.Request, limit int64) (*Fields, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, &fieldError{"", fmt.Sprintf("request body is larger than %d bytes", limit)}
		}
		return nil, &fieldError{"", "request body could not be read"}
	}
	body = bytes.TrimSpace(body)
	if len(body) == 0 || body[0] != '{' {
		return nil, &fieldError{"", "request body must be a JSON object"}
	}
	f := &Fields{}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&f.m); err != nil {
		return nil, &fieldError{"", "request body is not valid JSON: " + jsonReason(err)}
	}
	if dec.More() {
		return nil, &fieldError{"", "request body has data after the JSON object"}
	}
	return f, nil
}

func jsonReason(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("syntax error at byte %d", se.Offset)
	}
	return "malformed"
}

func (f *Fields) present(name string) bool {
	if f.err != nil {
		return false
	}
	raw, ok := f.m[name]
	return ok && !bytes.Equal(bytes.TrimSpace(raw), []byte("null"))
}

// Str reads a string field; required fields must be present and not blank.
func (f *Fields) Str(name string, required bool, maxLen int) string {
	if !f.present(name) {
		if required {
			f.fail(name, "is required")
		}
		return ""
	}
	var s string
	if err := json.Unmarshal(f.m[name], &s); err != nil {
		f.fail(name, "must be a string")
		return ""
	}
	if required && len(bytes.TrimSpace([]byte(s))) == 0 {
		f.fail(name, "must not be empty")
		return ""
	}
	if len(s) > maxLen {
		f.fail(name, fmt.Sprintf("is longer than %d characters", maxLen))
		return ""
	}
	return s
}

// StrList reads an array of strings.
func (f *Fields) StrList(name string, required bool, maxItems, maxLen int) []string {
	if !f.present(name) {
		if required {
			f.fail(name, "is required")
		}
		return nil
	}
	var list []string
	if err := json.Unmarshal(f.m[name], &list); err != nil {
		f.fail(name, "must be an array of strings")
		return nil
	}
	if required && len(list) == 0 {
		f.fail(name, "must not be empty")
		return nil
	}
	if len(list) > maxItems {
		f.fail(name, fmt.Sprintf("has more than %d items", maxItems))
		return nil
	}
	for i, s := range list {
		if len(s) > maxLen {
			f.fail(fmt.Sprintf("%s[%d]", name, i), fmt.Sprintf("is longer than %d characters", maxLen))
			return nil
		}
	}
	return list
}

// Bool reads true or false.
func (f *Fields) Bool(name string) bool {
	if !f.present(name) {
		return false
	}
	var b bool
	if err := json.Unmarshal(f.m[name], &b); err != nil {
		f.fail(name, "must be true or false")
	}
	return b
}

// Int reads a whole number; ok is false when absent.
func (f *Fields) Int(name string) (n int64, ok bool) {
	if !f.present(name) {
		return 0, false
	}
	var x float64
	if err := json.Unmarshal(f.m[name], &x); err != nil || x != math.Trunc(x) || math.Abs(x) > 1<<53 {
		f.fail(name, "must be a whole number")
		return 0, false
	}
	return int64(x), true
}

// StringMap reads an object of string values.
func (f *Fields) StringMap(name string, maxItems int) map[string]string {
	if !f.present(name) {
		return nil
	}
	var m map[string]string
	if err := json.Unmarshal(f.m[name], &m); err != nil {
		f.fail(name, "must be an object of string values")
		return nil
	}
	if len(m) > maxItems {
		f.fail(name, fmt.Sprintf("has more than %d entries", maxItems))
		return nil
	}
	return m
}
