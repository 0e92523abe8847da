package capability

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Detail is how much of a capability a rendering shows.
type Detail string

// The three detail levels.
const (
	// DetailBrief shows the call name and one line of description.
	DetailBrief Detail = "brief"
	// DetailDetailed shows compact Markdown: the call, parameters with
	// types and required markers, and what it returns.
	DetailDetailed Detail = "detailed"
	// DetailFull shows the JSON schemas.
	DetailFull Detail = "full"
)

// ParseDetail accepts "brief", "detailed" or "full"; "" means brief.
func ParseDetail(s string) (Detail, error) {
	switch Detail(s) {
	case "":
		return DetailBrief, nil
	case DetailBrief, DetailDetailed, DetailFull:
		return Detail(s), nil
	}
	return "", fmt.Errorf("detail %q: want brief, detailed or full", s)
}

// callName is how a snippet calls c: its first alias, else call_tool.
func callName(c *Capability, aliases []string) string {
	if len(aliases) > 0 {
		return aliases[0]
	}
	return c.ID
}

// OneLine returns the first sentence or line of a description, at most
// 120 characters.
func OneLine(desc string) string {
	desc = strings.TrimSpace(desc)
	if i := strings.IndexByte(desc, '\n'); i >= 0 {
		desc = strings.TrimSpace(desc[:i])
	}
	if i := strings.Index(desc, ". "); i >= 0 {
		desc = desc[:i+1]
	}
	if utf8.RuneCountInString(desc) > 120 {
		desc = string([]rune(desc)[:119]) + "…"
	}
	return desc
}

// RenderBrief renders c in one Markdown list line.
func RenderBrief(c *Capability, aliases []string) string {
	name := callName(c, aliases)
	line := "- `" + name + "`"
	if name != c.ID {
		line += " (" + c.ID + ")"
	}
	if d := OneLine(c.Description); d != "" {
		line += ": " + d
	}
	return line + "\n"
}

// RenderDetailed renders c as compact Markdown: heading, how to call it,
// the full description, parameters with their shapes in Python's terms,
// what it returns and what a failure raises. A CLI binary shows how
// keyword arguments become its flags instead of its wire parameters.
func RenderDetailed(c *Capability, aliases []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "### %s\n", callName(c, aliases))
	fmt.Fprintf(&b, "id `%s`", c.ID)
	if len(aliases) > 0 {
		fmt.Fprintf(&b, " · aliases `%s`", strings.Join(aliases, "`, `"))
	}
	if len(c.Labels) > 0 {
		fmt.Fprintf(&b, " · labels %s", strings.Join(sortedLabels(c.Labels), ", "))
	}
	b.WriteString("\n")
	b.WriteString("Call: `" + ExampleCall(c, aliases) + "`\n")
	if d := strings.TrimSpace(c.Description); d != "" {
		b.WriteString("\n" + d + "\n")
	}
	if c.Source == SourceCLI {
		b.WriteString("\n" + CLIFlagRules(CLICallee(c, aliases), c.Name) + "\n")
		b.WriteString("Returns: " + CLIResultText + "\n")
		b.WriteString("Raises: " + CLIRaisesText + "\n")
		return b.String()
	}
	params := Params(c.InputSchema)
	b.WriteString("\nParameters:")
	if len(params) == 0 {
		b.WriteString(" none\n")
	} else {
		b.WriteString("\n")
		writeParams(&b, params)
	}
	typ, props := schemaRoot(c.OutputSchema)
	switch {
	case typ == "":
		b.WriteString("Returns: " + ReturnsText(c) + "\n")
		if c.OutputSample != "" {
			b.WriteString(OutputSampleText + "\n```\n" + c.OutputSample + "\n```\n")
		}
	case len(props) == 0:
		b.WriteString("Returns: " + clip(typ, 4*maxRenderedText) + "\n")
	default:
		b.WriteString("Returns dict:\n")
		writeParams(&b, props)
	}
	b.WriteString("Raises: " + RaisesText(c) + "\n")
	return b.String()
}

