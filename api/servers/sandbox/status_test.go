package sandbox

import (
	"testing"
)

func TestStatusTransitions(t *testing.T) {
	e := newEnv(t, Options{})
	cases := []struct {
		from, to string
		code     string // "" is 200
	}{
		{"active", "inactive", ""},
		{"inactive", "active", ""},
		{"active", "active", ""},
		{"inactive", "inactive", ""},
		{"pending", "active", "status_change_forbidden"},
		{"pending", "inactive", "status_change_forbidden"},
		{"blocked", "active", "status_change_forbidden"},
		{"blocked", "inactive", "status_change_forbidden"},
		{"sold", "active", "status_change_forbidden"},
		{"sold", "inactive", "status_change_forbidden"},
		{"archived", "active", "status_change_forbidden"},
		{"archived", "inactive", "status_change_forbidden"},
	}
	for _, c := range cases {
		t.Run(c.from+"->"+c.to, func(t *testing.T) {
			id := e.firstWithStatus(KeyPersonal, c.from)
			r := e.req("POST", path(id)+"/status", KeyPersonal, map[string]any{"status": c.to})
			if c.code != "" {
				wantErr(t, r, 422, c.code)
				if r.str("field") != "status" {
					t.Fatalf("field %s", r.raw)
				}
				if got := e.get(path(id), KeyPersonal).obj("listing")["status"]; got != c.from {
					t.Fatalf("refused move changed the status to %v", got)
				}
				return
			}
			wantOK(t, r, 200)
			if int(r.num("listing_id")) != id || r.str("status") != c.to || r.str("previous_status") != c.from {
				t.Fatalf("answer %s", r.raw)
			}
			if got := e.get(path(id), KeyPersonal).obj("listing")["status"]; got != c.to {
				t.Fatalf("status now %v", got)
			}
			// Move it back so the next case finds the seed as it was.
			wantOK(t, e.req("POST", path(id)+"/status", KeyPersonal, map[string]any{"status": c.from}), 200)
		})
	}
	id := e.firstWithStatus(KeyPersonal, "active")
	wantErr(t, e.req("POST", path(id)+"/status", KeyPersonal, map[string]any{"status": "sold"}), 422, "invalid_value")
	wantErr(t, e.req("POST", path(id)+"/status", KeyPersonal, map[string]any{}), 400, "required")
	wantErr(t, e.req("POST", path(id)+"/status", KeyPersonal, map[string]any{"status": 1}), 400, "invalid_json")
	wantErr(t, e.req("POST", "/api/v1/my/listings/999999/status", KeyPersonal, map[string]any{"status": "active"}), 404, "listing_not_found")
}
