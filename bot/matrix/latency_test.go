package matrix

// Synapse's message rate limits in front of Dendrite. Dendrite limits
// joins, invites and uploads but not the events an account sends (PUT
// /rooms/…/send, /state, /redact); Synapse does, with rc_message (by
// default 0.2 a second, bursts of 10). synapseLimiter applies that leaky
// bucket, as Synapse's Ratelimiter computes it, to the bot's own requests,
// and answers M_LIMIT_EXCEEDED with retry_after_ms as Synapse does.

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"maunium.net/go/mautrix/event"

	"github.com/grognard/grognard/internal/playtest"
)

// Synapse's default rc_message.
const (
	synapsePerSecond = 0.2
	synapseBurst     = 10
)

// sendRecord is one event the bot tried to send.
type sendRecord struct {
	path   string // the request path, ending with the transaction id
	status int
}

type synapseLimiter struct {
	next      http.RoundTripper
	perSecond float64
	burst     float64

	mu    sync.Mutex
	level map[string]float64
	at    map[string]time.Time
	sends []sendRecord
}

func newSynapseLimiter(perSecond, burst float64) *synapseLimiter {
	return &synapseLimiter{next: http.DefaultTransport, perSecond: perSecond, burst: burst,
		level: map[string]float64{}, at: map[string]time.Time{}}
}

func isEventSend(r *http.Request) bool {
	p := r.URL.Path
	return r.Method == http.MethodPut && strings.Contains(p, "/rooms/") &&
		(strings.Contains(p, "/send/") || strings.Contains(p, "/state/") || strings.Contains(p, "/redact/"))
}

func (l *synapseLimiter) RoundTrip(r *http.Request) (*http.Response, error) {
	if !isEventSend(r) {
		return l.next.RoundTrip(r)
	}
	key := r.Header.Get("Authorization")
	l.mu.Lock()
	now := time.Now()
	level := l.level[key] - now.Sub(l.at[key]).Seconds()*l.perSecond
	if level < 0 || l.at[key].IsZero() {
		level = 0
	}
	if level+1 > l.burst {
		wait := time.Duration((level + 1 - l.burst) / l.perSecond * float64(time.Second))
		l.sends = append(l.sends, sendRecord{path: r.URL.Path, status: http.StatusTooManyRequests})
		l.mu.Unlock()
		body := fmt.Sprintf(`{"errcode":"M_LIMIT_EXCEEDED","error":"Too Many Requests","retry_after_ms":%d}`, wait.Milliseconds()+1)
		return &http.Response{
			StatusCode: http.StatusTooManyRequests, Status: "429 Too Many Requests", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
			Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(strings.NewReader(body)),
			ContentLength: int64(len(body)), Request: r,
		}, nil
	}
	l.level[key], l.at[key] = level+1, now
	l.mu.Unlock()
	resp, err := l.next.RoundTrip(r)
	status := 0
	if err == nil {
		status = resp.StatusCode
	}
	l.mu.Lock()
	l.sends = append(l.sends, sendRecord{path: r.URL.Path, status: status})
	l.mu.Unlock()
	return resp, err
}

func (l *synapseLimiter) records() []sendRecord {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.sends)
}

// checkSends: every event refused with M_LIMIT_EXCEEDED was sent again
// with the same transaction id and then stored once; no transaction id
// was stored twice.
func checkSends(t *testing.T, recs []sendRecord) (limited int) {
	t.Helper()
	ok := map[string]int{}
	refused := map[string]bool{}
	for _, r := range recs {
		switch r.status {
		case http.StatusOK:
			ok[r.path]++
		case http.StatusTooManyRequests:
			limited++
			refused[r.path] = true
		}
	}
	for p := range refused {
		if ok[p] != 1 {
			t.Errorf("%s was refused with M_LIMIT_EXCEEDED and then stored %d times (want once, with the same transaction id)", p, ok[p])
		}
	}
	for p, n := range ok {
		if n > 1 {
			t.Errorf("%s stored %d times", p, n)
		}
	}
	return limited
}

// step is one command of the measured game and the text of its answer in
// the game room.
type step struct {
	alice bool
	cmd   string
	want  string
}

func gameSteps(bob string) []step {
	s := []step{
		{true, "!g new gs-1 vs @" + bob, "challenges " + bob},
		{false, "!g accept", "g1 begins"},
		{true, "!g deploy auto", "(secret order)"},
		{false, "!g deploy auto", "(secret order)"},
		{true, "!g ready", "A has finished deploying"},
		{false, "!g ready", "both sides have deployed"},
	}
	for turn := 1; turn <= 8; turn++ {
		s = append(s, step{true, "!g end", fmt.Sprintf("turn %d: move phase of B", turn)})
		if turn < 8 {
			s = append(s, step{false, "!g end", fmt.Sprintf("turn %d: move phase of A", turn+1)})
		} else {
			s = append(s, step{false, "!g end", "game over"})
		}
	}
	return s
}

