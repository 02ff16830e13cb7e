package fakediscord

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"
)

// ServeHTTP serves REST, the gateway and attachment files.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == "/gw/" || r.URL.Path == "/gw":
		s.serveGateway(w, r, false)
		return
	case r.URL.Path == "/gw-resume/" || r.URL.Path == "/gw-resume":
		s.serveGateway(w, r, true)
		return
	case strings.HasPrefix(r.URL.Path, "/cdn/"):
		s.serveFile(w, r)
		return
	}
	c, err := read(r)
	if err != nil {
		s.fail("%s %s: %v", r.Method, r.URL.Path, err)
		apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	now := time.Now()
	if s.spec != nil {
		if err := s.spec.check(c); err != nil {
			if errors.Is(err, errNoRoute) {
				s.fail("unexpected endpoint: %v", err)
				apiError(w, http.StatusNotFound, 0, "404: Not Found")
			} else {
				s.fail("%v", err)
				apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
			}
			s.record(c, now, http.StatusBadRequest)
			return
		}
	} else {
		c.Route, c.Params = routeOf(c.Path)
	}
	h, ok := handlers[c.Method+" "+c.Route]
	if !ok {
		s.fail("unexpected endpoint (in Discord's API, not one the bot should use): %s %s", c.Method, c.Route)
		s.record(c, now, http.StatusNotFound)
		apiError(w, http.StatusNotFound, 0, "404: Not Found")
		return
	}
	tokenRoute := strings.HasPrefix(c.Route, "/webhooks/{webhook_id}/{webhook_token}") || strings.HasPrefix(c.Route, "/interactions/")
	if got := r.Header.Get("Authorization"); !tokenRoute && got != "Bot "+s.opts.Token {
		s.fail("%s %s without the bot token", c.Method, c.Path)
		s.record(c, now, http.StatusUnauthorized)
		apiError(w, http.StatusUnauthorized, 0, "401: Unauthorized")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.rateLimit(w, c, now) {
		s.reqs = append(s.reqs, Request{Time: now, Method: c.Method, Path: c.Path, Route: c.Route, Status: http.StatusTooManyRequests, JSON: string(c.JSON)})
		return
	}
	rw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
	h(s, rw, c)
	s.reqs = append(s.reqs, Request{Time: now, Method: c.Method, Path: c.Path, Route: c.Route, Status: rw.status, JSON: string(c.JSON)})
}

func (s *Server) record(c *call, now time.Time, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reqs = append(s.reqs, Request{Time: now, Method: c.Method, Path: c.Path, Route: c.Route, Status: status, JSON: string(c.JSON)})
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// routeOf is the fallback router when no spec is loaded: it names the
// few routes the fake serves.
func routeOf(path string) (string, map[string]string) {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	for pattern := range handlers {
		_, route, _ := strings.Cut(pattern, " ")
		tp := strings.Split(strings.Trim(route, "/"), "/")
		if len(tp) != len(parts) {
			continue
		}
		params := map[string]string{}
		ok := true
		for i, t := range tp {
			if strings.HasPrefix(t, "{") {
				params[strings.Trim(t, "{}")] = parts[i]
			} else if t != parts[i] {
				ok = false
				break
			}
		}
		if ok {
			return route, params
		}
	}
	return path, nil
}

type handler func(s *Server, w http.ResponseWriter, c *call)

var handlers map[string]handler

func init() {
	handlers = map[string]handler{
		"GET /gateway":     (*Server).getGateway,
		"GET /gateway/bot": (*Server).getGatewayBot,
		"GET /users/@me":   (*Server).getMe,
		"PUT /applications/{application_id}/commands":                        (*Server).putCommands,
		"GET /applications/{application_id}/commands":                        (*Server).getCommands,
		"PUT /applications/{application_id}/guilds/{guild_id}/commands":      (*Server).putCommands,
		"GET /applications/{application_id}/guilds/{guild_id}/commands":      (*Server).getCommands,
		"POST /interactions/{interaction_id}/{interaction_token}/callback":   (*Server).postCallback,
		"POST /webhooks/{webhook_id}/{webhook_token}":                        (*Server).postFollowup,
		"PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original":    (*Server).patchOriginal,
		"DELETE /webhooks/{webhook_id}/{webhook_token}/messages/@original":   (*Server).deleteOriginal,
		"PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": (*Server).patchFollowup,
		"POST /channels/{channel_id}/messages":                               (*Server).postMessage,
		"PATCH /channels/{channel_id}/messages/{message_id}":                 (*Server).patchMessage,
		"GET /channels/{channel_id}":                                         (*Server).getChannel,
		"POST /channels/{channel_id}/messages/{message_id}/threads":          (*Server).postThread,
		"POST /users/@me/channels":                                           (*Server).postDM,
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func apiError(w http.ResponseWriter, status, code int, msg string) {
	writeJSON(w, status, map[string]any{"code": code, "message": msg})
}

// ---- gateway, users ----

func (s *Server) gatewayURL() string {
	return "ws" + strings.TrimPrefix(s.http.URL, "http") + "/gw"
}

// resumeGatewayURL is READY's resume_gateway_url: another address than
// GET /gateway's, as on Discord.
func (s *Server) resumeGatewayURL() string {
	return "ws" + strings.TrimPrefix(s.http.URL, "http") + "/gw-resume"
}

func (s *Server) getGateway(w http.ResponseWriter, c *call) {
	writeJSON(w, http.StatusOK, map[string]any{"url": s.gatewayURL()})
}

func (s *Server) getGatewayBot(w http.ResponseWriter, c *call) {
	writeJSON(w, http.StatusOK, map[string]any{"url": s.gatewayURL(), "shards": 1,
		"session_start_limit": map[string]any{"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1}})
}

func (s *Server) userJSON(u User) map[string]any {
	return map[string]any{"id": u.ID, "username": u.Name, "global_name": u.Name, "discriminator": "0", "avatar": nil, "bot": u.ID == s.Bot.ID}
}

func (s *Server) getMe(w http.ResponseWriter, c *call) {
	writeJSON(w, http.StatusOK, s.userJSON(s.Bot))
}

// ---- application commands ----

func (s *Server) scope(w http.ResponseWriter, c *call) (string, bool) {
	if c.Params["application_id"] != s.opts.AppID {
		apiError(w, http.StatusForbidden, 50001, "Missing Access")
		s.failLocked("%s %s for another application", c.Method, c.Path)
		return "", false
	}
	g := c.Params["guild_id"]
	if g != "" && !slices.Contains(s.guilds, g) {
		apiError(w, http.StatusForbidden, 50001, "Missing Access")
		return "", false
	}
	return g, true
}

func (s *Server) putCommands(w http.ResponseWriter, c *call) {
	g, ok := s.scope(w, c)
	if !ok {
		return
	}
	var cmds []map[string]any
	if err := json.Unmarshal(c.JSON, &cmds); err != nil {
		apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	names := map[string]bool{}
	for _, cmd := range cmds {
		name, _ := cmd["name"].(string)
		if names[name] {
			s.failLocked("two commands named %q", name)
			apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
			return
		}
		names[name] = true
		cmd["id"] = s.id()
		cmd["application_id"] = s.opts.AppID
		cmd["version"] = s.id()
		if cmd["type"] == nil {
			cmd["type"] = 1
		}
		if g != "" {
			cmd["guild_id"] = g
		}
	}
	s.commands[g] = cmds
	writeJSON(w, http.StatusOK, cmds)
}

func (s *Server) getCommands(w http.ResponseWriter, c *call) {
	g, ok := s.scope(w, c)
	if !ok {
		return
	}
	cmds := s.commands[g]
	if cmds == nil {
		cmds = []map[string]any{}
	}
	writeJSON(w, http.StatusOK, cmds)
}

// ---- interactions ----

// payload is the JSON of a message as sent (create or edit).
type payload struct {
	Content         *string           `json:"content"`
	Flags           *int              `json:"flags"`
	Components      json.RawMessage   `json:"components"`
	Attachments     []json.RawMessage `json:"attachments"`
	AllowedMentions *struct {
		Parse []string `json:"parse"`
		Users []string `json:"users"`
	} `json:"allowed_mentions"`
	hasAttachments bool
}

func parsePayload(b []byte) (payload, error) {
	var p payload
	if len(b) == 0 {
		return p, nil
	}
	if err := json.Unmarshal(b, &p); err != nil {
		return p, err
	}
	var keys map[string]json.RawMessage
	json.Unmarshal(b, &keys)
	_, p.hasAttachments = keys["attachments"]
	if !p.hasAttachments {
		p.Attachments = nil
	}
	return p, nil
}

func (s *Server) postCallback(w http.ResponseWriter, c *call) {
	in := s.inter[c.Params["interaction_id"]]
	if in == nil || in.Token != c.Params["interaction_token"] {
		apiError(w, http.StatusNotFound, 10062, "Unknown interaction")
		s.failLocked("callback for an unknown interaction %s", c.Params["interaction_id"])
		return
	}
	if in.acked {
		s.failLocked("interaction %s acknowledged twice", in.ID)
		apiError(w, http.StatusBadRequest, 40060, "Interaction has already been acknowledged.")
		return
	}
	var body struct {
		Type int             `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(c.JSON, &body); err != nil {
		apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	now := s.opts.Clock()
	if !in.delivered.IsZero() && now.Sub(in.delivered) > 3*time.Second {
		s.failLocked("interaction %s acknowledged %.1f s after delivery (Discord allows 3 s)", in.ID, now.Sub(in.delivered).Seconds())
		apiError(w, http.StatusNotFound, 10062, "Unknown interaction")
		return
	}
	valid := map[int][]int{
		2: {4, 5, 9},       // application command
		3: {4, 5, 6, 7, 9}, // component
		4: {8},             // autocomplete
	}
	if !slices.Contains(valid[in.Type], body.Type) {
		s.failLocked("callback type %d is not valid for an interaction of type %d", body.Type, in.Type)
		apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	in.acked, in.callbackType, in.ackedAt = true, body.Type, now
	p, err := parsePayload(body.Data)
	if err != nil {
		apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	eph := p.Flags != nil && *p.Flags&64 != 0
	switch body.Type {
	case 4:
		m := s.newMessage(in.ChannelID, "response", in.ID)
		m.Ephemeral = eph
		s.apply(m, p, c.Files, false)
		in.original = m.ID
		s.logMsg(m)
	case 5:
		m := s.newMessage(in.ChannelID, "response", in.ID)
		m.Ephemeral, m.Loading = eph, true
		in.original = m.ID
		s.logMsg(m)
	case 7:
		if m := s.msgs[in.messageID]; m != nil {
			s.apply(m, p, c.Files, true)
			m.Edits++
			s.logMsg(m)
		}
	case 8:
		var d struct {
			Choices []Choice `json:"choices"`
		}
		json.Unmarshal(body.Data, &d)
		in.Choices = d.Choices
		in.answered = true
	}
	w.WriteHeader(http.StatusNoContent)
}

// webhookInteraction finds the interaction whose token a webhook call
// uses, answering the error Discord gives when there is none.
func (s *Server) webhookInteraction(w http.ResponseWriter, c *call) *Interaction {
	if c.Params["webhook_id"] != s.opts.AppID {
		apiError(w, http.StatusNotFound, 10015, "Unknown Webhook")
		s.failLocked("%s %s: webhook id is not the application id", c.Method, c.Path)
		return nil
	}
	for _, in := range s.inter {
		if in.Token == c.Params["webhook_token"] {
			if in.expired {
				apiError(w, http.StatusUnauthorized, 50027, "Invalid Webhook Token")
				s.failLocked("%s %s: the interaction token has expired (15 minutes)", c.Method, c.Route)
				return nil
			}
			if !in.acked {
				apiError(w, http.StatusNotFound, 10015, "Unknown Webhook")
				s.failLocked("%s %s before the interaction was acknowledged", c.Method, c.Route)
				return nil
			}
			return in
		}
	}
	apiError(w, http.StatusNotFound, 10015, "Unknown Webhook")
	s.failLocked("%s %s: unknown interaction token", c.Method, c.Route)
	return nil
}

func (s *Server) postFollowup(w http.ResponseWriter, c *call) {
	in := s.webhookInteraction(w, c)
	if in == nil {
		return
	}
	p, err := parsePayload(c.JSON)
	if err != nil {
		apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	var m *Message
	if o := s.msgs[in.original]; o != nil && o.Loading {
		// The first follow-up of a deferred response fills it; its
		// flags are those of the deferral.
		m = o
		m.Loading = false
		m.Edits++
	} else {
		m = s.newMessage(in.ChannelID, "followup", in.ID)
		m.Ephemeral = p.Flags != nil && *p.Flags&64 != 0
	}
	if !s.apply(m, p, c.Files, false) {
		s.failLocked("empty follow-up for interaction %s", in.ID)
	}
	s.logMsg(m)
	if c.Query.Get("wait") == "true" {
		writeJSON(w, http.StatusOK, s.messageJSON(m))
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) patchOriginal(w http.ResponseWriter, c *call) {
	in := s.webhookInteraction(w, c)
	if in == nil {
		return
	}
	m := s.msgs[in.original]
	if in.callbackType == 6 || in.callbackType == 7 {
		m = s.msgs[in.messageID]
	}
	if m == nil || m.Deleted {
		apiError(w, http.StatusNotFound, 10008, "Unknown Message")
		s.failLocked("PATCH @original of interaction %s: no original response", in.ID)
		return
	}
	s.editWith(w, m, c)
}

func (s *Server) editWith(w http.ResponseWriter, m *Message, c *call) {
	p, err := parsePayload(c.JSON)
	if err != nil {
		apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	s.apply(m, p, c.Files, true)
	m.Loading = false
	m.Edits++
	s.logMsg(m)
	writeJSON(w, http.StatusOK, s.messageJSON(m))
}

func (s *Server) deleteOriginal(w http.ResponseWriter, c *call) {
	in := s.webhookInteraction(w, c)
	if in == nil {
		return
	}
	m := s.msgs[in.original]
	if m == nil || m.Deleted {
		apiError(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	m.Deleted, m.Loading = true, false
	s.logMsg(m)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) patchFollowup(w http.ResponseWriter, c *call) {
	in := s.webhookInteraction(w, c)
	if in == nil {
		return
	}
	m := s.msgs[c.Params["message_id"]]
	if m == nil || m.InteractionID != in.ID || m.Deleted {
		apiError(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	s.editWith(w, m, c)
}

// ---- channels and messages ----

func (s *Server) postMessage(w http.ResponseWriter, c *call) {
	ch := s.channels[c.Params["channel_id"]]
	if ch == nil {
		apiError(w, http.StatusNotFound, 10003, "Unknown Channel")
		return
	}
	if ch.Type == ChannelDM {
		if u := s.users[ch.Recipient]; u != nil && u.DMsClosed {
			apiError(w, http.StatusForbidden, 50007, "Cannot send messages to this user")
			return
		}
	} else if s.forbid(w, ch, sendNeed(ch, len(c.Files) > 0)) {
		return
	}
	p, err := parsePayload(c.JSON)
	if err != nil {
		apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	m := s.newMessage(ch.ID, "channel", "")
	if !s.apply(m, p, c.Files, false) {
		apiError(w, http.StatusBadRequest, 50006, "Cannot send an empty message")
		return
	}
	if p.Flags != nil && *p.Flags&64 != 0 {
		s.failLocked("channel message %s with the ephemeral flag", m.ID)
	}
	s.logMsg(m)
	writeJSON(w, http.StatusOK, s.messageJSON(m))
}

func (s *Server) patchMessage(w http.ResponseWriter, c *call) {
	m := s.msgs[c.Params["message_id"]]
	if m == nil || m.ChannelID != c.Params["channel_id"] || m.Deleted || m.Ephemeral {
		apiError(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	if ch := s.channels[m.ChannelID]; ch != nil && ch.Type != ChannelDM {
		// Editing its own message needs only VIEW_CHANNEL; adding files,
		// ATTACH_FILES.
		need := int64(0)
		if len(c.Files) > 0 {
			need = PermAttachFiles
		}
		if s.forbid(w, ch, need) {
			return
		}
	}
	s.editWith(w, m, c)
}

func (s *Server) channelJSON(ch *Channel) map[string]any {
	j := map[string]any{"id": ch.ID, "type": ch.Type}
	switch ch.Type {
	case ChannelDM:
		u := s.users[ch.Recipient]
		if u != nil {
			j["recipients"] = []any{s.userJSON(*u)}
		}
	default:
		j["guild_id"] = ch.GuildID
		j["name"] = ch.Name
		if ch.ParentID != "" {
			j["parent_id"] = ch.ParentID
			j["owner_id"] = s.Bot.ID
			j["thread_metadata"] = map[string]any{"archived": false, "auto_archive_duration": 10080, "locked": false, "archive_timestamp": time.Now().UTC().Format(time.RFC3339)}
		}
	}
	return j
}

func (s *Server) getChannel(w http.ResponseWriter, c *call) {
	ch := s.channels[c.Params["channel_id"]]
	if ch == nil {
		apiError(w, http.StatusNotFound, 10003, "Unknown Channel")
		return
	}
	if ch.Type != ChannelDM && s.forbid(w, ch, 0) {
		return
	}
	writeJSON(w, http.StatusOK, s.channelJSON(ch))
}

func (s *Server) postThread(w http.ResponseWriter, c *call) {
	ch := s.channels[c.Params["channel_id"]]
	m := s.msgs[c.Params["message_id"]]
	switch {
	case ch == nil:
		apiError(w, http.StatusNotFound, 10003, "Unknown Channel")
		return
	case m == nil || m.ChannelID != ch.ID || m.Ephemeral:
		apiError(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	case ch.Type != ChannelText:
		apiError(w, http.StatusBadRequest, 50024, "Cannot execute action on this channel type")
		return
	case s.forbid(w, ch, PermCreatePublicThreads):
		return
	case s.channels[m.ID] != nil:
		apiError(w, http.StatusBadRequest, 160004, "A thread has already been created for this message")
		return
	}
	var body struct {
		Name string `json:"name"`
	}
	json.Unmarshal(c.JSON, &body)
	th := &Channel{ID: m.ID, Type: ChannelPublicThread, Name: body.Name, ParentID: ch.ID, GuildID: ch.GuildID}
	s.channels[th.ID] = th
	m.thread = th.ID
	writeJSON(w, http.StatusCreated, s.channelJSON(th))
}

func (s *Server) postDM(w http.ResponseWriter, c *call) {
	var body struct {
		Recipient string `json:"recipient_id"`
	}
	json.Unmarshal(c.JSON, &body)
	if s.users[body.Recipient] == nil {
		apiError(w, http.StatusBadRequest, 50033, "Invalid Recipient(s)")
		return
	}
	id := s.dms[body.Recipient]
	if id == "" {
		id = s.id()
		s.dms[body.Recipient] = id
		s.channels[id] = &Channel{ID: id, Type: ChannelDM, Recipient: body.Recipient}
	}
	writeJSON(w, http.StatusOK, s.channelJSON(s.channels[id]))
}

// ---- messages ----

func (s *Server) newMessage(channel, via, interaction string) *Message {
	m := &Message{ID: s.id(), ChannelID: channel, Via: via, InteractionID: interaction}
	if ch := s.channels[channel]; ch != nil && ch.Type == ChannelDM {
		m.DM = true
	}
	s.msgs[m.ID] = m
	s.order = append(s.order, m.ID)
	return m
}

func (s *Server) logMsg(m *Message) { s.log = append(s.log, m.copy()) }

// apply sets a message's fields from a payload and uploaded files. In an
// edit, fields left out are kept, and the attachments array (when sent)
// lists the old attachments to keep. It reports whether the message has
// anything to show.
func (s *Server) apply(m *Message, p payload, files []File, edit bool) bool {
	if p.Content != nil {
		m.Content = *p.Content
	}
	if len(p.Components) > 0 && string(p.Components) != "null" {
		m.components = p.Components
		m.Buttons, m.Options = parseComponents(p.Components)
	} else if !edit {
		m.components, m.Buttons, m.Options = nil, nil, nil
	}
	if p.AllowedMentions != nil {
		m.Mentions = AllowedMentions{Set: true, Parse: p.AllowedMentions.Parse, Users: p.AllowedMentions.Users}
	}
	if edit && p.hasAttachments {
		keep := map[string]bool{}
		for _, raw := range p.Attachments {
			var a struct {
				ID json.RawMessage `json:"id"`
			}
			json.Unmarshal(raw, &a)
			keep[strings.Trim(string(a.ID), `"`)] = true
		}
		var kept []Attachment
		for _, a := range m.Attachments {
			if keep[a.ID] {
				kept = append(kept, a)
			}
		}
		m.Attachments = kept
	}
	for _, f := range files {
		m.Attachments = append(m.Attachments, Attachment{ID: s.id(), Filename: f.Filename, ContentType: f.ContentType, Data: f.Data})
	}
	return m.Content != "" || len(m.Attachments) > 0 || len(m.Buttons) > 0 || len(m.Options) > 0
}

func parseComponents(raw json.RawMessage) ([]Button, []SelectOption) {
	var rows []struct {
		Type       int `json:"type"`
		Components []struct {
			Type     int    `json:"type"`
			CustomID string `json:"custom_id"`
			Label    string `json:"label"`
			Options  []struct {
				Label string `json:"label"`
				Value string `json:"value"`
			} `json:"options"`
		} `json:"components"`
	}
	json.Unmarshal(raw, &rows)
	var bs []Button
	var os []SelectOption
	for _, r := range rows {
		for _, c := range r.Components {
			switch c.Type {
			case 2:
				bs = append(bs, Button{CustomID: c.CustomID, Label: c.Label})
			case 3:
				for _, o := range c.Options {
					os = append(os, SelectOption{CustomID: c.CustomID, Label: o.Label, Value: o.Value})
				}
			}
		}
	}
	return bs, os
}

func (s *Server) messageJSON(m *Message) map[string]any {
	atts := []any{}
	for _, a := range m.Attachments {
		atts = append(atts, map[string]any{"id": a.ID, "filename": a.Filename, "size": len(a.Data), "content_type": a.ContentType,
			"url":       s.http.URL + "/cdn/attachments/" + m.ChannelID + "/" + a.ID + "/" + a.Filename,
			"proxy_url": s.http.URL + "/cdn/attachments/" + m.ChannelID + "/" + a.ID + "/" + a.Filename})
	}
	flags := 0
	if m.Ephemeral {
		flags |= 64
	}
	j := map[string]any{"id": m.ID, "channel_id": m.ChannelID, "type": 0, "content": m.Content,
		"author": s.userJSON(s.Bot), "timestamp": time.Now().UTC().Format(time.RFC3339), "edited_timestamp": nil,
		"tts": false, "mention_everyone": false, "mentions": []any{}, "mention_roles": []any{},
		"attachments": atts, "embeds": []any{}, "pinned": false, "flags": flags}
	if ch := s.channels[m.ChannelID]; ch != nil && ch.Type != ChannelDM {
		j["guild_id"] = ch.GuildID
	}
	if m.components != nil {
		j["components"] = m.components
	} else {
		j["components"] = []any{}
	}
	if m.InteractionID != "" {
		j["webhook_id"] = s.opts.AppID
		j["application_id"] = s.opts.AppID
	}
	return j
}

func (s *Server) serveFile(w http.ResponseWriter, r *http.Request) {
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/cdn/attachments/"), "/")
	if len(parts) == 3 {
		s.mu.Lock()
		defer s.mu.Unlock()
		for _, m := range s.msgs {
			for _, a := range m.Attachments {
				if a.ID == parts[1] && m.ChannelID == parts[0] {
					w.Header().Set("Content-Type", a.ContentType)
					w.Write(a.Data)
					return
				}
			}
		}
	}
	http.NotFound(w, r)
}
