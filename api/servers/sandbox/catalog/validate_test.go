package catalog

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// validCars is a complete valid body for category 101 (select, text, number, boolean).
func validCars() map[string]json.RawMessage {
	return raw(map[string]string{
		"brand": `"toyota"`, "model": `"Camry"`, "year": `2015`, "mileage_km": `120000`,
		"fuel": `"petrol"`, "gearbox": `"automatic"`,
	})
}

func raw(m map[string]string) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		out[k] = json.RawMessage(v)
	}
	return out
}

// summary renders errors as "field code" pairs for compact comparison.
func summary(errs []FieldError) []string {
	out := make([]string, 0, len(errs))
	for _, e := range errs {
		out = append(out, e.Field+" "+e.Code)
	}
	return out
}

func TestValidateAttributes(t *testing.T) {
	c := testCatalog(t)
	tests := []struct {
		name string
		id   int
		set  map[string]string // changes to the base body; "-" deletes
		base bool              // start from validCars
		want []string
	}{
		{"valid cars", 101, nil, true, []string{}},
		{"valid with optionals", 101, map[string]string{
			"engine_volume": `1.6`, "customs_cleared": `true`, "after_accident": `false`,
			"vin": `"JTNB11HK103456789"`, "body_type": `"sedan"`, "year": `2015.0`,
		}, true, []string{}},
		{"missing required", 101, map[string]string{"brand": "-", "year": "-"}, true,
			[]string{"attributes.brand attribute_required", "attributes.year attribute_required"}},
		{"null required", 101, map[string]string{"model": `null`}, true, []string{"attributes.model attribute_required"}},
		{"blank required text", 101, map[string]string{"model": `"   "`}, true, []string{"attributes.model attribute_required"}},
		{"null optional", 101, map[string]string{"vin": `null`, "color": `null`}, true, []string{}},
		{"select not an option", 101, map[string]string{"brand": `"lada"`}, true, []string{"attributes.brand attribute_invalid"}},
		{"select wrong type", 101, map[string]string{"fuel": `1`}, true, []string{"attributes.fuel attribute_invalid"}},
		{"select case matters", 101, map[string]string{"brand": `"Toyota"`}, true, []string{"attributes.brand attribute_invalid"}},
		{"number as string", 101, map[string]string{"year": `"2015"`}, true, []string{"attributes.year attribute_invalid"}},
		{"number below min", 101, map[string]string{"year": `1949`}, true, []string{"attributes.year attribute_invalid"}},
		{"number above max", 101, map[string]string{"mileage_km": `2000001`}, true, []string{"attributes.mileage_km attribute_invalid"}},
		{"number at bounds", 101, map[string]string{"year": `1950`, "mileage_km": `0`}, true, []string{}},
		{"number not integer", 101, map[string]string{"year": `2015.5`}, true, []string{"attributes.year attribute_invalid"}},
		{"number off step", 101, map[string]string{"engine_volume": `1.65`}, true, []string{"attributes.engine_volume attribute_invalid"}},
		{"number on step", 101, map[string]string{"engine_volume": `0.3`}, true, []string{}},
		{"number huge", 101, map[string]string{"year": `1e400`}, true, []string{"attributes.year attribute_invalid"}},
		{"text wrong type", 101, map[string]string{"model": `42`}, true, []string{"attributes.model attribute_invalid"}},
		{"text too long", 101, map[string]string{"model": `"` + strings.Repeat("я", 81) + `"`}, true, []string{"attributes.model attribute_invalid"}},
		{"text at max length", 101, map[string]string{"model": `"` + strings.Repeat("я", 80) + `"`}, true, []string{}},
		{"text pattern", 101, map[string]string{"vin": `"JTNB11HK10345678O"`}, true, []string{"attributes.vin attribute_invalid"}},
		{"boolean as string", 101, map[string]string{"customs_cleared": `"true"`}, true, []string{"attributes.customs_cleared attribute_invalid"}},
		{"boolean as number", 101, map[string]string{"after_accident": `1`}, true, []string{"attributes.after_accident attribute_invalid"}},
		{"unknown codes sorted last", 101, map[string]string{"zz": `1`, "aa": `"x"`, "year": `1900`}, true,
			[]string{"attributes.year attribute_invalid", "attributes.aa unknown_attribute", "attributes.zz unknown_attribute"}},
		{"malformed raw", 101, map[string]string{"year": `{`}, true, []string{"attributes.year attribute_invalid"}},
		{"seed order", 101, map[string]string{"gearbox": `"x"`, "brand": `"x"`, "fuel": `"x"`}, true,
			[]string{"attributes.brand attribute_invalid", "attributes.fuel attribute_invalid", "attributes.gearbox attribute_invalid"}},
		// Ranges: 601 age 0..16 (required), 801 salary 0..1000000 (required).
		{"range both", 601, map[string]string{"age": `{"from": 2, "to": 4}`}, false, []string{}},
		{"range from only", 601, map[string]string{"age": `{"from": 2}`}, false, []string{}},
		{"range to only, null from", 801, map[string]string{"salary": `{"from": null, "to": 30000}`, "employment": `"full_time"`}, false, []string{}},
		{"range decimal", 601, map[string]string{"age": `{"from": 0.5, "to": 1.5}`}, false, []string{}},
		{"range missing", 601, map[string]string{}, false, []string{"attributes.age attribute_required"}},
		{"range null", 601, map[string]string{"age": `null`}, false, []string{"attributes.age attribute_required"}},
		{"range empty object", 601, map[string]string{"age": `{}`}, false, []string{"attributes.age attribute_invalid"}},
		{"range both null", 601, map[string]string{"age": `{"from": null, "to": null}`}, false, []string{"attributes.age attribute_invalid"}},
		{"range a number", 601, map[string]string{"age": `5`}, false, []string{"attributes.age attribute_invalid"}},
		{"range an array", 601, map[string]string{"age": `[1, 2]`}, false, []string{"attributes.age attribute_invalid"}},
		{"range from > to", 601, map[string]string{"age": `{"from": 5, "to": 2}`}, false, []string{"attributes.age attribute_invalid"}},
		{"range out of bounds", 601, map[string]string{"age": `{"from": 2, "to": 17}`}, false, []string{"attributes.age attribute_invalid"}},
		{"range negative", 801, map[string]string{"salary": `{"from": -1}`, "employment": `"shift"`}, false, []string{"attributes.salary attribute_invalid"}},
		{"range bound a string", 601, map[string]string{"age": `{"from": "2"}`}, false, []string{"attributes.age attribute_invalid"}},
		{"range extra member", 601, map[string]string{"age": `{"from": 2, "till": 4}`}, false, []string{"attributes.age attribute_invalid"}},
		{"non-leaf category", 1, map[string]string{"brand": `"toyota"`}, false, []string{"attributes.brand unknown_attribute"}},
		{"unknown category", 4242, map[string]string{}, false, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := map[string]json.RawMessage{}
			if tt.base {
				body = validCars()
			}
			for k, v := range tt.set {
				if v == "-" {
					delete(body, k)
				} else {
					body[k] = json.RawMessage(v)
				}
			}
			got := summary(c.ValidateAttributes(tt.id, body))
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestValidateHints(t *testing.T) {
	c := testCatalog(t)
	tests := []struct {
		id   int
		set  map[string]string
		want string
	}{
		{101, map[string]string{"year": `1900`}, "attributes.year: Year must be an integer from 1950 to 2026 (got 1900)"},
		{101, map[string]string{"brand": `"lada"`}, "attributes.brand: Make must be one of: toyota, volkswagen, bmw, mercedes-benz, audi, skoda, renault, hyundai, … (got \"lada\")"},
		{101, map[string]string{"brand": "-"}, "attributes.brand: Make is required; it must be one of: toyota, volkswagen,"},
		{101, map[string]string{"engine_volume": `1.65`}, "attributes.engine_volume: Engine size must be a number from 0.1 to 10 in steps of 0.1 (l) (got 1.65)"},
		{101, map[string]string{"model": `"` + strings.Repeat("a", 81) + `"`}, "attributes.model: Model must be text of at most 80 characters (got 81 characters)"},
		{101, map[string]string{"customs_cleared": `"yes"`}, "attributes.customs_cleared: Customs cleared must be true or false (got a string)"},
		{101, map[string]string{"colour": `"red"`}, `attributes.colour: this category has no attribute "colour"; its attributes are: brand, model, year,`},
		{601, map[string]string{"age": `{"from": 5, "to": 2}`}, `attributes.age: Child's age must be an object {"from": n, "to": n} with at least one bound and from <= to, both from 0 to 16 (years) (from 5 is greater than to 2)`},
	}
	for _, tt := range tests {
		body := map[string]json.RawMessage{}
		if tt.id == 101 {
			body = validCars()
		}
		if tt.id == 601 {
			body = map[string]json.RawMessage{}
		}
		for k, v := range tt.set {
			if v == "-" {
				delete(body, k)
			} else {
				body[k] = json.RawMessage(v)
			}
		}
		errs := c.ValidateAttributes(tt.id, body)
		if len(errs) != 1 {
			t.Errorf("%v: got %d errors: %+v", tt.set, len(errs), errs)
			continue
		}
		if !strings.HasPrefix(errs[0].Hint, tt.want) {
			t.Errorf("hint\n got %q\nwant %q…", errs[0].Hint, tt.want)
		}
	}
}

// TestSampleAttributesValid proves every leaf's samples pass validation for several
// seeds, which also shows each x_validation in the seed is satisfiable.
func TestSampleAttributesValid(t *testing.T) {
	c := testCatalog(t)
	seeds := 12
	if testing.Short() {
		seeds = 3
	}
	for _, leaf := range c.Leaves() {
		optionalSeen := 0
		for seed := 0; seed < seeds; seed++ {
			sample := c.SampleAttributes(leaf.ID, seed)
			for _, a := range c.attrs[leaf.ID] {
				_, has := sample[a.code]
				if a.required && !has {
					t.Errorf("leaf %d seed %d: required %s missing", leaf.ID, seed, a.code)
				}
				if !a.required && has {
					optionalSeen++
				}
			}
			data, err := json.Marshal(sample)
			if err != nil {
				t.Fatalf("leaf %d seed %d: marshal: %v", leaf.ID, seed, err)
			}
			var body map[string]json.RawMessage
			if err := json.Unmarshal(data, &body); err != nil {
				t.Fatal(err)
			}
			if errs := c.ValidateAttributes(leaf.ID, body); len(errs) > 0 {
				t.Errorf("leaf %d seed %d: %s: %+v", leaf.ID, seed, data, errs)
			}
		}
		hasOptional := false
		for _, a := range c.attrs[leaf.ID] {
			hasOptional = hasOptional || !a.required
		}
		if hasOptional && optionalSeen == 0 {
			t.Errorf("leaf %d: no optional attribute sampled in %d seeds", leaf.ID, seeds)
		}
	}
}

func TestSampleAttributesDeterministicAndVaried(t *testing.T) {
	c := testCatalog(t)
	a, b := c.SampleAttributes(101, 7), c.SampleAttributes(101, 7)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("same seed differs: %v vs %v", a, b)
	}
	distinct := map[string]bool{}
	for seed := 0; seed < 10; seed++ {
		distinct[fmt.Sprint(c.SampleAttributes(101, seed))] = true
	}
	if len(distinct) < 5 {
		t.Errorf("only %d distinct samples in 10 seeds", len(distinct))
	}
	if got := c.SampleAttributes(1, 0); got == nil || len(got) != 0 {
		t.Errorf("non-leaf sample = %v", got)
	}
	if _, ok := c.SampleAttributes(101, 3)["year"].(int); !ok {
		t.Errorf("integer attribute not sampled as int: %T", c.SampleAttributes(101, 3)["year"])
	}
}

func TestGeneratePatterns(t *testing.T) {
	c := testCatalog(t)
	for _, code := range []struct {
		id   int
		code string
	}{{101, "vin"}, {203, "cadastral_number"}, {20103, "check_in_from"}} {
		var a *attribute
		for _, x := range c.attrs[code.id] {
			if x.code == code.code {
				a = x
			}
		}
		if a == nil || a.pattern == nil {
			t.Fatalf("%d %s: no pattern", code.id, code.code)
		}
		for seed := uint64(0); seed < 50; seed++ {
			s, err := generate(a.pattern.String(), newRng(seed))
			if err != nil || !a.pattern.MatchString(s) {
				t.Fatalf("%s: generated %q (%v)", code.code, s, err)
			}
		}
	}
}
