package keystore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	dbus "github.com/godbus/dbus/v5"
	gokeyring "github.com/zalando/go-keyring"
)

// fakeBackend answers every call with err, after waiting on block if set.
type fakeBackend struct {
	err     error
	val     string
	block   chan struct{}
	started chan struct{} // if set, receives a value when a call begins
	panicV  any
	calls   atomic.Int32
}

func (f *fakeBackend) do() (string, error) {
	f.calls.Add(1)
	if f.started != nil {
		f.started <- struct{}{}
	}
	if f.block != nil {
		<-f.block
	}
	if f.panicV != nil {
		panic(f.panicV)
	}
	return f.val, f.err
}
func (f *fakeBackend) Get(string, string) (string, error) { return f.do() }
func (f *fakeBackend) Set(string, string, string) error   { _, err := f.do(); return err }
func (f *fakeBackend) Delete(string, string) error        { _, err := f.do(); return err }

// testKeyring builds a Keyring over b that believes a session bus exists.
func testKeyring(b backend, timeout time.Duration) *Keyring {
	k := newKeyring(b, timeout)
	k.goos = "linux"
	k.getenv = func(name string) string {
		if name == "DBUS_SESSION_BUS_ADDRESS" {
			return "unix:path=/nonexistent/test-bus"
		}
		return ""
	}
	return k
}

func TestErrorMapping(t *testing.T) {
	raw := []struct {
		name   string
		err    error
		reason string
	}{
		{"no dbus-launch", errors.New(`exec: "dbus-launch": executable file not found in $PATH`), "dbus-launch is not installed"},
		{"no bus address", errors.New("dbus: couldn't determine address of session bus"), "no D-Bus session bus"},
		{"dead socket", errors.New("dial unix /run/user/1000/bus: connect: no such file or directory"), "not reachable"},
		{"refused socket", errors.New("dial unix /tmp/dbus-x: connect: connection refused"), "not reachable"},
		{"no secret service", dbus.Error{Name: "org.freedesktop.DBus.Error.ServiceUnknown",
			Body: []any{"The name org.freedesktop.secrets was not provided by any .service files"}}, "no Secret Service"},
		{"locked", fmt.Errorf("failed to unlock correct collection '%v'", "/org/freedesktop/secrets/aliases/default"), "locked"},
		{"prompt dismissed", errors.New("prompt dismissed"), "locked"},
		{"no collection", errors.New("Object does not exist at path “/org/freedesktop/secrets/collection/login”"), "default collection"},
		{"auth", errors.New("dbus: authentication failed"), "refused the connection"},
		{"unsupported", gokeyring.ErrUnsupportedPlatform, "platform"},
		{"unknown", errors.New("something odd"), "keyring error: something odd"},
	}
	for _, tt := range raw {
		t.Run(tt.name, func(t *testing.T) {
			k := testKeyring(&fakeBackend{err: tt.err}, time.Second)
			_, err := k.Get(context.Background(), "shop")
			if !errors.Is(err, ErrNoKeyring) {
				t.Fatalf("err = %v, want ErrNoKeyring", err)
			}
			if errors.Is(err, ErrNotFound) || errors.Is(err, ErrKeyringTimeout) {
				t.Errorf("err %v matches a wrong sentinel", err)
			}
			msg := err.Error()
			for _, want := range []string{tt.reason, "gnome-keyring", "KeePassXC", "dbus-run-session",
				"gnome-keyring-daemon --unlock", "LISTINGS_API_KEY", "--insecure-storage (plain file, mode 0600)", `profile "shop"`} {
				if !strings.Contains(msg, want) {
					t.Errorf("message %q lacks %q", msg, want)
				}
			}
		})
	}
}

func TestErrorMappingSentinels(t *testing.T) {
	k := testKeyring(&fakeBackend{err: gokeyring.ErrNotFound}, time.Second)
	if _, err := k.Get(context.Background(), "shop"); !errors.Is(err, ErrNotFound) || errors.Is(err, ErrNoKeyring) {
		t.Errorf("keyring.ErrNotFound mapped to %v", err)
	}
	if err := k.Delete(context.Background(), "shop"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Delete of missing key = %v", err)
	}
	k = testKeyring(&fakeBackend{err: gokeyring.ErrSetDataTooBig}, time.Second)
	if err := k.Set(context.Background(), "shop", testKey); !errors.Is(err, ErrKeyTooLong) {
		t.Errorf("ErrSetDataTooBig mapped to %v", err)
	}
	// An empty secret in the keyring counts as no key.
	k = testKeyring(&fakeBackend{val: ""}, time.Second)
	if _, err := k.Get(context.Background(), "shop"); !errors.Is(err, ErrNotFound) {
		t.Errorf("empty secret: %v", err)
	}
}

