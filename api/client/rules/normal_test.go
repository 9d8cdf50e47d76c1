package rules_test

import (
	"testing"

	"github.com/listings-tui/listings/api/client/rules"
)

// Numbers as spreadsheets, pandas and people in a Ukrainian locale write them read as
// one canonical text, so 2021.0 compares equal to 2021 and is sent as 2021.
func TestDecimal(t *testing.T) {
	for in, want := range map[string]struct {
		out  string
		form rules.DecimalForm
	}{
		"2021": {"2021", rules.Canonical}, "2021.0": {"2021", rules.WholeAsFloat}, "256.00": {"256", rules.WholeAsFloat},
		"479,9": {"479.9", rules.Regional}, "22 900,00": {"22900", rules.Regional}, "22\u00a0900,50": {"22900.5", rules.Regional},
		"1,234.50": {"1234.5", rules.Regional}, "1.234,50": {"1234.5", rules.Regional}, "1,234,567": {"1234567", rules.Regional},
		"1.234.567": {"1234567", rules.Regional}, "0.85": {"0.85", rules.Canonical}, "-5": {"-5", rules.Canonical},
		"+7": {"7", rules.Canonical}, "007": {"7", rules.Canonical}, "-0": {"0", rules.Canonical}, ".5": {"0.5", rules.Canonical},
		"1499.990": {"1499.99", rules.Canonical}, "1'000": {"1000", rules.Regional},
	} {
		out, form, ok := rules.Decimal(in)
		if !ok || out != want.out || form != want.form {
			t.Errorf("Decimal(%q) = %q %v %v; want %q %v", in, out, form, ok, want.out, want.form)
		}
	}
	for _, in := range []string{"", "abc", "1e3", "1,2,3.4.5", "12 грн", "--5", "1.2,3.4"} {
		if out, _, ok := rules.Decimal(in); ok {
			t.Errorf("Decimal(%q) = %q, want no number", in, out)
		}
	}
}

// A phone is sent as the service keeps it, and the same number written otherwise is
// not a change.
func TestNormalPhone(t *testing.T) {
	for in, want := range map[string]struct {
		out  string
		form rules.PhoneForm
	}{
		"+380671234567": {"+380671234567", rules.PhoneKept}, "067 123 45 67": {"+380671234567", rules.PhoneWritten},
		"0671234567": {"+380671234567", rules.PhoneWritten}, "+38 (067) 123-45-67": {"+380671234567", rules.PhoneWritten},
		"380671234567": {"+380671234567", rules.PhoneLostPlus}, "671234567": {"+380671234567", rules.PhoneLostPlus},
		"380671234567.0": {"+380671234567", rules.PhoneLostPlus}, "+48 601 234 567": {"+48601234567", rules.PhoneWritten},
	} {
		out, form, problem := rules.NormalPhone(in)
		if problem != "" || out != want.out || form != want.form {
			t.Errorf("NormalPhone(%q) = %q %v %q; want %q %v", in, out, form, problem, want.out, want.form)
		}
	}
	if _, _, problem := rules.NormalPhone("call me"); problem == "" {
		t.Error("a phone of words is read")
	}
	if !rules.SamePhone("+380671234567", "067 123 45 67") || rules.SamePhone("+380671234567", "+380671234568") {
		t.Error("SamePhone")
	}
}
