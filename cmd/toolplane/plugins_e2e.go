//go:build toolplane_e2e

package main

import (
	"github.com/toolplane/toolplane/internal/testplugin"
	"github.com/toolplane/toolplane/plugin"
)

// testPlugins are the misbehaving plugins of the attack suite, built in
// only with the toolplane_e2e tag (internal/e2e builds the binary so).
func testPlugins() []plugin.Plugin { return []plugin.Plugin{testplugin.New(), testplugin.NewStats()} }
