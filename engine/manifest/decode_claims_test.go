package manifest

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/manifest/manifesttest"
)

// claimsSummary is one line per claim, request, toleration, allocated
// device and consumer, template, and pod that uses a claim.
func claimsSummary(pods []core.Pod, claims Claims) []string {
	var out []string
	requests := func(list []core.DeviceRequest) {
		for _, r := range list {
			if r.Exactly != nil {
				out = append(out, fmt.Sprintf("  request %s class=%s mode=%s count=%d selectors=%d at %s", r.Name,
					r.Exactly.DeviceClassName, r.Exactly.AllocationMode, r.Exactly.Count, len(r.Exactly.Selectors), at(r.Source)))
			}
			for _, sub := range r.FirstAvailable {
				out = append(out, fmt.Sprintf("  request %s/%s class=%s mode=%s count=%d", r.Name, sub.Name,
					sub.Selection.DeviceClassName, sub.Selection.AllocationMode, sub.Selection.Count))
				out = append(out, tolerationLines(sub.Tolerations)...)
			}
			out = append(out, tolerationLines(r.Tolerations)...)
		}
	}
	for _, c := range claims.Claims {
		controller := "-"
		if c.Controller != nil {
			controller = c.Controller.Kind + "/" + c.Controller.Name + "/" + c.Controller.UID
		}
		out = append(out, fmt.Sprintf("claim %s/%s uid=%s controller=%s", c.Namespace, c.Name, c.UID, controller))
		requests(c.Requests)
		if c.Allocation != nil {
			for _, r := range c.Allocation.Results {
				out = append(out, fmt.Sprintf("  allocated %s %s/%s/%s at %s", r.Request, r.Driver, r.Pool, r.Device, at(r.Source)))
				out = append(out, tolerationLines(r.Tolerations)...)
			}
		}
		for _, r := range c.ReservedFor {
			out = append(out, fmt.Sprintf("  reserved for %s %s uid=%s", r.Resource, r.Name, r.UID))
		}
	}
	for _, t := range claims.Templates {
		out = append(out, fmt.Sprintf("template %s/%s", t.Namespace, t.Name))
		requests(t.Requests)
	}
	for _, p := range pods {
		if p.Claims == nil {
			continue
		}
		out = append(out, fmt.Sprintf("pod %s/%s uid=%s node=%s deleting=%v", p.Namespace, p.Name, p.Claims.UID, p.Claims.NodeName, p.Claims.Deleting))
		for _, ref := range core.PodClaims(p.Claims) {
			out = append(out, fmt.Sprintf("  uses %s owner-checked=%v from %s", ref.Claim, ref.MustCheckOwner, ref.Field))
		}
	}
	return out
}

func tolerationLines(list []core.DeviceToleration) []string {
	var out []string
	for _, t := range list {
		seconds := "-"
		if t.TolerationSeconds != nil {
			seconds = fmt.Sprint(*t.TolerationSeconds)
		}
		out = append(out, fmt.Sprintf("    toleration %s %s %q %s seconds=%s at %s", t.Key, t.Operator, t.Value, t.Effect, seconds, at(t.Source)))
	}
	return out
}

