package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"gomate/benchdata"
	"gomate/dfpn"
)

// benchSet is one file of the suite and the mate length each of its plain
// SFEN lines is known to have (0: given per line).
type benchSet struct {
	file  string
	plies int
	rules dfpn.Rules // the rules the set's lengths are given under
	probs []problem  // its problems, once read
}

// benchSets are the suite's files in the order they are run; long selects
// the long problems instead.
func benchSets(long bool) []benchSet {
	if long {
		return []benchSet{{file: "long.tsv", rules: dfpn.Tsume}}
	}
	return []benchSet{
		{file: "mate3.sfen", plies: 3, rules: dfpn.Strict},
		{file: "mate5.sfen", plies: 5, rules: dfpn.Strict},
		{file: "mate7.sfen", plies: 7, rules: dfpn.Strict},
		{file: "zukou_easy.tsv", rules: dfpn.Tsume},
	}
}

const benchUsage = `
Solves the built-in suite (embedded in the binary; see benchdata/SOURCES.md):
the first 50 mate-in-3, 5 and 7 positions of YaneuraOu's public tsume set
(strict rules) and the ten shortest Shogi Zukou problems (tsume rules).
Prints a table of each problem's result, time, nodes and nodes/s, the
totals per set, and the build, table and threads it ran with. -long
solves the long problems (Kotobuki, Microcosmos, ...) instead, with -time
300000 and -hash 2048 unless given. -threads T searches each problem on T
goroutines over the table; it is 1 by default so that the figures compare
with earlier runs (with more threads the node counts can differ from run
to run).`

// benchCommand is "gomate bench": it solves the built-in suite and prints
// a table with the time, nodes and nodes per second of each problem, and
// totals per set.
type benchCommand struct {
	limits  limitFlags
	threads int // -threads
	long    bool
	profile profileFlag
}

func (c *benchCommand) flags(fs *flag.FlagSet) {
	c.limits.declare(fs, 200, 64)
	fs.Lookup("time").Usage += "; 300000 with -long"
	fs.Lookup("hash").Usage += "; 2048 with -long"
	threadsFlag(fs, &c.threads)
	fs.BoolVar(&c.long, "long", false, "solve the long problems (Kotobuki, Microcosmos, ...) instead: minutes each")
	c.profile.declare(fs)
}

func (c *benchCommand) run(fs *flag.FlagSet, std stdio) int {
	if c.long {
		given := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
		if !given["time"] {
			c.limits.ms = 300000
		}
		if !given["hash"] {
			c.limits.hash = 2048
		}
	}
	if !c.limits.valid("bench", std.err) || !validThreads("bench", c.threads, std.err) {
		return 2
	}
	sets := benchSets(c.long)
	for i := range sets {
		if err := sets[i].read(); err != nil {
			fmt.Fprintln(std.err, "gomate bench:", err)
			return 1
		}
	}
	defer c.profile.start()()

	s, warn := newSolver("bench", c.limits.hash, std.err)
	all := c.solveSets(std.out, s, warn, sets)
	fmt.Fprintln(std.out, "build:", buildDescription())
	// The table is faulted in in the background: the record is of the
	// whole table.
	s.WaitTable()
	warn.check()
	fmt.Fprintln(std.out, "table:", tableDescription(s))
	fmt.Fprintf(std.out, "threads: %d per problem\n", c.threads)
	if all.bad > 0 {
		return 1
	}
	return 0
}

// read reads the set's problems from the suite.
func (set *benchSet) read() error {
	data, err := benchdata.FS.ReadFile(set.file)
	if err != nil {
		return err
	}
	probs, errs := readProblems(strings.NewReader(string(data)), set.file)
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	for i := range probs {
		if probs[i].expected == 0 {
			probs[i].expected = set.plies
		}
	}
	set.probs = probs
	return nil
}

// solveSets solves the sets and prints the table of their problems, the
// totals of each set and of all, which it returns.
func (c *benchCommand) solveSets(w io.Writer, s *dfpn.Solver, warn *tableWarning, sets []benchSet) totals {
	t := newTable(w)
	var all totals
	setTotals := make([]totals, len(sets))
	for i, set := range sets {
		for _, p := range set.probs {
			o := solveOne(s, p, dfpn.Options{Rules: set.rules, Threads: c.threads}, c.limits.limits())
			warn.check()
			t.row(&o)
			setTotals[i].add(&o)
			all.add(&o)
		}
	}
	t.flush()
	fmt.Fprintln(w)
	for i, set := range sets {
		setTotals[i].write(w, set.file)
	}
	all.write(w, "total")
	return all
}