func TestKeyringRejectsBeforeCalling(t *testing.T) {
	ctx := context.Background()
	b := &fakeBackend{}
	k := testKeyring(b, time.Second)
	if err := k.Set(ctx, "shop", strings.Repeat("k", maxKeyringSecret+1)); !errors.Is(err, ErrKeyTooLong) ||
		!strings.Contains(err.Error(), "at most 2048") {
		t.Errorf("long key: %v", err)
	}
	if err := k.Set(ctx, "shop", ""); !errors.Is(err, ErrEmptyKey) {
		t.Errorf("empty key: %v", err)
	}
	if _, err := k.Get(ctx, "bad/profile"); !errors.Is(err, ErrInvalidProfile) {
		t.Errorf("bad profile: %v", err)
	}
	if n := b.calls.Load(); n != 0 {
		t.Errorf("backend called %d times for rejected input", n)
	}
}

func TestKeyringNoSessionBus(t *testing.T) {
	for _, addr := range []string{"", "autolaunch:"} {
		b := &fakeBackend{val: testKey}
		k := testKeyring(b, time.Second)
		k.getenv = func(string) string { return addr }
		_, err := k.Get(context.Background(), "shop")
		if !errors.Is(err, ErrNoKeyring) || !strings.Contains(err.Error(), "DBUS_SESSION_BUS_ADDRESS is not set") {
			t.Errorf("address %q: err = %v", addr, err)
		}
		if b.calls.Load() != 0 {
			t.Errorf("address %q: go-keyring was called without a bus (it would autolaunch daemons)", addr)
		}
	}
	// macOS and Windows do not use D-Bus: no bus needed.
	k := testKeyring(&fakeBackend{val: testKey}, time.Second)
	k.goos = "darwin"
	k.getenv = func(string) string { return "" }
	if got, err := k.Get(context.Background(), "shop"); err != nil || got != testKey {
		t.Errorf("darwin without bus: %q, %v", got, err)
	}
}

func TestKeyringTimeout(t *testing.T) {
	b := &fakeBackend{block: make(chan struct{}), val: testKey}
	k := testKeyring(b, 20*time.Millisecond)
	_, err := k.Get(context.Background(), "shop")
	if !errors.Is(err, ErrKeyringTimeout) || !errors.Is(err, ErrNoKeyring) || !strings.Contains(err.Error(), "20ms") {
		t.Fatalf("err = %v, want a timeout that is also ErrNoKeyring", err)
	}
	// While that call is stuck, new calls fail at once without piling up
	// more goroutines on the hung keyring.
	if err := k.Set(context.Background(), "shop", testKey); !errors.Is(err, ErrKeyringTimeout) ||
		!strings.Contains(err.Error(), "still waiting") {
		t.Fatalf("second call err = %v", err)
	}
	if n := b.calls.Load(); n != 1 {
		t.Fatalf("backend called %d times, want 1", n)
	}
	// Once the stuck call returns, the keyring is used again.
	close(b.block)
	deadline := time.Now().Add(10 * time.Second)
	for k.hung.Load() != 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if got, err := k.Get(context.Background(), "shop"); err != nil || got != testKey {
		t.Fatalf("after recovery: %q, %v", got, err)
	}
}

func TestKeyringContextCancel(t *testing.T) {
	b := &fakeBackend{block: make(chan struct{}), started: make(chan struct{}, 1)}
	defer close(b.block)
	k := testKeyring(b, time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-b.started
		cancel()
	}()
	_, err := k.Get(ctx, "shop")
	if !errors.Is(err, context.Canceled) || errors.Is(err, ErrNoKeyring) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	// A cancelled call is not a hung keyring: later calls still try.
	if k.hung.Load() != 0 {
		t.Errorf("cancelled call counted as hung")
	}
	if _, err := k.Get(ctx, "shop"); !errors.Is(err, context.Canceled) {
		t.Errorf("already-cancelled ctx: %v", err)
	}
}

