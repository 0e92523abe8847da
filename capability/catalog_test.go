package capability

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolplane/toolplane/selector"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

// service is one namespace of the synthetic catalog: its source, the
// objects it manages, and labels.
type service struct {
	src     Source
	ns      string
	what    string // prose name
	objects []string
	labels  map[string]string
}

func plural(s string) string {
	switch {
	case strings.HasSuffix(s, "y"):
		return s[:len(s)-1] + "ies"
	case strings.HasSuffix(s, "s"), strings.HasSuffix(s, "sh"), strings.HasSuffix(s, "ch"):
		return s + "es"
	}
	return s + "s"
}

func prose(s string) string { return strings.ReplaceAll(s, "_", " ") }

func objectSchema(props [][3]string, required ...string) json.RawMessage {
	var parts []string
	for _, p := range props {
		parts = append(parts, fmt.Sprintf(`%q:{"type":%q,"description":%q}`, p[0], p[1], p[2]))
	}
	req, _ := json.Marshal(required)
	if len(required) == 0 {
		req = []byte("[]")
	}
	return json.RawMessage(`{"type":"object","properties":{` + strings.Join(parts, ",") + `},"required":` + string(req) + `}`)
}

// syntheticCatalog returns 226 capabilities: six verbs over 35 objects of
// eight services, a camelCase weather server, and ten CLIs.
func syntheticCatalog() []Capability {
	services := []service{
		{SourceMCP, "github", "GitHub", []string{"issue", "pull_request", "repository", "commit", "branch"}, map[string]string{"team": "dev"}},
		{SourceMCP, "linear", "Linear", []string{"issue", "project", "team", "comment", "cycle"}, map[string]string{"team": "dev"}},
		{SourceMCP, "slack", "Slack", []string{"message", "channel", "user", "reaction", "file"}, map[string]string{"team": "comms"}},
		{SourceMCP, "jira", "Jira", []string{"ticket", "sprint", "board", "epic"}, map[string]string{"team": "dev"}},
		{SourceMCP, "gdrive", "Google Drive", []string{"file", "folder", "permission", "document"}, map[string]string{"team": "docs"}},
		{SourceMCP, "postgres", "the Postgres database", []string{"table", "row", "index", "schema"}, map[string]string{"team": "data"}},
		{SourceGo, "billing", "billing", []string{"invoice", "customer", "subscription", "payment"}, map[string]string{"team": "payments"}},
		{SourceGo, "calendar", "the calendar", []string{"event", "calendar", "attendee", "reminder"}, map[string]string{"team": "docs"}},
	}
	var out []Capability
	add := func(src Source, ns, name, desc string, in, outSchema json.RawMessage, labels map[string]string) {
		out = append(out, Capability{ID: MakeID(src, ns, name), Description: desc, InputSchema: in,
			OutputSchema: outSchema, Labels: labels, Handler: echoHandler})
	}
	for _, s := range services {
		for _, o := range s.objects {
			idParam := [3]string{o + "_id", "string", "Id of the " + prose(o) + "."}
			list := objectSchema([][3]string{
				{"cursor", "string", "Opaque cursor from the previous page's next_cursor."},
				{"limit", "integer", "Page size, at most 100."},
				{"state", "string", "Only " + prose(plural(o)) + " in this state (open, closed)."},
			})
			listOut := json.RawMessage(`{"type":"object","properties":{"items":{"type":"array","items":{"type":"object"}},"next_cursor":{"type":["string","null"]}},"required":["items"]}`)
			add(s.src, s.ns, "list_"+plural(o), fmt.Sprintf("List %s in %s. Supports pagination with cursor and limit.", prose(plural(o)), s.what), list, listOut, s.labels)
			add(s.src, s.ns, "get_"+o, fmt.Sprintf("Get one %s from %s by its id.", prose(o), s.what), objectSchema([][3]string{idParam}, o+"_id"), nil, s.labels)
			createName, createProps := "create_"+o, [][3]string{{"name", "string", "Name or title of the new " + prose(o) + "."}, {"body", "string", "Longer text."}}
			if s.ns == "slack" && o == "message" {
				createName, createProps = "send_message", [][3]string{{"channel_id", "string", "Channel to post in."}, {"text", "string", "Message text (mrkdwn)."}}
			}
			add(s.src, s.ns, createName, fmt.Sprintf("Create a new %s in %s.", prose(o), s.what), objectSchema(createProps, createProps[0][0]), nil, s.labels)
			add(s.src, s.ns, "update_"+o, fmt.Sprintf("Update fields of an existing %s in %s.", prose(o), s.what),
				objectSchema([][3]string{idParam, {"fields", "object", "Fields to change."}}, o+"_id", "fields"), nil, s.labels)
			add(s.src, s.ns, "delete_"+o, fmt.Sprintf("Delete a %s from %s. This cannot be undone.", prose(o), s.what),
				objectSchema([][3]string{idParam, {"force", "boolean", "Skip the confirmation check."}}, o+"_id"), nil, s.labels)
			search := objectSchema([][3]string{{"query", "string", "Free-text query."}, {"limit", "integer", "Maximum results."}}, "query")
			if s.ns == "slack" {
				search = objectSchema([][3]string{{"query", "string", "Free-text query."}, {"channel_id", "string", "Restrict to one channel."}}, "query")
			}
			add(s.src, s.ns, "search_"+plural(o), fmt.Sprintf("Search %s in %s by a free-text query.", prose(plural(o)), s.what), search, nil, s.labels)
		}
	}
	weather := map[string]string{"team": "ops"}
	loc := objectSchema([][3]string{{"location", "string", "City name or lat,lon."}, {"units", "string", "metric or imperial."}}, "location")
	add(SourceMCP, "weather", "getForecast", "Get the weather forecast for the next days at a location.", loc, nil, weather)
	add(SourceMCP, "weather", "getCurrentConditions", "Current weather conditions: temperature, wind, humidity.", loc, nil, weather)
	add(SourceMCP, "weather", "listAlerts", "List active severe weather alerts for a region.", objectSchema([][3]string{{"region", "string", "Region code."}}, "region"), nil, weather)
	add(SourceMCP, "weather", "getAirQuality", "Air quality index and pollutants at a location.", loc, nil, weather)
	add(SourceMCP, "weather", "getUVIndex", "UV index forecast at a location.", loc, nil, weather)
	add(SourceMCP, "weather", "getHistoricalWeather", "Weather observations for a past date at a location.", loc, nil, weather)
	argv := objectSchema([][3]string{{"args", "array", "Arguments after the binary name."}, {"stdin", "string", "Text fed to standard input."}}, "args")
	for _, c := range [][2]string{
		{"git", "Distributed version control: status, log, diff, commit, branch."},
		{"docker", "Build, run and inspect containers and images."},
		{"kubectl", "Control Kubernetes clusters: get pods, apply manifests, read logs."},
		{"jq", "Filter and transform JSON from standard input."},
		{"curl", "Transfer data from or to a URL over HTTP."},
		{"rg", "Search file contents recursively with regular expressions (ripgrep)."},
		{"terraform", "Plan and apply infrastructure changes."},
		{"npm", "Install and run JavaScript packages."},
		{"make", "Run build targets from a Makefile."},
		{"gh", "GitHub from the command line: issues, pull requests, releases."},
	} {
		add(SourceCLI, "", c[0], c[1], argv, nil, map[string]string{"team": "dev"})
	}
	return out
}

