package discord

import (
	"strings"
	"testing"
	"time"

	fd "github.com/grognard/grognard/bot/discord/fakediscord"
)

// posts returns the requests for one method and concrete path.
func posts(reqs []fd.Request, method, path string) []fd.Request {
	var out []fd.Request
	for _, r := range reqs {
		if r.Method == method && r.Path == path {
			out = append(out, r)
		}
	}
	return out
}

// TestRateLimitRetryAfter: a 429 on a route is retried once retry_after
// is over (the fake fails an earlier retry), and the answer arrives.
func TestRateLimitRetryAfter(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	e.fake.RateLimitOnce("POST", "/channels/{channel_id}/messages", 300*time.Millisecond, false)
	_, msgs := e.slash(e.alice, e.fake.Channel, "new", fd.String("scenario", "gs-1"), fd.UserOption("opponent", e.bob))
	find(t, public(msgs), "challenges")
	rs := posts(e.fake.Requests(), "POST", "/channels/"+e.fake.Channel+"/messages")
	if len(rs) != 2 || rs[0].Status != 429 || rs[1].Status != 200 {
		t.Fatalf("requests: %+v; want a 429 then its retry", rs)
	}
	if gap := rs[1].Time.Sub(rs[0].Time); gap < 300*time.Millisecond {
		t.Errorf("retried after %v, before retry_after (300ms)", gap)
	}
}

// TestGlobalRateLimit: after a global 429, no other request (but the
// interaction endpoints) goes out before retry_after — discordgo alone
// would only delay the request that got it.
func TestGlobalRateLimit(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	ch2 := e.fake.AddChannel("games-2")
	e.fake.RateLimitOnce("POST", "/channels/{channel_id}/messages", 500*time.Millisecond, true)
	in1, err := e.fake.Slash(e.alice, e.fake.Channel, "new", fd.String("scenario", "gs-1"))
	if err != nil {
		t.Fatal(err)
	}
	e.eventually("the first post is rate limited", func() bool { return e.fake.Stats().RateLimited == 1 })
	in2, err := e.fake.Slash(e.carol, ch2, "new", fd.String("scenario", "gs-1"))
	if err != nil {
		t.Fatal(err)
	}
	e.wait(in1, 1)
	e.wait(in2, 1)
	reqs := e.fake.Requests()
	first := posts(reqs, "POST", "/channels/"+e.fake.Channel+"/messages")
	second := posts(reqs, "POST", "/channels/"+ch2+"/messages")
	if len(first) != 2 || first[0].Status != 429 || len(second) != 1 || second[0].Status != 200 {
		t.Fatalf("posts: %+v then %+v", first, second)
	}
	if gap := second[0].Time.Sub(first[0].Time); gap < 500*time.Millisecond {
		t.Errorf("a post to another channel went %v after a global 429 with retry_after 500ms", gap)
	}
	if a := e.fake.Answer(in2); !a.Acked || a.Latency >= 3*time.Second {
		t.Errorf("the second interaction's callback (exempt from the global limit): %+v", a)
	}
}

// TestBucketHonoured: discordgo waits for X-RateLimit-Reset-After when a
// route's bucket is empty, so the fake never has to answer 429.
func TestBucketHonoured(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	e.fake.SetBucket("/channels/{channel_id}/messages", 2, 400*time.Millisecond)
	th, _ := e.start()
	rs := posts(e.fake.Requests(), "POST", "/channels/"+th+"/messages")
	if len(rs) < 5 {
		t.Fatalf("%d posts in the thread; the test needs more than the bucket", len(rs))
	}
	if st := e.fake.Stats(); st.RateLimited != 0 {
		t.Errorf("%d requests got 429: the bucket's headers were not honoured", st.RateLimited)
	}
	if gap := rs[2].Time.Sub(rs[0].Time); gap < 400*time.Millisecond {
		t.Errorf("three posts within %v, with a bucket of 2 per 400ms", gap)
	}
}

// TestGatewayResume: a dropped connection is resumed (no second
// IDENTIFY) and an interaction sent meanwhile is replayed and answered.
func TestGatewayResume(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	e.fake.DropGateway()
	in, err := e.fake.Slash(e.alice, e.fake.Channel, "scenarios")
	if err != nil {
		t.Fatal(err)
	}
	e.wait(in, 1)
	st := e.fake.Stats()
	if st.Resumes != 1 || st.Identifies != 1 || st.Connections != 2 {
		t.Errorf("gateway stats %+v; want one RESUME on a second connection, one IDENTIFY", st)
	}
	if a := e.fake.Answer(in); !a.Acked {
		t.Errorf("the interaction sent while disconnected was not answered")
	}
}

// TestGatewayReconnect: op 7 RECONNECT makes the bot reconnect and resume;
// a session that cannot be resumed makes it identify again.
func TestGatewayReconnect(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	if err := e.fake.AskReconnect(); err != nil {
		t.Fatal(err)
	}
	e.eventually("the bot resumes", func() bool { return e.fake.Stats().Resumes == 1 && e.fake.Connected() })
	st := e.fake.Stats()
	if st.Identifies != 1 || len(st.CloseCodes) != 1 || st.CloseCodes[0] == 1000 || st.CloseCodes[0] == 1001 {
		t.Errorf("after RECONNECT: %+v; want a close that keeps the session (not 1000/1001) and no new IDENTIFY", st)
	}
	in, _ := e.slash(e.alice, e.fake.Channel, "scenarios")
	if !e.fake.Answer(in).Acked {
		t.Fatalf("no answer after the reconnect")
	}
	e.fake.ForgetSession()
	e.fake.DropGateway()
	e.eventually("the bot identifies again", func() bool { return e.fake.Stats().Identifies == 2 && e.fake.Connected() })
	if st := e.fake.Stats(); st.ResumeFailures != 1 {
		t.Errorf("stats %+v; want one refused RESUME", st)
	}
	in, _ = e.slash(e.alice, e.fake.Channel, "scenarios")
	if !e.fake.Answer(in).Acked {
		t.Fatalf("no answer after identifying again")
	}
}

// TestShutdown: cancelling Run finishes the interaction under way, then
// closes the gateway with a normal close.
func TestShutdown(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	th, _ := e.start()
	entered, release := make(chan struct{}, 1), make(chan struct{})
	e.mu.Lock()
	e.render = func() {
		select {
		case entered <- struct{}{}:
		default:
		}
		<-release
	}
	e.mu.Unlock()
	in, err := e.fake.Slash(e.alice, th, "board")
	if err != nil {
		t.Fatal(err)
	}
	<-entered
	cancel := e.cancel
	e.cancel = nil
	cancel()
	select {
	case err := <-e.runErr:
		t.Fatalf("Run returned (%v) with an interaction under way", err)
	case <-time.After(300 * time.Millisecond):
	}
	close(release)
	select {
	case err := <-e.runErr:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("Run did not return")
	}
	e.wait(in, 1)
	a := e.fake.Answer(in)
	m, _ := e.fake.Message(a.Original)
	if len(m.Attachments) != 1 || !strings.Contains(m.Content, "g1") {
		t.Errorf("the board under way at shutdown: %+v", m)
	}
	if st := e.fake.Stats(); len(st.CloseCodes) != 1 || st.CloseCodes[0] != 1000 {
		t.Errorf("close codes %v; want one normal close (1000)", st.CloseCodes)
	}
}
