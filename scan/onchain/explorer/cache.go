package explorer

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// Cache keeps fetched sources by (chain id, address). Implementations must
// be safe for concurrent use. A Source is stored without its
// ImplementationSource: each address has its own entry.
type Cache interface {
	Get(chainID int64, address string) (*Source, bool)
	Put(src *Source) error
}

func cacheKey(chainID int64, address string) string {
	return strconv.FormatInt(chainID, 10) + "/" + strings.ToLower(address)
}

// storable copies src without the implementation's source.
func storable(src *Source) *Source {
	c := *src
	c.ImplementationSource = nil
	c.ImplementationError = ""
	return &c
}

// MemoryCache is an in-process Cache holding at most MaxEntries sources
// (default 1024), dropping the oldest insertion first.
type MemoryCache struct {
	MaxEntries int

	mu      sync.Mutex
	entries map[string]*Source
	order   []string
}

// NewMemoryCache returns an empty MemoryCache.
func NewMemoryCache(maxEntries int) *MemoryCache {
	return &MemoryCache{MaxEntries: maxEntries}
}

func (m *MemoryCache) Get(chainID int64, address string) (*Source, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.entries[cacheKey(chainID, address)]
	if !ok {
		return nil, false
	}
	return storable(s), true
}

func (m *MemoryCache) Put(src *Source) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.entries == nil {
		m.entries = map[string]*Source{}
	}
	max := m.MaxEntries
	if max <= 0 {
		max = 1024
	}
	k := cacheKey(src.ChainID, src.Address)
	if _, ok := m.entries[k]; !ok {
		m.order = append(m.order, k)
	}
	m.entries[k] = storable(src)
	for len(m.order) > max {
		delete(m.entries, m.order[0])
		m.order = m.order[1:]
	}
	return nil
}

// DirCache stores each source as JSON under Dir/<chain id>/<address>.json.
// Writes go to a temporary file renamed into place, so a crash never leaves
// a half-written entry; an unreadable entry counts as a miss and is
// overwritten by the next fetch.
type DirCache struct {
	Dir string
	// MaxEntryBytes bounds one entry read back (default DefaultMaxBodyBytes*2).
	MaxEntryBytes int64
}

// NewDirCache returns a DirCache rooted at dir (created on first Put).
func NewDirCache(dir string) *DirCache { return &DirCache{Dir: dir} }

func (d *DirCache) file(chainID int64, address string) string {
	return filepath.Join(d.Dir, strconv.FormatInt(chainID, 10), strings.ToLower(address)+".json")
}

func (d *DirCache) Get(chainID int64, address string) (*Source, bool) {
	if _, err := ParseAddress(address); err != nil || chainID <= 0 {
		return nil, false
	}
	f, err := os.Open(d.file(chainID, address))
	if err != nil {
		return nil, false
	}
	defer f.Close()
	max := d.MaxEntryBytes
	if max <= 0 {
		max = 2 * DefaultMaxBodyBytes
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil || int64(len(data)) > max {
		return nil, false
	}
	var s Source
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, false
	}
	if s.ChainID != chainID || !strings.EqualFold(s.Address, address) || len(s.Files) == 0 {
		return nil, false
	}
	for p := range s.Files {
		if c, err := CleanPath(p); err != nil || c != p {
			return nil, false
		}
	}
	return &s, true
}

func (d *DirCache) Put(src *Source) error {
	if _, err := ParseAddress(src.Address); err != nil || src.ChainID <= 0 {
		return fmt.Errorf("explorer cache: refusing entry with chain id %d and address %q", src.ChainID, src.Address)
	}
	target := d.file(src.ChainID, src.Address)
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return fmt.Errorf("explorer cache: %w", err)
	}
	data, err := json.Marshal(storable(src))
	if err != nil {
		return fmt.Errorf("explorer cache: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".tmp-*.json")
	if err != nil {
		return fmt.Errorf("explorer cache: %w", err)
	}
	name := tmp.Name()
	_, werr := tmp.Write(data)
	if werr == nil {
		werr = tmp.Sync()
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(name, target)
	}
	if werr != nil {
		os.Remove(name)
		return fmt.Errorf("explorer cache: %w", werr)
	}
	return nil
}
