package clustersnapshot

import (
	"fmt"
	"math/rand/v2"
)

// owner is the controller of a set of pods: a ReplicaSet (named after its
// Deployment and pod-template-hash) or a DaemonSet.
type owner struct {
	workload *workload
	kind     string
	name     string
	hash     string // the ReplicaSet's pod-template-hash, or the DaemonSet's controller-revision-hash
	uid      string
}

// newOwner is the ReplicaSet of a Deployment, or the DaemonSet itself.
func newOwner(r *rand.Rand, w *workload) *owner {
	o := &owner{workload: w, kind: "ReplicaSet", hash: suffix(r, 10), uid: uid(r)}
	o.name = w.name + "-" + o.hash
	if w.kind == "DaemonSet" {
		o.kind, o.name = "DaemonSet", w.name
	}
	return o
}

// newPod is a pod of the owner, on the node (nil: pending), as kubectl
// prints it once admission has added the default tolerations.
func newPod(r *rand.Rand, o *owner, node *clusterNode, index int, managedFields bool) map[string]any {
	w := o.workload
	name := o.name + "-" + suffix(r, 5)
	labels := map[string]any{"app.kubernetes.io/name": w.name}
	if o.kind == "ReplicaSet" {
		labels["pod-template-hash"] = o.hash
	} else {
		labels["controller-revision-hash"] = o.hash
		labels["pod-template-generation"] = "1"
	}
	metadata := map[string]any{
		"creationTimestamp": created, "generateName": o.name + "-", "labels": labels, "name": name, "namespace": w.namespace,
		"ownerReferences": []any{map[string]any{"apiVersion": "apps/v1", "blockOwnerDeletion": true, "controller": true,
			"kind": o.kind, "name": o.name, "uid": o.uid}},
		"resourceVersion": fmt.Sprint(2_000_000 + index), "uid": uid(r),
	}
	if managedFields {
		metadata["managedFields"] = podManagedFields(o.kind, node != nil)
	}
	spec := podSpec(r, w)
	if o.kind == "DaemonSet" {
		spec["affinity"] = daemonAffinity(node.name)
	}
	if node != nil {
		spec["nodeName"] = node.name
	}
	return map[string]any{"apiVersion": "v1", "kind": "Pod", "metadata": metadata, "spec": spec, "status": podStatus(w, node, index)}
}

// podSpec is the pod template's spec with what the API server defaults.
func podSpec(r *rand.Rand, w *workload) map[string]any {
	tolerations := make([]any, 0, len(w.tolerations)+len(defaultTolerations))
	for _, t := range w.tolerations {
		tolerations = append(tolerations, t)
	}
	if w.kind != "DaemonSet" { // a DaemonSet's Exists toleration already tolerates both
		for _, t := range defaultTolerations {
			tolerations = append(tolerations, t)
		}
	}
	volume := "kube-api-access-" + suffix(r, 5)
	spec := map[string]any{
		"containers": []any{map[string]any{
			"image": w.image, "imagePullPolicy": "IfNotPresent", "name": w.name,
			"ports":                    []any{map[string]any{"containerPort": 8080, "name": "http", "protocol": "TCP"}},
			"resources":                map[string]any{"requests": map[string]any{"cpu": "100m", "memory": "128Mi"}},
			"terminationMessagePath":   "/dev/termination-log",
			"terminationMessagePolicy": "File",
			"volumeMounts": []any{map[string]any{"mountPath": "/var/run/secrets/kubernetes.io/serviceaccount",
				"name": volume, "readOnly": true}},
		}},
		"dnsPolicy": "ClusterFirst", "enableServiceLinks": true, "preemptionPolicy": "PreemptLowerPriority",
		"priority": 0, "restartPolicy": "Always", "schedulerName": "default-scheduler", "securityContext": map[string]any{},
		"serviceAccount": "default", "serviceAccountName": "default", "terminationGracePeriodSeconds": 30,
		"tolerations": tolerations,
		"volumes": []any{map[string]any{"name": volume, "projected": map[string]any{"defaultMode": 420, "sources": []any{
			map[string]any{"serviceAccountToken": map[string]any{"expirationSeconds": 3607, "path": "token"}},
			map[string]any{"configMap": map[string]any{"items": []any{map[string]any{"key": "ca.crt", "path": "ca.crt"}}, "name": "kube-root-ca.crt"}},
		}}}},
	}
	if w.nodeSelector != nil {
		selector := map[string]any{}
		for k, v := range w.nodeSelector {
			selector[k] = v
		}
		spec["nodeSelector"] = selector
	}
	if w.zones != nil {
		spec["affinity"] = zoneAffinity(w.zones...)
	}
	return spec
}

// daemonAffinity is the node affinity the DaemonSet controller gives each of
// its pods: the one node it is for, by metadata.name.
func daemonAffinity(node string) map[string]any {
	return map[string]any{"nodeAffinity": map[string]any{"requiredDuringSchedulingIgnoredDuringExecution": map[string]any{
		"nodeSelectorTerms": []any{map[string]any{"matchFields": []any{map[string]any{
			"key": "metadata.name", "operator": "In", "values": []any{node}}}}}}}}
}

// podStatus is a running pod's status, or a pending pod's: the scheduler's
// PodScheduled=False.
func podStatus(w *workload, node *clusterNode, index int) map[string]any {
	if node == nil {
		return map[string]any{"conditions": []any{map[string]any{"lastProbeTime": nil, "lastTransitionTime": created,
			"message": "0/5000 nodes are available: preemption: 0/5000 nodes are available.",
			"reason":  "Unschedulable", "status": "False", "type": "PodScheduled"}},
			"phase": "Pending", "qosClass": "Burstable"}
	}
	ip := fmt.Sprintf("100.%d.%d.%d", 64+index>>16, index>>8&255, index&255)
	return map[string]any{
		"conditions": []any{
			podCondition("PodReadyToStartContainers"), podCondition("Initialized"), podCondition("Ready"),
			podCondition("ContainersReady"), podCondition("PodScheduled"),
		},
		"containerStatuses": []any{map[string]any{"containerID": "containerd://" + fmt.Sprintf("%064x", index),
			"image": w.image, "imageID": w.image + "@sha256:" + fmt.Sprintf("%064x", len(w.name)),
			"lastState": map[string]any{}, "name": w.name, "ready": true, "restartCount": 0, "started": true,
			"state": map[string]any{"running": map[string]any{"startedAt": created}}}},
		"hostIP": node.ip, "hostIPs": []any{map[string]any{"ip": node.ip}}, "phase": "Running", "podIP": ip, "podIPs": []any{map[string]any{"ip": ip}},
		"qosClass": "Burstable", "startTime": created,
	}
}

// podCondition is a running pod's condition.
func podCondition(kind string) map[string]any {
	return map[string]any{"lastProbeTime": nil, "lastTransitionTime": created, "status": "True", "type": kind}
}

// suffix is n characters of the alphabet the API server's generateName and
// the pod-template-hash use (no vowels, so no words).
func suffix(r *rand.Rand, n int) string {
	const alphabet = "bcdfghjklmnpqrstvwxz2456789"
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}

// uid is a random RFC 4122 version 4 UID.
func uid(r *rand.Rand) string {
	a, b := r.Uint64(), r.Uint64()
	return fmt.Sprintf("%08x-%04x-4%03x-%04x-%012x", a>>32, a>>16&0xffff, a&0xfff, b>>48&0x3fff|0x8000, b&0xffffffffffff)
}
