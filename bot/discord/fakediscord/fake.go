package fakediscord

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Options configure a fake Discord.
type Options struct {
	// Token is the bot token the fake accepts (without "Bot ").
	Token string
	// AppID is the bot's application id (default: a fresh snowflake).
	AppID string
	// Spec is the path of Discord's OpenAPI description (see SpecPath).
	// Every REST request is validated against it. Empty: no validation,
	// which only the fake's own tests should use.
	Spec string
	// HeartbeatInterval is announced in HELLO (default 41.25 s, as Discord).
	HeartbeatInterval time.Duration
	// Clock is the clock of Discord's interaction deadline: an
	// interaction must be acknowledged within 3 s of its delivery, else
	// the callback fails with 10062 Unknown interaction (default
	// time.Now). Tests give a clock they move themselves, so that a busy
	// machine cannot make an acknowledgement late, and check the order
	// instead (the deferral before the work). Rate limits always run on
	// real time: the client waits them out in real time.
	Clock func() time.Time
	// Shards turns on shard mode: every IDENTIFY must carry shard [id,
	// Shards] (else the connection is closed with 4011 Sharding required,
	// or 4010 Invalid shard, and the test fails), each shard has its own
	// session, and a guild's events go only to the session of shard
	// (guild_id >> 22) % Shards, DMs only to shard 0, as Discord routes
	// them. 0: one session, and an IDENTIFY's shard, if any, must be
	// [0, 1].
	Shards int
}

// Permission bits the fake hands out in member permissions.
const (
	PermAdministrator = 1 << 3
	PermManageGuild   = 1 << 5
	PermSendMessages  = 1 << 11
	PermView          = 1 << 10
)

// Channel types.
const (
	ChannelText         = 0
	ChannelDM           = 1
	ChannelPublicThread = 11
)

// User is a member of the fake's guild.
type User struct {
	ID   string
	Name string
	// Permissions are the member's computed permissions in every channel.
	Permissions int64
	Roles       []string
	// Locale is the user's client locale ("en-US", "fr").
	Locale string
	// DMsClosed: direct messages to the user fail with 50007.
	DMsClosed bool
}

// Channel is a guild text channel, a thread or a DM.
type Channel struct {
	ID       string
	Type     int
	Name     string
	ParentID string
	// GuildID is the channel's guild ("" for a DM).
	GuildID string
	// Recipient is the user of a DM channel.
	Recipient string
}

// Attachment is a file of a message.
type Attachment struct {
	ID          string
	Filename    string
	ContentType string
	Data        []byte
}

// Button is a button of a message.
type Button struct {
	CustomID string
	Label    string
}

// SelectOption is an option of a string select menu.
type SelectOption struct {
	CustomID string // the menu's custom id
	Label    string
	Value    string
}

// AllowedMentions is a message's allowed_mentions as sent.
type AllowedMentions struct {
	Set   bool // the field was sent
	Parse []string
	Users []string
}

// Message is a message as the fake holds it (or one version of it, in
// Log).
type Message struct {
	ID        string
	ChannelID string
	// Via is how it was posted: "channel" (bot token, channel endpoint),
	// "response" (an interaction's original response) or "followup".
	Via           string
	InteractionID string
	DM            bool
	Ephemeral     bool
	// Loading: a deferred response not yet filled.
	Loading     bool
	Deleted     bool
	Content     string
	Buttons     []Button
	Options     []SelectOption
	Attachments []Attachment
	Mentions    AllowedMentions
	Edits       int
	components  json.RawMessage
	thread      string
}

// Public reports whether anyone in the channel can read the message: it
// is not ephemeral, not in a DM, and not a pending deferral.
func (m Message) Public() bool { return !m.Ephemeral && !m.DM && !m.Loading }

// Request is one REST request the fake received.
type Request struct {
	Time   time.Time
	Method string
	Path   string // without /api/vN
	Route  string // the spec's template
	Status int
	JSON   string
}

// Stats counts gateway and rate-limit happenings.
type Stats struct {
	Connections int
	Identifies  int
	Resumes     int
	// ResumeFailures are resumes answered with INVALID_SESSION.
	ResumeFailures int
	// InvalidSessions are the INVALID_SESSION sent by InvalidSession.
	InvalidSessions int
	// ResumesElsewhere are resumes accepted on the gateway of GET
	// /gateway rather than on READY's resume_gateway_url (Discord accepts
	// them, but asks clients to resume at resume_gateway_url).
	ResumesElsewhere int
	Heartbeats       int
	// RateLimited counts 429 answers.
	RateLimited int
	// CloseCodes are the close codes the client sent.
	CloseCodes []int
	// Intents is the last IDENTIFY's intents.
	Intents int
	// Shards counts the IDENTIFYs by shard (0 when not sharded).
	Shards map[int]int
}

