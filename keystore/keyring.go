package keystore

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sync/atomic"
	"time"

	gokeyring "github.com/zalando/go-keyring"
)

// KeyringService is the service name keys are filed under in the OS
// keyring; the account name is the profile.
const KeyringService = "listings"

// DefaultTimeout bounds every keyring call. A Secret Service that hangs
// (a stuck daemon, an unlock prompt nobody answers) would otherwise freeze
// the app, since go-keyring has no timeout of its own.
const DefaultTimeout = 3 * time.Second

// maxKeyringSecret is the longest key Set accepts. go-keyring's limits
// differ by platform (Windows: 2560 bytes of password; macOS: about 3000
// bytes for service, account and password together); staying well below
// both gives the same answer everywhere. Real keys are 56 bytes.
const maxKeyringSecret = 2048

// backend is the subset of go-keyring that Keyring calls. Tests inject
// fakes (a blocking one for the timeout, failing ones for error mapping).
type backend interface {
	Get(service, user string) (string, error)
	Set(service, user, password string) error
	Delete(service, user string) error
}

// goKeyring calls the package-level go-keyring functions, so that
// gokeyring.MockInit in tests takes effect too.
type goKeyring struct{}

func (goKeyring) Get(service, user string) (string, error) { return gokeyring.Get(service, user) }
func (goKeyring) Set(service, user, password string) error {
	return gokeyring.Set(service, user, password)
}
func (goKeyring) Delete(service, user string) error { return gokeyring.Delete(service, user) }

// Keyring is a Store in the OS keyring (Secret Service on Linux and BSD,
// Keychain on macOS, Credential Manager on Windows) through go-keyring.
//
// Every call runs in its own goroutine and is abandoned after the timeout
// or when ctx ends. go-keyring offers no way to cancel a D-Bus call, so the
// abandoned goroutine stays blocked until the keyring answers, or until the
// process exits. That leak is accepted: the alternative is a frozen app. To
// keep it bounded, while a timed-out call is still stuck every new call
// fails at once with the timeout error instead of starting another
// goroutine; once the stuck call returns, the keyring is used again.
//
// Keyring is safe for concurrent use.
type Keyring struct {
	timeout time.Duration
	backend backend
	getenv  func(string) string
	goos    string
	hung    atomic.Int32 // timed-out calls that have not returned yet
}

// NewKeyring returns the OS keyring store. timeout bounds each call; zero
// or negative means DefaultTimeout.
func NewKeyring(timeout time.Duration) *Keyring {
	return newKeyring(goKeyring{}, timeout)
}

func newKeyring(b backend, timeout time.Duration) *Keyring {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	return &Keyring{timeout: timeout, backend: b, getenv: os.Getenv, goos: runtime.GOOS}
}

// Kind returns SourceKeyring.
func (k *Keyring) Kind() Source { return SourceKeyring }

// Timeout returns the bound on each call.
func (k *Keyring) Timeout() time.Duration { return k.timeout }

// Get returns the key of profile. Errors match ErrNotFound when the keyring
// works but has no key for profile, and ErrNoKeyring when the keyring
// cannot be used (also on timeout, which additionally matches
// ErrKeyringTimeout).
func (k *Keyring) Get(ctx context.Context, profile string) (string, error) {
	if err := checkCall(ctx, "keyring get", profile); err != nil {
		return "", err
	}
	key, err := k.call(ctx, "", func() (string, error) { return k.backend.Get(KeyringService, profile) })
	if err != nil {
		return "", fmt.Errorf("keyring get: profile %q: %w", profile, err)
	}
	if key == "" {
		return "", fmt.Errorf("keyring get: profile %q: %w", profile, ErrNotFound)
	}
	return key, nil
}

