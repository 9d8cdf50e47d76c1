package watch

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const (
	keyA = "sk_test_08f0bc277f41cd37e117f3f30c0e1c97a24f43c770091f5c"
	keyB = "sk_test_eec618fa96aee944feda73f7ab5c325228eab597d50898c0"
)

// One file per key and service, named by a hash: no key in the name.
func TestFilePerServiceAndKey(t *testing.T) {
	names := map[string]bool{}
	for _, c := range [][2]string{{"https://a.example", keyA}, {"https://b.example", keyA}, {"https://a.example", keyB}} {
		p := File("/d", c[0], c[1])
		if names[p] || strings.Contains(p, c[1]) || filepath.Dir(p) != "/d/watch" {
			t.Errorf("%v: %s", c, p)
		}
		names[p] = true
	}
	if File("/d", "https://a.example/", keyA) != File("/d", "https://a.example", keyA) {
		t.Error("a trailing slash names another file")
	}
}

// Two services and two keys each keep their list; the file holds the service's
// address and nothing of the key.
func TestOpenServiceKeepsListsApart(t *testing.T) {
	legacy := filepath.Join(t.TempDir(), "watch-shop.json")
	now := time.Date(2026, 11, 27, 14, 0, 0, 0, time.UTC)
	a, err := OpenService(legacy, "https://a.example", keyA)
	if err != nil || a.Len() != 0 || a.Note() != "" {
		t.Fatal(err)
	}
	_, _, _ = a.Add(10062, "On A", "", now)
	if err := a.Save(); err != nil {
		t.Fatal(err)
	}
	for _, c := range [][2]string{{"https://b.example", keyA}, {"https://a.example", keyB}} {
		s, err := OpenService(legacy, c[0], c[1])
		if err != nil || s.Len() != 0 {
			t.Errorf("%v: %v, %d listings", c, err, s.Len())
		}
	}
	again, err := OpenService(legacy, "https://a.example/", keyA)
	if err != nil || again.Get(10062) == nil {
		t.Fatalf("reopened: %v", err)
	}
	raw, _ := os.ReadFile(File(filepath.Dir(legacy), "https://a.example", keyA))
	if !strings.Contains(string(raw), `"base_url": "https://a.example"`) || strings.Contains(string(raw), "sk_test") {
		t.Errorf("file:\n%s", raw)
	}
	// Without a key (the login screen) nothing is read or written.
	s, err := OpenService(legacy, "https://a.example", "")
	if err != nil || s.Len() != 0 || s.Path() != "" {
		t.Errorf("no key: %v %q", err, s.Path())
	}
}

// The list of before goes to the first service that opens; it is renamed so that no
// other service takes it too. watch.json, which every session without profile
// shared, is said to have been taken over; a profile's file is not.
func TestLegacyTakenOverOnce(t *testing.T) {
	for name, said := range map[string]bool{"watch.json": true, "watch-shop.json": false} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			legacy := filepath.Join(dir, name)
			old := `{"version": 1, "entries": [{"id": 7, "title": "Old", "status": "pending", "added_at": "2026-11-20T10:00:00Z"}]}`
			if err := os.WriteFile(legacy, []byte(old), 0o600); err != nil {
				t.Fatal(err)
			}
			a, err := OpenService(legacy, "https://a.example", keyA)
			if err != nil || a.Get(7) == nil || a.Get(7).Title != "Old" {
				t.Fatalf("taken over: %v %d", err, a.Len())
			}
			note := a.Note()
			if said != strings.Contains(note, "the watch list of before (1 listing) is now this service's (https://a.example)") ||
				said && !strings.Contains(note, legacy+".migrated") || a.Note() != "" {
				t.Errorf("note %q", note)
			}
			if _, err := os.Stat(legacy); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("the old file is still there: %v", err)
			}
			if back, err := OpenService(legacy, "https://a.example", keyA); err != nil || back.Get(7) == nil {
				t.Errorf("not written for the service: %v", err)
			}
			if b, err := OpenService(legacy, "https://b.example", keyB); err != nil || b.Len() != 0 {
				t.Errorf("taken over twice: %v %d", err, b.Len())
			}
		})
	}
}

// A login moves the store to the service's list: the previous list is written first,
// and its writes still on their way never land in the new file.
func TestSwitch(t *testing.T) {
	dir := t.TempDir()
	legacy := filepath.Join(dir, "watch.json")
	now := time.Date(2026, 11, 27, 14, 0, 0, 0, time.UTC)
	s, _ := OpenService(legacy, "", "")
	s.Switch("https://a.example", keyA)
	_, _, _ = s.Add(1, "On A", "", now)
	s.snapshot() // a write of A's list, not yet run
	s.Switch("https://b.example", keyB)
	if s.Len() != 0 || s.Note() != "" {
		t.Fatalf("B: %d %q", s.Len(), s.Note())
	}
	if err := s.write(); err != nil { // A's late write
		t.Fatal(err)
	}
	if _, err := os.Stat(File(dir, "https://b.example", keyB)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("A's list was written as B's: %v", err)
	}
	a, err := OpenService(legacy, "https://a.example", keyA)
	if err != nil || a.Get(1) == nil {
		t.Errorf("A's list was not written before the switch: %v", err)
	}
	// A store of OpenStore stays as it is.
	plain, _ := OpenStore(filepath.Join(dir, "plain.json"))
	_, _, _ = plain.Add(3, "", "", now)
	plain.Switch("https://b.example", keyB)
	if plain.Get(3) == nil {
		t.Error("OpenStore's store switched")
	}
}

// A schedule's change waits for the next write or for Flush; Flush writes it.
func TestTouchWrittenByFlush(t *testing.T) {
	path := filepath.Join(t.TempDir(), "watch.json")
	s, _ := OpenStore(path)
	e, _, _ := s.Add(1, "", "", time.Date(2026, 11, 27, 14, 0, 0, 0, time.UTC))
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	e.Interval = duration(22500 * time.Millisecond)
	s.Touch()
	if raw, _ := os.ReadFile(path); strings.Contains(string(raw), "22.5s") {
		t.Fatal("written at once")
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if raw, _ := os.ReadFile(path); !strings.Contains(string(raw), `"interval":"22.5s"`) {
		t.Errorf("not flushed:\n%s", raw)
	}
}
