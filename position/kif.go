package position

// Japanese move notation and the KIF (Kakinoki) record format.
//
// Conventions chosen here:
//   - 同 is always followed by a full-width space (U+3000), whatever the
//     length of the piece name: "同　玉", "同　成香", in the notation and in
//     KIF alike (the form Kifu for Windows and ShogiHome write).
//   - JapaneseLine separates the moves with one ASCII space, so that the
//     full-width space inside "同　" never splits a move.
//   - The king is 玉 for both sides; the dragon is 龍.
//   - KIF move text has the origin square and 成 but never 不成 nor a
//     relative modifier; the hands of the diagram are listed from the rook
//     down (飛 角 金 銀 桂 香 歩), separated by full-width spaces.
//
// The KIF records of all the Zukou solution lines and the Japanese lines
// (read as KI2) were checked once, outside the tests, with two independent
// KIF readers (ShogiHome's and Kifu for JS's): same starts, same moves.

import (
	"strconv"
	"strings"
)

const (
	fullWidthSpace = "　"
	sameSquare     = "同" + fullWidthSpace
)

var (
	jaFiles = [9]string{"１", "２", "３", "４", "５", "６", "７", "８", "９"}
	jaRanks = [9]string{"一", "二", "三", "四", "五", "六", "七", "八", "九"}
	// jaNames are the piece names used in move text.
	jaNames = [NumPieceTypes]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"}
	// bodNames are the one-character names of the board diagram.
	bodNames = [NumPieceTypes]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍"}
	// kanjiNumbers are the counts of the diagram's hands, 0 to 18.
	kanjiNumbers = [19]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十",
		"十一", "十二", "十三", "十四", "十五", "十六", "十七", "十八"}
)

// Relative modifiers, from the mover's point of view.
const (
	relUp    = "上" // moves forward
	relBack  = "引" // moves backward
	relSide  = "寄" // moves sideways
	relLeft  = "左"
	relRight = "右"
	relStill = "直" // moves straight forward
)

// jaSquare writes s as a full-width file and a kanji rank: "７六".
func jaSquare(s Square) string { return jaFiles[s.File()] + jaRanks[s.Rank()] }

// JapaneseMove returns m, a move of the side to move in p, in standard
// Japanese notation: "７六歩", "同　玉", "２二角成", "２二角不成",
// "５五角打", "５七金直", "４三銀右上". prev is the move played just before
// m (NoMove if none): when it landed on m's destination, the square is
// written 同. 打 is written only when a piece of the same kind on the board
// could also reach the square, 不成 only when the move could promote, and
// the relative modifiers only when another piece of the same kind could
// make a legal move to the same square:
//
//  1. the movement alone (上 forward, 引 backward, 寄 sideways) when no
//     other candidate moves the same way;
//  2. otherwise 直 for a piece moving straight forward (never for a dragon
//     or a horse), or 左/右 by where the piece stands, as the mover sees
//     the board: for a dragon or a horse, left or right of the other one;
//     for other kinds, left or right of the destination, followed by the
//     movement when another candidate stands on the same side.
//
// A pass is written パス. p is not changed.
func (p *Position) JapaneseMove(m Move, prev Move) string {
	if m.IsPass() {
		return "パス"
	}
	if m == NoMove {
		return ""
	}
	var b strings.Builder
	b.WriteString(destination(m, prev))
	pt := m.Piece().Type()
	b.WriteString(jaNames[pt])
	if m.IsDrop() {
		if p.boardPieceReaches(m.Piece(), m.To()) {
			b.WriteString("打")
		}
		return b.String()
	}
	b.WriteString(p.relative(m))
	b.WriteString(promotionSuffix(p.side, m))
	return b.String()
}

// destination is "同　" when prev landed on m's square, else the square.
func destination(m, prev Move) string {
	if prev != NoMove && !prev.IsPass() && prev.To() == m.To() {
		return sameSquare
	}
	return jaSquare(m.To())
}

// promotionSuffix is 成 for a promotion, 不成 for a board move that could
// promote and does not, else "".
func promotionSuffix(c Color, m Move) string {
	switch {
	case m.IsPromotion():
		return "成"
	case !m.IsDrop() && m.Piece().Type().CanPromote() &&
		(inPromotionZone(c, m.From()) || inPromotionZone(c, m.To())):
		return "不成"
	}
	return ""
}

