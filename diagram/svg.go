package diagram

import (
	"fmt"
	"html"
	"strconv"
	"strings"

	"gomate/position"
)

// Options change how SVG draws a position. The zero Options draw a
// tsume problem in the usual way.
type Options struct {
	// Game labels the hands 先手の持駒 and 後手の持駒 and lists both, as
	// in a game's diagram. Without it the hands are labelled as in a tsume
	// problem, 攻方持駒 (the attacker, Black) and 玉方持駒 (the defender).
	Game bool
	// DefenderHand lists the defender's hand of a tsume diagram instead of
	// the usual 残り全部 ("all the rest"). A game's diagram always lists it.
	DefenderHand bool
	// Highlight shades these squares, such as the last move's
	// destination; squares off the board are ignored.
	Highlight []position.Square
}

// FontFamily is the font stack of the diagrams: Japanese serif faces
// first, as printed diagrams use, then sans-serif ones.
const FontFamily = `"Noto Serif CJK JP", "Source Han Serif JP", "Hiragino Mincho ProN", "Yu Mincho", ` +
	`"Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", serif`

// Colours of the diagram.
const (
	inkColour       = "#000"
	boardColour     = "#fbf1d3"
	highlightColour = "#f0c75e"
)

// Hand labels.
const (
	gameBlackLabel  = "先手の持駒"
	gameWhiteLabel  = "後手の持駒"
	tsumeBlackLabel = "攻方持駒"
	tsumeWhiteLabel = "玉方持駒"
	allTheRest      = "残り全部"
)

// SVG returns a standalone SVG diagram of p: the board with its grid and
// four star points, the file numbers (９ to １) above it and the rank
// numerals (一 to 九) down its right side, each piece as one kanji with
// White's (the defender's) upside down, Black's hand in a column on the
// right and White's on the left. The names are those of p.BOD. The SVG
// needs nothing outside itself; its <title> is p's SFEN, and its size is
// fixed, in CSS pixels.
func SVG(p *position.Position, opt Options) string {
	d := draw(p)
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="shogi-diagram"`)
	attrs(&b, "width", width, "height", height)
	b.WriteString(` viewBox="0 0 ` + num(width) + " " + num(height) + `" role="img">`)
	b.WriteString("<title>" + escape(p.SFEN()) + "</title>")
	b.WriteString(`<g font-family="` + escape(FontFamily) + `" fill="` + inkColour + `">`)
	writeBoard(&b, opt.Highlight)
	writeLabels(&b, &d)
	writePieces(&b, &d)
	writeHands(&b, handColumns(&d, opt))
	b.WriteString("</g></svg>")
	return b.String()
}

// writeBoard draws the board: its colour, the shaded squares, the grid,
// the frame and the star points.
func writeBoard(b *strings.Builder, highlight []position.Square) {
	b.WriteString(`<rect class="board"`)
	attrs(b, "x", boardX, "y", boardY, "width", boardW, "height", boardH)
	b.WriteString(` fill="` + boardColour + `"/>`)
	for _, s := range highlight {
		if s < 0 || s >= position.NumSquares {
			continue
		}
		col, row := 8-s.File(), s.Rank()
		b.WriteString(`<rect class="highlight"`)
		attrs(b, "x", boardX+col*cellW, "y", boardY+row*cellH, "width", cellW, "height", cellH)
		b.WriteString(` fill="` + highlightColour + `"/>`)
	}
	b.WriteString(`<g class="grid" stroke="` + inkColour + `" stroke-width="1" shape-rendering="crispEdges">`)
	for i := 1; i < 9; i++ {
		b.WriteString("<line")
		attrs(b, "x1", boardX+i*cellW, "y1", boardY, "x2", boardX+i*cellW, "y2", boardY+boardH)
		b.WriteString("/><line")
		attrs(b, "x1", boardX, "y1", boardY+i*cellH, "x2", boardX+boardW, "y2", boardY+i*cellH)
		b.WriteString("/>")
	}
	b.WriteString(`</g><rect class="frame"`)
	attrs(b, "x", boardX, "y", boardY, "width", boardW, "height", boardH, "stroke-width", frameW)
	b.WriteString(` fill="none" stroke="` + inkColour + `" shape-rendering="crispEdges"/>`)
	for _, i := range [2]int{3, 6} {
		for _, j := range [2]int{3, 6} {
			b.WriteString(`<circle class="hoshi"`)
			attrs(b, "cx", boardX+i*cellW, "cy", boardY+j*cellH, "r", hoshiR)
			b.WriteString("/>")
		}
	}
}

// writeLabels writes the file numbers above the board and the rank
// numerals down its right side.
func writeLabels(b *strings.Builder, d *drawing) {
	for col, f := range d.files {
		x, _ := cellCenter(col, 0)
		text(b, "file", x, boardY-labelSize/2, labelFont, f, false)
	}
	for row, r := range d.ranks {
		_, y := cellCenter(0, row)
		text(b, "rank", ranksX, y, labelFont, r, false)
	}
}

// writePieces writes each piece at the centre of its square, White's
// turned half a circle about that centre.
func writePieces(b *strings.Builder, d *drawing) {
	for row := range d.cells {
		for col, g := range d.cells[row] {
			if g.name == "" {
				continue
			}
			x, y := cellCenter(col, row)
			text(b, "piece", x, y, pieceSize, g.name, g.white)
		}
	}
}

// text writes one centred <text>, upside down if turned.
func text(b *strings.Builder, class string, x, y float64, size int, s string, turned bool) {
	b.WriteString(`<text class="` + class + `"`)
	attrs(b, "x", x, "y", y, "font-size", size)
	b.WriteString(` text-anchor="middle" dominant-baseline="central"`)
	if turned {
		b.WriteString(` transform="rotate(180 ` + num(x) + " " + num(y) + `)"`)
	}
	b.WriteString(">" + escape(s) + "</text>")
}

// attrs writes name="value" pairs of numbers.
func attrs(b *strings.Builder, kv ...any) {
	for i := 0; i+1 < len(kv); i += 2 {
		var v string
		switch x := kv[i+1].(type) {
		case int:
			v = strconv.Itoa(x)
		case float64:
			v = num(x)
		default:
			panic(fmt.Sprintf("diagram: attribute %v is a %T", kv[i], x))
		}
		b.WriteString(" " + kv[i].(string) + `="` + v + `"`)
	}
}

// num writes a coordinate with no more digits than it needs.
func num[T int | float64](x T) string {
	return strconv.FormatFloat(float64(x), 'f', -1, 64)
}

// escape escapes text for HTML and XML alike.
func escape(s string) string { return html.EscapeString(s) }
