package generate

import (
	"gomate/dfpn"
	"gomate/position"
)

// The random method (Noshita, as reported by Ishitobi §4.2), one trial:
//
//  1. A random placement (placeProblem): the defender's king on the top
//     ranks, a few attacker's and defender's pieces near it, a random
//     attacker's hand, the defender's hand the rest; the attacker to
//     move. Placements are drawn until one mates within the length asked
//     (at most maxPlacements); its exact length L is the smallest odd L
//     with a mate within L plies (bounded searches under tsume rules).
//  2. Simplification (simplify): the variants of the position (a piece
//     taken off, the attacker's hand reduced by one piece, a piece
//     weakened: weaker) are tried in a random order; the first whose
//     exact length is L or more (and not beyond the length asked) is
//     kept, and the variants of the new position are tried, until none
//     is kept or Settings.Tries variants have been tried. The length
//     never drops: Noshita kept a change when the mate was as long or
//     longer.
//  3. The result is judged (reverser.judge: compose.Judge with its exact
//     length, unnecessary pieces taken off, the policy on captures); it
//     is written only when Judge calls it sound with exactly the length
//     asked. A sound problem of another length is counted
//     (Outcome.Reached) and dropped.
//
// A search a limit leaves undecided refuses the placement or the variant
// it was testing; a judgement left undecided refuses the candidate.

// maxPlacements bounds the placements a candidate draws.
const maxPlacements = 1000

// The kinds of the attacker's hand, with their weights.
var (
	randomHandKinds = []position.PieceType{
		position.Rook, position.Bishop, position.Gold, position.Silver,
		position.Knight, position.Lance, position.Pawn,
	}
	randomHandKindWeights = []float64{1, 1, 3, 2, 1, 1, 1}
)

// randomCandidate runs candidate i of the random method.
func randomCandidate(s *dfpn.Solver, st Settings, i int) (out Outcome) {
	out.Index = i
	r := candidateRNG(st.Seed, i)
	s.Clear()
	rv := &reverser{s: s, lim: st.Limits, tries: st.tries(variantTries), captures: st.Captures, plies: st.Plies, buf: make([]position.Retraction, 0, position.MaxRetractions)}
	defer func() { out.Judges, out.Quick, out.Limited = rv.judges, rv.quick, rv.limited }()
	pos, plies, tries := rv.randomMate(r)
	out.MateTries = tries
	if pos == nil {
		return out
	}
	pos, plies = rv.simplify(pos, plies, r)
	p, ok := rv.judge(pos, plies)
	if !ok {
		return out
	}
	out.Reached = plies
	if plies >= st.minPlies() && rv.writable(p, plies) {
		pr := written(s, p, st, i)
		if pr == nil {
			out.Disagreed++
			return out
		}
		out.Problems = []*Problem{pr}
		if plies == st.Plies {
			out.Problem = pr
		}
	}
	return out
}

// randomMate draws placements until one mates within rv.plies plies and
// returns it with its exact length and the placements drawn; nil when
// none of maxPlacements does.
func (rv *reverser) randomMate(r *rng) (*position.Position, int, int) {
	for try := 1; try <= maxPlacements; try++ {
		p := placeProblem(r)
		if p == nil {
			continue
		}
		if l := rv.exactLength(p, 1); l > 0 {
			return p, l, try
		}
	}
	return nil, 0, maxPlacements
}

// placeProblem makes one random placement (step 1) and returns it when it
// is a legal position, the attacker to move.
func placeProblem(r *rng) *position.Position {
	var b board
	b.Side = attacker
	k := position.NewSquare(r.pick(kingFileWeights[:]), r.pick(kingRankWeights[:]))
	b.Board[k] = position.NewPiece(defender, position.King)
	na, nd, nh := 2+r.intn(5), r.intn(5), r.intn(4)
	placeNearKing(&b, r, k, na, nd)
	for range nh {
		b.Hands[attacker] = b.Hands[attacker].Add(randomHandKinds[r.pick(randomHandKindWeights)])
	}
	if !b.restToDefender(defender) {
		return nil
	}
	p, err := b.position()
	if err != nil {
		return nil
	}
	return p
}