// Server is a fake Discord: REST under /api/v9 and /api/v10, the gateway
// under /gw/, attachment files under /cdn/.
type Server struct {
	opts Options
	spec *spec
	http *httptest.Server
	// Guild is the first guild; AddGuild adds others (shard mode).
	Guild string
	// Channel is the guild's first text channel ("games").
	Channel string
	Bot     User

	mu       sync.Mutex
	next     int64
	guilds   []string
	users    map[string]*User
	channels map[string]*Channel
	dms      map[string]string // user → DM channel
	msgs     map[string]*Message
	order    []string
	log      []Message
	inter    map[string]*Interaction
	commands map[string][]map[string]any // "" global, else guild id
	reqs     []Request
	failures []string
	rules    []*rateRule
	until    map[string]time.Time // concrete path → not before (after a 429)
	global   time.Time
	buckets  map[string]*bucket
	perm     perms
	stats    Stats
	gw       gateway
}

// New starts a fake Discord on 127.0.0.1 with one guild, one text channel
// and the bot user.
func New(opts Options) (*Server, error) {
	if opts.Token == "" {
		return nil, errors.New("fakediscord: Options.Token is empty")
	}
	if opts.HeartbeatInterval == 0 {
		opts.HeartbeatInterval = 41250 * time.Millisecond
	}
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	s := &Server{opts: opts, next: 1200000000000000000,
		users: map[string]*User{}, channels: map[string]*Channel{}, dms: map[string]string{},
		msgs: map[string]*Message{}, inter: map[string]*Interaction{}, commands: map[string][]map[string]any{},
		until: map[string]time.Time{}, buckets: map[string]*bucket{}}
	if opts.Spec != "" {
		sp, err := loadSpec(opts.Spec)
		if err != nil {
			return nil, err
		}
		s.spec = sp
	}
	if s.opts.AppID == "" {
		s.opts.AppID = s.id()
	}
	s.Bot = User{ID: s.opts.AppID, Name: "grognard"}
	s.Guild = s.id()
	s.guilds = []string{s.Guild}
	s.Channel = s.AddChannel("games")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s.http = &httptest.Server{Listener: l, Config: &http.Server{Handler: s}}
	s.http.Start()
	return s, nil
}

// Close stops the server.
func (s *Server) Close() {
	s.gw.closeAll()
	s.http.CloseClientConnections()
	s.http.Close()
}

// URL is the server's base URL.
func (s *Server) URL() string { return s.http.URL }

// AppID is the bot's application id.
func (s *Server) AppID() string { return s.opts.AppID }

// Client returns an HTTP client whose transport sends every request for
// discord.com (and its CDN) to the fake and refuses any other host, so
// a bot can be pointed at the fake without touching discordgo's
// endpoint globals.
func (s *Server) Client() *http.Client {
	base, _ := url.Parse(s.http.URL)
	return &http.Client{Timeout: 20 * time.Second, Transport: &rewrite{to: base, next: s.http.Client().Transport, s: s}}
}

type rewrite struct {
	to   *url.URL
	next http.RoundTripper
	s    *Server
}

func (t *rewrite) RoundTrip(r *http.Request) (*http.Response, error) {
	switch r.URL.Host {
	case "discord.com", "discordapp.com", "cdn.discordapp.com", "media.discordapp.net":
	default:
		t.s.fail("request to an unexpected host: %s %s", r.Method, r.URL)
		return nil, fmt.Errorf("fakediscord: refusing request to %s", r.URL.Host)
	}
	r2 := r.Clone(r.Context())
	r2.URL.Scheme, r2.URL.Host, r2.Host = t.to.Scheme, t.to.Host, t.to.Host
	return t.next.RoundTrip(r2)
}

// id returns a fresh snowflake.
func (s *Server) id() string {
	s.next++
	return strconv.FormatInt(s.next, 10)
}

// AddUser adds a guild member.
func (s *Server) AddUser(name string, perms int64, roles ...string) *User {
	s.mu.Lock()
	defer s.mu.Unlock()
	u := &User{ID: s.id(), Name: name, Permissions: perms | PermView | PermSendMessages, Roles: roles, Locale: "en-US"}
	s.users[u.ID] = u
	return u
}

