package cli

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"gomate/position"
)

const perftUsage = `
Counts the leaves of the legal move tree of a position to DEPTH plies
(0 to 20) and prints the count, the time and leaves per second; with
-divide, the count below each legal move first. SFEN defaults to the start
position; it may be several arguments or one quoted argument, with an
optional "sfen" or "position sfen" prefix.`

// perftCommand is "gomate perft".
type perftCommand struct {
	divide  bool
	profile profileFlag
}

func (c *perftCommand) flags(fs *flag.FlagSet) {
	fs.BoolVar(&c.divide, "divide", false, "print the count below each legal move, sorted by move")
	c.profile.declare(fs)
}

func (c *perftCommand) run(fs *flag.FlagSet, std stdio) int {
	depth, err := strconv.Atoi(fs.Arg(0))
	if err != nil || depth < 0 || depth > 20 {
		fmt.Fprintf(std.err, "gomate perft: depth %q: want an integer from 0 to 20\n", fs.Arg(0))
		return 2
	}
	pos := position.Startpos()
	if fs.NArg() > 1 {
		pos, err = parsePositionText(strings.Join(fs.Args()[1:], " "))
		if err != nil {
			fmt.Fprintln(std.err, "gomate perft:", err)
			return 1
		}
	}
	defer c.profile.start()()

	start := time.Now()
	var nodes uint64
	if c.divide && depth > 0 {
		nodes = writeDivide(std.out, pos, depth)
	} else {
		nodes = pos.Perft(depth)
	}
	d := time.Since(start)
	fmt.Fprintf(std.out, "perft %d: %d nodes, %s, %d leaves/s\n", depth, nodes, fmtDuration(d), nps(nodes, d))
	return 0
}

// writeDivide prints the leaves below each legal move of pos, sorted by
// move, and their number, and returns the sum.
func writeDivide(w io.Writer, pos *position.Position, depth int) (nodes uint64) {
	counts := pos.PerftDivide(depth)
	type row struct {
		move  string
		count uint64
	}
	rows := make([]row, 0, len(counts))
	for m, c := range counts {
		rows = append(rows, row{m.String(), c})
		nodes += c
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].move < rows[j].move })
	for _, r := range rows {
		fmt.Fprintf(w, "%s %d\n", r.move, r.count)
	}
	fmt.Fprintf(w, "moves %d\n", len(rows))
	return nodes
}
