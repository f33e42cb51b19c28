package compose

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gomate/dfpn"
)

// TestCheckLimits: a check cut short by time or a stop is never reported
// sound, and says what it left open.
func TestCheckLimits(t *testing.T) {
	p := problem(t, "zukou-036")
	s := dfpn.New(32)
	undecided := 0
	for _, d := range []time.Duration{time.Microsecond, 5 * time.Millisecond, 20 * time.Millisecond, 60 * time.Millisecond, 150 * time.Millisecond} {
		s.Clear()
		c := Check(s, p.Clone(), dfpn.Options{}, dfpn.Limits{Time: d})
		switch c.Verdict {
		case Unsound:
			t.Errorf("%v: a sound problem reported unsound: %s", d, strings.Join(c.Reasons, "; "))
		case Sound:
			if len(c.Unchecked) > 0 {
				t.Errorf("%v: sound with unchecked points %v", d, c.Unchecked)
			}
		case Undecided:
			undecided++
			if len(c.Reasons) == 0 {
				t.Errorf("%v: undecided without a reason", d)
			}
		}
		if c.Elapsed > d+time.Second {
			t.Errorf("%v: the check took %v", d, c.Elapsed)
		}
	}
	if undecided == 0 {
		t.Errorf("no time limit left the check undecided")
	}
	var stop atomic.Bool
	stop.Store(true)
	s.Clear()
	if c := Check(s, p.Clone(), dfpn.Options{}, dfpn.Limits{Stop: &stop}); c.Verdict != Undecided {
		t.Errorf("stopped check: %v", c.Verdict)
	}
}

func ExampleVerdict() {
	fmt.Println(Sound, Unsound, Undecided)
	// Output: sound unsound unknown
}
