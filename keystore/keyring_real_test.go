package keystore

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// goKeyringMocked is set once a test has replaced go-keyring's provider
// with its mock; the real keyring is unreachable from then on.
var goKeyringMocked atomic.Bool

// requireRealKeyring skips unless LISTINGS_TEST_KEYRING=1. Run these tests
// with testdata/run-keyring-tests.sh, which starts a private D-Bus session
// and an unlocked gnome-keyring and stops them afterwards.
func requireRealKeyring(t *testing.T) {
	t.Helper()
	if os.Getenv("LISTINGS_TEST_KEYRING") != "1" {
		t.Skip("set LISTINGS_TEST_KEYRING=1 inside a D-Bus session with a Secret Service (see testdata/run-keyring-tests.sh)")
	}
	if goKeyringMocked.Load() {
		t.Skip("go-keyring was switched to its mock by an earlier test in this binary; run with -run RealSecretService")
	}
}

func TestRealSecretService(t *testing.T) {
	requireRealKeyring(t)
	if os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		t.Fatal("LISTINGS_TEST_KEYRING=1 but DBUS_SESSION_BUS_ADDRESS is empty: start a session with dbus-run-session")
	}
	ctx := context.Background()
	k := NewKeyring(10 * time.Second) // a cold gnome-keyring can be slow on a loaded box
	profile := fmt.Sprintf("test-%d-%d", os.Getpid(), time.Now().UnixNano())
	t.Cleanup(func() { _ = k.Delete(context.Background(), profile) })

	if _, err := k.Get(ctx, profile); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get of a fresh profile = %v, want ErrNotFound", err)
	}
	if err := k.Set(ctx, profile, testKey); err != nil {
		t.Fatalf("Set: %v", err)
	}
	if got, err := k.Get(ctx, profile); err != nil || got != testKey {
		t.Fatalf("Get = %q, %v", Redact(got, testKey), err)
	}
	// Set again replaces the key rather than adding a second item.
	if err := k.Set(ctx, profile, testKey2); err != nil {
		t.Fatalf("second Set: %v", err)
	}
	if got, err := k.Get(ctx, profile); err != nil || got != testKey2 {
		t.Fatalf("Get after replace = %q, %v", Redact(got, testKey2), err)
	}
	key, src, err := Resolve(ctx, profile, func(string) string { return "" }, k, nil)
	if err != nil || key != testKey2 || src != SourceKeyring {
		t.Fatalf("Resolve = %v, %v", src, err)
	}
	if err := k.Delete(ctx, profile); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if _, err := k.Get(ctx, profile); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get after Delete = %v, want ErrNotFound", err)
	}
	if err := k.Delete(ctx, profile); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Delete twice = %v, want ErrNotFound", err)
	}
}

func TestRealSecretServiceNoBus(t *testing.T) {
	requireRealKeyring(t)
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "")
	_, err := NewKeyring(0).Get(context.Background(), "no-bus")
	if !errors.Is(err, ErrNoKeyring) {
		t.Fatalf("Get without a bus = %v, want ErrNoKeyring", err)
	}
	for _, way := range []string{"start a Secret Service", "dbus-run-session", "gnome-keyring-daemon --unlock",
		"set LISTINGS_API_KEY", "--insecure-storage"} {
		if !strings.Contains(err.Error(), way) {
			t.Errorf("message %q does not name %q", err, way)
		}
	}
}
