package generate

import (
	"gomate/position"
)

// The extend method (Ishii et al.'s extension), one trial: a given
// problem P of n plies is grown by two plies at a time, as the reverse
// method grows its problems (reverser.grow): a retraction of a defender's
// move d and of an attacker's check a before it give a candidate C of n+2
// plies, which must not mate within n, must mate within n+2, and which
// compose.Judge must call sound with exactly n+2 plies. The extend method
// asks one thing more (reverser.extend): the main line Judge proves for C
// must reach P after its first two moves, so that d is the defence the
// judge's main line takes there (a longest defence, or the one the
// conventions on spare pieces choose) and P, unchanged, is the rest of
// the problem. A candidate whose judgement took a piece off as
// unnecessary does not reach P and is refused.
//
// Candidate i grows the problem Settings.Inputs[i], which Judge must first
// call sound (with its length when given), to Settings.Plies, by the
// reverse method's depth-first search (candidate.go; greedy unless
// Settings.Backtracks); the run ends after the last problem given.
// Outcome.Reached counts the given problem's length as reached, so that
// Stats.Reached[n+2] out of Stats.Reached[n] is the rate of the +2 step.
// The reverse method given Settings.Inputs grows them the same way
// without the extend method's condition on the main line.

// Input is a problem the extend method grows.
type Input struct {
	// Pos is the problem, the attacker (Black) to move.
	Pos *position.Position
	// Plies is its length when known (0: the judge finds it).
	Plies int
	// Name says where it came from (FILE:LINE); Problem.From.
	Name string
}

// leadsTo reports whether the main line Judge proved for q reaches p
// after its first two moves (the board, the hands and the side to move
// the same).
func leadsTo(q sound, p *position.Position) bool {
	line := q.report.Composition.Line
	if len(line) < 2 {
		return false
	}
	c := q.pos.Clone()
	c.DoMove(line[0])
	c.DoMove(line[1])
	return boardOf(c).sfen() == boardOf(p).sfen()
}