// exactLength returns the exact length of the mate of c (the attacker to
// move), known to be lo plies or more, when it is at most rv.plies; 0
// when there is none that short or a limit left a search undecided.
func (rv *reverser) exactLength(c *position.Position, lo int) int {
	var opt dfpn.Options
	within := func(n int) dfpn.Status {
		st := rv.s.MateWithin(c, n, opt, rv.lim)
		if st == dfpn.Unknown {
			rv.limited++
		}
		return st
	}
	if lo < rv.plies && within(rv.plies) != dfpn.Mate {
		return 0 // the common case: no mate at all, one search
	}
	for n := lo; n <= rv.plies; n += 2 {
		switch within(n) {
		case dfpn.Mate:
			return n
		case dfpn.Unknown:
			return 0
		}
	}
	return 0
}

// simplify is step 2: it returns the simplest position it reached from
// pos (exactly plies plies) and its exact length.
func (rv *reverser) simplify(pos *position.Position, plies int, r *rng) (*position.Position, int) {
	var opt dfpn.Options
	budget := rv.tries
	for budget > 0 {
		vs := variants(boardOf(pos))
		keys := make([]float64, len(vs))
		for i := range vs {
			keys[i] = r.key(1)
		}
		kept := false
		for _, i := range descending(keys, len(vs)) {
			if budget == 0 {
				break
			}
			budget--
			c := vs[i]
			if plies >= 3 {
				// Shorter than plies: refused by one search.
				if st := rv.s.MateWithin(c, plies-2, opt, rv.lim); st != dfpn.NoMate {
					if st == dfpn.Unknown {
						rv.limited++
					}
					rv.quick++
					continue
				}
			}
			if l := rv.exactLength(c, plies); l > 0 {
				pos, plies, kept = c, l, true
				break
			}
			rv.quick++
		}
		if !kept {
			break
		}
	}
	return pos, plies
}

// variants returns the legal positions one simplification away from b
// (the attacker to move): every piece but the defender's king taken off
// or weakened, every kind of the attacker's hand reduced by one or
// weakened; the defender's hand is the rest of the pieces in each.
func variants(b board) []*position.Position {
	var out []*position.Position
	add := func(v board) {
		if !v.restToDefender(defender) {
			return
		}
		if p, err := v.position(); err == nil {
			out = append(out, p)
		}
	}
	for s := position.Square(0); s < position.NumSquares; s++ {
		pc := b.Board[s]
		if pc == position.NoPiece || pc.Type() == position.King {
			continue
		}
		v := b
		v.removeSquare(s, defender)
		add(v)
		for _, w := range weaker(pc.Type()) {
			v := b
			v.Board[s] = position.NewPiece(pc.Color(), w)
			add(v)
		}
	}
	for _, pt := range position.HandTypes {
		if b.Hands[attacker].Count(pt) == 0 {
			continue
		}
		v := b
		v.Hands[attacker] = v.Hands[attacker].Sub(pt)
		add(v)
		for _, w := range weaker(pt) {
			if !w.IsPromoted() {
				v := b
				v.Hands[attacker] = v.Hands[attacker].Sub(pt).Add(w)
				add(v)
			}
		}
	}
	return out
}

// weaker returns the kinds a piece of kind pt may be weakened to: a
// promoted ranging piece to the unpromoted one, rook to lance, gold to
// silver, silver and lance to pawn, a promoted minor piece to its
// unpromoted kind. (The weaker piece's moves are not always a subset of
// the stronger's; the length test decides.)
func weaker(pt position.PieceType) []position.PieceType {
	switch pt {
	case position.Dragon:
		return []position.PieceType{position.Rook}
	case position.Horse:
		return []position.PieceType{position.Bishop}
	case position.Rook:
		return []position.PieceType{position.Lance}
	case position.Gold:
		return []position.PieceType{position.Silver}
	case position.Silver, position.Lance:
		return []position.PieceType{position.Pawn}
	case position.ProPawn, position.ProLance, position.ProKnight, position.ProSilver:
		return []position.PieceType{pt.Unpromote()}
	}
	return nil
}
