package rules

import "testing"

func TestParsePrice(t *testing.T) {
	for in, want := range map[string]string{"1500": "1500", "12 000,50": "12000.50", "99.9": "99.9", "1\u00a0000": "1000"} {
		p, err := ParsePrice(in)
		if err != nil || p.String() != want {
			t.Errorf("%q → %v %v", in, p, err)
		}
	}
	for _, in := range []string{"", "-5", "1e3", "abc", "1.2.3"} {
		if _, err := ParsePrice(in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}
