package capability

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// deploymentCatalog is a deployment as agents meet one: a filesystem
// server, a knowledge-graph memory server, a GitHub server, a demo server
// whose tools use common words, host functions, and CLI binaries described
// the way the CLI source describes them (a generic sentence naming the
// binary, nothing about what it does).
func deploymentCatalog() []Capability {
	var out []Capability
	str := func(names ...string) json.RawMessage {
		var props []string
		for _, n := range names {
			props = append(props, fmt.Sprintf(`%q:{"type":"string"}`, n))
		}
		return json.RawMessage(`{"type":"object","properties":{` + strings.Join(props, ",") + `}}`)
	}
	add := func(id, desc string, in json.RawMessage) {
		out = append(out, Capability{ID: id, Description: desc, InputSchema: in, Handler: echoHandler})
	}
	for _, t := range [][3]string{
		{"read_text_file", "Read the complete contents of a file as text. Use head or tail to read only the first or last lines.", "path head tail"},
		{"read_multiple_files", "Read the contents of several files at once; a file that cannot be read is reported without failing the others.", "paths"},
		{"write_file", "Create a new file or overwrite an existing one with new content.", "path content"},
		{"edit_file", "Make line-based edits to a text file: each edit replaces an exact run of lines. Returns a git-style diff of the changes; dryRun shows the diff without writing.", "path edits dryRun"},
		{"create_directory", "Create a directory, with its parents, or do nothing if it exists.", "path"},
		{"list_directory", "List the files and directories in a directory, marked [FILE] or [DIR].", "path"},
		{"directory_tree", "A recursive tree of files and directories as JSON.", "path"},
		{"move_file", "Move or rename a file or directory.", "source destination"},
		{"search_files", "Find files and directories whose names match a pattern, recursively.", "path pattern"},
		{"get_file_info", "Metadata of a file or directory: size, times, permissions.", "path"},
	} {
		add("mcp:files/"+t[0], t[1], str(strings.Fields(t[2])...))
	}
	for _, t := range [][2]string{
		{"create_entities", "Create entities in the knowledge graph, each with a name, a type and observations."},
		{"create_relations", "Create relations between entities of the knowledge graph, in active voice."},
		{"add_observations", "Add observations to existing entities of the knowledge graph."},
		{"delete_entities", "Delete entities and their relations from the knowledge graph."},
		{"delete_observations", "Delete observations from entities of the knowledge graph."},
		{"read_graph", "Read the whole knowledge graph."},
		{"search_nodes", "Search the nodes of the knowledge graph by a query over names, types and observations."},
		{"open_nodes", "Open nodes of the knowledge graph by their names."},
	} {
		add("mcp:memory/"+t[0], t[1], str("query"))
	}
	for _, t := range [][2]string{
		{"list_issues", "List issues of a GitHub repository, filtered by state and labels."},
		{"create_issue", "Open a new issue in a GitHub repository."},
		{"list_commits", "List the commits of a branch of a GitHub repository, newest first."},
		{"get_pull_request", "Get a pull request of a GitHub repository: title, body, state, diff stats."},
		{"create_pull_request", "Open a pull request from one branch into another."},
		{"get_file_contents", "Get the contents of a file or directory of a GitHub repository."},
		{"search_code", "Search code across GitHub repositories."},
	} {
		add("mcp:github/"+t[0], t[1], str("owner", "repo"))
	}
	for _, t := range [][2]string{
		{"echo", "Echoes back the input string."},
		{"get-sum", "Returns the sum of two numbers."},
		{"get-env", "Returns all environment variables, helpful to show how the server was configured."},
		{"get-tiny-image", "Returns a tiny image to show how images are returned."},
		{"get-annotated-message", "Shows how annotations give metadata about content: priority and audience."},
		{"get-resource-links", "Returns up to ten resource links that show different kinds of resources."},
		{"trigger-long-running-operation", "Demonstrates a long running operation that shows progress updates."},
		{"toggle-simulated-logging", "Toggles simulated logging at random levels on or off."},
		{"simulate-research-query", "Simulates a deep research query that gathers and shows information in stages."},
		{"gzip-file-as-resource", "Compresses a file with gzip and returns it as a resource; shows binary resources."},
	} {
		add("mcp:everything/"+t[0], t[1], str("message"))
	}
	add("go:notes/list", "List notes, newest first, filtered by tag.", str("tag"))
	add("go:notes/add", "Add a note with a title, a body and tags.", str("title", "body"))
	add("go:notes/tag_counts", "Count notes per tag.", nil)
	for _, bin := range []string{"git", "rg", "jq", "curl", "make", "kubectl"} {
		// The CLI source's description (source/cli describe.go).
		add("cli:"+bin, fmt.Sprintf("CLI binary %s (/usr/bin/%s), run without a shell. "+
			"In a snippet: await %s(\"subcommand\", flag=value, _=[positional], _global={flag: value}, check=True); "+
			"the result has stdout, stderr and exit_code.", bin, bin, bin), nil)
	}
	return out
}

