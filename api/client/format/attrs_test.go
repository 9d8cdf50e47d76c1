package format_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/listings-tui/listings/api"
	"github.com/listings-tui/listings/api/client/format"
)

func TestAttrValue(t *testing.T) {
	sel := api.Attribute{Code: "size", Type: api.AttrSelect, Options: []api.AttributeOption{{Value: "12", Label: "12 inch"}}}
	for _, tc := range []struct {
		d    api.Attribute
		raw  string
		want string
	}{
		{sel, `"12"`, "12 inch"},
		{sel, `12`, "12 inch"}, // a number where the option's value is its text
		{sel, `"13"`, "13"},    // not an option: as it came
		{api.Attribute{Type: api.AttrBoolean}, `true`, "yes"},
		{api.Attribute{Type: api.AttrBoolean}, `"false"`, "no"},
		{api.Attribute{Type: api.AttrBoolean}, `"maybe"`, "maybe"},
		{api.Attribute{Type: api.AttrRange}, `{"from": 1.5, "to": 3}`, "1.5–3"},
		{api.Attribute{Type: api.AttrRange}, `{"from": 165}`, "from 165"},
		{api.Attribute{Type: api.AttrRange}, `{"from": null, "to": 180}`, "up to 180"},
		{api.Attribute{Type: api.AttrRange}, `[1, 2]`, "[1,2]"},
		{api.Attribute{Type: api.AttrNumber}, `1960`, "1960"},
		{api.Attribute{Type: api.AttrText}, `"Trek"`, "Trek"},
		{api.Attribute{Type: api.AttrText}, `null`, ""},
	} {
		if got := format.AttrValue(tc.d, json.RawMessage(tc.raw)); got != tc.want {
			t.Errorf("%s %s = %q, want %q", tc.d.Type, tc.raw, got, tc.want)
		}
	}
}

func TestAttrsOrder(t *testing.T) {
	values := map[string]json.RawMessage{"b": json.RawMessage(`1`), "z": json.RawMessage(`2`), "a": json.RawMessage(`3`), "y": json.RawMessage(`4`)}
	defs := []api.Attribute{{Code: "b", Name: "Bee"}, {Code: "q", Name: "Queue"}, {Code: "a"}}
	var got []string
	for _, a := range format.Attrs(values, defs) {
		got = append(got, a.Name+"="+a.Value)
	}
	if want := []string{"Bee=1", "a=3", "y=4", "z=2"}; !slices.Equal(got, want) {
		t.Errorf("Attrs = %q, want %q", got, want)
	}
}
