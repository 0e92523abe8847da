package toolplane

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/toolplane/toolplane/backend"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/dispatch"
	"github.com/toolplane/toolplane/python/jsonlike"
)

// runBridge is the bridge of one run: every capability call a snippet
// makes becomes a dispatch.Call with origin snippet and the run's id,
// through the runtime's chain.
type runBridge struct {
	rt       *Runtime
	ns       capability.Namespace // snapshot at run start, admitted names only
	admit    func(*capability.Capability) bool
	runID    string
	subject  string
	identity string
	logID    string
	headers  http.Header
	onCall   func(id string)
	calls    atomic.Int64
}

func (b *runBridge) Namespace() capability.Namespace { return b.ns }

// Call implements backend.Bridge.
func (b *runBridge) Call(ctx context.Context, idOrAlias string, args []any, kwargs map[string]any) (any, error) {
	c, ok := b.rt.reg.Lookup(idOrAlias)
	if !ok {
		switch {
		case b.rt.reg.Resolvable(idOrAlias):
			// Not registered, and its source refused to resolve it here, but
			// the chain decides (an escalated CLI binary, or a refusal that
			// admission words and audit records): send it with the labels its
			// id implies.
			src, ns, name, _ := capability.ParseID(idOrAlias)
			c = &capability.Capability{ID: idOrAlias, Source: src, Namespace: ns, Name: name}
		case cliLike(idOrAlias):
			// A malformed CLI id (cli("../bin/sh"), "cli:sh -c", " CLI:sh"):
			// admission refuses it with the policy's words and the audit
			// log records the attempt; nothing can run, since the chain's
			// terminus finds no such capability either.
			name := strings.TrimSpace(idOrAlias)[len("cli:"):]
			c = &capability.Capability{ID: idOrAlias, Source: capability.SourceCLI, Name: name}
		}
	}
	// What the run may not call does not exist for it: the same error, in
	// the same words, as a name nobody registered.
	if c == nil || (b.admit != nil && !b.admit(c)) {
		return nil, &backend.CallError{Type: "LookupError", Detail: notFound(b.rt.reg, idOrAlias, b.admit).Error()}
	}
	obj, err := bindArguments(c, args, kwargs)
	if err != nil {
		return nil, &backend.CallError{Type: "TypeError", Source: c.Source, CapabilityID: c.ID, Tool: c.Name, Detail: err.Error()}
	}
	call := dispatch.NewCall(dispatch.OriginSnippet, c, obj)
	call.RunID = b.runID
	call.Subject = b.subject
	call.Identity = b.identity
	call.LogID = b.logID
	call.Headers = b.headers.Clone()
	b.calls.Add(1)
	if b.onCall != nil {
		b.onCall(c.ID)
	}
	res, err := b.rt.Dispatch(ctx, call)
	if err != nil {
		return nil, callError(ctx, c, err)
	}
	if res.IsError {
		return nil, &backend.CallError{Type: toolErrorType(c), Source: c.Source, CapabilityID: c.ID, Tool: c.Name, Detail: contentText(res.Content)}
	}
	return resultValue(res), nil
}

// cliLike reports whether id is meant as a CLI capability id: "cli:" in
// any case after surrounding space, as the CLI source's admission reads it.
func cliLike(id string) bool {
	t := strings.TrimSpace(id)
	return len(t) >= 4 && strings.EqualFold(t[:4], "cli:")
}

// toolErrorType is the exception a tool-level failure raises: CLIError (a
// builtin subclass of ToolError) for a CLI binary that failed, ToolError
// otherwise.
func toolErrorType(c *capability.Capability) string {
	if c.Source == capability.SourceCLI {
		return "CLIError"
	}
	return "ToolError"
}

// bindArguments builds the argument object of a call from a snippet's
// positional and keyword arguments. A lone positional dict with no
// keywords is the object itself (call_tool style). For a CLI capability
// the CLI convention applies (bindCLIArguments); otherwise positional
// arguments take the input schema's properties in document order.
func bindArguments(c *capability.Capability, args []any, kwargs map[string]any) (map[string]any, error) {
	if len(args) == 1 && len(kwargs) == 0 {
		switch obj := args[0].(type) {
		case map[string]any:
			return obj, nil
		case jsonlike.Object:
			return objectArgs(obj), nil
		}
	}
	if c.Source == capability.SourceCLI {
		return bindCLIArguments(args, kwargs), nil
	}
	obj := make(map[string]any, len(args)+len(kwargs))
	if len(args) > 0 {
		names := c.ParamNames()
		if len(args) > len(names) {
			return nil, fmt.Errorf("takes at most %d positional arguments (%s) but %d were given; pass keyword arguments",
				len(names), strings.Join(names, ", "), len(args))
		}
		for i, a := range args {
			obj[names[i]] = a
		}
	}
	for k, v := range kwargs {
		if _, dup := obj[k]; dup {
			return nil, fmt.Errorf("got multiple values for argument %q", k)
		}
		obj[k] = v
	}
	return obj, nil
}

