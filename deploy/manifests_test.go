package deploy

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"sigs.k8s.io/yaml"

	"github.com/toolplane/toolplane/admission"
	"github.com/toolplane/toolplane/config"
	"github.com/toolplane/toolplane/server"
)

// manifests are the objects of deploy/kubernetes, decoded strictly into
// the Kubernetes API types (an unknown or misspelt field fails).
type manifests struct {
	namespaces  []corev1.Namespace
	accounts    []corev1.ServiceAccount
	configMaps  []corev1.ConfigMap
	deployments []appsv1.Deployment
	services    []corev1.Service
	budgets     []policyv1.PodDisruptionBudget
	policies    []networkingv1.NetworkPolicy
	files       []string // the files kustomization.yaml lists
}

func loadManifests(t *testing.T) *manifests {
	t.Helper()
	dir := "kubernetes"
	m := &manifests{}
	kust, err := os.ReadFile(filepath.Join(dir, "kustomization.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var k struct {
		APIVersion string   `json:"apiVersion"`
		Kind       string   `json:"kind"`
		Resources  []string `json:"resources"`
	}
	if err := yaml.UnmarshalStrict(kust, &k); err != nil {
		t.Fatalf("kustomization.yaml: %v", err)
	}
	m.files = k.Resources
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if e.Name() != "kustomization.yaml" && strings.HasSuffix(e.Name(), ".yaml") && !slices.Contains(k.Resources, e.Name()) {
			t.Errorf("%s is not listed in kustomization.yaml", e.Name())
		}
	}
	for _, f := range k.Resources {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		for i, doc := range bytes.Split(data, []byte("\n---\n")) {
			var tm metav1.TypeMeta
			if err := yaml.Unmarshal(doc, &tm); err != nil {
				t.Fatalf("%s document %d: %v", f, i, err)
			}
			where := fmt.Sprintf("%s document %d (%s)", f, i, tm.Kind)
			decode := func(v any) {
				if err := yaml.UnmarshalStrict(doc, v); err != nil {
					t.Fatalf("%s: %v", where, err)
				}
			}
			switch tm.Kind {
			case "Namespace":
				var o corev1.Namespace
				decode(&o)
				m.namespaces = append(m.namespaces, o)
			case "ServiceAccount":
				var o corev1.ServiceAccount
				decode(&o)
				m.accounts = append(m.accounts, o)
			case "ConfigMap":
				var o corev1.ConfigMap
				decode(&o)
				m.configMaps = append(m.configMaps, o)
			case "Deployment":
				var o appsv1.Deployment
				decode(&o)
				m.deployments = append(m.deployments, o)
			case "Service":
				var o corev1.Service
				decode(&o)
				m.services = append(m.services, o)
			case "PodDisruptionBudget":
				var o policyv1.PodDisruptionBudget
				decode(&o)
				m.budgets = append(m.budgets, o)
			case "NetworkPolicy":
				var o networkingv1.NetworkPolicy
				decode(&o)
				m.policies = append(m.policies, o)
			default:
				t.Fatalf("%s: a kind this test does not check", where)
			}
		}
	}
	return m
}

