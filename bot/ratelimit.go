package bot

import (
	"strings"
	"sync"
	"time"
)

// rateLimiter is a token bucket per user: each request takes a token;
// tokens come back at PerMinute a minute up to Burst. Time comes from the
// caller (the App's injected clock).
type rateLimiter struct {
	perSec float64
	burst  float64

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newRateLimiter(r RateLimit) *rateLimiter {
	b := float64(r.Burst)
	if b < 1 {
		b = 1
	}
	return &rateLimiter{perSec: r.PerMinute / 60, burst: b, buckets: map[string]*bucket{}}
}

// take spends a token of user's bucket, or returns the wait until the
// next one. An unmetered platform (the local terminal) is never refused.
func (r *rateLimiter) take(user string, now time.Time, unmetered bool) (wait time.Duration, ok bool) {
	if r.perSec <= 0 || unmetered {
		return 0, true
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	b := r.buckets[user]
	if b == nil {
		b = &bucket{tokens: r.burst, last: now}
		r.buckets[user] = b
		if len(r.buckets) > 100000 {
			r.prune(now)
		}
	}
	if dt := now.Sub(b.last).Seconds(); dt > 0 {
		b.tokens = min(r.burst, b.tokens+dt*r.perSec)
		b.last = now
	}
	if b.tokens >= 1 {
		b.tokens--
		return 0, true
	}
	return time.Duration((1 - b.tokens) / r.perSec * float64(time.Second)), false
}

// lineStart is the beginning of what the user sent, at most n runes, to
// say which line was not read.
func lineStart(req Request, n int) string {
	t := strings.Join(strings.Fields(req.Text), " ")
	if t == "" {
		t = "/" + req.Command
	}
	if r := []rune(t); len(r) > n {
		t = string(r[:n]) + "…"
	}
	return t
}

// prune forgets full buckets (users who have been quiet long enough).
func (r *rateLimiter) prune(now time.Time) {
	for k, b := range r.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*r.perSec >= r.burst {
			delete(r.buckets, k)
		}
	}
}

// Flood bounds what one user or one room can ask of the bot besides the
// rate of commands. A zero field takes its DefaultFlood value.
type Flood struct {
	// UserOpenGames is how many games one user may have waiting for
	// players (open challenges and invitations not yet answered).
	UserOpenGames int
	// RoomOpenGames is how many games may wait for players in one room.
	RoomOpenGames int
	// Invitations is how many challenges may wait for one user's answer.
	Invitations int
	// LineLength is the longest command or order line, in characters; a
	// longer one is refused without being read or echoed.
	LineLength int
	// PageLines is how many lines a page of `games`, `mine` holds.
	PageLines int
}

// DefaultFlood are limits a club would accept: nobody plays more than a
// handful of open challenges at once, and a deployment order of a whole
// army fits in a line.
var DefaultFlood = Flood{UserOpenGames: 5, RoomOpenGames: 20, Invitations: 5, LineLength: 1000, PageLines: 15}

func (f Flood) withDefaults() Flood {
	d := DefaultFlood
	if f.UserOpenGames > 0 {
		d.UserOpenGames = f.UserOpenGames
	}
	if f.RoomOpenGames > 0 {
		d.RoomOpenGames = f.RoomOpenGames
	}
	if f.Invitations > 0 {
		d.Invitations = f.Invitations
	}
	if f.LineLength > 0 {
		d.LineLength = f.LineLength
	}
	if f.PageLines > 0 {
		d.PageLines = f.PageLines
	}
	return d
}
