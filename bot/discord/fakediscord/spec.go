package fakediscord

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

// SpecPath finds Discord's OpenAPI description as the project keeps it:
// ../shared/discord/openapi.json beside the repository, the repository
// root being the nearest folder above the working directory that holds
// go.mod. The error says where it looked.
func SpecPath() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			p := filepath.Join(d, "..", "shared", "discord", "openapi.json")
			if _, err := os.Stat(p); err != nil {
				return "", fmt.Errorf("fakediscord: Discord's OpenAPI description is missing: %s (the repository's sibling folder shared/discord/openapi.json, from discord/discord-api-spec): %w", p, err)
			}
			return p, nil
		}
		up := filepath.Dir(d)
		if up == d {
			return "", fmt.Errorf("fakediscord: no go.mod above %s, so no repository root to find ../shared/discord/openapi.json from", dir)
		}
		d = up
	}
}

// spec validates requests against Discord's OpenAPI description.
type spec struct {
	doc    *openapi3.T
	router routers.Router
	seen   sync.Map // request → result
}

var specs sync.Map // path → *specOnce

type specOnce struct {
	once sync.Once
	s    *spec
	err  error
}

// loadSpec loads (once per process and path) the description and its
// router.
func loadSpec(path string) (*spec, error) {
	v, _ := specs.LoadOrStore(path, &specOnce{})
	o := v.(*specOnce)
	o.once.Do(func() {
		loader := openapi3.NewLoader()
		doc, err := loader.LoadFromFile(path)
		if err != nil {
			o.err = fmt.Errorf("fakediscord: load %s: %w", path, err)
			return
		}
		r, err := gorillamux.NewRouter(doc)
		if err != nil {
			o.err = fmt.Errorf("fakediscord: route %s: %w", path, err)
			return
		}
		o.s = &spec{doc: doc, router: r}
	})
	return o.s, o.err
}

// call is one REST request as the fake reads it: the route of the spec it
// matched, its parameters, its JSON payload (payload_json for multipart)
// and its files.
type call struct {
	Method string
	Path   string // without the /api/vN prefix
	Query  url.Values
	Route  string // the spec's path template, "/channels/{channel_id}/messages"
	Params map[string]string
	JSON   []byte
	Files  []File
}

// File is an uploaded file of a multipart request.
type File struct {
	Field       string // "files[0]"
	Filename    string
	ContentType string
	Data        []byte
}

// errNoRoute is a request for a path and method the spec does not have.
var errNoRoute = errors.New("no such route in Discord's API")

// read parses a request into a call: v9 and v10 paths are both read as
// v10 (discordgo speaks v9, the description is v10), multipart bodies are
// split into payload_json and files.
func read(r *http.Request) (*call, error) {
	p := r.URL.Path
	switch {
	case strings.HasPrefix(p, "/api/v9/"):
		p = strings.TrimPrefix(p, "/api/v9")
	case strings.HasPrefix(p, "/api/v10/"):
		p = strings.TrimPrefix(p, "/api/v10")
	default:
		return nil, fmt.Errorf("%s %s: not under /api/v9 or /api/v10", r.Method, r.URL.Path)
	}
	c := &call{Method: r.Method, Path: p, Query: r.URL.Query()}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return nil, err
	}
	ct := r.Header.Get("Content-Type")
	mt, params, _ := mime.ParseMediaType(ct)
	switch {
	case len(body) == 0:
	case mt == "application/json":
		c.JSON = body
	case mt == "multipart/form-data":
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		for {
			part, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return nil, fmt.Errorf("multipart body: %w", err)
			}
			data, err := io.ReadAll(part)
			if err != nil {
				return nil, fmt.Errorf("multipart body: %w", err)
			}
			switch name := part.FormName(); {
			case name == "payload_json":
				c.JSON = data
			case strings.HasPrefix(name, "files[") && strings.HasSuffix(name, "]"):
				c.Files = append(c.Files, File{Field: name, Filename: part.FileName(), ContentType: part.Header.Get("Content-Type"), Data: data})
			default:
				return nil, fmt.Errorf("multipart body: unexpected part %q", name)
			}
		}
		if c.JSON == nil {
			return nil, errors.New("multipart body without payload_json")
		}
		if len(c.Files) > 10 {
			return nil, fmt.Errorf("multipart body: %d files (Discord takes at most 10)", len(c.Files))
		}
	default:
		return nil, fmt.Errorf("unexpected Content-Type %q", ct)
	}
	return c, nil
}

// check finds the call's route in the description and validates its
// parameters and JSON body against it.
func (s *spec) check(c *call) error {
	u := "https://discord.com/api/v10" + c.Path
	if len(c.Query) > 0 {
		u += "?" + c.Query.Encode()
	}
	req, err := http.NewRequest(c.Method, u, bytes.NewReader(c.JSON))
	if err != nil {
		return err
	}
	if c.JSON != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	route, params, err := s.router.FindRoute(req)
	if err != nil {
		return fmt.Errorf("%w: %s %s", errNoRoute, c.Method, c.Path)
	}
	c.Route, c.Params = route.Path, params
	// Parameters are checked on every request; the body once per distinct
	// body and route (the same deferral, say), since kin compiles the
	// body's JSON Schema on every validation.
	opts := &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true, ExcludeRequestBody: true}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: opts}
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
		return fmt.Errorf("%s %s: rejected by Discord's OpenAPI description: %w", c.Method, route.Path, err)
	}
	rb := route.Operation.RequestBody
	if rb == nil || rb.Value == nil {
		if len(c.JSON) > 0 {
			return fmt.Errorf("%s %s: a body where Discord's OpenAPI description has none", c.Method, route.Path)
		}
		return nil
	}
	key := c.Method + " " + route.Path + "\n" + string(c.JSON)
	if v, ok := s.seen.Load(key); ok {
		return v.(result).err
	}
	body := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true}}
	var res result
	if err := openapi3filter.ValidateRequestBody(context.Background(), body, rb.Value); err != nil {
		res.err = fmt.Errorf("%s %s: rejected by Discord's OpenAPI description: %w\nbody: %s", c.Method, route.Path, err, clip(string(c.JSON), 2000))
	}
	s.seen.Store(key, res)
	return res.err
}

type result struct{ err error }

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
