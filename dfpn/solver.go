package dfpn

import (
	"time"

	"gomate/position"
)

// Solver searches for mates. It owns a transposition table reused across
// searches; one Solver runs one search at a time.
type Solver struct {
	hashMB int
}

// New returns a solver with a transposition table of about hashMB MiB.
func New(hashMB int) *Solver { return &Solver{hashMB: hashMB} }

// Resize reallocates the table to about hashMB MiB (its contents are lost).
func (s *Solver) Resize(hashMB int) { s.hashMB = hashMB }

// Clear empties the table.
func (s *Solver) Clear() {}

// Hashfull returns the permille of the table in use.
func (s *Solver) Hashfull() int { return 0 }

// Solve searches pos (which it may modify during the search but restores)
// for a mate by the side to move (or against it, with RootIsDefender).
// PLACEHOLDER: only mate in 1 until the df-pn core lands.
func (s *Solver) Solve(pos *position.Position, opt Options, lim Limits) Result {
	start := time.Now()
	if !opt.RootIsDefender {
		if m := pos.Mate1(); m != position.NoMove {
			return Result{Status: Mate, PV: []position.Move{m}, Shortest: true, Nodes: 1, Elapsed: time.Since(start)}
		}
	}
	return Result{Status: Unknown, Reason: "not implemented", Elapsed: time.Since(start)}
}