func catalogRegistry(t *testing.T) *Registry {
	t.Helper()
	r := NewRegistry()
	if err := r.AddAll(syntheticCatalog()...); err != nil {
		t.Fatalf("AddAll(catalog): %v", err)
	}
	return r
}

func TestCatalogSize(t *testing.T) {
	t.Parallel()
	r := catalogRegistry(t)
	if r.Len() < 200 {
		t.Fatalf("catalog has %d capabilities, want at least 200", r.Len())
	}
	// Every capability of the catalog gets both aliases (CLIs one).
	if got, want := len(r.Namespace()), 2*(r.Len()-10)+10; got != want {
		t.Errorf("namespace has %d bindings, want %d; issues: %v", got, want, r.Issues())
	}
}

func ids(ms []Match) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Capability.ID)
	}
	return out
}

func TestSearchRanking(t *testing.T) {
	t.Parallel()
	r := catalogRegistry(t)
	cases := []struct {
		query  string
		labels map[string]string
		// top lists the ids expected first, in order; anyOf lists ids of
		// which every one must be within the first len(anyOf) results.
		top   []string
		anyOf []string
		// param, if set, must be a parameter of each of the first 5.
		param string
	}{
		{query: "list open issues in linear", top: []string{"mcp:linear/list_issues"}},
		{query: "send a slack message", top: []string{"mcp:slack/send_message"}},
		{query: "weather forecast", top: []string{"mcp:weather/getForecast"}},
		{query: "current weather conditions", top: []string{"mcp:weather/getCurrentConditions"}},
		{query: "UV index", top: []string{"mcp:weather/getUVIndex"}},
		{query: "delete invoice", top: []string{"go:billing/delete_invoice"}},
		{query: "git", top: []string{"cli:git"}},
		{query: "kubernetes pods logs", top: []string{"cli:kubectl"}},
		{query: "regular expression search in files", top: []string{"cli:rg"}},
		{query: "github pull requests", anyOf: []string{"mcp:github/list_pull_requests", "mcp:github/search_pull_requests",
			"mcp:github/get_pull_request", "mcp:github/create_pull_request", "mcp:github/update_pull_request", "mcp:github/delete_pull_request"}},
		{query: "channel_id", param: "channel_id"},
		{query: "post message to channel_id", top: []string{"mcp:slack/send_message"}},
		{query: "searchPullRequests", top: []string{"mcp:github/search_pull_requests"}},
		{query: "list", labels: map[string]string{"team": "payments"},
			anyOf: []string{"go:billing/list_customers", "go:billing/list_invoices", "go:billing/list_payments", "go:billing/list_subscriptions"}},
		{query: "subscription", labels: map[string]string{"source": "go"}, top: []string{"go:billing/get_subscription"}},
		// Inexact words: typos and prefixes still find the tool.
		{query: "weather forcast", top: []string{"mcp:weather/getForecast"}},
		{query: "kube pods", top: []string{"cli:kubectl"}},
		{query: "linear isssues", anyOf: []string{"mcp:linear/list_issues", "mcp:linear/search_issues", "mcp:linear/get_issue",
			"mcp:linear/create_issue", "mcp:linear/update_issue", "mcp:linear/delete_issue"}},
		{query: "delete repo", top: []string{"mcp:github/delete_repository"}},
	}
	for _, c := range cases {
		res := r.Search(SearchOptions{Query: c.query, Labels: c.labels, Limit: max(5, len(c.anyOf))})
		got := ids(res.Matches)
		if len(c.top) > 0 && (len(got) < len(c.top) || !cmp.Equal(got[:len(c.top)], c.top)) {
			t.Errorf("Search(%q) top = %q, want prefix %q", c.query, got, c.top)
		}
		if len(c.anyOf) > 0 {
			head := got[:min(len(got), len(c.anyOf))]
			for _, want := range c.anyOf {
				if !strings.Contains(strings.Join(head, " "), want) {
					t.Errorf("Search(%q) first %d = %q, want %s among them", c.query, len(c.anyOf), head, want)
				}
			}
		}
		if c.param != "" {
			if len(res.Matches) < 5 {
				t.Errorf("Search(%q) found %d, want 5", c.query, len(res.Matches))
			}
			for _, m := range res.Matches {
				if !strings.Contains(" "+strings.Join(m.Capability.ParamNames(), " ")+" ", " "+c.param+" ") {
					t.Errorf("Search(%q) returned %s, which has no parameter %s", c.query, m.Capability.ID, c.param)
				}
			}
		}
		for i := 1; i < len(res.Matches); i++ {
			if res.Matches[i].Score > res.Matches[i-1].Score {
				t.Errorf("Search(%q): scores not descending at %d", c.query, i)
			}
		}
		for _, m := range res.Matches {
			if !matchLabels(m.Capability, c.labels) {
				t.Errorf("Search(%q) returned %s despite label filter %v", c.query, m.Capability.ID, c.labels)
			}
		}
	}
}

