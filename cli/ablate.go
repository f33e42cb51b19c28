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
		o.Set(dfpn.HeuristicA, a)
		o.Set(dfpn.HeuristicB, b)
		o.Set(dfpn.HeuristicC, c)
		o.Set(dfpn.DAGDetection, !noDAG)
	}
}

const ablateUsage = `
Solves every position of the files with Nagai's heuristics off, A, B, C,
A+B+C, and A+B+C without double-count detection, and prints one Markdown
row per configuration: the problems solved, the summed time and nodes (a
problem not solved counts with what it used until its limit), and both as
a ratio of the first row. The technique flags change the base
configuration of every row. A line per problem goes to stderr (-q: none).`

// ablateCommand is "gomate ablate": it solves the problems of the given
// files under each ablation and prints one Markdown row per
// configuration.
type ablateCommand struct {
	limits   limitFlags
	opt      dfpn.Options // -rules and the techniques
	shortest bool
	quiet    bool
	profile  profileFlag
}

func (c *ablateCommand) flags(fs *flag.FlagSet) {
	c.limits.declare(fs, 10000, 1024)
	fs.BoolVar(&c.shortest, "shortest", false, "prove the shortest length too (default: stop at the first mate, as Nagai measured)")
	fs.BoolVar(&c.quiet, "q", false, "do not print a line per problem")
	rulesFlag(fs, &c.opt.Rules)
	techniqueFlags(fs, &c.opt)
	c.profile.declare(fs)
}

func (c *ablateCommand) run(fs *flag.FlagSet, std stdio) int {
	if !c.limits.valid("ablate", std.err) {
		return 2
	}
	probs, failed := loadProblems("ablate", fs.Args(), std.err)
	if len(probs) == 0 || failed {
		return 1
	}
	defer c.profile.start()()

	s, warn := newSolver("ablate", c.limits.hash, std.err)
	c.opt.FirstMate = !c.shortest
	fmt.Fprintf(std.out, "| configuration | solved | time | nodes | time ratio | nodes ratio |\n|---|---:|---:|---:|---:|---:|\n")
	var base ablationRow
	bad := 0
	for i, a := range ablations {
		opt := c.opt
		a.set(&opt)
		r := ablationRow{name: a.name, problems: len(probs)}
		for _, p := range probs {
			o := solveOne(s, p, opt, c.limits.limits())
			warn.check()
			if o.badLine() {
				bad++
			}
			r.add(&o)
			if !c.quiet {
				writeAblationProblem(std.err, a.name, &o)
			}
		}
		if i == 0 {
			base = r
		}
		r.write(std.out, &base)
	}
	if bad > 0 {
		fmt.Fprintf(std.out, "%d BAD LINES\n", bad)
		return 1
	}
	return 0
}

// ablationRow sums the outcomes of one configuration.
type ablationRow struct {
	name             string
	problems, solved int
	elapsed          time.Duration
	nodes            uint64
}

// add counts an outcome: solved if decided. With FirstMate the answer
// comes at the first mate; else the time and nodes are those of the final
// answer.
func (r *ablationRow) add(o *outcome) {
	if o.res.Status != dfpn.Unknown {
		r.solved++
	}
	r.elapsed += o.res.Elapsed
	r.nodes += o.res.Nodes
}

// write prints the row, with its time and nodes as ratios of base's.
func (r *ablationRow) write(w io.Writer, base *ablationRow) {
	fmt.Fprintf(w, "| %s | %d/%d | %s | %d | %.2f | %.2f |\n", r.name, r.solved, r.problems,
		fmtDuration(r.elapsed), r.nodes, float64(r.elapsed)/float64(max(base.elapsed, 1)), float64(r.nodes)/float64(max(base.nodes, 1)))
}