// Rendering bounds: schemas come from upstream servers, and what is
// rendered goes into an agent's context. detail=full still shows a schema
// whole (its size is bounded where it enters, see source/mcp).
const (
	maxRenderedParams  = 64  // parameters listed at detail=detailed
	maxRenderedChoices = 16  // enum values and anyOf/oneOf alternatives
	maxRenderedText    = 120 // a parameter's name, type or default
)

// clip cuts s to n runes with an ellipsis.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

func writeParams(b *strings.Builder, params []Param) {
	for i, p := range params {
		if i == maxRenderedParams {
			fmt.Fprintf(b, "- … and %d more (detail=full shows the whole schema)\n", len(params)-i)
			break
		}
		fmt.Fprintf(b, "- `%s` (%s", clip(p.Name, maxRenderedText), clip(p.Type, 4*maxRenderedText))
		if p.Required {
			b.WriteString(", required")
		}
		if p.Default != "" {
			b.WriteString(", default " + clip(p.Default, maxRenderedText))
		}
		b.WriteString(")")
		if p.Description != "" {
			b.WriteString(": " + OneLine(p.Description))
		}
		b.WriteString("\n")
	}
}

// fullDoc is the JSON shape of a capability at DetailFull.
type fullDoc struct {
	ID           string            `json:"id"`
	Aliases      []string          `json:"aliases,omitempty"`
	Description  string            `json:"description,omitempty"`
	InputSchema  json.RawMessage   `json:"inputSchema,omitempty"`
	OutputSchema json.RawMessage   `json:"outputSchema,omitempty"`
	OutputSample string            `json:"outputSample,omitempty"`
	Labels       map[string]string `json:"labels,omitempty"`
}

// MaxAnswerBytes bounds the capabilities one search or schemas answer
// renders: past it (at least one is always shown) the rest are named as
// omitted, to be asked for in smaller groups. Schemas come from upstream
// servers (up to 256 KiB each); a hundred of them in one answer were
// 20 MB of text built, encoded and re-encoded for one small request, and
// a few dozen such requests at once took the server past 3 GiB. No agent
// reads that much in one answer either.
const MaxAnswerBytes = 512 << 10

// omittedDoc names the capabilities an answer left out for MaxAnswerBytes.
type omittedDoc struct {
	Names []string `json:"names"`
	Note  string   `json:"note"`
}

// maxOmittedNames bounds the names an omitted list repeats.
const maxOmittedNames = 200

func omitted[T any](rest []T, name func(T) string) *omittedDoc {
	o := &omittedDoc{Note: fmt.Sprintf("%d more not shown: one answer carries at most %d KiB of descriptions and schemas; ask for fewer names at a time (or a lower detail)", len(rest), MaxAnswerBytes>>10)}
	for _, x := range rest[:min(len(rest), maxOmittedNames)] {
		o.Names = append(o.Names, name(x))
	}
	return o
}

func writeOmitted(b *strings.Builder, o *omittedDoc) {
	fmt.Fprintf(b, "\nNot shown (%s):\n", o.Note)
	for _, n := range o.Names {
		fmt.Fprintf(b, "- `%s`\n", n)
	}
}

// nameOf is the name a caller uses for c: its first alias, else its id.
func nameOf(c *Capability, aliases []string) string {
	if len(aliases) > 0 {
		return aliases[0]
	}
	return c.ID
}

// size is about the bytes d renders to.
func (d fullDoc) size() int {
	n := 256 + len(d.ID) + len(d.Description) + len(d.InputSchema) + len(d.OutputSchema) + len(d.OutputSample)
	for _, a := range d.Aliases {
		n += len(a) + 8
	}
	for k, v := range d.Labels {
		n += len(k) + len(v) + 8
	}
	return n
}

func toFull(c *Capability, aliases []string) fullDoc {
	d := fullDoc{ID: c.ID, Aliases: aliases, Description: c.Description,
		InputSchema: c.InputSchema, OutputSchema: c.OutputSchema, Labels: c.Labels}
	if len(c.OutputSchema) == 0 {
		d.OutputSample = c.OutputSample
	}
	return d
}

