package backendtest

import (
	"testing"

	//lint:ignore ST1001 the suite reads as the storage package's own tests did
	. "github.com/grognard/grognard/storage"
)

func testServerSettings(t *testing.T) {
	open := newStore(t, Options{})
	s, err := open()
	if err != nil {
		t.Fatal(err)
	}
	if v, err := s.ServerSettings("discord:1"); err != nil || v != nil {
		t.Fatalf("before any write: %q, %v", v, err)
	}
	if err := s.PutServerSettings("discord:1", []byte(`{"lang":"fr"}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.PutServerSettings("", []byte(`{}`)); err == nil {
		t.Fatal("an empty server key is accepted")
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = open()
	if err != nil {
		t.Fatalf("reopening a store with a servers bucket: %v", err)
	}
	defer s.Close()
	if v, err := s.ServerSettings("discord:1"); err != nil || string(v) != `{"lang":"fr"}` {
		t.Fatalf("after reopening: %q, %v", v, err)
	}
	if v, _ := s.ServerSettings("discord:2"); v != nil {
		t.Fatalf("another server: %q", v)
	}
	if err := s.PutServerSettings("discord:1", nil); err != nil {
		t.Fatal(err)
	}
	if v, _ := s.ServerSettings("discord:1"); v != nil {
		t.Fatalf("after deleting: %q", v)
	}
	rep, err := s.Check(t.Context(), CheckOptions{})
	if err != nil || len(rep.Problems) > 0 {
		t.Fatalf("check: %v %v", rep, err)
	}
}
