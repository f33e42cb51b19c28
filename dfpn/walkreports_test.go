package dfpn

import (
	"testing"
	"time"
)

// TestWalkReportsCountTheSolve: a walk's reports count the solve's nodes
// before the walk, the bounded searches finished since, and the one under
// way; they carry the walk's line, and come no more often than the
// interval.
func TestWalkReportsCountTheSolve(t *testing.T) {
	s := New(1)
	s.nodes = 500 // earlier solves of this solver
	line := mustSFEN(t, "4k4/9/4P4/9/9/9/9/9/9 b G 1").GenerateChecks(nil)[:1]
	var got []Info
	lim := Limits{Progress: func(i Info) { got = append(got, i) }, ProgressInterval: time.Hour}
	if newWalkReports(s, Limits{}, time.Now(), 0, nil) != nil {
		t.Fatal("a reporter without a caller's Progress")
	}
	r := newWalkReports(s, lim, time.Now(), 7000, line)
	r.tick(10, 1)
	if len(got) != 0 {
		t.Fatalf("%d reports before the interval", len(got))
	}
	r.every = 0
	s.nodes += 300 // a bounded search finished
	r.tick(0, 2)
	sub := r.limits(Limits{})
	sub.Progress(Info{Nodes: 40, Hashfull: 3})
	if len(got) != 2 {
		t.Fatalf("%d reports, want 2", len(got))
	}
	if got[0].Nodes != 7300 || got[1].Nodes != 7340 || got[1].Hashfull != 3 || len(got[1].PV) != 1 {
		t.Errorf("reports %+v, want 7300 and 7340 nodes, the line", got)
	}
}

// TestSolveReportsDuringTheWalks: Shogi Zukou #74's proven line ends with
// spare pieces, and the walk among the lines of its rank finds one
// without them. With a report due at every poll, the reports go on after
// the proof, their node counts never go down, and none counts more than
// the solve's total.
func TestSolveReportsDuringTheWalks(t *testing.T) {
	z := zukouProblems(t)[73]
	var got []Info
	lim := Limits{Time: time.Minute, Progress: func(i Info) { got = append(got, i) }, ProgressInterval: time.Nanosecond}
	res := New(64).Solve(mustSFEN(t, z.sfen), Options{}, lim)
	if res.Status != Mate || !res.Shortest || len(res.LineNotes) == 0 {
		t.Fatalf("%v, shortest %v, notes %q: want a proven mate whose line the walk changed", res.Status, res.Shortest, res.LineNotes)
	}
	walked, proving := 0, false
	for i, info := range got {
		if i > 0 && info.Nodes < got[i-1].Nodes {
			t.Fatalf("report %d: %d nodes after %d", i, info.Nodes, got[i-1].Nodes)
		}
		if info.Nodes > res.Nodes {
			t.Fatalf("report %d: %d nodes, the solve's total is %d", i, info.Nodes, res.Nodes)
		}
		switch {
		case info.Proving > 0:
			proving, walked = true, 0
		case proving:
			walked++
		}
	}
	if !proving || walked == 0 {
		t.Errorf("reports during the proof %v, after it %d, of %d", proving, walked, len(got))
	}
}
