package cli

import (
	"fmt"
	"io"

	"gomate/dfpn"
)

// newSolver allocates the solver of a command with a table of about mb
// MiB, and the warning that goes with it: the command calls its check
// after each search (the table is faulted in in the background, so it may
// only be judged later).
func newSolver(cmd string, mb int, stderr io.Writer) (*dfpn.Solver, *tableWarning) {
	s := dfpn.New(mb)
	w := &tableWarning{cmd: cmd, s: s, stderr: stderr}
	w.check() // a table that already misses huge pages says so at once
	return s, w
}

// workerSolvers makes the solvers of a command's workers (inOrder's
// newWorker), each with a table of mb MiB; the first one's warning
// (newSolver) speaks for all on huge pages, so that it is printed once.
type workerSolvers struct {
	cmd    string
	mb     int
	stderr io.Writer
	warn   *tableWarning // the first solver's; nil until it is made
}

// next makes the next worker's solver.
func (w *workerSolvers) next() *dfpn.Solver {
	if w.warn != nil {
		return dfpn.New(w.mb)
	}
	s, warn := newSolver(w.cmd, w.mb, w.stderr)
	w.warn = warn
	return s
}

// tableWarning prints on stderr, once, a solver's warning that its table
// is mostly not in huge pages (the searches then run about a quarter
// slower; dfpn.Solver.TableWarning).
type tableWarning struct {
	cmd    string
	s      *dfpn.Solver
	stderr io.Writer
	done   bool
}

// check prints the warning if the table can be judged by now.
func (w *tableWarning) check() {
	if w.done {
		return
	}
	msg, judged := w.s.TableWarning()
	if !judged {
		return
	}
	w.done = true
	if msg != "" {
		fmt.Fprintf(w.stderr, "gomate %s: %s\n", w.cmd, msg)
	}
}

// tableDescription says how large the table is and how much of it is in
// huge pages, for bench's record of the conditions it ran in.
func tableDescription(s *dfpn.Solver) string {
	d := fmt.Sprintf("%d MiB", s.TableMB())
	if huge, ok := s.HugePagesMB(); ok {
		d += fmt.Sprintf(", %d MiB of it in huge pages", huge)
	}
	return d
}
