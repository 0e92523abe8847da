// Command mcpgen turns Go functions marked `// mcp:tool` into capabilities.
// Run it from a //go:generate line:
//
//	//go:generate go run github.com/toolplane/toolplane/cmd/mcpgen -config ./mcpgen.yaml
//
// mcpgen.yaml names the packages to scan and the output directory:
//
//	output:
//	  dir: ./tools        # the generated package (tools_gen.go)
//	packages:
//	  - ./greeter
//
// With -check it writes nothing and exits 1 when the generated file is out
// of date, for CI.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/toolplane/toolplane/mcpgen"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mcpgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := fs.String("config", "mcpgen.yaml", "path of mcpgen.yaml")
	check := fs.Bool("check", false, "write nothing; exit 1 if the generated file is out of date")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: mcpgen [-config mcpgen.yaml] [-check]")
		fmt.Fprintln(stderr, "Generates typed capability wrappers for functions marked `// mcp:tool`.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg, err := mcpgen.LoadConfig(*cfgPath)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if *check {
		src, _, err := mcpgen.Generate(cfg)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		path := filepath.Join(cfg.OutputDir(), mcpgen.GeneratedFile)
		old, _ := os.ReadFile(path)
		if !bytes.Equal(old, src) {
			fmt.Fprintf(stderr, "mcpgen: %s is out of date; run go generate\n", path)
			return 1
		}
		return 0
	}
	changed, err := mcpgen.Write(cfg)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if changed {
		fmt.Fprintf(stdout, "mcpgen: wrote %s\n", filepath.Join(cfg.OutputDir(), mcpgen.GeneratedFile))
	}
	return 0
}
