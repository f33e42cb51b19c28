package dfpn

import (
	"fmt"
	"testing"
	"time"
)

// The parallel search's tests. Under the race detector, with tt's
// TestConcurrentTable (docs/threads.md#running-the-race-tests has the
// command), they are what shows the table, the side caches and the team's
// own state shared without a data race.

// TestParallelSameAnswers solves the first positions of the strict mate
// sets and the easiest Shogi Zukou problems with 2 and 8 threads (more
// goroutines than this machine's cores) and requires what one thread
// proves: the same status and proven length, a verified line.
func TestParallelSameAnswers(t *testing.T) {
	type problem struct{ name, sfen string }
	var problems []problem
	for _, set := range []struct {
		file string
		n    int
	}{{"mate5.sfen", 6}, {"mate7.sfen", 6}, {"mate9.sfen", 6}, {"mate11.sfen", 6}} {
		for i, sfen := range readLines(t, "../testdata/mate/"+set.file)[:set.n] {
			problems = append(problems, problem{fmt.Sprintf("%s:%d", set.file, i+1), sfen})
		}
	}
	for i, z := range zukouProblems(t)[:8] {
		problems = append(problems, problem{fmt.Sprintf("zukou#%d", i+1), z.sfen})
	}
	compared := 0
	for _, rules := range []Rules{Strict, Tsume} {
		for _, p := range problems {
			pos := mustSFEN(t, p.sfen)
			one := New(16).Solve(pos, Options{Rules: rules}, Limits{Nodes: 300_000})
			if !one.Shortest {
				continue // not proven within this test's budget: nothing to compare
			}
			compared++
			for _, threads := range []int{2, 8} {
				res := New(16).Solve(pos, Options{Rules: rules, Threads: threads}, Limits{Time: time.Minute})
				name := fmt.Sprintf("%v %s threads %d", rules, p.name, threads)
				switch {
				case res.Status != one.Status:
					t.Errorf("%s: %v, one thread %v", name, res.Status, one.Status)
				case res.Status != Mate:
				case res.Bound != one.Bound || res.Shortest != one.Shortest || len(res.PV) != len(one.PV):
					t.Errorf("%s: %d plies (bound %d, shortest %v), one thread %d (bound %d, shortest %v)",
						name, len(res.PV), res.Bound, res.Shortest, len(one.PV), one.Bound, one.Shortest)
				default:
					if err := rules.VerifyLine(pos, pos.SideToMove(), res.PV); err != nil {
						t.Errorf("%s: %v", name, err)
					}
				}
			}
		}
	}
	// Most of them are proven within the budget: a test that compared
	// few would say little.
	t.Logf("%d of %d problems compared under both rules", compared, 2*len(problems))
	if compared < len(problems) {
		t.Errorf("only %d of %d problems compared, want at least half", compared, 2*len(problems))
	}
}

// TestParallelLongLine finds Astral Traveler's first mate (579 plies by
// the composer) with 2 threads, three times, and requires a verified line
// every time. The king's laps round the board bring the same boards back
// with other hands, which fill their clusters of the table; the line's
// rebuild then searches again for proofs that the other thread made on
// another path (offPath in pv.go), and cuts the cycles that would make
// sennichite (boundLine). Without either, runs ended unknown
// (docs/threads.md#a-proof-made-on-another-path).
func TestParallelLongLine(t *testing.T) {
	pos := longProblem(t, "Astral Traveler")
	for run := 1; run <= 3; run++ {
		res := New(256).Solve(pos, Options{Rules: Tsume, Threads: 2, FirstMate: true}, Limits{Time: 3 * time.Minute})
		if res.Status != Mate {
			t.Errorf("run %d: %v (%s)", run, res.Status, res.Reason)
			continue
		}
		if err := Tsume.VerifyLine(pos, pos.SideToMove(), res.PV); err != nil {
			t.Errorf("run %d: %v", run, err)
		}
		t.Logf("run %d: mate in %d", run, len(res.PV))
	}
}

// TestParallelLongLength proves ACTの夢's length (467 plies by the
// composer) with 2 threads, three times: the search for a mate within 465
// must end with a disproof that is a fact. With two threads the threads
// met defenders' nodes far from the line where a futility test ran out
// of its budget at every budget, and the root's disproof rested on them
// (cut) until otherDefencesShort, and in about one run in fifty until
// settleCut (docs/threads.md#the-long-problems-lengths-with-two-threads).
func TestParallelLongLength(t *testing.T) {
	pos := longProblem(t, "ACTの夢")
	for run := 1; run <= 3; run++ {
		res := New(256).Solve(pos, Options{Rules: Tsume, Threads: 2}, Limits{Time: 3 * time.Minute})
		if res.Status != Mate || !res.Shortest || len(res.PV) != 467 {
			t.Errorf("run %d: %v in %d plies, shortest %v (%s)", run, res.Status, len(res.PV), res.Shortest, res.Reason)
			continue
		}
		if err := Tsume.VerifyLine(pos, pos.SideToMove(), res.PV); err != nil {
			t.Errorf("run %d: %v", run, err)
		}
	}
}

// TestParallelMateWithin asks the bounded question of the walks after the
// proof and of gomate check (MateWithinBy) with 2 and 8 threads, on the
// first strict mate-in-9 and mate-in-11 positions at their length and two
// plies less, under both rules: the answer is one thread's, and the move
// it names at the root is a check after which the defender is mated
// within the rest, as one thread proves.
func TestParallelMateWithin(t *testing.T) {
	var sfens []string
	for _, file := range []string{"mate9.sfen", "mate11.sfen"} {
		sfens = append(sfens, readLines(t, "../testdata/mate/"+file)[:4]...)
	}
	asked := 0
	for _, rules := range []Rules{Strict, Tsume} {
		for i, sfen := range sfens {
			pos := mustSFEN(t, sfen)
			plies := 9 + 2*(i/4)
			for _, within := range []int{plies, plies - 2} {
				one := New(16).MateWithin(pos, within, Options{Rules: rules}, Limits{Nodes: 2_000_000})
				if one == Unknown {
					continue
				}
				asked++
				for _, threads := range []int{2, 8} {
					name := fmt.Sprintf("%v %s within %d, %d threads", rules, sfen, within, threads)
					st, m := New(16).MateWithinBy(pos, within, Options{Rules: rules, Threads: threads}, Limits{Time: time.Minute})
					if st != one {
						t.Errorf("%s: %v, one thread %v", name, st, one)
						continue
					}
					if st != Mate {
						continue
					}
					if m == 0 || !pos.IsLegal(m) {
						t.Errorf("%s: names %v at the root", name, m)
						continue
					}
					pos.DoMove(m)
					after := New(16).MateWithin(pos, within-1, Options{Rules: rules, RootIsDefender: true}, Limits{Nodes: 2_000_000})
					pos.UndoMove()
					if after != Mate {
						t.Errorf("%s: after %v, %v within %d", name, m, after, within-1)
					}
				}
			}
		}
	}
	if asked < len(sfens) {
		t.Errorf("only %d questions answered by one thread", asked)
	}
}
