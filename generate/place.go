package generate

import (
	"strings"

	"gomate/compose"
	"gomate/dfpn"
	"gomate/position"
)

// The direct search (method "placement" in the output), for the
// constraint the reverse method almost never meets: a shape of the
// initial position (曲詰). (A bare king, 裸玉, is enumerated instead:
// barekings.go.) A candidate is a local search from one random
// placement:
//
//  1. Place the defender's king on a square of the mask (weighted as
//     randomMate weights the king's squares) and a random piece of either
//     side on every other square of it (none for a bare king, whose king
//     stands anywhere, weighted the same); draw an attacker's hand (the
//     one hand= gives, or 0 to 2 pieces, 1 to 4 for a bare king); the
//     defender's hand is the rest. Every piece is of the one kind when
//     one-kind= asks it.
//  2. Score the placement: 0 when it is not a legal problem; 1 when the
//     solver finds no mate within the plies asked (or a limit stops it);
//     2 when it finds one within two plies less (too short); from 3 on a
//     mate of exactly the length, judged by compose.Judge, 3 plus a tenth
//     for each point the judge passed before failing (in its order: 2,
//     4, 3, 6, 5), 3.45 when it is sound but breaks a constraint, and 4
//     when it is sound and keeps to every constraint: found.
//  3. Change the placement at random (one piece's kind, side or
//     promotion; the king's square, swapped with a piece's on the mask;
//     a piece of the hand added, taken away or changed, unless hand= fixes
//     it), keep the change when its score is not lower, and repeat up to
//     Settings.Tries times or until found.
//
// The moves never leave the mask: every placement occupies exactly its
// squares.

// placer runs the direct search of one candidate.
type placer struct {
	s     *dfpn.Solver
	lim   dfpn.Limits
	c     *Constraints
	plies int
	r     *rng
	// captures is the policy on the attacker's captures, applied to the
	// main line as the reverse method applies it to the problem written.
	captures CapturePolicy
	// judges, quick and limited count as reverser's do.
	judges, quick, limited int
}

// Weights of the pieces a placement puts in the attacker's hand.
var (
	handKinds       = []position.PieceType{position.Rook, position.Bishop, position.Gold, position.Silver, position.Knight, position.Lance, position.Pawn}
	handKindWeights = []float64{2, 2, 3, 3, 2, 1.5, 1}
)

// placementCandidate runs candidate i as a direct search.
func placementCandidate(s *dfpn.Solver, st Settings, i int) (out Outcome) {
	if st.Constraints.Pieces.BareKing {
		return bareKingCandidate(s, st, i) // barekings.go
	}
	out.Index = i
	pl := &placer{s: s, lim: st.Limits, c: &st.Constraints, plies: st.Plies, r: candidateRNG(st.Seed, i), captures: st.Captures}
	s.Clear()
	defer func() { out.Judges, out.Quick, out.Limited = pl.judges, pl.quick, pl.limited }()
	cur := pl.random()
	score, found := pl.score(cur)
	for t := 0; t < st.tries(variantTries) && found.pos == nil; t++ {
		next := pl.mutate(cur)
		sc, f := pl.score(next)
		if sc >= score {
			cur, score, found = next, sc, f
		}
	}
	if found.pos == nil {
		return out
	}
	out.writeFound(s, found, st, i, "placement")
	return out
}

// squares are the squares a placement fills: the mask's, or none for a
// bare king without a shape of the initial position.
func (pl *placer) squares() []position.Square {
	if pl.c.Shape != nil && pl.c.Of == ShapeInitial {
		return pl.c.Shape.Squares()
	}
	return nil
}

// random is a random placement (step 1), the attacker to move.
func (pl *placer) random() board {
	var b board
	b.Side = attacker
	sq := pl.squares()
	var k position.Square
	if sq == nil {
		k = position.NewSquare(pl.r.pick(kingFileWeights[:]), pl.r.pick(kingRankWeights[:]))
	} else {
		k = sq[pl.r.pick(kingWeightsOn(sq))]
	}
	b.Board[k] = position.NewPiece(defender, position.King)
	for _, s := range sq {
		if s != k {
			b.Board[s] = pl.randomPiece()
		}
	}
	b.Hands[attacker] = pl.randomHand()
	return b
}

// randomPiece is a piece for a square of the mask: the attacker's with
// probability 0.6.
func (pl *placer) randomPiece() position.Piece {
	if pl.r.chance(0.6) {
		ks, ws := kindsOf(attackKinds, attackKindWeights, pl.c.Pieces)
		return position.NewPiece(attacker, ks[pl.r.pick(ws)])
	}
	ks, ws := kindsOf(defendKinds, defendKindWeights, pl.c.Pieces)
	return position.NewPiece(defender, ks[pl.r.pick(ws)])
}

// randomHand is an attacker's hand: hand='s, or 0 to 2 random pieces (1 to
// 4 for a bare king).
func (pl *placer) randomHand() position.Hand {
	if pl.c.Pieces.HandSet {
		return pl.c.Pieces.Hand
	}
	n := pl.r.intn(3)
	if pl.c.Pieces.BareKing {
		n = 1 + pl.r.intn(4)
	}
	var h position.Hand
	for range n {
		h = h.Add(pl.handPiece())
	}
	return h
}

