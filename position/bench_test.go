package position

// Benchmarks. The per-position ones cycle through the positions of
// testdata/mate/mate3.sfen, so ns/op is the cost of one call.
//
//	go test -run=NONE -bench=. -benchmem ./position

import (
	"testing"
)

func BenchmarkPerft5(b *testing.B) {
	p := Startpos()
	b.ReportAllocs()
	for b.Loop() {
		if p.Perft(5) != 19861490 {
			b.Fatal("wrong perft")
		}
	}
}

// mate3Positions loads the mate3 set.
func mate3Positions(b *testing.B) []*Position {
	var ps []*Position
	for _, s := range readLines(b, "mate/mate3.sfen") {
		ps = append(ps, mustSFEN(b, s))
	}
	return ps
}

// evasionPositions plays each check of each mate3 position and keeps the
// position after it: the side to move is in check.
func evasionPositions(b *testing.B) []*Position {
	var ps []*Position
	var buf [MaxMoves]Move
	for _, p := range mate3Positions(b) {
		for _, m := range p.GenerateChecks(buf[:0]) {
			p.DoMove(m)
			q := p.Clone()
			q.history = make([]undoState, 0, 256)
			ps = append(ps, q)
			p.UndoMove()
		}
	}
	return ps
}

// benchEach calls f on the positions in turn, one position per iteration.
func benchEach(b *testing.B, ps []*Position, f func(*Position)) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		f(ps[i])
		if i++; i == len(ps) {
			i = 0
		}
	}
}

func BenchmarkGenerateLegal(b *testing.B) {
	var buf [MaxMoves]Move
	benchEach(b, mate3Positions(b), func(p *Position) { p.GenerateLegal(buf[:0]) })
}

func BenchmarkGenerateChecks(b *testing.B) {
	var buf [MaxMoves]Move
	benchEach(b, mate3Positions(b), func(p *Position) { p.GenerateChecks(buf[:0]) })
}

func BenchmarkGenerateEvasions(b *testing.B) {
	var buf [MaxMoves]Move
	benchEach(b, evasionPositions(b), func(p *Position) { p.GenerateEvasions(buf[:0]) })
}

func BenchmarkMate1(b *testing.B) {
	benchEach(b, mate3Positions(b), func(p *Position) { p.Mate1() })
}

// BenchmarkMate1NoMate is Mate1 where it must fail: the defender's
// positions after each check (mostly no mate in one for the defender)
// would be odd, so use no_mate1.txt.
func BenchmarkMate1NoMate(b *testing.B) {
	var ps []*Position
	for _, s := range readLines(b, "movegen/no_mate1.txt") {
		ps = append(ps, mustSFEN(b, s))
	}
	benchEach(b, ps, func(p *Position) { p.Mate1() })
}

// benchEachMove runs fn on every legal move of each mate3 position in
// turn; ns/op is per move.
func benchEachMove(b *testing.B, fn func(p *Position, m Move)) {
	type pm struct {
		p *Position
		m Move
	}
	var all []pm
	var buf [MaxMoves]Move
	for _, p := range mate3Positions(b) {
		for _, m := range p.GenerateLegal(buf[:0]) {
			all = append(all, pm{p, m})
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		x := all[i]
		fn(x.p, x.m)
		if i++; i == len(all) {
			i = 0
		}
	}
}

// BenchmarkDoUndo plays and takes back every legal move of each mate3
// position; ns/op is per move.
func BenchmarkDoUndo(b *testing.B) {
	benchEachMove(b, func(p *Position, m Move) {
		p.DoMove(m)
		p.UndoMove()
	})
}

// BenchmarkGivesCheck asks whether each legal move of each mate3 position
// gives check; ns/op is per move.
func BenchmarkGivesCheck(b *testing.B) {
	benchEachMove(b, func(p *Position, m Move) { p.GivesCheck(m) })
}
