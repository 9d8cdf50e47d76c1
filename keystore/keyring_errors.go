package keystore

import (
	"errors"
	"fmt"
	"strings"
	"time"

	gokeyring "github.com/zalando/go-keyring"
)

// unavailableError is the one "OS keyring unavailable" error: whatever went
// wrong, the user gets the same three ways on. It matches ErrNoKeyring and
// each of its causes.
type unavailableError struct {
	reason string
	goos   string
	causes []error
}

func (e *unavailableError) Error() string {
	return fmt.Sprintf("%s (%s): %s, set LISTINGS_API_KEY, or use --insecure-storage (plain file, mode 0600)",
		ErrNoKeyring.Error(), e.reason, keyringAdvice(e.goos))
}

func (e *unavailableError) Unwrap() []error {
	return append([]error{ErrNoKeyring}, e.causes...)
}

// keyringAdvice is the first way on: make the platform's keyring work.
func keyringAdvice(goos string) string {
	switch goos {
	case "darwin":
		return "unlock the login keychain (Keychain Access)"
	case "windows":
		return "make sure Windows Credential Manager is available"
	}
	return "start a Secret Service (gnome-keyring, or KeePassXC with Secret Service enabled; " +
		"on a headless box: dbus-run-session, then gnome-keyring-daemon --unlock)"
}

func unavailable(reason, goos string, causes ...error) error {
	return &unavailableError{reason: reason, goos: goos, causes: causes}
}

func timeoutError(d time.Duration, goos string) error {
	return unavailable(fmt.Sprintf("no answer within %s", d), goos, ErrKeyringTimeout)
}

// failureModes recognises go-keyring's and godbus's failure texts. They are
// matched as text because they arrive as plain errors.New / dbus.Error
// values with no sentinel to test. The first match wins.
var failureModes = []struct {
	needles []string
	reason  string
}{
	{[]string{`"dbus-launch": executable file not found`},
		"no D-Bus session bus, and dbus-launch is not installed"},
	{[]string{"couldn't determine address of session bus", "invalid bus address", "invalid address"},
		"no D-Bus session bus"},
	{[]string{"dial unix", "connection refused", "no such file"},
		"the D-Bus session bus in DBUS_SESSION_BUS_ADDRESS is not reachable"},
	{[]string{"org.freedesktop.secrets was not provided", "ServiceUnknown", "was not provided by any .service files"},
		"no Secret Service is running"},
	{[]string{"failed to unlock correct collection", "dismissed", "is locked", "IsLocked"},
		"the keyring is locked, or the unlock prompt was dismissed"},
	{[]string{"NoSuchObject", "Object does not exist", "No such interface"},
		"the Secret Service has no usable default collection"},
	{[]string{"authentication failed", "authentication protocol error", "connection closed"},
		"the D-Bus session bus refused the connection"},
}

// mapError turns a go-keyring error into this package's errors:
// keyring.ErrNotFound becomes ErrNotFound, ErrSetDataTooBig becomes
// ErrKeyTooLong, and every other failure becomes the one ErrNoKeyring error.
// The raw text is only quoted for failures not recognised, and then with key
// redacted: a D-Bus error that echoed a request would otherwise leak it.
func mapError(err error, key, goos string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, gokeyring.ErrNotFound):
		return ErrNotFound
	case errors.Is(err, gokeyring.ErrSetDataTooBig):
		return fmt.Errorf("%w: the keyring refused it as too big", ErrKeyTooLong)
	case errors.Is(err, gokeyring.ErrUnsupportedPlatform):
		return unavailable("this platform has no OS keyring that go-keyring supports", goos)
	case errors.Is(err, ErrNoKeyring):
		return err
	}
	msg := err.Error()
	for _, m := range failureModes {
		for _, n := range m.needles {
			if strings.Contains(msg, n) {
				return unavailable(m.reason, goos)
			}
		}
	}
	return unavailable("keyring error: "+Redact(msg, key), goos)
}
