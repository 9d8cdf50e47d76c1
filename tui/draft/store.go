package draft

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/listings-tui/listings/internal/paths"
	"github.com/listings-tui/listings/keystore/atomicfile"
)

// maxDraftBytes bounds a draft file read back: a description is at most 5000
// characters, so anything far larger is not ours.
const maxDraftBytes = 4 << 20

// Store keeps drafts as one JSON file each under dir/drafts (paths.Drafts of the data
// directory, internal/paths). Each write replaces a
// whole file atomically, so a kill at any moment leaves the previous version or the
// new one. An empty dir keeps drafts in memory only (the sandbox, tests).
type Store struct {
	dir string

	mu  sync.Mutex
	mem map[string][]byte
}

// OpenStore returns the store under dir ("" for memory only).
func OpenStore(dir string) *Store {
	s := &Store{mem: map[string][]byte{}}
	if dir != "" {
		s.dir = paths.Drafts(dir)
	}
	return s
}

// Dir is where the drafts are, "" in memory.
func (s *Store) Dir() string { return s.dir }

func (s *Store) path(id string) (string, error) {
	if id == "" || strings.ContainsAny(id, `/\.`) {
		return "", fmt.Errorf("bad draft id %q", id)
	}
	return filepath.Join(s.dir, id+".json"), nil
}

// Save writes d.
func (s *Store) Save(d *Draft) error {
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return fmt.Errorf("save draft: %w", err)
	}
	return s.write(d.ID, b)
}

func (s *Store) write(id string, b []byte) error {
	if s.dir == "" {
		s.mu.Lock()
		s.mem[id] = b
		s.mu.Unlock()
		return nil
	}
	p, err := s.path(id)
	if err != nil {
		return err
	}
	if err := atomicfile.Write(p, b, 0o600); err != nil {
		return fmt.Errorf("save draft: %w", err)
	}
	return nil
}

// Load reads one draft.
func (s *Store) Load(id string) (*Draft, error) {
	var b []byte
	if s.dir == "" {
		s.mu.Lock()
		b = s.mem[id]
		s.mu.Unlock()
		if b == nil {
			return nil, fmt.Errorf("draft %s: %w", id, fs.ErrNotExist)
		}
	} else {
		p, err := s.path(id)
		if err != nil {
			return nil, err
		}
		if b, err = readLimited(p); err != nil {
			return nil, err
		}
	}
	var d Draft
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, fmt.Errorf("draft %s is damaged (%v); it is kept as it is, delete it when you no longer need it", id, err)
	}
	if d.ID != id {
		d.ID = id
	}
	if d.Attributes == nil {
		d.Attributes = map[string]AttrValue{}
	}
	return &d, nil
}

func readLimited(p string) ([]byte, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("read draft: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("read draft: %w", err)
	}
	if fi.Size() > maxDraftBytes {
		return nil, fmt.Errorf("draft %s is %d bytes, too large to be a draft; it is left alone", filepath.Base(p), fi.Size())
	}
	b := make([]byte, fi.Size())
	if _, err := f.ReadAt(b, 0); err != nil && fi.Size() > 0 {
		return nil, fmt.Errorf("read draft: %w", err)
	}
	return b, nil
}

// Delete removes a draft; a draft already gone is not an error.
func (s *Store) Delete(id string) error {
	if s.dir == "" {
		s.mu.Lock()
		delete(s.mem, id)
		s.mu.Unlock()
		return nil
	}
	p, err := s.path(id)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("delete draft: %w", err)
	}
	return nil
}

// Listed is a draft in the list, or a file that could not be read as one.
type Listed struct {
	Draft *Draft
	ID    string
	Err   error // the file is damaged; Draft is nil
}

// List returns the drafts for baseURL (every draft when baseURL is ""), the most
// recently changed first, then damaged files with their error, so the user sees
// them instead of losing them silently.
func (s *Store) List(baseURL string) ([]Listed, error) {
	var ids []string
	if s.dir == "" {
		s.mu.Lock()
		for id := range s.mem {
			ids = append(ids, id)
		}
		s.mu.Unlock()
	} else {
		entries, err := os.ReadDir(s.dir)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("list drafts: %w", err)
		}
		for _, e := range entries {
			n := e.Name()
			if e.Type().IsRegular() && strings.HasSuffix(n, ".json") && !strings.HasPrefix(n, ".") {
				ids = append(ids, strings.TrimSuffix(n, ".json"))
			}
		}
	}
	var out []Listed
	for _, id := range ids {
		d, err := s.Load(id)
		if err != nil {
			out = append(out, Listed{ID: id, Err: err})
			continue
		}
		if baseURL == "" || sameService(d.BaseURL, baseURL) {
			out = append(out, Listed{ID: id, Draft: d})
		}
	}
	slices.SortFunc(out, func(a, b Listed) int {
		switch {
		case a.Draft == nil && b.Draft == nil:
			return strings.Compare(a.ID, b.ID)
		case a.Draft == nil: // damaged files after the drafts
			return 1
		case b.Draft == nil:
			return -1
		case !a.Draft.UpdatedAt.Equal(b.Draft.UpdatedAt):
			return b.Draft.UpdatedAt.Compare(a.Draft.UpdatedAt)
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}

func sameService(a, b string) bool {
	return strings.TrimRight(a, "/") == strings.TrimRight(b, "/")
}
