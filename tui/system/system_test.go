package system

import (
	"testing"
)

func TestCheckURL(t *testing.T) {
	for _, ok := range []string{"https://example.com/l/1-x", "http://127.0.0.1:8080/l/2"} {
		if _, err := checkURL(ok); err != nil {
			t.Errorf("%s refused: %v", ok, err)
		}
	}
	for _, bad := range []string{"file:///etc/passwd", "javascript:alert(1)", "--help", "", "https://", "/relative"} {
		if _, err := checkURL(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
