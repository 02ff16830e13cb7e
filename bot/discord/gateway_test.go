package discord

import (
	"strings"
	"testing"

	fd "github.com/grognard/grognard/bot/discord/fakediscord"
)

// moveNarrated counts the public narrations of alice's move A6 0706.
func (e *env) moveNarrated() int {
	n := 0
	for _, m := range e.fake.Messages() {
		n += strings.Count(m.Content, "g1 · A (alice) · move A6 0706")
	}
	return n
}

// TestGatewayInvalidSessionResumable: op 9 INVALID_SESSION with d=true
// makes the bot close the connection without ending its session (not
// 1000/1001), reconnect and RESUME — not IDENTIFY — so the order sent
// meanwhile is replayed and applied; the same interaction delivered again
// after the resume is answered once and the game has the order once.
func TestGatewayInvalidSessionResumable(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	th, _ := e.start()
	before := e.records("g1")
	if err := e.fake.InvalidSession(true); err != nil {
		t.Fatal(err)
	}
	in, err := e.fake.Slash(e.alice, th, "move", fd.String("unit", "A6"), fd.String("to", "0706"))
	if err != nil {
		t.Fatal(err)
	}
	e.eventually("the bot resumes", func() bool { return e.fake.Stats().Resumes == 1 && e.fake.Connected() })
	e.wait(in, 1)
	st := e.fake.Stats()
	if st.InvalidSessions != 1 || st.Identifies != 1 || st.ResumeFailures != 0 || st.ResumesElsewhere != 0 ||
		len(st.CloseCodes) != 1 || st.CloseCodes[0] == 1000 || st.CloseCodes[0] == 1001 {
		t.Errorf("after INVALID_SESSION (resumable): %+v; want a close keeping the session, one RESUME at resume_gateway_url, no new IDENTIFY", st)
	}
	if err := e.fake.Redeliver(in); err != nil {
		t.Fatal(err)
	}
	e.wait(in, 2)
	if n := e.moveNarrated(); n != 1 {
		t.Errorf("the move was narrated %d times; want once", n)
	}
	if got := e.records("g1"); got != before+1 {
		t.Errorf("%d records after the move (had %d); want the order once", got, before)
	}
	hin, msgs := e.slash(e.alice, th, "history")
	if h := reply(t, hin, msgs).Content; strings.Count(h, "move A6 0706") != 1 {
		t.Errorf("history:\n%s", h)
	}
}

// TestGatewayInvalidSessionNotResumable: op 9 INVALID_SESSION with
// d=false makes the bot IDENTIFY again (a new session; no RESUME). An
// interaction it had already applied, delivered again on the new session,
// is answered once: the store has the order once. New commands are
// answered.
func TestGatewayInvalidSessionNotResumable(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	th, _ := e.start()
	before := e.records("g1")
	in, _ := e.slash(e.alice, th, "move", fd.String("unit", "A6"), fd.String("to", "0706"))
	if err := e.fake.InvalidSession(false); err != nil {
		t.Fatal(err)
	}
	e.eventually("the bot identifies again", func() bool { return e.fake.Stats().Identifies == 2 && e.fake.Connected() })
	if st := e.fake.Stats(); st.Resumes != 0 || st.InvalidSessions != 1 {
		t.Errorf("after INVALID_SESSION (not resumable): %+v; want a new IDENTIFY and no RESUME", st)
	}
	if err := e.fake.Redeliver(in); err != nil {
		t.Fatal(err)
	}
	e.wait(in, 2)
	if n := e.moveNarrated(); n != 1 {
		t.Errorf("the move was narrated %d times; want once", n)
	}
	if got := e.records("g1"); got != before+1 {
		t.Errorf("%d records after the move (had %d); want the order once", got, before)
	}
	e.step(e.alice, th, "end", "turn 1: move phase of B")
}
