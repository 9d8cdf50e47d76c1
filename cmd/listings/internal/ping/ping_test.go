package ping_test

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
)

func TestPingBothForms(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{})
	out := c.OK("", "ping")
	for _, want := range []string{"sk_test_eec6…", "business", "600 a minute, 100000 a day", "this minute", "127.0.0.1", "server time"} {
		if !strings.Contains(out, want) {
			t.Errorf("ping lacks %q:\n%s", want, out)
		}
	}
	var info map[string]any
	c.OKJSON(&info, "", "ping", "--json")
	if info["key_prefix"] != "sk_test_eec6" || info["account_type"] != "business" || info["your_ip"] != "127.0.0.1" {
		t.Errorf("ping --json = %v", info)
	}
	if _, ok := info["requests_today"]; !ok {
		t.Errorf("ping --json lacks the sandbox's counters: %v", info)
	}
}
