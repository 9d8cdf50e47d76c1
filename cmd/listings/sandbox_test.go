package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdutil"
)

func TestSandboxKeysJSON(t *testing.T) {
	r := runBin(t, nil, "", "sandbox", "keys", "--json")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	var keys []map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &keys); err != nil {
		t.Fatalf("not a JSON array: %v\n%s", err, r.stdout)
	}
	want := []string{"personal", "business", "readonly", "suspended", "revoked", "no-whitelist", "foreign-ip"}
	if len(keys) != len(want) {
		t.Fatalf("%d keys", len(keys))
	}
	byName := map[string]map[string]any{}
	for i, k := range keys {
		for _, f := range []string{"name", "key", "account_type", "scopes", "state", "allowed_ips"} {
			if _, ok := k[f]; !ok {
				t.Errorf("key %d lacks %q", i, f)
			}
		}
		if k["name"] != want[i] {
			t.Errorf("key %d is %v, want %s", i, k["name"], want[i])
		}
		byName[k["name"].(string)] = k
	}
	list := func(name, field string) string {
		var s []string
		for _, v := range byName[name][field].([]any) {
			s = append(s, v.(string))
		}
		return strings.Join(s, ",")
	}
	checks := []struct{ got, want string }{
		{byName["personal"]["key"].(string), sandbox.KeyPersonal},
		{list("personal", "scopes"), "listings:read,listings:write"},
		{list("readonly", "scopes"), "listings:read"},
		{list("no-whitelist", "allowed_ips"), ""},
		{list("foreign-ip", "allowed_ips"), "203.0.113.7"},
		{byName["suspended"]["state"].(string), "suspended"},
		{byName["revoked"]["state"].(string), "revoked"},
		{byName["business"]["account_type"].(string), "business"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	if byName["personal"]["rate_limit_per_minute"] != 60.0 || byName["personal"]["daily_limit"] != 5000.0 ||
		byName["business"]["rate_limit_per_minute"] != 600.0 || byName["business"]["daily_limit"] != 100000.0 {
		t.Errorf("limits: personal %v business %v", byName["personal"], byName["business"])
	}
}

// serving is a running `listings sandbox serve`.
type serving struct {
	cmd  *exec.Cmd
	base string
	out  *bytes.Buffer // stdout after the first line, once the process has exited
	done chan struct{}
}

func startServe(t *testing.T, args ...string) *serving {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"sandbox", "serve", "--addr", "127.0.0.1:0", "--quiet"}, args...)...)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &serving{cmd: cmd, out: &bytes.Buffer{}, done: make(chan struct{})}
	t.Cleanup(func() { _ = cmd.Process.Kill(); <-s.done })
	br := bufio.NewReader(stdout)
	first, err := br.ReadString('\n')
	if err != nil {
		t.Fatalf("no first line: %v", err)
	}
	const lead = "Sandbox of the Listings API v1 at "
	if !strings.HasPrefix(first, lead) {
		t.Fatalf("first line %q", first)
	}
	s.base = strings.TrimSpace(strings.TrimPrefix(first, lead))
	go func() {
		_, _ = io.Copy(s.out, br)
		_ = cmd.Wait()
		close(s.done)
	}()
	return s
}

// stop sends sig and waits for the process to leave.
func (s *serving) stop(t *testing.T, sig os.Signal) {
	t.Helper()
	if err := s.cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	<-s.done
}

// TestSandboxServeKeepsState runs `listings sandbox serve --state FILE` as a user
// would: a change is written to FILE without waiting for the exit (a killed server
// loses nothing), the state is written again on Ctrl+C, and a restart serves it all.
func TestSandboxServeKeepsState(t *testing.T) {
	state := filepath.Join(t.TempDir(), "sandbox.json")
	ctx := context.Background()
	client := func(base string) *api.Client {
		c, err := api.New(base, api.StaticKey(sandbox.KeyBusiness))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	body := func(title string) *api.ListingCreate {
		return &api.ListingCreate{Title: title, Description: "A well kept bicycle, serviced this spring.",
			Price: api.PriceInt(5000), CategoryID: 1001, CityRef: "8d5a980d-391c-11dd-90d9-001a92567626",
			Attributes: map[string]any{"bike_type": "mountain"}}
	}

	s1 := startServe(t, "--state", state, "--moderation-delay", "1h")
	created, err := client(s1.base).CreateListing(ctx, body("Mountain bike Trek Marlin 7"))
	if err != nil {
		t.Fatal(err)
	}
	// Saved on change: wait for the file to hold the listing, then kill without warning.
	want := []byte(`"title": "Mountain bike Trek Marlin 7"`)
	for deadline := time.Now().Add(20 * time.Second); ; {
		if data, _ := os.ReadFile(state); bytes.Contains(data, want) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the state file never held the new listing")
		}
		time.Sleep(20 * time.Millisecond)
	}
	s1.stop(t, syscall.SIGKILL)

	s2 := startServe(t, "--state", state, "--moderation-delay", "1h")
	c2 := client(s2.base)
	d, err := c2.GetListing(ctx, created.ListingID, "")
	if err != nil || d.Listing.Title != "Mountain bike Trek Marlin 7" {
		t.Fatalf("after a kill: %+v %v", d, err)
	}
	if _, err := c2.SetStatus(ctx, created.ListingID, api.StatusInactive); err != nil {
		t.Fatal(err)
	}
	ping, err := c2.Ping(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Saved on exit: Ctrl+C right after the change.
	s2.stop(t, os.Interrupt)
	if s2.cmd.ProcessState.ExitCode() != 0 {
		t.Errorf("Ctrl+C: exit %d", s2.cmd.ProcessState.ExitCode())
	}

	s3 := startServe(t, "--state", state)
	c3 := client(s3.base)
	d, err = c3.GetListing(ctx, created.ListingID, "")
	if err != nil || d.Listing.Status != api.StatusInactive {
		t.Fatalf("after Ctrl+C: %+v %v", d, err)
	}
	again, err := c3.Ping(ctx)
	if err != nil || again.TotalRequests != ping.TotalRequests+2 {
		t.Errorf("total_requests %d after %d and one GET: %v", again.TotalRequests, ping.TotalRequests, err)
	}
}

func TestSandboxServeOutputAndUsage(t *testing.T) {
	s := startServe(t)
	s.stop(t, os.Interrupt)
	for _, name := range []string{"personal", "business", "readonly", "suspended", "revoked", "no-whitelist", "foreign-ip",
		sandbox.KeyPersonal, "curl -H 'Authorization: Bearer"} {
		if !strings.Contains(s.out.String(), name) {
			t.Errorf("serve output lacks %q:\n%s", name, s.out)
		}
	}
	for _, args := range [][]string{{"--moderation-delay", "0s"}, {"--addr", "nowhere"}} {
		r := runBin(t, nil, "", append([]string{"sandbox", "serve"}, args...)...)
		if r.code != cmdutil.ExitUsage {
			t.Errorf("serve %v: exit %d, want %d\n%s", args, r.code, cmdutil.ExitUsage, r.stderr)
		}
	}
}
