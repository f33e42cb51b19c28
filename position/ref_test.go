package position

// Slow, obviously correct reference implementations that the fast code is
// checked against. They share only Attacks (itself checked by perft and the
// nshogi move lists) and DoMove/UndoMove with the code under test.

import (
	"fmt"
	"slices"
	"strings"
)

// refAttacked reports whether any piece of colour c attacks s, found by
// asking every piece of c for its attacks.
func refAttacked(p *Position, s Square, c Color) bool {
	return refAttackers(p, s, c).Any()
}

// refAttackers returns every piece of colour c attacking s.
func refAttackers(p *Position, s Square, c Color) Bitboard {
	return refAttackersWith(p, s, c, p.occupied)
}

// refAttackersWith is refAttackers with the occupancy occ (a piece lifted
// off the board, say) for the sliders' lines.
func refAttackersWith(p *Position, s Square, c Color, occ Bitboard) Bitboard {
	var res Bitboard
	for from := Square(0); from < NumSquares; from++ {
		pc := p.board[from]
		if pc != NoPiece && pc.Color() == c && Attacks(pc, from, occ).Has(s) {
			res.Set(from)
		}
	}
	return res
}

// refKingAttacked reports whether colour c's king is attacked (false
// without a king).
func refKingAttacked(p *Position, c Color) bool {
	for s := Square(0); s < NumSquares; s++ {
		if p.board[s] == NewPiece(c, King) {
			return refAttacked(p, s, c.Opp())
		}
	}
	return false
}

// refLegal generates the legal moves by brute force: every pseudo-legal
// move, played, must not leave the mover's king attacked; a pawn drop that
// checks must leave the opponent a legal reply.
func refLegal(p *Position) []Move {
	us := p.side
	var out []Move
	try := func(m Move) {
		p.DoMove(m)
		ok := !refKingAttacked(p, us)
		if ok && m.IsDrop() && m.DropType() == Pawn && refKingAttacked(p, us.Opp()) {
			ok = len(refLegal(p)) > 0 // a pawn-drop mate is illegal
		}
		p.UndoMove()
		if ok {
			out = append(out, m)
		}
	}
	for from := Square(0); from < NumSquares; from++ {
		pc := p.board[from]
		if pc == NoPiece || pc.Color() != us {
			continue
		}
		pt := pc.Type()
		dests := Attacks(pc, from, p.occupied).AndNot(p.byColor[us])
		for dests.Any() {
			to := dests.Pop()
			if pt.CanPromote() && (inPromotionZone(us, from) || inPromotionZone(us, to)) {
				try(NewMove(from, to, pc, true))
			}
			if !deadSquare(us, pt, to) {
				try(NewMove(from, to, pc, false))
			}
		}
	}
	for _, pt := range HandTypes {
		if p.hands[us].Count(pt) == 0 {
			continue
		}
		for to := Square(0); to < NumSquares; to++ {
			if p.board[to] != NoPiece || deadSquare(us, pt, to) {
				continue
			}
			if pt == Pawn && refPawnOnFile(p, us, to.File()) {
				continue
			}
			try(NewDrop(NewPiece(us, pt), to))
		}
	}
	return out
}

// refPawnOnFile reports whether colour c has an unpromoted pawn on file f.
func refPawnOnFile(p *Position, c Color, f int) bool {
	for r := 0; r < 9; r++ {
		if p.board[NewSquare(f, r)] == NewPiece(c, Pawn) {
			return true
		}
	}
	return false
}

// refKeys computes the board key and the full key from the board and the
// hands alone.
func refKeys(p *Position) (boardKey, key uint64) {
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			boardKey ^= zobristPiece[pc][s]
		}
	}
	if p.side == White {
		boardKey ^= zobristSide
	}
	var hk uint64
	for c := Black; c <= White; c++ {
		for _, pt := range HandTypes {
			for i := 0; i < p.hands[c].Count(pt); i++ {
				hk += zobristHand[c][pt]
			}
		}
	}
	return boardKey, boardKey ^ hk
}

// checkInternal returns an error when the position's derived data (piece
// sets, kings, keys, checkers) disagree with its board and hands.
func checkInternal(p *Position) error {
	var byType [NumPieceTypes]Bitboard
	var byColor [2]Bitboard
	kings := [2]Square{NoSquare, NoSquare}
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc == NoPiece {
			continue
		}
		byType[pc.Type()].Set(s)
		byColor[pc.Color()].Set(s)
		if pc.Type() == King {
			kings[pc.Color()] = s
		}
	}
	switch {
	case byType != p.byType:
		return fmt.Errorf("byType disagrees with the board")
	case byColor != p.byColor:
		return fmt.Errorf("byColor disagrees with the board")
	case byColor[0].Or(byColor[1]) != p.occupied:
		return fmt.Errorf("occupied disagrees with the board")
	case kings != p.kings:
		return fmt.Errorf("kings %v, board has %v", p.kings, kings)
	}
	bk, k := refKeys(p)
	if bk != p.BoardKey() || k != p.Key() {
		return fmt.Errorf("keys %x/%x, from scratch %x/%x", p.BoardKey(), p.Key(), bk, k)
	}
	var chk Bitboard
	if kings[p.side] != NoSquare {
		chk = refAttackers(p, kings[p.side], p.side.Opp())
	}
	if chk != p.checkers {
		return fmt.Errorf("checkers\n%v want\n%v", p.checkers, chk)
	}
	return nil
}

// state is everything a position holds except its history, comparable with ==.
type state struct {
	board    [NumSquares]Piece
	byType   [NumPieceTypes]Bitboard
	byColor  [2]Bitboard
	occupied Bitboard
	hands    [2]Hand
	kings    [2]Square
	side     Color
	moveNum  int
	boardKey uint64
	handKey  uint64
	checkers Bitboard
	ply      int
}

func stateOf(p *Position) state {
	return state{p.board, p.byType, p.byColor, p.occupied, p.hands, p.kings, p.side, p.moveNum,
		p.boardKey, p.handKey, p.checkers, len(p.history)}
}

// moveSet renders moves as sorted USI text, for comparisons and messages.
func moveSet(ms []Move) []string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.String()
	}
	slices.Sort(s)
	return s
}

// diffMoves describes how two sorted move lists differ, or returns "".
func diffMoves(got, want []string) string {
	var extra, missing []string
	i, j := 0, 0
	for i < len(got) || j < len(want) {
		switch {
		case j == len(want) || (i < len(got) && got[i] < want[j]):
			extra = append(extra, got[i])
			i++
		case i == len(got) || want[j] < got[i]:
			missing = append(missing, want[j])
			j++
		default:
			i++
			j++
		}
	}
	if len(extra) == 0 && len(missing) == 0 {
		return ""
	}
	return fmt.Sprintf("extra %v, missing %v", strings.Join(extra, " "), strings.Join(missing, " "))
}

// duplicates returns the moves that occur more than once in ms.
func duplicates(ms []Move) []Move {
	var d []Move
	seen := map[Move]bool{}
	for _, m := range ms {
		if seen[m] {
			d = append(d, m)
		}
		seen[m] = true
	}
	return d
}
