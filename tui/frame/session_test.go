package frame

import "testing"

// The header says the sandbox without its address, nobody before a login, the
// profile and its host, or that a key came without a profile.
func TestSessionSaysWhoAndWhere(t *testing.T) {
	for _, c := range []struct {
		s          Session
		who, where string
	}{
		{Session{Sandbox: true, LoggedIn: true, BaseURL: "http://127.0.0.1:4567"}, "sandbox", ""},
		{Session{Profile: "work", BaseURL: "https://api.example.test/v1"}, "not logged in", "api.example.test"},
		{Session{Profile: "work", BaseURL: "https://api.example.test", LoggedIn: true}, "work", "api.example.test"},
		{Session{BaseURL: "https://api.example.test", LoggedIn: true}, "no profile", "api.example.test"},
		{Session{LoggedIn: true, Profile: "p"}, "p", ""},
	} {
		if who, where := c.s.Who(), c.s.Where(); who != c.who || where != c.where {
			t.Errorf("%+v: %q, %q; want %q, %q", c.s, who, where, c.who, c.where)
		}
	}
}
