package listing_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
)

// noIDPage is a page of listings whose ids cannot be read, two of them sent alike,
// beside a listing sent twice.
const noIDPage = `{"ok":true,"count":8,"listings":[
	{"id":"abc","title":"Перша","price":100,"currency":"UAH","status":"pending"},
	{"id":"abc","title":"Друга","price":200,"currency":"UAH","status":"pending"},
	{"id":1.5,"title":"Третя","price":300,"currency":"UAH","status":"active"},
	{"id":null,"title":"Четверта","price":400,"currency":"UAH","status":"active"},
	{"title":"П'ята","price":500,"currency":"UAH","status":"active"},
	{"id":100000000000000000000000,"title":"Шоста","price":600,"currency":"UAH","status":"active"},
	{"id":7,"title":"Сьома","price":700,"currency":"UAH","status":"pending"},
	{"id":7,"title":"Сьома","price":700,"currency":"UAH","status":"pending"}]}`

// Listings whose ids cannot be read are each shown, the id marked (they all became
// id 0 and all but one were dropped as repeats); one sent twice with a real id is
// still shown once; and no request is made with an id that is not one.
func TestLsKeepsListingsWhoseIDCannotBeRead(t *testing.T) {
	t.Parallel()
	var gets atomic.Int64
	c := clitest.Fake(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/api/v1/my/listings" {
			_, _ = w.Write([]byte(noIDPage))
			return
		}
		gets.Add(1)
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"ok":false,"error":"listing_not_found","hint":"gone"}`))
	}))
	r := c.Run("", "ls", "--status", "all")
	if r.Code != 0 {
		t.Fatalf("exit %d\n%s", r.Code, r.Stderr)
	}
	for _, title := range []string{"Перша", "Друга", "Третя", "Четверта", "П'ята", "Шоста"} {
		if !clitest.ContainsLine(r.Stdout, "?", title) {
			t.Errorf("ls lacks %s with its id marked:\n%s", title, r.Stdout)
		}
	}
	if n := strings.Count(r.Stdout, "Сьома"); n != 1 {
		t.Errorf("listing 7, sent twice, shown %d times:\n%s", n, r.Stdout)
	}
	if !strings.Contains(r.Stderr, "6 listings with an id that cannot be read") || !strings.Contains(r.Stderr, "1 listings more than once") {
		t.Errorf("stderr:\n%s", r.Stderr)
	}

	var all []map[string]json.RawMessage
	c.OKJSON(&all, "", "ls", "--status", "all", "--json")
	var ids, marks []string
	for _, l := range all {
		ids, marks = append(ids, string(l["id"])), append(marks, string(l["id_unreadable"]))
	}
	if got := strings.Join(ids, " "); got != `"abc" "abc" 1.5 null null 100000000000000000000000 7` {
		t.Errorf("ls --json ids: %s", got)
	}
	if got := strings.Join(marks, " "); got != "true true true true true true " {
		t.Errorf("ls --json id_unreadable: %s", got)
	}
	var titles []map[string]json.RawMessage
	c.OKJSON(&titles, "", "ls", "--status", "all", "--json", "--fields", "title")
	if len(titles) != 7 || string(titles[1]["id"]) != `"abc"` || string(titles[1]["id_unreadable"]) != "true" || len(titles[1]) != 3 {
		t.Errorf("ls --fields title --json: %s", c.OK("", "ls", "--status", "all", "--json", "--fields", "title"))
	}

	// --status pending reads the reason of listing 7 alone: there is no id to ask
	// for the others'.
	r = c.Run("", "ls", "--status", "pending")
	if r.Code != 0 || gets.Load() != 1 || !clitest.ContainsLine(r.Stdout, "?", "Перша") || !clitest.ContainsLine(r.Stdout, "?", "Друга") {
		t.Errorf("ls --status pending: exit %d, %d detail requests\n%s\n%s", r.Code, gets.Load(), r.Stdout, r.Stderr)
	}
}
