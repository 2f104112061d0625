package yamltext

import yaml3 "sigs.k8s.io/yaml/goyaml.v3"

// Resolved follows an alias to the node it stands for.
func Resolved(n *yaml3.Node) *yaml3.Node {
	if n != nil && n.Kind == yaml3.AliasNode {
		return n.Alias
	}
	return n
}

// IsMergeKey reports whether a mapping key is YAML's merge key "<<".
func IsMergeKey(key *yaml3.Node) bool {
	return key.Kind == yaml3.ScalarNode && key.Tag == "!!merge"
}

// MappingField returns the key and value of a field of a mapping, reading
// the mapping as sigs.k8s.io/yaml does: the last of duplicate keys wins, and
// a merge key ("<<: *defaults") sets the fields of the mappings it names, the
// first of a list winning, at its place among the keys. Field names are
// compared with the key's text, which is exact for the API's field names
// (none of them reads as a YAML 1.1 number or boolean).
func MappingField(m *yaml3.Node, name string) (key, value *yaml3.Node) {
	m = Resolved(m)
	if m == nil || m.Kind != yaml3.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		switch {
		case IsMergeKey(k):
			if mk, mv := mergedField(v, name); mk != nil {
				key, value = mk, mv
			}
		case k.Kind == yaml3.ScalarNode && len(k.Value) == len(name) && (name == "" || k.Value[0] == name[0]) && k.Value == name:
			// The first byte first: most keys of a length differ there, and
			// comparing the rest is a call (slow in the WASM).
			key, value = k, v
		}
	}
	return key, Resolved(value)
}

// mergedField looks a field up in the value of a merge key: a mapping, or a
// list of mappings where the first that has the field wins.
func mergedField(v *yaml3.Node, name string) (key, value *yaml3.Node) {
	v = Resolved(v)
	if v.Kind != yaml3.SequenceNode {
		return MappingField(v, name)
	}
	for _, item := range v.Content {
		if key, value = MappingField(item, name); key != nil {
			return key, value
		}
	}
	return nil, nil
}

// MappingPairs returns the effective keys and values of a mapping, merges
// and duplicates Resolved as MappingField resolves them, in first-seen order.
func MappingPairs(m *yaml3.Node) (keys, values []*yaml3.Node) {
	m = Resolved(m)
	if m == nil || m.Kind != yaml3.MappingNode {
		return nil, nil
	}
	// Keys and values share one allocation, each capped at its half: merge
	// keys that bring more fields make append copy them out.
	half := len(m.Content) / 2
	both := make([]*yaml3.Node, 2*half)
	p := pairs{keys: both[:0:half], values: both[half : half : 2*half]}
	p.set(m)
	return p.keys, p.values
}

// pairs collects MappingPairs' keys and values. A repeated key is looked
// for by comparing the keys one by one up to pairsScanned of them (most
// mappings of a manifest), and in index, made then, past that.
type pairs struct {
	keys, values []*yaml3.Node
	index        map[string]int
}

const pairsScanned = 8

func (p *pairs) set(m *yaml3.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if IsMergeKey(k) {
			merged := Resolved(v)
			if merged.Kind == yaml3.SequenceNode {
				for j := len(merged.Content) - 1; j >= 0; j-- {
					if item := Resolved(merged.Content[j]); item.Kind == yaml3.MappingNode {
						p.set(item)
					}
				}
			} else if merged.Kind == yaml3.MappingNode {
				p.set(merged)
			}
			continue
		}
		if j := p.find(k); j >= 0 {
			p.keys[j], p.values[j] = k, Resolved(v)
			continue
		}
		if p.index != nil {
			p.index[k.Tag+"\x00"+k.Value] = len(p.keys)
		}
		p.keys, p.values = append(p.keys, k), append(p.values, Resolved(v))
		if len(p.keys) == pairsScanned {
			p.index = make(map[string]int)
			for j, key := range p.keys {
				p.index[key.Tag+"\x00"+key.Value] = j
			}
		}
	}
}

// find returns where a key with k's tag and text is, or -1.
func (p *pairs) find(k *yaml3.Node) int {
	if p.index != nil {
		if j, ok := p.index[k.Tag+"\x00"+k.Value]; ok {
			return j
		}
		return -1
	}
	for j, key := range p.keys {
		if key.Tag == k.Tag && key.Value == k.Value {
			return j
		}
	}
	return -1
}
