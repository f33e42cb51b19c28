package dfpn

// Benchmarks of the defender's replies with the tsume rules' futility
// tests, a good part of a node's time in the search
// (docs/notes/speed.md#the-profile; the benchmark's figures:
// docs/notes/speed.md#measured-not-built):
//
//	go test -run=NONE -bench=Defences -benchmem ./dfpn

import (
	"testing"

	"gomate/position"
)

// zukouDefenderPositions plays, from each Shogi Zukou problem, every check
// and then every reply and check after it, and keeps the positions after
// the checks: the defender is to move, in check, as at the defender's
// nodes near the top of a search. Those with a distant check and pieces to
// drop, where the futility tests run, are kept apart in distant.
func zukouDefenderPositions(b *testing.B) (all, distant []*position.Position) {
	keep := func(p *position.Position) {
		q := p.Clone()
		all = append(all, q)
		if _, _, far := checkLine(q); far && !q.Hand(q.SideToMove()).IsEmpty() {
			distant = append(distant, q)
		}
	}
	var cb, rb, cb2 [position.MaxMoves]position.Move
	for _, zp := range zukouProblems(b) {
		p, err := position.FromSFEN(zp.sfen)
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range p.GenerateChecks(cb[:0]) {
			p.DoMove(m)
			keep(p)
			for _, r := range p.GenerateLegal(rb[:0]) {
				p.DoMove(r)
				for _, m2 := range p.GenerateChecks(cb2[:0]) {
					p.DoMove(m2)
					keep(p)
					p.UndoMove()
				}
				p.UndoMove()
			}
			p.UndoMove()
		}
	}
	return all, distant
}

// benchDefences calls Tsume.Defences on the positions in turn; ns/op is
// per position.
func benchDefences(b *testing.B, ps []*position.Position) {
	var buf [position.MaxMoves]position.Move
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		Tsume.Defences(ps[i], buf[:0])
		if i++; i == len(ps) {
			i = 0
		}
	}
}

// BenchmarkDefences: every defender's position of the set.
func BenchmarkDefences(b *testing.B) {
	all, _ := zukouDefenderPositions(b)
	benchDefences(b, all)
}

// BenchmarkDefencesDistant: only those checked from a distance with
// pieces in hand, where drops are tested for futility.
func BenchmarkDefencesDistant(b *testing.B) {
	_, distant := zukouDefenderPositions(b)
	benchDefences(b, distant)
}
