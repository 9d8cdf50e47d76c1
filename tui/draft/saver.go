package draft

import (
	"encoding/json"
	"sync"
)

// Saver writes drafts in the background, the latest version of each draft winning:
// the form hands it a copy on every change and never waits for the disk, and a
// burst of keystrokes costs one write per draft at a time, not one per key. Flush
// waits until everything handed over is on disk (before quitting, and in tests).
type Saver struct {
	store *Store

	mu      sync.Mutex
	cond    *sync.Cond
	pending map[string][]byte // id → newest bytes not yet written
	order   []string
	busy    bool
	err     error // the last write's failure, until a later write succeeds
	onErr   func(error)
	states  chan error // the latest change of err, for State
}

// NewSaver returns a saver over store. onErr, if set, is told of a failed write
// (from the saver's goroutine).
func NewSaver(store *Store, onErr func(error)) *Saver {
	s := &Saver{store: store, pending: map[string][]byte{}, onErr: onErr, states: make(chan error, 1)}
	s.cond = sync.NewCond(&s.mu)
	return s
}

// Save queues d. The draft is encoded here, so the caller may change it at once.
func (s *Saver) Save(d *Draft) error {
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, queued := s.pending[d.ID]; !queued {
		s.order = append(s.order, d.ID)
	}
	s.pending[d.ID] = b
	if !s.busy {
		s.busy = true
		go s.run()
	}
	return nil
}

// Forget drops a queued write of id (the draft was sent or deleted) and waits for
// a write of it in progress, so a deleted draft is not written back.
func (s *Saver) Forget(id string) {
	s.mu.Lock()
	delete(s.pending, id)
	s.mu.Unlock()
	s.Flush()
}

func (s *Saver) run() {
	for {
		s.mu.Lock()
		var id string
		var b []byte
		for len(s.order) > 0 && b == nil {
			id, s.order = s.order[0], s.order[1:]
			b = s.pending[id]
			delete(s.pending, id)
		}
		if b == nil {
			s.busy = false
			s.cond.Broadcast()
			s.mu.Unlock()
			return
		}
		s.mu.Unlock()

		err := s.store.write(id, b)

		s.mu.Lock()
		changed := (err == nil) != (s.err == nil)
		s.err = err
		if changed || err != nil {
			s.publish(err)
		}
		s.mu.Unlock()
		if err != nil && s.onErr != nil {
			s.onErr(err)
		}
	}
}

// publish replaces an unread state with err: who reads State wants the latest, not
// every write. Caller holds mu.
func (s *Saver) publish(err error) {
	select {
	case <-s.states:
	default:
	}
	s.states <- err
}

// State yields the saver's health as it changes: a failed write's error, then nil
// once a write succeeds again. The app waits on it off its event loop to say, in a
// banner, that drafts are not being saved and why.
func (s *Saver) State() <-chan error { return s.states }

// Flush waits until every queued draft is written and returns the last failure.
func (s *Saver) Flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.busy {
		s.cond.Wait()
	}
	return s.err
}
