package generate

import (
	"cmp"
	"math"
	"slices"

	"gomate/compose"
	"gomate/dfpn"
	"gomate/position"
)

// The reverse method (逆算法, Hirose, Ito and Matsubara), one trial:
//
//  1. A mate position M (matepos.go), or the one given.
//  2. One ply: a retraction of the attacker's last move gives Q, the
//     attacker to move; Q must be a sound problem of one ply.
//  3. Two plies more, from a sound problem P of n plies: a retraction of
//     the defender's move d gives R, the defender to move and in check;
//     a retraction of the attacker's move a from R gives C, the attacker
//     to move (a gives check, since the defender is in check in R). C is
//     a candidate of n+2 plies: it must not mate within n plies, must
//     mate within n+2, must not mate within n+2 by a second first move
//     (bounded searches, cheap), and then Judge must call it sound with
//     exactly n+2 plies.
//  4. Unnecessary pieces: when Judge's only objection is a piece that is
//     not needed, the piece is taken off (to the defender's hand, as the
//     tsume convention has it) and the problem judged again, until it is
//     sound or fails for another reason. Every problem on the way is
//     sound; a piece that one length does not need is gone for the next.
//     With Settings.CarryPieces the steps before the last keep such
//     pieces (the problems on the way are then sound but for them: points
//     1 to 4 and 6 proven, as Hirose kept the mate position's pieces and
//     deleted the unneeded ones at the end), and the last step takes them
//     off.
//  5. Steps 3 and 4 repeat until the length asked; the first step that
//     finds no sound candidate among the pairs it tries ends the trial.
//
// At each step the retractions are tried in a random order weighted as
// weights.go says, at most tries of them (pairs at step 3).

// reverser runs trials of the reverse method on one solver.
type reverser struct {
	s   *dfpn.Solver
	lim dfpn.Limits // each bounded search, each judgement
	// quickNodes is Settings.QuickNodes: the node limit, per ply, of the
	// bounded searches before a judgement.
	quickNodes uint64
	// quickMateNodes is Settings.QuickMateNodes: the limit, per ply, of
	// the search for a mate within the step's length (0: quickNodes).
	quickMateNodes uint64
	tries          int // retractions (pairs) tried per step
	// captures is the policy on the attacker's captures, plies the
	// length of the problem to write.
	captures CapturePolicy
	plies    int
	// carry keeps the pieces the judge finds unnecessary until the last
	// step (Settings.CarryPieces).
	carry bool
	// extend keeps a grown problem only when its main line leads to the
	// problem it was grown from (extend.go).
	extend bool
	// cons are the composer's conditions, checked on every problem kept
	// (Constraints.stepAllows) and on every piece taken off.
	cons *Constraints
	// judges counts the judgements; quick counts the candidates that
	// the bounded searches refused before any judgement; limited
	// those a limit left undecided (a bounded search or a judgement).
	judges, quick, limited int
	buf                    []position.Retraction
}

// sound is a problem Judge has called sound, with the report.
type sound struct {
	pos    *position.Position
	report compose.Soundness
}

// A frame is one level of a trial's depth-first search: the candidates
// of plies plies made from one sound problem (or, at one ply, from the
// mate position), in the order they are tried, and how many have been.
type frame struct {
	plies int
	from  []*position.Position // the positions the retractions apply to
	pairs []pair               // the candidates
	order []int                // indices into pairs, in the order tried
	next  int                  // how many of order have been tried
	// grownFrom is the sound problem the candidates grow (nil at one ply).
	grownFrom *position.Position
}

// pair is a candidate: the retraction a from the position from[r] (at one
// ply the mate position; after that a position with the defender to move,
// in check, so that a retracts a check).
type pair struct {
	r int
	a position.Retraction
}

// firstFrame opens the frame of the problems of one ply made from the mate
// position m: the retractions of the attacker's last move.
func (rv *reverser) firstFrame(m *position.Position, r *rng) *frame {
	xs := slices.Clone(m.Retractions(rv.buf[:0]))
	f := &frame{plies: 1, from: []*position.Position{m}}
	keys := make([]float64, len(xs))
	allow := rv.captures.allows(rv.plies == 1)
	for i, x := range xs {
		keys[i] = r.key(attackWeight(x, allow))
		f.pairs = append(f.pairs, pair{r: 0, a: x})
	}
	f.order = descending(keys, rv.tries)
	return f
}

// growFrame opens the frame of the problems of n+2 plies made from p, a
// sound problem of n plies: a retraction of the defender's move d, then
// of the attacker's check before it.
func (rv *reverser) growFrame(p *position.Position, n int, r *rng) *frame {
	ds := slices.Clone(p.Retractions(rv.buf[:0]))
	f := &frame{plies: n + 2, grownFrom: p}
	var keys []float64
	allow := rv.captures.allows(n+2 == rv.plies)
	for _, d := range ds {
		q := p.Prior(d)
		if !q.InCheck() {
			continue // the attacker's move before d gave no check
		}
		wd := defenceWeight(d)
		for _, a := range q.Retractions(rv.buf[:0]) {
			if wa := attackWeight(a, allow); wa > 0 {
				f.pairs = append(f.pairs, pair{r: len(f.from), a: a})
				keys = append(keys, r.key(wd*wa))
			}
		}
		f.from = append(f.from, q)
	}
	f.order = descending(keys, rv.tries)
	return f
}

