package keycheck

import (
	"errors"
	"testing"

	"github.com/listings-tui/listings/api"
)

// A key writes when it has listings:write among its scopes, asked or granted; a
// failed ping tells no scope, and the app stays as it was.
func TestWritesTellsTheScope(t *testing.T) {
	cases := []struct {
		p    Pinged
		want bool
	}{
		{Pinged{Info: &api.KeyInfo{Scopes: []string{api.ScopeWrite}}}, true},
		{Pinged{Info: &api.KeyInfo{ScopesGranted: []string{api.ScopeWrite}}}, true},
		{Pinged{Info: &api.KeyInfo{Scopes: []string{"listings:read"}}}, false},
		{Pinged{Err: errors.New("offline")}, false},
	}
	for i, c := range cases {
		if got := c.p.Writes(); got != c.want {
			t.Errorf("case %d: Writes() = %v, want %v", i, got, c.want)
		}
	}
}
