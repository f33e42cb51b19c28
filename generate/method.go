package generate

import (
	"fmt"

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

// written makes the sound problem p, made by candidate i, the Problem to
// write, with the nodes of a solve on a cleared table.
func written(s *dfpn.Solver, p sound, st Settings, i int) *Problem {
	pr := newProblem(p, st, i)
	s.Clear()
	pr.Nodes = s.Solve(p.pos, dfpn.Options{}, st.Limits).Nodes
	return pr
}
