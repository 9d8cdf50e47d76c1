package keystore

import (
	"errors"
	"fmt"
	"strings"
	"time"

	gokeyring "github.com/zalando/go-keyring"
)

// UnavailableError is the one "OS keyring unavailable" error: whatever went
// wrong, the user gets the same three ways on. It matches ErrNoKeyring and each of
// its causes. Case names the reason for a front end to say in its language (Detail:
// the wait of a timeout, the redacted text of a failure not recognised), GOOS the
// platform whose keyring the advice names; Error is English.
type UnavailableError struct {
	Case, Detail, GOOS string
	causes             []error
}

// The reasons of an UnavailableError.
const (
	KeyringNoLauncher   = "no_launcher"
	KeyringNoBus        = "no_bus"
	KeyringNoBusAddress = "no_bus_address"
	KeyringBusDown      = "bus_down"
	KeyringNoService    = "no_service"
	KeyringLocked       = "locked"
	KeyringNoCollection = "no_collection"
	KeyringRefused      = "refused"
	KeyringUnsupported  = "unsupported"
	KeyringTimeout      = "timeout"
	KeyringStillWaiting = "still_waiting"
	KeyringOther        = "other"
)

func (e *UnavailableError) Error() string {
	return fmt.Sprintf("%s (%s): %s, set LISTINGS_API_KEY, or use --insecure-storage (plain file, mode 0600)",
		ErrNoKeyring.Error(), e.reason(), keyringAdvice(e.GOOS))
}

// reason is the case in English.
func (e *UnavailableError) reason() string {
	switch e.Case {
	case KeyringNoLauncher:
		return "no D-Bus session bus, and dbus-launch is not installed"
	case KeyringNoBus:
		return "no D-Bus session bus"
	case KeyringNoBusAddress:
		return "no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set"
	case KeyringBusDown:
		return "the D-Bus session bus in DBUS_SESSION_BUS_ADDRESS is not reachable"
	case KeyringNoService:
		return "no Secret Service is running"
	case KeyringLocked:
		return "the keyring is locked, or the unlock prompt was dismissed"
	case KeyringNoCollection:
		return "the Secret Service has no usable default collection"
	case KeyringRefused:
		return "the D-Bus session bus refused the connection"
	case KeyringUnsupported:
		return "this platform has no OS keyring that go-keyring supports"
	case KeyringTimeout:
		return "no answer within " + e.Detail
	case KeyringStillWaiting:
		return "an earlier keyring call did not answer within " + e.Detail + " and is still waiting"
	}
	return "keyring error: " + e.Detail
}

func (e *UnavailableError) Unwrap() []error {
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

func unavailable(reason, detail, goos string, causes ...error) error {
	return &UnavailableError{Case: reason, Detail: detail, GOOS: goos, causes: causes}
}

func timeoutError(d time.Duration, goos string) error {
	return unavailable(KeyringTimeout, d.String(), goos, ErrKeyringTimeout)
}

// failureModes recognises go-keyring's and godbus's failure texts. They are
// matched as text because they arrive as plain errors.New / dbus.Error
// values with no sentinel to test. The first match wins.
var failureModes = []struct {
	needles []string
	reason  string
}{
	{[]string{`"dbus-launch": executable file not found`}, KeyringNoLauncher},
	{[]string{"couldn't determine address of session bus", "invalid bus address", "invalid address"}, KeyringNoBus},
	{[]string{"dial unix", "connection refused", "no such file"}, KeyringBusDown},
	{[]string{"org.freedesktop.secrets was not provided", "ServiceUnknown", "was not provided by any .service files"}, KeyringNoService},
	{[]string{"failed to unlock correct collection", "dismissed", "is locked", "IsLocked"}, KeyringLocked},
	{[]string{"NoSuchObject", "Object does not exist", "No such interface"}, KeyringNoCollection},
	{[]string{"authentication failed", "authentication protocol error", "connection closed"}, KeyringRefused},
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
		return unavailable(KeyringUnsupported, "", goos)
	case errors.Is(err, ErrNoKeyring):
		return err
	}
	msg := err.Error()
	for _, m := range failureModes {
		for _, n := range m.needles {
			if strings.Contains(msg, n) {
				return unavailable(m.reason, "", goos)
			}
		}
	}
	return unavailable(KeyringOther, Redact(msg, key), goos)
}
