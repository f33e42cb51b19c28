package generate

import (
	"fmt"
	"strings"

	"gomate/compose"
	"gomate/position"
)

// Constraints are the conditions a composer asks of the problems besides
// their length (Settings.Constraints): a shape (曲詰 on the problem's
// position, あぶり出し on the mate position at the end of the main line)
// and conditions on the pieces (pieces.go). The zero value asks nothing.
//
// How the generation meets them:
//
//   - A shape of the final position, or one-kind without a bare king or
//     a shape of the initial position: the reverse method, started from
//     mate positions that keep to them (shapemate.go: the mask's squares
//     filled, the pieces of the one kind). At every step the problem the
//     judge calls sound must keep to them too: its main line, played
//     out, must end on the mask, and its pieces be of the one kind. An
//     unnecessary piece is taken off only when the main line played
//     without it still ends on the mask; otherwise the candidate is
//     rejected.
//   - A shape of the initial position or a bare king: the reverse method
//     almost never lands on them, so the candidates are direct searches
//     (place.go): random placements on exactly the mask's squares with
//     an attacker's hand, improved by local changes, each tested by the
//     solver and then by the judge; for a bare king, the pairs of a hand
//     and a king's square in order (barekings.go).
//   - hand=: checked on the problem written (the reverse method), or
//     the hand placed (a direct search).
//
// Whatever the way, the problem written has been called sound by
// compose.Judge with exactly the length asked, and Check has verified
// every condition on it and on its main line.
type Constraints struct {
	// Shape, when not nil, is the mask the pieces of the position Of
	// names must occupy exactly. It is not changed once set.
	Shape *Mask
	Of    ShapeOf
	// Pieces are the conditions on the problem's pieces.
	Pieces PieceSpec
}

// String writes the constraints as the flags that ask them:
// "-shape MASK -shape-of initial|final -pieces SPEC", each part present
// only when asked; "" for none.
func (c *Constraints) String() string {
	var parts []string
	if c.Shape != nil {
		parts = append(parts, "-shape "+c.Shape.String(), "-shape-of "+c.Of.String())
	}
	if !c.Pieces.IsZero() {
		parts = append(parts, "-pieces "+c.Pieces.String())
	}
	return strings.Join(parts, " ")
}

// IsZero reports whether nothing is asked.
func (c *Constraints) IsZero() bool { return c.Shape == nil && c.Pieces.IsZero() }

// direct reports whether the candidates are direct searches (place.go)
// rather than the reverse method.
func (c *Constraints) direct() bool {
	return c.Shape != nil && c.Of == ShapeInitial || c.Pieces.BareKing
}

// maxPieces is the most pieces a problem can have on the board and in the
// attacker's hand: the game's 40 less the attacker's king, which the
// problems made here never have.
const maxPieces = 39

// Validate says why no problem of plies plies can meet the constraints,
// nil when that is not known beforehand. It detects: a mask with more
// squares than there are pieces (all 39, or the king and the pieces of
// the one kind, for a shape of the initial position); a bare king with a
// shape of the initial position of more than one square; a bare king and
// a one-ply problem (a single dropped piece never mates a lone king:
// TestBareKingNoMateInOne enumerates them); a hand= that, with the mask's
// other squares, needs more pieces than the game has. Other impossible
// requests (a bare king with only pawns in hand, say) are not detected:
// the run then finds nothing.
func (c *Constraints) Validate(plies int) error {
	p := c.Pieces
	if p.BareKing && plies == 1 {
		return fmt.Errorf("a bare king cannot be mated in one ply: a single dropped piece never mates it")
	}
	if c.Shape == nil {
		return nil
	}
	n := c.Shape.Count()
	if n > maxPieces {
		return fmt.Errorf("the shape has %d squares: a problem has at most %d pieces (no attacker's king)", n, maxPieces)
	}
	if c.Of != ShapeInitial {
		return nil
	}
	if p.BareKing && n != 1 {
		return fmt.Errorf("a bare king stands alone, but the shape of the initial position has %d squares", n)
	}
	if p.OneKind != position.NoPieceType {
		if have := gameTotals[p.OneKind]; n-1 > have {
			return fmt.Errorf("the shape has %d squares besides the king's, the game has %d pieces of the one kind %s", n-1, have, position.NewPiece(attacker, p.OneKind))
		}
		if p.HandSet && n-1+p.Hand.Count(p.OneKind) > gameTotals[p.OneKind] {
			return fmt.Errorf("hand=%s and the shape's %d squares besides the king's need more pieces of %s than the game's %d", p.Hand, n-1, position.NewPiece(attacker, p.OneKind), gameTotals[p.OneKind])
		}
	}
	if p.HandSet && n+p.Hand.Total() > maxPieces {
		return fmt.Errorf("hand=%s and the shape's %d squares need more than the game's %d pieces", p.Hand, n, maxPieces)
	}
	return nil
}

// Check says how the problem pos with its main line breaks the
// constraints, "" when it keeps to all of them. It is the last test of
// every problem written.
func (c *Constraints) Check(pos *position.Position, line []position.Move) string {
	if why := c.Pieces.check(pos); why != "" {
		return why
	}
	if c.Shape == nil {
		return ""
	}
	var got Mask
	if c.Of == ShapeInitial {
		got = OccupiedMask(pos)
	} else {
		end, err := playLine(pos, line)
		if err != nil {
			return "the main line: " + err.Error()
		}
		got = OccupiedMask(end)
	}
	if got != *c.Shape {
		return fmt.Sprintf("the %s position occupies %s, not the shape %s", c.Of, got, c.Shape)
	}
	return ""
}

// stepAllows reports whether a problem the reverse method's judge called
// sound, with its main line, may be kept at a step: the final shape and
// one-kind at every step, everything at the last (the problem written).
// A nil c asks nothing.
func (c *Constraints) stepAllows(pos *position.Position, line []position.Move, last bool) bool {
	if c == nil {
		return true
	}
	if last || c.IsZero() {
		return c.Check(pos, line) == ""
	}
	if c.Pieces.OneKind != position.NoPieceType {
		if (PieceSpec{OneKind: c.Pieces.OneKind}).check(pos) != "" {
			return false
		}
	}
	if c.Shape != nil && c.Of == ShapeFinal {
		end, err := playLine(pos, line)
		return err == nil && OccupiedMask(end) == *c.Shape
	}
	return true
}

// mayRemove reports whether the reverse method may take off the piece f,
// which the judge of pos found unnecessary (its main line line the same
// without it), leaving reduced: with a shape, only when the shape is kept
// (the initial position's never is when a board piece goes; the final
// one is when line, played in reduced, still ends on the mask). A nil c
// asks nothing.
func (c *Constraints) mayRemove(reduced *position.Position, f compose.PieceFinding, line []position.Move) bool {
	if c == nil || c.Shape == nil {
		return true
	}
	if c.Of == ShapeInitial {
		return f.Square == position.NoSquare
	}
	end, err := playLine(reduced, line)
	return err == nil && OccupiedMask(end) == *c.Shape
}

// playLine plays line from pos, each move checked legal, and returns the
// position at its end.
func playLine(pos *position.Position, line []position.Move) (*position.Position, error) {
	p := pos.Clone()
	for i, m := range line {
		if !p.IsLegal(m) {
			return nil, fmt.Errorf("move %d, %s, is not legal", i+1, m)
		}
		p.DoMove(m)
	}
	return p, nil
}
