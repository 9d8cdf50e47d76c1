package watch

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/listings-tui/listings/internal/i18n"
)

// A watch list belongs to one key at one service: its listings are that account's, and
// on another service (or with another account's key) they are only "not found". So
// each key and service has a file of its own, as the local mirror has (api/mirror.File):
// <dir>/watch/<hash>.json, the hash of the service's address and the key, so that the
// key is in no name and no file.
//
// Before, the app kept one file per profile (watch-<profile>.json) or, for a session
// without profile (LISTINGS_API_KEY and a base URL), one watch.json for every service:
// the file the root still names (Options.WatchPath), called legacy here. The first
// service opened without a file of its own takes the legacy file over and it is
// renamed to <legacy>.migrated, so no other service takes it again. A profile's file
// was made on the profile's service, so it lands where it belongs (unless the profile
// was pointed elsewhere since); watch.json cannot say which service it was made on, so
// the first service to open takes it, and the watch says so once: the listings of
// another service show as not found, and c clears them.

// File is where the watch list of key at baseURL is kept, under dir.
func File(dir, baseURL, key string) string {
	return filepath.Join(dir, "watch", serviceID(baseURL, key)+".json")
}

func serviceID(baseURL, key string) string {
	sum := sha256.Sum256([]byte(strings.TrimRight(baseURL, "/") + "\x00" + key))
	return hex.EncodeToString(sum[:12])
}

// OpenService opens the watch list of key at baseURL, in the directory of legacy (the
// file lists were kept in before; see above). Without a key or a service (the app
// starts on its login screen) the store is empty and kept in memory until Switch names
// them; with legacy "" it is kept in memory only. Errors are OpenStore's, and the store
// is usable with them.
func OpenService(legacy, baseURL, key string) (*Store, error) {
	s := NewMemoryStore()
	s.legacy = legacy
	if legacy == "" || baseURL == "" || key == "" {
		return s, nil
	}
	return s, s.bind(baseURL, key)
}

// Switch moves the store to the list of key at baseURL, after a login: what the
// previous service's list had not written is written first. A store made by OpenStore
// or NewMemoryStore stays as it is. A failure, or a legacy list taken over, is said by
// the watch's next Init (Note).
func (s *Store) Switch(baseURL, key string) {
	if s.legacy == "" || baseURL == "" || key == "" || serviceID(baseURL, key) == s.service {
		return
	}
	if err := s.Flush(); err != nil {
		s.note = i18n.T("watch.store.not_saved", "Err", err.Error())
	}
	s.mu.Lock()
	s.written = s.version // snapshots of the previous list, still on their way, are dropped
	s.latest, s.latestPath = nil, ""
	s.path = ""
	s.mu.Unlock()
	if err := s.bind(baseURL, key); err != nil {
		s.note = err.Error()
	}
}

// Note is what the store has to say once (a legacy list taken over, a list that could
// not be read after a login), and forgets it.
func (s *Store) Note() string {
	n := s.note
	s.note = ""
	return n
}

// bind reads the list of key at baseURL, taking the legacy file over when the service
// has none yet.
func (s *Store) bind(baseURL, key string) error {
	dir := filepath.Dir(s.legacy)
	path := File(dir, baseURL, key)
	s.baseURL, s.service = strings.TrimRight(baseURL, "/"), serviceID(baseURL, key)
	_, err := os.Stat(path)
	if !errors.Is(err, fs.ErrNotExist) {
		exists, err := s.load(path)
		if exists || err == nil {
			s.path = path
		}
		return err
	}
	s.path = path
	exists, err := s.load(s.legacy)
	if !exists || err != nil {
		// Nothing to take over (or a legacy file set aside as corrupt, or unreadable:
		// the error says so); the service starts its own list.
		s.setEntries(nil)
		return err
	}
	if err := s.Save(); err != nil {
		// Not taken over: the legacy file stays for the next start, the list is shown.
		s.path = ""
		return fmt.Errorf("the watch list %s could not be moved to %s: %w (changes are kept in memory only)", s.legacy, path, err)
	}
	moved := s.legacy + ".migrated"
	if err := os.Rename(s.legacy, moved); err != nil {
		moved = s.legacy
	}
	if n := len(s.entries); n > 0 && filepath.Base(s.legacy) == "watch.json" {
		s.note = i18n.T("watch.store.taken_over", "Listings", i18n.N("count.listings", n), "Service", s.baseURL, "Clear", "c", "File", moved)
	}
	return nil
}