func TestDecodeClaims(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		want      []string
		wantDiags []string
	}{{
		name: "a claim allocated and reserved, and the pod that uses it",
		text: manifesttest.AllocatedClaim("gpu-claim", "gpu.example.com", "trainer", "pod-uid", 300) + `---
apiVersion: v1
kind: Pod
metadata: {name: trainer, namespace: default, uid: pod-uid, deletionTimestamp: "2026-01-01T00:00:00Z"}
spec:
  nodeName: node-1
  containers: [{name: c, image: x}]
  resourceClaims:
  - {name: gpu, resourceClaimName: gpu-claim}
  - {name: scratch, resourceClaimTemplateName: scratch}
status:
  resourceClaimStatuses: [{name: scratch, resourceClaimName: trainer-scratch-x7k2p}]
  extendedResourceClaimStatus: {resourceClaimName: trainer-extended-resources-abcde, requestMappings: []}
`,
		want: []string{
			"claim default/gpu-claim uid=gpu-claim-uid controller=-",
			"  request gpu class=gpu.example.com mode=ExactCount count=1 selectors=0 at 10:7 spec.devices.requests[0] {exactly.deviceClassName@12 name@10}",
			`    toleration gpu.example.com/unhealthy Exists "" NoExecute seconds=300 at 14:11 spec.devices.requests[0].exactly.tolerations[0] {effect@14 key@14 operator@14 tolerationSeconds@14}`,
			"  allocated gpu gpu.example.com/node-1/gpu-0 at 19:9 status.allocation.devices.results[0] {device@22 driver@20 pool@21 request@19}",
			`    toleration gpu.example.com/unhealthy Exists "" NoExecute seconds=300 at 23:23 status.allocation.devices.results[0].tolerations[0] {effect@23 key@23 operator@23 tolerationSeconds@23}`,
			"  reserved for pods trainer uid=pod-uid",
			"pod default/trainer uid=pod-uid node=node-1 deleting=true",
			"  uses gpu-claim owner-checked=false from spec.resourceClaims[0]",
			"  uses trainer-scratch-x7k2p owner-checked=true from status.resourceClaimStatuses[0]",
			"  uses trainer-extended-resources-abcde owner-checked=true from status.extendedResourceClaimStatus",
		},
	}, {
		name: "a template with a prioritized list, and a Deployment's pods using it",
		text: `apiVersion: resource.k8s.io/v1
kind: ResourceClaimTemplate
metadata: {name: scratch, namespace: ml}
spec:
  metadata: {labels: {a: b}}
  spec:
    devices:
      requests:
      - name: gpu
        firstAvailable:
        - {name: big, deviceClassName: big-gpu, allocationMode: All}
        - {name: small, deviceClassName: gpu, count: 2, tolerations: [{effect: NoSchedule, operator: Exists}]}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: ml}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c, image: x}]
      resourceClaims: [{name: gpu, resourceClaimTemplateName: scratch}]
`,
		want: []string{
			"template ml/scratch",
			"  request gpu/big class=big-gpu mode=All count=0",
			"  request gpu/small class=gpu mode=ExactCount count=2",
			`    toleration  Exists "" NoSchedule seconds=- at 12:71 spec.spec.devices.requests[0].firstAvailable[1].tolerations[0] {effect@12 operator@12}`,
			"pod ml/web uid= node= deleting=false",
		},
	}, {
		name: "the apiserver's validation of requests",
		text: `apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: c, namespace: default}
spec:
  devices:
    requests:
    - name: GPU
      exactly: {deviceClassName: gpu, allocationMode: All, count: 2}
    - name: nic
    - name: nic
      exactly: {allocationMode: Some, tolerations: [{key: k, operator: Exists, value: v}]}
`,
		want: []string{
			"claim default/c uid= controller=-",
			"  request GPU class=gpu mode=All count=2 selectors=0 at 7:7 spec.devices.requests[0] {exactly.allocationMode@8 exactly.count@8 exactly.deviceClassName@8 name@7}",
			"  request nic class= mode=Some count=0 selectors=0 at 10:7 spec.devices.requests[2] {exactly.allocationMode@11 name@10}",
			`    toleration k Exists "v"  seconds=- at 11:53 spec.devices.requests[2].exactly.tolerations[0] {key@11 operator@11 value@11}`,
		},
		wantDiags: []string{
			`error line 7: spec.devices.requests[0].name: Invalid value: "GPU": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
			`error line 8: spec.devices.requests[0].exactly.count: Invalid value: 2: must not be specified when allocationMode is 'All'`,
			"error line 9: spec.devices.requests[1]: Required value: exactly one of `exactly` or `firstAvailable` is required",
			`error line 10: spec.devices.requests[2].exactly.deviceClassName: Required value`,
			`error line 10: spec.devices.requests[2]: Duplicate value: "nic"`,
			`error line 11: spec.devices.requests[2].exactly.allocationMode: Unsupported value: "Some": supported values: "All", "ExactCount"`,
			"error line 11: spec.devices.requests[2].exactly.tolerations[0].value: Invalid value: \"v\": must be empty for operator `Exists`",
		},
	}, {
		name: "the inventory in the Pods editor",
		text: `apiVersion: resource.k8s.io/v1
kind: DeviceTaintRule
metadata: {name: r}
`,
		wantDiags: []string{`warning line 2: kind: a DeviceTaintRule belongs in the Nodes editor; skipped`},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pods, claims, diags := DecodeClaims(tc.text, nil)
			if diff := cmp.Diff(tc.want, claimsSummary(pods, claims)); diff != "" {
				t.Errorf("claims (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.wantDiags, messages(diags)); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
}
