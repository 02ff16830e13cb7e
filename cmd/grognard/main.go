// Command grognard is the play-by-chat wargame referee: the chat bot, the
// terminal room, and the tools around its store (see `grognard help`).
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	m := NewMain()
	if err := m.Run(ctx, os.Args[1:]); err != nil {
		fmt.Fprintln(m.Stderr, "grognard:", err)
		stop()
		os.Exit(exitCode(err))
	}
}
