package capability

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestRequiredParamsAsParams(t *testing.T) {
	t.Parallel()
	for _, schema := range []string{
		`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"},"c":true},"required":["b","zz","a","b"]}`,
		`{"type":"object","properties":{"a":{"type":"string"}}}`,
		`{"type":"object","required":["a"]}`,
		`{"type":"object","properties":{"required":{"type":"string"}}}`,
		`not json "required"`,
		``,
	} {
		var want []string
		for _, p := range Params(json.RawMessage(schema)) {
			if p.Required {
				want = append(want, p.Name)
			}
		}
		got := RequiredParams(json.RawMessage(schema))
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: RequiredParams %v, Params marks %v", schema, got, want)
		}
	}
}
