package diagram

// The layout of a diagram, in the SVG's user units; the SVG's width and
// height equal its viewBox, so a unit is a CSS pixel when it is shown at
// its own size. From left to right: the defender's (White's) hand, the
// board, the rank numerals, the attacker's (Black's) hand; the file
// numbers above the board.
const (
	cellW = 40 // a square's width
	cellH = 44 // a square's height: shogi squares are taller than wide

	margin    = 8  // around everything
	handW     = 36 // a hand's column
	handGap   = 10 // between a hand's column and the board or the ranks
	labelSize = 26 // the band of the file numbers above the board; the column of the ranks beside it

	boardX = margin + handW + handGap // the board's left edge
	boardY = margin + labelSize       // the board's top edge
	boardW = 9 * cellW
	boardH = 9 * cellH

	ranksX     = boardX + boardW + labelSize/2                   // centre of the rank numerals
	whiteHandX = margin + handW/2                                // centre of White's hand
	blackHandX = boardX + boardW + labelSize + handGap + handW/2 // centre of Black's hand
	handTop    = boardY                                          // where both hands start

	width  = blackHandX + handW/2 + margin
	height = boardY + boardH + margin

	pieceSize = 30   // font size of a piece
	labelFont = 16   // font size of the file and rank numerals
	handStep  = 24   // the vertical advance of one character of a hand, at most
	handGapF  = 0.35 // the extra space between two items of a hand, in steps
	frameW    = 2    // the board's frame
	hoshiR    = 3    // the star points' radius
)

// cellCenter is the centre of the square drawn at column col (0 = file 9)
// and row row (0 = rank a).
func cellCenter(col, row int) (x, y float64) {
	return boardX + (float64(col)+0.5)*cellW, boardY + (float64(row)+0.5)*cellH
}
