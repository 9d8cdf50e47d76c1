package login

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/tui/msgs"
)

// The hand-over's client is of the address verified; the notice names the host or
// the sandbox; the sandbox's address is never prefilled.
func TestHandOver(t *testing.T) {
	d := msgs.LoggedIn{BaseURL: "https://api.example.test", Key: "k"}
	c, err := Client(d, "1.0", nil)
	if err != nil || c.BaseURL() != "https://api.example.test" {
		t.Fatalf("client %v, %v", c, err)
	}
	if w := Welcome(d); !strings.HasSuffix(w, "logged in to api.example.test") {
		t.Fatalf("welcome %q", w)
	}
	if w := Welcome(msgs.LoggedIn{BaseURL: "http://127.0.0.1:9", Sandbox: true}); !strings.HasSuffix(w, "logged in to the sandbox") {
		t.Fatalf("welcome %q", w)
	}
	if Prefill("http://127.0.0.1:9", true) != "" || Prefill("https://a.test", false) != "https://a.test" {
		t.Fatal("prefill")
	}
}
