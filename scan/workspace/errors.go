package workspace

import (
	"errors"
	"fmt"
)

// Errors are matched with errors.Is. Every refusal of input matches ErrInput (a client error:
// HTTP 400, exit code 2); the more precise sentinels say which rule was broken.
var (
	// ErrInput matches every refusal caused by the input itself.
	ErrInput = errors.New("input refused")
	// ErrUnsafePath: an archive or tree entry with an absolute path, a .. component, or a name
	// that cannot be a file name.
	ErrUnsafePath = errors.New("unsafe path")
	// ErrSymlink: a symbolic link entry in an archive.
	ErrSymlink = errors.New("symbolic link")
	// ErrLimit: a configured limit (Limits) was exceeded.
	ErrLimit = errors.New("limit exceeded")
	// ErrNoSources: nothing to scan was found.
	ErrNoSources = errors.New("no Solidity or Rust source files")
	// ErrFetch: a git repository could not be fetched (network, authentication, missing
	// branch or commit).
	ErrFetch = errors.New("repository fetch failed")
)

// refusal is an input error naming the offending item (archive entry, path, URL field).
type refusal struct {
	item   string // what was refused, already safe to show
	reason string
	kinds  []error
}

func (e *refusal) Error() string {
	if e.item == "" {
		return "workspace: " + e.reason
	}
	return "workspace: " + e.item + ": " + e.reason
}

func (e *refusal) Is(target error) bool {
	if target == ErrInput {
		return true
	}
	for _, k := range e.kinds {
		if k == target {
			return true
		}
	}
	return false
}

func refuse(item string, kind error, format string, args ...any) error {
	r := &refusal{item: item, reason: fmt.Sprintf(format, args...)}
	if kind != nil {
		r.kinds = append(r.kinds, kind)
	}
	return r
}

// quote shows an untrusted name: quoted (so control characters are escaped) and truncated.
func quote(name string) string {
	if len(name) > 160 {
		name = name[:160] + "..."
	}
	return fmt.Sprintf("%q", name)
}
