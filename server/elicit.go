package server

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ErrNoHuman is returned by Confirm when nobody can be asked: the call is
// not serving an MCP request, or the client does not support elicitation.
var ErrNoHuman = errors.New("no human to ask: the MCP client does not support elicitation")

// Answer is the human's reply to Confirm.
type Answer string

// Answers of Confirm.
const (
	AnswerYes       Answer = "yes"       // accepted and allowed
	AnswerNo        Answer = "no"        // accepted the form but did not allow, or declined
	AnswerDismissed Answer = "dismissed" // cancelled the question
)

// confirmSchema is the one-field form Confirm shows.
var confirmSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"allow": map[string]any{"type": "boolean", "title": "Allow", "description": "Allow this once"},
	},
	"required": []string{"allow"},
}

// Confirm asks the human behind the MCP client whose request ctx serves (an
// execute_code run or a direct tool call) a yes/no question, through MCP
// elicitation. It is how a policy escalates a decision (e.g. running a CLI
// binary outside the allowlist once) to the person at the keyboard.
//
// Server-initiated elicitation exists up to protocol version 2025-11-25; on
// a session negotiated at a later version the question cannot be sent and
// Confirm returns the SDK's error, so the caller decides as if nobody
// answered.
func Confirm(ctx context.Context, message string) (Answer, error) {
	req := ToolRequest(ctx)
	if req == nil || req.Session == nil {
		return "", ErrNoHuman
	}
	if ip := req.Session.InitializeParams(); ip == nil || ip.Capabilities == nil || ip.Capabilities.Elicitation == nil {
		return "", ErrNoHuman
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: message, RequestedSchema: confirmSchema})
	if err != nil {
		return "", fmt.Errorf("asking the human: %w", err)
	}
	switch res.Action {
	case "accept":
		if allow, _ := res.Content["allow"].(bool); allow {
			return AnswerYes, nil
		}
		return AnswerNo, nil
	case "decline":
		return AnswerNo, nil
	}
	return AnswerDismissed, nil
}
