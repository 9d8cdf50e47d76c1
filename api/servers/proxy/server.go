package proxy

import (
	"io"
	"log"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// NewServer returns an http.Server for h with the proxy's bounds on connections: the
// time to send headers (ReadHeaderTimeout), their size (MaxHeaderBytes), the time a
// kept-alive connection may stay idle (IdleTimeout), and backstops on the whole
// request's read and write for what the handler does not bound itself. errorLog receives
// net/http's own messages (nil: the standard logger); wrap its writer with LogWriter.
func NewServer(h http.Handler, errorLog *log.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: ReadHeaderTimeout,
		// The handler sets each body's deadline (DefaultBodyTimeout or its own); these
		// only bound a request it does not, such as the example page's.
		ReadTimeout:    ReadHeaderTimeout + DefaultBodyTimeout,
		WriteTimeout:   ReadHeaderTimeout + DefaultBodyTimeout + DefaultTimeout + writeSlack,
		IdleTimeout:    IdleTimeout,
		MaxHeaderBytes: MaxHeaderBytes,
		ErrorLog:       errorLog,
	}
}

// Listener bounds the connections a listener hands to a server: at most max open at
// once, and at most perIP from one address. A connection beyond either is answered 503
// and closed at once rather than held, so callers that open connections and send
// nothing hold a bounded number of file descriptors, each for ReadHeaderTimeout at most.
type Listener struct {
	net.Listener
	max, perIP int

	mu      sync.Mutex
	open    int
	byIP    map[string]int
	refused int
}

// LimitListener wraps ln; max and perIP of 0 or less mean DefaultMaxConns and
// DefaultMaxConnsPerIP.
func LimitListener(ln net.Listener, max, perIP int) *Listener {
	if max <= 0 {
		max = DefaultMaxConns
	}
	if perIP <= 0 {
		perIP = DefaultMaxConnsPerIP
	}
	return &Listener{Listener: ln, max: max, perIP: perIP, byIP: make(map[string]int)}
}

// Open returns the connections open now.
func (l *Listener) Open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open
}

// Refused returns the connections closed at once so far because a bound was reached.
func (l *Listener) Refused() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.refused
}

// Accept returns the next connection within the bounds, refusing those beyond them.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ip := remoteIP(c)
		l.mu.Lock()
		ok := l.open < l.max && l.byIP[ip] < l.perIP
		if ok {
			l.open++
			l.byIP[ip]++
		} else {
			l.refused++
		}
		l.mu.Unlock()
		if ok {
			return &limitedConn{Conn: c, l: l, ip: ip}, nil
		}
		go refuse(c)
	}
}

// busyAnswer tells a refused caller why, in the proxy's error envelope.
var busyAnswer = func() string {
	body := `{"ok":false,"error":"too_many_connections","hint":"the proxy has as many connections open as it allows ` +
		`(from your address or in all); try again in a few seconds","proxy":true}` + "\n"
	return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n" +
		"Retry-After: 10\r\nConnection: close\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body
}()

// refuse answers 503 and closes, without reading the request: what it sent is not
// wanted, and the write is small enough for the socket's buffer, bounded anyway.
func refuse(c net.Conn) {
	_ = c.SetWriteDeadline(time.Now().Add(time.Second))
	_, _ = io.WriteString(c, busyAnswer)
	_ = c.Close()
}

func remoteIP(c net.Conn) string {
	if a, ok := c.RemoteAddr().(*net.TCPAddr); ok {
		return a.IP.String()
	}
	return c.RemoteAddr().String()
}

// limitedConn gives its place back when closed, once.
type limitedConn struct {
	net.Conn
	l    *Listener
	ip   string
	once sync.Once
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.l.mu.Lock()
		c.l.open--
		if c.l.byIP[c.ip]--; c.l.byIP[c.ip] <= 0 {
			delete(c.l.byIP, c.ip)
		}
		c.l.mu.Unlock()
	})
	return err
}
