package watch

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/keystore/atomicfile"
)

// storeVersion is the layout of the file; a later layout migrates from it.
const storeVersion = 1

// MaxEntries bounds the watch list: each pending entry costs requests, and a list
// longer than this is no longer something a person follows.
const MaxEntries = 200

// Entry is one watched listing as persisted.
type Entry struct {
	ID    int    `json:"id"`
	Title string `json:"title"`
	// Status is the last known listing status; "" until the first answer.
	Status  api.Status `json:"status"`
	Reason  string     `json:"reason,omitempty"`
	AddedAt time.Time  `json:"added_at"`
	// DecidedAt is set once the listing left moderation; such an entry is not polled.
	DecidedAt   time.Time `json:"decided_at,omitzero"`
	LastChecked time.Time `json:"last_checked,omitzero"`
	NextCheck   time.Time `json:"next_check,omitzero"`
	// Interval is the wait used for the last schedule; 0 means "start from the base".
	Interval duration `json:"interval,omitzero"`
	Error    string   `json:"error,omitempty"`
	// Gone means the service answered 404: removed, or another account's.
	Gone bool `json:"gone,omitempty"`
}

// Pollable reports whether the entry still waits for a decision.
func (e *Entry) Pollable() bool {
	return !e.Gone && e.DecidedAt.IsZero() && (e.Status == "" || e.Status == api.StatusPending || !e.Status.Known())
}

// duration is persisted as Go's duration text ("22.5s") so the file stays readable.
type duration time.Duration

func (d duration) MarshalJSON() ([]byte, error) {
	return json.Marshal(time.Duration(d).String())
}

func (d *duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, err := time.ParseDuration(s)
	if err != nil || v < 0 {
		return fmt.Errorf("bad interval %q", s)
	}
	*d = duration(v)
	return nil
}

type fileLayout struct {
	Version int     `json:"version"`
	Entries []Entry `json:"entries"`
}

// Store is the persisted watch list, in the order entries were added. It is not safe
// for concurrent use: only the watch model's Update touches it.
type Store struct {
	path    string // "" keeps the list in memory only
	entries []*Entry

	mu      sync.Mutex // guards what follows: the writes happen off the event loop
	version uint64     // of the newest snapshot
	latest  []byte
	latestV uint64
	written uint64 // the version on disk
}

// NewMemoryStore returns an empty store that is never written, for when there is no
// place to keep the list (and for tests).
func NewMemoryStore() *Store { return &Store{} }

// OpenStore reads the watch list at path. A missing file is an empty list. A file that
// cannot be decoded is renamed to path+".corrupt" (never lost silently) and OpenStore
// returns an empty, usable store together with an error that says so and where. A file
// that cannot be read, or one written by a newer version, is left alone: the returned
// store (again usable, with the error) then keeps its changes in memory only.
func OpenStore(path string) (*Store, error) {
	s := &Store{path: path}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return &Store{}, fmt.Errorf("read the watch list %s: %w (changes are kept in memory only)", path, err)
	}
	var f fileLayout
	if err := json.Unmarshal(data, &f); err != nil || f.Version < 1 {
		if err == nil {
			err = errors.New("no version")
		}
		bad := path + ".corrupt"
		if rerr := os.Rename(path, bad); rerr != nil {
			return &Store{}, fmt.Errorf("the watch list %s is corrupt (%v) and could not be moved aside: %v (changes are kept in memory only)", path, err, rerr)
		}
		return s, fmt.Errorf("the watch list %s was corrupt (%v); it was moved to %s and the watch starts empty", path, err, bad)
	}
	if f.Version > storeVersion {
		return &Store{}, fmt.Errorf("the watch list %s was written by a newer version (layout %d); it is left alone and changes are kept in memory only", path, f.Version)
	}
	seen := map[int]bool{}
	for i := range f.Entries {
		e := f.Entries[i]
		if e.ID <= 0 || seen[e.ID] || len(s.entries) >= MaxEntries {
			continue
		}
		seen[e.ID] = true
		s.entries = append(s.entries, &e)
	}
	return s, nil
}

// Path is where the list is kept; "" for a memory-only store.
func (s *Store) Path() string { return s.path }

// Entries returns the entries in the order they were added. The pointers are the
// store's own: the model changes them and then calls Save.
func (s *Store) Entries() []*Entry { return s.entries }

// Len is the number of entries.
func (s *Store) Len() int { return len(s.entries) }

// Get returns the entry of id, or nil.
func (s *Store) Get(id int) *Entry {
	for _, e := range s.entries {
		if e.ID == id {
			return e
		}
	}
	return nil
}

// errFull is returned by Add when the list holds MaxEntries.
var errFull = fmt.Errorf("the watch list is full (%d listings): remove decided ones with D first", MaxEntries)

// Add appends a new entry for id, or returns the existing one (added=false).
func (s *Store) Add(id int, title string, now time.Time) (e *Entry, added bool, err error) {
	if e := s.Get(id); e != nil {
		return e, false, nil
	}
	if len(s.entries) >= MaxEntries {
		return nil, false, errFull
	}
	e = &Entry{ID: id, Title: title, AddedAt: now, NextCheck: now}
	s.entries = append(s.entries, e)
	return e, true, nil
}

// Remove drops the entry of id; it reports whether there was one.
func (s *Store) Remove(id int) bool {
	for i, e := range s.entries {
		if e.ID == id {
			s.entries = append(s.entries[:i:i], s.entries[i+1:]...)
			return true
		}
	}
	return false
}

// RemoveDecided drops every entry that is no longer polled and returns how many.
func (s *Store) RemoveDecided() int {
	kept := s.entries[:0:0]
	for _, e := range s.entries {
		if e.Pollable() {
			kept = append(kept, e)
		}
	}
	n := len(s.entries) - len(kept)
	s.entries = kept
	return n
}

// Save writes the list now, atomically: a kill at any moment leaves the old file or
// the new one.
func (s *Store) Save() error {
	data, v, err := s.encode()
	if err != nil {
		return err
	}
	return s.write(data, v)
}

// encode takes a snapshot of the list, numbered, on the event loop: the entries
// change only there, so the write can happen elsewhere.
func (s *Store) encode() ([]byte, uint64, error) {
	if s.path == "" {
		return nil, 0, nil
	}
	f := fileLayout{Version: storeVersion, Entries: make([]Entry, 0, len(s.entries))}
	for _, e := range s.entries {
		f.Entries = append(f.Entries, *e)
	}
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.version++
	s.latest, s.latestV = append(data, '\n'), s.version
	return s.latest, s.version, nil
}

// write puts snapshot v on disk unless a newer one is there already: writes run off
// the event loop and may finish out of order.
func (s *Store) write(data []byte, v uint64) error {
	if s.path == "" || data == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if v <= s.written {
		return nil
	}
	if err := atomicfile.Write(s.path, data, 0o600); err != nil {
		return fmt.Errorf("save the watch list: %w", err)
	}
	s.written = v
	return nil
}

// Flush writes the newest snapshot if it is not on disk yet: the app calls it on the
// way out, since a write still running then would be cut off.
func (s *Store) Flush() error {
	s.mu.Lock()
	data, v := s.latest, s.latestV
	s.mu.Unlock()
	return s.write(data, v)
}
