package cli

import (
	"fmt"
	"io"
	"time"

	"gomate/generate"
)

// generate -bench: the throughput of generation, measured the way
// docs/notes/generation.md reports it. Each method runs for -duration
// (benchDuration when not given) towards -plies, writing the sound
// problems of every length from 3 on (-min-plies 3) to nowhere, and a
// table gives, per length, the success per candidate, the problems per
// CPU-hour and the candidates per second. The problems are not rated:
// the rating is a separate cost (gomate rate).

// benchDuration is the time of each method when -duration is not given.
const benchDuration = 2 * time.Minute

// benchMinPlies is the shortest length the bench counts.
const benchMinPlies = 3

// runBench runs the bench of cfg (its Count, MinPlies and Duration are
// set here) and writes the table to w.
func runBench(cfg generate.Config, methods []generate.Method, w io.Writer) error {
	cfg.Count = 0
	cfg.MinPlies = min(benchMinPlies, cfg.Plies)
	if cfg.Duration <= 0 {
		cfg.Duration = benchDuration
	}
	fmt.Fprintf(w, "gomate generate -bench: -plies %d, seed %d, %d workers, %s a method\n\n", cfg.Plies, cfg.Seed, cfg.Workers, cfg.Duration)
	fmt.Fprintln(w, "| method | plies | candidates | candidates/s | success per candidate | problems | problems per CPU-hour |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|")
	for _, m := range methods {
		cfg.Method = m
		stats, err := generate.Run(cfg, func(*generate.Problem) error { return nil })
		if err != nil {
			return err
		}
		cps := float64(stats.Candidates) / max(stats.Elapsed.Seconds(), 1e-9)
		cpu := stats.Elapsed * time.Duration(max(cfg.Workers, 1))
		for l := cfg.MinPlies; l <= cfg.Plies; l += 2 {
			fmt.Fprintf(w, "| %s | %d | %d | %.2f | %.3f | %d | %.0f |\n", m, l, stats.Candidates, cps,
				ratio(stats.Reached[l], stats.Candidates), stats.Written[l], perHour(stats.Written[l], cpu))
		}
		fmt.Fprintf(w, "\n%s: longest %d plies; %d judgements, %d candidates refused before judging, %d left undecided by a limit, %d backtracks, %d dropped when proven again on a cleared table; %s\n",
			m, stats.Longest, stats.Judges, stats.Quick, stats.Limited, stats.Backtracks, stats.Disagreed, fmtDuration(stats.Elapsed))
	}
	return nil
}