// AddChannel adds a text channel to the first guild and returns its id.
func (s *Server) AddChannel(name string) string { return s.AddChannelIn(s.Guild, name) }

// AddChannelIn adds a text channel to a guild and returns its id.
func (s *Server) AddChannelIn(guild, name string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := &Channel{ID: s.id(), Type: ChannelText, Name: name, GuildID: guild}
	s.channels[c.ID] = c
	return c.ID
}

// AddGuild adds a guild with a text channel "games" and returns both ids.
// Successive guilds' ids differ in their timestamp bits (id >> 22) by
// one, so that they fall on successive shards. Every guild has the
// first guild's members, roles and permissions; commands registered in
// a guild are looked up in the interaction's guild.
func (s *Server) AddGuild() (guild, channel string) {
	s.mu.Lock()
	s.next = (s.next>>22 + 1) << 22
	guild = strconv.FormatInt(s.next, 10)
	s.guilds = append(s.guilds, guild)
	s.mu.Unlock()
	return guild, s.AddChannelIn(guild, "games")
}

// ShardOf is the shard that receives a guild's events in shard mode:
// (guild_id >> 22) % Options.Shards; 0 when not sharded.
func (s *Server) ShardOf(guild string) int {
	if s.opts.Shards <= 1 {
		return 0
	}
	id, _ := strconv.ParseUint(guild, 10, 64)
	return int((id >> 22) % uint64(s.opts.Shards))
}

// shardOfChannel is the shard whose session receives the events of a
// channel: its guild's, shard 0 for a DM.
func (s *Server) shardOfChannel(ch *Channel) int {
	if ch == nil || ch.GuildID == "" {
		return 0
	}
	return s.ShardOf(ch.GuildID)
}

// ChannelInfo returns a channel.
func (s *Server) ChannelInfo(id string) (Channel, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.channels[id]
	if !ok {
		return Channel{}, false
	}
	return *c, true
}

// Threads lists the threads opened under a channel.
func (s *Server) Threads(parent string) []Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Channel
	for _, c := range s.channels {
		if c.ParentID == parent {
			out = append(out, *c)
		}
	}
	slices.SortFunc(out, func(a, b Channel) int { return cmpID(a.ID, b.ID) })
	return out
}

func cmpID(a, b string) int {
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	return strings.Compare(a, b)
}

// Messages returns every message in posting order, as they are now.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Message, 0, len(s.order))
	for _, id := range s.order {
		out = append(out, s.msgs[id].copy())
	}
	return out
}

// Message returns one message as it is now.
func (s *Server) Message(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.msgs[id]
	if !ok {
		return Message{}, false
	}
	return m.copy(), true
}

// Log returns every version of every message: one entry per creation and
// per edit, in order.
func (s *Server) Log() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.log)
}

// Requests returns every REST request received.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.reqs)
}

// Failures are the requests the fake found wrong: rejected by the spec,
// unexpected endpoints or hosts, a missing token, rate limits not
// honoured, an interaction acknowledged late or twice. A test should
// fail when there is any.
func (s *Server) Failures() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.failures)
}

// Stats returns the gateway and rate-limit counters.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.stats
	st.CloseCodes = slices.Clone(st.CloseCodes)
	st.Shards = maps.Clone(st.Shards)
	return st
}

// Commands returns the application commands registered for a guild (""
// for the global ones), as sent.
func (s *Server) Commands(guild string) []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.commands[guild])
}

func (s *Server) fail(format string, a ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failLocked(format, a...)
}

func (s *Server) failLocked(format string, a ...any) {
	s.failures = append(s.failures, fmt.Sprintf(format, a...))
}

func (m *Message) copy() Message {
	c := *m
	c.Buttons = slices.Clone(m.Buttons)
	c.Options = slices.Clone(m.Options)
	c.Attachments = slices.Clone(m.Attachments)
	c.Mentions.Parse = slices.Clone(m.Mentions.Parse)
	c.Mentions.Users = slices.Clone(m.Mentions.Users)
	return c
}

// ---- rate limits ----

type rateRule struct {
	method, route string
	after         time.Duration
	global        bool
	used          bool
}

// RateLimitOnce makes the next request for method and route (the spec's
// template, "/channels/{channel_id}/messages") answer 429 with retry_after;
// global makes it a global limit. A request for the same path before
// retry_after is over — or for any path, when global, except the
// interaction endpoints, which Discord exempts — is a failure.
func (s *Server) RateLimitOnce(method, route string, retryAfter time.Duration, global bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rules = append(s.rules, &rateRule{method: method, route: route, after: retryAfter, global: global})
}

