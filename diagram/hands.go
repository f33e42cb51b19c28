package diagram

import (
	"strings"

	"gomate/position"
)

// handColumn is one side's hand as it is drawn: a label and the items,
// written top to bottom one character under the other.
type handColumn struct {
	color position.Color
	x     float64 // the column's centre
	label string
	items []string // "飛", "金二", or one item such as なし or 残り全部
}

// handColumns lays out both hands under opt: White's on the left, Black's
// on the right.
func handColumns(d *drawing, opt Options) [2]handColumn {
	black := handColumn{color: position.Black, x: blackHandX, label: tsumeBlackLabel, items: d.hands[position.Black]}
	white := handColumn{color: position.White, x: whiteHandX, label: tsumeWhiteLabel, items: d.hands[position.White]}
	if opt.Game {
		black.label, white.label = gameBlackLabel, gameWhiteLabel
	} else if !opt.DefenderHand {
		white.items = []string{allTheRest}
	}
	for _, c := range []*handColumn{&black, &white} {
		if len(c.items) == 0 {
			c.items = []string{d.empty}
		}
	}
	return [2]handColumn{black, white}
}

// writeHands writes the hands: each character of the label and of the
// items in its own <text>, one under the other (an item's characters in
// a <g class="item">), with a little space between the label and each
// item. A long hand is set closer so that it
// stays beside the board.
func writeHands(b *strings.Builder, cols [2]handColumn) {
	for _, c := range cols {
		chars := len([]rune(c.label))
		for _, it := range c.items {
			chars += len([]rune(it))
		}
		gaps := float64(len(c.items)) * handGapF
		step := min(float64(handStep), boardH/(float64(chars)+gaps))
		size := int(step * 0.8)
		b.WriteString(`<g class="hand" data-color="` + c.color.String() + `">`)
		y := handTop + step/2
		for _, r := range c.label {
			text(b, "hand-label", c.x, y, size, string(r), false)
			y += step
		}
		for _, it := range c.items {
			y += step * handGapF
			b.WriteString(`<g class="item">`)
			for _, r := range it {
				text(b, "hand-char", c.x, y, size, string(r), false)
				y += step
			}
			b.WriteString("</g>")
		}
		b.WriteString("</g>")
	}
}
