// Package usi serves the USI protocol for the mate solver: the handshake
// and options, positions, "go mate" answered by exactly one checkmate line,
// and plain "go" answered by a mate score and bestmove, so that GUIs'
// analysis modes work too.
//
// The files, in reading order, following a "go mate" from the input to
// the search and back:
//
//   - server.go: Config, New and Run: the loop, and the dispatch of each
//     command (handle).
//   - reader.go: the input lines, read in a goroutine of their own.
//   - options.go: the option lines sent for "usi", and setoption.
//   - alloc.go, memory.go, solver.go: the table, allocated at isready or
//     when USI_Hash changes; the Solver interface over dfpn.Solver.
//   - gocmd.go: a go command's parameters and time budget.
//   - job.go: goCmd starts the job; search runs dfpn's Solve in its
//     goroutine (from there, dfpn/solver.go leads to mid in
//     dfpn/search.go); stop, ponderhit, progress and the backstop timer.
//   - events.go: what the search goroutine sends back, in order.
//   - multipv.go: the follow-up after a mate (MultiPV, CheckAlternatives),
//     over package compose.
//   - answer.go: the info lines, the checkmate and bestmove answers.
//   - output.go: tokens joined and cleaned, each line flushed at once.
//
// Design. A Server reads from an io.Reader and writes to an io.Writer, so
// tests drive it in-process. One goroutine reads input lines into a
// channel; one loop goroutine selects over that channel, the search's
// events and progress reports, and the search's timer. Only the loop
// writes output (each line flushed at once) and only the loop touches the
// server's state, so there are no locks. The search runs in a goroutine of
// its own; the loop stops it through an atomic flag (dfpn.Limits.Stop).
//
// Events. The search goroutine sends what it finds to the loop over one
// ordered channel (events.go): the main search's result as soon as it
// returns, then each finding of the follow-up work, then "done". One
// channel keeps them in order; each send also selects on the server's
// end, so a search never blocks forever. Progress reports come over a
// channel of their own and are dropped when the loop has no room; one
// that arrives after the main result is stale and is never printed, so no
// progress line follows the final line.
//
// State. The loop is idle (no job) or has a job: the go command in
// progress. A job is running while its goroutine has not returned, and
// answered once its checkmate or bestmove line is out. Every info line is
// written as soon as it is known: the main search's final line (score and
// pv, or "info string no mate: proven" with the statistics) when it
// returns, each multipv line when its search returns. Each go command owes
// exactly one answer line, written when the goroutine is done:
//
//   - the search returns: the answer is written at once (for go mate
//     infinite too), except the bestmove of a plain "go infinite" or
//     "go ponder", which alone is held until stop or ponderhit, as USI
//     requires (its info lines are already out);
//   - stop: the flag is set and the answer follows when the search returns,
//     so a line proven before the stop is still reported; if the search does
//     not return within Config.StopGrace, the answer is written from the
//     main result if it came (else "checkmate timeout" or "bestmove
//     resign") and whatever comes later is dropped;
//   - a time limit: besides the solver's own limit, a backstop timer sets
//     the flag shortly after it.
//
// Events and progress reports carry the id of their job; anything that is
// not the current job's is dropped, so a late answer is never printed for a
// later position. While a stopped or answered job's goroutine winds down,
// commands other than isready and quit wait in a queue and are replayed in
// order when it returns: a new search never shares the solver with an old
// one. isready is answered at once during a search; when idle it first
// allocates the table (Config.NewSolver or Resize when USI_Hash changed).
// quit, or the end of the input, stops a search and returns within
// Config.QuitGrace, writing the search's answer if it came back by then.
//
// Follow-up. With MultiPV above 1 or CheckAlternatives on, a go mate
// search that found its mate goes on in the same goroutine (multipv.go):
// other mating first moves, alternative mates along the line, within what
// remains of the time limit, each line sent as soon as it is found; stop
// ends it and the mate is answered. Plain go does the MultiPV part too:
// go infinite and go ponder until stop, a timed go within the move's
// budget.
//
// Answers. A mating line is printed only after dfpn.VerifyMate replays it
// (every move legal, every attacker move a check, mate at the end);
// "nomate" only when the solver proved it; anything else is "timeout".
// Tokens are separated by exactly one space, "pv" and "string" always end
// their line and never share one, and echoed input is cleaned of control
// characters. Bad input of any kind (unknown commands, bad option values,
// a bad position, over-long lines) gets one "info string" and the server
// keeps serving; a bad position clears the current one, so a following go
// mate answers "checkmate timeout" after "info string no position set".
package usi
