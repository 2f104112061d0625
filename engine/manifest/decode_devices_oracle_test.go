package manifest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	resourcev1 "k8s.io/api/resource/v1"
	apiresource "k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"

	"github.com/taint-playground/taint-playground/engine/core"
)

// TestDeviceDecodingMatchesAPI generates resource.k8s.io/v1 objects and
// pods with k8s.io/api's types (a test-only import), writes them as
// kubectl would (YAML or JSON, through sigs.k8s.io/yaml), and checks that
// the decoders read what the typed objects hold: every field the engine
// keeps, after the apiserver's defaulting of device tolerations and
// requests.
func TestDeviceDecodingMatchesAPI(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for round := range 40 {
		var nodesDocs, podsDocs []string
		var want []string
		for range 1 + r.IntN(4) {
			s := genSlice(r)
			nodesDocs = append(nodesDocs, writeDoc(t, r, s))
			want = append(want, upstreamSlice(s)...)
		}
		rule := genRule(r)
		nodesDocs = append(nodesDocs, writeDoc(t, r, rule))
		want = append(want, upstreamRule(rule))
		claim := genClaim(r)
		podsDocs = append(podsDocs, writeDoc(t, r, claim))
		want = append(want, upstreamClaim(claim)...)
		pod := genClaimPod(r)
		podsDocs = append(podsDocs, writeDoc(t, r, pod))
		want = append(want, upstreamPodClaims(pod)...)

		_, inv, _ := DecodeInventory(strings.Join(nodesDocs, "---\n"), nil)
		pods, claims, _ := DecodeClaims(strings.Join(podsDocs, "---\n"), nil)
		var got []string
		for i := range inv.Slices {
			got = append(got, sliceView(&inv.Slices[i])...)
		}
		for i := range inv.DeviceTaintRules {
			got = append(got, ruleView(&inv.DeviceTaintRules[i]))
		}
		for i := range claims.Claims {
			got = append(got, claimView(&claims.Claims[i])...)
		}
		for i := range pods {
			got = append(got, podClaimsView(pods[i].Claims)...)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("round %d (-k8s.io/api +engine):\n%s\nnodes:\n%s\npods:\n%s", round, diff, strings.Join(nodesDocs, "---\n"), strings.Join(podsDocs, "---\n"))
		}
	}
}

