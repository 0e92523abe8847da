package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// EnvPath is the environment variable naming the config file.
const EnvPath = "TOOLPLANE_CONFIG"

// FindPath decides which file the commands use: the --config flag if given,
// else $TOOLPLANE_CONFIG, else ./toolplane.toml if it exists, else
// ~/.toolplane/toolplane.toml. The file need not exist (init creates it).
func FindPath(flag string) (string, error) {
	if flag != "" {
		return flag, nil
	}
	if p := os.Getenv(EnvPath); p != "" {
		return p, nil
	}
	if _, err := os.Stat(FileName); err == nil {
		return FileName, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("looking for ./%s: %w", FileName, err)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no --config, no $%s, no ./%s, and no home directory: %w", EnvPath, FileName, err)
	}
	return filepath.Join(home, ".toolplane", FileName), nil
}
