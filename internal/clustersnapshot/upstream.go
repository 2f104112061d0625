package clustersnapshot

// UpstreamDecodeEnv names a snapshot file for the package's test
// TestUpstreamDecodes to decode as upstream does (k8s.io/api types), instead
// of the small snapshots it writes: `make bench-cluster` runs the test
// binary so, to time upstream's decoding of the very file it measures the
// command line on, with a maximum RSS of its own, while k8s.io/api stays in
// test files.
const UpstreamDecodeEnv = "TAINT_PLAYGROUND_UPSTREAM_DECODE"
