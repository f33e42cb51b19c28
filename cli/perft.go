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

// cmdPerft counts the leaves of the legal move tree of a position (the
// start position by default) and prints the count, the time and leaves per
// second; with -divide, the count below each move first.
func cmdPerft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	divide := fs.Bool("divide", false, "print the count below each legal move, sorted by move")
	prof := profileFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: gomate perft [flags] DEPTH [SFEN]\n\nSFEN defaults to the start position; it may be several arguments or one\nquoted argument, with an optional \"sfen\"/\"position sfen\" prefix.\n\nflags:")
		fs.PrintDefaults()
	}
	if status, ok := parseCommand(fs, args, true, stderr); !ok {
		return status
	}
	depth, err := strconv.Atoi(fs.Arg(0))
	if err != nil || depth < 0 || depth > 20 {
		fmt.Fprintf(stderr, "gomate perft: depth %q: want an integer from 0 to 20\n", fs.Arg(0))
		return 2
	}
	pos := position.Startpos()
	if fs.NArg() > 1 {
		pos, err = parsePositionText(strings.Join(fs.Args()[1:], " "))
		if err != nil {
			fmt.Fprintln(stderr, "gomate perft:", err)
			return 1
		}
	}
	stop, err := startProfile(*prof)
	if err != nil {
		fmt.Fprintln(stderr, "gomate perft:", err)
		return 2
	}
	defer stop()

	start := time.Now()
	var nodes uint64
	if *divide && depth > 0 {
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
			fmt.Fprintf(stdout, "%s %d\n", r.move, r.count)
		}
		fmt.Fprintf(stdout, "moves %d\n", len(rows))
	} else {
		nodes = pos.Perft(depth)
	}
	d := time.Since(start)
	fmt.Fprintf(stdout, "perft %d: %d nodes, %s, %d leaves/s\n", depth, nodes, fmtDuration(d), nps(nodes, d))
	return 0
}
