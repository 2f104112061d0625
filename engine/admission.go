package engine

// Admit adds the tolerations the enabled admission plugins and controllers would.
func Admit(pod *Pod, opts Options) {}
