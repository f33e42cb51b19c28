package generate

import (
	"gomate/compose"
	"gomate/dfpn"
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
// call sound (with its length when given), to Settings.Plies; the run
// ends after the last problem given. Outcome.Reached counts the given
// problem's length as reached, so that Stats.Reached[n+2] out of
// Stats.Reached[n] is the rate of the +2 step.

// Input is a problem the extend method grows.
type Input struct {
	// Pos is the problem, the attacker (Black) to move.
	Pos *position.Position
	// Plies is its length when known (0: the judge finds it).
	Plies int
	// Name says where it came from (FILE:LINE); Problem.From.
	Name string
}

// extendCandidate runs candidate i of the extend method.
func extendCandidate(s *dfpn.Solver, st Settings, i int) (out Outcome) {
	out.Index = i
	if i >= len(st.Inputs) {
		return out
	}
	in := st.Inputs[i]
	r := candidateRNG(st.Seed, i)
	s.Clear()
	rv := &reverser{s: s, lim: st.Limits, quickNodes: st.QuickNodes, tries: st.tries(pairTries), captures: st.Captures, plies: st.Plies, extend: true, buf: make([]position.Retraction, 0, position.MaxRetractions)}
	defer func() { out.Judges, out.Quick, out.Limited = rv.judges, rv.quick, rv.limited }()
	rep := compose.Judge(s, in.Pos, compose.SoundnessOptions{Plies: in.Plies}, rv.lim)
	rv.judges++
	if rep.Verdict != compose.Sound {
		if rep.Verdict == compose.Undecided {
			rv.limited++
		}
		return out
	}
	p := sound{pos: in.Pos, report: rep}
	n := len(rep.Composition.Line)
	out.Reached = n
	if n >= st.Plies || (st.Plies-n)%2 != 0 {
		return out
	}
	for ; n < st.Plies; n += 2 {
		var ok bool
		if p, ok = rv.grow(p.pos, n, r); !ok {
			return out
		}
		out.Reached = n + 2
	}
	out.Problem = written(s, p, st, i)
	if out.Problem == nil {
		out.Disagreed++
		return out
	}
	out.Problem.From = in.Name
	out.Problems = []*Problem{out.Problem}
	return out
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
