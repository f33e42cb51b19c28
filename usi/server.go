package usi

import (
	"fmt"
	"io"
	"strings"
	"time"

	"gomate/position"
)

// Config tunes a Server. The zero value is ready to use.
type Config struct {
	// Name and Author are sent in answer to "usi" (defaults: "gomate" and
	// "the gomate authors").
	Name, Author string
	// NewSolver creates the solver with a table of about hashMB MiB
	// (default: dfpn.New). It is called at the first isready or go.
	NewSolver func(hashMB int) Solver
	// MemoryMB returns how many MiB the table may take on this machine; a
	// larger USI_Hash is clamped to it. 0 means unknown (no clamp beyond
	// the option's maximum). Default: three quarters of the available
	// memory reported by the kernel.
	MemoryMB func() int
	// StopGrace is how long a stopped search may take to return before
	// the server answers "checkmate timeout" without it (default 2 s).
	StopGrace time.Duration
	// QuitGrace is how long quit waits for a running search to return
	// (default 500 ms); the server returns either way.
	QuitGrace time.Duration
	// KeepAlive is the interval of the empty lines sent while isready
	// allocates the table (default 3 s), so GUIs do not time out.
	KeepAlive time.Duration
}

func (c Config) withDefaults() Config {
	if c.Name == "" {
		c.Name = "gomate"
	}
	if c.Author == "" {
		c.Author = "the gomate authors"
	}
	if c.NewSolver == nil {
		c.NewSolver = newDfpnSolver
	}
	if c.MemoryMB == nil {
		c.MemoryMB = tableMemoryMB
	}
	if c.StopGrace <= 0 {
		c.StopGrace = 2 * time.Second
	}
	if c.QuitGrace <= 0 {
		c.QuitGrace = 500 * time.Millisecond
	}
	if c.KeepAlive <= 0 {
		c.KeepAlive = 3 * time.Second
	}
	return c
}

// eventBuffer is the room of the event channel: a few events (the main
// result, the multipv lines, notes) pass without waiting for the loop.
const eventBuffer = 16

// Server speaks USI on a reader and a writer. Create it with New and call
// Run once.
type Server struct {
	cfg  Config
	in   io.Reader
	out  *output
	opts settings

	solver   Solver // nil until the first isready or go
	solverMB int
	// tableJudged tells that the solver's table warning was passed on
	// (or that there is none to wait for): see warnTable.
	tableJudged bool

	pos    *position.Position // the current position; nil when none is set
	cur    *job               // the current go command; nil when idle
	nextID int
	// queue holds commands that must wait until the current search's
	// goroutine has returned (see handle).
	queue []string

	// events carries each search's reports in order (events.go);
	// progress its droppable progress reports.
	events   chan searchEvent
	progress chan progressReport
	done     chan struct{} // closed when Run returns
}

// New returns a server reading commands from in and writing to out.
func New(in io.Reader, out io.Writer, cfg Config) *Server {
	return &Server{
		cfg:      cfg.withDefaults(),
		in:       in,
		out:      newOutput(out),
		opts:     defaultSettings(),
		events:   make(chan searchEvent, eventBuffer),
		progress: make(chan progressReport, 1),
		done:     make(chan struct{}),
	}
}

// Run serves until quit, the end of the input, or a write error, which it
// returns. A search still running is told to stop; Run waits for it at
// most Config.QuitGrace.
func (s *Server) Run() error {
	lines := make(chan inputLine, 256)
	go readLines(s.in, lines, s.done)
	defer close(s.done)
	for s.out.err == nil {
		select {
		case l, ok := <-lines:
			if !ok || !s.handleInput(l) {
				s.shutdown()
				return s.out.err
			}
		case e := <-s.events:
			s.onEvent(e)
		case p := <-s.progress:
			s.onProgress(p)
		case <-s.timerC():
			s.onTimer()
		}
	}
	s.shutdown()
	return s.out.err
}

// shutdown stops a running search and waits a little for it to return,
// writing its info lines meanwhile; if it returns, its answer is still
// written (a GUI that sent quit ignores it, a script that piped commands
// gets it).
func (s *Server) shutdown() {
	j := s.cur
	if j == nil || !j.running {
		return
	}
	j.stopping = true
	j.stop.Store(true)
	t := time.NewTimer(s.cfg.QuitGrace)
	defer t.Stop()
	for {
		select {
		case e := <-s.events:
			switch {
			case e.id != j.id:
			case e.kind != evDone:
				s.writeEvent(j, e)
			default:
				if !j.answered {
					s.writeAnswer(j)
				}
				return
			}
		case <-s.progress:
		case <-t.C:
			return
		}
	}
}

func (s *Server) handleInput(l inputLine) bool {
	if l.tooLong > 0 {
		s.out.infoString(fmt.Sprintf("ignored a line of %d bytes: longer than %d", l.tooLong, maxLine))
		return true
	}
	return s.handle(l.text)
}

// handle acts on one command line and returns false on quit.
//
// While the current search is winding down (stopped or already answered,
// its goroutine not yet returned), commands other than isready and quit
// are queued and replayed in order once it returns, so that a new go never
// shares the solver with an old search and no old answer can follow a new
// position.
func (s *Server) handle(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true // blank lines are not commands
	}
	cmd, args := fields[0], fields[1:]
	switch cmd {
	case "quit":
		return false
	case "isready":
		s.isready()
		return true
	}
	if len(s.queue) > 0 || s.windingDown() {
		s.queue = append(s.queue, line)
		return true
	}
	switch cmd {
	case "usi":
		s.usi()
	case "setoption":
		s.setoption(line)
	case "usinewgame":
	case "position":
		s.position(args)
	case "go":
		if s.cur != nil {
			// A go during a search: the old one gets its answer first.
			s.requestStop()
			if s.cur != nil {
				s.queue = append(s.queue, line)
				return true
			}
		}
		s.goCmd(args)
	case "stop", "gameover":
		s.requestStop()
	case "ponderhit":
		s.ponderhit()
	default:
		s.out.infoString("unknown command: " + quote(line))
	}
	return true
}

// windingDown reports whether the current search was stopped or answered
// and its goroutine has not returned yet.
func (s *Server) windingDown() bool {
	return s.cur != nil && s.cur.running && (s.cur.answered || s.cur.stopping)
}

// replayQueue handles the queued commands once the search has ended.
func (s *Server) replayQueue() {
	q := s.queue
	s.queue = nil
	for _, line := range q {
		s.handle(line) // quit is never queued
	}
}

func (s *Server) usi() {
	s.out.line("id", "name", s.cfg.Name)
	s.out.line("id", "author", s.cfg.Author)
	for _, l := range optionLines() {
		s.out.raw(l)
	}
	s.out.line("usiok")
}

func (s *Server) setoption(line string) {
	name, value, err := parseSetOption(line)
	if err != nil {
		s.out.infoString(err.Error())
		return
	}
	if msg := s.opts.apply(name, value, s.cfg.MemoryMB()); msg != "" {
		s.out.infoString(msg)
	}
}

// isready allocates the table when idle; during a search it answers at once.
func (s *Server) isready() {
	if s.cur == nil {
		s.allocate()
	}
	s.out.line("readyok")
}

func (s *Server) position(args []string) {
	p, err := position.ParsePositionCommand(args)
	if err != nil {
		s.pos = nil
		s.out.infoString(clean(err.Error(), 300))
		return
	}
	s.pos = p
}