// next returns the next candidate of f that Judge proves sound with f.plies
// plies (unnecessary pieces taken off), or false when none is left. After
// one ply, bounded searches come first (cheap): the candidate must not
// mate within n = f.plies-2 plies, must mate within f.plies, and must not
// have a second first move that does (secondFirstMove).
func (rv *reverser) next(f *frame) (sound, bool) {
	// The estimate of a defender's new reply by the attacker's checks
	// after it costs these small searches more than it saves
	// (docs/notes/generation.md#the-quick-searches-without-check-count-estimates).
	var opt dfpn.Options
	opt.Set(dfpn.CheckCountEstimates, false)
	// The bounded searches' limits; the search for a mate within n+2 has
	// its own.
	lim, mateLim := rv.quickLimits(f.plies, rv.quickNodes), rv.quickLimits(f.plies, cmp.Or(rv.quickMateNodes, rv.quickNodes))
	for f.next < len(f.order) {
		pr := f.pairs[f.order[f.next]]
		f.next++
		c := f.from[pr.r].Prior(pr.a)
		if f.plies == 1 {
			if p, ok := rv.judge(c, 1); ok {
				return p, true
			}
			continue
		}
		n := f.plies - 2
		st := rv.s.MateWithin(c, n, opt, lim)
		if st == dfpn.NoMate {
			var first position.Move
			if st, first = rv.s.MateWithinBy(c, n+2, opt, mateLim); st == dfpn.Mate {
				if rv.secondFirstMove(c, n+2, first, opt, lim) {
					rv.quick++
					continue
				}
				if q, ok := rv.judge(c, n+2); ok && (!rv.extend || leadsTo(q, f.grownFrom)) {
					return q, true
				}
				continue
			}
		}
		if st == dfpn.Unknown {
			rv.limited++
		}
		rv.quick++
	}
	return sound{}, false
}

// secondFirstMove reports whether a check of c other than first, which
// mates within plies plies, mates within plies too: c, which mates within
// no fewer plies, then has an alternative mate at its first move
// (point 3), whichever of the two the main line starts with, and Judge
// would refuse it after its costlier solve. It is false when first is
// NoMove or a limit leaves the search undecided.
func (rv *reverser) secondFirstMove(c *position.Position, plies int, first position.Move, opt dfpn.Options, lim dfpn.Limits) bool {
	if first == position.NoMove {
		return false
	}
	opt.ExcludeRootMoves = []position.Move{first}
	return rv.s.MateWithin(c, plies, opt, lim) == dfpn.Mate
}

// quickLimits are the limits of a bounded search of a step to plies
// plies: perPly nodes per ply (Settings.QuickNodes or QuickMateNodes),
// within the run's node limit. The searches that end sound problems are
// small (docs/notes/generation.md, "The cost of a step"); most of the
// nodes a bound saves went to candidates refused anyway.
func (rv *reverser) quickLimits(plies int, perPly uint64) dfpn.Limits {
	lim := rv.lim
	if q := perPly * uint64(plies); q > 0 && (lim.Nodes == 0 || q < lim.Nodes) {
		lim.Nodes = q
	}
	return lim
}

// judge judges c as a problem of plies plies and takes off, one at a time,
// the pieces Judge finds unnecessary; it returns the sound problem left,
// or false when a judgement fails for any other reason (a limit
// included).
func (rv *reverser) judge(c *position.Position, plies int) (sound, bool) {
	for range position.NumSquares + len(position.HandTypes) {
		rep := compose.Judge(rv.s, c, compose.SoundnessOptions{Plies: plies}, rv.lim)
		rv.judges++
		if rep.Verdict == compose.Undecided {
			rv.limited++
		}
		if rep.Verdict == compose.Sound && len(rep.Composition.Line) == plies {
			if !rv.capturesAllowed(c, rep.Composition.Line, plies == rv.plies) || !rv.cons.stepAllows(c, rep.Composition.Line, plies == rv.plies) {
				return sound{}, false
			}
			return sound{pos: c, report: rep}, true
		}
		f, ok := rep.Unnecessary()
		if !ok {
			return sound{}, false
		}
		if rv.carry && plies < rv.plies {
			// Sound but for a piece not needed yet: kept for the
			// steps to come (points 1 to 4 and 6 are proven).
			if !rv.capturesAllowed(c, rep.Composition.Line, false) || !rv.cons.stepAllows(c, rep.Composition.Line, false) {
				return sound{}, false
			}
			return sound{pos: c, report: rep}, true
		}
		b := boardOf(c)
		if f.Square == position.NoSquare {
			pt := f.Piece.Type()
			b.Hands[attacker] = b.Hands[attacker].Sub(pt)
			b.Hands[defender] = b.Hands[defender].Add(pt)
		} else {
			b.removeSquare(f.Square, defender)
		}
		next, err := b.position()
		if err != nil || !rv.cons.mayRemove(next, f, rep.Composition.Line) {
			return sound{}, false
		}
		c = next
	}
	return sound{}, false
}

// capturesAllowed reports whether the attacker's captures in line (from
// c) keep to the policy: the retractions keep to it, but the main line
// Judge proves may start with another move than the one retracted (when
// the defender has a longer defence after it), and that move may capture.
// last tells that line is the problem to write.
func (rv *reverser) capturesAllowed(c *position.Position, line []position.Move, last bool) bool {
	if rv.captures == CapturesWeighted {
		return true
	}
	p := c.Clone()
	for i, m := range line {
		if i%2 == 0 && p.PieceAt(m.To()) != position.NoPiece && (rv.captures == CapturesNone || i == 0 && last) {
			return false
		}
		p.DoMove(m)
	}
	return true
}

// descending returns the indices of the n largest keys, largest first
// (ties by index, so that the order depends on the keys alone); a key of
// weight 0 (-Inf) is never returned.
func descending(keys []float64, n int) []int {
	var idx []int
	for i, k := range keys {
		if !math.IsInf(k, -1) {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(keys[b], keys[a]) })
	return idx[:min(n, len(idx))]
}
