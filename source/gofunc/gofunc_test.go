package gofunc

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/dispatch"
)

type greetIn struct {
	Name  string `json:"name" jsonschema:"who to greet"`
	Times int    `json:"times,omitempty" jsonschema:"how many times"`
}

type greetOut struct {
	Greeting string `json:"greeting"`
	Length   int    `json:"length"`
}

func greet(ctx context.Context, in greetIn) (greetOut, error) {
	if in.Name == "" {
		return greetOut{}, errors.New("name is empty")
	}
	g := strings.Repeat("hello "+in.Name+"! ", max(1, in.Times))
	return greetOut{Greeting: g, Length: len(g)}, nil
}

func call(t *testing.T, r *capability.Registry, id string, args map[string]any) (*capability.Result, error) {
	t.Helper()
	c, ok := r.Lookup(id)
	if !ok {
		t.Fatalf("%s not registered", id)
	}
	return dispatch.Chain(dispatch.Terminus(r.Lookup))(context.Background(), dispatch.NewCall(dispatch.OriginToolCall, c, args))
}

func TestNewInfersSchemasAndCalls(t *testing.T) {
	t.Parallel()
	r := capability.NewRegistry()
	c := New("greeter", "greet", "Say hello to someone.", greet, WithLabels(map[string]string{"team": "core"}))
	if err := r.Add(c); err != nil {
		t.Fatal(err)
	}
	got, _ := r.Lookup("greeter_greet")
	if got.ID != "go:greeter/greet" || got.Labels["team"] != "core" {
		t.Errorf("capability = %s labels %v", got.ID, got.Labels)
	}
	params := capability.Params(got.InputSchema)
	want := []capability.Param{
		{Name: "name", Type: "str", Required: true, Description: "who to greet"},
		{Name: "times", Type: "int", Description: "how many times"},
	}
	if diff := cmp.Diff(want, params); diff != "" {
		t.Errorf("inferred params (-want +got):\n%s", diff)
	}
	var out map[string]any
	if err := json.Unmarshal(got.OutputSchema, &out); err != nil || out["type"] != "object" {
		t.Errorf("output schema = %s", got.OutputSchema)
	}

	res, err := call(t, r, "go:greeter/greet", map[string]any{"name": "ada", "times": 2.0})
	if err != nil {
		t.Fatal(err)
	}
	wantRes := map[string]any{"greeting": "hello ada! hello ada! ", "length": int64(22)}
	if diff := cmp.Diff(wantRes, res.Structured); diff != "" || res.IsError {
		t.Errorf("structured result (-want +got):\n%s", diff)
	}
	if len(res.Content) != 1 || !strings.Contains(res.Content[0].Text, `"greeting"`) {
		t.Errorf("content = %+v", res.Content)
	}

	// The function's error is the tool's answer.
	res, err = call(t, r, "go:greeter/greet", map[string]any{"name": ""})
	if err != nil || !res.IsError || res.Content[0].Text != "name is empty" {
		t.Errorf("error result = %+v, %v", res, err)
	}
	// Unknown fields and wrong types never reach the function.
	_, err = call(t, r, "go:greeter/greet", map[string]any{"name": "x", "loud": true})
	if err == nil || !strings.Contains(err.Error(), "loud") {
		t.Errorf("unknown field: %v", err)
	}
	_, err = call(t, r, "go:greeter/greet", map[string]any{"name": 5})
	var de *dispatch.Error
	if !errors.As(err, &de) || de.Path != "$.name" {
		t.Errorf("wrong type: %v", err)
	}
}

func TestNonStructOutputs(t *testing.T) {
	t.Parallel()
	r := capability.NewRegistry()
	type empty struct{}
	err := r.AddAll(
		New("text", "shout", "Upper-case a word.", func(ctx context.Context, in struct {
			Word string `json:"word"`
		}) (string, error) {
			return strings.ToUpper(in.Word), nil
		}),
		New("nums", "evens", "Even numbers below n.", func(ctx context.Context, in struct {
			N int `json:"n"`
		}) ([]int, error) {
			var out []int
			for i := 0; i < in.N; i += 2 {
				out = append(out, i)
			}
			return out, nil
		}),
		New("noop", "ping", "No arguments.", func(ctx context.Context, in empty) (map[string]string, error) {
			return map[string]string{"pong": "yes"}, nil
		}),
	)
	if err != nil {
		t.Fatal(err)
	}
	res, err := call(t, r, "text_shout", map[string]any{"word": "hi"})
	if err != nil || res.Structured != nil || res.Content[0].Text != "HI" {
		t.Errorf("string result = %+v, %v", res, err)
	}
	if c, _ := r.Lookup("text_shout"); c.OutputSchema != nil {
		t.Errorf("string output got a schema: %s", c.OutputSchema)
	}
	res, err = call(t, r, "nums.evens", map[string]any{"n": 5})
	if err != nil || !cmp.Equal(res.Structured, []any{int64(0), int64(2), int64(4)}) {
		t.Errorf("list result = %+v, %v", res, err)
	}
	res, err = call(t, r, "noop_ping", nil)
	if err != nil || !cmp.Equal(res.Structured, map[string]any{"pong": "yes"}) {
		t.Errorf("map result = %+v, %v", res, err)
	}
}

func TestMakeReportsUninferableTypes(t *testing.T) {
	t.Parallel()
	_, err := Make("bad", "fn", "", func(ctx context.Context, in struct{ F func() }) (int, error) { return 0, nil })
	if err == nil || !strings.Contains(err.Error(), "go:bad/fn") {
		t.Errorf("Make with a func field: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("New did not panic on an uninferable type")
		}
	}()
	New("bad", "fn", "", func(ctx context.Context, in struct{ C chan int }) (int, error) { return 0, nil })
}
