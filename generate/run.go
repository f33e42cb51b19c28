package generate

import (
	"sync"
	"sync/atomic"
	"time"

	"gomate/dfpn"
)

// A run: workers (goroutines, each with its own solver) take candidate
// indices from a counter and run them; the collector puts the outcomes
// back in index order, drops duplicates and hands each new problem to
// the caller, so that the problems, their order and their trial counts
// are the same for any number of workers. The run ends after Count
// problems, after the last candidate of its range, after Duration, or
// when the caller's Stop is set; the candidates still running then are
// abandoned (their searches stopped, their outcomes dropped) and the
// outcomes that arrived after a gap in the order are not used.

// Config is a run.
type Config struct {
	Settings
	// Count stops the run after this many problems of Plies plies (0: no
	// limit).
	Count int
	// From and To are the range of candidate indices the run takes:
	// From, From+1, ..., To-1 (To 0: no end). Runs of the same settings
	// on adjacent ranges are shards of the run on the whole range: "gomate
	// merge" makes their outputs one (docs/scale-out.md).
	From, To int
	// KeepDuplicates hands the problems found to be duplicates to emit
	// too, marked Duplicate (not counted as problems, their Trials not
	// reset), so that a merge of shards can drop what one run would.
	KeepDuplicates bool
	// Workers is the number of goroutines (at least 1).
	Workers int
	// HashMB is the table size shared among the workers' solvers.
	HashMB int
	// Duration stops the run after this long (0: no limit).
	Duration time.Duration
	// Stop, when set by another goroutine, ends the run.
	Stop *atomic.Bool
	// Progress, if not nil, is called by the collector about every
	// ProgressInterval (default 2 s) with the statistics so far.
	Progress         func(Stats)
	ProgressInterval time.Duration
}

// MaxPlies bounds the lengths the statistics count.
const MaxPlies = 63

// Stats count the candidates of a run used so far, in index order.
type Stats struct {
	Candidates int // candidates run
	Problems   int // problems written, every length
	Duplicates int // sound problems dropped as duplicates, every length
	// Written[L] counts the problems of L plies written.
	Written [MaxPlies + 2]int
	// Reached[L] counts the candidates that made a sound problem of L
	// plies or more on the way (L odd): the success per trial at L.
	Reached [MaxPlies + 2]int
	// Longest is the longest sound problem made on the way.
	Longest int
	// MateTries, Judges, Quick and Limited add up the candidates' own
	// counts.
	MateTries, Judges, Quick, Limited, Backtracks int
	// Disagreed counts the sound problems dropped because a proof again
	// on a cleared table disagreed (Outcome.Disagreed).
	Disagreed int
	Elapsed   time.Duration
}

// add counts the outcome o.
func (st *Stats) add(o Outcome) {
	st.Candidates++
	for l := 1; l <= min(o.Reached, MaxPlies); l += 2 {
		st.Reached[l]++
	}
	st.Longest = max(st.Longest, o.Reached)
	st.MateTries += o.MateTries
	st.Judges += o.Judges
	st.Quick += o.Quick
	st.Limited += o.Limited
	st.Backtracks += o.Backtracks
	st.Disagreed += o.Disagreed
}

// Run runs the generation of cfg and calls emit with each new problem, in
// index order, from the calling goroutine. An error from emit ends the
// run and is returned. The statistics are those of the candidates used.
func Run(cfg Config, emit func(*Problem) error) (Stats, error) {
	start := time.Now()
	var abandon atomic.Bool // set when the run ends: the workers stop
	results := startWorkers(cfg, &abandon)

	c := &collector{cfg: &cfg, emit: emit, pending: map[int]Outcome{}, want: cfg.From, dups: NewDedup()}
	interval := cfg.ProgressInterval
	if interval <= 0 {
		interval = 2 * time.Second
	}
	tick := time.NewTicker(interval)
	defer tick.Stop()
	var deadline <-chan time.Time
	if cfg.Duration > 0 {
		t := time.NewTimer(cfg.Duration)
		defer t.Stop()
		deadline = t.C
	}
	for !abandon.Load() {
		select {
		case o, ok := <-results:
			if !ok {
				abandon.Store(true)
				break
			}
			c.pending[o.Index] = o
			c.useInOrder()
			if c.done() {
				abandon.Store(true)
			}
		case <-tick.C:
			if cfg.Stop != nil && cfg.Stop.Load() {
				abandon.Store(true)
			}
			if cfg.Progress != nil {
				c.stats.Elapsed = time.Since(start)
				cfg.Progress(c.stats)
			}
		case <-deadline:
			abandon.Store(true)
		}
	}
	for range results {
		// drain: the workers end at their next check of abandon
	}
	c.stats.Elapsed = time.Since(start)
	return c.stats, c.err
}

// startWorkers starts the workers of cfg, which run the candidates of its
// range until abandon is set, and returns their outcomes, closed when all
// have ended.
func startWorkers(cfg Config, abandon *atomic.Bool) <-chan Outcome {
	workers := max(cfg.Workers, 1)
	hash := max(cfg.HashMB/workers, 1)
	var next atomic.Int64 // the next candidate index to take
	next.Store(int64(cfg.From))
	lim := cfg.Limits
	lim.Stop = abandon
	st := cfg.Settings
	st.Limits = lim

	results := make(chan Outcome, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := dfpn.New(hash)
			for !abandon.Load() {
				i := int(next.Add(1) - 1)
				if cfg.To > 0 && i >= cfg.To {
					return
				}
				if st.grows() && i >= len(st.Inputs) {
					return // every problem given has had its candidate
				}
				o := Candidate(s, st, i)
				if abandon.Load() {
					return // its searches may have been stopped: unusable
				}
				results <- o
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()
	return results
}

// A collector puts the outcomes back in index order and uses them.
type collector struct {
	cfg     *Config
	emit    func(*Problem) error
	stats   Stats
	err     error
	pending map[int]Outcome
	want    int // the next index to use
	// trials[L] counts the candidates used since the last problem of L
	// plies written.
	trials [MaxPlies + 2]int
	dups   *Dedup
}

// done tells whether the run has what it needs, or failed.
func (c *collector) done() bool {
	return c.err != nil || c.cfg.Count > 0 && c.stats.Written[min(c.cfg.Plies, MaxPlies)] >= c.cfg.Count || c.cfg.Stop != nil && c.cfg.Stop.Load()
}

// useInOrder uses the pending outcomes from the next index on, up to the
// first gap or until the run is done.
func (c *collector) useInOrder() {
	for {
		o, ok := c.pending[c.want]
		if !ok || c.done() {
			break
		}
		delete(c.pending, c.want)
		c.want++
		for l := range c.trials {
			c.trials[l]++
		}
		c.stats.add(o)
		for _, p := range o.Problems {
			if c.err != nil {
				break
			}
			l := min(p.Plies, MaxPlies)
			if !c.dups.Add(p) {
				c.stats.Duplicates++
				if c.cfg.KeepDuplicates {
					p.Duplicate = true
					p.Trials = c.trials[l]
					c.err = c.emit(p)
				}
				continue
			}
			p.Trials = c.trials[l]
			c.trials[l] = 0
			c.stats.Problems++
			c.stats.Written[l]++
			c.err = c.emit(p)
		}
	}
}
