package jobs_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/jobs/bulk"
	"github.com/listings-tui/listings/api/jobs/job"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

// pruneJob journals a deactivation of two listings created age ago, done (both
// answered), stopped (one left) or cancelled.
func pruneJob(t *testing.T, dir, name string, age time.Duration, state string) *bulk.Journal {
	t.Helper()
	h := bulk.Header{Info: job.Info{Job: name, Created: time.Now().Add(-age), Kind: bulk.KindStatus}, Status: "inactive",
		Items: []bulk.Planned{{ID: 1}, {ID: 2}}}
	j, err := bulk.Create(filepath.Join(dir, name+".jsonl"), h)
	if err != nil {
		t.Fatal(err)
	}
	_ = j.Succeeded(1, "inactive")
	switch state {
	case job.StateDone:
		_ = j.Succeeded(2, "inactive")
	case job.StateCancelled:
		_ = j.Cancel()
	}
	return j
}

// listings jobs prune deletes the finished jobs (done, cancelled) past the age, from
// the flag or else the config, and never one running or with items left, whatever
// its age; --dry-run deletes nothing.
func TestPruneFinishedJobsPastTheAge(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	data, conf := t.TempDir(), t.TempDir()
	c.Env = map[string]string{"LISTINGS_DATA_DIR": data, "LISTINGS_CONFIG_DIR": conf}
	dir := filepath.Join(data, "jobs")
	day := 24 * time.Hour
	for _, j := range []*bulk.Journal{
		pruneJob(t, dir, "20260101-000000-deactivate", 40*day, job.StateDone),
		pruneJob(t, dir, "20260102-000000-deactivate", 40*day, job.StateCancelled),
		pruneJob(t, dir, "20260103-000000-deactivate", 40*day, job.StateStopped),
		pruneJob(t, dir, "20260104-000000-deactivate", 25*day, job.StateDone),
		pruneJob(t, dir, "20260105-000000-deactivate", 2*day, job.StateDone),
	} {
		j.Close()
	}
	running := pruneJob(t, dir, "20260106-000000-deactivate", 40*day, job.StateDone) // held open: a process runs it
	defer running.Close()

	type pruned struct{ ID, State string }
	var got []pruned
	c.OKJSON(&got, "", "jobs", "prune", "--dry-run", "--json")
	if len(got) != 2 || got[0].ID != "20260101-000000-deactivate" || got[1].State != job.StateCancelled {
		t.Fatalf("dry run: %+v", got)
	}
	if n := countJournals(t, dir); n != 6 {
		t.Fatalf("a dry run deleted journals: %d left", n)
	}
	// The config's age, 20 days, takes the done one of 25 days too.
	if err := os.WriteFile(filepath.Join(conf, "config.json"), []byte(`{"jobs":{"keep_for":"20d"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	got = nil
	c.OKJSON(&got, "", "jobs", "prune", "--json")
	var ids []string
	for _, p := range got {
		ids = append(ids, p.ID)
	}
	slices.Sort(ids)
	if !slices.Equal(ids, []string{"20260101-000000-deactivate", "20260102-000000-deactivate", "20260104-000000-deactivate"}) {
		t.Fatalf("pruned %v", ids)
	}
	if n := countJournals(t, dir); n != 3 {
		t.Errorf("%d journals left, want the stopped, the recent and the running one", n)
	}
	c.Fails(cmdutil.ExitUsage, "", "jobs", "prune", "--older-than", "soon")
	if err := os.WriteFile(filepath.Join(conf, "config.json"), []byte(`{"jobs":{"keep_for":"forever"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	c.Fails(cmdutil.ExitError, "", "jobs", "prune")
}

func countJournals(t *testing.T, dir string) int {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return len(m)
}
