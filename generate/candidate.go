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
	// Problems are the sound problems of Settings.MinPlies plies or more
	// the trial made, in the order found, Problem among them.
	Problems []*Problem
	// Reached is the length of the longest sound problem the trial made
	// on the way (0: not even one ply).
	Reached int
	// Backtracks counts the frames the search gave back (candidate.go).
	Backtracks int
	// Disagreed counts the sound problems not written because the proof
	// again on a cleared table disagreed (written, method.go).
	Disagreed int
	// MateTries is how many random placements it took to find the mate
	// position (0 when it was given).
	MateTries int
	// Judges counts the judgements, Quick the candidates refused by the
	// bounded searches before a judgement, Limited the searches and
	// judgements a limit left undecided (each refused a candidate).
	Judges, Quick, Limited int
}

// Settings are what a candidate needs besides its index.
type Settings struct {
	// Plies is the length asked: odd and at least 1.
	Plies int
	// Seed is the run's seed.
	Seed uint64
	// MinPlies, when below Plies, writes the sound problems of MinPlies
	// plies or more the trials make on the way too (0: Plies only).
	MinPlies int
	// Backtracks bounds the times a trial goes back to an earlier frame
	// when a step finds no sound candidate (0: the first such step ends
	// the trial, Hirose's greedy trial).
	Backtracks int
	// BacktrackFrom, when above 0, lets only the steps of BacktrackFrom
	// plies or more give the search back: a shorter step that finds no
	// sound problem ends the trial, as in Hirose's greedy trial. The
	// siblings of a short problem are much like it and fail as it did,
	// while a long problem's children often have long children of their
	// own (docs/notes/generation.md, "Long problems grown from long
	// problems").
	BacktrackFrom int
	// Tries bounds the retractions (pairs of them, after the first ply)
	// tried at each step (0: pairTries); the random method's variants and
	// the placements' draws (0: variantTries).
	Tries int
	// Limits bound each bounded search and each judgement (Judge's whole
	// judgement gets Limits.Time; every search Limits.Nodes). A limit
	// reached makes the candidate fail at that point, never pass.
	Limits dfpn.Limits
	// QuickNodes bounds each of the bounded searches before a
	// judgement (reverse.go, next) to QuickNodes nodes per ply of the
	// step's length, within Limits.Nodes (0: Limits.Nodes alone). A search
	// stopped by it refuses its candidate, as any limit does.
	QuickNodes uint64
	// QuickMateNodes bounds one of them, the search for a mate within
	// the step's length, to QuickMateNodes nodes per ply instead, within
	// Limits.Nodes (0: QuickNodes). A sound step's mate is found in
	// a few hundred nodes; most of the nodes above that went to
	// candidates refused anyway (docs/notes/generation.md, "The search
	// for the mate bounded on its own").
	QuickMateNodes uint64
	// Captures is the policy on the attacker's captures (weights.go).
	Captures CapturePolicy
	// CarryPieces keeps the pieces Judge finds unnecessary until the
	// last step, which takes them off (reverse.go, step 4).
	CarryPieces bool
	// Mate, when set, is the mate position every candidate starts from
	// (the defender to move and checkmated, the attacker's hand empty,
	// the defender's hand the rest) instead of a random one.
	Mate *position.Position
	// Method is how candidates are made (method.go); the reverse method
	// by default.
	Method Method
	// Inputs are the problems the extend method grows, candidate i the
	// problem Inputs[i]; the run ends after them.
	Inputs []Input
	// Constraints are the composer's conditions (shape, pieces): see
	// constraints.go. Some make the candidates direct searches
	// (place.go) instead of the reverse method.
	Constraints Constraints
}

