package keystore

import (
	"strings"
	"testing"
)

// Well-formed test keys. They are not real: the service never issued them.
const (
	testKey  = "sk_test_08f0c1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f70"
	testKey2 = "sk_live_aaaabbbbccccddddeeeeffff000011112222333344445555"
)

// assertNoKey fails if text contains key or its bare secret part.
func assertNoKey(t *testing.T, text, key string) {
	t.Helper()
	secret := key[len(livePrefix):]
	if strings.Contains(text, key) || strings.Contains(strings.ToLower(text), secret) {
		t.Fatalf("key material leaked into %q", text)
	}
}
