// Package conformance builds an example MCP server on toolplane's library
// that carries the fixtures of the MCP conformance suite
// (@modelcontextprotocol/conformance): its tools are toolplane capabilities
// served as direct tools through the dispatch chain, next to the three
// meta-tools; its resources and prompts are registered on the facade's MCP
// server. conformance_test.go runs the suite's server scenarios against it.
package conformance

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolplane/toolplane"
	"github.com/toolplane/toolplane/capability"
	"github.com/toolplane/toolplane/server"
	"github.com/toolplane/toolplane/server/rtengine"
)

// pngPixel is a 1x1 red PNG.
const pngPixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="

// wavSilence is a 44-byte WAV header with no samples (8 kHz, mono, 8 bit).
var wavSilence = base64.StdEncoding.EncodeToString([]byte("RIFF$\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00@\x1f\x00\x00@\x1f\x00\x00\x01\x00\x08\x00data\x00\x00\x00\x00"))

// New returns the example server and the runtime behind it; the caller
// stops the runtime.
func New() (*server.Server, *toolplane.Runtime, error) {
	rt, err := toolplane.New(toolplane.WithCapabilities(capabilities()...))
	if err != nil {
		return nil, nil, err
	}
	srv, err := server.New(server.Options{
		Engine:         rtengine.New(rt),
		Name:           "toolplane-conformance",
		ResultsEnabled: true,
		DirectTools:    true,
		// Lets the suite resume a stream the server closed (SEP-1699).
		EventStore: mcp.NewMemoryEventStore(nil),
		// The suite calls its fixtures by their bare names.
		DirectToolName: func(c *capability.Capability, _ []string) string { return c.Name },
		MCP: &mcp.ServerOptions{
			CompletionHandler: func(context.Context, *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
				return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{}}}, nil
			},
			SubscribeHandler:   func(context.Context, *mcp.SubscribeRequest) error { return nil },
			UnsubscribeHandler: func(context.Context, *mcp.UnsubscribeRequest) error { return nil },
			Capabilities: &mcp.ServerCapabilities{
				Logging:     &mcp.LoggingCapabilities{},
				Completions: &mcp.CompletionCapabilities{},
				Tools:       &mcp.ToolCapabilities{ListChanged: true},
				Prompts:     &mcp.PromptCapabilities{ListChanged: true},
				Resources:   &mcp.ResourceCapabilities{ListChanged: true, Subscribe: true},
			},
		},
	})
	if err != nil {
		rt.Stop()
		return nil, nil, err
	}
	addResources(srv.MCP())
	addPrompts(srv.MCP())
	return srv, rt, nil
}

func text(s string) []capability.Content { return []capability.Content{{Type: "text", Text: s}} }

func tool(name, desc, schema string, h capability.Handler) capability.Capability {
	if schema == "" {
		schema = `{"type":"object","properties":{}}`
	}
	return capability.Capability{
		ID: capability.MakeID(capability.SourceGo, "conformance", name), Source: capability.SourceGo,
		Namespace: "conformance", Name: name, Description: desc,
		InputSchema: json.RawMessage(schema), Handler: h,
	}
}

// session returns the MCP client session of a direct tool call.
func session(ctx context.Context) (*mcp.CallToolRequest, error) {
	req := server.ToolRequest(ctx)
	if req == nil || req.Session == nil {
		return nil, errors.New("this capability talks to its MCP client and must be called as a direct tool")
	}
	return req, nil
}

