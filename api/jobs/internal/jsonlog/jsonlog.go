// Package jsonlog owns the file format under every journal of the app's jobs (bulk
// actions, imports, exports): one append-only file of JSON lines, each line fsynced
// before the step it records is taken, and an exclusive lock held while the file is
// open for writing, so that two processes never run one job. A line torn by a kill in
// the middle of a write is ended on reopen and skipped by the reader: the step it began
// did not finish.
package jsonlog

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// ErrBusy is the error of opening a log another process holds open.
var ErrBusy = errors.New("another listings process is running this job")

// Log is an open log file.
type Log struct {
	mu sync.Mutex // a job's workers append at once
	f  *os.File
}

// Create starts a new log at path with head as its first line; it fails if a file is
// there. The directory is made private (0700) and the file 0600.
func Create(path string, head any) (*Log, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	if err := lock(f); err != nil {
		f.Close()
		return nil, err
	}
	l := &Log{f: f}
	if err := l.Append(head); err != nil {
		f.Close()
		os.Remove(path)
		return nil, err
	}
	syncDir(filepath.Dir(path))
	return l, nil
}

// Open reopens the log at path for appending, under its lock, and returns its lines:
// the first is the head. Lines are raw; a torn one fails to decode and is to be skipped.
func Open(path string) (*Log, [][]byte, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND, 0o600)
	if err != nil {
		return nil, nil, err
	}
	if err := lock(f); err != nil {
		f.Close()
		return nil, nil, err
	}
	data, err := readAll(f)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		// End a torn line, so the next one reads alone.
		if _, err := f.Write([]byte("\n")); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	return &Log{f: f}, Lines(data), nil
}

// Read returns the lines of the log at path without opening it for writing or taking
// its lock: a reader (a list of jobs) must not disturb a job another process runs.
func Read(path string) ([][]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Lines(data), nil
}

// Lines splits a log's bytes into its non-empty lines.
func Lines(data []byte) [][]byte {
	var out [][]byte
	for _, l := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(l)) > 0 {
			out = append(out, l)
		}
	}
	return out
}

// Append writes v as one line and syncs it: a step is recorded only once it is on disk.
func (l *Log) Append(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil {
		return errors.New("the journal is closed")
	}
	if _, err := l.f.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("write the journal: %w", err)
	}
	if err := l.f.Sync(); err != nil {
		return fmt.Errorf("write the journal: %w", err)
	}
	return nil
}

// Close releases the lock and closes the file; closing twice is harmless.
func (l *Log) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil {
		return nil
	}
	err := l.f.Close() // closing the descriptor releases the lock
	l.f = nil
	return err
}

func readAll(f *os.File) ([]byte, error) {
	var buf bytes.Buffer
	if _, err := f.Seek(0, 0); err != nil {
		return nil, err
	}
	if _, err := buf.ReadFrom(f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

// Scan calls fn with each non-empty line of the log at path and its offset in the
// file, reading it piece by piece: a log of ten thousand listings' details is never
// held whole. It takes no lock, as Read. A line may be as long as maxLine.
func Scan(path string, fn func(offset int64, line []byte) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	var off int64
	for sc.Scan() {
		line := sc.Bytes()
		at := off
		off += int64(len(line)) + 1
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if err := fn(at, line); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read %s: %w", filepath.Base(path), err)
	}
	return nil
}

// maxLine is the longest line Scan reads: a job's header lists its items, ten
// thousand of them in well under this.
const maxLine = 64 << 20

// Held says whether the log at path is held open for writing: its job runs, in
// another process or in this one. It takes the lock for an instant on a descriptor
// of its own, writing nothing.
func Held(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close() // closing the descriptor releases a lock taken here
	return errors.Is(lock(f), ErrBusy)
}
