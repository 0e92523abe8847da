// Package gofunc registers typed Go functions as capabilities: the input
// schema is inferred from the input type, the output schema from the
// output type when it is a struct, and results come back structured.
//
//	rt.Register(gofunc.New("greeter", "greet", "Say hello.", greet))
//
// Inference uses reflection once, at construction; calls only encode and
// decode JSON.
package gofunc

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/toolplane/toolplane/capability"
)

// Option configures a capability built by New.
type Option func(*capability.Capability)

// WithLabels sets the capability's labels (k=v pairs for admission and
// search).
func WithLabels(labels map[string]string) Option {
	return func(c *capability.Capability) {
		c.Labels = make(map[string]string, len(labels))
		for k, v := range labels {
			c.Labels[k] = v
		}
	}
}

// New builds the capability go:pkg/name that calls fn. It panics if the
// schema of In or Out cannot be inferred (a func, channel or complex field,
// or a map with non-string keys): that is a programming error found the
// first time the program registers it. Use Make to get the error instead.
func New[In, Out any](pkg, name, description string, fn func(context.Context, In) (Out, error), opts ...Option) capability.Capability {
	c, err := Make(pkg, name, description, fn, opts...)
	if err != nil {
		panic(err)
	}
	return c
}

// Make is New returning the inference error instead of panicking.
func Make[In, Out any](pkg, name, description string, fn func(context.Context, In) (Out, error), opts ...Option) (capability.Capability, error) {
	id := capability.MakeID(capability.SourceGo, pkg, name)
	in, err := jsonschema.For[In](nil)
	if err != nil {
		return capability.Capability{}, fmt.Errorf("%s: inferring the input schema: %w", id, err)
	}
	inJSON, err := json.Marshal(in)
	if err != nil {
		return capability.Capability{}, fmt.Errorf("%s: encoding the input schema: %w", id, err)
	}
	c := capability.Capability{
		ID:          id,
		Source:      capability.SourceGo,
		Namespace:   pkg,
		Name:        name,
		Description: description,
		InputSchema: inJSON,
		Handler:     handler(id, fn),
	}
	if t := reflect.TypeFor[Out](); t.Kind() == reflect.Struct || t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct {
		out, err := jsonschema.For[Out](nil)
		if err != nil {
			return capability.Capability{}, fmt.Errorf("%s: inferring the output schema: %w", id, err)
		}
		if c.OutputSchema, err = json.Marshal(out); err != nil {
			return capability.Capability{}, fmt.Errorf("%s: encoding the output schema: %w", id, err)
		}
	}
	for _, o := range opts {
		o(&c)
	}
	return c, nil
}

// handler adapts fn to a capability.Handler. The arguments were validated
// against the input schema by the dispatch terminus; decoding can still
// fail for values the schema cannot express (an integer out of range).
// An error returned by fn is the tool's answer, so it becomes a result
// with IsError set; only a failure to encode the output is a Go error.
func handler[In, Out any](id string, fn func(context.Context, In) (Out, error)) capability.Handler {
	return func(ctx context.Context, args map[string]any) (*capability.Result, error) {
		var in In
		data, err := json.Marshal(args)
		if err != nil {
			return nil, fmt.Errorf("encoding arguments of %s: %w", id, err)
		}
		if err := json.Unmarshal(data, &in); err != nil {
			return errorResult(fmt.Sprintf("arguments of %s do not fit its Go input type: %v", id, err)), nil
		}
		out, err := fn(ctx, in)
		if err != nil {
			return errorResult(err.Error()), nil
		}
		return Structured(out)
	}
}

func errorResult(msg string) *capability.Result {
	return &capability.Result{IsError: true, Content: []capability.Content{{Type: "text", Text: msg}}}
}

// Structured turns a Go value into a result: a string is text content;
// anything else is its JSON value as structured content, with the JSON
// text as a text block for clients that read only content.
func Structured(v any) (*capability.Result, error) {
	if s, ok := v.(string); ok {
		return &capability.Result{Content: []capability.Content{{Type: "text", Text: s}}}, nil
	}
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encoding the result: %w", err)
	}
	structured, err := capability.DecodeJSON(data)
	if err != nil {
		return nil, fmt.Errorf("decoding the result: %w", err)
	}
	return &capability.Result{Structured: structured, Content: []capability.Content{{Type: "text", Text: string(data)}}}, nil
}
