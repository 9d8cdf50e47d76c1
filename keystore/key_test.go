package keystore

import (
	"errors"
	"strings"
	"testing"
)

func TestValidKey(t *testing.T) {
	upper := "sk_test_" + strings.ToUpper(testKey[len(testPrefix):])
	tests := []struct {
		name   string
		raw    string
		ok     bool
		reason string
	}{
		{"test key", testKey, true, ""},
		{"live key", testKey2, true, ""},
		{"pasted with newline", "  " + testKey + "\r\n", true, ""},
		{"empty", "   \n", false, "empty"},
		{"inner space", testKey[:20] + " " + testKey[20:], false, "spaces"},
		{"wrong prefix", "pk_test_" + testKey[8:], false, "does not start"},
		{"short", testKey[:40], false, "has 40 characters"},
		{"long", testKey + "0", false, "has 57 characters"},
		{"upper hex", upper, false, "upper case"},
		{"not hex", testKey[:len(testKey)-1] + "z", false, "other than 0-9"},
		{"bearer pasted", "Bearer " + testKey, false, "spaces"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidKey(tt.raw)
			if tt.ok {
				if err != nil {
					t.Fatalf("ValidKey: %v", err)
				}
				return
			}
			if !errors.Is(err, ErrMalformedKey) {
				t.Fatalf("err = %v, want ErrMalformedKey", err)
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.reason) || !strings.Contains(msg, "sk_live_ or sk_test_ followed by 48") {
				t.Errorf("message %q lacks %q or the expected shape", msg, tt.reason)
			}
			if len(tt.raw) > 20 {
				// Any long run of the input must not be echoed.
				if strings.Contains(msg, strings.TrimSpace(tt.raw)[8:24]) {
					t.Errorf("message %q echoes the key", msg)
				}
			}
		})
	}
}

func TestCleanKeyTrims(t *testing.T) {
	got, err := CleanKey("\t" + testKey + "\n")
	if err != nil || got != testKey {
		t.Fatalf("CleanKey = %q, %v", got, err)
	}
}

func TestRedact(t *testing.T) {
	secret := testKey[len(testPrefix):]
	tests := []struct {
		name, in, key, want string
	}{
		{"full key", "auth: Bearer " + testKey + " failed", testKey, "auth: Bearer sk_…REDACTED failed"},
		{"twice", testKey + "," + testKey, testKey, "sk_…REDACTED,sk_…REDACTED"},
		{"bare secret", "token=" + secret, testKey, "token=sk_…REDACTED"},
		{"upper secret", "X:" + strings.ToUpper(secret), testKey, "X:sk_…REDACTED"},
		{"untrimmed key", "k=" + testKey, " " + testKey + "\n", "k=sk_…REDACTED"},
		{"absent", "nothing here", testKey, "nothing here"},
		{"empty key", "nothing here", "", "nothing here"},
		{"tiny key ignored", "a b c", "a", "a b c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Redact(tt.in, tt.key); got != tt.want {
				t.Errorf("Redact = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestPrefix(t *testing.T) {
	if got := Prefix(testKey); got != "sk_test_08f0" {
		t.Errorf("Prefix = %q", got)
	}
	if got := Prefix(" " + testKey2 + "\n"); got != "sk_live_aaaa" {
		t.Errorf("Prefix = %q", got)
	}
	if got := Prefix("short-secret-123"); got != "shor" {
		t.Errorf("Prefix of a short key = %q, want a quarter of it", got)
	}
	if got := Prefix(""); got != "" {
		t.Errorf("Prefix empty = %q", got)
	}
}

func TestValidProfile(t *testing.T) {
	good := []string{"default", "shop-2", "A.b_c-9", strings.Repeat("p", 64)}
	for _, p := range good {
		if err := ValidProfile(p); err != nil {
			t.Errorf("ValidProfile(%q) = %v", p, err)
		}
	}
	bad := []string{"", strings.Repeat("p", 65), "a b", "a/b", "../x", "ünï", "a\n", testKey, testKey2,
		testKey[len(testPrefix):]}
	for _, p := range bad {
		err := ValidProfile(p)
		if !errors.Is(err, ErrInvalidProfile) {
			t.Errorf("ValidProfile(%q) = %v, want ErrInvalidProfile", p, err)
			continue
		}
		if p != "" && strings.Contains(err.Error(), p) {
			t.Errorf("error %q echoes the name", err)
		}
	}
}

func TestSourceString(t *testing.T) {
	want := map[Source]string{SourceNone: "none", SourceEnv: "env", SourceKeyring: "keyring", SourceFile: "file", Source(42): "none"}
	for s, w := range want {
		if s.String() != w {
			t.Errorf("%d.String() = %q, want %q", int(s), s.String(), w)
		}
		b, err := s.MarshalText()
		if err != nil || string(b) != w {
			t.Errorf("MarshalText = %q, %v", b, err)
		}
	}
}
