// A small built-in gallery until the examples/ scenarios feed the page. The
// first entry, the Kubernetes docs' example, is the text the editors hold in
// index.html, so it is written once.

/** EXAMPLES are the built-in scenarios; loading one keeps the settings. */
export const EXAMPLES = [
  {
    id: 'docs',
    title: 'The docs’ example: three taints, two tolerations',
    description: 'From the Kubernetes documentation: the pod tolerates both key1 taints but not key2=value2:NoSchedule, so it cannot schedule on node1.',
  },
  {
    id: 'no-execute',
    title: 'NoExecute: evicted now, after 3600 s, or never',
    description: 'Three pods run on a node tainted dedicated=db:NoExecute. Play the countdown, or remove the taint before the deadline to cancel the eviction.',
    nodes: `apiVersion: v1
kind: Node
metadata:
  name: node1
spec:
  taints:
  - key: dedicated
    value: db
    effect: NoExecute`,
    pods: `apiVersion: v1
kind: Pod
metadata:
  name: untolerated
spec:
  nodeName: node1
  containers:
  - name: app
    image: nginx
---
apiVersion: v1
kind: Pod
metadata:
  name: for-an-hour
spec:
  nodeName: node1
  tolerations:
  - key: dedicated
    operator: Equal
    value: db
    effect: NoExecute
    tolerationSeconds: 3600
  containers:
  - name: app
    image: nginx
---
apiVersion: v1
kind: Pod
metadata:
  name: forever
spec:
  nodeName: node1
  tolerations:
  - key: dedicated
    operator: Exists
    effect: NoExecute
  containers:
  - name: app
    image: nginx`,
  },
  {
    id: 'not-ready',
    title: 'A node goes NotReady: the 300 s default',
    description: 'Ready=False makes the node lifecycle controller add node.kubernetes.io/not-ready:NoExecute; DefaultTolerationSeconds gave the pod 300 s.',
    nodes: `apiVersion: v1
kind: Node
metadata:
  name: worker-1
status:
  conditions:
  - type: Ready
    status: "False"`,
    pods: `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  nodeName: worker-1
  containers:
  - name: web
    image: nginx`,
  },
  {
    id: 'prefer-no-schedule',
    title: 'PreferNoSchedule: scores across three nodes',
    description: 'PreferNoSchedule never blocks; the scheduler scores nodes by how many such taints the pod does not tolerate.',
    nodes: `apiVersion: v1
kind: Node
metadata:
  name: clean
---
apiVersion: v1
kind: Node
metadata:
  name: one-soft-taint
spec:
  taints:
  - key: spot
    effect: PreferNoSchedule
---
apiVersion: v1
kind: Node
metadata:
  name: two-soft-taints
spec:
  taints:
  - key: spot
    effect: PreferNoSchedule
  - key: old-hardware
    effect: PreferNoSchedule`,
    pods: `apiVersion: v1
kind: Pod
metadata:
  name: batch
spec:
  containers:
  - name: job
    image: busybox`,
  },
  {
    id: 'lt-gt',
    title: 'Lt and Gt (alpha feature gate)',
    description: 'Lt tolerates a taint whose value is smaller. Turn on TaintTolerationComparisonOperators in the settings to see the verdict change.',
    nodes: `apiVersion: v1
kind: Node
metadata:
  name: fast-node
spec:
  taints:
  - key: latency-ms
    value: "800"
    effect: NoSchedule`,
    pods: `apiVersion: v1
kind: Pod
metadata:
  name: latency-sensitive
spec:
  tolerations:
  - key: latency-ms
    operator: Lt
    value: "950"
    effect: NoSchedule
  containers:
  - name: app
    image: nginx`,
  },
];
