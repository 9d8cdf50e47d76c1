package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"
)

// stateFormat is the version of the state file layout.
const stateFormat = 1

// stateFile is the JSON layout of the state file.
type stateFile struct {
	Format   int                 `json:"format"`
	NextID   int                 `json:"next_id"`
	Listings []*listing          `json:"listings"`
	Counters map[string]*counter `json:"counters"`
}

// snapshot encodes the state and returns the version it encodes.
func (s *Server) snapshot() ([]byte, uint64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := stateFile{Format: stateFormat, NextID: s.st.NextID, Counters: s.st.Counters,
		Listings: make([]*listing, 0, len(s.st.byID))}
	for _, l := range s.st.byID {
		f.Listings = append(f.Listings, l)
	}
	slices.SortFunc(f.Listings, func(a, b *listing) int { return a.ID - b.ID })
	b, err := json.MarshalIndent(f, "", " ")
	return b, s.st.version, err
}

// loadState reads the state file; a missing file gives a nil store and no error.
func loadState(path string) (*store, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("sandbox: read state: %w", err)
	}
	var f stateFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("sandbox: read state %s: %w", path, err)
	}
	if f.Format != stateFormat {
		return nil, fmt.Errorf("sandbox: read state %s: unknown format %d", path, f.Format)
	}
	st := newStore()
	for i, l := range f.Listings {
		if l == nil || l.ID <= 0 || st.byID[l.ID] != nil || l.Owner <= 0 {
			return nil, fmt.Errorf("sandbox: read state %s: listing #%d is invalid or repeated", path, i)
		}
		if l.Photos == nil {
			l.Photos = []string{}
		}
		if l.PhotosWM == nil {
			l.PhotosWM = []string{}
		}
		if l.Photos3D == nil {
			l.Photos3D = []string{}
		}
		st.add(l)
	}
	st.NextID = max(st.NextID, f.NextID)
	for name, c := range f.Counters {
		if c != nil {
			st.Counters[name] = c
		}
	}
	return st, nil
}

// writeAtomic replaces path with b through a temporary file and a rename, so a crash
// leaves either the old or the new state, never a torn one.
func writeAtomic(path string, b []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// saveDebounce gathers a burst of changes into one write.
const saveDebounce = 100 * time.Millisecond

// saver writes the state file shortly after changes and once more on close.
type saver struct {
	path  string
	snap  func() ([]byte, uint64, error)
	logf  func(string, ...any)
	kick  chan struct{}
	stop  chan struct{}
	done  chan struct{}
	once  sync.Once
	mu    sync.Mutex // serialises writes
	saved uint64
}

func newSaver(path string, snap func() ([]byte, uint64, error), logf func(string, ...any)) *saver {
	sv := &saver{path: path, snap: snap, logf: logf, kick: make(chan struct{}, 1),
		stop: make(chan struct{}), done: make(chan struct{})}
	go sv.loop()
	return sv
}

// poke asks for a save; it never blocks, so it may be called with s.mu held.
func (sv *saver) poke() {
	select {
	case sv.kick <- struct{}{}:
	default:
	}
}

func (sv *saver) loop() {
	defer close(sv.done)
	for {
		select {
		case <-sv.stop:
			return
		case <-sv.kick:
		}
		t := time.NewTimer(saveDebounce)
		select {
		case <-sv.stop:
			t.Stop()
			return
		case <-t.C:
		}
		if err := sv.flush(); err != nil && sv.logf != nil {
			sv.logf("sandbox: save state: %v", err)
		}
	}
}

// flush writes the state when it changed since the last write.
func (sv *saver) flush() error {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	b, v, err := sv.snap()
	if err != nil {
		return err
	}
	if v == sv.saved {
		return nil
	}
	if err := writeAtomic(sv.path, b); err != nil {
		return err
	}
	sv.saved = v
	return nil
}

// close stops the loop and flushes; later calls only flush.
func (sv *saver) close() error {
	sv.once.Do(func() {
		close(sv.stop)
		<-sv.done
	})
	return sv.flush()
}