// Set stores key for profile.
func (k *Keyring) Set(ctx context.Context, profile, key string) error {
	if err := checkCall(ctx, "keyring set", profile); err != nil {
		return err
	}
	if key == "" {
		return fmt.Errorf("keyring set: profile %q: %w", profile, ErrEmptyKey)
	}
	if len(key) > maxKeyringSecret {
		return fmt.Errorf("keyring set: profile %q: %w: the key has %d bytes, at most %d are accepted",
			profile, ErrKeyTooLong, len(key), maxKeyringSecret)
	}
	_, err := k.call(ctx, key, func() (string, error) { return "", k.backend.Set(KeyringService, profile, key) })
	if err != nil {
		return fmt.Errorf("keyring set: profile %q: %w", profile, err)
	}
	return nil
}

// Delete removes the key of profile; ErrNotFound if there was none.
func (k *Keyring) Delete(ctx context.Context, profile string) error {
	if err := checkCall(ctx, "keyring delete", profile); err != nil {
		return err
	}
	_, err := k.call(ctx, "", func() (string, error) { return "", k.backend.Delete(KeyringService, profile) })
	if err != nil {
		return fmt.Errorf("keyring delete: profile %q: %w", profile, err)
	}
	return nil
}

// Call states, for the race between a call returning and being abandoned.
const (
	callRunning int32 = iota
	callDone
	callTimedOut
	callCancelled
)

// call runs fn with the timeout and ctx, and maps its error. key, if not
// empty, is redacted from any error text before it leaves the package.
func (k *Keyring) call(ctx context.Context, key string, fn func() (string, error)) (string, error) {
	if err := k.precheck(); err != nil {
		return "", err
	}
	type result struct {
		val string
		err error
	}
	done := make(chan result, 1) // buffered: an abandoned goroutine must not block on send
	var state atomic.Int32
	go func() {
		var r result
		defer func() {
			// go-keyring asserts on D-Bus replies it trusts; a misbehaving
			// service must not take the app down.
			if p := recover(); p != nil {
				r = result{err: fmt.Errorf("go-keyring panicked: %v", p)}
			}
			if !state.CompareAndSwap(callRunning, callDone) && state.Load() == callTimedOut {
				k.hung.Add(-1)
			}
			done <- r
		}()
		r.val, r.err = fn()
	}()

	timer := time.NewTimer(k.timeout)
	defer timer.Stop()
	select {
	case r := <-done:
		return r.val, mapError(r.err, key, k.goos)
	case <-timer.C:
		if state.CompareAndSwap(callRunning, callTimedOut) {
			k.hung.Add(1)
			return "", timeoutError(k.timeout, k.goos)
		}
	case <-ctx.Done():
		if state.CompareAndSwap(callRunning, callCancelled) {
			return "", ctx.Err()
		}
	}
	// The call finished just as it was being abandoned: use its result.
	r := <-done
	return r.val, mapError(r.err, key, k.goos)
}

// precheck fails fast when calling go-keyring would hang or have side
// effects.
func (k *Keyring) precheck() error {
	if k.hung.Load() > 0 {
		return unavailable(KeyringStillWaiting, k.timeout.String(), k.goos, ErrKeyringTimeout)
	}
	// Where go-keyring talks D-Bus and DBUS_SESSION_BUS_ADDRESS is empty
	// (or "autolaunch:"), godbus runs dbus-launch if it is installed, which
	// quietly starts a bus and daemons that outlive the process. We refuse
	// instead: a machine without a session bus has no usable Secret
	// Service anyway. The cost is that a bus reachable only through
	// /run/user/<uid>/bus needs DBUS_SESSION_BUS_ADDRESS exported.
	if usesSessionBus(k.goos) {
		if addr := k.getenv("DBUS_SESSION_BUS_ADDRESS"); addr == "" || addr == "autolaunch:" {
			return unavailable(KeyringNoBusAddress, "", k.goos)
		}
	}
	return nil
}

// usesSessionBus reports whether go-keyring uses the Secret Service over
// the D-Bus session bus on goos.
func usesSessionBus(goos string) bool {
	switch goos {
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
		return true
	}
	return false
}
