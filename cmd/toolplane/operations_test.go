package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigCheckStatesOperations: config check says where metrics are
// served and to whom and where peers come from, and warns of what serve
// would refuse (a metrics subject that is no token's, a public metrics
// listener without subjects, DNS peers beside a replica list).
func TestConfigCheckStatesOperations(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tp.toml")
	os.WriteFile(path, []byte(`[http]
metrics_addr = "0.0.0.0:9090"
replica = "a"
replicas = { a = "http://127.0.0.1:1" }

[http.metrics]
subjects = ["prom", "ghost"]

[http.peers]
dns = "peers.ns.svc.cluster.local"
service = "http"

[http.tokens.prom]
token = "env://TP_OPS_PROM"
`), 0o600)
	r := runMain("config", "check", "--config", path)
	for _, want := range []string{
		"metrics:  0.0.0.0:9090; /metrics for prom, ghost\n",
		"peers:    DNS peers.ns.svc.cluster.local (SRV _http._tcp)\n",
		"[http.metrics] subjects names ghost, no token's subject: serve refuses to start",
		"[http.peers] and [http] replica/replicas are both set: serve refuses to start",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("config check does not say %q:\n%s", want, r.stdout)
		}
	}
	os.WriteFile(path, []byte("[http]\nmetrics_addr = \"0.0.0.0:9090\"\n[http.tokens.prom]\ntoken = \"env://TP_OPS_PROM\"\n"), 0o600)
	if r := runMain("config", "check", "--config", path); !strings.Contains(r.stdout, "is not a loopback address and [http.metrics] names no subjects") {
		t.Errorf("config check of a public metrics listener without subjects:\n%s", r.stdout)
	}
}