// writeDoc writes an object as YAML or, one time in three, as JSON.
func writeDoc(t *testing.T, r *rand.Rand, obj any) string {
	var data []byte
	var err error
	if r.IntN(3) == 0 {
		data, err = json.MarshalIndent(obj, "", "  ")
		data = append(data, '\n')
	} else {
		data, err = yaml.Marshal(obj)
	}
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// words are values that YAML would read as another type unless quoted.
var words = []string{"gpu", "yes", "0x1F", "1e3", "null", "~", "a b", "é", "on", "012", "true", "x:y", "#"}

func tricky(r *rand.Rand) string { return words[r.IntN(len(words))] }

func genTaint(r *rand.Rand) resourcev1.DeviceTaint {
	t := resourcev1.DeviceTaint{Key: "example.com/" + tricky(r), Value: tricky(r),
		Effect: resourcev1.DeviceTaintEffect([]string{"None", "NoSchedule", "NoExecute", "Bogus"}[r.IntN(4)])}
	if r.IntN(2) == 0 {
		t.TimeAdded = &metav1.Time{Time: time.Date(2026, 1, 1+r.IntN(28), r.IntN(24), 0, 0, 0, time.UTC)}
	}
	return t
}

func genSlice(r *rand.Rand) *resourcev1.ResourceSlice {
	node := "node-" + fmt.Sprint(r.IntN(9))
	s := &resourcev1.ResourceSlice{TypeMeta: metav1.TypeMeta{APIVersion: "resource.k8s.io/v1", Kind: "ResourceSlice"},
		ObjectMeta: metav1.ObjectMeta{Name: node + "-" + fmt.Sprint(r.IntN(1000))},
		Spec: resourcev1.ResourceSliceSpec{Driver: tricky(r) + ".example.com", NodeName: &node,
			Pool: resourcev1.ResourcePool{Name: node, Generation: int64(r.IntN(3)), ResourceSliceCount: 1}}}
	for i := range r.IntN(4) {
		d := resourcev1.Device{Name: fmt.Sprintf("dev-%d", i), Attributes: map[resourcev1.QualifiedName]resourcev1.DeviceAttribute{},
			Capacity: map[resourcev1.QualifiedName]resourcev1.DeviceCapacity{}}
		w, n, b := tricky(r), int64(r.IntN(100)-50), r.IntN(2) == 0
		d.Attributes["model"] = resourcev1.DeviceAttribute{StringValue: &w}
		d.Attributes["example.com/index"] = resourcev1.DeviceAttribute{IntValue: &n}
		d.Attributes["healthy"] = resourcev1.DeviceAttribute{BoolValue: &b}
		d.Attributes["cores"] = resourcev1.DeviceAttribute{IntValues: []int64{n, n + 1}}
		d.Capacity["memory"] = resourcev1.DeviceCapacity{Value: apiresource.MustParse([]string{"80Gi", "1", "500m", "1e3"}[r.IntN(4)])}
		for range r.IntN(3) {
			d.Taints = append(d.Taints, genTaint(r))
		}
		s.Spec.Devices = append(s.Spec.Devices, d)
	}
	return s
}

func upstreamSlice(s *resourcev1.ResourceSlice) []string {
	// Quantity's String is on the pointer: range over indexes.
	out := []string{fmt.Sprintf("slice %s %s %s/%d %s", s.Name, s.Spec.Driver, s.Spec.Pool.Name, s.Spec.Pool.Generation, *s.Spec.NodeName)}
	for _, d := range s.Spec.Devices {
		attrs := map[string]string{}
		for name, a := range d.Attributes {
			attrs[string(name)] = attributeText(core.DeviceAttribute{Int: a.IntValue, Bool: a.BoolValue, String: a.StringValue,
				Version: a.VersionValue, Ints: a.IntValues, Bools: a.BoolValues, Strings: a.StringValues, Versions: a.VersionValues})
		}
		capacity := map[string]string{}
		for name := range d.Capacity {
			value := d.Capacity[name].Value
			capacity[string(name)] = value.String()
		}
		out = append(out, fmt.Sprintf("  device %s attributes[%s] capacity[%s]", d.Name, sortedMap(attrs), sortedMap(capacity)))
		for _, t := range d.Taints {
			out = append(out, "    "+upstreamTaintText(t))
		}
	}
	return out
}

func upstreamTaintText(t resourcev1.DeviceTaint) string {
	added := "-"
	if t.TimeAdded != nil {
		added = t.TimeAdded.UTC().Format(time.RFC3339)
	}
	return fmt.Sprintf("taint %q=%q:%s added=%s", t.Key, t.Value, t.Effect, added)
}

func sliceView(s *core.ResourceSlice) []string {
	out := []string{fmt.Sprintf("slice %s %s %s/%d %s", s.Name, s.Driver, s.Pool, s.PoolGeneration, s.NodeName)}
	for _, d := range s.Devices {
		attrs := map[string]string{}
		for name, a := range d.Attributes {
			attrs[name] = attributeText(a)
		}
		capacity := map[string]string{}
		for name, q := range d.Capacity {
			value := apiresource.MustParse(q)
			capacity[name] = value.String()
		}
		out = append(out, fmt.Sprintf("  device %s attributes[%s] capacity[%s]", d.Name, sortedMap(attrs), sortedMap(capacity)))
		for _, t := range d.Taints {
			out = append(out, "    "+taintView(t))
		}
	}
	return out
}

func taintView(t core.DeviceTaint) string {
	added := "-"
	if t.TimeAdded != nil {
		added = t.TimeAdded.UTC().Format(time.RFC3339)
	}
	return fmt.Sprintf("taint %q=%q:%s added=%s", t.Key, t.Value, t.Effect, added)
}

func genRule(r *rand.Rand) *resourcev1.DeviceTaintRule {
	rule := &resourcev1.DeviceTaintRule{TypeMeta: metav1.TypeMeta{APIVersion: "resource.k8s.io/v1", Kind: "DeviceTaintRule"},
		ObjectMeta: metav1.ObjectMeta{Name: "rule-" + fmt.Sprint(r.IntN(100))}, Spec: resourcev1.DeviceTaintRuleSpec{Taint: genTaint(r)}}
	if r.IntN(4) > 0 {
		sel := &resourcev1.DeviceTaintSelector{}
		for _, field := range []**string{&sel.Driver, &sel.Pool, &sel.Device} {
			if r.IntN(2) == 0 {
				w := tricky(r)
				*field = &w
			}
		}
		rule.Spec.DeviceSelector = sel
	}
	return rule
}

func selectorText(sel *resourcev1.DeviceTaintSelector) string {
	if sel == nil {
		return "none"
	}
	return fmt.Sprintf("%s %s %s", deref(sel.Driver), deref(sel.Pool), deref(sel.Device))
}

func upstreamRule(rule *resourcev1.DeviceTaintRule) string {
	return fmt.Sprintf("rule %s [%s] %s", rule.Name, selectorText(rule.Spec.DeviceSelector), upstreamTaintText(rule.Spec.Taint))
}

func ruleView(rule *core.DeviceTaintRule) string {
	var sel *resourcev1.DeviceTaintSelector
	if rule.Selector != nil {
		sel = &resourcev1.DeviceTaintSelector{Driver: rule.Selector.Driver, Pool: rule.Selector.Pool, Device: rule.Selector.Device}
	}
	return fmt.Sprintf("rule %s [%s] %s", rule.Name, selectorText(sel), taintView(rule.Taint))
}

func genTolerations(r *rand.Rand) []resourcev1.DeviceToleration {
	var list []resourcev1.DeviceToleration
	for range r.IntN(3) {
		t := resourcev1.DeviceToleration{Key: tricky(r), Operator: resourcev1.DeviceTolerationOperator([]string{"", "Exists", "Equal"}[r.IntN(3)]),
			Value: tricky(r), Effect: resourcev1.DeviceTaintEffect([]string{"", "NoExecute", "None"}[r.IntN(3)])}
		if r.IntN(2) == 0 {
			s := int64(r.IntN(600) - 10)
			t.TolerationSeconds = &s
		}
		list = append(list, t)
	}
	return list
}

func upstreamTolerations(list []resourcev1.DeviceToleration) []string {
	var out []string
	for _, t := range list {
		op := t.Operator
		if op == "" {
			op = resourcev1.DeviceTolerationOpEqual // the apiserver's default
		}
		out = append(out, fmt.Sprintf("    toleration %q %s %q %q %s", t.Key, op, t.Value, t.Effect, seconds(t.TolerationSeconds)))
	}
	return out
}

func tolerationsView(list []core.DeviceToleration) []string {
	var out []string
	for _, t := range list {
		out = append(out, fmt.Sprintf("    toleration %q %s %q %q %s", t.Key, t.Operator, t.Value, t.Effect, seconds(t.TolerationSeconds)))
	}
	return out
}

func seconds(s *int64) string {
	if s == nil {
		return "-"
	}
	return fmt.Sprint(*s)
}

func genClaim(r *rand.Rand) *resourcev1.ResourceClaim {
	c := &resourcev1.ResourceClaim{TypeMeta: metav1.TypeMeta{APIVersion: "resource.k8s.io/v1", Kind: "ResourceClaim"},
		ObjectMeta: metav1.ObjectMeta{Name: "claim", Namespace: "ns", UID: "claim-uid"}}
	if r.IntN(2) == 0 {
		c.OwnerReferences = []metav1.OwnerReference{{APIVersion: "v1", Kind: "Pod", Name: "p", UID: "pod-uid", Controller: &[]bool{true}[0]}}
	}
	for i := range 1 + r.IntN(2) {
		req := resourcev1.DeviceRequest{Name: fmt.Sprintf("req-%d", i)}
		if r.IntN(2) == 0 {
			req.Exactly = &resourcev1.ExactDeviceRequest{DeviceClassName: tricky(r), Count: int64(r.IntN(3)), Tolerations: genTolerations(r),
				Selectors: []resourcev1.DeviceSelector{{CEL: &resourcev1.CELDeviceSelector{Expression: `device.driver == "` + tricky(r) + `"`}}}}
		} else {
			req.FirstAvailable = []resourcev1.DeviceSubRequest{{Name: "a", DeviceClassName: tricky(r), AllocationMode: "All", Tolerations: genTolerations(r)}}
		}
		c.Spec.Devices.Requests = append(c.Spec.Devices.Requests, req)
	}
	if r.IntN(2) == 0 {
		c.Status.Allocation = &resourcev1.AllocationResult{Devices: resourcev1.DeviceAllocationResult{Results: []resourcev1.DeviceRequestAllocationResult{
			{Request: "req-0", Driver: tricky(r), Pool: tricky(r), Device: tricky(r), Tolerations: genTolerations(r)}}}}
		c.Status.ReservedFor = []resourcev1.ResourceClaimConsumerReference{{Resource: "pods", Name: "p", UID: "pod-uid"}}
	}
	return c
}

func upstreamClaim(c *resourcev1.ResourceClaim) []string {
	controller := "-"
	if ref := metav1.GetControllerOf(c); ref != nil {
		controller = string(ref.UID)
	}
	out := []string{fmt.Sprintf("claim %s/%s %s controller=%s", c.Namespace, c.Name, c.UID, controller)}
	for _, req := range c.Spec.Devices.Requests {
		if e := req.Exactly; e != nil {
			count := e.Count
			if count == 0 {
				count = 1 // the apiserver's default for ExactCount
			}
			out = append(out, fmt.Sprintf("  request %s %q ExactCount %d %q", req.Name, e.DeviceClassName, count, e.Selectors[0].CEL.Expression))
			out = append(out, upstreamTolerations(e.Tolerations)...)
		}
		for _, sub := range req.FirstAvailable {
			out = append(out, fmt.Sprintf("  request %s/%s %q %s", req.Name, sub.Name, sub.DeviceClassName, sub.AllocationMode))
			out = append(out, upstreamTolerations(sub.Tolerations)...)
		}
	}
	if a := c.Status.Allocation; a != nil {
		for _, res := range a.Devices.Results {
			out = append(out, fmt.Sprintf("  allocated %s %q/%q/%q", res.Request, res.Driver, res.Pool, res.Device))
			out = append(out, upstreamTolerations(res.Tolerations)...)
		}
	}
	for _, ref := range c.Status.ReservedFor {
		out = append(out, fmt.Sprintf("  reserved %s %s %s", ref.Resource, ref.Name, ref.UID))
	}
	return out
}

func claimView(c *core.ResourceClaim) []string {
	controller := "-"
	if c.Controller != nil {
		controller = c.Controller.UID
	}
	out := []string{fmt.Sprintf("claim %s/%s %s controller=%s", c.Namespace, c.Name, c.UID, controller)}
	for _, req := range c.Requests {
		if e := req.Exactly; e != nil {
			out = append(out, fmt.Sprintf("  request %s %q %s %d %q", req.Name, e.DeviceClassName, e.AllocationMode, e.Count, e.Selectors[0].Expression))
			out = append(out, tolerationsView(req.Tolerations)...)
		}
		for _, sub := range req.FirstAvailable {
			out = append(out, fmt.Sprintf("  request %s/%s %q %s", req.Name, sub.Name, sub.Selection.DeviceClassName, sub.Selection.AllocationMode))
			out = append(out, tolerationsView(sub.Tolerations)...)
		}
	}
	if c.Allocation != nil {
		for _, res := range c.Allocation.Results {
			out = append(out, fmt.Sprintf("  allocated %s %q/%q/%q", res.Request, res.Driver, res.Pool, res.Device))
			out = append(out, tolerationsView(res.Tolerations)...)
		}
	}
	for _, ref := range c.ReservedFor {
		out = append(out, fmt.Sprintf("  reserved %s %s %s", ref.Resource, ref.Name, ref.UID))
	}
	return out
}

func genClaimPod(r *rand.Rand) *corev1.Pod {
	p := &corev1.Pod{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "Pod"},
		ObjectMeta: metav1.ObjectMeta{Name: "p", Namespace: "ns", UID: "pod-uid"},
		Spec:       corev1.PodSpec{NodeName: "node-1", Containers: []corev1.Container{{Name: "c", Image: "x"}}}}
	for i := range 1 + r.IntN(3) {
		name := tricky(r)
		rc := corev1.PodResourceClaim{Name: fmt.Sprintf("c%d", i)}
		if r.IntN(2) == 0 {
			rc.ResourceClaimName = &name
		} else {
			rc.ResourceClaimTemplateName = &name
			generated := "p-" + name
			p.Status.ResourceClaimStatuses = append(p.Status.ResourceClaimStatuses, corev1.PodResourceClaimStatus{Name: rc.Name, ResourceClaimName: &generated})
		}
		p.Spec.ResourceClaims = append(p.Spec.ResourceClaims, rc)
	}
	if r.IntN(3) == 0 {
		p.Status.ExtendedResourceClaimStatus = &corev1.PodExtendedResourceClaimStatus{ResourceClaimName: "p-extended",
			RequestMappings: []corev1.ContainerExtendedResourceRequest{{ContainerName: "c", ResourceName: "example.com/gpu", RequestName: "r"}}}
	}
	return p
}

