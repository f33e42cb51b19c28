package generate

import (
	"fmt"
	"gomate/compose"

	"gomate/dfpn"
)

// Method is how candidates are made (Settings.Method).
type Method int

const (
	// MethodReverse (the default): the reverse method (reverse.go).
	MethodReverse Method = iota
	// MethodRandom: Noshita's random placement and simplification
	// (random.go).
	MethodRandom
	// MethodExtend: Ishii et al.'s extension of given problems by two
	// plies at a time (extend.go).
	MethodExtend
)

// ParseMethod reads a method's name: reverse, random or extend.
func ParseMethod(s string) (Method, error) {
	for m := MethodReverse; m <= MethodExtend; m++ {
		if m.String() == s {
			return m, nil
		}
	}
	return 0, fmt.Errorf("unknown method %q: want reverse, random or extend", s)
}

func (m Method) String() string {
	switch m {
	case MethodRandom:
		return "random"
	case MethodExtend:
		return "extend"
	}
	return "reverse"
}

// written makes the sound problem p, made by candidate i, the Problem
// to write, after proving it again on a cleared table: Judge must call it
// Sound with the same length, and a solve must find a shortest mate of
// that length (its nodes are the Problem's), and the problem and the
// judged line must keep to st.Constraints. nil when they do not.
//
// Why again: the solver's table keeps what earlier searches proved, and a
// search bounded to L plies judges the relative futility of a drop by L
// (docs/rules.md), so a proof made under one bound and read under another
// can change a length. The trial's own judgement ran on a table its
// earlier searches had filled; a problem is written only when a search
// with no history agrees (docs/notes/generation.md#a-length-that-depends-on-the-table).
func written(s *dfpn.Solver, p sound, st Settings, i int) *Problem {
	plies := len(p.report.Composition.Line)
	s.Clear()
	rep := compose.Judge(s, p.pos, compose.SoundnessOptions{Plies: plies}, st.Limits)
	if rep.Verdict != compose.Sound || len(rep.Composition.Line) != plies || st.Constraints.Check(p.pos, rep.Composition.Line) != "" {
		return nil
	}
	s.Clear()
	res := s.Solve(p.pos, dfpn.Options{}, st.Limits)
	if res.Status != dfpn.Mate || !res.Shortest || len(res.PV) != plies {
		return nil
	}
	p.report = rep
	pr := newProblem(p, st, i)
	pr.Nodes = res.Nodes
	return pr
}

// writeFound records the sound problem p of st.Plies plies that a direct
// search (placement, enumeration) found, as written by method, or counts
// it as disagreed when written refuses it.
func (out *Outcome) writeFound(s *dfpn.Solver, p sound, st Settings, i int, method string) {
	out.Reached = st.Plies
	if out.Problem = written(s, p, st, i); out.Problem == nil {
		out.Disagreed++
		return
	}
	out.Problem.Method = method
	out.Problems = []*Problem{out.Problem}
}
