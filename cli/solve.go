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
expected length).`

// solveCommand is "gomate solve".
type solveCommand struct {
	limits  limitFlags
	opt     dfpn.Options // -defender, -firstmate, -rules and the techniques
	format  lineFormat
	profile profileFlag
}

func (c *solveCommand) flags(fs *flag.FlagSet) {
	c.limits.declare(fs, 10000, 256)
	fs.BoolVar(&c.opt.RootIsDefender, "defender", false, "the side to move is the defender (show the longest defence)")
	fs.BoolVar(&c.opt.FirstMate, "firstmate", false, "stop at the first mate found; do not prove the shortest")
	rulesFlag(fs, &c.opt.Rules)
	techniqueFlags(fs, &c.opt)
	c.format.declare(fs)
	c.profile.declare(fs)
}

func (c *solveCommand) run(fs *flag.FlagSet, std stdio) int {
	probs, failed, status := problemsFor("solve", &c.limits, fs.Args(), std.err, 1)
	if status != 0 {
		return status
	}
	defer c.profile.start()()

	s, warn := newSolver("solve", c.limits.hash, std.err)
	var tot totals
	outs := make([]outcome, 0, len(probs))
	for _, p := range probs {
		o := solveOne(s, p, c.opt, c.limits.limits())
		warn.check()
		tot.add(&o)
		outs = append(outs, o)
		if len(probs) > 1 {
			writeSummary(std.out, &o)
		}
	}
	writeResults(std.out, c.format, outs, &tot)
	if failed || tot.bad > 0 {
		return 1
	}
	return 0
}
