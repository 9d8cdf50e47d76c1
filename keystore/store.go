// Package keystore owns where a seller's API key lives and how it is found.
//
// A key is worth the seller's whole account, so the rule is: it lives in the
// OS keyring, and nowhere the user did not ask for. This package provides
//
//   - the Store interface and its implementations: Keyring (the OS keyring
//     through go-keyring, with a timeout and one clear "no keyring" error),
//     File (a plain 0600 JSON file, only for --insecure-storage) and Memory
//     (tests and the in-process sandbox);
//   - Resolve, which finds the key for a profile in the fixed order
//     LISTINGS_API_KEY, keyring, file, and says where it came from;
//   - helpers that keep the key out of output: Redact, Prefix, and the
//     well-formedness check ValidKey that never echoes the key.
//
// No error, warning or panic message produced by this package contains a
// key.
package keystore

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Store keeps one API key per profile.
type Store interface {
	// Get returns the key of profile, or an error matching ErrNotFound
	// when none is stored.
	Get(ctx context.Context, profile string) (string, error)
	// Set stores key for profile, replacing any previous key.
	Set(ctx context.Context, profile, key string) error
	// Delete removes the key of profile; ErrNotFound if there was none.
	Delete(ctx context.Context, profile string) error
	// Kind says where this store keeps keys, so callers can tell the user.
	Kind() Source
}

// Source says where a key came from.
type Source int

// The zero value is SourceNone, so an unset Source never claims a location.
const (
	SourceNone Source = iota
	SourceEnv
	SourceKeyring
	SourceFile
)

// String returns the lower-case name used in output: none, env, keyring, file.
func (s Source) String() string {
	switch s {
	case SourceEnv:
		return "env"
	case SourceKeyring:
		return "keyring"
	case SourceFile:
		return "file"
	default:
		return "none"
	}
}

// MarshalText makes a Source print by name in JSON output.
func (s Source) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Sentinel errors for errors.Is. Messages that reach the user are built
// around them with context; the sentinels alone are never the whole story.
var (
	// ErrNotFound: no key is stored for that profile in that store.
	ErrNotFound = errors.New("no key stored for this profile")
	// ErrNoKey: no source at all has a key for the profile (see Resolve).
	ErrNoKey = errors.New("no API key")
	// ErrNoKeyring: the OS keyring cannot be used (no bus, no Secret
	// Service, locked, timed out...). The full message names the ways on.
	ErrNoKeyring = errors.New("OS keyring unavailable")
	// ErrKeyringTimeout: the keyring did not answer in time. Errors that
	// match it also match ErrNoKeyring.
	ErrKeyringTimeout = errors.New("OS keyring did not answer in time")
	// ErrKeyTooLong: the key exceeds what OS keyrings accept.
	ErrKeyTooLong = errors.New("key too long for the OS keyring")
	// ErrEmptyKey: an empty key cannot be stored.
	ErrEmptyKey = errors.New("empty key")
	// ErrInvalidProfile: the profile name is not acceptable.
	ErrInvalidProfile = errors.New("invalid profile name")
	// ErrMalformedKey: the key does not have the shape sk_(live|test)_<48 hex>.
	ErrMalformedKey = errors.New("malformed API key")
	// ErrInsecureFile: the key file is readable by others than its owner.
	ErrInsecureFile = errors.New("key file permissions too open")
)

// MaxProfileLen is the longest accepted profile name.
const MaxProfileLen = 64

// ValidProfile checks a profile name: 1 to 64 characters of A-Z a-z 0-9 . _ -.
// The profile is the keyring account name and appears in file keys and
// messages, so it is kept to a safe, printable alphabet. The error never
// echoes the name: a user who types the key where the profile belongs must
// not see it printed back.
func ValidProfile(profile string) error {
	if profile == "" {
		return &ProfileError{Case: ProfileEmpty}
	}
	if len(profile) > MaxProfileLen {
		return &ProfileError{Case: ProfileLong, N: len(profile)}
	}
	for _, r := range profile {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
			r == '.' || r == '_' || r == '-'
		if !ok {
			return &ProfileError{Case: ProfileChars}
		}
	}
	// A key is made of allowed characters, so it would pass the checks
	// above and then be echoed in every message that names the profile.
	if strings.HasPrefix(profile, "sk_live_") || strings.HasPrefix(profile, "sk_test_") || isSecretHex(profile) {
		return &ProfileError{Case: ProfileKey}
	}
	return nil
}

// ProfileError is what is wrong with a profile name (it matches
// ErrInvalidProfile); Case names it for a front end to say in its language (N: the
// name's length for ProfileLong), Error in English.
type ProfileError struct {
	Case string
	N    int
}

// The cases of a ProfileError.
const (
	ProfileEmpty = "empty"
	ProfileLong  = "long"
	ProfileChars = "chars"
	ProfileKey   = "key"
)

func (e *ProfileError) Error() string {
	var why string
	switch e.Case {
	case ProfileEmpty:
		why = "the profile name is empty"
	case ProfileLong:
		why = fmt.Sprintf("the profile name has %d characters, at most %d are allowed", e.N, MaxProfileLen)
	case ProfileChars:
		why = "use only letters, digits, '.', '_' and '-'"
	default:
		why = "it looks like an API key; give the key to listings auth login, not as a profile name"
	}
	return ErrInvalidProfile.Error() + ": " + why
}

func (e *ProfileError) Unwrap() error { return ErrInvalidProfile }