func TestKeyringRecoversPanic(t *testing.T) {
	k := testKeyring(&fakeBackend{panicV: "interface conversion: interface {} is nil, not bool"}, time.Second)
	_, err := k.Get(context.Background(), "shop")
	if !errors.Is(err, ErrNoKeyring) || !strings.Contains(err.Error(), "panicked") {
		t.Fatalf("err = %v", err)
	}
}

func TestKeyringNeverLeaksKey(t *testing.T) {
	// A backend whose errors quote the secret it was given, in full and
	// bare, the worst case for an error message.
	secret := testKey[len(testPrefix):]
	for _, mk := range []func(string) error{
		func(k string) error { return fmt.Errorf("odd reply for %s", k) },
		func(k string) error { return fmt.Errorf("odd reply for %s", secret) },
		func(k string) error { return fmt.Errorf("odd reply for %s", strings.ToUpper(secret)) },
	} {
		k := testKeyring(&fakeBackend{err: mk(testKey)}, time.Second)
		err := k.Set(context.Background(), "shop", testKey)
		if err == nil {
			t.Fatal("Set succeeded")
		}
		assertNoKey(t, err.Error(), testKey)
		if !strings.Contains(err.Error(), "sk_…REDACTED") {
			t.Errorf("message %q does not show the redaction", err)
		}
		k = testKeyring(&fakeBackend{panicV: mk(testKey).Error()}, time.Second)
		if err := k.Set(context.Background(), "shop", testKey); err == nil {
			t.Fatal("Set succeeded")
		} else {
			assertNoKey(t, err.Error(), testKey)
		}
	}
	// Memory and File errors never carry the key either.
	ctx := context.Background()
	f, _ := newTestFile(t)
	for _, err := range []error{
		NewMemory(SourceKeyring).Set(ctx, "bad profile", testKey),
		f.Set(ctx, "bad profile", testKey),
		ValidKey(testKey + "x"),
		ValidKey(strings.ToUpper(testKey)),
		ValidProfile(testKey),
	} {
		if err == nil {
			t.Fatal("expected an error")
		}
		assertNoKey(t, err.Error(), testKey)
	}
}

// TestKeyringWithGoKeyringMock runs the real go-keyring code path with its
// in-memory mock provider.
func TestKeyringWithGoKeyringMock(t *testing.T) {
	// MockInit replaces go-keyring's provider for the rest of the test
	// binary and cannot be undone; the real Secret Service tests check
	// this flag (they sort first in the file order, so they normally run
	// before it is set).
	goKeyringMocked.Store(true)
	gokeyring.MockInit()
	// The mock needs no bus, but the early check insists on an address.
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/mock-bus")
	ctx := context.Background()
	k := NewKeyring(0)
	if k.Timeout() != DefaultTimeout || k.Kind() != SourceKeyring {
		t.Fatalf("defaults: %v, %v", k.Timeout(), k.Kind())
	}
	if _, err := k.Get(ctx, "mock-shop"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get before Set = %v", err)
	}
	if err := k.Set(ctx, "mock-shop", testKey); err != nil {
		t.Fatal(err)
	}
	// Stored under service "listings", account = profile.
	if got, err := gokeyring.Get(KeyringService, "mock-shop"); err != nil || got != testKey {
		t.Fatalf("raw go-keyring Get = %q, %v", got, err)
	}
	if got, err := k.Get(ctx, "mock-shop"); err != nil || got != testKey {
		t.Fatalf("Get = %q, %v", got, err)
	}
	key, src, err := Resolve(ctx, "mock-shop", func(string) string { return "" }, k, nil)
	if err != nil || key != testKey || src != SourceKeyring {
		t.Fatalf("Resolve = %q, %v, %v", key, src, err)
	}
	if err := k.Delete(ctx, "mock-shop"); err != nil {
		t.Fatal(err)
	}
	if _, err := k.Get(ctx, "mock-shop"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Get after Delete = %v", err)
	}
	if err := k.Delete(ctx, "mock-shop"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Delete twice = %v", err)
	}

	gokeyring.MockInitWithError(errors.New("The name org.freedesktop.secrets was not provided by any .service files"))
	if _, err := k.Get(ctx, "mock-shop"); !errors.Is(err, ErrNoKeyring) {
		t.Fatalf("mock error = %v, want ErrNoKeyring", err)
	}
	gokeyring.MockInit()
}
