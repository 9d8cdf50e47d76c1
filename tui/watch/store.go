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
)

// storeVersion is the layout of the file; a later layout migrates from it.
const storeVersion = 1

// The watch list is bounded twice. MaxLines bounds the panel's lines (a listing
// watched on its own, or a group: a job's or a bulk watch's listings): more is no
// longer a list a person follows. MaxListings bounds the listings in all, a shop's
// whole catalogue: each costs about 0.4 KB of memory and 0.3 KB of file
// (docs/performance.md), and a check of its own within the request budget, so a
// large group is checked slowly, not refused.
const (
	MaxLines    = 200
	MaxListings = 10000
)

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
	// Group is the job or bulk action the listing was watched with; "" for a listing
	// watched on its own.
	Group string `json:"group,omitempty"`
}

// Pollable reports whether the entry still waits for a decision.
func (e *Entry) Pollable() bool {
	return !e.Gone && e.DecidedAt.IsZero() && (e.Status == "" || e.Status == api.StatusPending || !e.Status.Known())
}

// duration is persisted as Go's duration text ("22.5s") so the file stays readable.
type duration time.Duration

// It is a text marshaler rather than a JSON one: encoding/json then writes it as a
// string without re-checking the output, a third of the time a full list's snapshot
// took.
func (d duration) MarshalText() ([]byte, error) {
	return []byte(time.Duration(d).String()), nil
}

func (d *duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil || v < 0 {
		return fmt.Errorf("bad interval %q", b)
	}
	*d = duration(v)
	return nil
}

type fileLayout struct {
	Version int `json:"version"`
	// BaseURL is the service the list is kept for (its file is named by a hash of it
	// and the key): for a person reading the file, never checked.
	BaseURL string  `json:"base_url,omitempty"`
	Entries []Entry `json:"entries"`
}

// Store is the persisted watch list, in the order entries were added. It is not safe
// for concurrent use: only the watch model's Update touches it.
type Store struct {
	path    string // "" keeps the list in memory only
	entries []*Entry
	byID    map[int]*Entry
	groups  map[string]int // listings per group

	// The service the list is kept for (service.go); all "" for a store opened by
	// OpenStore or NewMemoryStore.
	legacy, baseURL, service string
	note                     string // said once by the watch's Init

	// dirty: changed since the last snapshot, by a change not worth a write of its
	// own (persist.go).
	dirty bool
	// rev counts the changes (every one is followed by a snapshot or a Touch), so
	// that the panel counts a list of 10 000 only when it changed.
	rev uint64

	writing sync.Mutex // one write at a time, off the event loop
	mu      sync.Mutex // guards what follows
	version uint64     // of the newest snapshot
	latest  []Entry    // the newest snapshot, taken on the event loop
	latestV uint64
	// where and for what service the snapshot goes: a login may move the store on
	latestPath, latestBase string
	written                uint64 // the version on disk
}

// NewMemoryStore returns an empty store that is never written, for when there is no
// place to keep the list (and for tests).
func NewMemoryStore() *Store { return &Store{byID: map[int]*Entry{}, groups: map[string]int{}} }

// OpenStore reads the watch list at path. A missing file is an empty list. A file that
// cannot be decoded is renamed to path+".corrupt" (never lost silently) and OpenStore
// returns an empty, usable store together with an error that says so and where. A file
// that cannot be read, or one written by a newer version, is left alone: the returned
// store (again usable, with the error) then keeps its changes in memory only.
func OpenStore(path string) (*Store, error) {
	s := &Store{}
	exists, err := s.load(path)
	if exists || err == nil {
		s.path = path
	}
	return s, err
}

// load reads the list at path into s, as OpenStore says. It reports whether the file
// existed and was read; s.path is left to the caller.
func (s *Store) load(path string) (bool, error) {
	s.setEntries(nil)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read the watch list %s: %w (changes are kept in memory only)", path, err)
	}
	var f fileLayout
	if err := json.Unmarshal(data, &f); err != nil || f.Version < 1 {
		if err == nil {
			err = errors.New("no version")
		}
		bad := path + ".corrupt"
		if rerr := os.Rename(path, bad); rerr != nil {
			return false, fmt.Errorf("the watch list %s is corrupt (%v) and could not be moved aside: %v (changes are kept in memory only)", path, err, rerr)
		}
		return true, fmt.Errorf("the watch list %s was corrupt (%v); it was moved to %s and the watch starts empty", path, err, bad)
	}
	if f.Version > storeVersion {
		return false, fmt.Errorf("the watch list %s was written by a newer version (layout %d); it is left alone and changes are kept in memory only", path, f.Version)
	}
	var kept []*Entry
	lines, seen := 0, map[int]bool{}
	groups := map[string]bool{}
	for i := range f.Entries {
		e := f.Entries[i]
		if e.ID <= 0 || seen[e.ID] || len(kept) >= MaxListings {
			continue
		}
		if e.Group == "" || !groups[e.Group] {
			if lines >= MaxLines {
				continue
			}
			lines++
			groups[e.Group] = e.Group != ""
		}
		seen[e.ID] = true
		kept = append(kept, &e)
	}
	s.setEntries(kept)
	return true, nil
}

