package auth_test

import (
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/clitest"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

// TestAuthStatusOfAnEnvironmentKey: with LISTINGS_API_KEY and a base URL and no profile
// at all, status reports that key as gh does a token from its environment: its source,
// prefix, service and what ping says, never the key itself.
func TestAuthStatusOfAnEnvironmentKey(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{}).WithEnv()
	out := c.OK("", "auth", "status")
	for _, want := range []string{"* $LISTINGS_API_KEY", c.Env[cmdutil.EnvBaseURL], "sk_test_eec6… from env", "business", "600/min"} {
		if !strings.Contains(out, want) {
			t.Errorf("status lacks %q:\n%s", want, out)
		}
	}
	var sts []struct {
		Profile   string `json:"profile"`
		BaseURL   string `json:"base_url"`
		Source    string `json:"source"`
		KeyPrefix string `json:"key_prefix"`
		Current   bool   `json:"current"`
		Ping      *struct {
			AccountType string `json:"account_type"`
		} `json:"ping"`
	}
	c.OKJSON(&sts, "", "auth", "status", "--json")
	if len(sts) != 1 || sts[0].Source != "env" || sts[0].KeyPrefix != "sk_test_eec6" || !sts[0].Current ||
		sts[0].BaseURL != c.Env[cmdutil.EnvBaseURL] || sts[0].Ping == nil || sts[0].Ping.AccountType != "business" {
		t.Errorf("status --json: %+v", sts)
	}
	noURL := c.WithEnv(cmdutil.EnvBaseURL, "")
	noURL.Env[cmdutil.EnvBaseURL] = ""
	if out := noURL.OK("", "auth", "status"); !strings.Contains(out, "no base URL goes with it") {
		t.Errorf("a key without a base URL:\n%s", out)
	}
}

// TestPlainFileWarningOnce: a key kept with --insecure-storage is named as such once
// per command: by the keystore's warning on stderr for a command that uses it, and by
// the profile's own line in auth status, which then does not repeat it on stderr.
func TestPlainFileWarningOnce(t *testing.T) {
	t.Parallel()
	c := clitest.New(t, sandbox.Options{}).WithKey("")
	c.Env = map[string]string{"LISTINGS_CONFIG_DIR": t.TempDir()}
	c.OK(sandbox.KeyPersonal+"\n", "auth", "login", "--with-key", "--insecure-storage")
	for _, args := range [][]string{{"ping"}, {"ls", "--limit", "1"}, {"auth", "status"}, {"auth", "status", "--offline"}} {
		r := c.Run("", args...)
		if r.Code != cmdutil.ExitOK {
			t.Fatalf("%v: exit %d\n%s", args, r.Code, r.Stderr)
		}
		if n := strings.Count(r.Stdout+r.Stderr, "plain"); n != 1 {
			t.Errorf("%v: the plain-text file is named %d times, want once:\nstdout:\n%s\nstderr:\n%s", args, n, r.Stdout, r.Stderr)
		}
	}
}
