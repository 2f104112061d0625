package manifest

import (
	"fmt"
	"math"
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
)

// yamlPod reads a Pod, or the pod template of a workload (podTemplatePaths),
// into one Pod. A workload without a template is skipped. The errors found
// in the object, strict decoding's included, become its Rejected.
func (d *decoder) yamlPod(obj yamlField, kind string) (core.Pod, bool) {
	meta := obj.field("metadata")
	if !meta.mapping() {
		return core.Pod{}, false
	}
	pod := core.Pod{Kind: kind, Source: obj.source()}
	nameField, generateName := meta.field("name"), meta.field("generateName")
	name, nameOK := nameField.str()
	prefix, prefixOK := generateName.str()
	pod.Name = name
	if name == "" && prefix != "" {
		pod.Name, nameField = prefix+"…", generateName
	}
	namespace := meta.field("namespace")
	ns, nsOK := namespace.str()
	pod.Namespace = ns
	pod.Source.Fields = addLine(addLine(nil, "name", nameField), "namespace", namespace)
	d.checkObjectMeta(obj, true, metaValue{meta.field("name"), name, nameOK},
		metaValue{generateName, prefix, prefixOK}, metaValue{namespace, ns, nsOK})

	pod.Owner = controllerOf(meta.field("ownerReferences"))

	template := obj
	if path := podTemplatePaths[kind]; path != "" {
		for _, name := range strings.Split(path, ".") {
			if !template.mapping() {
				return core.Pod{}, false
			}
			template = template.field(name)
		}
		if !template.present() {
			src := obj.source()
			src.Field = path
			d.report(core.SeverityError, core.CodeDecode, src, fmt.Sprintf("Required value: a %s needs a pod template; skipped", kind))
			return core.Pod{}, false
		}
		if !template.mapping() {
			return core.Pod{}, false
		}
		meta = template.field("metadata")
	}
	if meta.mapping() {
		pod.Labels = meta.field("labels").stringMap()
		pod.Annotations = meta.field("annotations").stringMap()
	}
	if spec := template.field("spec"); spec.mapping() {
		d.podSpec(&pod, spec)
		d.podClaims(&pod, obj, spec, kind)
	}
	if status := obj.field("status"); kind == "Pod" && status.mapping() {
		pod.StatusQOSClass, _ = status.field("qosClass").str()
	}
	pod.Rejected = d.objectRejections()
	return pod, true
}

// controllerOf is the ownerReferences entry marked controller: true, as
// metav1.GetControllerOf finds it; nil when there is none.
func controllerOf(refs yamlField) *core.OwnerReference {
	for _, ref := range refs.items() {
		if !ref.mapping() || !ref.field("controller").bool() {
			continue
		}
		kind, _ := ref.field("kind").str()
		name, _ := ref.field("name").str()
		return &core.OwnerReference{Kind: kind, Name: name}
	}
	return nil
}

// podSpec reads the parts of a pod spec that taints, tolerations, admission
// and placement need.
func (d *decoder) podSpec(pod *core.Pod, spec yamlField) {
	nodeName, hostNetwork, priority := spec.field("nodeName"), spec.field("hostNetwork"), spec.field("priority")
	pod.NodeName, _ = nodeName.str()
	pod.NodeSelector = spec.field("nodeSelector").stringMap()
	pod.HostNetwork = hostNetwork.bool()
	if p, ok := priority.int64(); ok && p != nil {
		if *p < math.MinInt32 || *p > math.MaxInt32 {
			priority.errorf("%d overflows int32", *p)
		} else {
			p32 := int32(*p)
			pod.Priority = &p32
		}
	}
	pod.Source.Fields = addLine(pod.Source.Fields, "nodeName", nodeName)
	pod.Source.Fields = addLine(pod.Source.Fields, "hostNetwork", hostNetwork)
	pod.Source.Fields = addLine(pod.Source.Fields, "priority", priority)
	pod.RequiredAffinity = d.requiredAffinity(spec.field("affinity"))
	for _, item := range spec.field("tolerations").items() {
		if toleration, ok := d.yamlToleration(item); ok {
			pod.Tolerations = append(pod.Tolerations, toleration)
		}
	}
	pod.Containers = d.containerResources(spec.field("containers"))
	pod.InitContainers = d.containerResources(spec.field("initContainers"))
	if resources := spec.field("resources"); resources.present() && resources.mapping() {
		r := d.resources(resources)
		pod.PodResources = &r
	}
}

// yamlToleration reads one item of tolerations; an item with a field that
// cannot be read is left out.
func (d *decoder) yamlToleration(item yamlField) (core.Toleration, bool) {
	if !item.mapping() {
		return core.Toleration{}, false
	}
	key, keyOK := item.field("key").str()
	operator, operatorOK := item.field("operator").str()
	value, valueOK := item.field("value").str()
	effect, effectOK := item.field("effect").str()
	seconds, secondsOK := item.field("tolerationSeconds").int64()
	if !keyOK || !operatorOK || !valueOK || !effectOK || !secondsOK {
		return core.Toleration{}, false
	}
	return core.Toleration{
		Key: key, Operator: core.TolerationOperator(operator), Value: value, Effect: core.TaintEffect(effect),
		TolerationSeconds: seconds,
		Source:            item.source("key", "operator", "value", "effect", "tolerationSeconds"),
	}, true
}

// requiredAffinity reads
// nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms;
// nil when absent.
func (d *decoder) requiredAffinity(affinity yamlField) *core.NodeSelector {
	if !affinity.mapping() {
		return nil
	}
	nodeAffinity := affinity.field("nodeAffinity")
	if !nodeAffinity.mapping() {
		return nil
	}
	required := nodeAffinity.field("requiredDuringSchedulingIgnoredDuringExecution")
	if !required.present() || !required.mapping() {
		return nil
	}
	selector := &core.NodeSelector{Terms: []core.NodeSelectorTerm{}}
	for _, term := range required.field("nodeSelectorTerms").items() {
		if !term.mapping() {
			continue
		}
		selector.Terms = append(selector.Terms, core.NodeSelectorTerm{
			MatchExpressions: d.requirements(term.field("matchExpressions")),
			MatchFields:      d.requirements(term.field("matchFields")),
		})
	}
	return selector
}

// requirements reads a list of node selector requirements; one with a field
// that cannot be read is left out.
func (d *decoder) requirements(list yamlField) []core.NodeSelectorRequirement {
	var requirements []core.NodeSelectorRequirement
	for _, item := range list.items() {
		if !item.mapping() {
			continue
		}
		key, keyOK := item.field("key").str()
		operator, operatorOK := item.field("operator").str()
		values, valuesOK := item.field("values").stringList()
		if keyOK && operatorOK && valuesOK {
			requirements = append(requirements, core.NodeSelectorRequirement{
				Key: key, Operator: operator, Values: values, Source: item.source("key", "operator", "values"),
			})
		}
	}
	return requirements
}

// containerResources reads the resources of each container of a list.
func (d *decoder) containerResources(list yamlField) []core.Resources {
	var all []core.Resources
	for _, item := range list.items() {
		if !item.mapping() {
			continue
		}
		var r core.Resources
		if resources := item.field("resources"); resources.mapping() {
			r = d.resources(resources)
		}
		all = append(all, r)
	}
	return all
}

// resources reads requests and limits as quantity strings (cpu: 1 gives "1").
func (d *decoder) resources(resources yamlField) core.Resources {
	return core.Resources{
		Requests: resources.field("requests").quantityMap(),
		Limits:   resources.field("limits").quantityMap(),
	}
}
