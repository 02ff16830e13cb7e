package bot

import (
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
	// warned is set once the user was told to slow down, so an empty
	// bucket answers once and then stays silent until it refills.
	warned bool
}

func newRateLimiter(r RateLimit) *rateLimiter {
	b := float64(r.Burst)
	if b < 1 {
		b = 1
	}
	return &rateLimiter{perSec: r.PerMinute / 60, burst: b, buckets: map[string]*bucket{}}
}

// take spends a token of user's bucket. When none is left it returns the
// wait until the next token and whether this is the first refusal since
// the bucket ran dry.
func (r *rateLimiter) take(user string, now time.Time) (wait time.Duration, first, ok bool) {
	if r.perSec <= 0 {
		return 0, false, true
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
		b.warned = false
		return 0, false, true
	}
	wait = time.Duration((1 - b.tokens) / r.perSec * float64(time.Second))
	first = !b.warned
	b.warned = true
	return wait, first, false
}

// prune forgets full buckets (users who have been quiet long enough).
func (r *rateLimiter) prune(now time.Time) {
	for k, b := range r.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*r.perSec >= r.burst {
			delete(r.buckets, k)
		}
	}
}
