package jsonlog

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

type head struct {
	Job  string `json:"job"`
	Kind string `json:"kind"`
}

// Jobs started in the same second get -2, -3… after the name; Load reads the head
// and the events back, with the lock or without, and refuses what is no journal.
func TestCreateJobAndLoad(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 11, 24, 22, 49, 0, 0, time.UTC)
	var jobs []string
	for range 3 {
		l, job, path, err := CreateJob(dir, "import", now, func(job string) any { return head{job, "import"} })
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Append(map[string]string{"ev": "ok"}); err != nil {
			t.Fatal(err)
		}
		l.Close()
		if JobName(path) != job {
			t.Errorf("%s is job %s", path, job)
		}
		jobs = append(jobs, job)
	}
	if strings.Join(jobs, " ") != "20261124-224900-import 20261124-224900-import-2 20261124-224900-import-3" {
		t.Errorf("jobs %v", jobs)
	}

	p := filepath.Join(dir, jobs[1]+".jsonl")
	var h head
	var events []string
	l, err := Load(p, true, "import", &h, nil, func(line []byte) { events = append(events, string(line)) })
	if err != nil || h.Job != jobs[1] || len(events) != 1 {
		t.Fatalf("load: %v %+v %q", err, h, events)
	}
	// While it is open for writing, another writer is refused, a reader is not.
	if _, err := Load(p, true, "import", &h, nil, func([]byte) {}); !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "resume import "+jobs[1]) {
		t.Errorf("a second writer: %v", err)
	}
	if _, err := Load(p, false, "import", &h, nil, func([]byte) {}); err != nil {
		t.Errorf("a reader: %v", err)
	}
	l.Close()
	if _, err := Load(p, false, "export", &h, func() error { return errors.New("not an export") }, func([]byte) {}); err == nil {
		t.Error("the kind check was not asked")
	}
	bad := filepath.Join(dir, "bad.jsonl")
	_ = os.WriteFile(bad, []byte("{\"kind\":\"x\"}\n"), 0o600)
	if _, err := Load(bad, false, "job", &h, nil, func([]byte) {}); err == nil || !strings.Contains(err.Error(), "no readable header") {
		t.Errorf("a header without a job: %v", err)
	}
	all, errs := List(dir, "*.jsonl", func(p string) (string, error) { return JobName(p), nil }, func(j string) bool { return j != "bad" })
	if len(all) != 3 || len(errs) != 0 {
		t.Errorf("List: %v %v", all, errs)
	}
}