// handPiece is a random kind for the attacker's hand.
func (pl *placer) handPiece() position.PieceType {
	ks, ws := kindsOf(handKinds, handKindWeights, pl.c.Pieces)
	return ks[pl.r.pick(ws)]
}

// mutate returns b changed in one random way (step 3).
func (pl *placer) mutate(b board) board {
	k := position.NoSquare
	var pieces []position.Square // the squares of the pieces but the king
	for s := position.Square(0); s < position.NumSquares; s++ {
		switch pc := b.Board[s]; {
		case pc == position.NewPiece(defender, position.King):
			k = s
		case pc != position.NoPiece:
			pieces = append(pieces, s)
		}
	}
	handFixed := pl.c.Pieces.HandSet
	for {
		switch op := pl.r.intn(5); {
		case op <= 2 && len(pieces) > 0:
			s := pieces[pl.r.intn(len(pieces))]
			pc := b.Board[s]
			switch op {
			case 0:
				b.Board[s] = pl.randomPiece()
			case 1:
				b.Board[s] = position.NewPiece(pc.Color().Opp(), pc.Type())
			default:
				pt := pc.Type()
				switch {
				case pt.CanPromote():
					pt = pt.Promote()
				case pt.IsPromoted():
					pt = pt.Unpromote()
				default:
					continue // a gold: try another change
				}
				b.Board[s] = position.NewPiece(pc.Color(), pt)
			}
			return b
		case op == 3 && len(pieces) > 0:
			s := pieces[pl.r.intn(len(pieces))]
			b.Board[k], b.Board[s] = b.Board[s], b.Board[k]
			return b
		case op == 3 && pl.squares() == nil:
			b.Board[k] = position.NoPiece
			k = position.NewSquare(pl.r.pick(kingFileWeights[:]), pl.r.pick(kingRankWeights[:]))
			b.Board[k] = position.NewPiece(defender, position.King)
			return b
		case op == 4 && !handFixed:
			b.Hands[attacker] = pl.changeHand(b.Hands[attacker])
			return b
		case len(pieces) == 0 && handFixed && pl.squares() != nil:
			return b // a lone king on a one-square mask, its hand fixed: nothing to change
		}
	}
}

// changeHand adds a random piece to h, takes one away or changes one. A
// piece is added only while the game has more of its kind (a Hand's
// field would overflow into the next kind's): otherwise h is returned
// unchanged.
func (pl *placer) changeHand(h position.Hand) position.Hand {
	add := func(h position.Hand) position.Hand {
		pt := pl.handPiece()
		if h.Count(pt) >= gameTotals[pt] {
			return position.Hand(0)
		}
		return h.Add(pt)
	}
	var in []position.PieceType
	for _, pt := range position.HandTypes {
		if h.Count(pt) > 0 {
			in = append(in, pt)
		}
	}
	var next position.Hand
	switch op := pl.r.intn(3); {
	case op == 0 || len(in) == 0:
		next = add(h)
	case op == 1 && (len(in) > 1 || h.Total() > 1 || !pl.c.Pieces.BareKing):
		return h.Sub(in[pl.r.intn(len(in))])
	default:
		next = add(h.Sub(in[pl.r.intn(len(in))]))
	}
	if next.IsEmpty() {
		return h // no piece of the kind drawn is left
	}
	return next
}

// score scores the placement b (step 2) and returns the problem when it
// is found.
func (pl *placer) score(b board) (float64, sound) {
	if !b.restToDefender(defender) {
		return 0, sound{}
	}
	pos, err := b.position()
	if err != nil || pos.KingSquare(attacker) != position.NoSquare {
		return 0, sound{}
	}
	var opt dfpn.Options
	switch st := pl.s.MateWithin(pos, pl.plies, opt, pl.lim); st {
	case dfpn.Unknown:
		pl.limited++
		pl.quick++
		return 1, sound{}
	case dfpn.NoMate:
		pl.quick++
		return 1, sound{}
	}
	if pl.plies >= 3 {
		switch st := pl.s.MateWithin(pos, pl.plies-2, opt, pl.lim); st {
		case dfpn.Unknown:
			pl.limited++
			pl.quick++
			return 1, sound{}
		case dfpn.Mate:
			pl.quick++
			return 2, sound{}
		}
	}
	rep := compose.Judge(pl.s, pos, compose.SoundnessOptions{Plies: pl.plies}, pl.lim)
	pl.judges++
	switch {
	case rep.Verdict == compose.Undecided:
		pl.limited++
		return 3, sound{}
	case rep.Verdict != compose.Sound || len(rep.Composition.Line) != pl.plies:
		return 3 + judgeProgress(&rep), sound{}
	case pl.c.Check(pos, rep.Composition.Line) != "" || !(&reverser{captures: pl.captures}).capturesAllowed(pos, rep.Composition.Line, true):
		return 3.45, sound{}
	}
	return 4, sound{pos: pos, report: rep}
}

// judgeProgress is a tenth for each point the judgement passed before the
// first it failed, in the judge's order (2, 4, 3, 6, 5); 0 when it failed
// at point 1 or 2.
func judgeProgress(rep *compose.Soundness) float64 {
	order := []string{"point 2:", "point 4:", "point 3:", "point 6:", "point 5:"}
	best := len(order)
	for _, r := range rep.Reasons {
		for i, p := range order {
			if strings.HasPrefix(r, p) && i < best {
				best = i
			}
		}
	}
	if best == len(order) {
		return 0
	}
	return float64(best) / 10
}
