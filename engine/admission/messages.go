package admission

import "github.com/taint-playground/taint-playground/engine/message"

// The IDs of the sentences that say why admission or a controller added,
// replaced or dropped a toleration (core.Toleration.WhyMessage). Arguments:
// plugin is an AddedBy name, key a taint key, seconds tolerationSeconds,
// class a QoS class, resource an extended resource's name. Part: toleration, the one that covers a dropped one.
const (
	msgDaemonNotReady       message.ID = "admission.daemonset.not-ready"
	msgDaemonUnreachable    message.ID = "admission.daemonset.unreachable"
	msgDaemonDiskPressure   message.ID = "admission.daemonset.disk-pressure"
	msgDaemonMemoryPressure message.ID = "admission.daemonset.memory-pressure"
	msgDaemonPIDPressure    message.ID = "admission.daemonset.pid-pressure"
	msgDaemonUnschedulable  message.ID = "admission.daemonset.unschedulable"
	msgDaemonHostNetwork    message.ID = "admission.daemonset.host-network"
	msgReplaced             message.ID = "admission.replaced"
	msgDefaultNotReady      message.ID = "admission.default-seconds.not-ready"
	msgDefaultUnreachable   message.ID = "admission.default-seconds.unreachable"
	msgMemoryPressure       message.ID = "admission.restriction.memory-pressure"
	msgDropped              message.ID = "admission.restriction.dropped"
	msgDroppedAddedBy       message.ID = "admission.restriction.dropped.added-by"
	msgExtendedResource     message.ID = "admission.extended-resource"
)