// objectArgs is a snippet's dict as a call's argument object: the top level
// a map (the chain's form), the values as they came (nested dicts keep
// their order; see package jsonlike).
func objectArgs(obj jsonlike.Object) map[string]any {
	out := make(map[string]any, len(obj))
	for _, m := range obj {
		out[m.Key] = m.Value
	}
	return out
}

// bindCLIArguments follows the CLI source's calling convention:
// git("log", "-p", max_count=5, _=["HEAD"], _global={"C": "/repo"},
// check=False) sends positional arguments as args, keywords as options,
// except _ (trailing positional), _global (flags before args) and check.
// Options go in sorted key order, since a map keeps no keyword order. The
// snippet-side CLI bindings (package clibind) do not come this way: they
// send the argument object through call_tool with options as ordered
// pairs; this path serves a binary's alias bound as a plain host function
// (a backend without the bindings).
func bindCLIArguments(args []any, kwargs map[string]any) map[string]any {
	obj := map[string]any{}
	if len(args) > 0 {
		obj["args"] = append([]any(nil), args...)
	}
	options := map[string]any{}
	for k, v := range kwargs {
		switch k {
		case "_":
			obj["positional"] = v
		case "_global":
			obj["global"] = v
		case "check":
			obj["check"] = v
		default:
			options[k] = v
		}
	}
	if len(options) > 0 {
		obj["options"] = options
	}
	return obj
}

// callError keeps where a failure came from and picks the exception the
// snippet sees.
func callError(ctx context.Context, c *capability.Capability, err error) error {
	typ := "ToolError"
	var typed interface{ PythonException() string }
	switch {
	case errors.As(err, &typed):
		typ = typed.PythonException()
	case errors.Is(err, context.DeadlineExceeded) || ctx.Err() == context.DeadlineExceeded:
		typ = "TimeoutError"
	}
	// The dispatch chain names the capability in a handler's error (for
	// its logs); the snippet's message names it once (CallError.Message).
	detail := strings.TrimPrefix(err.Error(), c.ID+": ")
	return &backend.CallError{Type: typ, Source: c.Source, CapabilityID: c.ID, Tool: c.Name, Detail: detail}
}

// resultValue is what the snippet gets back: structured content as a
// dict or list; otherwise the text content as one str; other content
// blocks (images, resources) as a list of dicts; nothing as None.
func resultValue(res *dispatch.Result) any {
	if res.Structured != nil {
		return pythonValue(res.Structured)
	}
	if len(res.Content) == 0 {
		return nil
	}
	allText := true
	for _, c := range res.Content {
		allText = allText && c.Type == "text"
	}
	if allText {
		return contentText(res.Content)
	}
	var out []any
	for _, c := range res.Content {
		block := map[string]any{"type": c.Type}
		for k, v := range map[string]string{"text": c.Text, "data": c.Data, "mimeType": c.MIMEType, "uri": c.URI} {
			if v != "" {
				block[k] = v
			}
		}
		out = append(out, block)
	}
	return out
}

func contentText(cs []capability.Content) string {
	var parts []string
	for _, c := range cs {
		if c.Type == "text" {
			parts = append(parts, c.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// pythonValue copies the JSON-like value a source produced into the
// values the interpreter takes: integers as int64 (see
// capability.Normalize), typed Go slices and maps as []any and
// map[string]any. It copies so the snippet never aliases a handler's data.
func pythonValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = pythonValue(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = pythonValue(e)
		}
		return out
	case jsonlike.Object:
		out := make(jsonlike.Object, len(x))
		for i, m := range x {
			out[i] = jsonlike.Member{Key: m.Key, Value: pythonValue(m.Value)}
		}
		return out
	case map[string]string:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = e
		}
		return out
	case []string:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = e
		}
		return out
	case int32:
		return int64(x)
	case uint64:
		if x > 1<<63-1 {
			return new(big.Int).SetUint64(x)
		}
		return int64(x)
	case float32:
		return capability.Normalize(float64(x))
	}
	return capability.Normalize(v)
}
