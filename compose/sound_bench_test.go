package compose

import (
	"testing"

	"gomate/dfpn"
	"gomate/position"
)

// BenchmarkJudge: the whole soundness judgement of a sound problem of 5
// plies made by gomate generate (all seven points, the necessity of each
// of its pieces included), on a solver cleared each time: what a
// generator pays for each problem it keeps.
func BenchmarkJudge(b *testing.B) {
	p, err := position.FromSFEN("8k/9/9/7R+S/5B3/9/9/9/9 b rb4g3s4n4l18p 1")
	if err != nil {
		b.Fatal(err)
	}
	s := dfpn.New(16)
	lim := dfpn.Limits{Nodes: 200000}
	b.ReportAllocs()
	for b.Loop() {
		s.Clear()
		if rep := Judge(s, p, SoundnessOptions{Plies: 5}, lim); rep.Verdict != Sound {
			b.Fatalf("%v: %v", rep.Verdict, rep.Reasons)
		}
	}
}
