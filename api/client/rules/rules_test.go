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

// A range cell reads back what the exporter wrote, negative bounds included, and a
// negative number alone is never taken for a separator and a bound.
func TestSplitRange(t *testing.T) {
	for in, want := range map[string][2]string{
		"2000-2010": {"2000", "2010"}, "2000-": {"2000", ""}, "-2010": {"", "2010"},
		"10 - 20": {"10", "20"}, "2000": {"2000", ""}, "-5-10": {"-5", "10"}, "--3": {"", "-3"},
		"-3-": {"-3", ""}, "-5--1": {"-5", "-1"}, "1,5-2,5": {"1,5", "2,5"}, "2000–2010": {"2000", "2010"},
		"-": {"", ""}, "": {"", ""}, "abc": {"abc", ""},
	} {
		from, to, ok := SplitRange(in)
		if !ok || from != want[0] || to != want[1] {
			t.Errorf("%q → %q %q %v, want %q", in, from, to, ok, want)
		}
	}
	for _, in := range []string{"a-b", "1-2-3", "10-x"} {
		if from, to, ok := SplitRange(in); ok {
			t.Errorf("%q read as %q to %q", in, from, to)
		}
	}
}
