package childenv

import (
	"runtime"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBuild: only the base, locale and passed variables of the host reach
// a child, set wins, and secrets, agent sockets and bus addresses do not.
func TestBuild(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("the base list differs on Windows")
	}
	host := []string{
		"PATH=/usr/bin", "HOME=/home/u", "LANG=C.UTF-8", "LC_TIME=de_DE", "LC_=odd",
		"AWS_SECRET_ACCESS_KEY=aws-secret", "TOOLPLANE_TOKEN=bearer", "SSH_AUTH_SOCK=/tmp/agent",
		"DBUS_SESSION_BUS_ADDRESS=unix:path=/run/bus", "XDG_RUNTIME_DIR=/run/user/1",
		"PASSED=yes", "no-equals-sign",
	}
	got := Build(host, []string{"PASSED", "ABSENT"}, map[string]string{"HOME": "/elsewhere", "SET": "1"})
	want := []string{"HOME=/elsewhere", "LANG=C.UTF-8", "LC_TIME=de_DE", "PASSED=yes", "PATH=/usr/bin", "SET=1"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Build (-want +got):\n%s", diff)
	}
	if n := Names(got); !slices.Equal(n, []string{"HOME", "LANG", "LC_TIME", "PASSED", "PATH", "SET"}) {
		t.Errorf("Names = %q", n)
	}
	for _, bad := range []string{"", "A=B", "A\x00"} {
		if CheckName(bad) == nil {
			t.Errorf("CheckName(%q) accepted", bad)
		}
	}
}
