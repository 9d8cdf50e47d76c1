package watch

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/listings-tui/listings/keystore/atomicfile"
)

// The list is written off the event loop: a change takes a snapshot of the entries
// there (a copy: they change only there), and a command writes it. Writes run one at
// a time, and each writes the newest snapshot, so a burst of changes costs a write or
// two, not one each; a full list (MaxListings) takes a long moment to encode, never on
// the event loop. A change that only moves a check's schedule does not ask for a
// write (Touch): it goes with the next one, or with Flush on the way out. The file
// has one listing per line, to stay readable at 10 000.

// snapshot copies the list, numbered, for the next write. It reports whether there is
// a file to write.
func (s *Store) snapshot() bool {
	s.dirty = false
	s.rev++
	if s.path == "" {
		return false
	}
	es := make([]Entry, len(s.entries))
	for i, e := range s.entries {
		es[i] = *e
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.version++
	s.latest, s.latestV = es, s.version
	s.latestPath, s.latestBase = s.path, s.baseURL
	return true
}

// Touch notes a change that needs no write of its own.
func (s *Store) Touch() { s.dirty, s.rev = true, s.rev+1 }

// write puts the newest snapshot on disk unless it is there already.
func (s *Store) write() error {
	s.writing.Lock()
	defer s.writing.Unlock()
	s.mu.Lock()
	es, v, path, base := s.latest, s.latestV, s.latestPath, s.latestBase
	done := v <= s.written
	s.mu.Unlock()
	if done || path == "" {
		return nil
	}
	data, err := marshal(base, es)
	if err != nil {
		return fmt.Errorf("save the watch list: %w", err)
	}
	if err := atomicfile.Write(path, data, 0o600); err != nil {
		return fmt.Errorf("save the watch list: %w", err)
	}
	s.mu.Lock()
	s.written = max(s.written, v)
	s.mu.Unlock()
	return nil
}

// Save writes the list now, atomically: a kill at any moment leaves the old file or
// the new one.
func (s *Store) Save() error {
	s.snapshot()
	return s.write()
}

// Flush writes what is not on disk yet: the app calls it on the way out, once the
// event loop has ended, since a write still running then would be cut off.
func (s *Store) Flush() error {
	if s.dirty {
		s.snapshot()
	}
	return s.write()
}

// marshal is the file of a list.
func marshal(baseURL string, es []Entry) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\"version\": %d,\n", storeVersion)
	if baseURL != "" {
		u, err := json.Marshal(baseURL)
		if err != nil {
			return nil, err
		}
		b.WriteString("\"base_url\": ")
		b.Write(u)
		b.WriteString(",\n")
	}
	b.WriteString("\"entries\": [")
	for i := range es {
		if i > 0 {
			b.WriteByte(',')
		}
		line, err := json.Marshal(&es[i])
		if err != nil {
			return nil, err
		}
		b.WriteString("\n  ")
		b.Write(line)
	}
	b.WriteString("\n]}\n")
	return b.Bytes(), nil
}
