//go:build !toolplane_e2e

package main

import "github.com/toolplane/toolplane/plugin"

// testPlugins are the misbehaving plugins of the attack suite; a release
// build has none (see plugins_e2e.go).
func testPlugins() []plugin.Plugin { return nil }
