package main

import (
	"os"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
)

// The first run, as a new user meets it: an empty home directory, no profile, the app
// started with no argument, so it opens its login screen; `listings sandbox serve` is
// the service. Each journey ends where the user wanted to be, or with the reason on
// the login screen.

// firstRun starts the app with nothing configured, against a fresh `sandbox serve`;
// env adds to the app's environment (a Secret Service's bus).
func firstRun(t *testing.T, env ...string) (*tuiSession, *serving) {
	t.Helper()
	srv := startServe(t)
	s := launchTUI(t, 100, 30, nil, env...)
	s.waitFor("Log in to the Listings API", "Base URL", "API key", "Try the sandbox")
	return s, srv
}

// typeURL types the service's address into the base URL field (the focus starts
// there on a first run) and moves on to the key.
func (s *tuiSession) typeURL(base string) {
	s.typeText(base)
	s.send("Tab")
}

// With no keyring (no Secret Service on this session's bus), the login offers a
// plain file, and with it checked the key works at once and at the next start.
func TestE2EFirstRunLoginWithoutKeyring(t *testing.T) {
	s, srv := firstRun(t)
	s.typeURL(srv.base)
	s.typeText(sandbox.KeyPersonal)
	s.send("Enter", "Enter") // on to the profile (default), and log in from there
	screen := s.waitFor("store in a plain file instead (insecure)")
	if strings.Contains(screen, sandbox.KeyPersonal[8:]) {
		t.Fatal("the key is on screen")
	}
	// The box is offered with the focus on it: tick it and send again.
	s.send("Space")
	s.waitFor("[x] store in a plain file")
	s.send("Enter")
	s.waitFor("[active 28]", "logged in to")
	s.send("q")
	s.waitExit(0)

	// The next start needs no login: the profile and its key file are there.
	again := launchTUIHome(t, s.home, 100, 30, nil)
	again.waitFor("[active 28]")
	again.send("q")
	again.waitExit(0)
}

// "Try the sandbox" leads to the browser on a sandbox in the app, nothing stored.
func TestE2EFirstRunTryTheSandbox(t *testing.T) {
	s, _ := firstRun(t)
	s.send("Tab", "Tab", "Tab") // from the base URL past the key and the profile to the buttons
	s.waitFor("[ Log in ]")
	s.send("Right")
	s.waitUntil("the sandbox button selected", func(screen string) bool { return strings.Contains(screen, "[ Try the sandbox ]") })
	s.send("Enter")
	s.waitFor("[active 28]", "the sandbox")
	s.send("q")
	s.waitExit(0)
	if entries, _ := os.ReadDir(s.home + "/.config/listings"); len(entries) > 0 {
		t.Errorf("trying the sandbox stored %d files in the config directory", len(entries))
	}
}

// A wrong key gets its reason on the login screen, and nothing is stored.
func TestE2EFirstRunWrongKey(t *testing.T) {
	s, srv := firstRun(t)
	s.typeURL(srv.base)
	s.typeText("sk_test_" + strings.Repeat("ab", 24))
	s.send("Enter", "Enter")
	s.waitFor("invalid_key")
	if !strings.Contains(s.screen(), "Log in to the Listings API") {
		t.Fatalf("a wrong key left the login screen:\n%s", s.screen())
	}
	s.send("C-c")
	s.waitExit(0)
}

// With a real Secret Service (gnome-keyring on a private bus: run by
// keystore/testdata/run-keyring-tests.sh, which `make test` calls), the key goes to
// the keyring, the app opens on the account's listings, and the next start reads the
// key from the keyring with no login.
func TestE2EFirstRunLoginWithKeyring(t *testing.T) {
	if os.Getenv("LISTINGS_TEST_KEYRING") != "1" || os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		t.Skip("needs a real Secret Service: run keystore/testdata/run-keyring-tests.sh")
	}
	env := []string{"DBUS_SESSION_BUS_ADDRESS=" + os.Getenv("DBUS_SESSION_BUS_ADDRESS")}
	for _, v := range []string{"XDG_DATA_HOME", "XDG_RUNTIME_DIR"} {
		env = append(env, v+"="+os.Getenv(v))
	}
	s, srv := firstRun(t, env...)
	s.typeURL(srv.base)
	s.typeText(sandbox.KeyBusiness)
	s.send("Enter", "Enter")
	s.waitFor("[active", "logged in to")
	s.send("q")
	s.waitExit(0)
	cmdtest.AssertNoKey(t, sandbox.KeyBusiness, []string{s.home})

	again := launchTUIHome(t, s.home, 100, 30, nil, env...)
	again.waitFor("[active")
	again.send("q")
	again.waitExit(0)
}