// TestSearchRankingDeployment: queries agents wrote, with the capability
// they wanted. The tool's own name or namespace in the query outranks
// prose that merely mentions the word ("git log show diff" once ranked
// files_edit_file, whose description says "git-style diff", above
// cli:git), and matches far weaker than the best are left out instead of
// filling the list.
func TestSearchRankingDeployment(t *testing.T) {
	t.Parallel()
	r := NewRegistry()
	if err := r.AddAll(deploymentCatalog()...); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		query string
		// best is the capability that must come first; among, when set,
		// capabilities every one of which must be in the first len(among).
		best  string
		among []string
		// only, when set, is a prefix every match's id must have.
		only string
	}{
		{query: "git log show diff", best: "cli:git"},
		{query: "git", best: "cli:git"},
		{query: "git diff", best: "cli:git"},
		{query: "kubectl", best: "cli:kubectl"},
		{query: "curl fetch url", best: "cli:curl"},
		{query: "edit a file", best: "mcp:files/edit_file"},
		{query: "show the diff of my edits", best: "mcp:files/edit_file"},
		{query: "list directory", best: "mcp:files/list_directory"},
		{query: "move file", best: "mcp:files/move_file"},
		{query: "read file", among: []string{"mcp:files/read_text_file", "mcp:files/read_multiple_files"}},
		{query: "knowledge graph entities", among: []string{"mcp:memory/create_entities", "mcp:memory/delete_entities"}},
		{query: "add observations", best: "mcp:memory/add_observations"},
		{query: "memory", only: "mcp:memory/"},
		{query: "files", only: "mcp:files/"},
		{query: "github issues", among: []string{"mcp:github/list_issues", "mcp:github/create_issue"}},
		{query: "recent commits", best: "mcp:github/list_commits"},
		{query: "echo", best: "mcp:everything/echo"},
		{query: "sum two numbers", best: "mcp:everything/get-sum"},
		{query: "notes by tag", among: []string{"go:notes/list", "go:notes/tag_counts"}},
		{query: "notes", only: "go:notes/"},
	} {
		res := r.Search(SearchOptions{Query: tc.query, Limit: 10})
		got := ids(res.Matches)
		if tc.best != "" && (len(got) == 0 || got[0] != tc.best) {
			t.Errorf("Search(%q) = %q, want %s first", tc.query, got, tc.best)
		}
		if len(tc.among) > 0 {
			head := strings.Join(got[:min(len(got), len(tc.among))], " ")
			for _, want := range tc.among {
				if !strings.Contains(head, want) {
					t.Errorf("Search(%q) = %q, want %s among the first %d", tc.query, got, want, len(tc.among))
				}
			}
		}
		if tc.only != "" {
			if len(got) == 0 {
				t.Errorf("Search(%q) found nothing", tc.query)
			}
			for _, id := range got {
				if !strings.HasPrefix(id, tc.only) {
					t.Errorf("Search(%q) = %q: %s is not under %s", tc.query, got, id, tc.only)
					break
				}
			}
		}
	}
	// Demo tools that only share the word "show" do not fill the list.
	for _, m := range r.Search(SearchOptions{Query: "git log show diff", Limit: 10}).Matches {
		if strings.HasPrefix(m.Capability.ID, "mcp:everything/") {
			t.Errorf(`Search("git log show diff") lists the demo tool %s`, m.Capability.ID)
		}
	}
}

// TestAttackSearchKeepHidesEverything: a search restricted by Keep is the
// search of a catalog where the rejected capabilities do not exist: the
// same matches, scores and counts, whatever the query (their words, their
// misspellings and prefixes, words they share with visible tools), and
// the same suggestions. Word statistics, the cut of weak matches and the
// matching of misspelt words all once counted hidden tools.
func TestAttackSearchKeepHidesEverything(t *testing.T) {
	t.Parallel()
	visible := deploymentCatalog()
	hidden := []Capability{
		{ID: "mcp:vault/read_secret", Description: "Read a secret from the vault: credentials, keys, show the diff of rotations.", Handler: echoHandler},
		{ID: "mcp:vault/list_secrets", Description: "List secrets of the vault with their rotation logs.", Handler: echoHandler},
		{ID: "mcp:vault/git", Description: "Git credentials for the vault's repositories.", Handler: echoHandler},
		{ID: "go:notes/list_all", Description: "List every note of every user, show the private ones too.", Handler: echoHandler},
	}
	withHidden, without := NewRegistry(), NewRegistry()
	if err := withHidden.AddAll(append(append([]Capability{}, visible...), hidden...)...); err != nil {
		t.Fatal(err)
	}
	if err := without.AddAll(visible...); err != nil {
		t.Fatal(err)
	}
	keep := func(c *Capability) bool { return c.Namespace != "vault" && c.ID != "go:notes/list_all" }
	for _, q := range []string{"", "vault", "vaul", "secret", "secrets", "secet", "rotation", "rot", "credentials", "git",
		"git log show diff", "list", "list all", "list_all", "notes", "show", "read", "logs", "edit a file", "private"} {
		a := withHidden.Search(SearchOptions{Query: q, Limit: 50, Keep: keep})
		b := without.Search(SearchOptions{Query: q, Limit: 50})
		if a.Registered != b.Registered || a.Searched != b.Searched || a.Matched != b.Matched || a.Coverage() != b.Coverage() {
			t.Errorf("Search(%q): counts %d/%d/%d, without the hidden tools %d/%d/%d", q, a.Registered, a.Searched, a.Matched, b.Registered, b.Searched, b.Matched)
		}
		if len(a.Matches) != len(b.Matches) {
			t.Errorf("Search(%q) = %q, without the hidden tools %q", q, ids(a.Matches), ids(b.Matches))
			continue
		}
		for i := range a.Matches {
			if a.Matches[i].Capability.ID != b.Matches[i].Capability.ID || a.Matches[i].Score != b.Matches[i].Score {
				t.Errorf("Search(%q) #%d = %s %v, without the hidden tools %s %v", q, i, a.Matches[i].Capability.ID, a.Matches[i].Score, b.Matches[i].Capability.ID, b.Matches[i].Score)
			}
		}
		if sa, sb := withHidden.SuggestOf(q, 3, keep), without.Suggest(q, 3); strings.Join(sa, ",") != strings.Join(sb, ",") {
			t.Errorf("SuggestOf(%q) = %q, without the hidden tools %q", q, sa, sb)
		}
	}
}