func sleep(ctx context.Context, d time.Duration) error {
	select {
	case <-time.After(d):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func capabilities() []capability.Capability {
	return []capability.Capability{
		tool("test_simple_text", "Returns simple text content.", "", func(context.Context, map[string]any) (*capability.Result, error) {
			return &capability.Result{Content: text("This is a simple text response for testing.")}, nil
		}),
		tool("test_image_content", "Returns a 1x1 PNG image.", "", func(context.Context, map[string]any) (*capability.Result, error) {
			return &capability.Result{Content: []capability.Content{{Type: "image", Data: pngPixel, MIMEType: "image/png"}}}, nil
		}),
		tool("test_audio_content", "Returns a short WAV clip.", "", func(context.Context, map[string]any) (*capability.Result, error) {
			return &capability.Result{Content: []capability.Content{{Type: "audio", Data: wavSilence, MIMEType: "audio/wav"}}}, nil
		}),
		tool("test_embedded_resource", "Returns an embedded text resource.", "", func(context.Context, map[string]any) (*capability.Result, error) {
			return &capability.Result{Content: []capability.Content{{Type: "resource", URI: "test://embedded-resource", MIMEType: "text/plain", Text: "This is an embedded resource content."}}}, nil
		}),
		tool("test_multiple_content_types", "Returns text, an image and a resource.", "", func(context.Context, map[string]any) (*capability.Result, error) {
			return &capability.Result{Content: []capability.Content{
				{Type: "text", Text: "Multiple content types test:"},
				{Type: "image", Data: pngPixel, MIMEType: "image/png"},
				{Type: "resource", URI: "test://mixed-content-resource", MIMEType: "application/json", Text: `{"test":"data","value":123}`},
			}}, nil
		}),
		tool("test_error_handling", "Always fails with a tool error.", "", func(context.Context, map[string]any) (*capability.Result, error) {
			return &capability.Result{IsError: true, Content: text("This tool intentionally returns an error for testing")}, nil
		}),
		tool("test_tool_with_logging", "Sends three log messages while it runs.", "", func(ctx context.Context, _ map[string]any) (*capability.Result, error) {
			req, err := session(ctx)
			if err != nil {
				return nil, err
			}
			for i, msg := range []string{"Tool execution started", "Tool processing data", "Tool execution completed"} {
				if i > 0 {
					if err := sleep(ctx, 50*time.Millisecond); err != nil {
						return nil, err
					}
				}
				if err := req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: "info", Logger: "conformance", Data: msg}); err != nil {
					return nil, err
				}
			}
			return &capability.Result{Content: text("Tool with logging executed successfully")}, nil
		}),
		tool("test_tool_with_progress", "Reports progress 0, 50 and 100 of 100.", "", func(ctx context.Context, _ map[string]any) (*capability.Result, error) {
			req, err := session(ctx)
			if err != nil {
				return nil, err
			}
			token := req.Params.GetProgressToken()
			for i, p := range []float64{0, 50, 100} {
				if i > 0 {
					if err := sleep(ctx, 50*time.Millisecond); err != nil {
						return nil, err
					}
				}
				if token != nil {
					if err := req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: token, Progress: p, Total: 100}); err != nil {
						return nil, err
					}
				}
			}
			return &capability.Result{Content: text("Tool with progress executed successfully")}, nil
		}),
		tool("test_sampling", "Asks the client's LLM to answer a prompt.",
			`{"type":"object","properties":{"prompt":{"type":"string","description":"the prompt to send to the LLM"}},"required":["prompt"]}`,
			func(ctx context.Context, args map[string]any) (*capability.Result, error) {
				req, err := session(ctx)
				if err != nil {
					return nil, err
				}
				prompt, _ := args["prompt"].(string)
				res, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{
					Messages:  []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: prompt}}},
					MaxTokens: 100,
				})
				if err != nil {
					return nil, fmt.Errorf("sampling: %w", err)
				}
				answer := ""
				if tc, ok := res.Content.(*mcp.TextContent); ok {
					answer = tc.Text
				}
				return &capability.Result{Content: text("LLM response: " + answer)}, nil
			}),
		tool("test_elicitation", "Asks the user for a username and email.",
			`{"type":"object","properties":{"message":{"type":"string","description":"the message to show the user"}},"required":["message"]}`,
			func(ctx context.Context, args map[string]any) (*capability.Result, error) {
				msg, _ := args["message"].(string)
				return elicit(ctx, "User response: ", msg, json.RawMessage(`{"type":"object","properties":{
					"username":{"type":"string","description":"User's response"},
					"email":{"type":"string","description":"User's email address"}},
					"required":["username","email"]}`))
			}),
		tool("test_elicitation_sep1034_defaults", "Elicits values with defaults of every primitive type.", "",
			func(ctx context.Context, _ map[string]any) (*capability.Result, error) {
				return elicit(ctx, "Elicitation completed: ", "Please review and update the form fields with defaults", json.RawMessage(`{"type":"object","properties":{
					"name":{"type":"string","description":"User name","default":"John Doe"},
					"age":{"type":"integer","description":"User age","default":30},
					"score":{"type":"number","description":"User score","default":95.5},
					"status":{"type":"string","description":"User status","enum":["active","inactive","pending"],"default":"active"},
					"verified":{"type":"boolean","description":"Verification status","default":true}}}`))
			}),
		tool("test_elicitation_sep1330_enums", "Elicits values with every enum variant.", "",
			func(ctx context.Context, _ map[string]any) (*capability.Result, error) {
				return elicit(ctx, "Elicitation completed: ", "Please select options from the enum fields", json.RawMessage(`{"type":"object","properties":{
					"untitledSingle":{"type":"string","description":"Untitled single-select","enum":["option1","option2","option3"]},
					"titledSingle":{"type":"string","description":"Titled single-select","oneOf":[{"const":"value1","title":"First Option"},{"const":"value2","title":"Second Option"},{"const":"value3","title":"Third Option"}]},
					"legacyEnum":{"type":"string","description":"Legacy titled enum","enum":["opt1","opt2","opt3"],"enumNames":["Option One","Option Two","Option Three"]},
					"untitledMulti":{"type":"array","description":"Untitled multi-select","items":{"type":"string","enum":["option1","option2","option3"]}},
					"titledMulti":{"type":"array","description":"Titled multi-select","items":{"anyOf":[{"const":"value1","title":"First Choice"},{"const":"value2","title":"Second Choice"},{"const":"value3","title":"Third Choice"}]}}}}`))
			}),
		tool("json_schema_2020_12_tool", "Tool with JSON Schema 2020-12 features",
			`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",
			"$defs":{"address":{"type":"object","properties":{"street":{"type":"string"},"city":{"type":"string"}}}},
			"properties":{"name":{"type":"string"},"address":{"$ref":"#/$defs/address"}},
			"additionalProperties":false}`,
			func(_ context.Context, args map[string]any) (*capability.Result, error) {
				b, _ := json.Marshal(args)
				return &capability.Result{Content: text("Received: " + string(b))}, nil
			}),
		tool("test_reconnection", "Closes its SSE stream mid-call and answers after the client reconnects.", "",
			func(ctx context.Context, _ map[string]any) (*capability.Result, error) {
				req, err := session(ctx)
				if err != nil {
					return nil, err
				}
				if req.Extra != nil && req.Extra.CloseSSEStream != nil {
					req.Extra.CloseSSEStream(mcp.CloseSSEStreamArgs{RetryAfter: 10 * time.Millisecond})
				}
				if err := sleep(ctx, 100*time.Millisecond); err != nil {
					return nil, err
				}
				return &capability.Result{Content: text("Reconnection test completed successfully.")}, nil
			}),
	}
}

