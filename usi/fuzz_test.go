package usi

import (
	"io"
	"strings"
	"testing"
	"time"
)

// FuzzServer feeds arbitrary input to a server: it must never panic, must
// return at the end of the input, and must answer each go mate once.
func FuzzServer(f *testing.F) {
	seeds := []string{
		"usi\nisready\nposition startpos\ngo mate 10\n",
		"setoption name USI_Hash value \nsetoption name\nsetoption\n",
		"position sfen " + mate1Black + " moves 7i6g\ngo mate\nstop\nstop\n",
		"go\ngo infinite\nstop\nponderhit\ngo ponder\nponderhit\n",
		"position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e\ngo mate infinite\nquit\n",
		"\x00\xff\n\r\n\t\ngo nodes\ngo mate -1\ngo mate 99999999999999999999999\n",
		"position sfen 9/9/9/9/9/9/9/9/9 b - 1\nposition sfen k8/9/9/9/9/9/9/9/8K b 18p 1\ngo mate\n",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		fs := &fakeSolver{solve: solveMate1}
		cfg := fs.config()
		cfg.QuitGrace = 10 * time.Millisecond
		var out strings.Builder
		done := make(chan error, 1)
		go func() { done <- New(strings.NewReader(input), &out, cfg).Run() }()
		select {
		case err := <-done:
			if err != nil && err != io.EOF {
				t.Fatalf("Run: %v", err)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("Run did not return")
		}
		for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if strings.Contains(l, "  ") || strings.HasSuffix(l, " ") || l == "checkmate" {
				t.Fatalf("bad line %q", l)
			}
		}
	})
}
