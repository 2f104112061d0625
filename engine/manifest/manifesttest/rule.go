package manifesttest

// MaintenanceRule is the device-maintenance-dry-run example's DeviceTaintRule
// with effect effect, as an administrator writes it to paste into the
// what-if: no timeAdded, which the apiserver sets.
func MaintenanceRule(effect string) string {
	return `apiVersion: resource.k8s.io/v1
kind: DeviceTaintRule
metadata:
  name: node-2-firmware
spec:
  deviceSelector:
    driver: gpu.example.com
    pool: node-2
  taint:
    key: example.com/maintenance
    value: firmware
    effect: ` + effect + "\n"
}