// bucket is a per-path request budget announced in X-RateLimit headers.
type bucket struct {
	route  string
	limit  int
	window time.Duration
	paths  map[string]*window
}

type window struct {
	start time.Time
	count int
}

// SetBucket gives a route (every method) a budget of limit requests per
// window and path, announced in X-RateLimit-* headers on every answer. A
// request beyond the budget is answered 429 and is a failure: the client
// should have waited for X-RateLimit-Reset-After.
func (s *Server) SetBucket(route string, limit int, per time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.buckets[route] = &bucket{route: route, limit: limit, window: per, paths: map[string]*window{}}
}

// rateLimit decides whether a request is rate limited; it writes the 429
// or the bucket headers. It reports whether the request may go on.
func (s *Server) rateLimit(w http.ResponseWriter, c *call, now time.Time) bool {
	key := c.Method + " " + c.Path
	if now.Before(s.global) && !strings.HasPrefix(c.Route, "/interactions/") && !strings.HasPrefix(c.Route, "/webhooks/") {
		// Interaction endpoints are not bound to the global rate limit.
		s.failLocked("%s %s sent during a global rate limit (%.3f s before its end)", c.Method, c.Path, s.global.Sub(now).Seconds())
		s.write429(w, s.global.Sub(now), true, "")
		return false
	}
	if t, ok := s.until[key]; ok && now.Before(t) {
		s.failLocked("%s %s retried %.3f s before retry_after was over", c.Method, c.Path, t.Sub(now).Seconds())
		s.write429(w, t.Sub(now), false, "")
		return false
	}
	for _, r := range s.rules {
		if !r.used && r.method == c.Method && r.route == c.Route {
			r.used = true
			if r.global {
				s.global = now.Add(r.after)
			} else {
				s.until[key] = now.Add(r.after)
			}
			s.write429(w, r.after, r.global, c.Route)
			return false
		}
	}
	if b := s.buckets[c.Route]; b != nil {
		win := b.paths[c.Path]
		if win == nil || now.Sub(win.start) >= b.window {
			win = &window{start: now}
			b.paths[c.Path] = win
		}
		win.count++
		reset := win.start.Add(b.window)
		if win.count > b.limit {
			s.failLocked("%s %s sent beyond its bucket (%d per %v): X-RateLimit-Remaining was 0", c.Method, c.Path, b.limit, b.window)
			s.write429(w, reset.Sub(now), false, c.Route)
			return false
		}
		h := w.Header()
		h.Set("X-RateLimit-Limit", strconv.Itoa(b.limit))
		h.Set("X-RateLimit-Remaining", strconv.Itoa(b.limit-win.count))
		h.Set("X-RateLimit-Reset", secs(float64(reset.UnixNano())/1e9))
		h.Set("X-RateLimit-Reset-After", secs(reset.Sub(now).Seconds()))
		h.Set("X-RateLimit-Bucket", "b-"+strings.ReplaceAll(b.route, "/", "_"))
	}
	return true
}

// secs prints seconds with millisecond precision, rounded up (so a client
// waiting that long is never early).
func secs(v float64) string { return strconv.FormatFloat(math.Ceil(v*1000)/1000, 'f', 3, 64) }

func (s *Server) write429(w http.ResponseWriter, after time.Duration, global bool, route string) {
	s.stats.RateLimited++
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(after.Seconds()))))
	if global {
		h.Set("X-RateLimit-Global", "true")
		h.Set("X-RateLimit-Scope", "global")
	} else {
		h.Set("X-RateLimit-Limit", "1")
		h.Set("X-RateLimit-Remaining", "0")
		h.Set("X-RateLimit-Reset-After", secs(after.Seconds()))
		h.Set("X-RateLimit-Scope", "user")
		h.Set("X-RateLimit-Bucket", "b-"+strings.ReplaceAll(route, "/", "_"))
	}
	w.WriteHeader(http.StatusTooManyRequests)
	json.NewEncoder(w).Encode(map[string]any{"message": "You are being rate limited.", "retry_after": math.Ceil(after.Seconds()*1000) / 1000, "global": global})
}

// SetDMsClosed makes direct messages to u fail with 50007 ("Cannot send
// messages to this user"), as when a member turned off DMs from the
// server's members — or accept them again.
func (s *Server) SetDMsClosed(u *User, closed bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	u.DMsClosed = closed
}

// DMChannel returns the id of the DM channel the bot opened with u ("":
// none).
func (s *Server) DMChannel(u *User) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dms[u.ID]
}
