package main

import (
	"fmt"

	"gomate/dfpn"
	"gomate/position"
	"gomate/usi/usiclient"
)

// Status is the outcome of one position.
type Status string

// The outcomes, from best to worst news.
const (
	StatusMateOK  Status = "mate-ok"  // verified mate of the expected length
	StatusMate    Status = "mate"     // verified mate, no expected length known
	StatusMateLen Status = "mate-len" // verified mate of another length
	StatusNomate  Status = "nomate"   // checkmate nomate
	StatusTimeout Status = "timeout"  // checkmate timeout
	StatusOther   Status = "other"    // checkmate notimplemented
	StatusHang    Status = "hang"     // no checkmate line in time; engine restarted
	StatusCrash   Status = "crash"    // the engine exited during the search
	StatusBadLine Status = "bad-line" // malformed, illegal or not a mate
	StatusBadSFEN Status = "bad-sfen" // the input position could not be read
)

// verifyMate reads moves from sfen (each must be legal where it is
// played) and checks the line with dfpn.VerifyMate, as gomate checks its
// own answers: every attacker move (the side to move at the root attacks)
// gives check, the last move is the attacker's and leaves the defender
// mated, and no move is a pass.
func verifyMate(sfen string, moves []string, rules dfpn.Rules) error {
	root, err := position.FromSFEN(sfen)
	if err != nil {
		return fmt.Errorf("bad sfen: %w", err)
	}
	p := root.Clone()
	line := make([]position.Move, 0, len(moves))
	for i, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return fmt.Errorf("ply %d: %w", i+1, err)
		}
		line = append(line, m)
		p.DoMove(m)
	}
	return dfpn.VerifyMate(root, line, false, rules)
}

// Result is the outcome of one position.
type Result struct {
	Problem
	Status   Status
	Plies    int // length of a verified line
	Answer   Answer
	Detail   string // why a line is bad, or other remarks
	Measured bool   // Answer.Elapsed is a measured answer time
}

// classify turns the engine's answer to one problem into a Result.
func classify(p Problem, a Answer, rules dfpn.Rules) Result {
	r := Result{Problem: p, Answer: a}
	switch {
	case a.Hang:
		r.Status, r.Detail = StatusHang, "no checkmate line in time; stopped, killed and restarted"
		if a.Checkmate != "" {
			r.Detail += "; after stop it said: " + a.Checkmate
		}
		return r
	case a.Exited:
		r.Status, r.Detail = StatusCrash, "the engine exited during the search; restarted"
		return r
	}
	r.Measured = true
	kind, moves, err := usiclient.ParseCheckmate(a.Checkmate)
	if err != nil {
		r.Status, r.Detail = StatusBadLine, err.Error()
		return r
	}
	switch kind {
	case usiclient.KindNomate:
		r.Status = StatusNomate
	case usiclient.KindTimeout:
		r.Status = StatusTimeout
	case usiclient.KindNotImplemented:
		r.Status = StatusOther
	default:
		if err := verifyMate(p.SFEN, moves, rules); err != nil {
			r.Status, r.Detail = StatusBadLine, err.Error()
			return r
		}
		r.Plies = len(moves)
		switch p.Expected {
		case 0:
			r.Status = StatusMate
		case r.Plies:
			r.Status = StatusMateOK
		default:
			r.Status = StatusMateLen
		}
	}
	return r
}
