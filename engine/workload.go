package engine

import (
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
)

// Workload names the object that runs a pod, for counting a blast radius
// by workload: a Deployment, DaemonSet, StatefulSet, Job, … in a namespace.
type Workload struct {
	Namespace string `json:"namespace"`
	Kind      string `json:"kind"`
	Name      string `json:"name"`
}

// String is Kind/name, as kubectl names an object.
func (w Workload) String() string { return w.Kind + "/" + w.Name }

// PodWorkload is the workload a pod belongs to:
//
//  1. The pod's controller (ownerReferences, controller: true). A
//     ReplicaSet named <deployment>-<hash> whose pod carries that
//     pod-template-hash label is its Deployment's, as the Deployment
//     controller names them.
//  2. Without one, the workload whose pod template it is (a pasted
//     Deployment, DaemonSet, …: the pod's Kind and name).
//  3. Otherwise the pod itself: a bare pod is its own workload.
func PodWorkload(pod *core.Pod) Workload {
	w := Workload{Namespace: pod.Namespace, Kind: pod.Kind, Name: pod.Name}
	switch {
	case pod.Owner != nil:
		w.Kind, w.Name = pod.Owner.Kind, pod.Owner.Name
		if hash := pod.Labels["pod-template-hash"]; w.Kind == "ReplicaSet" && hash != "" && strings.HasSuffix(w.Name, "-"+hash) {
			w.Kind, w.Name = "Deployment", strings.TrimSuffix(w.Name, "-"+hash)
		}
	case w.Kind == "":
		w.Kind = "Pod"
	}
	return w
}
