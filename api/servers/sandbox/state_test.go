package sandbox

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRestartLosesNothing(t *testing.T) {
	statePath := filepath.Join(t.TempDir(), "state", "sandbox.json")
	e := newEnv(t, Options{StatePath: statePath})
	up := e.upload("/api/v1/upload/photo", "file", pngImage(t, 40, 30))
	wantOK(t, up, 201)
	b := e.validBody("Persisted phone listing")
	b["photos"] = []string{up.str("url")}
	b["photos_wm"] = []string{up.str("url_wm")}
	id := e.create(KeyBusiness, b)
	wantOK(t, e.req("PATCH", path(id), KeyBusiness, map[string]any{"price": 77.7}), 200)
	active := e.firstWithStatus(KeyBusiness, "active")
	wantOK(t, e.req("POST", path(active)+"/status", KeyBusiness, map[string]any{"status": "inactive"}), 200)
	before := e.get(path(id), KeyBusiness)
	ping := e.get("/api/v1/ping", KeyBusiness)
	all := e.listingsOf(KeyBusiness, "status=all")
	if err := e.s.Close(); err != nil {
		t.Fatal(err)
	}

	e2 := newEnv(t, Options{StatePath: statePath})
	e2.clock.Set(e.clock.Now())
	after := e2.get(path(id), KeyBusiness)
	if string(after.raw) != string(before.raw) {
		t.Fatalf("listing changed across restart:\n%s\n%s", before.raw, after.raw)
	}
	if st := e2.get(path(active), KeyBusiness).obj("listing")["status"]; st != "inactive" {
		t.Fatalf("status lost: %v", st)
	}
	// Counted since that ping: one list page before the restart, two GETs and a ping after.
	if p := e2.get("/api/v1/ping", KeyBusiness); p.num("total_requests") != ping.num("total_requests")+4 {
		t.Fatalf("total_requests before %v after %v", ping.body["total_requests"], p.body["total_requests"])
	}
	if got := e2.get(strings.TrimPrefix(up.str("url"), "http://example.com"), ""); got.code != 200 {
		t.Fatalf("uploaded photo lost: %d", got.code)
	}
	next := e2.create(KeyBusiness, e2.validBody("Another phone after restart"))
	if next <= id {
		t.Fatalf("id sequence went back: %d after %d", next, id)
	}
	if n := len(e2.listingsOf(KeyBusiness, "status=all")); n != len(all)+1 {
		t.Fatalf("%d listings, want %d", n, len(all)+1)
	}
}

func TestCountersPersist(t *testing.T) {
	statePath := filepath.Join(t.TempDir(), "s.json")
	e := newEnv(t, Options{StatePath: statePath})
	for range 5 {
		e.get("/api/v1/ping", KeyPersonal)
	}
	if err := e.s.Close(); err != nil {
		t.Fatal(err)
	}
	e2 := newEnv(t, Options{StatePath: statePath})
	r := e2.get("/api/v1/ping", KeyPersonal)
	if r.num("total_requests") != 6 || r.num("requests_this_minute") != 6 {
		t.Fatalf("counters: %s", r.raw)
	}
}

func TestBadStateFile(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"garbage.json": "{not json",
		"format.json":  `{"format": 99}`,
		"repeat.json":  `{"format":1,"listings":[{"id":5,"owner":1001},{"id":5,"owner":1001}]}`,
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := New(Options{StatePath: p}); err == nil {
			t.Fatalf("%s: no error", name)
		} else if !strings.Contains(err.Error(), "state") {
			t.Fatalf("%s: error without context: %v", name, err)
		}
	}
}

func TestStateFileIsJSONAfterClose(t *testing.T) {
	statePath := filepath.Join(t.TempDir(), "s.json")
	e := newEnv(t, Options{StatePath: statePath})
	if err := e.s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := e.s.Close(); err != nil {
		t.Fatal("second Close:", err)
	}
	st, err := loadState(statePath)
	if err != nil || st == nil || len(st.byID) < 60 {
		t.Fatalf("state %v %v", st != nil, err)
	}
	entries, _ := os.ReadDir(filepath.Dir(statePath))
	for _, en := range entries {
		if strings.Contains(en.Name(), ".tmp") {
			t.Fatalf("temp file left: %s", en.Name())
		}
	}
}
