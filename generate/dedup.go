package generate

import (
	"fmt"
	"strings"

	"gomate/position"
)

// Duplicates within a run, and among the runs "gomate merge" merges: a
// problem is dropped when an earlier one (in index order) is the same
// position up to the left-right mirror, or has the same solution shape:
// every move of the main line, relative to the defender's king's square
// at that moment, without the pieces' kinds (two problems that differ
// only in which piece sacrifices itself on the same square are one
// problem to a solver). Both keys are normalised by the mirror, the
// smaller of the two texts.

// Dedup holds the keys of the problems kept so far: Run keeps one, and
// so does "gomate merge", with the problems read back by ReadProblem.
type Dedup struct {
	positions, shapes map[string]bool
}

// NewDedup is a Dedup that has seen no problem.
func NewDedup() *Dedup {
	return &Dedup{positions: map[string]bool{}, shapes: map[string]bool{}}
}

// Add records p and reports whether it is new: false when a problem with
// the same position or the same shape was recorded before (p is then not
// recorded). p must come from Run or ReadProblem, which give it its
// position and line.
func (s *Dedup) Add(p *Problem) bool {
	pk, sk := positionKey(p.pos), shapeKey(p.pos, p.line)
	if s.positions[pk] || s.shapes[sk] {
		return false
	}
	s.positions[pk], s.shapes[sk] = true, true
	return true
}

// positionKey is the position's SFEN or its mirror image's, the smaller.
func positionKey(pos *position.Position) string {
	b := boardOf(pos)
	return min(b.sfen(), b.mirror().sfen())
}

// shapeKey is the line's shape or its mirror image's, the smaller (see
// above).
func shapeKey(root *position.Position, line []position.Move) string {
	p := root.Clone()
	var plain, mirrored strings.Builder
	for _, m := range line {
		k := p.KingSquare(defender)
		for i, sign := range []int{1, -1} {
			w := &plain
			if i == 1 {
				w = &mirrored
			}
			rel := func(s position.Square) string {
				return fmt.Sprintf("%+d%+d", sign*(s.File()-k.File()), s.Rank()-k.Rank())
			}
			from := "*"
			if !m.IsDrop() {
				from = rel(m.From())
			}
			prom := ""
			if m.IsPromotion() {
				prom = "+"
			}
			fmt.Fprintf(w, "%s>%s%s ", from, rel(m.To()), prom)
		}
		p.DoMove(m)
	}
	return min(plain.String(), mirrored.String())
}
