package cli

import (
	"flag"

	"gomate/dfpn"
)

const solveUsage = `
Solves one position, or every position of a file, and prints a table of
the results, each mating line and the totals. Every line is replayed and
checked before it is printed.

SFEN may be one quoted argument or several, with an optional "sfen" or
"position sfen" prefix and a "moves" tail. FILE holds one position per
line (# comments; TSV lines "name<TAB>sfen<TAB>plies" too, which give the
expected length).

-workers W solves W problems of a file at a time, each worker with its own
solver and -hash/W MB of table (a single position gets the whole -hash).
The output comes in the file's order and is what one worker prints with a
table of that size: at -nodes without -time the same but the times and
nodes/s (at -time the workers share the cores, so a search may find less).
-threads T searches each problem on T goroutines over its worker's table;
with -workers W too, W×T goroutines search at once. With more than one
thread the node counts, and at -time what is found, can differ from run to
run.`

// solveCommand is "gomate solve".
type solveCommand struct {
	limits  limitFlags
	opt     dfpn.Options // -defender, -firstmate, -rules, -threads and the techniques
	workers workersFlag
	format  lineFormat
	profile profileFlag
}

func (c *solveCommand) flags(fs *flag.FlagSet) {
	c.limits.declare(fs, 10000, 256)
	fs.BoolVar(&c.opt.RootIsDefender, "defender", false, "the side to move is the defender (show the longest defence)")
	fs.BoolVar(&c.opt.FirstMate, "firstmate", false, "stop at the first mate found; do not prove the shortest")
	rulesFlag(fs, &c.opt.Rules)
	c.workers.declare(fs, "solve", 1)
	threadsFlag(fs, &c.opt.Threads)
	techniqueFlags(fs, &c.opt)
	c.format.declare(fs)
	c.profile.declare(fs)
}

func (c *solveCommand) run(fs *flag.FlagSet, std stdio) int {
	if !c.workers.valid("solve", std.err) || !validThreads("solve", c.opt.Threads, std.err) {
		return 2
	}
	probs, failed, status := problemsFor("solve", &c.limits, fs.Args(), std.err, 1)
	if status != 0 {
		return status
	}
	defer c.profile.start()()

	workers := c.workers.count(len(probs))
	ws := workerSolvers{cmd: "solve", mb: max(c.limits.hash/workers, 1), stderr: std.err}
	var tot totals
	outs := make([]outcome, 0, len(probs))
	inOrder(len(probs), workers, func() func(int) outcome {
		s := ws.next()
		return func(i int) outcome { return solveOne(s, probs[i], c.opt, c.limits.limits()) }
	}, func(_ int, o outcome) {
		ws.warn.check()
		tot.add(&o)
		outs = append(outs, o)
		if len(probs) > 1 {
			writeSummary(std.out, &o)
		}
	})
	writeResults(std.out, c.format, outs, &tot)
	if failed || tot.bad > 0 {
		return 1
	}
	return 0
}
