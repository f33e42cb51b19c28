package cli

import (
	"fmt"
	"io"
	"time"

	"gomate/generate"
)

// generate -bench: the throughput of generation, measured the way
// docs/notes/generation.md reports it. For each method and each odd
// length from 3 to -plies, a run of its own asks for that length alone
// and goes on for -duration (benchDuration when not given), writing its
// problems to nowhere; a row gives the success per candidate, the
// problems per CPU-hour and the candidates per second, and the longest
// sound problem the run made on the way. The problems are not rated: the
// rating is a separate cost (gomate rate).

// benchDuration is the time of each length when -duration is not given.
const benchDuration = time.Minute

// benchMinPlies is the shortest length the bench measures.
const benchMinPlies = 3

// runBench runs the bench of cfg (its Plies, MinPlies, Count and
// Duration are set here, for each length) and writes the table to w.
func runBench(cfg generate.Config, methods []generate.Method, w io.Writer) error {
	top, from := cfg.Plies, benchMinPlies
	if cfg.MinPlies > 0 {
		from = cfg.MinPlies // -min-plies: the first length measured
	}
	from = min(from, top)
	cfg.Count = 0
	if cfg.Duration <= 0 {
		cfg.Duration = benchDuration
	}
	fmt.Fprintf(w, "gomate generate -bench: lengths %d to %d, seed %d, %d workers, %s a length\n\n", from, top, cfg.Seed, cfg.Workers, cfg.Duration)
	fmt.Fprintln(w, "| method | plies | candidates | candidates/s | success per candidate | problems | problems per CPU-hour | longest made | dropped when proven again |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, m := range methods {
		cfg.Method = m
		for l := from; l <= top; l += 2 {
			cfg.Plies, cfg.MinPlies = l, l
			stats, err := generate.Run(cfg, func(*generate.Problem) error { return nil })
			if err != nil {
				return err
			}
			cps := float64(stats.Candidates) / max(stats.Elapsed.Seconds(), 1e-9)
			cpu := stats.Elapsed * time.Duration(max(cfg.Workers, 1))
			fmt.Fprintf(w, "| %s | %d | %d | %.2f | %.3f | %d | %.0f | %d | %d |\n", m, l, stats.Candidates, cps,
				ratio(stats.Reached[l], stats.Candidates), stats.Written[l], perHour(stats.Written[l], cpu), stats.Longest, stats.Disagreed)
		}
	}
	return nil
}
