package tests

import (
	"fmt"
	"os"
	"testing"
	"time"
)

// BenchmarkReady measures what a user waits for when a GUI or a script
// starts a fresh engine for every mate search (ShogiHome does), at three
// table sizes:
//
//   - isready: from isready to readyok (the table is allocated there),
//     and, as exit-ms, from the quit sent right after readyok to the
//     process's exit;
//   - checkmate: from usi to the first checkmate line of a mate in 3, a
//     GUI's whole session (usi, USI_Hash, isready, position, go mate).
//
// The custom metrics are the means over the iterations, and each
// iteration's figures are logged; ns/op is a whole cycle, process start
// and exit included. Run it as
//
//	go test ./tests -run XXX -bench Ready -benchtime 5x
//
// GOMATE_BENCH_BINARY=path measures another build (an older commit's)
// instead of the one TestMain made, and GOMATE_BENCH_PAUSE=8s pauses
// before each iteration: a virtual machine may hand the memory a process
// freed back to its host after a few seconds (Firecracker's free page
// reporting does after 2 s), and faulting it in again then costs the
// host's work too, as it does for an engine started after a while idle.
// A size is skipped when the machine has too little memory available for
// it.
func BenchmarkReady(b *testing.B) {
	bin := binary
	if p := os.Getenv("GOMATE_BENCH_BINARY"); p != "" {
		bin = p
	}
	var pause time.Duration
	if p := os.Getenv("GOMATE_BENCH_PAUSE"); p != "" {
		var err error
		if pause, err = time.ParseDuration(p); err != nil {
			b.Fatalf("GOMATE_BENCH_PAUSE: %v", err)
		}
	}
	wait := func(b *testing.B) {
		if pause > 0 {
			b.StopTimer()
			time.Sleep(pause)
			b.StartTimer()
		}
	}
	for _, mb := range []int{256, 2048, 8192} {
		b.Run(fmt.Sprintf("hash=%d/isready", mb), func(b *testing.B) {
			skipWithoutMemory(b, mb)
			var ready, exit time.Duration
			for b.Loop() {
				wait(b)
				e := startBinary(b, bin)
				r := time.Since(readyWithHash(e, mb, 10*time.Second, 5*time.Minute))
				start := time.Now()
				e.Send("quit")
				if !e.WaitExit(time.Minute) {
					b.Fatal("no exit within a minute of quit")
				}
				x := time.Since(start)
				b.Logf("readyok %.1f ms, exit %.1f ms", msPerOp(r, 1), msPerOp(x, 1))
				ready += r
				exit += x
			}
			b.ReportMetric(msPerOp(ready, b.N), "readyok-ms")
			b.ReportMetric(msPerOp(exit, b.N), "exit-ms")
		})
		b.Run(fmt.Sprintf("hash=%d/checkmate", mb), func(b *testing.B) {
			skipWithoutMemory(b, mb)
			var total time.Duration
			for b.Loop() {
				wait(b)
				e := startBinary(b, bin)
				start := time.Now()
				readyWithHash(e, mb, 10*time.Second, 5*time.Minute)
				e.Send("usinewgame", "position sfen "+mate3Black, "go mate infinite")
				got := e.Until("checkmate", 5*time.Minute)
				d := time.Since(start)
				b.Logf("checkmate %.1f ms", msPerOp(d, 1))
				total += d
				if n := verifyCheckmate(b, mate3Black, got[len(got)-1]); n != 3 {
					b.Fatalf("%d plies, want 3", n)
				}
				e.Send("quit")
				if !e.WaitExit(time.Minute) {
					b.Fatal("no exit within a minute of quit")
				}
			}
			b.ReportMetric(msPerOp(total, b.N), "checkmate-ms")
		})
	}
}

// msPerOp is d per iteration in milliseconds.
func msPerOp(d time.Duration, n int) float64 {
	return float64(d) / float64(time.Millisecond) / float64(n)
}

// skipWithoutMemory skips a benchmark or test whose table of mb MiB the engine
// could not get here: it clamps USI_Hash to three quarters of the memory
// available (usi.Config.MemoryMB), and a table larger than the machine's
// free memory would only measure swapping or the OOM killer.
func skipWithoutMemory(tb testing.TB, mb int) {
	avail, ok := availableMB()
	switch {
	case !ok && mb > 256:
		tb.Skipf("USI_Hash %d MB: cannot tell how much memory is available (no /proc/meminfo)", mb)
	case ok && mb > avail*3/4:
		tb.Skipf("USI_Hash %d MB needs %d MB available; this machine has %d MB", mb, mb*4/3, avail)
	}
}
