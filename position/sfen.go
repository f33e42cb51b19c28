package position

import (
	"fmt"
	"strconv"
	"strings"
)

// StartSFEN is the initial position of a game.
const StartSFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

// Startpos returns the initial position of a game.
func Startpos() *Position {
	p, err := FromSFEN(StartSFEN)
	if err != nil {
		panic(err) // the constant is valid
	}
	return p
}

// FromSFEN parses an SFEN string ("board side hands [movenumber]", or
// "startpos"). It rejects malformed text and impossible positions with an
// error that says what is wrong; it never panics.
func FromSFEN(s string) (*Position, error) {
	f := strings.Fields(s)
	if len(f) == 1 && f[0] == "startpos" {
		return FromSFEN(StartSFEN)
	}
	if len(f) < 3 || len(f) > 4 {
		return nil, fmt.Errorf("sfen: want 3 or 4 fields (board side hands [move]), got %d", len(f))
	}
	p := &Position{kings: [2]Square{NoSquare, NoSquare}, moveNum: 1}
	p.history = make([]undoState, 0, 256)
	if err := p.parseBoard(f[0]); err != nil {
		return nil, err
	}
	switch f[1] {
	case "b":
		p.side = Black
	case "w":
		p.side = White
		p.boardKey ^= zobristSide
	default:
		return nil, fmt.Errorf("sfen: side to move %q is neither b nor w", f[1])
	}
	if err := p.parseHands(f[2]); err != nil {
		return nil, err
	}
	if len(f) == 4 {
		n, err := strconv.Atoi(f[3])
		if err != nil || n < 1 {
			return nil, fmt.Errorf("sfen: move number %q is not a positive integer", f[3])
		}
		p.moveNum = n
	}
	p.handKey = handKeyOf(p.hands)
	if err := p.validate(); err != nil {
		return nil, err
	}
	p.checkers = p.attackersOfKing(p.side)
	return p, nil
}

func pieceFromLetter(ch byte) (Piece, bool) {
	c := Black
	if ch >= 'a' && ch <= 'z' {
		c = White
		ch -= 'a' - 'A'
	}
	for pt := Pawn; pt <= King; pt++ {
		if pieceLetters[pt][0] == ch {
			return NewPiece(c, pt), true
		}
	}
	return NoPiece, false
}

func (p *Position) parseBoard(b string) error {
	ranks := strings.Split(b, "/")
	if len(ranks) != 9 {
		return fmt.Errorf("sfen: board has %d ranks, want 9", len(ranks))
	}
	for r, row := range ranks {
		file := 8 // SFEN lists each rank from file 9 to file 1
		promoted := false
		for i := 0; i < len(row); i++ {
			ch := row[i]
			switch {
			case ch == '+':
				if promoted {
					return fmt.Errorf("sfen: rank %c: two '+' in a row", 'a'+r)
				}
				promoted = true
				continue
			case ch >= '1' && ch <= '9':
				if promoted {
					return fmt.Errorf("sfen: rank %c: '+' before a digit", 'a'+r)
				}
				file -= int(ch - '0')
				if file < -1 {
					return fmt.Errorf("sfen: rank %c has more than 9 squares", 'a'+r)
				}
				continue
			}
			pc, ok := pieceFromLetter(ch)
			if !ok {
				return fmt.Errorf("sfen: rank %c: unknown piece letter %q", 'a'+r, ch)
			}
			if file < 0 {
				return fmt.Errorf("sfen: rank %c has more than 9 squares", 'a'+r)
			}
			if promoted {
				if !pc.Type().CanPromote() {
					return fmt.Errorf("sfen: rank %c: %q cannot be promoted", 'a'+r, ch)
				}
				pc += Piece(Promoted)
				promoted = false
			}
			p.put(pc, NewSquare(file, r))
			file--
		}
		if promoted {
			return fmt.Errorf("sfen: rank %c ends with '+'", 'a'+r)
		}
		if file != -1 {
			return fmt.Errorf("sfen: rank %c has %d squares, want 9", 'a'+r, 8-file)
		}
	}
	return nil
}

func (p *Position) parseHands(h string) error {
	if h == "-" {
		return nil
	}
	n := 0
	for i := 0; i < len(h); i++ {
		ch := h[i]
		if ch >= '0' && ch <= '9' {
			if n == 0 && ch == '0' {
				return fmt.Errorf("sfen: hand %q: count with a leading zero (or a zero count)", h)
			}
			n = n*10 + int(ch-'0')
			if n > 18 {
				return fmt.Errorf("sfen: hand count in %q is too large", h)
			}
			continue
		}
		pc, ok := pieceFromLetter(ch)
		if !ok || !pc.Type().IsHandType() {
			return fmt.Errorf("sfen: hand %q: %q is not a piece that can be held", h, ch)
		}
		if n == 0 {
			n = 1
		}
		c, pt := pc.Color(), pc.Type()
		total := p.hands[c].Count(pt) + n
		if total > maxCount[pt] {
			return fmt.Errorf("sfen: hand holds %d %s, the game has %d", total, pc, maxCount[pt])
		}
		p.hands[c] = p.hands[c].Set(pt, total)
		n = 0
	}
	if n != 0 {
		return fmt.Errorf("sfen: hand %q ends with a count", h)
	}
	return nil
}

