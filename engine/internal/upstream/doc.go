// Package upstream converts the engine's core objects to upstream's
// k8s.io/api/core/v1 types and holds grids of the values that matter to
// matching, for the differential tests of every package that use upstream as
// an oracle. Only tests import it, so k8s.io/api never reaches the WASM.
package upstream
