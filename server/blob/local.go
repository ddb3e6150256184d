package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Local keeps blobs as files under a folder: key a/b is the file <root>/a/b. Writes go to a
// staging file under <root>/.staging first and are renamed (Put) or hard-linked (Create, which
// must not replace) into place once complete.
type Local struct {
	root string
}

const stagingDir = ".staging"

// NewLocal opens (creating it if needed) the folder root as a store. Staging files older than
// a day, left by a process that died mid-write, are removed.
func NewLocal(root string) (*Local, error) {
	if root == "" {
		return nil, errors.New("blob store: no folder given")
	}
	staging := filepath.Join(root, stagingDir)
	if err := os.MkdirAll(staging, 0o700); err != nil {
		return nil, fmt.Errorf("blob store %s: %w", root, err)
	}
	if old, err := os.ReadDir(staging); err == nil {
		for _, e := range old {
			if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) > 24*time.Hour {
				os.Remove(filepath.Join(staging, e.Name()))
			}
		}
	}
	return &Local{root: root}, nil
}

func (l *Local) String() string { return "folder " + l.root }

func (l *Local) path(key string) (string, error) {
	if err := checkKey(key); err != nil {
		return "", err
	}
	return filepath.Join(l.root, filepath.FromSlash(key)), nil
}

// stage writes r to a new staging file and returns its path; the caller moves or removes it.
func (l *Local) stage(key string, r io.Reader) (string, error) {
	f, err := os.CreateTemp(filepath.Join(l.root, stagingDir), "put-*")
	if err != nil {
		return "", fmt.Errorf("blob: writing %s: %w", key, err)
	}
	_, err = io.Copy(f, r)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("blob: writing %s: %w", key, err)
	}
	return f.Name(), nil
}

func (l *Local) write(key string, r io.Reader, place func(tmp, final string) error) error {
	final, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(final), 0o700); err != nil {
		return fmt.Errorf("blob: writing %s: %w", key, err)
	}
	tmp, err := l.stage(key, r)
	if err != nil {
		return err
	}
	defer os.Remove(tmp) // after a rename there is nothing left to remove
	return place(tmp, final)
}

func (l *Local) Put(ctx context.Context, key string, r io.Reader) error {
	return l.write(key, r, func(tmp, final string) error {
		if err := os.Rename(tmp, final); err != nil {
			return fmt.Errorf("blob: writing %s: %w", key, err)
		}
		return nil
	})
}

func (l *Local) Create(ctx context.Context, key string, r io.Reader) error {
	return l.write(key, r, func(tmp, final string) error {
		// A link fails if the name exists, where a rename would replace it.
		err := os.Link(tmp, final)
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%w: %s", ErrExists, key)
		} else if err != nil {
			return fmt.Errorf("blob: writing %s: %w", key, err)
		}
		return nil
	})
}

func (l *Local) Open(ctx context.Context, key string) (io.ReadCloser, Info, error) {
	p, err := l.path(key)
	if err != nil {
		return nil, Info{}, err
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, Info{}, l.failed("reading", key, err)
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, Info{}, fmt.Errorf("%w: %s", ErrNotFound, key)
	}
	return f, Info{Key: key, Size: fi.Size(), Modified: fi.ModTime()}, nil
}

func (l *Local) Stat(ctx context.Context, key string) (Info, error) {
	p, err := l.path(key)
	if err != nil {
		return Info{}, err
	}
	fi, err := os.Stat(p)
	if err != nil {
		return Info{}, l.failed("reading", key, err)
	}
	if !fi.Mode().IsRegular() {
		return Info{}, fmt.Errorf("%w: %s", ErrNotFound, key)
	}
	return Info{Key: key, Size: fi.Size(), Modified: fi.ModTime()}, nil
}

func (l *Local) Delete(ctx context.Context, key string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("blob: deleting %s: %w", key, err)
	}
	return nil
}

func (l *Local) PresignPut(ctx context.Context, key string, expiry time.Duration) (string, error) {
	return "", ErrNoPresign
}

func (l *Local) URL(key string) string { return "" }

func (l *Local) failed(op, key string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w: %s", ErrNotFound, key)
	}
	return fmt.Errorf("blob: %s %s: %w", op, key, err)
}
