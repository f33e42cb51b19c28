package generate

import (
	"fmt"

	"gomate/position"
)

// The weights of retractions: which un-moves the reverse method tries
// first. About nine in ten naive retractions give problems that capture
// pieces or place them unnaturally (Hirose §4.2), and un-captures add
// pieces to the board, so the weights favour what composers do: the
// defender taking a piece the attacker sacrificed (捨て駒, the most
// common device of short problems), the attacker playing from the hand or
// moving a piece; they disfavour the attacker capturing defender pieces
// (a problem that opens with captures is poor, and every such un-capture
// adds a defender piece) and interpositions dropped by the defender
// (under tsume rules most are futile and do not count).
//
// A pair (defence, attack) is tried with probability proportional to the
// product of its two weights, in a random order drawn without replacement
// (rng.key).
//
//	the defender's un-move                       weight
//	king takes a sacrificed piece (同玉)              6
//	another piece takes a sacrificed piece (同X)      4
//	king steps (no capture)                          2
//	a board piece interposes (no capture)            1
//	a drop (an interposition, 合駒)                  0.5
//	  (a defender's promotion: half of the above)
//
//	the attacker's un-move                       weight
//	a drop from the hand                             4
//	a board move                                     3
//	a board move that promoted                       2
//	a capture of an unpromoted defender piece       0.3
//	a capture of a promoted defender piece          0.1
//
// The attacker's captures are also subject to Settings.Captures: under
// CapturesNotFirst a capture is never the first move of the problem
// written (its weight is 0 at the last step), under CapturesNone never
// any move (Hirose's system generated no attacker's captures). A
// retraction of weight 0 is not tried.

// defenceWeight is the weight of the defender's retraction x.
func defenceWeight(x position.Retraction) float64 {
	m := x.Move
	var w float64
	switch {
	case m.IsDrop():
		return 0.5
	case x.Captured != position.NoPiece && m.Piece().Type() == position.King:
		w = 6
	case x.Captured != position.NoPiece:
		w = 4
	case m.Piece().Type() == position.King:
		w = 2
	default:
		w = 1
	}
	if m.IsPromotion() {
		w /= 2
	}
	return w
}

// CapturePolicy says where the attacker may capture in the problems made
// (Settings.Captures).
type CapturePolicy int

const (
	// CapturesNotFirst (the default): anywhere at the weights above but
	// at the first move of the problem written (a first move that
	// captures is the worst opening a problem can have).
	CapturesNotFirst CapturePolicy = iota
	// CapturesWeighted: anywhere, at the weights above.
	CapturesWeighted
	// CapturesNone: never (Hirose's choice).
	CapturesNone
)

// ParseCapturePolicy reads a policy's name: all, not-first or none.
func ParseCapturePolicy(s string) (CapturePolicy, error) {
	for p := CapturesNotFirst; p <= CapturesNone; p++ {
		if p.String() == s {
			return p, nil
		}
	}
	return 0, fmt.Errorf("want all, not-first or none")
}

func (p CapturePolicy) String() string {
	switch p {
	case CapturesNotFirst:
		return "not-first"
	case CapturesNone:
		return "none"
	}
	return "all"
}

// allows reports whether the policy lets the attacker capture at a step;
// last is the step that makes the first move of the problem written.
func (p CapturePolicy) allows(last bool) bool {
	return p == CapturesWeighted || p == CapturesNotFirst && !last
}

// attackWeight is the weight of the attacker's retraction x; 0 for a
// capture when captures is false.
func attackWeight(x position.Retraction, captures bool) float64 {
	m := x.Move
	switch {
	case x.Captured != position.NoPiece && !captures:
		return 0
	case m.IsDrop():
		return 4
	case x.Captured != position.NoPiece && x.Captured.Type().IsPromoted():
		return 0.1
	case x.Captured != position.NoPiece:
		return 0.3
	case m.IsPromotion():
		return 2
	}
	return 3
}
