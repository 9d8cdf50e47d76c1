package keystore

import (
	"fmt"
	"strings"
	"unicode"
)

// Shape of a key, from the service's documentation: sk_live_ or sk_test_
// followed by 48 lower-case hex characters.
const (
	livePrefix   = "sk_live_"
	testPrefix   = "sk_test_"
	secretHexLen = 48
	keyLen       = len(livePrefix) + secretHexLen

	// redacted replaces a key in text. It keeps the "sk_" so a reader can
	// still tell a key was there.
	redacted = "sk_…REDACTED"

	// prefixLen is how much of a key Prefix shows: "sk_test_08f0".
	prefixLen = 12
)

// CleanKey trims the whitespace and newlines that pasting adds and checks
// that what remains has the shape ^sk_(live|test)_[0-9a-f]{48}$. It returns
// the trimmed key. Errors match ErrMalformedKey, describe the expected shape
// and what is wrong, and never contain the key.
func CleanKey(raw string) (string, error) {
	key := strings.TrimSpace(raw)
	if err := checkShape(key); err != nil {
		return "", fmt.Errorf("%w: %s; expected sk_live_ or sk_test_ followed by %d lower-case hex characters (0-9, a-f), %d characters in all",
			ErrMalformedKey, err.Error(), secretHexLen, keyLen)
	}
	return key, nil
}

// ValidKey reports whether raw, once trimmed of surrounding whitespace, is a
// well-formed key. See CleanKey.
func ValidKey(raw string) error {
	_, err := CleanKey(raw)
	return err
}

// keyShapeError is a reason that never includes key material.
type keyShapeError string

func (e keyShapeError) Error() string { return string(e) }

func checkShape(key string) error {
	switch {
	case key == "":
		return keyShapeError("the key is empty")
	case strings.IndexFunc(key, unicode.IsSpace) >= 0:
		return keyShapeError("the key contains spaces or line breaks")
	case !strings.HasPrefix(key, livePrefix) && !strings.HasPrefix(key, testPrefix):
		return keyShapeError("the key does not start with sk_live_ or sk_test_")
	case len(key) != keyLen:
		return keyShapeError(fmt.Sprintf("the key has %d characters", len(key)))
	}
	secret := key[len(livePrefix):]
	if strings.ToLower(secret) != secret && isHex(strings.ToLower(secret)) {
		return keyShapeError("the hex part is in upper case")
	}
	if !isHex(secret) {
		return keyShapeError("the part after the prefix has characters other than 0-9 and a-f")
	}
	return nil
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// isSecretHex reports whether s looks like the bare secret part of a key.
func isSecretHex(s string) bool {
	return len(s) == secretHexLen && isHex(strings.ToLower(s))
}

// Redact returns s with every occurrence of key replaced by "sk_…REDACTED".
// The bare 48-hex secret part of the key (in either letter case) is replaced
// too, because tools and logs often print it without the prefix. The key is
// trimmed first, so an untrimmed pasted key still matches. A key shorter
// than 8 characters is not searched for: replacing such short strings would
// mangle ordinary text, and no real key is that short.
func Redact(s, key string) string {
	key = strings.TrimSpace(key)
	if len(key) < 8 || s == "" {
		return s
	}
	s = strings.ReplaceAll(s, key, redacted)
	secret := ""
	if strings.HasPrefix(key, livePrefix) || strings.HasPrefix(key, testPrefix) {
		secret = key[len(livePrefix):]
	}
	if len(secret) >= 8 {
		s = strings.ReplaceAll(s, secret, redacted)
		s = strings.ReplaceAll(s, strings.ToUpper(secret), redacted)
		s = strings.ReplaceAll(s, strings.ToLower(secret), redacted)
	}
	return s
}

// Prefix returns the first 12 characters of the trimmed key (for example
// "sk_test_08f0"), the part that is safe to display and that the service
// reports as key_prefix. For a malformed, short key it shows at most a
// quarter of it, so displaying the prefix never reveals most of a secret.
func Prefix(key string) string {
	r := []rune(strings.TrimSpace(key))
	n := prefixLen
	if len(r) < keyLen {
		n = min(n, len(r)/4)
	}
	return string(r[:n])
}
