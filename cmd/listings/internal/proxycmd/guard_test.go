package proxycmd

import (
	"io"
	"net"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/listings-tui/listings/api/servers/sandbox"
	"github.com/listings-tui/listings/cmd/listings/internal/cmdtest"
)

// --token generate: the banner's uploadEndpoint carries the token, a frame without it is
// refused, one with it forwarded, and the log never shows it. A page whose name was
// rebound to the proxy's address is refused however it is sent.
func TestProxyCommandGuardsTheKey(t *testing.T) {
	sb := cmdtest.StartSandbox(t)
	f, stdout, stderr := envKeyFactory(sb, sandbox.KeyPersonal)
	base, stop := startProxy(t, f, options{listen: "127.0.0.1:0", path: "/upload", token: "generate", example: true})

	m := regexp.MustCompile(`uploadEndpoint: '` + regexp.QuoteMeta(base) + `/upload/([A-Z2-7]{26})'`).FindStringSubmatch(stdout.String())
	if m == nil {
		t.Fatalf("the banner does not give an uploadEndpoint with a generated token:\n%s", stdout)
	}
	token := m[1]
	if !strings.Contains(stdout.String(), "Token: required") || !strings.Contains(stdout.String(), "%2Fupload%2F"+token) {
		t.Errorf("the banner should say a token is required and give the example page the endpoint:\n%s", stdout)
	}

	if resp := framePost(t, base+"/upload", ""); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("without the token: %d, want 401", resp.StatusCode)
	}
	if resp := framePost(t, base+"/upload/"+strings.ToLower(token), ""); resp.StatusCode != http.StatusForbidden {
		t.Errorf("with another token: %d, want 403", resp.StatusCode)
	}
	if resp := framePost(t, base+"/upload/"+token, base); resp.StatusCode != http.StatusCreated {
		t.Errorf("with the token, from the proxy's own page: %d, want 201", resp.StatusCode)
	}
	port := base[strings.LastIndexByte(base, ':')+1:]
	for _, host := range []string{"evil.example:" + port, "localhost:" + port} {
		req, _ := http.NewRequest(http.MethodPost, base+"/upload/"+token, strings.NewReader("x"))
		req.Host = host
		req.Header.Set("Origin", "http://"+host)
		req.Header.Set("Content-Type", "text/plain")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		want := http.StatusForbidden // host_not_allowed
		if strings.HasPrefix(host, "localhost") {
			want = http.StatusUnsupportedMediaType // past the checks, refused as not multipart
		}
		if resp.StatusCode != want {
			t.Errorf("Host %s: %d, want %d", host, resp.StatusCode, want)
		}
	}

	if err := stop(); err != nil {
		t.Fatal(err)
	}
	logs := stderr.String()
	if strings.Contains(strings.ToLower(logs), strings.ToLower(token)) {
		t.Errorf("the token reached the log:\n%s", logs)
	}
	for _, want := range []string{"error=proxy_token_required", "error=proxy_token_invalid", "proxy: forward POST /upload/<token> ", "error=host_not_allowed"} {
		if !strings.Contains(logs, want) {
			t.Errorf("the log lacks %q:\n%s", want, logs)
		}
	}
	cmdtest.AssertNoKey(t, sandbox.KeyPersonal, nil, stdout.String(), logs)
}

func TestProxyCommandRefusesBadToken(t *testing.T) {
	for _, tok := range []string{"short", "has/a/slash/in/it/0123456789"} {
		f, _, _ := envKeyFactory("http://127.0.0.1:1", sandbox.KeyPersonal)
		cmd := NewCmd(f)
		cmd.SetArgs([]string{"--token", tok})
		cmd.SetOut(io.Discard)
		cmd.SetErr(io.Discard)
		if err := cmd.Execute(); err == nil || !strings.Contains(err.Error(), "--token") {
			t.Errorf("--token %q: %v, want a usage error naming --token", tok, err)
		}
	}
}

// The command serves through the bounded listener: a connection beyond the bound per
// address is answered 503 at once instead of being held.
func TestProxyCommandBoundsConnections(t *testing.T) {
	f, _, _ := envKeyFactory(cmdtest.StartSandbox(t), sandbox.KeyPersonal)
	base, _ := startProxy(t, f, options{listen: "127.0.0.1:0", path: "/upload", maxConnsPerIP: 2})
	addr := strings.TrimPrefix(base, "http://")
	var held []net.Conn
	t.Cleanup(func() {
		for _, c := range held {
			_ = c.Close()
		}
	})
	for range 2 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
		_, _ = io.WriteString(c, "POST /upload HTTP/1.1\r\n") // and nothing more
	}
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetReadDeadline(time.Now().Add(20 * time.Second)) // a safety net: the answer comes at once
	b, _ := io.ReadAll(c)
	if !strings.HasPrefix(string(b), "HTTP/1.1 503 ") {
		t.Errorf("third connection from one address: %q, want a 503", b)
	}
}

func TestAllowedHosts(t *testing.T) {
	for listen, want := range map[string][]string{
		"127.0.0.1":   {"localhost", "127.0.0.1", "[::1]", "127.0.0.1", "x.internal"},
		"myhost":      {"localhost", "127.0.0.1", "[::1]", "myhost", "x.internal"},
		"0.0.0.0":     {"localhost", "127.0.0.1", "[::1]", "x.internal"},
		"::":          {"localhost", "127.0.0.1", "[::1]", "x.internal"},
		"":            {"localhost", "127.0.0.1", "[::1]", "x.internal"},
		"192.168.1.5": {"localhost", "127.0.0.1", "[::1]", "192.168.1.5", "x.internal"},
	} {
		if got := allowedHosts(listen, []string{"x.internal"}); !slices.Equal(got, want) {
			t.Errorf("allowedHosts(%q) = %q, want %q", listen, got, want)
		}
	}
}
