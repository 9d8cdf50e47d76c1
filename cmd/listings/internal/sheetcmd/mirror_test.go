package sheetcmd_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
)

// A mirror synced in the last minutes serves the export: the list costs no request
// and gives the same file as the service's; --detail takes the details it keeps
// unchanged and fetches only the listing edited since; --fresh asks the service.
// The requests are counted at the sandbox.
func TestExportReadsAFreshMirror(t *testing.T) {
	t.Parallel()
	s := newShop(t, 10)
	c := s.c.WithKey(sandbox.KeyBusiness) // 600 requests a minute: no test waits for the budget
	dir := t.TempDir()
	same := func(a, b string) {
		t.Helper()
		x, _ := os.ReadFile(filepath.Join(dir, a))
		y, _ := os.ReadFile(filepath.Join(dir, b))
		if len(x) == 0 || !bytes.Equal(x, y) {
			xs, ys := strings.Split(string(x), "\n"), strings.Split(string(y), "\n")
			for i := range min(len(xs), len(ys)) {
				if xs[i] != ys[i] {
					t.Errorf("%s and %s differ at line %d:\n%s\n%s", a, b, i+1, xs[i], ys[i])
					return
				}
			}
			t.Errorf("%s and %s differ: %d and %d lines", a, b, len(xs), len(ys))
		}
	}
	export := func(file string, args ...string) string {
		t.Helper()
		r := c.Run("", append([]string{"export", "--status", "all", "-o", filepath.Join(dir, file)}, args...)...)
		if r.Code != 0 {
			t.Fatalf("export %v: exit %d\n%s", args, r.Code, r.Stderr)
		}
		return r.Stderr
	}

	// Without a mirror, and with --fresh, the service.
	if msg := export("before.csv"); strings.Contains(msg, "local mirror") {
		t.Errorf("a mirror never synced was read:\n%s", msg)
	}
	c.OK("", "sync")
	lists := s.lists.Load()
	msg := export("mirror.csv")
	if s.lists.Load() != lists || !strings.Contains(msg, "the list from the local mirror, synced") ||
		!strings.Contains(msg, "1 request saved") {
		t.Errorf("%d list requests with a fresh mirror:\n%s", s.lists.Load()-lists, msg)
	}
	export("service.csv", "--fresh")
	if s.lists.Load() == lists {
		t.Error("--fresh did not read the service")
	}
	same("mirror.csv", "service.csv")
	same("mirror.csv", "before.csv")

	// --detail: sync --details keeps every detail; the export then asks for none.
	c.OK("", "sync", "--details")
	gets, lists := s.details.Load(), s.lists.Load()
	msg = export("detail-mirror.jsonl", "--detail")
	if s.details.Load() != gets || s.lists.Load() != lists || !strings.Contains(msg, "details from the local mirror") {
		t.Errorf("%d detail and %d list requests with every detail kept:\n%s", s.details.Load()-gets, s.lists.Load()-lists, msg)
	}
	export("detail-service.jsonl", "--detail", "--fresh")
	n := s.details.Load() - gets
	if n == 0 {
		t.Fatal("--detail --fresh fetched nothing")
	}
	same("detail-mirror.jsonl", "detail-service.jsonl")

	// A price changed and synced: that listing alone is fetched again.
	first := strings.Fields(strings.Split(c.OK("", "ls", "--status", "all"), "\n")[1])[0]
	if _, err := strconv.Atoi(first); err != nil {
		t.Fatalf("no id in ls: %q", first)
	}
	c.OK("", "price", first, "--set", "777")
	c.OK("", "sync")
	gets = s.details.Load()
	export("edited.jsonl", "--detail")
	// One, unless the sandbox's moderation decided another pending listing meanwhile.
	if got := s.details.Load() - gets; got < 1 || got >= n {
		t.Errorf("%d detail requests after one listing's edit (of %d listings), want 1", got, n)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "edited.jsonl")); !strings.Contains(string(data), `"price":777`) {
		t.Errorf("the edited price is not in the file:\n%s", data)
	}
}
