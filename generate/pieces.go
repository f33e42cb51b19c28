package generate

import (
	"fmt"
	"strings"

	"gomate/position"
)

// Conditions on the pieces of a problem's position (-pieces), a
// comma-separated list of terms, each at most once:
//
//   - bare-king (裸玉): the defender's king is the only piece on the
//     board; every other piece is in a hand.
//   - hand=H: the attacker's hand is exactly H, in SFEN letters ("RB",
//     "2GS"; "-" for an empty hand).
//   - one-kind=X (一色図式): every piece of the problem but the
//     defender's king (the board pieces of both sides and the attacker's
//     hand) is of kind X or its promoted form, X one of P L N S G B R.
//     The defender's hand, the rest of the pieces by the tsume
//     convention, is not counted.
//
// The conditions are on the problem's (initial) position.

// PieceSpec is a parsed -pieces value; the zero value asks nothing.
type PieceSpec struct {
	// BareKing: only the defender's king on the board.
	BareKing bool
	// HandSet says that the attacker's hand must be Hand.
	HandSet bool
	Hand    position.Hand
	// OneKind, when not NoPieceType, is the one kind (unpromoted) of
	// every piece but the defender's king.
	OneKind position.PieceType
}

// kindLetters are the kinds one-kind= accepts, by SFEN letter.
var kindLetters = map[string]position.PieceType{
	"P": position.Pawn, "L": position.Lance, "N": position.Knight, "S": position.Silver,
	"G": position.Gold, "B": position.Bishop, "R": position.Rook,
}

// ParsePieces reads a -pieces value (see above).
func ParsePieces(s string) (PieceSpec, error) {
	var p PieceSpec
	seen := map[string]bool{}
	for _, term := range strings.Split(s, ",") {
		key, val, hasVal := strings.Cut(strings.TrimSpace(term), "=")
		if seen[key] {
			return p, fmt.Errorf("%q given twice", key)
		}
		seen[key] = true
		switch {
		case key == "bare-king" && !hasVal:
			p.BareKing = true
		case key == "hand" && hasVal:
			h, err := position.ParseHand(val)
			if err != nil {
				return p, fmt.Errorf("hand=%s: %v", val, err)
			}
			for _, pt := range position.HandTypes {
				if h.Count(pt) > gameTotals[pt] {
					return p, fmt.Errorf("hand=%s: %d of %s, the game has %d", val, h.Count(pt), position.NewPiece(attacker, pt), gameTotals[pt])
				}
			}
			p.HandSet, p.Hand = true, h
		case key == "one-kind" && hasVal:
			pt, ok := kindLetters[strings.ToUpper(val)]
			if !ok {
				return p, fmt.Errorf("one-kind=%s: want one of P L N S G B R", val)
			}
			p.OneKind = pt
		default:
			return p, fmt.Errorf("unknown term %q: want bare-king, hand=H or one-kind=X", term)
		}
	}
	if p.HandSet && p.OneKind != position.NoPieceType {
		for _, pt := range position.HandTypes {
			if pt != p.OneKind && p.Hand.Count(pt) > 0 {
				return p, fmt.Errorf("hand=%s holds %s, not of the one kind %s", p.Hand, position.NewPiece(attacker, pt), position.NewPiece(attacker, p.OneKind))
			}
		}
	}
	if p.BareKing && p.HandSet && p.Hand.IsEmpty() {
		return p, fmt.Errorf("a bare king and an empty hand: nothing can give check")
	}
	return p, nil
}

// String writes the spec in the syntax ParsePieces reads ("" for none).
func (p PieceSpec) String() string {
	var terms []string
	if p.BareKing {
		terms = append(terms, "bare-king")
	}
	if p.HandSet {
		h := p.Hand.String()
		if h == "" {
			h = "-"
		}
		terms = append(terms, "hand="+h)
	}
	if p.OneKind != position.NoPieceType {
		terms = append(terms, "one-kind="+position.NewPiece(attacker, p.OneKind).String())
	}
	return strings.Join(terms, ",")
}

// IsZero reports whether the spec asks nothing.
func (p PieceSpec) IsZero() bool { return p == PieceSpec{} }

// check says how pos (a problem, the attacker to move) breaks the spec,
// "" when it keeps to it.
func (p PieceSpec) check(pos *position.Position) string {
	if p.HandSet && pos.Hand(attacker) != p.Hand {
		return fmt.Sprintf("the attacker's hand is %q, not %q", pos.Hand(attacker), p.Hand)
	}
	k := pos.KingSquare(defender)
	for s := position.Square(0); s < position.NumSquares; s++ {
		pc := pos.PieceAt(s)
		if pc == position.NoPiece || s == k {
			continue
		}
		if p.BareKing {
			return fmt.Sprintf("%s on %s: not a bare king", pc, s)
		}
		if p.OneKind != position.NoPieceType && pc.Type().Unpromote() != p.OneKind {
			return fmt.Sprintf("%s on %s: not of the one kind %s", pc, s, position.NewPiece(attacker, p.OneKind))
		}
	}
	if p.OneKind != position.NoPieceType {
		for _, pt := range position.HandTypes {
			if pt != p.OneKind && pos.Hand(attacker).Count(pt) > 0 {
				return fmt.Sprintf("%s in the attacker's hand: not of the one kind %s", position.NewPiece(attacker, pt), position.NewPiece(attacker, p.OneKind))
			}
		}
	}
	return ""
}

// kindAllowed reports whether a piece of kind pt (either side, promoted
// or not) may stand on the board or in the attacker's hand.
func (p PieceSpec) kindAllowed(pt position.PieceType) bool {
	return p.OneKind == position.NoPieceType || pt.Unpromote() == p.OneKind
}
