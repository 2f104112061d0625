package cli

import (
	"flag"
	"fmt"
	"runtime/debug"
)

// command is one subcommand. One that reads a cluster (check, whatif,
// explain, simulate) is a clusterCommand made afresh for each run, with its
// help and whether it takes -l, and runCluster takes it through the steps
// they share; the others (version, help) run by themselves.
type command struct {
	name, summary string
	// usage, selects and cluster are a cluster command's help, whether it
	// takes -l (a label selector), and its maker.
	usage   string
	selects bool
	cluster func() clusterCommand
	// run runs a command that reads no cluster.
	run func(env *Env, args []string) int
}

// clusterCommand is what a command that reads a cluster adds to the steps
// all of them share (runCluster).
type clusterCommand interface {
	// flags declares the command's own flags, beside the common ones.
	flags(fs *flag.FlagSet)
	// args takes the positional arguments and what follows "--" (nil when
	// there is no "--"), and says what is wrong with them.
	args(c *common, positional, rest []string) error
	// answer answers on the loaded cluster and returns the exit status.
	answer(env *Env, c *common, l *loaded) int
}

// commands are the subcommands in the order help lists them.
var commands []command

func init() {
	commands = []command{
		{name: "check", summary: "where each pod can schedule, what blocks it, and when a running pod is evicted",
			usage: checkUsage, selects: true, cluster: func() clusterCommand { return &checkCommand{} }},
		{name: "whatif", summary: "the blast radius of a `kubectl taint nodes …` command on a snapshot",
			usage: whatIfUsage, cluster: func() clusterCommand { return &whatIfCommand{} }},
		{name: "explain", summary: "every taint of one node against one pod's tolerations",
			usage: explainUsage, cluster: func() clusterCommand { return &explainCommand{} }},
		{name: "simulate", summary: "the taint-eviction controller's timeline, with optional taint changes",
			usage: simulateUsage, cluster: func() clusterCommand { return &simulateCommand{until: defaultUntil} }},
		{name: "version", summary: "the Kubernetes release whose behaviour is reproduced", run: runVersion},
		{name: "help", summary: "this help, or a command's (help COMMAND)", run: runHelp},
	}
}

// start runs the command on its arguments.
func (c *command) start(env *Env, args []string) int {
	if c.cluster == nil {
		return c.run(env, args)
	}
	return runCluster(env, c, args)
}

// runCluster takes a cluster command through the steps they share: its
// flags (the common ones and its own) are parsed, --help printed, its
// arguments and the common flags checked (a usage error, status 2), the
// inputs loaded, and then it answers.
func runCluster(env *Env, spec *command, args []string) int {
	var c common
	cmd := spec.cluster()
	fs := newFlagSet(spec.name, spec.usage, &c, spec.selects, env.Stderr)
	cmd.flags(fs)
	positional, rest, done, status := parseFlags(env, fs, args)
	if done {
		return status
	}
	if err := cmd.args(&c, positional, rest); err != nil {
		return usageError(env, spec.name, err)
	}
	if err := c.validate(); err != nil {
		return usageError(env, spec.name, err)
	}
	if streamed(c.files) {
		defer debug.SetGCPercent(debug.SetGCPercent(streamGCPercent))
	}
	l, ok := c.load(env, spec.name)
	if !ok {
		return ExitInvalid
	}
	return cmd.answer(env, &c, l)
}

// noArguments is the args of a command that takes flags only.
func noArguments(name string, positional, rest []string) error {
	if len(positional) > 0 || rest != nil {
		return fmt.Errorf("%s takes no arguments, only flags: %q", name, append(positional, rest...))
	}
	return nil
}

// noFlags is the flags of a command with none of its own.
type noFlags struct{}

func (noFlags) flags(*flag.FlagSet) {}