// setEntries replaces the list and rebuilds its indexes.
func (s *Store) setEntries(es []*Entry) {
	s.rev++
	s.entries, s.byID, s.groups = es, make(map[int]*Entry, len(es)), map[string]int{}
	for _, e := range es {
		s.byID[e.ID] = e
		if e.Group != "" {
			s.groups[e.Group]++
		}
	}
}

// Path is where the list is kept; "" for a memory-only store.
func (s *Store) Path() string { return s.path }

// Entries returns the entries in the order they were added. The pointers are the
// store's own: the model changes them and then calls Save.
func (s *Store) Entries() []*Entry { return s.entries }

// Len is the number of entries.
func (s *Store) Len() int { return len(s.entries) }

// Get returns the entry of id, or nil.
func (s *Store) Get(id int) *Entry { return s.byID[id] }

// Lines is how many lines the panel shows at its top: the listings watched on their
// own and the groups.
func (s *Store) Lines() int {
	return len(s.entries) - s.grouped() + len(s.groups)
}

func (s *Store) grouped() int {
	n := 0
	for _, c := range s.groups {
		n += c
	}
	return n
}

// GroupLen is how many listings group holds.
func (s *Store) GroupLen(group string) int { return s.groups[group] }

// The advice names the watch panel's c, which does what it says there (the root keeps
// D for the drafts on every screen).
var (
	errLines = fmt.Errorf("the watch panel is full (%d lines): c in the panel (W) clears the decided listings, d stops watching one", MaxLines)
	errTotal = fmt.Errorf("the watch holds at most %d listings: c in the watch panel (W) clears the decided ones", MaxListings)
)

// Add appends a new entry for id in group ("": a listing on its own), or returns the
// existing one (added=false) where it is.
func (s *Store) Add(id int, title, group string, now time.Time) (e *Entry, added bool, err error) {
	if e := s.Get(id); e != nil {
		return e, false, nil
	}
	if len(s.entries) >= MaxListings {
		return nil, false, errTotal
	}
	if (group == "" || s.groups[group] == 0) && s.Lines() >= MaxLines {
		return nil, false, errLines
	}
	if s.byID == nil {
		s.setEntries(s.entries)
	}
	s.rev++
	e = &Entry{ID: id, Title: title, Group: group, AddedAt: now, NextCheck: now}
	s.entries = append(s.entries, e)
	s.byID[id] = e
	if group != "" {
		s.groups[group]++
	}
	return e, true, nil
}

// Remove drops the entry of id; it reports whether there was one.
func (s *Store) Remove(id int) bool {
	if s.Get(id) == nil {
		return false
	}
	return s.removeIf(func(e *Entry) bool { return e.ID == id }) == 1
}

// RemoveGroup drops every entry of group and returns how many.
func (s *Store) RemoveGroup(group string) int {
	if group == "" {
		return 0
	}
	return s.removeIf(func(e *Entry) bool { return e.Group == group })
}

// RemoveDecided drops every entry that is no longer polled and returns how many.
func (s *Store) RemoveDecided() int {
	return s.removeIf(func(e *Entry) bool { return !e.Pollable() })
}

// RemoveDecidedIn drops the entries of group that are no longer polled.
func (s *Store) RemoveDecidedIn(group string) int {
	return s.removeIf(func(e *Entry) bool { return e.Group == group && !e.Pollable() })
}

func (s *Store) removeIf(drop func(*Entry) bool) int {
	kept := s.entries[:0:0]
	for _, e := range s.entries {
		if !drop(e) {
			kept = append(kept, e)
		}
	}
	n := len(s.entries) - len(kept)
	if n > 0 {
		s.setEntries(kept)
	}
	return n
}
