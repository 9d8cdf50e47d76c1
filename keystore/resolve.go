package keystore

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// EnvVar is the environment variable that overrides every stored key.
const EnvVar = "LISTINGS_API_KEY"

// noKeyError is ErrNoKey with the profile, the ways on, and, when the
// keyring could not be asked, why.
type noKeyError struct {
	profile    string
	keyringErr error
}

func (e *noKeyError) Error() string {
	msg := fmt.Sprintf("%s for profile %q: run listings auth login --profile %s, or set %s",
		ErrNoKey.Error(), e.profile, e.profile, EnvVar)
	if e.keyringErr != nil {
		msg += "; the OS keyring could not be checked: " + e.keyringErr.Error()
	}
	return msg
}

func (e *noKeyError) Unwrap() []error {
	if e.keyringErr != nil {
		return []error{ErrNoKey, e.keyringErr}
	}
	return []error{ErrNoKey}
}

// Resolve finds the key for profile and says where it came from, in this
// order:
//
//  1. the LISTINGS_API_KEY environment variable, read through env (trimmed;
//     a nil env skips this step, so tests need not touch the process
//     environment);
//  2. the keyring store;
//  3. the file store.
//
// A nil store (also a typed nil pointer) is skipped. A keyring that is unavailable (ErrNoKeyring,
// including timeouts) is skipped silently when the file has the key;
// otherwise its explanation becomes part of the ErrNoKey error, which then
// matches both ErrNoKey and ErrNoKeyring. Other store errors (a cancelled
// ctx, a key file with too open permissions) stop the search and are
// returned, because guessing past them could use a key the user meant to
// remove or hide a leak.
//
// Resolve does not check the key's shape; callers that want to may use
// ValidKey.
func Resolve(ctx context.Context, profile string, env func(string) string, keyring, file Store) (string, Source, error) {
	if err := ValidProfile(profile); err != nil {
		return "", SourceNone, fmt.Errorf("resolve key: %w", err)
	}
	if env != nil {
		if key := strings.TrimSpace(env(EnvVar)); key != "" {
			return key, SourceEnv, nil
		}
	}
	var keyringErr error
	if !isNilStore(keyring) {
		key, err := keyring.Get(ctx, profile)
		switch {
		case err == nil:
			return key, SourceKeyring, nil
		case errors.Is(err, ErrNotFound):
		case errors.Is(err, ErrNoKeyring):
			keyringErr = err
		default:
			return "", SourceNone, fmt.Errorf("resolve key: %w", err)
		}
	}
	if !isNilStore(file) {
		key, err := file.Get(ctx, profile)
		switch {
		case err == nil:
			return key, SourceFile, nil
		case errors.Is(err, ErrNotFound):
		default:
			return "", SourceNone, fmt.Errorf("resolve key: %w", err)
		}
	}
	return "", SourceNone, &noKeyError{profile: profile, keyringErr: keyringErr}
}

// isNilStore reports whether s is nil, including a nil pointer in a non-nil
// interface (a typed nil such as (*File)(nil)), which callers pass easily
// when a store is optional and which would otherwise crash on first use.
func isNilStore(s Store) bool {
	if s == nil {
		return true
	}
	v := reflect.ValueOf(s)
	return v.Kind() == reflect.Pointer && v.IsNil()
}
