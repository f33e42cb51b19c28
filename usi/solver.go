package usi

import (
	"gomate/dfpn"
	"gomate/position"
)

// Solver is what the server needs from a mate search. *dfpn.Solver
// implements it; tests use slow or scripted fakes.
type Solver interface {
	// Solve searches pos for a mate within the limits (see dfpn.Solver).
	Solve(pos *position.Position, opt dfpn.Options, lim dfpn.Limits) dfpn.Result
	// Resize reallocates the table to about hashMB MiB.
	Resize(hashMB int)
	// Hashfull returns the permille of the table in use.
	Hashfull() int
}

// newDfpnSolver is the default Config.NewSolver.
func newDfpnSolver(hashMB int) Solver { return dfpn.New(hashMB) }
