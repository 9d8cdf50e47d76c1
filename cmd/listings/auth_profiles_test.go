package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
)

// profileStatuses runs auth status --json and decodes it by profile name.
func profileStatuses(t *testing.T, env []string, args ...string) map[string]map[string]any {
	t.Helper()
	r := runBin(t, env, "", append([]string{"auth", "status", "--json"}, args...)...)
	if r.code != 0 {
		t.Fatalf("status --json: exit %d\n%s", r.code, r.stderr)
	}
	var sts []map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &sts); err != nil {
		t.Fatalf("status --json: %v\n%s", err, r.stdout)
	}
	out := map[string]map[string]any{}
	for _, st := range sts {
		for _, k := range []string{"profile", "base_url", "source", "key_prefix", "current", "warnings"} {
			if _, ok := st[k]; !ok {
				t.Errorf("status --json lacks %q: %v", k, st)
			}
		}
		out[st["profile"].(string)] = st
	}
	return out
}

// Two profiles as a user would set them up: switch, --profile and LISTINGS_PROFILE
// choose between them, status flags the one whose key stopped working, and a profile
// whose key went missing still reports every field.
func TestAuthProfilesAndSwitch(t *testing.T) {
	base := cmdtest.StartSandbox(t)
	cfg := t.TempDir()
	env := []string{"LISTINGS_CONFIG_DIR=" + cfg}
	for _, p := range []struct{ name, key string }{{"shop", sandbox.KeyPersonal}, {"biz", sandbox.KeyBusiness}} {
		r := runBin(t, env, p.key+"\n", "auth", "login", "--profile", p.name, "--base-url", base, "--with-key", "--insecure-storage")
		if r.code != 0 {
			t.Fatalf("login %s: exit %d\n%s", p.name, r.code, r.stderr)
		}
	}
	sts := profileStatuses(t, env)
	if len(sts) != 2 || sts["biz"]["current"] != true || sts["shop"]["current"] != false ||
		sts["biz"]["key_prefix"] != "sk_test_eec6" || sts["shop"]["source"] != "file" {
		t.Fatalf("after two logins: %v", sts)
	}

	if r := runBin(t, env, "", "auth", "switch", "shop"); r.code != 0 || !strings.Contains(r.stdout, `"shop" is now current`) {
		t.Fatalf("switch: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if sts := profileStatuses(t, env, "--offline"); sts["shop"]["current"] != true || sts["biz"]["current"] != false {
		t.Errorf("after switch: %v", sts)
	}
	if r := runBin(t, env, "", "auth", "switch", "nope"); r.code == 0 || !strings.Contains(r.stderr, "no profile") {
		t.Errorf("switch to a missing profile: exit %d\n%s", r.code, r.stderr)
	}
	// ping answers as the chosen profile's key: --profile beats LISTINGS_PROFILE beats current.
	who := func(extraEnv []string, args ...string) string {
		r := runBin(t, append(env, extraEnv...), "", append([]string{"ping", "--json"}, args...)...)
		var info map[string]any
		if err := json.Unmarshal([]byte(r.stdout), &info); err != nil {
			t.Fatalf("ping %v: exit %d\n%s%s", args, r.code, r.stdout, r.stderr)
		}
		return info["account_type"].(string)
	}
	if got := who(nil); got != "personal" {
		t.Errorf("current profile shop pinged as %s", got)
	}
	if got := who([]string{"LISTINGS_PROFILE=biz"}); got != "business" {
		t.Errorf("LISTINGS_PROFILE=biz pinged as %s", got)
	}
	if got := who([]string{"LISTINGS_PROFILE=biz"}, "--profile", "shop"); got != "personal" {
		t.Errorf("--profile shop over LISTINGS_PROFILE=biz pinged as %s", got)
	}

	// A key that was revoked since login: status says so and what to do.
	keys := filepath.Join(cfg, "insecure-keys.json")
	data, err := os.ReadFile(keys)
	if err != nil {
		t.Fatal(err)
	}
	revoked := strings.Replace(string(data), sandbox.KeyBusiness, sandbox.KeyRevoked, 1)
	if err := os.WriteFile(keys, []byte(revoked), 0o600); err != nil {
		t.Fatal(err)
	}
	text := runBin(t, env, "", "auth", "status")
	if !strings.Contains(text.stdout, "key_revoked") || !strings.Contains(text.stdout, "create a new one") {
		t.Errorf("status with a revoked key:\n%s", text.stdout)
	}
	// A key that went missing: the profile still reports every field, source none.
	if err := os.Remove(keys); err != nil {
		t.Fatal(err)
	}
	sts = profileStatuses(t, env, "--offline")
	if sts["biz"]["source"] != "none" || sts["biz"]["key_prefix"] != "" || sts["biz"]["error"] == nil {
		t.Errorf("profile without a key: %v", sts["biz"])
	}
}
