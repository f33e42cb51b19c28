package position

// checkCand[c][pt][k]: the squares from which an unpinned piece of kind pt
// (Pawn, Lance, Knight, Silver or Gold, the latter standing for every
// gold mover) of colour c might give a direct check to a king on k in one
// move, promoting or not. Computed on an empty board, so it is a superset:
// GenerateChecks looks only at the pieces on these squares (plus the
// sliders and the discoverers), then checks each move exactly.
var checkCand [2][Gold + 1][NumSquares]Bitboard

func init() {
	for c := Black; c <= White; c++ {
		for _, pt := range [5]PieceType{Pawn, Lance, Knight, Silver, Gold} {
			for from := Square(0); from < NumSquares; from++ {
				reach := emptyBoardReach(c, pt, from)
				for reach.Any() {
					to := reach.Pop()
					// The kings this move can check, promoted or not.
					kings := emptyBoardReach(c, pt, to)
					if pt != Gold && (inPromotionZone(c, from) || inPromotionZone(c, to)) {
						kings = kings.Or(stepAttacks[c][Gold][to]) // the promoted kinds move like a gold
					}
					for kings.Any() {
						checkCand[c][pt][kings.Pop()].Set(from)
					}
				}
			}
		}
	}
}

// emptyBoardReach returns where a piece of kind pt (Pawn, Lance, Knight,
// Silver or Gold) and colour c on s attacks on an empty board.
func emptyBoardReach(c Color, pt PieceType, s Square) Bitboard {
	if pt == Lance {
		return rays[lanceDir[c]][s]
	}
	return stepAttacks[c][pt][s]
}
