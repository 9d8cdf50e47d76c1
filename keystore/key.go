package keystore

import (
	"fmt"
	"strings"
	"unicode"
)

// Shape of a key, from the service's documentation: sk_live_ or sk_test_
// followed by 48 lower-case hex characters.
const (
	livePrefix = "sk_live_"
	testPrefix = "sk_test_"
	// SecretHexLen and KeyLen are the hex part's length and the key's, which a
	// front end names when it says a malformed key's expected shape.
	SecretHexLen = 48
	KeyLen       = len(livePrefix) + SecretHexLen

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
		return "", fmt.Errorf("%w: %w; expected sk_live_ or sk_test_ followed by %d lower-case hex characters (0-9, a-f), %d characters in all",
			ErrMalformedKey, err, SecretHexLen, KeyLen)
	}
	return key, nil
}

// ValidKey reports whether raw, once trimmed of surrounding whitespace, is a
// well-formed key. See CleanKey.
func ValidKey(raw string) error {
	_, err := CleanKey(raw)
	return err
}

// ShapeError is what is wrong with a key's shape, a reason that never includes key
// material; Case names it for a front end to say in its language (N: the key's
// length for ShapeLength), Error in English.
type ShapeError struct {
	Case string
	N    int
}

// The cases of a ShapeError.
const (
	ShapeEmpty  = "empty"
	ShapeSpaces = "spaces"
	ShapePrefix = "prefix"
	ShapeLength = "length"
	ShapeUpper  = "upper"
	ShapeHex    = "hex"
)

func (e *ShapeError) Error() string {
	switch e.Case {
	case ShapeEmpty:
		return "the key is empty"
	case ShapeSpaces:
		return "the key contains spaces or line breaks"
	case ShapePrefix:
		return "the key does not start with sk_live_ or sk_test_"
	case ShapeLength:
		return fmt.Sprintf("the key has %d characters", e.N)
	case ShapeUpper:
		return "the hex part is in upper case"
	}
	return "the part after the prefix has characters other than 0-9 and a-f"
}

func checkShape(key string) error {
	switch {
	case key == "":
		return &ShapeError{Case: ShapeEmpty}
	case strings.IndexFunc(key, unicode.IsSpace) >= 0:
		return &ShapeError{Case: ShapeSpaces}
	case !strings.HasPrefix(key, livePrefix) && !strings.HasPrefix(key, testPrefix):
		return &ShapeError{Case: ShapePrefix}
	case len(key) != KeyLen:
		return &ShapeError{Case: ShapeLength, N: len(key)}
	}
	secret := key[len(livePrefix):]
	if strings.ToLower(secret) != secret && isHex(strings.ToLower(secret)) {
		return &ShapeError{Case: ShapeUpper}
	}
	if !isHex(secret) {
		return &ShapeError{Case: ShapeHex}
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
	return len(s) == SecretHexLen && isHex(strings.ToLower(s))
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
	if len(r) < KeyLen {
		n = min(n, len(r)/4)
	}
	return string(r[:n])
}
