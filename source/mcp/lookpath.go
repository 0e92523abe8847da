package mcp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// lookCommand finds command through PATH of env for bare names, relative
// to cwd for paths. Relative PATH entries (".", "bin", or an empty one,
// which shells read as ".") are skipped, as os/exec's LookPath refuses
// them: they would find a program in whatever directory toolplane runs
// from, such as a cloned repository that ships an "npx" of its own.
func lookCommand(command, cwd string, env []string) (string, error) {
	if strings.Contains(command, "/") {
		path := command
		if !filepath.IsAbs(path) && cwd != "" {
			path = filepath.Join(cwd, path)
		}
		info, err := os.Stat(path)
		if err != nil {
			return "", fmt.Errorf("command %q: %w", command, err)
		}
		if info.IsDir() || info.Mode()&0o111 == 0 {
			return "", fmt.Errorf("command %q is not an executable file", command)
		}
		return path, nil
	}
	pathEnv := os.Getenv("PATH")
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			pathEnv = v
		}
	}
	for _, dir := range filepath.SplitList(pathEnv) {
		if !filepath.IsAbs(dir) {
			continue
		}
		path := filepath.Join(dir, command)
		if info, err := os.Stat(path); err == nil && !info.IsDir() && info.Mode()&0o111 != 0 {
			return path, nil
		}
	}
	return "", fmt.Errorf("command %q not found on PATH (%s; relative directories are skipped): install it or set command to its full path", command, pathEnv)
}
