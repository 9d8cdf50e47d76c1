package sandbox

import (
	"testing"
	"time"
)

func TestMinuteWindow(t *testing.T) {
	e := newEnv(t, Options{})
	e.clock.Set(kyiv(t, 2026, time.November, 21, 10, 0, 20))
	for i := range 60 {
		r := e.get("/api/v1/ping", KeyPersonal)
		wantOK(t, r, 200)
		if int(r.num("requests_this_minute")) != i+1 {
			t.Fatalf("request %d: counter %v", i, r.body["requests_this_minute"])
		}
	}
	e.clock.Set(kyiv(t, 2026, time.November, 21, 10, 0, 47).Add(300 * time.Millisecond))
	r := e.get("/api/v1/ping", KeyPersonal)
	wantErr(t, r, 429, "rate_limit_exceeded")
	// 12.7 s left in the minute: rounded up.
	if r.header.Get("Retry-After") != "13" || r.num("retry_after") != 13 ||
		r.str("resets_at") != "2026-11-21T10:01:00+02:00" {
		t.Fatalf("429: %v %s", r.header, r.raw)
	}
	// The limit is per key: the business key is unaffected.
	wantOK(t, e.get("/api/v1/ping", KeyBusiness), 200)

	e.clock.Set(kyiv(t, 2026, time.November, 21, 10, 1, 0))
	r = e.get("/api/v1/ping", KeyPersonal)
	wantOK(t, r, 200)
	// The refused request did not count.
	if r.num("requests_this_minute") != 1 || r.num("requests_today") != 61 || r.num("total_requests") != 61 {
		t.Fatalf("after rollover: %s", r.raw)
	}
}

func TestRefusedRequestsDoNotCount(t *testing.T) {
	e := newEnv(t, Options{})
	wantErr(t, e.get("/api/v1/my/listings?limit=0", KeyPersonal), 400, "invalid_parameter") // counted
	wantErr(t, e.req("POST", "/api/v1/my/listings", KeyReadonly, "{}"), 403, "scope_required")
	r := e.get("/api/v1/ping", KeyPersonal)
	if r.num("total_requests") != 2 {
		t.Fatalf("total %s", r.raw)
	}
	r = e.get("/api/v1/ping", KeyReadonly)
	if r.num("total_requests") != 1 {
		t.Fatalf("readonly total %s", r.raw)
	}
}

func TestDailyLimitAndKyivMidnight(t *testing.T) {
	e := newEnv(t, Options{})
	e.clock.Set(kyiv(t, 2026, time.November, 21, 23, 59, 30))
	e.s.setToday("personal", 4999)
	wantOK(t, e.get("/api/v1/ping", KeyPersonal), 200)
	r := e.get("/api/v1/ping", KeyPersonal)
	wantErr(t, r, 429, "daily_limit_exceeded")
	if r.header.Get("Retry-After") != "30" || r.str("resets_at") != "2026-11-22T00:00:00+02:00" {
		t.Fatalf("429: %v %s", r.header, r.raw)
	}
	// Midnight in Kyiv is 22:00 UTC: the day rolls over there, not at UTC midnight.
	e.clock.Set(kyiv(t, 2026, time.November, 22, 0, 0, 1))
	r = e.get("/api/v1/ping", KeyPersonal)
	wantOK(t, r, 200)
	if r.num("requests_today") != 1 || r.str("day_resets_at") != "2026-11-23T00:00:00+02:00" {
		t.Fatalf("after midnight: %s", r.raw)
	}
}

func TestPerMinuteBeforeDaily(t *testing.T) {
	e := newEnv(t, Options{})
	e.clock.Set(kyiv(t, 2026, time.November, 21, 12, 0, 0))
	for range 60 {
		wantOK(t, e.get("/api/v1/ping", KeyPersonal), 200)
	}
	e.s.setToday("personal", 5000)
	wantErr(t, e.get("/api/v1/ping", KeyPersonal), 429, "rate_limit_exceeded")
	e.clock.Advance(time.Minute)
	wantErr(t, e.get("/api/v1/ping", KeyPersonal), 429, "daily_limit_exceeded")
}

func TestPingFields(t *testing.T) {
	e := newEnv(t, Options{})
	r := e.get("/api/v1/ping", KeyBusiness)
	wantOK(t, r, 200)
	for k, v := range map[string]any{
		"message": "pong", "key_id": 2.0, "key_prefix": "sk_test_eec6", "user_id": 2002.0,
		"account_type": "business", "rate_limit_per_minute": 600.0, "daily_limit": 100000.0,
		"total_requests": 1.0, "server_time": "2026-11-21T10:00:05+02:00", "your_ip": "127.0.0.1",
		"state": "active", "minute_resets_at": "2026-11-21T10:01:00+02:00",
	} {
		if r.body[k] != v {
			t.Errorf("%s = %v, want %v", k, r.body[k], v)
		}
	}
	for _, k := range []string{"scopes", "scopes_granted", "allowed_ips", "allowed_domains"} {
		if _, ok := r.body[k].([]any); !ok {
			t.Errorf("%s missing", k)
		}
	}
	// Summer time: +03:00.
	e.clock.Set(kyiv(t, 2026, time.July, 1, 16, 15, 0))
	if got := e.get("/api/v1/ping", KeyBusiness).str("server_time"); got != "2026-07-01T16:15:00+03:00" {
		t.Fatalf("server_time %s", got)
	}
}