// validate rejects positions that cannot arise: too many pieces of a kind,
// two kings of a colour, dead pieces, two unpromoted pawns of a colour on a
// file, or the side not to move in check. A missing king is fine (tsume).
func (p *Position) validate() error {
	var count [NumPieceTypes]int
	var kings [2]int
	var pawnFiles [2][9]int
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc == NoPiece {
			continue
		}
		c, pt := pc.Color(), pc.Type()
		count[pt.Unpromote()]++
		if pt == King {
			kings[c]++
		}
		if deadSquare(c, pt, s) {
			return fmt.Errorf("sfen: %s on %s can never move again", pc, s)
		}
		if pt == Pawn {
			pawnFiles[c][s.File()]++
			if pawnFiles[c][s.File()] > 1 {
				return fmt.Errorf("sfen: two unpromoted %s pawns on file %d", c.name(), s.File()+1)
			}
		}
	}
	for c := Black; c <= White; c++ {
		if kings[c] > 1 {
			return fmt.Errorf("sfen: %s has %d kings", c.name(), kings[c])
		}
		for _, pt := range HandTypes {
			count[pt] += p.hands[c].Count(pt)
		}
	}
	for pt := Pawn; pt <= King; pt++ {
		if count[pt] > maxCount[pt] {
			return fmt.Errorf("sfen: %d pieces of kind %s, the game has %d", count[pt], pt, maxCount[pt])
		}
	}
	if p.attackersOfKing(p.side.Opp()).Any() {
		return fmt.Errorf("sfen: %s, not to move, is in check", p.side.Opp().name())
	}
	return nil
}

func (c Color) name() string {
	if c == Black {
		return "black"
	}
	return "white"
}

// deadSquare reports whether a piece of kind pt and colour c on s could
// never move: a pawn or lance on the last rank, a knight on the last two.
func deadSquare(c Color, pt PieceType, s Square) bool {
	switch pt {
	case Pawn, Lance:
		return relRank(c, s) == 0
	case Knight:
		return relRank(c, s) < 2
	}
	return false
}

// writeBoard writes the board field of an SFEN: rank a first, each rank
// from file 9 to file 1, the letters at(f, r) gives for the square of file
// index f and rank r, and a digit for each run of empty squares (those
// whose letters are "").
func writeBoard(b *strings.Builder, at func(f, r int) string) {
	for r := 0; r < 9; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		empty := 0
		for f := 8; f >= 0; f-- {
			s := at(f, r)
			if s == "" {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(s)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
	}
}

// BoardField writes the board field of an SFEN from the letters at(f, r)
// gives for the square of file index f (0: file 1) and rank r (0: rank
// a), "" for an empty square.
func BoardField(at func(f, r int) string) string {
	var b strings.Builder
	writeBoard(&b, at)
	return b.String()
}

// SFEN returns the canonical SFEN of the position: hands in the order
// R B G S N L P, Black's first, and the move number.
func (p *Position) SFEN() string {
	return writeSFEN(&p.board, p.hands, p.side, p.moveNum)
}

// SFEN returns the canonical SFEN of the diagram with move number 1, as
// Position.SFEN writes it; nothing is checked (read it back with FromSFEN
// for that).
func (d *Diagram) SFEN() string {
	return writeSFEN(&d.Board, d.Hands, d.Side, 1)
}

// writeSFEN writes the SFEN of board, hands, side and moveNum.
func writeSFEN(board *[NumSquares]Piece, hands [2]Hand, side Color, moveNum int) string {
	var b strings.Builder
	writeBoard(&b, func(f, r int) string {
		if pc := board[NewSquare(f, r)]; pc != NoPiece {
			return pc.String()
		}
		return ""
	})
	b.WriteByte(' ')
	b.WriteString(side.String())
	b.WriteByte(' ')
	if hands[Black] == 0 && hands[White] == 0 {
		b.WriteByte('-')
	} else {
		if hands[Black] != 0 {
			b.WriteString(hands[Black].sfen(Black))
		}
		if hands[White] != 0 {
			b.WriteString(hands[White].sfen(White))
		}
	}
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(moveNum))
	return b.String()
}

// String returns the SFEN of the position.
func (p *Position) String() string { return p.SFEN() }
