package repoapi

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Client messages are read field by field rather than into structs, so that a missing or
// mistyped field is answered with its JSON path (payload.body.project_url) instead of a
// decoder message about Go types. Unknown fields are ignored, for clients newer than us.

// fieldError is an input error about one field.
type fieldError struct {
	field string
	msg   string
}

func (e *fieldError) Error() string { return e.field + ": " + e.msg }

// object is a JSON object being read, with its path for messages.
type object struct {
	path string
	m    map[string]json.RawMessage
}

// parseObject reads data as a JSON object.
func parseObject(path string, data json.RawMessage) (object, *fieldError) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' {
		return object{}, &fieldError{path, "must be a JSON object"}
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return object{}, &fieldError{path, "must be a JSON object"}
	}
	return object{path: path, m: m}, nil
}

func (o object) name(key string) string {
	if o.path == "" {
		return key
	}
	return o.path + "." + key
}

func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

// object returns the member key, which must be an object.
func (o object) object(key string) (object, *fieldError) {
	raw, ok := o.m[key]
	if !ok || isNull(raw) {
		return object{}, &fieldError{o.name(key), "required"}
	}
	return parseObject(o.name(key), raw)
}

// str returns the member key as a string of at most max bytes; absent or null is "" unless
// required.
func (o object) str(key string, required bool, max int) (string, *fieldError) {
	raw, ok := o.m[key]
	if !ok || isNull(raw) {
		if required {
			return "", &fieldError{o.name(key), "required"}
		}
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", &fieldError{o.name(key), "must be a string"}
	}
	if required && s == "" {
		return "", &fieldError{o.name(key), "required"}
	}
	if len(s) > max {
		return "", &fieldError{o.name(key), fmt.Sprintf("longer than %d bytes", max)}
	}
	return s, nil
}

// strs returns the member key as an array of at most maxN strings of at most max bytes each.
func (o object) strs(key string, maxN, max int) ([]string, *fieldError) {
	raw, ok := o.m[key]
	if !ok || isNull(raw) {
		return nil, nil
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		return nil, &fieldError{o.name(key), "must be an array of strings"}
	}
	if len(list) > maxN {
		return nil, &fieldError{o.name(key), fmt.Sprintf("more than %d entries", maxN)}
	}
	out := make([]string, 0, len(list))
	for i, item := range list {
		var s string
		if err := json.Unmarshal(item, &s); err != nil {
			return nil, &fieldError{fmt.Sprintf("%s[%d]", o.name(key), i), "must be a string"}
		}
		if len(s) > max {
			return nil, &fieldError{fmt.Sprintf("%s[%d]", o.name(key), i), fmt.Sprintf("longer than %d bytes", max)}
		}
		out = append(out, s)
	}
	return out, nil
}

// oneOf checks that v is empty or one of allowed.
func oneOf(field, v string, allowed ...string) *fieldError {
	if v == "" {
		return nil
	}
	for _, a := range allowed {
		if v == a {
			return nil
		}
	}
	msg := "must be " + allowed[0]
	for i, a := range allowed[1:] {
		if i == len(allowed)-2 {
			msg += " or " + a
		} else {
			msg += ", " + a
		}
	}
	return &fieldError{field, msg}
}
