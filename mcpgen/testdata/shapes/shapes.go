// Package shapes exercises every marker and type shape mcpgen supports.
package shapes

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
)

// Greet says hello.
//
// mcp:tool
// param: name — who to greet
// param: excited - add an exclamation mark
func Greet(name string, excited *bool) string {
	s := "Hello, " + name
	if excited != nil && *excited {
		s += "!"
	}
	return s
}

// Color is an enum: its constants become the schema's enum.
type Color string

// The colors.
const (
	Red   Color = "red"
	Green Color = "green"
	Blue  Color = "blue"
)

// Item is a record with nested shapes.
type Item struct {
	ID      int               `json:"id"`
	Name    string            `json:"name"`
	Tags    []string          `json:"tags,omitempty"`
	Color   Color             `json:"color"`
	Attrs   map[string]string `json:"attrs,omitempty"`
	Created time.Time         `json:"created"`
	Parent  *int              `json:"parent,omitempty"`
	secret  string
}

// Page is one page of items.
type Page struct {
	Items      []Item `json:"items"`
	NextCursor string `json:"next_cursor,omitempty"`
}

// ListItems returns a page of items of one color.
//
// mcp:tool
// mcp:name=catalog.list_items
// mcp:labels=tier=read,paged
// param: color: which color to list
// param: cursor: where to continue
// param: limit: page size
func ListItems(ctx context.Context, color Color, cursor *string, limit int) (Page, error) {
	if err := ctx.Err(); err != nil {
		return Page{}, err
	}
	if limit <= 0 {
		return Page{}, errors.New("limit must be positive")
	}
	start := 0
	if cursor != nil {
		fmt.Sscanf(*cursor, "%d", &start)
	}
	var p Page
	for i := start; i < 7 && len(p.Items) < limit; i++ {
		p.Items = append(p.Items, Item{ID: i, Name: fmt.Sprintf("item-%d", i), Color: color,
			Created: time.Date(2026, 1, i+1, 0, 0, 0, 0, time.UTC)})
	}
	if end := start + len(p.Items); end < 7 {
		p.NextCursor = fmt.Sprint(end)
	}
	return p, nil
}

// Stats returns several values, packed into a named object.
//
// mcp:tool
func Stats(values []float64) (min, max float64, count int) {
	if len(values) == 0 {
		return 0, 0, 0
	}
	s := append([]float64(nil), values...)
	sort.Float64s(s)
	return s[0], s[len(s)-1], len(s)
}

// Describe accepts any JSON value and says what it is.
//
// mcp:tool
func Describe(value any) string { return fmt.Sprintf("%T", value) }

// Counts counts words.
//
// mcp:tool
func Counts(text string) map[string]int {
	out := map[string]int{}
	for _, w := range strings.Fields(text) {
		out[w]++
	}
	return out
}

// Checkpoint fails or succeeds with nothing to return.
//
// mcp:tool
// mcp:labels=danger=true
func Checkpoint(fail bool) error {
	if fail {
		return errors.New("checkpoint refused")
	}
	return nil
}

// Echo takes raw bytes and durations.
//
// mcp:tool
func Echo(data []byte, wait time.Duration, when time.Time) (string, error) {
	return fmt.Sprintf("%s %s %s", data, wait, when.Format(time.RFC3339)), nil
}

// Batch takes a slice of structs and a pointer to a struct.
//
// mcp:tool
func Batch(items []Item, defaults *Item) ([]int, error) {
	var ids []int
	for _, it := range items {
		ids = append(ids, it.ID)
	}
	if defaults != nil {
		ids = append(ids, defaults.ID)
	}
	return ids, nil
}

// notATool has a doc comment but no marker.
func notATool() {}

var _ = notATool

// Ranks names the given ranks: JSON object keys are strings, the Go map
// is keyed by int.
//
// param: ranks — names by rank
//
// mcp:tool
func Ranks(ranks map[int]string) map[int]string {
	out := map[int]string{}
	for k, v := range ranks {
		out[k*10] = strings.ToUpper(v)
	}
	return out
}
