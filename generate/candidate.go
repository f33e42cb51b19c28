package generate

import (
	"gomate/compose"
	"gomate/dfpn"
	"gomate/position"
)

// Candidate i of a run is one trial of the reverse method: a mate position
// drawn from the candidate's own random source (candidateRNG(seed, i)),
// grown two plies at a time towards the length asked. It runs on a cleared
// solver, so that its outcome depends on the seed, the index and the
// settings only, not on the candidates a worker ran before: the output of
// a run is then the same for any number of workers, as long as no time
// limit cuts a search short (a node limit is deterministic, a time limit
// is not).

// Outcome is what one candidate gave.
type Outcome struct {
	Index int
	// Problem is the sound problem of the length asked, nil when the
	// trial failed on the way.
	Problem *Problem
	// Reached is the length of the longest sound problem the trial made
	// on the way (0: not even one ply).
	Reached int
	// MateTries is how many random placements it took to find the mate
	// position (0 when it was given).
	MateTries int
	// Judges counts the judgements, Quick the candidates refused by the
	// two bounded searches before a judgement, Limited the searches and
	// judgements a limit left undecided (each refused a candidate).
	Judges, Quick, Limited int
}

// Settings are what a candidate needs besides its index.
type Settings struct {
	// Plies is the length asked: odd and at least 1.
	Plies int
	// Seed is the run's seed.
	Seed uint64
	// Tries bounds the retractions (pairs of them, after the first ply)
	// tried at each step.
	Tries int
	// Limits bound each bounded search and each judgement (Judge's whole
	// judgement gets Limits.Time; every search Limits.Nodes). A limit
	// reached makes the candidate fail at that point, never pass.
	Limits dfpn.Limits
	// Captures is the policy on the attacker's captures (weights.go).
	Captures CapturePolicy
	// CarryPieces keeps the pieces Judge finds unnecessary until the
	// last step, which takes them off (reverse.go, step 4).
	CarryPieces bool
	// Mate, when set, is the mate position every candidate starts from
	// (the defender to move and checkmated, the attacker's hand empty,
	// the defender's hand the rest) instead of a random one.
	Mate *position.Position
	// Constraints are the composer's conditions (shape, pieces): see
	// constraints.go. Some make the candidates direct searches
	// (place.go) instead of the reverse method.
	Constraints Constraints
}

// Candidate runs candidate i of a run with settings st on the solver s
// (cleared first).
func Candidate(s *dfpn.Solver, st Settings, i int) (out Outcome) {
	out.Index = i
	if st.Constraints.direct() {
		return placementCandidate(s, st, i)
	}
	r := candidateRNG(st.Seed, i)
	s.Clear()
	rv := &reverser{s: s, lim: st.Limits, tries: max(st.Tries, 1), captures: st.Captures, plies: st.Plies, carry: st.CarryPieces, cons: &st.Constraints, buf: make([]position.Retraction, 0, position.MaxRetractions)}
	m := st.Mate
	if m == nil {
		m, out.MateTries = mateFor(&st.Constraints, r, rv.buf)
		if m == nil {
			return out
		}
	}
	defer func() { out.Judges, out.Quick, out.Limited = rv.judges, rv.quick, rv.limited }()
	p, ok := rv.first(m, r)
	if !ok {
		return out
	}
	out.Reached = 1
	for n := 1; n < st.Plies; n += 2 {
		if p, ok = rv.grow(p.pos, n, r); !ok {
			return out
		}
		out.Reached = n + 2
	}
	if p.report.Verdict != compose.Sound || len(p.report.Composition.Line) != st.Plies {
		return out // never: judge returns only sound problems of the length
	}
	if st.Constraints.Check(p.pos, p.report.Composition.Line) != "" {
		return out // never: judge checks them at the last step
	}
	out.Problem = newProblem(p, st, i)
	s.Clear()
	out.Problem.Nodes = s.Solve(p.pos, dfpn.Options{}, st.Limits).Nodes
	return out
}
