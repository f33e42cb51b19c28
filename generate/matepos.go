package generate

import (
	"errors"

	"gomate/position"
)

// The mate positions the reverse method starts from (its 初期配置, Hirose
// §3.3): the defender (White) to move and checkmated by the game's rules,
// no attacker's king, the attacker's hand empty (so that the problems
// grown from it end without spare pieces), the defender's hand the rest of
// the pieces. randomMate places the defender's king, then a few pieces of
// each side near it, and keeps the first placement that is a legal
// position and a checkmate.

// The attacker is Black (sente) and the defender White (gote) in every
// problem made here, as in the books.
const (
	attacker = position.Black
	defender = position.White
)

// Where the defender's king stands: the weight of each rank from White's
// back rank (rank a) down, and of each file from file 1. Real problems
// put the king on the top ranks, often on an edge or in a corner; the
// middle of the board is rare.
var (
	kingRankWeights = [9]float64{5, 3, 2, 0.6, 0.2}
	kingFileWeights = [9]float64{3, 2, 1.2, 1, 1, 1, 1.2, 2, 3}
)

// The kinds of the pieces placed near the king, with their weights.
var (
	attackKinds = []position.PieceType{
		position.Gold, position.Silver, position.Knight, position.Lance, position.Pawn,
		position.Rook, position.Bishop, position.Dragon, position.Horse,
		position.ProPawn, position.ProSilver,
	}
	attackKindWeights = []float64{3, 3, 2, 1.5, 1.5, 2, 2, 1.5, 1.5, 0.7, 0.5}
	defendKinds       = []position.PieceType{
		position.Gold, position.Silver, position.Pawn, position.Knight, position.Lance,
		position.Bishop, position.Rook,
	}
	defendKindWeights = []float64{3, 3, 3, 1.5, 1.5, 0.5, 0.5}
)

// maxMateTries bounds the placements randomMate tries.
const maxMateTries = 20000

// randomMate returns a random mate position (see above) that has a
// retraction (a double check by two adjacent pieces, say, has none), and
// the number of placements it tried; nil when none of maxMateTries was
// one. buf is scratch space for the retractions.
func randomMate(r *rng, buf []position.Retraction) (*position.Position, int) {
	for try := 1; try <= maxMateTries; try++ {
		if p := placeMate(r); p != nil && len(p.Retractions(buf[:0])) > 0 {
			return p, try
		}
	}
	return nil, maxMateTries
}

// placeMate makes one random placement and returns it when it is a legal
// position in which the defender is checkmated.
func placeMate(r *rng) *position.Position {
	var b board
	b.Side = defender
	k := position.NewSquare(r.pick(kingFileWeights[:]), r.pick(kingRankWeights[:]))
	b.Board[k] = position.NewPiece(defender, position.King)
	na, nd := 1+r.intn(4), r.intn(4)
	placeNearKing(&b, r, k, na, nd)
	if !b.restToDefender(defender) {
		return nil
	}
	p, err := b.position()
	if err != nil || !p.IsMate() {
		return nil
	}
	return p
}

// place puts pc on a random empty square within reach files and ranks of
// k, if the square it draws is empty and on the board.
func place(b *board, r *rng, k position.Square, pc position.Piece, reach int) {
	f := k.File() + r.intn(2*reach+1) - reach
	rank := k.Rank() + r.intn(2*reach+1) - reach
	if f < 0 || f > 8 || rank < 0 || rank > 8 {
		return
	}
	if s := position.NewSquare(f, rank); b.Board[s] == position.NoPiece {
		b.Board[s] = pc
	}
}

// isRanging reports whether pieces of kind pt move along lines: they are
// placed farther from the king.
func isRanging(pt position.PieceType) bool {
	switch pt {
	case position.Lance, position.Bishop, position.Rook, position.Horse, position.Dragon:
		return true
	}
	return false
}

// CheckMate says why m cannot start the reverse method, nil when it can:
// White (the defender) to move and checkmated, no Black king, Black's hand
// empty, White's hand the rest of the pieces, and a retraction to make.
func CheckMate(m *position.Position) error {
	b := boardOf(m)
	rest := b
	switch {
	case m.SideToMove() != defender:
		return errors.New("not White (the defender) to move")
	case !m.IsMate():
		return errors.New("White is not checkmated")
	case m.KingSquare(attacker) != position.NoSquare:
		return errors.New("Black (the attacker) has a king")
	case !m.Hand(attacker).IsEmpty():
		return errors.New("Black's hand is not empty")
	case !rest.restToDefender(defender) || rest.Hands[defender] != m.Hand(defender):
		return errors.New("White's hand is not the rest of the pieces")
	case len(m.Retractions(nil)) == 0:
		return errors.New("no move could have led to it")
	}
	return nil
}

// placeNearKing places na attacker's pieces (ranging pieces up to 4
// squares from the king at k, the others up to 2) and nd defender's
// pieces (up to 2), of random kinds by their weights.
func placeNearKing(b *board, r *rng, k position.Square, na, nd int) {
	for range na {
		pt := attackKinds[r.pick(attackKindWeights)]
		reach := 2
		if isRanging(pt) {
			reach = 4
		}
		place(b, r, k, position.NewPiece(attacker, pt), reach)
	}
	for range nd {
		pt := defendKinds[r.pick(defendKindWeights)]
		place(b, r, k, position.NewPiece(defender, pt), 2)
	}
}
