package console

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/grognard/grognard/bot"
	"github.com/grognard/grognard/game"
	"github.com/grognard/grognard/scenarios"
)

// scenarioHarness returns a harness whose App offers the scenario of the
// TOML file at path.
func scenarioHarness(t *testing.T, path string) *harness {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenarios.Parse(path, src)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t)
	h.scenarios = []*game.Scenario{sc}
	return h
}

// say types line as user in the terminal room.
func (h *harness) say(user, line string) {
	h.t.Helper()
	h.room.User = user
	if _, err := h.room.Line(h.ctx, line); err != nil {
		h.t.Fatal(err)
	}
}

// complete returns, sorted, what the terminal room offers user to
// complete the argument arg of command, given the arguments args.
func (h *harness) complete(user, command, arg string, args map[string]string) []string {
	req := bot.Request{Platform: Platform, Room: "terminal", User: bot.User{ID: user, Name: user}, Command: command, Args: args}
	var out []string
	for _, c := range h.app.Complete(h.ctx, req, arg, "") {
		out = append(out, c.Command)
	}
	slices.Sort(out)
	return out
}

// shows reports each of wants that the conversation got does not show.
func shows(t *testing.T, got string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(got, want) {
			t.Errorf("the conversation does not show %q", want)
		}
	}
}

// receivedNone reports each of the other side's secrets that a user
// received (recv, from received); when says when ("before the reveal").
func receivedNone(t *testing.T, recv map[string]string, secrets map[string][]string, when string) {
	t.Helper()
	for u, ss := range secrets {
		for _, s := range ss {
			if strings.Contains(recv[u], s) {
				t.Errorf("%s received the other side's %q%s", u, s, when)
			}
		}
	}
}
