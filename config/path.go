package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// EnvPath is the environment variable naming the config file.
const EnvPath = "TOOLPLANE_CONFIG"

// Origin says how the config file of an invocation was chosen, which
// decides whether it is trusted as it is.
type Origin int

// The origins, in the order Locate tries them.
const (
	// OriginFlag: the user named the file with --config. Trusted.
	OriginFlag Origin = iota
	// OriginEnv: $TOOLPLANE_CONFIG names it. Trusted: the user's
	// environment is the user's.
	OriginEnv
	// OriginLocal: ./toolplane.toml in the current directory. A file that
	// merely sits where the user runs toolplane may have come with a
	// cloned repository, so it is used only after `toolplane trust`
	// recorded it (see TrustStore).
	OriginLocal
	// OriginHome: ~/.toolplane/toolplane.toml, the user's own. Trusted.
	OriginHome
)

// Why says, for messages, why a file of this origin is in use.
func (o Origin) Why() string {
	switch o {
	case OriginFlag:
		return "named with --config"
	case OriginEnv:
		return "named by $" + EnvPath
	case OriginLocal:
		return "found in the current directory"
	default:
		return "the user's own config in ~/.toolplane"
	}
}

// Located is the config file an invocation uses and how it was chosen.
type Located struct {
	Path   string
	Origin Origin
}

// Locate decides which file the commands use: the --config flag if given,
// else $TOOLPLANE_CONFIG, else ./toolplane.toml if it exists, else
// ~/.toolplane/toolplane.toml. The file need not exist (init creates it).
// A ./toolplane.toml that is the user's own ~/.toolplane/toolplane.toml
// (toolplane run from ~/.toolplane) has OriginHome.
func Locate(flag string) (Located, error) {
	if flag != "" {
		return Located{flag, OriginFlag}, nil
	}
	if p := os.Getenv(EnvPath); p != "" {
		return Located{p, OriginEnv}, nil
	}
	home, homeErr := os.UserHomeDir()
	homePath := ""
	if homeErr == nil {
		homePath = filepath.Join(home, ".toolplane", FileName)
	}
	if _, err := os.Lstat(FileName); err == nil {
		if homePath != "" {
			if abs, err := filepath.Abs(FileName); err == nil && abs == homePath {
				return Located{homePath, OriginHome}, nil
			}
		}
		return Located{FileName, OriginLocal}, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return Located{}, fmt.Errorf("looking for ./%s: %w", FileName, err)
	}
	if homeErr != nil {
		return Located{}, fmt.Errorf("no --config, no $%s, no ./%s, and no home directory: %w", EnvPath, FileName, homeErr)
	}
	return Located{homePath, OriginHome}, nil
}