func upstreamPodClaims(p *corev1.Pod) []string {
	out := []string{fmt.Sprintf("pod %s/%s %s %s", p.Namespace, p.Name, p.UID, p.Spec.NodeName)}
	for _, rc := range p.Spec.ResourceClaims {
		out = append(out, fmt.Sprintf("  claim %s %s %s", rc.Name, deref(rc.ResourceClaimName), deref(rc.ResourceClaimTemplateName)))
	}
	for _, st := range p.Status.ResourceClaimStatuses {
		out = append(out, fmt.Sprintf("  status %s %s", st.Name, deref(st.ResourceClaimName)))
	}
	if ext := p.Status.ExtendedResourceClaimStatus; ext != nil {
		out = append(out, "  extended "+ext.ResourceClaimName)
	}
	return out
}

func podClaimsView(p *core.ClaimPod) []string {
	if p == nil {
		return []string{"pod without claims"}
	}
	out := []string{fmt.Sprintf("pod %s/%s %s %s", p.Namespace, p.Name, p.UID, p.NodeName)}
	for _, rc := range p.ResourceClaims {
		out = append(out, fmt.Sprintf("  claim %s %s %s", rc.Name, deref(rc.ResourceClaimName), deref(rc.ResourceClaimTemplateName)))
	}
	for _, st := range p.ResourceClaimStatuses {
		out = append(out, fmt.Sprintf("  status %s %s", st.Name, deref(st.ResourceClaimName)))
	}
	if p.ExtendedResourceClaimName != "" {
		out = append(out, "  extended "+p.ExtendedResourceClaimName)
	}
	return out
}
