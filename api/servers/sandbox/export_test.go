package sandbox

import "net/http"

// setHook installs a function run before routing, e.g. to panic.
func (s *Server) setHook(h func(*http.Request)) { s.testHook = h }

// setToday sets the requests counted today for the key named name.
func (s *Server) setToday(name string, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.counterFor(name)
	c.roll(s.now(), s.loc)
	c.Today = n
}
