// Command listtools prints the tools that mcpgen finds, without generating
// anything: their names, descriptions and input schemas.
//
//	listtools [-config mcpgen.yaml] [-short | -json] [PACKAGE...]
//
// With package arguments it scans those packages instead of the config's.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/toolplane/toolplane/mcpgen"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// listed is one tool as -json prints it.
type listed struct {
	ID           string            `json:"id"`
	Function     string            `json:"function"`
	Position     string            `json:"position"`
	Description  string            `json:"description"`
	Labels       map[string]string `json:"labels,omitempty"`
	InputSchema  json.RawMessage   `json:"input_schema"`
	OutputSchema json.RawMessage   `json:"output_schema,omitempty"`
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("listtools", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := fs.String("config", "mcpgen.yaml", "path of mcpgen.yaml (ignored when packages are given)")
	short := fs.Bool("short", false, "one line per tool: id and the first line of its description")
	asJSON := fs.Bool("json", false, "everything, as a JSON array")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *short && *asJSON {
		fmt.Fprintln(stderr, "listtools: -short and -json are exclusive")
		return 2
	}
	var cfg *mcpgen.Config
	var err error
	if fs.NArg() > 0 {
		cfg, err = mcpgen.ConfigFor(".", fs.Args())
	} else {
		cfg, err = mcpgen.LoadConfig(*cfgPath)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	l, err := mcpgen.Load(cfg)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	switch {
	case *asJSON:
		out := []listed{}
		for _, t := range l.Tools {
			e := listed{ID: t.ID, Function: t.PkgPath + "." + t.Func, Position: fmt.Sprintf("%s:%d", t.Pos.Filename, t.Pos.Line),
				Description: t.Description, InputSchema: json.RawMessage(t.InputSchema)}
			if len(t.Labels) > 0 {
				e.Labels = map[string]string{}
				for _, kv := range t.Labels {
					e.Labels[kv[0]] = kv[1]
				}
			}
			if t.OutputSchema != "" {
				e.OutputSchema = json.RawMessage(t.OutputSchema)
			}
			out = append(out, e)
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
	case *short:
		for _, t := range l.Tools {
			first, _, _ := strings.Cut(t.Description, "\n")
			fmt.Fprintf(stdout, "%s\t%s\n", t.ID, first)
		}
	default:
		for i, t := range l.Tools {
			if i > 0 {
				fmt.Fprintln(stdout)
			}
			fmt.Fprintf(stdout, "%s  (%s.%s)\n", t.ID, t.PkgName, t.Func)
			for _, ln := range strings.Split(t.Description, "\n") {
				fmt.Fprintf(stdout, "  %s\n", ln)
			}
			fmt.Fprintf(stdout, "  input: %s\n", t.InputSchema)
			if t.OutputSchema != "" {
				fmt.Fprintf(stdout, "  output: %s\n", t.OutputSchema)
			}
		}
	}
	return 0
}
