package position

// Benchmarks of retraction. ns/op is one Retractions call (or one retract
// and unretract); retractions/s counts the retractions listed.
//
//	go test -run=NONE -bench=Retract -benchmem ./position

import "testing"

// retractBenchSets are the position sets the benchmarks cycle through:
// mid-game positions of real games (the mate3 set, attacker to move), the
// checkmates one move from the positions of movegen/mate1.txt (where the
// reverse method starts), and the
// tsume problems of Shogi Zukou (no attacker king, the defender holding
// the rest).
func retractBenchSets(b *testing.B) map[string][]*Position {
	sets := map[string][]*Position{}
	var buf [MaxMoves]Move
	for _, s := range readLines(b, "mate/mate3.sfen") {
		sets["games"] = append(sets["games"], mustSFEN(b, s))
	}
	for _, s := range readLines(b, "movegen/mate1.txt") {
		p := mustSFEN(b, s)
		for _, m := range p.GenerateChecks(buf[:0]) {
			p.DoMove(m)
			if p.isMated() {
				sets["mates"] = append(sets["mates"], mustSFEN(b, p.SFEN()))
			}
			p.UndoMove()
		}
	}
	for _, r := range readTSV(b, "classic/zukou100.tsv") {
		if p, err := FromSFEN(r["sfen"]); err == nil {
			sets["zukou"] = append(sets["zukou"], p)
		}
	}
	return sets
}

func BenchmarkRetractions(b *testing.B) {
	buf := make([]Retraction, 0, MaxRetractions)
	sets := retractBenchSets(b)
	for _, name := range []string{"games", "mates", "zukou"} {
		ps := sets[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			n, i := 0, 0
			for b.Loop() {
				n += len(ps[i].Retractions(buf[:0]))
				if i++; i == len(ps) {
					i = 0
				}
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "retractions/s")
			b.ReportMetric(float64(n)/float64(b.N), "retractions/op")
		})
	}
}

// BenchmarkRetractUnretract applies and undoes every retraction of the
// mates in turn; ns/op is per retraction.
func BenchmarkRetractUnretract(b *testing.B) {
	type pr struct {
		p *Position
		r Retraction
	}
	var all []pr
	for _, p := range retractBenchSets(b)["mates"] {
		for _, r := range p.Retractions(nil) {
			all = append(all, pr{p, r})
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		x := all[i]
		x.p.Retract(x.r)
		x.p.Unretract(x.r)
		if i++; i == len(all) {
			i = 0
		}
	}
}
