package manifest

import (
	"fmt"
	"strings"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/yamltext"
)

// DecodeNodes reads the Nodes editor. The text is cut into documents at
// "---" lines, and each document is one of:
//
//   - YAML or JSON: Node, NodeList or v1 List objects, as `kubectl get nodes
//     -o yaml|json` prints them. Read are metadata.name and labels,
//     spec.taints (key, value, effect, timeAdded in RFC 3339),
//     spec.unschedulable and status.conditions (type, status).
//   - `kubectl taint nodes ...` commands (ParseTaintCommand), one per line, a
//     backslash continuing a line. Each applies, as kubectl would, to the
//     nodes defined before it in the text. When the text defines no node at
//     all (no YAML node, no describe output), a command that names an
//     unknown node creates it, so the docs' one-liner works alone; otherwise
//     an unknown name is kubectl's error `nodes "x" not found`.
//   - bare taints such as key=value:NoSchedule, one or more per line: they are
//     added, in order, to the node named node1, which the first of them
//     creates if no node of that name came before.
//   - `kubectl describe node` output: Name, Labels, Taints, Unschedulable and
//     the Conditions table (Type and Status). describe prints taints sorted by
//     effect and key, so their order, which only decides which untolerated
//     taint the scheduler names, may differ from the node's. A Taints block
//     pasted without its Name line belongs to node1.
//
// A shell prompt and command pasted before the output, and a byte order
// mark, are ignored with a warning (stripPaste). Taints added by controllers
// are not added here (see ControllerTaints).
// Problems become diagnostics with the line and the field; a broken document
// never stops the others, and a field that cannot be read leaves its item
// out (see DecodePods).
func DecodeNodes(text string) ([]core.Node, []core.Diagnostic) {
	return newDecoder(core.EditorNodes, nil).nodes(text)
}

// DecodeNodesCapped is DecodeNodes listing only the diagnostics problems
// admits, and no note of those it left out: the caller, which shares
// problems with other steps, adds problems.Notes once at the end.
func DecodeNodesCapped(text string, problems *core.ProblemCap) ([]core.Node, []core.Diagnostic) {
	return newDecoder(core.EditorNodes, problems).nodes(text)
}

// nodes is DecodeNodes with a decoder for the Nodes editor.
func (d *decoder) nodes(text string) ([]core.Node, []core.Diagnostic) {
	steps, problem := d.nodeSteps(text)
	if problem != nil {
		return nil, []core.Diagnostic{*problem}
	}
	nodes := d.runNodeSteps(steps)
	return nodes, d.sorted()
}

// nodeSteps reads the Nodes editor's text into the steps it takes, in text
// order, or returns the problem that stops it from being read (inputProblem).
func (d *decoder) nodeSteps(text string) ([]nodeStep, *core.Diagnostic) {
	docs, problem := d.documents(text)
	if problem != nil {
		return nil, problem
	}
	var steps []nodeStep
	for _, doc := range docs {
		switch formatOf(doc) {
		case formatDescribe:
			steps = append(steps, d.describeSteps(doc)...)
		case formatLines:
			steps = append(steps, d.lineSteps(doc)...)
		case formatYAML:
			d.eachYAMLObject(doc, func(obj yamlField, kind string) {
				if kind != "Node" {
					if !d.deviceObject(obj, kind) {
						d.skipKind(obj, kind)
					}
					return
				}
				if node, ok := d.yamlNode(obj); ok {
					steps = append(steps, nodeStep{node: &node})
				}
			})
		}
	}
	return steps, nil
}

// DecodePods reads the Pods editor: YAML or JSON documents separated by
// "---", each a Pod, a PodList or a v1 List, or a workload whose pod
// template becomes one Pod: Deployment, ReplicaSet, StatefulSet, DaemonSet,
// Job and ReplicationController (spec.template), CronJob
// (spec.jobTemplate.spec.template) and PodTemplate (template). The Pod takes
// the object's kind, name (generateName followed by "…" when only that is
// given) and namespace, and the template's labels, annotations and spec; paths
// in Sources are inside the object (spec.template.spec.tolerations[0]).
//
// Values are read as `kubectl apply` sends them (see scalarDecoder): a plain
// yes, on or 1.0 where the API wants a string is an error, as the apiserver
// would reject it, while cpu: 1 is the quantity "1". Every field of the
// object is checked as the apiserver's strict decoding checks it, kubectl's
// default (checkKnownFields): unknown and duplicate fields are errors. The
// errors found in an object, which mean the apiserver would refuse it as
// written, are also its Rejected (a node's too, in DecodeNodes).
//
// A shell prompt and command pasted before the output, and a byte order
// mark, are ignored with a warning (stripPaste). Objects of other known
// kinds are skipped with a warning; an object with no
// kind or an unknown one is an error. Every other problem is reported with its
// line and field and decoding goes on: a field that cannot be read is left
// out, and so is the item that holds it (a toleration, a taint, a node
// selector requirement, a condition), so that no half-read toleration changes
// a verdict; the rest of the pod is kept. A taint's unreadable timeAdded, which
// no rule reads, only clears that field.
func DecodePods(text string) ([]core.Pod, []core.Diagnostic) {
	return newDecoder(core.EditorPods, nil).pods(text)
}

