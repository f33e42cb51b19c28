package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// Summary gathers the results of one input file.
type Summary struct {
	File    string
	Results []Result
}

// count returns how many results have one of the statuses.
func (s *Summary) count(st ...Status) int {
	n := 0
	for _, r := range s.Results {
		if slices.Contains(st, r.Status) {
			n++
		}
	}
	return n
}

// times are the measured answer times (every position that got a
// checkmate line; hangs and crashes are left out).
func (s *Summary) times() []time.Duration {
	var ts []time.Duration
	for _, r := range s.Results {
		if r.Measured {
			ts = append(ts, r.Answer.Elapsed)
		}
	}
	return ts
}

// nodes sums the reported node counts and the time of the positions that
// reported one.
func (s *Summary) nodes() (n int64, t time.Duration, any bool) {
	for _, r := range s.Results {
		if r.Measured && r.Answer.HasNodes {
			n += r.Answer.Nodes
			t += r.Answer.Elapsed
			any = true
		}
	}
	return n, t, any
}

// median of ts (the mean of the middle two for an even count).
func median(ts []time.Duration) time.Duration {
	if len(ts) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(ts))
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

// percentile returns the nearest-rank q-quantile of ts (0 < q <= 1): the
// smallest value with at least q of the values at or below it.
func percentile(ts []time.Duration, q float64) time.Duration {
	if len(ts) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(ts))
	i := int(math.Ceil(q*float64(len(s)))) - 1
	return s[max(0, min(i, len(s)-1))]
}

func sum(ts []time.Duration) time.Duration {
	var t time.Duration
	for _, d := range ts {
		t += d
	}
	return t
}

// fmtDur prints a duration in milliseconds with sensible precision.
func fmtDur(d time.Duration) string {
	ms := float64(d) / float64(time.Millisecond)
	switch {
	case ms < 10:
		return fmt.Sprintf("%.2fms", ms)
	case ms < 10000:
		return fmt.Sprintf("%.1fms", ms)
	}
	return fmt.Sprintf("%.2fs", d.Seconds())
}

// fmtCount prints a large number with a k/M/G suffix.
func fmtCount(n float64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2fG", n/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.2fM", n/1e6)
	case n >= 1e4:
		return fmt.Sprintf("%.1fk", n/1e3)
	}
	return strconv.FormatInt(int64(n), 10)
}

// resultLine is the one-line report of a position (-v).
func resultLine(r Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-22s %-8s", r.Label(), r.Status)
	switch {
	case r.Plies > 0:
		fmt.Fprintf(&b, " plies %d/%d", r.Plies, r.Expected)
	case r.Expected > 0:
		fmt.Fprintf(&b, " expected %d", r.Expected)
	}
	if r.Measured || r.Status == StatusHang {
		fmt.Fprintf(&b, "  %s", fmtDur(r.Answer.Elapsed))
	}
	if r.Answer.HasNodes {
		fmt.Fprintf(&b, "  nodes %d", r.Answer.Nodes)
	}
	if r.Detail != "" {
		fmt.Fprintf(&b, "  (%s)", r.Detail)
	}
	return b.String()
}

// printSummary prints the table of one file and the lists of mismatches,
// bad lines and stray output.
func printSummary(w io.Writer, s *Summary) {
	ts := s.times()
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	row := func(k string, v any) { fmt.Fprintf(tw, "  %s\t%v\n", k, v) }
	fmt.Fprintf(w, "\n== %s\n", s.File)
	row("positions", len(s.Results))
	row("verified mates", s.count(StatusMateOK, StatusMateLen, StatusMate))
	row("exact length", s.count(StatusMateOK))
	row("length mismatches", s.count(StatusMateLen))
	if n := s.count(StatusMate); n > 0 {
		row("no expected length", n)
	}
	row("nomate", s.count(StatusNomate))
	row("timeout", s.count(StatusTimeout))
	row("hang", s.count(StatusHang))
	if n := s.count(StatusCrash); n > 0 {
		row("crash", n)
	}
	if n := s.count(StatusOther); n > 0 {
		row("notimplemented", n)
	}
	row("BAD LINES", s.count(StatusBadLine))
	if n := s.count(StatusBadSFEN); n > 0 {
		row("unreadable sfen", n)
	}
	row("total time", fmtDur(sum(ts)))
	if len(ts) > 0 {
		row("median", fmtDur(median(ts)))
		row("mean", fmtDur(sum(ts)/time.Duration(len(ts))))
		row("p90", fmtDur(percentile(ts, 0.9)))
		row("max", fmtDur(slices.Max(ts)))
	}
	if n, t, ok := s.nodes(); ok {
		row("total nodes", n)
		if t > 0 {
			row("nodes/s", fmtCount(float64(n)/t.Seconds()))
		}
	} else {
		row("total nodes", "(not reported)")
	}
	tw.Flush()

	list := func(title string, keep func(Result) bool, line func(Result) string) {
		var out []string
		for _, r := range s.Results {
			if keep(r) {
				out = append(out, line(r))
			}
		}
		if len(out) > 0 {
			fmt.Fprintf(w, "  %s:\n", title)
			for _, l := range out {
				fmt.Fprintf(w, "    %s\n", l)
			}
		}
	}
	list("length mismatches (expected, got)", func(r Result) bool { return r.Status == StatusMateLen },
		func(r Result) string { return fmt.Sprintf("%s: expected %d, got %d", r.Label(), r.Expected, r.Plies) })
	list("nomate/timeout/hang/crash", func(r Result) bool {
		return slices.Contains([]Status{StatusNomate, StatusTimeout, StatusHang, StatusCrash, StatusOther}, r.Status)
	}, func(r Result) string {
		return strings.TrimSpace(fmt.Sprintf("%s: %s (expected %d) %s", r.Label(), r.Status, r.Expected, r.Detail))
	})
	list("BAD LINES", func(r Result) bool { return r.Status == StatusBadLine },
		func(r Result) string {
			return fmt.Sprintf("%s: %s\n      sfen %s\n      %s", r.Label(), r.Detail, r.SFEN, r.Answer.Checkmate)
		})
	list("unreadable sfen (not sent)", func(r Result) bool { return r.Status == StatusBadSFEN },
		func(r Result) string { return fmt.Sprintf("%s: %s", r.Label(), r.Detail) })
	list("stray engine output", func(r Result) bool { return len(r.Answer.Stray) > 0 },
		func(r Result) string { return fmt.Sprintf("%s: %q", r.Label(), r.Answer.Stray) })
}

// writeCSV writes one row per position.
func writeCSV(w io.Writer, sums []*Summary) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"file", "line", "name", "expected", "status", "plies", "ms", "nodes", "sfen", "checkmate", "detail", "info"})
	for _, s := range sums {
		for _, r := range s.Results {
			nodes := ""
			if r.Answer.HasNodes {
				nodes = strconv.FormatInt(r.Answer.Nodes, 10)
			}
			ms := ""
			if r.Measured || r.Status == StatusHang {
				ms = strconv.FormatFloat(float64(r.Answer.Elapsed)/float64(time.Millisecond), 'f', 3, 64)
			}
			cw.Write([]string{r.File, strconv.Itoa(r.Line), r.Name, strconv.Itoa(r.Expected), string(r.Status),
				strconv.Itoa(r.Plies), ms, nodes, r.SFEN, r.Answer.Checkmate, r.Detail, strings.Join(r.Answer.Strings, " | ")})
		}
	}
	cw.Flush()
	return cw.Error()
}
