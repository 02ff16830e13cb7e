package discord

import (
	"slices"
	"strings"
	"sync"
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
// is over, and the answer arrives. The fake answers a retry before
// retry_after with another 429 and records a failure, so a 200 on the
// second request is the proof; no elapsed time is measured.
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
}

// TestGlobalRateLimit: after a global 429, no other request (but the
// interaction endpoints) goes out before retry_after — discordgo alone
// would only delay the request that got it. The fake answers a request
// sent during the global limit with a 429 and records a failure; the
// interaction callbacks, which Discord exempts, go out during the limit.
// The limit is long (10 s), so that even a busy machine acknowledges the
// second interaction within it: the test asserts the order of requests,
// not their times.
func TestGlobalRateLimit(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	ch2 := e.fake.AddChannel("games-2")
	e.fake.RateLimitOnce("POST", "/channels/{channel_id}/messages", 10*time.Second, true)
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
	// Order: the second interaction's callback went out during the limit,
	// before the first post's retry and the other channel's post (which
	// the fake would have refused during the limit).
	callback := -1
	for i, r := range reqs {
		if r.Method == "POST" && strings.HasPrefix(r.Path, "/interactions/"+in2.ID+"/") && strings.HasSuffix(r.Path, "/callback") {
			callback = i
		}
	}
	retry, post2 := slices.Index(reqs, first[1]), slices.Index(reqs, second[0])
	if callback < 0 || retry < 0 || post2 < 0 || callback > retry || callback > post2 {
		t.Errorf("request order: callback %d, retry %d, other channel's post %d; want the exempt callback during the limit, before both posts", callback, retry, post2)
	}
	if a := e.fake.Answer(in2); !a.Acked {
		t.Errorf("the second interaction was not acknowledged: %+v", a)
	}
}

// TestBucketHonoured: discordgo waits for X-RateLimit-Reset-After when a
// route's bucket is empty, so the fake never has to answer 429 (it would
// for a request beyond the bucket, and record a failure).
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
	if st.Resumes != 1 || st.ResumesElsewhere != 0 || st.Identifies != 1 || st.Connections != 2 {
		t.Errorf("gateway stats %+v; want one RESUME at resume_gateway_url on a second connection, one IDENTIFY", st)
	}
	if a := e.fake.Answer(in); !a.Acked {
		t.Errorf("the interaction sent while disconnected was not answered")
	}
}

// TestGatewayReconnect: op 7 RECONNECT makes the bot close the connection
// without ending its session (not 1000/1001, which would invalidate it),
// reconnect at resume_gateway_url and RESUME — not IDENTIFY: an
// interaction sent just after the RECONNECT is replayed and answered. A
// session that cannot be resumed makes it identify again.
func TestGatewayReconnect(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	if err := e.fake.AskReconnect(); err != nil {
		t.Fatal(err)
	}
	in, err := e.fake.Slash(e.alice, e.fake.Channel, "scenarios")
	if err != nil {
		t.Fatal(err)
	}
	e.eventually("the bot resumes", func() bool { return e.fake.Stats().Resumes == 1 && e.fake.Connected() })
	e.wait(in, 1)
	if !e.fake.Answer(in).Acked {
		t.Fatalf("the interaction sent after RECONNECT was not answered")
	}
	st := e.fake.Stats()
	if st.Identifies != 1 || st.ResumeFailures != 0 || st.ResumesElsewhere != 0 || len(st.CloseCodes) != 1 || st.CloseCodes[0] == 1000 || st.CloseCodes[0] == 1001 {
		t.Errorf("after RECONNECT: %+v; want a close that keeps the session (not 1000/1001), a RESUME at resume_gateway_url and no new IDENTIFY", st)
	}
	in, _ = e.slash(e.alice, e.fake.Channel, "scenarios")
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

// TestDeferBeforeWork: the bot acknowledges an interaction (a deferred
// answer) before it does the work: with the board's rendering held back,
// the deferral is already there. This is Discord's 3-second deadline
// checked by order rather than by a clock, so a busy machine cannot fail
// it; the fake's own 3 s check runs on a clock the tests stop.
func TestDeferBeforeWork(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	th, _ := e.start()
	entered, release := make(chan struct{}, 1), make(chan struct{})
	var once sync.Once
	free := func() { once.Do(func() { close(release) }) }
	t.Cleanup(free)
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
	select {
	case <-entered:
	case <-time.After(patience):
		t.Fatal("the board was never drawn")
	}
	a := e.fake.Answer(in)
	free()
	if !a.Acked || a.CallbackType != 5 {
		t.Errorf("while the board was being drawn, the interaction's answer was %+v; want a deferral (callback 5) already sent", a)
	}
	e.wait(in, 1)
	m, _ := e.fake.Message(e.fake.Answer(in).Original)
	if len(m.Attachments) != 1 {
		t.Errorf("the deferred answer was not filled with the board: %+v", m)
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
