package sandbox

import (
	"net/http"
	"net/http/httptest"
)

// Direct is a RoundTripper that serves each request in-process with h (the sandbox,
// or a handler around it), as from the loopback address. No socket is opened, so in a
// testing/synctest bubble every goroutine that waits is the bubble's own and the fake
// clock moves over the key's budget waits at no real cost. The request's URL's host
// does not matter ("http://sandbox.test").
func Direct(h http.Handler) http.RoundTripper { return direct{h} }

type direct struct{ h http.Handler }

func (d direct) RoundTrip(r *http.Request) (*http.Response, error) {
	in := r.Clone(r.Context())
	in.RemoteAddr, in.RequestURI = "127.0.0.1:40000", r.URL.RequestURI()
	rec := httptest.NewRecorder()
	d.h.ServeHTTP(rec, in)
	resp := rec.Result()
	resp.Request = r
	return resp, nil
}