func render(c *Capability, aliases []string, d Detail) string {
	if d == DetailDetailed {
		return RenderDetailed(c, aliases)
	}
	return RenderBrief(c, aliases)
}

func marshalIndent(v any) string {
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		// Schemas were checked to be JSON objects at Add.
		return fmt.Sprintf("{\"error\": %q}", err.Error())
	}
	return string(out) + "\n"
}

// RenderSearch renders a search result at detail d: Markdown with a
// coverage line for brief and detailed, one JSON object for full.
func RenderSearch(res SearchResult, d Detail) string {
	if d == DetailFull {
		out := struct {
			Query        string      `json:"query"`
			Coverage     string      `json:"coverage"`
			Capabilities []fullDoc   `json:"capabilities"`
			Renamed      []renameDoc `json:"renamed,omitempty"`
			Withdrawn    []string    `json:"withdrawn_aliases,omitempty"`
			Omitted      *omittedDoc `json:"omitted,omitempty"`
		}{Query: res.Query, Coverage: res.Coverage(), Capabilities: []fullDoc{}, Renamed: renameDocs(res.Renamed)}
		for _, w := range res.Withdrawn {
			out.Withdrawn = append(out.Withdrawn, w.Error())
		}
		size := 0
		for i, m := range res.Matches {
			if i > 0 && size > MaxAnswerBytes {
				out.Omitted = omitted(res.Matches[i:], func(m Match) string { return nameOf(m.Capability, m.Aliases) })
				break
			}
			doc := toFull(m.Capability, m.Aliases)
			size += doc.size()
			out.Capabilities = append(out.Capabilities, doc)
		}
		return marshalIndent(out)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Search %q: %s.\n", res.Query, res.Coverage())
	if len(res.Matches) > 0 {
		b.WriteString("\n")
	}
	for i, m := range res.Matches {
		if i > 0 && b.Len() > MaxAnswerBytes {
			writeOmitted(&b, omitted(res.Matches[i:], func(m Match) string { return nameOf(m.Capability, m.Aliases) }))
			break
		}
		if d == DetailDetailed && i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(render(m.Capability, m.Aliases, d))
	}
	writeRenameNotes(&b, res.Renamed)
	if len(res.Withdrawn) > 0 {
		b.WriteString("\nWithdrawn aliases:\n")
		for _, w := range res.Withdrawn {
			b.WriteString("- " + w.Error() + "\n")
		}
	}
	return b.String()
}

// NotFound is a requested name that matched no capability, with close
// matches.
type NotFound struct {
	Name        string   `json:"name"`
	Suggestions []string `json:"suggestions,omitempty"`
}

// Describe renders the named capabilities (by id or alias) at detail d.
// Names that match nothing are listed as not found with up to three close
// matches each.
func (r *Registry) Describe(names []string, d Detail) string {
	var found []*Capability
	var missing []NotFound
	seen := map[string]bool{}
	for _, n := range names {
		c, ok := r.Lookup(n)
		if !ok {
			missing = append(missing, NotFound{Name: n, Suggestions: r.Suggest(n, 3)})
			continue
		}
		if !seen[c.ID] {
			seen[c.ID] = true
			found = append(found, c)
		}
	}
	return r.describe(found, missing, d)
}

// DescribeFound renders the named capabilities at detail full, as
// Describe does, with notFound (names the caller already judged missing,
// with suggestions of its own choosing) listed as not found: a caller that
// hides some capabilities (a token's admission) adds its own list without
// decoding and encoding the answer again.
func (r *Registry) DescribeFound(names []string, notFound []NotFound) string {
	var found []*Capability
	seen := map[string]bool{}
	for _, n := range names {
		if c, ok := r.Lookup(n); ok && !seen[c.ID] {
			seen[c.ID] = true
			found = append(found, c)
		}
	}
	return r.describe(found, notFound, DetailFull)
}

func (r *Registry) describe(found []*Capability, missing []NotFound, d Detail) string {
	if d == DetailFull {
		out := struct {
			Capabilities []fullDoc   `json:"capabilities"`
			NotFound     []NotFound  `json:"not_found,omitempty"`
			Renamed      []renameDoc `json:"renamed,omitempty"`
			Omitted      *omittedDoc `json:"omitted,omitempty"`
		}{Capabilities: []fullDoc{}, NotFound: missing, Renamed: renameDocs(r.renamesOf(found))}
		size := 0
		for i, c := range found {
			if i > 0 && size > MaxAnswerBytes {
				out.Omitted = omitted(found[i:], func(c *Capability) string { return nameOf(c, r.Aliases(c.ID)) })
				break
			}
			doc := toFull(c, r.Aliases(c.ID))
			size += doc.size()
			out.Capabilities = append(out.Capabilities, doc)
		}
		return marshalIndent(out)
	}
	var b strings.Builder
	for i, c := range found {
		if i > 0 && b.Len() > MaxAnswerBytes {
			writeOmitted(&b, omitted(found[i:], func(c *Capability) string { return nameOf(c, r.Aliases(c.ID)) }))
			break
		}
		if d == DetailDetailed && i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(render(c, r.Aliases(c.ID), d))
	}
	writeRenameNotes(&b, r.renamesOf(found))
	if len(missing) > 0 {
		if len(found) > 0 {
			b.WriteString("\n")
		}
		b.WriteString("Not found:\n")
		for _, m := range missing {
			fmt.Fprintf(&b, "- `%s`", m.Name)
			if len(m.Suggestions) > 0 {
				fmt.Fprintf(&b, ": did you mean `%s`?", strings.Join(m.Suggestions, "`, `"))
			} else {
				b.WriteString(": no similar capability; try search_capabilities")
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// Suggest returns up to n capability names (the alias a snippet would use,
// else the id) close to name: by edit distance to ids and aliases first,
// then by search relevance of its words.
func (r *Registry) Suggest(name string, n int) []string { return r.SuggestOf(name, n, nil) }

// MaxSuggestName is the longest name Suggest looks for neighbors of: no
// capability has a longer one, and comparing a huge name with every
// capability would cost its caller (a snippet's call_tool) far more than
// the call.
const MaxSuggestName = 256

// SuggestOf is Suggest over the capabilities keep accepts (nil: all), so
// a caller that may not call some capabilities is never pointed at them.
func (r *Registry) SuggestOf(name string, n int, keep func(*Capability) bool) []string {
	if len(name) > MaxSuggestName {
		return nil
	}
	type cand struct {
		display string
		dist    int
	}
	lname := strings.ToLower(name)
	best := map[string]cand{} // capability id -> closest form
	for _, c := range r.List() {
		if keep != nil && !keep(c) {
			continue
		}
		aliases := r.Aliases(c.ID)
		display := callName(c, aliases)
		for _, form := range append([]string{c.ID, c.Name}, aliases...) {
			dist := levenshtein(lname, strings.ToLower(form))
			if cur, ok := best[c.ID]; !ok || dist < cur.dist {
				best[c.ID] = cand{display, dist}
			}
		}
	}
	threshold := max(2, utf8.RuneCountInString(name)/3)
	var close []cand
	for _, c := range best {
		if c.dist <= threshold {
			close = append(close, c)
		}
	}
	sort.Slice(close, func(i, j int) bool {
		if close[i].dist != close[j].dist {
			return close[i].dist < close[j].dist
		}
		return close[i].display < close[j].display
	})
	var out []string
	for _, c := range close {
		if len(out) == n {
			return out
		}
		out = append(out, c.display)
	}
	for _, m := range r.Search(SearchOptions{Query: name, Limit: 2*n + 1, Keep: keep}).Matches {
		if len(out) == n {
			break
		}
		display := callName(m.Capability, m.Aliases)
		dup := false
		for _, o := range out {
			dup = dup || o == display
		}
		if !dup {
			out = append(out, display)
		}
	}
	return out
}

func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
