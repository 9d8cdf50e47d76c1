package watch

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
)

func TestStoreRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "watch.json")
	s, err := OpenStore(path)
	if err != nil || s.Len() != 0 {
		t.Fatalf("missing file: %v %d", err, s.Len())
	}
	now := time.Date(2026, 11, 21, 14, 0, 0, 0, api.Kyiv)
	e, added, err := s.Add(10062, "Toyota headlight", "", now)
	if err != nil || !added {
		t.Fatal(err)
	}
	e.Status, e.Interval, e.LastChecked, e.NextCheck = api.StatusPending, duration(22500*time.Millisecond), now, now.Add(22500*time.Millisecond)
	d, _, _ := s.Add(10063, "Replica watch", "", now)
	d.Status, d.Reason, d.DecidedAt = api.StatusBlocked, "prohibited word", now.Add(time.Minute)
	g, _, _ := s.Add(7, "", "", now)
	g.Gone, g.Error = true, "x"
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v %v", info, err)
	}
	raw, _ := os.ReadFile(path)
	for _, want := range []string{`"version": 1`, `"interval":"22.5s"`, `"added_at"`, `"decided_at"`, `"next_check"`, `"last_checked"`, `"reason":"prohibited word"`} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("file lacks %s:\n%s", want, raw)
		}
	}
	back, err := OpenStore(path)
	if err != nil || back.Len() != 3 {
		t.Fatalf("reopen: %v %d", err, back.Len())
	}
	for i, want := range s.Entries() {
		got := back.Entries()[i]
		if got.ID != want.ID || got.Title != want.Title || got.Status != want.Status || got.Reason != want.Reason ||
			!got.AddedAt.Equal(want.AddedAt) || !got.DecidedAt.Equal(want.DecidedAt) || !got.NextCheck.Equal(want.NextCheck) ||
			!got.LastChecked.Equal(want.LastChecked) || got.Interval != want.Interval || got.Gone != want.Gone || got.Error != want.Error {
			t.Errorf("entry %d: %+v, want %+v", i, got, want)
		}
	}
	if !back.Get(10062).Pollable() || back.Get(10063).Pollable() || back.Get(7).Pollable() {
		t.Error("pollable after reopen")
	}
}

func TestStoreCorruptFile(t *testing.T) {
	for name, content := range map[string]string{
		"garbage":    "{not json",
		"no version": `{"entries": []}`,
		"bad type":   `{"version": 1, "entries": [{"id": "x"}]}`,
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "watch.json")
			if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
				t.Fatal(err)
			}
			s, err := OpenStore(path)
			if err == nil || !strings.Contains(err.Error(), "corrupt") || !strings.Contains(err.Error(), path) ||
				!strings.Contains(err.Error(), path+".corrupt") {
				t.Fatalf("error %v", err)
			}
			if s == nil || s.Len() != 0 || s.Path() != path {
				t.Fatalf("store %+v", s)
			}
			kept, rerr := os.ReadFile(path + ".corrupt")
			if rerr != nil || string(kept) != content {
				t.Errorf("the corrupt file was not kept aside: %q %v", kept, rerr)
			}
			// The fresh list is usable and is written where the old one was.
			if _, _, err := s.Add(1, "a", "", time.Now()); err != nil {
				t.Fatal(err)
			}
			if err := s.Save(); err != nil {
				t.Fatal(err)
			}
			if again, err := OpenStore(path); err != nil || again.Len() != 1 {
				t.Errorf("after save: %v", err)
			}
		})
	}
}

func TestStoreNewerVersionLeftAlone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "watch.json")
	content := `{"version": 9, "entries": []}`
	_ = os.WriteFile(path, []byte(content), 0o600)
	s, err := OpenStore(path)
	if err == nil || !strings.Contains(err.Error(), "newer") || s.Path() != "" {
		t.Fatalf("%v %q", err, s.Path())
	}
	_, _, _ = s.Add(1, "", "", time.Now())
	_ = s.Save()
	if got, _ := os.ReadFile(path); string(got) != content {
		t.Errorf("overwritten: %s", got)
	}
}

func TestStoreAtomicWriteLeavesNoTempFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "watch.json")
	s, _ := OpenStore(path)
	for i := 1; i <= 30; i++ {
		if _, _, err := s.Add(i, "t", "", time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := s.Save(); err != nil {
			t.Fatal(err)
		}
	}
	names, _ := os.ReadDir(dir)
	if len(names) != 1 || names[0].Name() != "watch.json" {
		var all []string
		for _, n := range names {
			all = append(all, n.Name())
		}
		t.Errorf("files left: %v", all)
	}
	var f fileLayout
	raw, _ := os.ReadFile(path)
	if err := json.Unmarshal(raw, &f); err != nil || len(f.Entries) != 30 {
		t.Errorf("content %v %d", err, len(f.Entries))
	}
}

func TestStoreAddRemoveDedupeBound(t *testing.T) {
	s := NewMemoryStore()
	now := time.Now()
	if _, added, _ := s.Add(5, "a", "", now); !added {
		t.Fatal("first add")
	}
	if e, added, _ := s.Add(5, "b", "", now); added || e.Title != "a" || s.Len() != 1 {
		t.Fatal("dup add")
	}
	for i := 6; s.Len() < MaxLines; i++ {
		_, _, _ = s.Add(i, "", "", now)
	}
	if _, _, err := s.Add(100000, "", "", now); err == nil || !strings.Contains(err.Error(), "full") {
		t.Fatalf("bound: %v", err)
	}
	if !s.Remove(5) || s.Remove(5) || s.Get(5) != nil || s.Len() != MaxLines-1 {
		t.Fatal("remove")
	}
	s.Get(6).Status, s.Get(6).DecidedAt = api.StatusActive, now
	s.Get(7).Gone = true
	if n := s.RemoveDecided(); n != 2 || s.Get(6) != nil || s.Get(7) != nil || s.Get(8) == nil {
		t.Fatalf("remove decided %d", n)
	}
}

func TestStoreLoadDropsBadEntries(t *testing.T) {
	path := filepath.Join(t.TempDir(), "watch.json")
	_ = os.WriteFile(path, []byte(`{"version":1,"entries":[{"id":0},{"id":3,"title":"a"},{"id":3,"title":"b"},{"id":4,"status":"fancy_new"}]}`), 0o600)
	s, err := OpenStore(path)
	// An undecided entry with a status this app does not know is still watched.
	if err != nil || s.Len() != 2 || s.Get(3).Title != "a" || !s.Get(4).Pollable() {
		t.Fatalf("%v %d", err, s.Len())
	}
}