// reachers returns the squares of the side to move's pieces pc (other than
// the one on except) that have a legal move to square to.
func (p *Position) reachers(pc Piece, to, except Square) Bitboard {
	var buf [MaxMoves]Move
	var res Bitboard
	for _, l := range p.GenerateLegal(buf[:0]) {
		if !l.IsDrop() && l.To() == to && l.Piece() == pc && l.From() != except {
			res.Set(l.From())
		}
	}
	return res
}

// boardPieceReaches reports whether a piece pc on the board can move to to.
func (p *Position) boardPieceReaches(pc Piece, to Square) bool {
	return p.reachers(pc, to, NoSquare).Any()
}

// forward is how many ranks a move from one square to another goes
// towards the opponent, for colour c (negative: backward).
func forward(c Color, from, to Square) int {
	if c == Black {
		return from.Rank() - to.Rank()
	}
	return to.Rank() - from.Rank()
}

// leftness is the file of s counted from c's right hand side: the larger,
// the further left s lies as c sees the board (file 9 is Black's left and
// White's right).
func leftness(c Color, s Square) int {
	if c == Black {
		return s.File()
	}
	return 8 - s.File()
}

// movement is 上, 引 or 寄 for a move of colour c.
func movement(c Color, from, to Square) string {
	switch d := forward(c, from, to); {
	case d > 0:
		return relUp
	case d < 0:
		return relBack
	}
	return relSide
}

// side is 左 or 右 as a is left or right of b for colour c, "" on one file.
func side(c Color, a, b Square) string {
	switch la, lb := leftness(c, a), leftness(c, b); {
	case la > lb:
		return relLeft
	case la < lb:
		return relRight
	}
	return ""
}

// relative returns the modifiers that tell the board move m apart from the
// other pieces of its kind able to reach its destination (see JapaneseMove).
func (p *Position) relative(m Move) string {
	c := p.side
	from, to := m.From(), m.To()
	others := p.reachers(m.Piece(), to, from)
	if others.IsEmpty() {
		return ""
	}
	mv := movement(c, from, to)
	var sameMove []Square
	for b := others; b.Any(); {
		if s := b.Pop(); movement(c, s, to) == mv {
			sameMove = append(sameMove, s)
		}
	}
	if len(sameMove) == 0 {
		return mv
	}
	if pt := m.Piece().Type(); pt == Dragon || pt == Horse {
		// At most one other; two of them moving alike stand on two files.
		if s := side(c, from, sameMove[0]); s != "" {
			return s
		}
	}
	sd := side(c, from, to)
	if sd == "" {
		if mv == relUp {
			return relStill
		}
		return mv // cannot be ambiguous: only one piece can stand there
	}
	for b := others; b.Any(); {
		if side(c, b.Pop(), to) == sd {
			return sd + mv
		}
	}
	return sd
}

// JapaneseLine writes line, a sequence of legal moves from root, in
// Japanese notation with ▲ before Black's moves and △ before White's,
// separated by one ASCII space: "▲２四飛 △同　玉 ▲２三飛成". root is not
// changed. An illegal move ends the text with "(illegal move <usi>)".
func JapaneseLine(root *Position, line []Move) string {
	q := root.Clone()
	var b strings.Builder
	prev := NoMove
	for i, m := range line {
		if i > 0 {
			b.WriteByte(' ')
		}
		if !q.IsLegal(m) {
			b.WriteString("(illegal move " + m.String() + ")")
			break
		}
		if q.side == Black {
			b.WriteString("▲")
		} else {
			b.WriteString("△")
		}
		b.WriteString(q.JapaneseMove(m, prev))
		q.DoMove(m)
		prev = m
	}
	return b.String()
}

// kifMove returns m in the style of a KIF move line: "７六歩(77)",
// "同　歩(23)", "５五角打", "２二角成(88)". KIF writes 打 for every drop
// and the origin square (file and rank digits) of every board move, and
// neither relative modifiers nor 不成: the origin and 成 say all, and some
// readers (ShogiHome's) reject a KIF move written with 不成.
func kifMove(m Move, prev Move) string {
	if m.IsPass() {
		return "パス"
	}
	s := destination(m, prev) + jaNames[m.Piece().Type()]
	if m.IsDrop() {
		return s + "打"
	}
	if m.IsPromotion() {
		s += "成"
	}
	f := m.From()
	return s + "(" + strconv.Itoa(f.File()+1) + strconv.Itoa(f.Rank()+1) + ")"
}

