package main

import (
	"fmt"
	"io"

	"gomate/dfpn"
)

// newSolver allocates the solver of a command with a table of about mb
// MiB and warns on stderr when the table is mostly not in huge pages (the
// searches then run about a quarter slower; dfpn.Solver.TableWarning).
func newSolver(cmd string, mb int, stderr io.Writer) *dfpn.Solver {
	s := dfpn.New(mb)
	if w := s.TableWarning(); w != "" {
		fmt.Fprintf(stderr, "gomate %s: %s\n", cmd, w)
	}
	return s
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