// TestRateLimitedGame: with Synapse's default message limits shrunk to
// a burst of 3 and two events a second (so that a short game hits them
// many times), a game's every answer arrives, once: each event refused
// with M_LIMIT_EXCEEDED is sent again after retry_after_ms with the same
// transaction id, and stored once.
func TestRateLimitedGame(t *testing.T) {
	h := needHomeserver(t)
	alice, bob := newClient(t, h, "alice"), newClient(t, h, "bob")
	lim := newSynapseLimiter(2, 3)
	b := newTestBot(t, h, Config{HTTPClient: &http.Client{Transport: lim}})
	me := b.id()
	room := alice.createRoom(t, "Limited", me, bob.id)
	alice.joined(t, room, me)
	alice.joined(t, room, bob.id)
	for _, s := range gameSteps(bob.name)[:8] {
		who := bob
		if s.alice {
			who = alice
		}
		who.send(t, room, s.cmd)
		alice.says(t, me, room, s.want)
	}
	limited := checkSends(t, lim.records())
	if limited == 0 {
		t.Fatal("the homeserver never answered M_LIMIT_EXCEEDED: nothing was tested")
	}
	if int64(limited) != b.ad.RateLimited() {
		t.Errorf("%d answers M_LIMIT_EXCEEDED, the adapter waited %d times", limited, b.ad.RateLimited())
	}
	// No answer was posted twice.
	seen := map[string]bool{}
	for _, evt := range alice.all(fromBot(me, room, event.MsgNotice, "")) {
		body := evt.Content.AsMessage().Body
		if seen[body] {
			t.Errorf("posted twice: %q", body)
		}
		seen[body] = true
	}
}

// TestReplyLatency measures, behind the soak flag (GROGNARD_SOAK,
// docs/testing.md), how late a two-player game's answers arrive when the
// players give a command every 5 s and the bot is held to Synapse's
// default message limits (a burst of 10, then one event every 5 s). It
// logs every reply's delay, their median, p99 and maximum; it asserts
// only that every answer came, once (no test asserts elapsed time). The
// figures are in docs/matrix.md.
func TestReplyLatency(t *testing.T) {
	on, _, err := playtest.Soak()
	if err != nil {
		t.Fatal(err)
	}
	if !on {
		t.Skipf("a measurement of a few minutes: set %s=1 to run it", playtest.SoakEnv)
	}
	h := needHomeserver(t)
	alice, bob := newClient(t, h, "alice"), newClient(t, h, "bob")
	lim := newSynapseLimiter(synapsePerSecond, synapseBurst)
	if os.Getenv("GROGNARD_MATRIX_UNLIMITED") != "" {
		lim.perSecond, lim.burst = 1e6, 1e6 // the bot exempted
	}
	b := newTestBot(t, h, Config{HTTPClient: &http.Client{Transport: lim}})
	me := b.id()
	room := alice.createRoom(t, "Latency", me, bob.id)
	alice.joined(t, room, me)
	alice.joined(t, room, bob.id)

	steps := gameSteps(bob.name)
	delays := make([]time.Duration, len(steps))
	var wg sync.WaitGroup
	for i, s := range steps {
		who := bob
		if s.alice {
			who = alice
		}
		match := fromBot(me, room, event.MsgNotice, s.want)
		before := len(alice.all(match))
		sent := time.Now()
		who.send(t, room, s.cmd)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Since(sent) < waitTimeout {
				if len(alice.all(match)) > before {
					delays[i] = time.Since(sent)
					return
				}
				time.Sleep(10 * time.Millisecond)
			}
			delays[i] = -1
		}()
		time.Sleep(5 * time.Second)
	}
	wg.Wait()
	var got []time.Duration
	for i, d := range delays {
		who := map[bool]string{true: "alice", false: "bob"}[steps[i].alice]
		if d < 0 {
			t.Logf("%2d %-8s %-20q no answer", i+1, who, steps[i].cmd)
		} else {
			t.Logf("%2d %-8s %-20q answered in %s", i+1, who, steps[i].cmd, d.Round(time.Millisecond))
		}
		if d < 0 {
			t.Errorf("%q: no answer %q within %s", steps[i].cmd, steps[i].want, waitTimeout)
			continue
		}
		got = append(got, d)
	}
	slices.Sort(got)
	if len(got) == 0 {
		return
	}
	pct := func(p float64) time.Duration { return got[min(len(got)-1, int(p*float64(len(got))))] }
	limited := checkSends(t, lim.records())
	events := 0
	for _, r := range lim.records() {
		if r.status == http.StatusOK {
			events++
		}
	}
	t.Logf("%d replies: median %s, p99 %s, max %s; %d events sent, %d answers M_LIMIT_EXCEEDED",
		len(got), pct(0.5).Round(time.Millisecond), pct(0.99).Round(time.Millisecond), got[len(got)-1].Round(time.Millisecond), events, limited)
}