func TestSearchCoverage(t *testing.T) {
	t.Parallel()
	r := catalogRegistry(t)
	n := r.Len()
	res := r.Search(SearchOptions{Query: "invoice", Limit: 2})
	if want := fmt.Sprintf("2 of %d capabilities; 4 more match, raise the limit to see them", n); res.Coverage() != want {
		t.Errorf("Coverage = %q, want %q", res.Coverage(), want)
	}
	res = r.Search(SearchOptions{Labels: map[string]string{"team": "ops"}, Limit: 50})
	if want := fmt.Sprintf("6 of %d capabilities (6 pass the label filter)", n); res.Coverage() != want {
		t.Errorf("Coverage = %q, want %q", res.Coverage(), want)
	}
	if res := r.Search(SearchOptions{Query: "zzqx"}); len(res.Matches) != 0 || res.Matched != 0 {
		t.Errorf("nonsense query matched %q", ids(res.Matches))
	}
	// The index follows registry changes.
	r.Remove("go:billing/delete_invoice")
	for _, m := range r.Search(SearchOptions{Query: "delete invoice"}).Matches {
		if m.Capability.ID == "go:billing/delete_invoice" {
			t.Error("removed capability still found by Search")
		}
	}
}

func TestSearchSelector(t *testing.T) {
	t.Parallel()
	r := catalogRegistry(t)
	res := r.Search(SearchOptions{Query: "list", Selector: selector.MustParse("source=mcp,team in (comms,ops),!nonexistent"), Limit: 100})
	if len(res.Matches) == 0 {
		t.Fatal("selector matched nothing")
	}
	for _, m := range res.Matches {
		if ns := m.Capability.Namespace; ns != "slack" && ns != "weather" {
			t.Errorf("selector let %s through", m.Capability.ID)
		}
	}
	if res.Searched != 36 {
		t.Errorf("searched %d capabilities, want the 30 slack and 6 weather ones", res.Searched)
	}
	res = r.Search(SearchOptions{Selector: selector.MustParse("server=weather"), Limit: 100})
	if len(res.Matches) != 6 {
		t.Errorf("server=weather projection matched %d, want 6", len(res.Matches))
	}
}

