// Package cli is taint-playground's command line: check, whatif, explain and
// simulate read nodes and pods from files or standard input, in every format
// the page reads, and print the engine's verdicts, the same as the page's.
// It never talks to a cluster; `kubectl get … -o yaml` piped in does that.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
)

// Exit statuses.
const (
	// ExitOK: nothing to report (check: every pending pod fits somewhere and
	// no running pod is evicted or refused; whatif: the command evicts and
	// strands nothing).
	ExitOK = 0
	// ExitProblems: check or whatif found a pod that cannot schedule or is
	// evicted.
	ExitProblems = 1
	// ExitInvalid: bad usage, an unreadable file, or an input with an
	// error-severity diagnostic (what the API server or kubectl would refuse).
	ExitInvalid = 2
)

// Env is what a command reads and writes. Color says whether standard output
// may be coloured (a terminal, NO_COLOR unset); --no-color turns it off.
// StderrTerminal says whether standard error is a terminal, which may be
// shown a progress line (showProgress).
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Color          bool
	StderrTerminal bool
	// Language is the catalog language the tables speak (Language): the
	// engine's explanations and the command line's own words; "" is
	// English.
	Language string
}

// OSEnv is the process's own streams, colour decided by ColorAllowed.
func OSEnv() *Env {
	return &Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Color: ColorAllowed(os.Stdout, os.Getenv), StderrTerminal: isTerminal(os.Stderr), Language: Language(os.Getenv)}
}

// ColorAllowed reports whether output to f may be coloured: f is a terminal
// (a character device) and NO_COLOR (https://no-color.org) is unset or empty.
func ColorAllowed(f *os.File, getenv func(string) string) bool {
	if getenv("NO_COLOR") != "" {
		return false
	}
	return isTerminal(f)
}

// Run runs the command line on args (without the program's name) and
// returns the exit status.
func Run(env *Env, args []string) int {
	switch {
	case len(args) == 0:
		return runHelp(env, nil)
	case args[0] == "-h" || args[0] == "--help" || args[0] == "-help":
		return runHelp(env, args[1:])
	case args[0] == "--version":
		return runVersion(env, nil)
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.start(env, args[1:])
		}
	}
	printf(env.Stderr, "error: unknown command \"%s\"\nRun 'taint-playground help' for the commands.\n", args[0])
	return ExitInvalid
}

const mainUsage = `taint-playground: Kubernetes taints and tolerations, as upstream %s treats them.

Usage:
  taint-playground                 serve the playground on http://127.0.0.1:8080 (ADDR or PORT to change)
  taint-playground COMMAND [flags]

Commands:
%s
Every command reads files and standard input only; it never talks to a
cluster. Pipe kubectl in:

  kubectl get nodes,pods -A -o yaml | taint-playground check -f -

Run 'taint-playground COMMAND --help' for a command's flags and examples.
`

func runHelp(env *Env, args []string) int {
	if len(args) > 0 && args[0] != "-h" && args[0] != "--help" && args[0] != "help" {
		for _, c := range commands {
			if c.name == args[0] && c.name != "help" {
				return c.start(env, []string{"--help"})
			}
		}
		printf(env.Stderr, "error: unknown command \"%s\"\n", args[0])
		return ExitInvalid
	}
	var list strings.Builder
	for _, c := range commands {
		fmt.Fprintf(&list, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(env.Stdout, mainUsage, core.KubernetesVersion, list.String())
	return ExitOK
}

func runVersion(env *Env, args []string) int {
	if len(args) > 0 {
		fmt.Fprintln(env.Stdout, "Usage: taint-playground version\n\nPrints the Kubernetes release whose behaviour the engine reproduces.")
		return ExitOK
	}
	fmt.Fprintf(env.Stdout, "taint-playground (Kubernetes %s)\n", core.KubernetesVersion)
	return ExitOK
}

// parseFlags parses a command's arguments. It prints the help on standard
// output for -h/--help, and a usage error on standard error; done is true
// when the command should stop with status.
func parseFlags(env *Env, fs *flag.FlagSet, args []string) (positional, rest []string, done bool, status int) {
	usage := fs.Usage
	fs.SetOutput(io.Discard)
	positional, rest, err := parse(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(env.Stdout)
		usage()
		return nil, nil, true, ExitOK
	case err != nil:
		return nil, nil, true, usageError(env, fs.Name(), err)
	}
	return positional, rest, false, 0
}

// usageError says what is wrong with the command line and where help is.
func usageError(env *Env, name string, err error) int {
	printf(env.Stderr, "error: %v\nSee 'taint-playground %s --help'.\n", err, name)
	return ExitInvalid
}