// DecodePodsCapped is DecodePods as DecodeNodesCapped is DecodeNodes.
func DecodePodsCapped(text string, problems *core.ProblemCap) ([]core.Pod, []core.Diagnostic) {
	return newDecoder(core.EditorPods, problems).pods(text)
}

// pods is DecodePods with a decoder for the Pods editor.
func (d *decoder) pods(text string) ([]core.Pod, []core.Diagnostic) {
	docs, problem := d.documents(text)
	if problem != nil {
		return nil, []core.Diagnostic{*problem}
	}
	var pods []core.Pod
	for _, doc := range docs {
		if formatOf(doc) == formatEmpty {
			continue
		}
		d.eachYAMLObject(doc, func(obj yamlField, kind string) {
			if !isPodKind(kind) {
				if !d.deviceObject(obj, kind) {
					d.skipKind(obj, kind)
				}
				return
			}
			if len(pods) == maxObjects {
				d.report(core.SeverityError, core.CodeLimit, obj.source(), fmt.Sprintf("more than %d pods; the rest are not read", maxObjects))
				return
			}
			if pod, ok := d.yamlPod(obj, kind); ok {
				pods = append(pods, pod)
			}
		})
	}
	return pods, d.sorted()
}

// decoder collects what one DecodeNodes or DecodePods call finds.
type decoder struct {
	editor  string
	scalars *scalarDecoder
	diags   []core.Diagnostic
	// rejected collects the errors of the object being read (see add).
	rejected []string
	// parser reads each YAML document, reusing its memory.
	parser yamltext.Parser
	// lines counts the lines of the document being read, for its fields.
	lines yamltext.Lines
	// checker checks each object's fields (checkKnownFields).
	checker strictChecker
	// paths holds the parts of the paths of the fields being read, kept
	// while an object is checked or read (see pathPart).
	paths []pathPart
	// inventory and claims collect the resource.k8s.io objects read
	// (deviceObject), deviceObjects counts them against maxDeviceObjects
	// (maxObjects, or a stream's StreamLimits.DeviceObjects).
	inventory        Inventory
	claims           Claims
	deviceObjects    int
	maxDeviceObjects int
	// problems decides which diagnostics are kept (see add); notes, when
	// the decoder made problems itself, has sorted add its notes.
	problems *core.ProblemCap
	notes    bool
}

// newDecoder decodes an editor's text, listing the diagnostics problems
// admits; nil gives the editor a cap of its own.
func newDecoder(editor string, problems *core.ProblemCap) *decoder {
	d := &decoder{editor: editor, scalars: newScalarDecoder(), problems: problems, maxDeviceObjects: maxObjects}
	if problems == nil {
		d.problems, d.notes = core.NewProblemCap(), true
	}
	return d
}

// eachYAMLObject parses a YAML document and calls visit for each object in
// it, the items of a List (or NodeList, PodList...) one by one, with the
// object's kind. As kubectl decodes a list, an item with neither kind nor
// apiVersion in a typed list takes the list's kind; any other item without
// a kind is an error.
func (d *decoder) eachYAMLObject(doc yamltext.Part, visit func(obj yamlField, kind string)) {
	docs, errs := d.parser.Parse(doc)
	for _, parsed := range docs {
		if len(parsed.Root.Content) == 0 {
			continue
		}
		obj := d.objectField(parsed.Root.Content[0], parsed.Lines)
		if obj.present() {
			d.eachObject(obj, "", visit)
		}
	}
	for _, err := range errs {
		d.report(core.SeverityError, core.CodeYAML, core.Source{Line: err.Line, Column: err.Column}, err.Message)
	}
}

