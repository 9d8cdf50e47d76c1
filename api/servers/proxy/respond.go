package proxy

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// request is one request being served, with what its log line needs.
type request struct {
	h      *Handler
	w      http.ResponseWriter
	r      *http.Request
	began  time.Time
	origin string
	path   string // as logged: the token, right or wrong, is replaced
	file   string
	size   int64 // -1 until the file was read
}

// errorBody is the API's error envelope, marked as the proxy's own answer.
type errorBody struct {
	OK         bool   `json:"ok"`
	Error      string `json:"error"`
	Hint       string `json:"hint"`
	Proxy      bool   `json:"proxy"`
	RetryAfter int    `json:"retry_after,omitempty"`
}

// fail answers with the proxy's own error and logs it.
func (rq *request) fail(status int, code, hint string) {
	rq.failWith(errorBody{Error: code, Hint: hint}, status)
}

func (rq *request) failWith(body errorBody, status int) {
	body.OK, body.Proxy = false, true
	b, err := json.Marshal(body)
	if err != nil { // cannot happen with these field types; keep the answer valid anyway
		b = []byte(`{"ok":false,"error":"internal_error","hint":"the proxy could not encode its answer","proxy":true}`)
	}
	rq.w.Header().Set("Content-Type", "application/json; charset=utf-8")
	rq.w.Header().Set("X-Content-Type-Options", "nosniff")
	rq.w.WriteHeader(status)
	_, _ = rq.w.Write(append(b, '\n'))
	rq.log(status, body.Error)
}

// log writes the request's line with its verdict: "forward" when the frame went to the
// service, "refuse" with the error code otherwise.
func (rq *request) log(status int, code string) {
	verb := "forward"
	if code != "" {
		verb = "refuse"
	}
	rq.logVerdict(verb, status, code)
}

// logVerdict writes the line: verdict, method and path, client IP, origin, file and
// size, status and duration. The key and the token are never among them, and every
// field that came from the network is bounded and, unless plain, quoted: a path with
// %1b or %0a cannot drive the terminal that shows the log or forge a line in it.
func (rq *request) logVerdict(verb string, status int, code string) {
	if rq.h.logf == nil {
		return
	}
	path := rq.path
	if rq.h.token != "" { // the right token at a wrong path
		path = strings.ReplaceAll(path, rq.h.token, "<token>")
	}
	origin := rq.origin
	if origin == "" {
		origin = "-"
	}
	size := "-"
	if rq.size >= 0 {
		size = fmt.Sprint(rq.size)
	}
	line := fmt.Sprintf("proxy: %s %s %s ip=%s origin=%s bytes=%s status=%d in=%s",
		verb, plain(rq.r.Method, 20), plain(path, maxLogPath), plain(clientIP(rq.r), 64),
		strconv.Quote(truncate(origin, maxLogOrigin)), size, status, rq.h.now().Sub(rq.began).Round(time.Millisecond))
	if rq.file != "" {
		line += " file=" + strconv.Quote(rq.file)
	}
	if code != "" {
		line += " error=" + code
	}
	rq.h.logf("%s", line)
}

// plain returns s bounded to n bytes, as it is when it is plain printable ASCII without
// spaces or quotes (a path, a method, an address), quoted otherwise.
func plain(s string, n int) string {
	s = truncate(s, n)
	for _, c := range []byte(s) {
		if c <= ' ' || c >= 0x7f || c == '"' || c == '\\' {
			return strconv.Quote(s)
		}
	}
	return s
}

// clientIP is the TCP peer, as the service itself sees clients; X-Forwarded-For is
// ignored because anyone can send it.
func clientIP(r *http.Request) string {
	addr := r.RemoteAddr
	if i := strings.LastIndexByte(addr, ':'); i > 0 {
		addr = addr[:i]
	}
	return strings.Trim(addr, "[]")
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n-- // keep whole UTF-8 sequences
	}
	return s[:n] + "…"
}

// LogWriter returns a writer for a log.Logger (such as an http.Server's ErrorLog) that
// escapes, as Go quotes them, the control and invisible characters of each message but
// its final line break: net/http's own messages may quote what a client sent.
func LogWriter(w io.Writer) io.Writer { return logWriter{w} }

type logWriter struct{ w io.Writer }

func (lw logWriter) Write(p []byte) (int, error) {
	msg := strings.TrimSuffix(string(p), "\n")
	clean := true
	for _, r := range msg {
		if r == utf8.RuneError || !unicode.IsPrint(r) && r != ' ' {
			clean = false
			break
		}
	}
	if !clean {
		q := strconv.Quote(msg)
		msg = q[1 : len(q)-1]
	}
	if _, err := io.WriteString(lw.w, msg+"\n"); err != nil {
		return 0, err
	}
	return len(p), nil
}
