package workspace

import (
	"context"
	"errors"
	"testing"
)

// Without Options.LocalGit (the server), file:// and ssh URLs and local repositories with a
// branch stay refused: a scan request must not read the server's disk or use its keys.
func TestLocalGitOnlyWhenAllowed(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []Target{
		{Location: "file://" + dir},
		{Location: "ssh://git@example.com/org/repo.git"},
		{Location: "git@example.com:org/repo.git"},
		{Location: dir, Branch: "main"},
	} {
		if _, err := Open(context.Background(), tt, Options{}); !errors.Is(err, ErrInput) {
			t.Errorf("%+v: %v, want a refusal", tt, err)
		}
	}
	if _, err := FromGit(context.Background(), GitSource{URL: "ssh://git@example.com/org/repo.git"}, Options{}); !errors.Is(err, ErrUnsafePath) {
		t.Errorf("FromGit over ssh without LocalGit: %v", err)
	}
}
