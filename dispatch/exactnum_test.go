package dispatch

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/toolplane/toolplane/capability"
)

func bigInt(s string) *big.Int {
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return n
}

// TestAttackBigIntegersValidatedExactly: integer arguments were checked
// against a schema through float64, so 2^53+1 passed "maximum": 2^53 and
// "multipleOf": 2 and failed "multipleOf": 3, and 10**400 failed "type":
// "integer" (+Inf) yet passed "maximum": 5 (read as 0). Through the real
// chain, every verdict is now the exact one, schema digits included; an
// integer too big to be judged exactly where a conditional keyword could
// judge it is refused, never let through.
func TestAttackBigIntegersValidatedExactly(t *testing.T) {
	t.Parallel()
	p53 := new(big.Int).Lsh(big.NewInt(1), 53)
	p53p1 := new(big.Int).Add(p53, big.NewInt(1)) // 3 × 3002399751580331
	huge := new(big.Int).Exp(big.NewInt(10), big.NewInt(400), nil)
	negHuge := new(big.Int).Neg(huge)
	p70 := new(big.Int).Lsh(big.NewInt(1), 70)
	cases := []struct {
		name, schema string
		n            any
		ok           bool
		says         string
	}{
		{"2^53+1 over maximum 2^53", `{"type":"integer","maximum":9007199254740992}`, p53p1, false, "maximum"},
		{"2^53 at maximum 2^53", `{"type":"integer","maximum":9007199254740992}`, p53, true, ""},
		{"2^53+1 at maximum 2^53+1 (schema digits)", `{"type":"integer","maximum":9007199254740993}`, p53p1, true, ""},
		{"2^53+1 over exclusiveMaximum 2^53+1", `{"type":"integer","exclusiveMaximum":9007199254740993}`, p53p1, false, "exclusiveMaximum"},
		{"2^53+1 is odd", `{"type":"integer","multipleOf":2}`, p53p1, false, "multipleOf"},
		{"2^53+1 is a multiple of 3", `{"type":"integer","multipleOf":3}`, p53p1, true, ""},
		{"10**400 is an integer", `{"type":"integer"}`, huge, true, ""},
		{"10**400 over maximum 5", `{"type":"integer","maximum":5}`, huge, false, "maximum"},
		{"-10**400 under minimum 0", `{"minimum":0}`, negHuge, false, "minimum"},
		{"10**400 over minimum 1", `{"type":"integer","minimum":1}`, huge, true, ""},
		{"10**400 is not a string", `{"type":"string"}`, huge, false, "type"},
		{"2^70 at allOf bound", `{"allOf":[{"maximum":1180591620717411303424}]}`, p70, true, ""},
		{"2^70 over allOf bound 2^70-1", `{"allOf":[{"maximum":1180591620717411303423}]}`, p70, false, "maximum"},
		{"int64 max over maximum", `{"maximum":9223372036854775806}`, int64(9223372036854775807), false, "maximum"},
		{"small ints unchanged", `{"type":"integer","minimum":1,"maximum":10}`, int64(11), false, "maximum"},
		{"behind anyOf: refused, not guessed", `{"anyOf":[{"type":"integer","maximum":5},{"type":"string"}]}`, huge, false, "cannot be checked"},
		{"behind anyOf, small: judged", `{"anyOf":[{"type":"integer","maximum":5},{"type":"string"}]}`, int64(6), false, ""},
		{"behind $ref: refused", `{"$ref":"#/$defs/small"}`, huge, false, "cannot be checked"},
		{"behind $ref, small: judged", `{"$ref":"#/$defs/small"}`, int64(6), false, ""},
		{"enum: 2^53+1 is not 2^53", `{"enum":[9007199254740992, "x"]}`, p53p1, false, "enum"},
		{"enum: 2^53+1 is 2^53+1", `{"enum":[9007199254740993, "x"]}`, p53p1, true, ""},
		{"const: 10**30 is not 10**30+1", `{"const":1000000000000000000000000000001}`, bigInt("1000000000000000000000000000000"), false, "const"},
		{"const: 10**30+1 is itself", `{"const":1000000000000000000000000000001}`, bigInt("1000000000000000000000000000001"), true, ""},
	}
	for _, tc := range cases {
		var calls atomic.Int32
		schema := `{"type":"object","$defs":{"small":{"maximum":5}},"properties":{"n":` + tc.schema + `,"list":{"type":"array","items":` + tc.schema + `}}}`
		r := capability.NewRegistry()
		if err := r.Add(capability.Capability{ID: "go:num/take", InputSchema: json.RawMessage(schema),
			Handler: func(ctx context.Context, args map[string]any) (*capability.Result, error) {
				calls.Add(1)
				return &capability.Result{Structured: args}, nil
			}}); err != nil {
			t.Fatal(err)
		}
		c, _ := r.Lookup("go:num/take")
		h := Chain(Terminus(r.Lookup))
		for _, args := range []map[string]any{{"n": tc.n}, {"list": []any{tc.n}}} {
			res, err := h(context.Background(), NewCall(OriginToolCall, c, args))
			switch {
			case tc.ok && err != nil:
				t.Errorf("%s: %v refused: %v", tc.name, args, err)
			case !tc.ok && err == nil:
				t.Errorf("%s: %v accepted", tc.name, args)
			case !tc.ok:
				var de *Error
				if !errors.As(err, &de) || de.Kind != KindInvalidArgs || !strings.Contains(err.Error(), tc.says) {
					t.Errorf("%s: error %v, want invalid arguments saying %q", tc.name, err, tc.says)
				}
				if want := "$.n"; args["list"] != nil {
					if want = "$.list[0]"; de != nil && de.Path != want && tc.says != "" {
						t.Errorf("%s: path %s, want %s", tc.name, de.Path, want)
					}
				} else if de != nil && de.Path != want && tc.says != "" {
					t.Errorf("%s: path %s, want %s", tc.name, de.Path, want)
				}
			default:
				// The handler gets the exact value, not a stand-in.
				got := res.Structured.(map[string]any)
				if v, ok := got["n"]; ok && v != tc.n {
					t.Errorf("%s: handler got %v, want %v", tc.name, v, tc.n)
				}
			}
		}
		if !tc.ok && calls.Load() != 0 {
			t.Errorf("%s: handler ran on refused arguments", tc.name)
		}
	}
}
