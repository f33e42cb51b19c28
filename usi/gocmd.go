package usi

import (
	"fmt"
	"strconv"
	"time"

	"gomate/position"
)

// goParams are the arguments of a go command. Tokens may come in any
// order ("go nodes 1000 mate infinite", "go mate 1000 nodes 5"); unknown
// tokens are ignored.
type goParams struct {
	mate     bool          // go mate: answer with a checkmate line
	mateTime time.Duration // the go mate time limit; 0 = infinite
	infinite bool          // plain go infinite: bestmove only after stop
	ponder   bool          // go ponder: like infinite until ponderhit
	nodes    uint64        // 0 = no limit from the command
	depth    int           // accepted, not used: the solver has no depth limit
	movetime time.Duration
	byoyomi  time.Duration
	time     [2]time.Duration // btime, wtime
	inc      [2]time.Duration // binc, winc
	// problems lists tokens that could not be read (bad numbers).
	problems []string
}

// parseGo reads the tokens after "go".
func parseGo(args []string) goParams {
	var g goParams
	// number reads the value after args[i] as a non-negative integer.
	number := func(i int) (int64, bool) {
		if i+1 >= len(args) {
			g.problems = append(g.problems, fmt.Sprintf("%s needs a number", args[i]))
			return 0, false
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil || n < 0 {
			g.problems = append(g.problems, fmt.Sprintf("%s %s is not a non-negative number", args[i], quote(args[i+1])))
			return 0, false
		}
		return n, true
	}
	ms := func(n int64) time.Duration {
		return time.Duration(min(n, int64(1<<62)/int64(time.Millisecond))) * time.Millisecond
	}
	for i := 0; i < len(args); i++ {
		switch tok := args[i]; tok {
		case "mate":
			g.mate = true
			if i+1 < len(args) {
				next := args[i+1]
				if next == "infinite" {
					i++
				} else if n, err := strconv.ParseInt(next, 10, 64); err == nil {
					i++
					if n < 0 {
						g.problems = append(g.problems, fmt.Sprintf("mate %d is negative; searching without a time limit", n))
					} else {
						g.mateTime = ms(n)
					}
				}
			}
		case "infinite":
			g.infinite = true
		case "ponder":
			g.ponder = true
		case "nodes", "depth", "movetime", "byoyomi", "btime", "wtime", "binc", "winc":
			n, ok := number(i)
			if !ok {
				continue
			}
			i++
			switch tok {
			case "nodes":
				g.nodes = uint64(n)
			case "depth":
				g.depth = int(min(n, 1<<30))
			case "movetime":
				g.movetime = ms(n)
			case "byoyomi":
				g.byoyomi = ms(n)
			case "btime":
				g.time[position.Black] = ms(n)
			case "wtime":
				g.time[position.White] = ms(n)
			case "binc":
				g.inc[position.Black] = ms(n)
			case "winc":
				g.inc[position.White] = ms(n)
			}
		}
	}
	if g.mate {
		g.infinite = false // "go mate infinite" already means no limit
	}
	return g
}

// budget is the time a plain go may use for the side to move: movetime if
// given, else the byoyomi and increment plus a small share of the clock,
// less a safety margin. 0 means no limit (bare go, go infinite, go ponder).
func (g *goParams) budget(side position.Color) time.Duration {
	const margin = 100 * time.Millisecond
	var t time.Duration
	switch {
	case g.movetime > 0:
		t = g.movetime
	case g.byoyomi > 0 || g.time[side] > 0 || g.inc[side] > 0:
		t = g.byoyomi + g.inc[side] + g.time[side]/30
	default:
		return 0
	}
	return max(t-margin, 50*time.Millisecond)
}
