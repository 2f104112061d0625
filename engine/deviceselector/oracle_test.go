package deviceselector

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	resourceapi "k8s.io/api/resource/v1"
	apiresource "k8s.io/apimachinery/pkg/api/resource"
	dracel "k8s.io/dynamic-resource-allocation/cel"

	"github.com/taint-playground/taint-playground/engine/core"
)

// TestMatchesUpstreamCEL holds Match to upstream's CEL evaluation
// (k8s.io/dynamic-resource-allocation/cel, a test-only import: the WASM
// carries no CEL runtime) on generated expressions of the subset and
// generated devices: where upstream compiles an expression, Match must say
// Match for true, NoMatch for false and Error for a runtime error, and may
// say Unknown only for an expression outside the subset. Expressions that
// upstream's type checker refuses (the apiserver would refuse the object)
// are counted, not compared.
func TestMatchesUpstreamCEL(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 23))
	compiler := dracel.GetCompiler(dracel.Features{EnableListTypeAttributes: true})
	compared, refused := 0, 0
	for range 3000 {
		expr := genBool(r, 3)
		upstream := compiler.CompileCELExpression(expr, dracel.Options{})
		if upstream.Error != nil {
			refused++
			continue
		}
		ours := Compile(expr)
		if err := ours.Err(); err != nil {
			t.Errorf("%s: upstream compiles it, ours says %v", expr, err)
			continue
		}
		for range 4 {
			dev, upDev := genDevice(r)
			match, _, err := upstream.DeviceMatches(context.Background(), upDev)
			want := NoMatch
			switch {
			case err != nil:
				want = Error
			case match:
				want = Match
			}
			if got, reason := ours.Match(&dev); got != want {
				t.Errorf("%s on %+v: got %v (%s), upstream %v (%v)", expr, dev, got, reason, want, err)
			}
			compared++
		}
	}
	t.Logf("%d evaluations compared; %d generated expressions refused by upstream's type checker", compared, refused)
	if compared < 4000 {
		t.Errorf("only %d evaluations compared: the generator makes too few valid expressions", compared)
	}
}

var (
	domains3 = []string{"gpu.example.com", "nic.example.com", "other.example.com"}
	ids      = []string{"model", "memory", "index", "healthy", "driverVersion", "cores"}
	models   = []string{"a100", "h100", "l4"}
)

// genBool writes a boolean expression of the subset, depth levels deep.
func genBool(r *rand.Rand, depth int) string {
	if depth > 0 {
		switch r.IntN(6) {
		case 0:
			return genBool(r, depth-1) + " && " + genBool(r, depth-1)
		case 1:
			return genBool(r, depth-1) + " || " + genBool(r, depth-1)
		case 2:
			return "!(" + genBool(r, depth-1) + ")"
		}
	}
	attr := func(id string) string {
		if r.IntN(2) == 0 {
			return fmt.Sprintf("device.attributes[%q].%s", pick(r, domains3), id)
		}
		return fmt.Sprintf("device.attributes[%q][%q]", pick(r, domains3), id)
	}
	switch r.IntN(10) {
	case 0:
		return fmt.Sprintf("device.driver %s %q", pick(r, []string{"==", "!="}), pick(r, domains3))
	case 1:
		return fmt.Sprintf("%s %s %q", attr("model"), pick(r, []string{"==", "!=", "<", ">="}), pick(r, models))
	case 2:
		return fmt.Sprintf("%s %s %d", attr("index"), pick(r, []string{"==", "<", "<=", ">", ">="}), r.IntN(4))
	case 3:
		return attr("healthy")
	case 4:
		return fmt.Sprintf("%s in [%q, %q]", attr("model"), pick(r, models), pick(r, models))
	case 5:
		return fmt.Sprintf("%s.%s(semver(%q))", attr("driverVersion"), pick(r, []string{"isGreaterThan", "isLessThan"}), pick(r, []string{"1.0.0", "1.2.0-rc.1", "2.0.0"}))
	case 6:
		return fmt.Sprintf("device.capacity[%q].memory.compareTo(quantity(%q)) %s 0", pick(r, domains3), pick(r, []string{"40Gi", "80Gi", "1Ti"}), pick(r, []string{">=", "<", "=="}))
	case 7:
		return fmt.Sprintf("%q in device.attributes[%q]", pick(r, ids), pick(r, domains3))
	case 8:
		return fmt.Sprintf("%d in %s", r.IntN(4), attr("cores"))
	}
	return fmt.Sprintf("device.driver.%s(%q)", pick(r, []string{"startsWith", "endsWith", "contains"}), pick(r, []string{"gpu", ".com", "example"}))
}

// genDevice makes a device and its upstream twin: some attributes written
// with the driver's domain implied, some qualified, some missing.
func genDevice(r *rand.Rand) (Device, dracel.Device) {
	dev := Device{Driver: pick(r, domains3), Attributes: map[string]core.DeviceAttribute{}, Capacity: map[string]string{}}
	up := dracel.Device{Driver: dev.Driver, Attributes: map[resourceapi.QualifiedName]resourceapi.DeviceAttribute{},
		Capacity: map[resourceapi.QualifiedName]resourceapi.DeviceCapacity{}}
	name := func(id string) string {
		if r.IntN(2) == 0 {
			return id
		}
		return pick(r, domains3) + "/" + id
	}
	if r.IntN(4) > 0 {
		m := pick(r, models)
		n := name("model")
		dev.Attributes[n], up.Attributes[resourceapi.QualifiedName(n)] = core.DeviceAttribute{String: &m}, resourceapi.DeviceAttribute{StringValue: &m}
	}
	if r.IntN(4) > 0 {
		i := int64(r.IntN(4))
		n := name("index")
		dev.Attributes[n], up.Attributes[resourceapi.QualifiedName(n)] = core.DeviceAttribute{Int: &i}, resourceapi.DeviceAttribute{IntValue: &i}
	}
	if r.IntN(4) > 0 {
		b := r.IntN(2) == 0
		n := name("healthy")
		dev.Attributes[n], up.Attributes[resourceapi.QualifiedName(n)] = core.DeviceAttribute{Bool: &b}, resourceapi.DeviceAttribute{BoolValue: &b}
	}
	if r.IntN(4) > 0 {
		v := pick(r, []string{"1.0.0", "1.2.0-rc.1", "1.2.0", "2.0.0-alpha"})
		n := name("driverVersion")
		dev.Attributes[n], up.Attributes[resourceapi.QualifiedName(n)] = core.DeviceAttribute{Version: &v}, resourceapi.DeviceAttribute{VersionValue: &v}
	}
	if r.IntN(4) > 0 {
		cores := []int64{int64(r.IntN(4)), int64(r.IntN(4))}
		n := name("cores")
		dev.Attributes[n], up.Attributes[resourceapi.QualifiedName(n)] = core.DeviceAttribute{Ints: cores}, resourceapi.DeviceAttribute{IntValues: cores}
	}
	if r.IntN(4) > 0 {
		q := pick(r, []string{"40Gi", "80Gi", "81920Mi"})
		n := name("memory")
		dev.Capacity[n] = q
		up.Capacity[resourceapi.QualifiedName(n)] = resourceapi.DeviceCapacity{Value: apiresource.MustParse(q)}
	}
	return dev, up
}

func pick(r *rand.Rand, list []string) string { return list[r.IntN(len(list))] }
