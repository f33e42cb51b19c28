package generate

import (
	"fmt"
	"strings"

	"gomate/position"
)

// Shapes (曲詰): the squares the pieces of a position occupy, both sides'
// kings included, as a 9x9 mask. A mask is written as on a Japanese
// diagram: 9 rows of 9 characters, '#' for an occupied square and '.' for
// an empty one, the rows separated by '/', the first row rank 1 (一) and
// the first character of a row file 9, the last file 1. The top-right
// corner, 1一, is the last character of the first row; the named shape
// "i" (1一, 1二 and 1三) is
//
//	........#/........#/........#/........./........./........./........./........./.........
//
// A mask with no square is refused (a position has at least the
// defender's king).

// Mask is a set of board squares. The zero Mask is empty.
type Mask struct {
	on [position.NumSquares]bool
}

// Has reports whether s is in the mask.
func (m *Mask) Has(s position.Square) bool { return s >= 0 && s < position.NumSquares && m.on[s] }

// Count is the number of squares in the mask.
func (m *Mask) Count() int {
	n := 0
	for _, b := range m.on {
		if b {
			n++
		}
	}
	return n
}

// Squares lists the mask's squares in square order.
func (m *Mask) Squares() []position.Square {
	var out []position.Square
	for s := position.Square(0); s < position.NumSquares; s++ {
		if m.on[s] {
			out = append(out, s)
		}
	}
	return out
}

// String writes the mask in the syntax ParseMask reads.
func (m Mask) String() string {
	var b strings.Builder
	for rank := range 9 {
		if rank > 0 {
			b.WriteByte('/')
		}
		for file := 8; file >= 0; file-- {
			if m.on[position.NewSquare(file, rank)] {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
	}
	return b.String()
}

// ParseMask reads a mask: 9 rows of 9 characters '#' or '.', separated
// by '/', rank 1 first, file 9 first in each row (see above).
func ParseMask(s string) (Mask, error) {
	var m Mask
	rows := strings.Split(s, "/")
	if len(rows) != 9 {
		return m, fmt.Errorf("mask %q: %d rows, want 9 separated by '/'", s, len(rows))
	}
	for rank, row := range rows {
		if len(row) != 9 {
			return m, fmt.Errorf("mask %q: row %d has %d characters, want 9", s, rank+1, len(row))
		}
		for i := range 9 {
			switch row[i] {
			case '#':
				m.on[position.NewSquare(8-i, rank)] = true
			case '.':
			default:
				return m, fmt.Errorf("mask %q: row %d: %q is not '#' or '.'", s, rank+1, row[i])
			}
		}
	}
	if m.Count() == 0 {
		return m, fmt.Errorf("mask %q has no square: the defender's king needs one", s)
	}
	return m, nil
}

// OccupiedMask is the mask of the squares pos's pieces stand on.
func OccupiedMask(pos *position.Position) Mask {
	var m Mask
	for s := position.Square(0); s < position.NumSquares; s++ {
		m.on[s] = pos.PieceAt(s) != position.NoPiece
	}
	return m
}

// namedShape is a mask with a name; its picture is its first rows, the
// rest of the board empty.
type namedShape struct {
	name, what string
	rows       []string
}

// namedShapes are the shapes -shape knows by name: small ones in the
// top-right corner (files 1 to 3, ranks 1 to 3), where a king can be
// mated by a few pieces. The table is read only.
var namedShapes = []namedShape{
	{"i", "a bar down file 1 (3 squares)", []string{
		"........#",
		"........#",
		"........#"}},
	{"l", "the letter L (4 squares)", []string{
		".......#.",
		".......#.",
		".......##"}},
	{"v", "the letter V (3 squares)", []string{
		"......#.#",
		".......#."}},
	{"t", "the letter T (5 squares)", []string{
		"......###",
		".......#.",
		".......#."}},
	{"7", "the digit 7 (5 squares)", []string{
		"......###",
		"........#",
		"........#"}},
	{"plus", "十, ten (5 squares)", []string{
		".......#.",
		"......###",
		".......#."}},
	{"two", "二, two (5 squares)", []string{
		".......##",
		".........",
		"......###"}},
	{"diamond", "a diamond (4 squares)", []string{
		".......#.",
		"......#.#",
		".......#."}},
	{"box", "口, a box (8 squares)", []string{
		"......###",
		"......#.#",
		"......###"}},
}

// maskOf is the named shape's mask.
func (n namedShape) maskOf() Mask {
	rows := append([]string(nil), n.rows...)
	for len(rows) < 9 {
		rows = append(rows, ".........")
	}
	m, err := ParseMask(strings.Join(rows, "/"))
	if err != nil {
		panic("generate: named shape " + n.name + ": " + err.Error()) // a bug in the table
	}
	return m
}

// ShapeNames lists the named shapes in the table's order.
func ShapeNames() []string {
	var out []string
	for _, n := range namedShapes {
		out = append(out, n.name)
	}
	return out
}

// ParseShape reads -shape's value: a mask (it contains '/') or the name
// of one of namedShapes.
func ParseShape(s string) (Mask, error) {
	if strings.Contains(s, "/") {
		return ParseMask(s)
	}
	for _, n := range namedShapes {
		if n.name == s {
			return n.maskOf(), nil
		}
	}
	return Mask{}, fmt.Errorf("unknown shape %q: want a mask (9 rows of '#' and '.' separated by '/') or one of %s", s, strings.Join(ShapeNames(), ", "))
}

// ShapeOf says which position of a problem must fit the shape.
type ShapeOf int

const (
	// ShapeInitial: the problem's position (曲詰).
	ShapeInitial ShapeOf = iota
	// ShapeFinal: the mate position at the end of the main line
	// (あぶり出し).
	ShapeFinal
)

func (o ShapeOf) String() string {
	if o == ShapeFinal {
		return "final"
	}
	return "initial"
}

// ParseShapeOf reads initial or final.
func ParseShapeOf(s string) (ShapeOf, error) {
	switch s {
	case "initial":
		return ShapeInitial, nil
	case "final":
		return ShapeFinal, nil
	}
	return 0, fmt.Errorf("want initial or final")
}