// Candidate runs candidate i of a run with settings st on the solver s
// (cleared first): a depth-first search over the sound problems the
// reverse method grows from one mate position, or, when st.Inputs are
// given, from the problem st.Inputs[i] (reverse.go's steps from a sound
// problem; the extend method, extend.go, asks one thing more of each).
// Each frame tries its candidates in order (reverse.go); a sound one
// opens the next frame, two plies longer, and a frame with none left
// gives the search back to the frame before it (a backtrack), at most
// st.Backtracks times. The search ends at the first sound problem of
// st.Plies plies. The sound problems of MinPlies plies or more found on
// the way are in the outcome, the first of each length only: the
// problems a backtrack finds share their later plies with the ones
// found before, and a trial counts once per length.
// The random method has its own trials (random.go).
func Candidate(s *dfpn.Solver, st Settings, i int) (out Outcome) {
	if st.Method == MethodRandom {
		return randomCandidate(s, st, i)
	}
	out.Index = i
	given := st.grows()
	if given && i >= len(st.Inputs) {
		return out
	}
	if !given && st.Constraints.direct() {
		return placementCandidate(s, st, i)
	}
	r := candidateRNG(st.Seed, i)
	s.Clear()
	rv := &reverser{s: s, lim: st.Limits, quickNodes: st.QuickNodes, quickMateNodes: st.QuickMateNodes, tries: st.tries(pairTries), captures: st.Captures, plies: st.Plies, carry: st.CarryPieces, extend: st.Method == MethodExtend, cons: &st.Constraints, buf: make([]position.Retraction, 0, position.MaxRetractions)}
	defer func() { out.Judges, out.Quick, out.Limited = rv.judges, rv.quick, rv.limited }()
	var first *frame
	from := ""
	if given {
		in := st.Inputs[i]
		p, ok := rv.input(in)
		if !ok {
			return out
		}
		n := len(p.report.Composition.Line)
		out.Reached = n
		if n >= st.Plies || (st.Plies-n)%2 != 0 {
			return out
		}
		first, from = rv.growFrame(p.pos, n, r), in.Name
	} else {
		m := st.Mate
		if m == nil {
			m, out.MateTries = mateFor(&st.Constraints, r, rv.buf)
			if m == nil {
				return out
			}
		}
		first = rv.firstFrame(m, r)
	}
	for _, p := range rv.search(first, r, st, &out) {
		pr := written(s, p, st, i)
		if pr == nil {
			out.Disagreed++
			continue
		}
		pr.From = from
		out.Problems = append(out.Problems, pr)
		if pr.Plies == st.Plies {
			out.Problem = pr
		}
	}
	return out
}

// search runs a trial's depth-first search from its first frame and
// returns the sound problems to write, the first of each length of
// st.MinPlies plies or more; it counts the backtracks and the longest
// length reached in out.
func (rv *reverser) search(first *frame, r *rng, st Settings, out *Outcome) []sound {
	var found []sound
	var wrote [MaxPlies + 1]bool
	stack := []*frame{first}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		p, ok := rv.next(f)
		if !ok {
			stack = stack[:len(stack)-1]
			if f.plies < st.BacktrackFrom {
				break // a short step that fails ends the trial
			}
			if out.Backtracks++; out.Backtracks > st.Backtracks {
				break
			}
			continue
		}
		out.Reached = max(out.Reached, f.plies)
		if f.plies >= st.minPlies() && !wrote[f.plies] && rv.writable(p, f.plies) {
			found = append(found, p)
			wrote[f.plies] = true
		}
		if f.plies >= st.Plies {
			break
		}
		stack = append(stack, rv.growFrame(p.pos, f.plies, r))
	}
	out.Backtracks = min(out.Backtracks, st.Backtracks)
	return found
}

// input judges a given problem (its length when known): the trial grows
// it only when it is sound.
func (rv *reverser) input(in Input) (sound, bool) {
	rep := compose.Judge(rv.s, in.Pos, compose.SoundnessOptions{Plies: in.Plies}, rv.lim)
	rv.judges++
	if rep.Verdict != compose.Sound {
		if rep.Verdict == compose.Undecided {
			rv.limited++
		}
		return sound{}, false
	}
	return sound{pos: in.Pos, report: rep}, true
}

// The default bounds of Settings.Tries. A step of the reverse and extend
// methods that has not found a sound problem in its first 100 pairs
// rarely finds one later, and the pairs after them cost as much: 100
// pairs a step make more long problems per CPU-hour than 200 or 75
// (docs/notes/generation.md, "Pairs a step"). The random method's
// simplifications and the placements' draws keep 200.
const (
	pairTries    = 100
	variantTries = 200
)

// tries is Settings.Tries, or def when it is 0.
func (st *Settings) tries(def int) int {
	if st.Tries > 0 {
		return st.Tries
	}
	return def
}

// grows tells whether the candidates grow the given problems
// (st.Inputs, one each: the extend method, or the reverse method given
// them) rather than mate positions; such a run ends after them.
func (st *Settings) grows() bool {
	return st.Method == MethodExtend || st.Inputs != nil
}

// minPlies is the shortest length written.
func (st *Settings) minPlies() int {
	if st.MinPlies <= 0 {
		return st.Plies
	}
	return min(st.MinPlies, st.Plies)
}

// writable tells whether the sound problem p of plies plies may be
// written: Judge called it Sound with exactly that length (with
// CarryPieces, the problems before the last step are sound but for the
// pieces they carry), and its line keeps to the capture policy as a
// problem to write.
func (rv *reverser) writable(p sound, plies int) bool {
	rep := &p.report
	return rep.Verdict == compose.Sound && len(rep.Composition.Line) == plies &&
		rv.capturesAllowed(p.pos, rep.Composition.Line, true)
}
