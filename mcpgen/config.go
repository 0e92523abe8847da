package mcpgen

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"

	"gopkg.in/yaml.v3"
)

// Config is mcpgen.yaml: which packages to scan and where to write the
// generated package. Relative paths are relative to the yaml file.
type Config struct {
	Output struct {
		// Dir is the directory of the generated package; its base name is
		// the package name unless Package is set.
		Dir string `yaml:"dir"`
		// Package overrides the generated package's name.
		Package string `yaml:"package"`
	} `yaml:"output"`
	// Packages are import paths (or ./relative directories) to scan for
	// `mcp:tool` functions.
	Packages []string `yaml:"packages"`

	// dir is the directory of the yaml file; paths resolve against it.
	dir  string
	path string
}

var lineRE = regexp.MustCompile(`line (\d+)`)

// LoadConfig reads and strictly decodes mcpgen.yaml: unknown keys and
// missing required ones are errors naming the file and line.
func LoadConfig(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("mcpgen: reading config: %w", err)
	}
	var c Config
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil && !errors.Is(err, io.EOF) {
		var te *yaml.TypeError
		if errors.As(err, &te) && len(te.Errors) > 0 {
			// yaml.v3 says "line N: field x not found in type mcpgen.Config";
			// say it in the file:line form and without Go type names.
			msg := te.Errors[0]
			line := "1"
			if m := lineRE.FindStringSubmatch(msg); m != nil {
				line = m[1]
			}
			msg = regexp.MustCompile(`^line \d+: `).ReplaceAllString(msg, "")
			msg = regexp.MustCompile(`field (\S+) not found in type \S+`).ReplaceAllString(msg, "unknown key \"$1\" (valid keys: output.dir, output.package, packages)")
			return nil, fmt.Errorf("%s:%s: %s", path, line, msg)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if c.Output.Dir == "" {
		return nil, fmt.Errorf("%s: output.dir is required (the directory of the generated package)", path)
	}
	if len(c.Packages) == 0 {
		return nil, fmt.Errorf("%s: packages is empty: list the import paths to scan for `// mcp:tool` functions", path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	c.path = abs
	c.dir = filepath.Dir(abs)
	return &c, nil
}

// OutputDir is the generated package's directory, resolved.
func (c *Config) OutputDir() string { return c.resolve(c.Output.Dir) }

// Dir is the directory that relative paths of the config resolve against.
func (c *Config) Dir() string { return c.dir }

func (c *Config) resolve(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(c.dir, p)
}

// PackageName is the generated package's name.
func (c *Config) PackageName() string {
	if c.Output.Package != "" {
		return c.Output.Package
	}
	return sanitizeIdent(filepath.Base(c.OutputDir()))
}

func sanitizeIdent(s string) string {
	var b []rune
	for i, r := range s {
		ok := r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (i > 0 && r >= '0' && r <= '9')
		if ok {
			b = append(b, r)
		} else {
			b = append(b, '_')
		}
	}
	if len(b) == 0 {
		return "tools"
	}
	return string(b)
}

// ConfigFor builds a config that scans packages relative to dir, for tools
// that list rather than generate.
func ConfigFor(dir string, pkgs []string) (*Config, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	c := &Config{Packages: pkgs, dir: abs}
	c.Output.Dir = abs
	return c, nil
}