func (d *decoder) eachObject(obj yamlField, listKind string, visit func(obj yamlField, kind string)) {
	if obj.node.Kind != yaml3.MappingNode {
		obj.errorf("expected a Kubernetes object (a map with apiVersion and kind), got %s", yamlKindName(obj.node))
		return
	}
	kind, ok := obj.field("kind").str()
	if !ok {
		return
	}
	if kind == "" && listKind != "" && !obj.field("apiVersion").present() {
		kind = listKind
	}
	if kind == "" {
		src := obj.source()
		src.Field = "kind"
		d.add(core.SeverityError, core.CodeDecode, src, d.missingKind(obj), "")
		return
	}
	d.rejected = nil
	// The parts of paths made below are dropped as each step returns: the
	// fields that use them are gone.
	mark := len(d.paths)
	if strings.HasSuffix(kind, "List") || d.reads(obj, kind) {
		d.checkKnownFields(obj, kind)
		d.paths = d.paths[:mark]
	}
	if strings.HasSuffix(kind, "List") {
		for _, item := range obj.field("items").itemsUpTo(maxObjects) {
			item.up = 0
			if item.present() {
				d.eachObject(item, strings.TrimSuffix(kind, "List"), visit)
			}
		}
		d.paths = d.paths[:mark]
		return
	}
	visit(obj, kind)
	d.paths = d.paths[:mark]
}

// reads reports whether this editor reads the object, of the kind (others
// are skipped, unchecked).
func (d *decoder) reads(obj yamlField, kind string) bool {
	if d.readsDeviceKind(kind) {
		return writtenAsV1(obj)
	}
	if d.editor == core.EditorNodes {
		return kind == "Node"
	}
	return isPodKind(kind)
}

// skipKind reports an object this editor does not read: a warning for a
// kind Kubernetes has, an error for one it does not.
func (d *decoder) skipKind(obj yamlField, kind string) {
	src := obj.source()
	if written := obj.field("kind"); written.key != nil {
		src = written.source()
	}
	src.Field = "kind"
	switch editor := d.wrongEditor(kind); {
	case editor != "":
		d.report(core.SeverityWarning, core.CodeDecode, src, fmt.Sprintf("a %s belongs in the %s editor; skipped", kind, editor))
	case knownKinds[kind]:
		d.report(core.SeverityWarning, core.CodeDecode, src, fmt.Sprintf("a %s has no pod or node to read; skipped", kind))
	default:
		d.report(core.SeverityError, core.CodeDecode, src, fmt.Sprintf("unknown kind %q", kind))
	}
}

// podTemplatePaths maps each kind DecodePods reads to the path of its pod
// template inside the object; a Pod is its own template.
var podTemplatePaths = map[string]string{
	"Pod":                   "",
	"Deployment":            "spec.template",
	"ReplicaSet":            "spec.template",
	"StatefulSet":           "spec.template",
	"DaemonSet":             "spec.template",
	"Job":                   "spec.template",
	"ReplicationController": "spec.template",
	"CronJob":               "spec.jobTemplate.spec.template",
	"PodTemplate":           "template",
}

func isPodKind(kind string) bool {
	_, ok := podTemplatePaths[kind]
	return ok
}

// knownKinds are the built-in kinds that carry neither a node nor a pod.
var knownKinds = map[string]bool{
	"APIService": true, "Binding": true, "CertificateSigningRequest": true, "ClusterRole": true,
	"ClusterRoleBinding": true, "ComponentStatus": true, "ConfigMap": true, "ControllerRevision": true,
	"CSIDriver": true, "CSINode": true, "CSIStorageCapacity": true, "CustomResourceDefinition": true,
	"Endpoints": true, "EndpointSlice": true, "Event": true, "FlowSchema": true,
	"HorizontalPodAutoscaler": true, "Ingress": true, "IngressClass": true, "Lease": true, "LimitRange": true,
	"MutatingWebhookConfiguration": true, "Namespace": true, "NetworkPolicy": true, "PersistentVolume": true,
	"PersistentVolumeClaim": true, "PodDisruptionBudget": true, "PriorityClass": true,
	"PriorityLevelConfiguration": true, "ResourceQuota": true, "Role": true, "RoleBinding": true, "RuntimeClass": true,
	"Secret": true, "Service": true, "ServiceAccount": true, "StorageClass": true,
	"ValidatingAdmissionPolicy": true, "ValidatingAdmissionPolicyBinding": true,
	"ValidatingWebhookConfiguration": true, "VolumeAttachment": true,
}
