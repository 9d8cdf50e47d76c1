package bulk

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/listings-tui/listings/api"
)

// A job is journaled so that it survives a crash or kill -9 and never applies an item
// twice. The journal is one append-only file of JSON lines, fsynced after each line:
// the job's header first (the action and every item with what it will become), then
// for each item "send" before its request goes out and "ok" or "fail" after its
// answer. Read back, an item is in one of four states: not started, done, failed, or
// in doubt (sent, answer lost), and an item in doubt is checked with one GET before it
// is sent again (Verify). A line torn by a kill in the middle of a write is ignored.

// Header is the first line of a journal.
type Header struct {
	Job     string    `json:"job"`
	Created time.Time `json:"created"`
	BaseURL string    `json:"base_url"`
	Kind    string    `json:"kind"`             // "status" or "price"
	Status  string    `json:"status,omitempty"` // with kind status: the one to set
	Items   []Planned `json:"items"`
}

// Planned is one item as planned: its listing, and the price it will have (a price
// job; the old one too, to tell a done change from one never made).
type Planned struct {
	ID       int    `json:"id"`
	Title    string `json:"title,omitempty"`
	OldPrice string `json:"old_price,omitempty"`
	NewPrice string `json:"new_price,omitempty"`
}

// event is a line after the header.
type event struct {
	ID     int    `json:"id"`
	Ev     string `json:"ev"` // send, ok, fail
	Status string `json:"status,omitempty"`
	Code   string `json:"code,omitempty"`
	Hint   string `json:"hint,omitempty"`
	At     int64  `json:"at"`
}

// State is where an item of a job stands.
type State int

const (
	NotStarted State = iota
	InDoubt          // sent, and its answer never written: check before sending again
	Done
	Failed
)

// Outcome is an item's last word in the journal.
type Outcome struct {
	State  State
	Status string // the listing's status after it, when the answer said
	Code   string // the refusal's code
	Hint   string
}

// Journal is an open journal file.
type Journal struct {
	mu   sync.Mutex // the workers of a job write it at once
	f    *os.File
	Head Header
	// Items are the outcomes read back, by id.
	Items map[int]Outcome
}

// Create starts the journal of a new job at path; it fails if one is there.
func Create(path string, h Header) (*Journal, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("start the job's journal: %w", err)
	}
	j := &Journal{f: f, Head: h, Items: map[int]Outcome{}}
	if err := j.append(h); err != nil {
		f.Close()
		os.Remove(path)
		return nil, err
	}
	syncDir(filepath.Dir(path))
	return j, nil
}

// Open reads a journal back to resume its job: every item's outcome, in doubt where
// the answer to a sent request was lost.
func Open(path string) (*Journal, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read the job's journal: %w", err)
	}
	lines := bytes.Split(data, []byte("\n"))
	var h Header
	if len(lines) == 0 || json.Unmarshal(lines[0], &h) != nil || h.Job == "" {
		return nil, fmt.Errorf("the job's journal %s has no readable header: it cannot be resumed", path)
	}
	j := &Journal{Head: h, Items: map[int]Outcome{}}
	for _, line := range lines[1:] {
		var e event
		if len(bytes.TrimSpace(line)) == 0 || json.Unmarshal(line, &e) != nil {
			continue // a line torn by a kill: the step it began did not finish
		}
		switch e.Ev {
		case "send":
			j.Items[e.ID] = Outcome{State: InDoubt}
		case "ok":
			j.Items[e.ID] = Outcome{State: Done, Status: e.Status}
		case "fail":
			j.Items[e.ID] = Outcome{State: Failed, Code: e.Code, Hint: e.Hint}
		case "unsent":
			j.Items[e.ID] = Outcome{State: NotStarted}
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("reopen the job's journal: %w", err)
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		_, _ = f.Write([]byte("\n")) // end a torn line, so the next one reads alone
	}
	j.f = f
	return j, nil
}

// Sending records that id's request is about to go out; it must be on disk first.
func (j *Journal) Sending(id int) error {
	return j.record(id, Outcome{State: InDoubt}, event{ID: id, Ev: "send"})
}

// Succeeded records id's answer.
func (j *Journal) Succeeded(id int, status api.Status) error {
	return j.record(id, Outcome{State: Done, Status: string(status)}, event{ID: id, Ev: "ok", Status: string(status)})
}

// Refused records id's refusal (or any failure that is final for it).
func (j *Journal) Refused(id int, code, hint string) error {
	return j.record(id, Outcome{State: Failed, Code: code, Hint: hint}, event{ID: id, Ev: "fail", Code: code, Hint: hint})
}

// Unsent records that id's request was refused before it was acted on (a 429, the
// key): it is to be sent again, with no check first.
func (j *Journal) Unsent(id int) error {
	return j.record(id, Outcome{State: NotStarted}, event{ID: id, Ev: "unsent"})
}

// record journals e and then takes o as id's outcome.
func (j *Journal) record(id int, o Outcome, e event) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	e.At = time.Now().Unix()
	if err := j.append(e); err != nil {
		return err
	}
	j.Items[id] = o
	return nil
}

// Outcome is where id stands.
func (j *Journal) Outcome(id int) Outcome {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.Items[id]
}

// Close closes the file.
func (j *Journal) Close() error {
	if j.f == nil {
		return nil
	}
	return j.f.Close()
}

// Left are the items still to do, in the plan's order: not started and in doubt.
func (j *Journal) Left() []Planned {
	j.mu.Lock()
	defer j.mu.Unlock()
	var out []Planned
	for _, p := range j.Head.Items {
		if st := j.Items[p.ID].State; st == NotStarted || st == InDoubt {
			out = append(out, p)
		}
	}
	return out
}

// append writes one line and syncs it: a step is journaled only once it is on disk.
func (j *Journal) append(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if _, err := j.f.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("write the job's journal: %w", err)
	}
	if err := j.f.Sync(); err != nil {
		return fmt.Errorf("write the job's journal: %w", err)
	}
	return nil
}

func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

// HeaderOf is the journal's header of plan p, named job: every change with what it
// becomes.
func HeaderOf(job string, p Plan) Header {
	h := Header{Job: job, Created: time.Now()}
	switch {
	case p.Action.Status != "":
		h.Kind, h.Status = KindStatus, string(p.Action.Status)
	case p.Action.Price != nil:
		h.Kind = KindPrice
	}
	for _, c := range p.Changes {
		pl := Planned{ID: c.ID, Title: c.Title}
		if h.Kind == KindPrice {
			pl.OldPrice, pl.NewPrice = c.Price.String(), c.NewPrice.String()
		}
		h.Items = append(h.Items, pl)
	}
	return h
}