func TestWords(t *testing.T) {
	t.Parallel()
	for in, want := range map[string][]string{
		"listOpenIssues":       {"list", "open", "issue"},
		"list_open_issues":     {"list", "open", "issue"},
		"HTTPServer2Go":        {"http", "server2", "go"},
		"getUVIndex":           {"get", "uv", "index"},
		"Queries, messages.":   {"query", "message"},
		"mcp:linear/list-bugs": {"mcp", "linear", "list", "bug"},
	} {
		if got := Words(in); !cmp.Equal(got, want) {
			t.Errorf("Words(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSuggest(t *testing.T) {
	t.Parallel()
	r := catalogRegistry(t)
	for name, want := range map[string]string{
		"linear_list_isues":  "linear_list_issues",
		"slack.send_mesage":  "slack_send_message",
		"go:billing/invoice": "billing_get_invoice",
		"kubctl":             "kubectl",
	} {
		got := r.Suggest(name, 3)
		if len(got) == 0 || got[0] != want {
			t.Errorf("Suggest(%q) = %q, want %q first", name, got, want)
		}
	}
}

func TestParseDetail(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]Detail{"": DetailBrief, "brief": DetailBrief, "detailed": DetailDetailed, "full": DetailFull} {
		if got, err := ParseDetail(in); err != nil || got != want {
			t.Errorf("ParseDetail(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := ParseDetail("verbose"); err == nil {
		t.Error("ParseDetail(verbose) succeeded")
	}
}

func TestRenderGolden(t *testing.T) {
	t.Parallel()
	r := catalogRegistry(t)
	requested := []string{"linear.list_issues", "billing_create_invoice", "cli:git", "mcp:weather/getForecast", "linear_list_isues", "zzz_nothing_like_it"}
	cases := map[string]func() string{
		"search_brief": func() string {
			return RenderSearch(r.Search(SearchOptions{Query: "list open issues", Limit: 5}), DetailBrief)
		},
		"search_detailed": func() string {
			return RenderSearch(r.Search(SearchOptions{Query: "send slack message", Limit: 3}), DetailDetailed)
		},
		"search_full": func() string {
			return RenderSearch(r.Search(SearchOptions{Query: "weather forecast", Limit: 2}), DetailFull)
		},
		"describe_brief":    func() string { return r.Describe(requested, DetailBrief) },
		"describe_detailed": func() string { return r.Describe(requested, DetailDetailed) },
		"describe_full":     func() string { return r.Describe(requested, DetailFull) },
	}
	for name, render := range cases {
		checkGolden(t, name, render())
	}
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}

func BenchmarkSearch(b *testing.B) {
	r := NewRegistry()
	if err := r.AddAll(syntheticCatalog()...); err != nil {
		b.Fatal(err)
	}
	r.Search(SearchOptions{Query: "warm"}) // build the index once
	b.ResetTimer()
	for b.Loop() {
		r.Search(SearchOptions{Query: "list open issues in linear", Limit: 10})
	}
}

func BenchmarkAddAllCatalog(b *testing.B) {
	caps := syntheticCatalog()
	for b.Loop() {
		if err := NewRegistry().AddAll(caps...); err != nil {
			b.Fatal(err)
		}
	}
}

func TestCallSignatures(t *testing.T) {
	t.Parallel()
	r := NewRegistry()
	if err := r.AddAll(testCap("cli:git"), testCap("cli:print"), testCap("cli:7z"), testCap("mcp:asyncio/x")); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]string{
		"cli:git":       `Call: ` + "`" + `await git("subcommand", "arg", flag=value, _=["trailing"])` + "`",
		"cli:print":     `Call: ` + "`" + `await print_("subcommand", "arg", flag=value, _=["trailing"])` + "`",
		"cli:7z":        `Call: ` + "`" + `await cli("7z")("subcommand", "arg", flag=value, _=["trailing"])` + "`",
		"mcp:asyncio/x": `Call: ` + "`" + `await asyncio_x()` + "`",
	} {
		if got := r.Describe([]string{id}, DetailDetailed); !strings.Contains(got, want) {
			t.Errorf("Describe(%s) =\n%s\nwant a line %s", id, got, want)
		}
	}
}
