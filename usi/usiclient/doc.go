// Package usiclient talks USI to an engine the way a GUI does: it writes
// command lines to an io.Writer and reads the engine's lines from an
// io.Reader, so the same code drives an engine process over its pipes
// (Start) and a server running in-process over io.Pipe (New).
//
// A Client sends lines (Send), takes the engine's lines one at a time with
// a timeout (Next), or up to a line that matches (ReadUntil, Until), or
// whatever comes within a while (Collect). On top of these sit the steps
// of a session: the usi/usiok handshake (Handshake), isready/readyok
// (Ready), one go mate answered by its checkmate line (GoMate), and quit
// (Quit, Kill). A goroutine reads the engine's output into a queue as it
// comes, stamping every line with the time it was read, so a slow reader
// never blocks the engine. Everything sent and read is kept in order for
// failure messages (Transcript).
//
// Test binds a Client to a test (anything with testing.TB's Helper,
// Errorf, Fatalf, Logf, Failed and Cleanup): its methods fail the test
// instead of returning an error, every line read is checked against the
// text rules GUIs rely on (CheckLine), and the transcript is logged when
// the test fails.
//
// The package depends on the standard library only: package usi's own
// tests use it to drive the server, the end-to-end tests in tests/ drive
// the gomate binary with it, and tools/usibench drives any USI engine.
package usiclient
