package sandbox

import (
	"strings"
	"testing"
)

func TestSlugify(t *testing.T) {
	cases := map[string]string{
		"Ноутбук Lenovo ThinkPad T480, i5, 16 ГБ": "noutbuk-lenovo-thinkpad-t480-i5-16-hb",
		"Щедрий їжак з'їв яблуко":                 "shchedryi-yizhak-ziv-yabluko",
		"Подъёмный кран, объём 5 т":               "podyomnyy-kran-obyom-5-t",
		"  --Hello,   World!!  ":                  "hello-world",
		"😀😀":                                      "listing",
		"Дитяче ліжечко з маятником та матрацом":  "dytiache-lizhechko-z-maiatnykom-ta-matratsom",
	}
	for in, want := range cases {
		if got := slugify(in); got != want {
			t.Errorf("slugify(%q) = %q, want %q", in, got, want)
		}
	}
	long := slugify(strings.Repeat("Дуже довга назва оголошення ", 10))
	if len(long) > slugMax || strings.HasSuffix(long, "-") || strings.HasPrefix(long, "-") {
		t.Fatalf("long slug %q", long)
	}
}
