package jsonlog

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestTornLineIsEndedAndSkipped(t *testing.T) {
	p := filepath.Join(t.TempDir(), "jobs", "a.jsonl")
	l, err := Create(p, map[string]string{"job": "a"})
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Append(map[string]int{"n": 1}); err != nil {
		t.Fatal(err)
	}
	l.Close()
	f, _ := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"n":`) // a kill in the middle of a write
	f.Close()

	l, lines, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Append(map[string]int{"n": 2}); err != nil {
		t.Fatal(err)
	}
	l.Close()
	lines, _ = Read(p)
	var got []int
	for _, line := range lines[1:] {
		var v struct{ N int }
		if json.Unmarshal(line, &v) == nil {
			got = append(got, v.N)
		}
	}
	if len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Fatalf("lines after the torn one: %v, want [1 2]", got)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", st.Mode().Perm())
	}
}

func TestASecondWriterIsRefused(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.jsonl")
	l, err := Create(p, "head")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if _, _, err := Open(p); !errors.Is(err, ErrBusy) {
		t.Fatalf("second open: %v, want ErrBusy", err)
	}
	if _, err := Read(p); err != nil {
		t.Fatalf("a reader is not refused: %v", err)
	}
	l.Close()
	l2, _, err := Open(p)
	if err != nil {
		t.Fatalf("open after close: %v", err)
	}
	l2.Close()
	if _, err := Create(p, "again"); err == nil {
		t.Fatal("Create over an existing journal succeeded")
	}
}
