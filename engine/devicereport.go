package engine

import "encoding/json"

// AddDeviceVerdicts puts each pod's device verdict (DeviceVerdicts) beside
// its node verdict, matching pods by namespace (empty is "default", as the
// apiserver defaults it) and name, and makes the
// pod's verdict the outcome of both, then counts again:
//
//  1. A pending pod that fits a node but whose claims cannot get a device
//     is VerdictUnschedulable.
//  2. A running pod evicted by a device taint is evicted now, or later when
//     its node verdict is not already evicted now: the earlier eviction
//     decides, and PodVerdict.Eviction and Devices.Eviction keep each
//     controller's countdown.
//  3. A rejected pod keeps VerdictRejected; the outcome goes into AsRead.
func (v *Verdicts) AddDeviceVerdicts(devices []PodDevices) {
	index := make(map[[2]string]int, len(v.Pods))
	for i := range v.Pods {
		key := [2]string{namespaceOrDefault(v.Pods[i].Namespace), v.Pods[i].Name}
		if _, dup := index[key]; !dup {
			index[key] = i
		}
	}
	for d := range devices {
		i, ok := index[[2]string{namespaceOrDefault(devices[d].Namespace), devices[d].Name}]
		if !ok {
			continue
		}
		pod := &v.Pods[i]
		pod.Devices = &devices[d]
		verdict := &pod.Verdict
		if pod.Verdict == VerdictRejected {
			verdict = &pod.AsRead
		}
		*verdict = combineVerdicts(*verdict, devices[d].Verdict)
	}
	v.summarize()
}

// namespaceOrDefault is the namespace an object lands in.
func namespaceOrDefault(namespace string) string {
	if namespace == "" {
		return "default"
	}
	return namespace
}

// combineVerdicts is a pod's verdict from its node verdict and its device
// verdict (steps 1 and 2 of AddDeviceVerdicts).
func combineVerdicts(node, device string) string {
	switch {
	case node == VerdictSchedulable && device == VerdictUnschedulable:
		return VerdictUnschedulable
	case device == VerdictEvictedNow:
		return VerdictEvictedNow
	case device == VerdictEvictedLater && node != VerdictEvictedNow:
		return VerdictEvictedLater
	}
	return node
}

// AppendDevicesJSON appends the device verdicts, or the rules' statuses, as
// encoding/json writes them, for the report's hand-written writer: they are
// few beside the cells, so they go through encoding/json.
func AppendDevicesJSON[T PodDevices | DeviceRuleStatus](b []byte, devices []T) ([]byte, error) {
	data, err := json.Marshal(devices)
	if err != nil {
		return nil, err
	}
	return append(b, data...), nil
}
