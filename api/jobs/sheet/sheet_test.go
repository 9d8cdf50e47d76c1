package sheet

import "testing"

func TestFormatOf(t *testing.T) {
	for path, want := range map[string]Format{"a.CSV": CSV, "b/c.xlsx": XLSX, "d.ndjson": JSONL} {
		if got, err := FormatOf(path); err != nil || got != want {
			t.Errorf("FormatOf(%q) = %q, %v", path, got, err)
		}
	}
	for _, path := range []string{"a.xls", "b.pdf", "c"} {
		if _, err := FormatOf(path); err == nil {
			t.Errorf("FormatOf(%q) took it", path)
		}
	}
	if _, err := ParseFormat("yaml"); err == nil {
		t.Error("ParseFormat(yaml) took it")
	}
}