// handText writes a hand for the board diagram: "飛　金二　歩三", "なし".
func handText(h Hand) string {
	if h.IsEmpty() {
		return "なし"
	}
	var parts []string
	for _, pt := range HandTypes {
		if n := h.Count(pt); n > 0 {
			s := jaNames[pt]
			if n > 1 {
				s += kanjiNumbers[n]
			}
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, fullWidthSpace)
}

// BOD returns the position as a KIF board diagram (BOD): White's hand, the
// board seen from Black's side with White's pieces marked v, Black's hand,
// and a last line 後手番 when White is to move. Every line ends in "\n".
func (p *Position) BOD() string {
	var b strings.Builder
	b.WriteString("後手の持駒：" + handText(p.hands[White]) + "\n")
	b.WriteString("  ９ ８ ７ ６ ５ ４ ３ ２ １\n")
	const frame = "+---------------------------+\n"
	b.WriteString(frame)
	for r := 0; r < 9; r++ {
		b.WriteByte('|')
		for f := 8; f >= 0; f-- {
			switch pc := p.board[NewSquare(f, r)]; {
			case pc == NoPiece:
				b.WriteString(" ・")
			case pc.Color() == White:
				b.WriteString("v" + bodNames[pc.Type()])
			default:
				b.WriteString(" " + bodNames[pc.Type()])
			}
		}
		b.WriteString("|" + jaRanks[r] + "\n")
	}
	b.WriteString(frame)
	b.WriteString("先手の持駒：" + handText(p.hands[Black]) + "\n")
	if p.side == White {
		b.WriteString("後手番\n")
	}
	return b.String()
}

// isStartpos reports whether the board, hands and side to move are those
// of the initial position of a game.
func (p *Position) isStartpos() bool {
	a, s := strings.Fields(p.SFEN()), strings.Fields(StartSFEN)
	return a[0] == s[0] && a[1] == s[1] && a[2] == s[2]
}

// textWidth is the display width of s: one column per ASCII character,
// two for every other one.
func textWidth(s string) int {
	w := 0
	for _, r := range s {
		if r < 0x80 {
			w++
		} else {
			w += 2
		}
	}
	return w
}

// kifMoveWidth is the width the move text is padded to in a move line.
const kifMoveWidth = 13

// KIF returns a KIF (Kakinoki format) record of line, a mating sequence of
// legal moves from root: a comment header, 手合割：平手 for the initial
// position of a game or else the board diagram (BOD), the move list with
// zero times, and a last line "まで N手で詰み" (no space after まで).
// A non-empty comment is written as * lines before the first move, where
// readers attach it to the starting position. root is not changed. An
// illegal move ends the list with "まで N手で中断", N the moves before it.
func KIF(root *Position, line []Move, comment string) string {
	var b strings.Builder
	b.WriteString("# KIF形式棋譜ファイル Generated by gomate\n")
	if root.isStartpos() {
		b.WriteString("手合割：平手\n")
	} else {
		b.WriteString(root.BOD())
	}
	b.WriteString("手数----指手---------消費時間--\n")
	if comment != "" {
		for _, l := range strings.Split(strings.TrimRight(comment, "\n"), "\n") {
			b.WriteString("*" + l + "\n")
		}
	}
	q := root.Clone()
	prev := NoMove
	end := "詰み"
	n := 0
	for _, m := range line {
		if !q.IsLegal(m) {
			end = "中断"
			break
		}
		n++
		mt := kifMove(m, prev)
		num := strconv.Itoa(n)
		b.WriteString(strings.Repeat(" ", max(0, 4-len(num))) + num + " " + mt)
		b.WriteString(strings.Repeat(" ", max(1, kifMoveWidth-textWidth(mt))))
		b.WriteString("( 0:00/00:00:00)\n")
		q.DoMove(m)
		prev = m
	}
	b.WriteString("まで" + strconv.Itoa(n) + "手で" + end + "\n")
	return b.String()
}
