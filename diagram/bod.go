package diagram

import (
	"fmt"
	"strings"

	"gomate/position"
)

// drawing is a position as its KIF board diagram (position.BOD) writes
// it: the names, numerals and hands come from package position, so the
// diagrams say what the KIF records and the notation say.
type drawing struct {
	files [9]string   // the file numbers as drawn, left to right: ９ .. １
	ranks [9]string   // the rank numerals, top to bottom: 一 .. 九
	cells [9][9]glyph // [row][column] as drawn: row 0 is rank a, column 0 file 9
	hands [2][]string // per colour, the items of its hand: "飛", "金二"; none when empty
	empty string      // what the BOD writes for an empty hand: なし
}

// glyph is one piece on the board: its one-character name and whether it
// is White's (drawn upside down). A zero glyph is an empty square.
type glyph struct {
	name  string
	white bool
}

// The fixed parts of a BOD, as position.BOD writes them.
const (
	bodWhiteHand = "後手の持駒："
	bodBlackHand = "先手の持駒："
	bodEmptyCell = "・"
	bodWhiteMark = 'v'
	bodHandSep   = "　" // full-width space between the items of a hand
	bodEmptyHand = "なし"
	bodLines     = 14 // white's hand, file numbers, frame, 9 ranks, frame, black's hand
)

// draw reads p's BOD. It panics if the BOD is not laid out as
// position.BOD documents: that is a bug between the two packages, which
// the tests catch, not a property of p.
func draw(p *position.Position) drawing {
	d, err := parseBOD(p.BOD())
	if err != nil {
		panic("diagram: " + err.Error())
	}
	return d
}

// parseBOD reads a BOD as position.BOD writes it.
func parseBOD(bod string) (drawing, error) {
	d := drawing{empty: bodEmptyHand}
	lines := strings.Split(strings.TrimRight(bod, "\n"), "\n")
	if len(lines) < bodLines {
		return d, fmt.Errorf("BOD has %d lines, want at least %d", len(lines), bodLines)
	}
	var err error
	if d.hands[position.White], err = handItems(lines[0], bodWhiteHand); err != nil {
		return d, err
	}
	if d.hands[position.Black], err = handItems(lines[13], bodBlackHand); err != nil {
		return d, err
	}
	files := strings.Fields(lines[1])
	if len(files) != 9 {
		return d, fmt.Errorf("BOD file numbers %q", lines[1])
	}
	copy(d.files[:], files)
	for r := 0; r < 9; r++ {
		if d.cells[r], d.ranks[r], err = boardRow(lines[3+r]); err != nil {
			return d, err
		}
	}
	return d, nil
}

// handItems splits a BOD hand line ("先手の持駒：飛　金二") into its items.
func handItems(line, label string) ([]string, error) {
	text, ok := strings.CutPrefix(line, label)
	if !ok {
		return nil, fmt.Errorf("BOD hand line %q does not start with %s", line, label)
	}
	if text == bodEmptyHand {
		return nil, nil
	}
	return strings.Split(text, bodHandSep), nil
}

// boardRow reads one rank of the BOD: "|v香 ・ 歩...|一".
func boardRow(line string) (row [9]glyph, rank string, err error) {
	rs := []rune(line)
	if len(rs) < 1+18+1+1 || rs[0] != '|' || rs[19] != '|' {
		return row, "", fmt.Errorf("BOD board line %q", line)
	}
	for c := 0; c < 9; c++ {
		mark, name := rs[1+2*c], string(rs[2+2*c])
		if name == bodEmptyCell {
			continue
		}
		row[c] = glyph{name: name, white: mark == bodWhiteMark}
	}
	return row, string(rs[20:]), nil
}
