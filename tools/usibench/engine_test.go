package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The test binary doubles as a fake engine when this variable is set.
const fakeEnv = "USIBENCH_FAKE_ENGINE"

func TestMain(m *testing.M) {
	switch os.Getenv(fakeEnv) {
	case "1":
		fakeEngine()
		os.Exit(0)
	case "newgame":
		fakeNewGameEngine()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeEngine answers by the move number of the last position: 1 a right
// mate, 2 a double space, 3 a line that is no mate, 4 nothing until stop,
// 5 nomate followed by a stray second checkmate, 6 exits, 7 a right mate.
func fakeEngine() {
	say := func(s string) { fmt.Println(s) }
	var num string
	serveFake(func(f []string) bool {
		switch f[0] {
		case "usi":
			say("id name fake")
			say("usiok")
		case "isready":
			say("readyok")
		case "position":
			num = f[len(f)-1]
		case "stop":
			say("checkmate timeout")
		case "quit":
			return false
		case "go":
			say("info time 0 nodes 42 nps 1000")
			switch num {
			case "1", "7":
				say("checkmate 7i6g")
			case "2":
				say("checkmate  7i6g")
			case "3":
				say("checkmate 1e1d")
			case "5":
				say("checkmate nomate")
				say("checkmate 7i6g")
			case "6":
				os.Exit(1)
			}
		}
		return true
	})
}

// serveFake reads USI commands from standard input and hands each that
// is not blank, split into fields, to handle until it returns false.
func serveFake(handle func(f []string) bool) {
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) > 0 && !handle(f) {
			return
		}
	}
}

func TestRunFakeEngine(t *testing.T) {
	t.Setenv(fakeEnv, "1")
	const board = "8l/G1+L6/1+R1g2n1p/ppsp2p2/2k2p2P/PP1P2P2/2S1RP3/4P4/LKN1B2NL b P4pn2s2gb "
	dir := t.TempDir()
	in := filepath.Join(dir, "mate1.sfen")
	var text strings.Builder
	for i := 1; i <= 7; i++ {
		fmt.Fprintf(&text, "%s%d\n", board, i)
	}
	if err := os.WriteFile(in, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.csv")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-engine", os.Args[0], "-time", "50", "-grace", "100ms", "-csv", out, in}, &stdout, &stderr)
	if code != 1 {
		t.Errorf("exit status %d, want 1 (bad lines)\n%s\n%s", code, stdout.String(), stderr.String())
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := []Status{StatusMateOK, StatusBadLine, StatusBadLine, StatusHang, StatusNomate, StatusCrash, StatusMateOK}
	if len(rows) != len(want)+1 {
		t.Fatalf("%d rows, want %d", len(rows), len(want)+1)
	}
	for i, st := range want {
		if got := Status(rows[i+1][4]); got != st {
			t.Errorf("position %d: %s, want %s (%q)", i+1, got, st, rows[i+1])
		}
	}
	for _, s := range []string{"engine restarted 2 times", "after answer: checkmate 7i6g", "BAD LINES          2"} {
		if !strings.Contains(stdout.String(), s) {
			t.Errorf("output lacks %q:\n%s", s, stdout.String())
		}
	}
}

// fakeNewGameEngine behaves as shtsume does: after usinewgame it ignores
// isready, each search must follow a usinewgame, and its checkmate line
// ends with a space.
func fakeNewGameEngine() {
	newGame, fresh := false, false
	serveFake(func(f []string) bool {
		switch f[0] {
		case "usi":
			fmt.Println("id name fake-newgame")
			fmt.Println("usiok")
		case "isready":
			if !newGame {
				fmt.Println("readyok")
			}
		case "usinewgame":
			newGame, fresh = true, true
		case "quit":
			return false
		case "go":
			if !fresh {
				fmt.Println("checkmate nomate")
				break
			}
			fresh = false
			fmt.Println("info string Checkmate with hand!")
			fmt.Println("checkmate 7i6g ")
		}
		return true
	})
}

// TestRunNewGameEngine: with -newgame and -trim, an engine that wants
// usinewgame before each position and ignores isready after it is
// measured, its trailing space accepted and its info strings kept;
// without -trim the same lines are bad.
func TestRunNewGameEngine(t *testing.T) {
	t.Setenv(fakeEnv, "newgame")
	const board = "8l/G1+L6/1+R1g2n1p/ppsp2p2/2k2p2P/PP1P2P2/2S1RP3/4P4/LKN1B2NL b P4pn2s2gb 1"
	dir := t.TempDir()
	in := filepath.Join(dir, "mate1.sfen")
	if err := os.WriteFile(in, []byte(board+"\n"+board+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		trim bool
		code int
		want Status
	}{{true, 0, StatusMateOK}, {false, 1, StatusBadLine}} {
		out := filepath.Join(dir, "out.csv")
		args := []string{"-engine", os.Args[0], "-newgame", "-time", "2000", "-grace", "1s", "-csv", out, in}
		if c.trim {
			args = append([]string{"-trim"}, args...)
		}
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != c.code {
			t.Errorf("trim %v: exit status %d, want %d\n%s\n%s", c.trim, code, c.code, stdout.String(), stderr.String())
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 3 {
			t.Fatalf("trim %v: %d rows, want 3", c.trim, len(rows))
		}
		for _, r := range rows[1:] {
			if Status(r[4]) != c.want || r[len(r)-1] != "Checkmate with hand!" {
				t.Errorf("trim %v: %q, want %s and the info string", c.trim, r, c.want)
			}
		}
	}
}
