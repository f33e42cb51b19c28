package cli

import (
	"flag"
	"fmt"
	"io"
	"time"

	"gomate/dfpn"
)

// ablation is one configuration of the ablation table: the techniques it
// turns on or off relative to the defaults.
type ablation struct {
	name string
	set  func(*dfpn.Options)
}

// ablations are the rows of Nagai's tables (heuristics A, B and C alone and
// together, and all three without the double-count detection), after the
// defaults without them.
var ablations = []ablation{
	{"none", heuristics(false, false, false, false)},
	{"A", heuristics(true, false, false, false)},
	{"B", heuristics(false, true, false, false)},
	{"C", heuristics(false, false, true, false)},
	{"A+B+C", heuristics(true, true, true, false)},
	{"A+B+C, no DAG", heuristics(true, true, true, true)},
}

// heuristics sets Nagai's heuristics A, B and C on or off, and the
// double-count detection on unless noDAG (as in Nagai's program, where it
// was always on but for the last row).
func heuristics(a, b, c, noDAG bool) func(*dfpn.Options) {
	return func(o *dfpn.Options) {
		o.NoHeuristicA, o.NoHeuristicB, o.NoHeuristicC, o.DAG = !a, !b, !c, !noDAG
	}
}

// cmdAblate solves the problems of the given files under each ablation and
// prints one Markdown row per configuration: problems solved, the summed
// time and nodes (a problem not solved counts with what it used until its
// limit), and both as a ratio of the first row.
func cmdAblate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ablate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	ms := fs.Int("time", 10000, "time limit per problem in `ms` (0 = none)")
	nodes := fs.Uint64("nodes", 0, "node limit per problem (0 = none)")
	hash := fs.Int("hash", 1024, "transposition table size in `MB`")
	shortest := fs.Bool("shortest", false, "prove the shortest length too (default: stop at the first mate, as Nagai measured)")
	quiet := fs.Bool("q", false, "do not print a line per problem")
	opt := dfpn.Options{}
	rulesFlag(fs, &opt.Rules)
	techniqueFlags(fs, &opt)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: gomate ablate [flags] FILE...\n\nSolves every position of the files with Nagai's heuristics off, A, B, C,\nA+B+C, and A+B+C without double-count detection, and prints a table.\nThe technique flags change the base configuration of every row.\n\nflags:")
		fs.PrintDefaults()
	}
	if status, ok := parseCommand(fs, args, true, stderr); !ok {
		return status
	}
	if !validLimits("ablate", *ms, *hash, stderr) {
		return 2
	}
	probs, failed := loadProblems("ablate", fs.Args(), stderr)
	if len(probs) == 0 || failed {
		return 1
	}
	s, warn := newSolver("ablate", *hash, stderr)
	lim := dfpn.Limits{Nodes: *nodes, Time: time.Duration(*ms) * time.Millisecond}
	opt.FirstMate = !*shortest
	fmt.Fprintf(stdout, "| configuration | solved | time | nodes | time ratio | nodes ratio |\n|---|---:|---:|---:|---:|---:|\n")
	var baseTime time.Duration
	var baseNodes uint64
	bad := 0
	for i, a := range ablations {
		o := opt
		a.set(&o)
		solved := 0
		var elapsed time.Duration
		var n uint64
		for _, p := range probs {
			out := solveOne(s, p, o, lim)
			warn.check()
			if out.res.Status == dfpn.Mate && !out.verifyOK {
				bad++
			}
			if out.res.Status != dfpn.Unknown {
				solved++
			}
			// With FirstMate the answer comes at the first mate; else the
			// time and nodes are those of the final answer.
			elapsed += out.res.Elapsed
			n += out.res.Nodes
			if !*quiet {
				fmt.Fprintf(stderr, "%s\t%s\t%s\t%s\t%d\n", a.name, out.name, out.status(), fmtDuration(out.res.Elapsed), out.res.Nodes)
			}
		}
		if i == 0 {
			baseTime, baseNodes = elapsed, n
		}
		fmt.Fprintf(stdout, "| %s | %d/%d | %s | %d | %.2f | %.2f |\n", a.name, solved, len(probs),
			fmtDuration(elapsed), n, float64(elapsed)/float64(max(baseTime, 1)), float64(n)/float64(max(baseNodes, 1)))
	}
	if bad > 0 {
		fmt.Fprintf(stdout, "%d BAD LINES\n", bad)
		return 1
	}
	return 0
}
