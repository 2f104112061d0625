package main

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// result is one child process: its wall time, its maximum resident memory,
// its exit status and the last line it wrote to standard error.
type result struct {
	wall   time.Duration
	cpu    time.Duration // user and system: less sensitive than wall time to a busy machine
	maxRSS int64         // bytes
	status int
	last   string
}

// child runs a program to its end, with env added to this process's
// environment, its standard output discarded.
func child(env []string, program string, args ...string) result {
	cmd := exec.Command(program, args...)
	cmd.Env = append(os.Environ(), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	r := result{wall: time.Since(start), status: cmd.ProcessState.ExitCode()}
	if usage, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.maxRSS = usage.Maxrss * 1024 // Linux reports kilobytes
		r.cpu = time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
	}
	if _, isExit := err.(*exec.ExitError); err != nil && !isExit {
		r.last = err.Error()
	}
	if r.last == "" {
		r.last = errorLine(stderr.String())
	}
	return r
}

// errorLine is the first line of stderr that starts with "error:", else
// its last line: what says why a run could not answer.
func errorLine(stderr string) string {
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	for _, line := range lines {
		if strings.HasPrefix(line, "error:") {
			return line
		}
	}
	return lines[len(lines)-1]
}

// String is the figures, and the last line of standard error when the
// status is not 0 or 1 (the answer could not be trusted).
func (r result) String() string {
	s := fmt.Sprintf("%7.2f s wall, %7.2f s CPU, max RSS %6.0f MB, exit %d", r.wall.Seconds(), r.cpu.Seconds(), float64(r.maxRSS)/1e6, r.status)
	if r.status > 1 && r.last != "" {
		s += " (" + truncate(r.last, 160) + ")"
	}
	return s
}

// ratio is r against upstream's decoding: CPU time and memory, as
// multiples; none when either gave no answer.
func (r result) ratio(upstream result) string {
	if upstream.cpu <= 0 || upstream.maxRSS <= 0 || upstream.status != 0 || r.status > 1 {
		return ""
	}
	return fmt.Sprintf("; ×%.1f upstream's CPU, ×%.1f its memory",
		r.cpu.Seconds()/upstream.cpu.Seconds(), float64(r.maxRSS)/float64(upstream.maxRSS))
}

// against is r's wall and CPU time as multiples of the same command's on
// another format of the snapshot; none when either gave no answer.
func (r result) against(other result, format string) string {
	if other.cpu <= 0 || other.status > 1 || r.status > 1 {
		return ""
	}
	return fmt.Sprintf("; ×%.1f the %s form's wall time, ×%.1f its CPU",
		r.wall.Seconds()/other.wall.Seconds(), format, r.cpu.Seconds()/other.cpu.Seconds())
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
