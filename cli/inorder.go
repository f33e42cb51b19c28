package cli

import (
	"sync"
	"sync/atomic"
)

// inOrder does the work of indices 0 to n-1 on workers goroutines (at
// most n, at least one) and hands each result to emit in index order,
// from the calling goroutine, as soon as it and every one before it are
// done: the output is the same for any number of workers. newWorker is
// called once per goroutine, from the calling goroutine, before the work
// starts; it returns that goroutine's function, which holds what the
// goroutine does not share (a solver, say). The results that wait for an
// earlier one are kept until it comes.
func inOrder[R any](n, workers int, newWorker func() func(i int) R, emit func(i int, r R)) {
	if n <= 0 {
		return
	}
	workers = max(min(workers, n), 1)
	type result struct {
		i int
		r R
	}
	results := make(chan result, workers)
	var next atomic.Int64 // the next index to take
	var wg sync.WaitGroup
	for range workers {
		do := newWorker()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				results <- result{i, do(i)}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	pending := map[int]R{}
	want := 0 // the next index to emit
	for res := range results {
		pending[res.i] = res.r
		for {
			r, ok := pending[want]
			if !ok {
				break
			}
			delete(pending, want)
			emit(want, r)
			want++
		}
	}
}