func elicit(ctx context.Context, prefix, message string, schema json.RawMessage) (*capability.Result, error) {
	req, err := session(ctx)
	if err != nil {
		return nil, err
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: message, RequestedSchema: schema})
	if err != nil {
		return nil, fmt.Errorf("elicitation: %w", err)
	}
	content, _ := json.Marshal(res.Content)
	return &capability.Result{Content: text(fmt.Sprintf("%saction=%s, content=%s", prefix, res.Action, content))}, nil
}

func addResources(s *mcp.Server) {
	s.AddResource(&mcp.Resource{Name: "static-text", Description: "A static text resource for testing", MIMEType: "text/plain", URI: "test://static-text"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: "This is the content of the static text resource."}}}, nil
		})
	s.AddResource(&mcp.Resource{Name: "static-binary", Description: "A static binary resource (PNG) for testing", MIMEType: "image/png", URI: "test://static-binary"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			png, _ := base64.StdEncoding.DecodeString(pngPixel)
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "image/png", Blob: png}}}, nil
		})
	s.AddResource(&mcp.Resource{Name: "watched-resource", Description: "A resource clients may subscribe to", MIMEType: "text/plain", URI: "test://watched-resource"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: "Watched resource content."}}}, nil
		})
	s.AddResourceTemplate(&mcp.ResourceTemplate{Name: "template", Description: "A resource template with an id parameter", MIMEType: "application/json", URITemplate: "test://template/{id}/data"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			id := strings.TrimSuffix(strings.TrimPrefix(req.Params.URI, "test://template/"), "/data")
			b, _ := json.Marshal(map[string]any{"id": id, "templateTest": true, "data": "Data for ID: " + id})
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "application/json", Text: string(b)}}}, nil
		})
}

func userText(s string) *mcp.PromptMessage {
	return &mcp.PromptMessage{Role: "user", Content: &mcp.TextContent{Text: s}}
}

func addPrompts(s *mcp.Server) {
	s.AddPrompt(&mcp.Prompt{Name: "test_simple_prompt", Description: "A simple prompt without arguments"},
		func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{userText("This is a simple prompt for testing.")}}, nil
		})
	s.AddPrompt(&mcp.Prompt{Name: "test_prompt_with_arguments", Description: "A prompt with two required arguments", Arguments: []*mcp.PromptArgument{
		{Name: "arg1", Description: "First test argument", Required: true},
		{Name: "arg2", Description: "Second test argument", Required: true},
	}}, func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		a := req.Params.Arguments
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{userText(fmt.Sprintf("Prompt with arguments: arg1='%s', arg2='%s'", a["arg1"], a["arg2"]))}}, nil
	})
	s.AddPrompt(&mcp.Prompt{Name: "test_prompt_with_embedded_resource", Description: "A prompt that embeds a resource", Arguments: []*mcp.PromptArgument{
		{Name: "resourceUri", Description: "URI of the resource to embed", Required: true},
	}}, func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{
			{Role: "user", Content: &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: req.Params.Arguments["resourceUri"], MIMEType: "text/plain", Text: "Embedded resource content for testing."}}},
			userText("Please process the embedded resource above."),
		}}, nil
	})
	s.AddPrompt(&mcp.Prompt{Name: "test_prompt_with_image", Description: "A prompt with an image"},
		func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			png, _ := base64.StdEncoding.DecodeString(pngPixel)
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{
				{Role: "user", Content: &mcp.ImageContent{Data: png, MIMEType: "image/png"}},
				userText("Please analyze the image above."),
			}}, nil
		})
}
