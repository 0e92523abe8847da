package childenv

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
)

// MarkerName names the environment entry that marks the processes of one
// child (a stdio server, a CLI call): every process it starts inherits it
// unless it replaces its environment, so KillMarked finds those that left
// its process group. The value is random per child, so ending one never
// reaches another's processes.
const MarkerName = "TOOLPLANE_CHILD_INSTANCE"

// Marker returns a new NAME=value marker entry, to append to a child's
// environment.
func Marker() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("marking a child's processes: %w", err)
	}
	return MarkerName + "=" + hex.EncodeToString(b[:]), nil
}
