package sandbox

import (
	"strings"
	"testing"
	"time"
)

func TestModerationDecisions(t *testing.T) {
	e := newEnv(t, Options{ModerationDelay: 30 * time.Second})
	car := func(title, desc string) map[string]any {
		b := e.validBody(title)
		b["description"] = desc
		b["category_id"] = 101
		b["attributes"] = e.s.cat.SampleAttributes(101, len(title))
		return b
	}
	ok := e.create(KeyPersonal, car("Toyota Corolla 2018, 1.6", "One owner, full service history, no accidents."))
	bad := e.create(KeyPersonal, car("BMW X5 2020", "Body kit is a replica of the M package, looks great."))
	e.clock.Advance(29 * time.Second)
	for _, id := range []int{ok, bad} {
		if st := e.get(path(id), KeyPersonal).obj("listing")["status"]; st != "pending" {
			t.Fatalf("decided early: %v", st)
		}
	}
	e.clock.Advance(time.Second)
	r := e.get(path(ok), KeyPersonal)
	if r.obj("listing")["status"] != "active" || r.body["moderation"] != nil {
		t.Fatalf("approval: %s", r.raw)
	}
	r = e.get(path(bad), KeyPersonal)
	m := r.obj("moderation")
	if r.obj("listing")["status"] != "blocked" || m["decision"] != "blocked" ||
		!strings.Contains(m["reason"].(string), "replica") || m["reviewed_at"] != "2026-11-21 10:00:35" {
		t.Fatalf("block: %s", r.raw)
	}
	// A blocked listing stays out of the default list but is in status=all.
	for _, l := range e.listingsOf(KeyPersonal, "") {
		if int(l["id"].(float64)) == bad {
			t.Fatal("blocked listing in the active list")
		}
	}
}

func TestSeededModeration(t *testing.T) {
	e := newEnv(t, Options{ModerationDelay: 20 * time.Second})
	count := func() map[string]int {
		m := map[string]int{}
		for _, l := range e.listingsOf(KeyPersonal, "status=all") {
			m[l["status"].(string)]++
		}
		return m
	}
	before := count()
	// Newest first, staggered: the replica (the newest) is blocked after one delay,
	// the puppies approved after three, the scooter after five.
	e.clock.Advance(21 * time.Second)
	after := count()
	if after["pending"] != before["pending"]-1 || after["blocked"] != before["blocked"]+1 || after["active"] != before["active"] {
		t.Fatalf("after one delay: before %v after %v", before, after)
	}
	e.clock.Advance(40 * time.Second)
	if c := count(); c["pending"] != before["pending"]-2 || c["active"] != before["active"]+1 {
		t.Fatalf("after three delays: %v", c)
	}
	e.clock.Advance(40 * time.Second)
	after = count()
	if after["pending"] != 1 || after["blocked"] != before["blocked"]+1 ||
		after["active"] != before["active"]+before["pending"]-2 {
		t.Fatalf("after five delays: before %v after %v", before, after)
	}
	e.clock.Advance(5 * time.Hour)
	if count()["pending"] != 1 {
		t.Fatal("the held listing was decided within hours")
	}
	e.clock.Advance(time.Hour)
	if count()["pending"] != 0 {
		t.Fatal("the held listing is never decided")
	}
}

func TestProhibitedWord(t *testing.T) {
	for text, want := range map[string]string{
		"Сумка, ПІДРОБКА": "підробка", "Fake Rolex": "fake", "Пневматическое оружие": "оружие",
		"Чистий текст": "", "Weapons rack": "weapon",
	} {
		if got := prohibitedWord(text); got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
}