// TestManifests: the Kubernetes manifests decode into the API types and
// agree with each other and with the code: the probes ask for the
// server's health paths on a declared port, both Services and the budget
// select the Deployment's pods, the ConfigMap is a valid toolplane.toml
// whose peer discovery names the headless Service (with the SRV port
// name it publishes), its env:// references are the variables the
// Deployment sets from Secrets, the grace period covers shutdown_grace,
// and the pod is locked down (non-root, read-only root, no capabilities,
// RuntimeDefault seccomp, no service-account token).
func TestManifests(t *testing.T) {
	m := loadManifests(t)
	if len(m.deployments) != 1 || len(m.configMaps) != 1 || len(m.budgets) != 1 || len(m.namespaces) != 1 {
		t.Fatalf("want one Deployment, ConfigMap, PodDisruptionBudget and Namespace")
	}
	ns := m.namespaces[0].Name
	d := m.deployments[0]
	pod := d.Spec.Template
	podLabels := labels.Set(pod.Labels)
	sel, err := metav1.LabelSelectorAsSelector(d.Spec.Selector)
	if err != nil || !sel.Matches(podLabels) {
		t.Errorf("the Deployment's selector %v does not select its pods %v", d.Spec.Selector, pod.Labels)
	}
	for _, o := range []metav1.ObjectMeta{d.ObjectMeta, m.configMaps[0].ObjectMeta, m.budgets[0].ObjectMeta} {
		if o.Namespace != ns {
			t.Errorf("%s is in namespace %q, not %q", o.Name, o.Namespace, ns)
		}
	}
	if d.Spec.Replicas == nil || *d.Spec.Replicas < 2 {
		t.Error("fewer than two replicas: owner routing and the budget are moot")
	}

	// The pod is locked down.
	spec := pod.Spec
	if spec.AutomountServiceAccountToken == nil || *spec.AutomountServiceAccountToken {
		t.Error("the pod mounts a service-account token; toolplane calls no Kubernetes API")
	}
	for _, sa := range m.accounts {
		if sa.Name == spec.ServiceAccountName && (sa.AutomountServiceAccountToken == nil || *sa.AutomountServiceAccountToken) {
			t.Error("the service account automounts its token")
		}
	}
	psc := spec.SecurityContext
	if psc == nil || psc.RunAsNonRoot == nil || !*psc.RunAsNonRoot || psc.RunAsUser == nil || *psc.RunAsUser == 0 ||
		psc.SeccompProfile == nil || psc.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
		t.Errorf("pod security context %+v: want non-root and seccomp RuntimeDefault", psc)
	}
	if uid := fmt.Sprint(*psc.RunAsUser); !strings.HasPrefix(User, uid+":") {
		t.Errorf("the pod runs as %s, the image as %s", uid, User)
	}
	if len(spec.Containers) != 1 {
		t.Fatalf("%d containers", len(spec.Containers))
	}
	c := spec.Containers[0]
	csc := c.SecurityContext
	if csc == nil || csc.ReadOnlyRootFilesystem == nil || !*csc.ReadOnlyRootFilesystem || csc.AllowPrivilegeEscalation == nil || *csc.AllowPrivilegeEscalation ||
		csc.Capabilities == nil || !slices.Equal(csc.Capabilities.Drop, []corev1.Capability{"ALL"}) || len(csc.Capabilities.Add) > 0 || (csc.Privileged != nil && *csc.Privileged) {
		t.Errorf("container security context %+v: want a read-only root, no privilege escalation, every capability dropped", csc)
	}
	if len(c.Command) > 0 || len(c.Args) > 0 {
		t.Error("the container overrides the image's command; the manifests and the image say one thing")
	}
	if _, ok := c.Resources.Limits[corev1.ResourceMemory]; !ok {
		t.Error("no memory limit")
	}

	// Ports and probes.
	ports := map[string]int32{}
	for _, p := range c.Ports {
		ports[p.Name] = p.ContainerPort
	}
	if ports["http"] != Port {
		t.Errorf("container port http = %d, the image listens on %d", ports["http"], Port)
	}
	for name, probe := range map[string]*corev1.Probe{"liveness": c.LivenessProbe, "readiness": c.ReadinessProbe, "startup": c.StartupProbe} {
		if probe == nil || probe.HTTPGet == nil {
			t.Errorf("no %s probe over HTTP", name)
			continue
		}
		want := server.HealthPath
		if name == "readiness" {
			want = server.ReadyPath
		}
		if probe.HTTPGet.Path != want {
			t.Errorf("%s probe asks for %s, want %s", name, probe.HTTPGet.Path, want)
		}
		if _, ok := ports[probe.HTTPGet.Port.String()]; !ok {
			t.Errorf("%s probe's port %s is not a container port", name, probe.HTTPGet.Port.String())
		}
	}

	// Volumes: every mount has a volume; the config lands where the image
	// reads it; /tmp and the home are writable under a read-only root.
	vols := map[string]corev1.Volume{}
	for _, v := range spec.Volumes {
		vols[v.Name] = v
	}
	mounts := map[string]corev1.VolumeMount{}
	for _, vm := range c.VolumeMounts {
		if _, ok := vols[vm.Name]; !ok {
			t.Errorf("mount %s has no volume", vm.Name)
		}
		mounts[vm.MountPath] = vm
	}
	cfgMount, ok := mounts[path.Dir(ConfigPath)]
	if !ok || vols[cfgMount.Name].ConfigMap == nil || vols[cfgMount.Name].ConfigMap.Name != m.configMaps[0].Name || !cfgMount.ReadOnly {
		t.Errorf("the ConfigMap is not mounted read-only at %s", path.Dir(ConfigPath))
	}
	for _, p := range []string{"/tmp", Home} {
		if vm, ok := mounts[p]; !ok || vols[vm.Name].EmptyDir == nil {
			t.Errorf("%s is not a writable emptyDir", p)
		}
	}

	// The configuration is valid, and agrees with the rest.
	toml, ok := m.configMaps[0].Data[path.Base(ConfigPath)]
	if !ok {
		t.Fatalf("the ConfigMap has no %s", path.Base(ConfigPath))
	}
	file := filepath.Join(t.TempDir(), "toolplane.toml")
	os.WriteFile(file, []byte(toml), 0o600)
	l := &config.Loader{}
	h, err := admission.Claim(l)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Load(file); err != nil {
		t.Fatalf("the ConfigMap's toolplane.toml: %v", err)
	}
	var headless *corev1.Service
	for i, s := range m.services {
		if !labels.SelectorFromSet(s.Spec.Selector).Matches(podLabels) || len(s.Spec.Selector) == 0 {
			t.Errorf("Service %s does not select the Deployment's pods", s.Name)
		}
		for _, p := range s.Spec.Ports {
			if _, ok := ports[p.TargetPort.String()]; !ok && p.TargetPort.IntValue() != int(ports["http"]) {
				t.Errorf("Service %s targets port %s, which the container does not declare", s.Name, p.TargetPort.String())
			}
		}
		if s.Spec.ClusterIP == corev1.ClusterIPNone {
			headless = &m.services[i]
		}
	}
	if headless == nil {
		t.Fatal("no headless Service for peer discovery")
	}
	if want := headless.Name + "." + ns + ".svc.cluster.local"; h.Peers.DNS != want {
		t.Errorf("[http.peers] dns = %q, want the headless Service %q", h.Peers.DNS, want)
	}
	if !slices.ContainsFunc(headless.Spec.Ports, func(p corev1.ServicePort) bool { return p.Name == h.Peers.Service }) {
		t.Errorf("[http.peers] service = %q is no port name of the headless Service (its SRV records are _NAME._tcp)", h.Peers.Service)
	}
	if !headless.Spec.PublishNotReadyAddresses {
		t.Error("the headless Service hides replicas that are not ready: their sessions would be unreachable while they drain")
	}
	if h.MetricsAddress() == "" || len(h.Metrics.Subjects) == 0 {
		t.Error("no metrics listener with a token policy")
	} else if _, port, _ := strings.Cut(strings.TrimPrefix(h.MetricsAddress(), "0.0.0.0"), ":"); fmt.Sprint(ports["metrics"]) != port {
		t.Errorf("metrics_addr %s is not the container's metrics port %d", h.MetricsAddress(), ports["metrics"])
	}
	envs := map[string]*corev1.EnvVarSource{}
	for _, e := range c.Env {
		envs[e.Name] = e.ValueFrom
	}
	for name, tok := range h.Tokens {
		ref := string(tok.Token)
		v, ok := strings.CutPrefix(ref, "env://")
		if !ok {
			t.Errorf("token %s is %q, not an env:// reference", name, ref)
			continue
		}
		if src := envs[v]; src == nil || src.SecretKeyRef == nil {
			t.Errorf("token %s reads $%s, which the Deployment does not set from a Secret", name, v)
		}
	}
	if regexp.MustCompile(`(?i)token\s*=\s*"[^e]`).MatchString(toml) {
		t.Error("a literal token in the ConfigMap")
	}

	// Shutdown: the grace period covers the preStop pause and
	// shutdown_grace.
	grace := time.Duration(*spec.TerminationGracePeriodSeconds) * time.Second
	pause := time.Duration(0)
	if c.Lifecycle != nil && c.Lifecycle.PreStop != nil && c.Lifecycle.PreStop.Sleep != nil {
		pause = time.Duration(c.Lifecycle.PreStop.Sleep.Seconds) * time.Second
	}
	if pause == 0 {
		t.Error("no preStop pause: the listener would close before the endpoints drop the pod")
	}
	if sg := h.ShutdownGrace.Duration; sg == 0 || pause+sg+5*time.Second > grace {
		t.Errorf("terminationGracePeriodSeconds %s does not cover preStop %s + shutdown_grace %s + 5s", grace, pause, sg)
	}

	// The budget and the network policy are about these pods.
	pdb := m.budgets[0]
	if s, err := metav1.LabelSelectorAsSelector(pdb.Spec.Selector); err != nil || !s.Matches(podLabels) {
		t.Error("the PodDisruptionBudget does not select the pods")
	}
	if pdb.Spec.MaxUnavailable == nil || pdb.Spec.MaxUnavailable.IntValue() >= int(*d.Spec.Replicas) {
		t.Error("the PodDisruptionBudget lets every replica go at once")
	}
	for _, np := range m.policies {
		if s, err := metav1.LabelSelectorAsSelector(&np.Spec.PodSelector); err != nil || !s.Matches(podLabels) {
			t.Errorf("NetworkPolicy %s does not select the pods", np.Name)
		}
		for _, rule := range np.Spec.Ingress {
			for _, p := range rule.Ports {
				if _, ok := ports[p.Port.String()]; !ok {
					t.Errorf("NetworkPolicy %s opens port %s, which the container does not declare", np.Name, p.Port.String())
				}
				if p.Port.String() == "metrics" && len(rule.From) == 0 {
					t.Errorf("NetworkPolicy %s opens the metrics port to everyone", np.Name)
				}
			}
		}
	}
}
