package main

import (
	"bufio"
	"net"
	"net/http"
	"testing"
	"time"
)

// TestServerClosesIdleConnections checks that a keep-alive connection left
// open by a client is closed by the server: newServer's IdleTimeout is
// shortened for the test, and the test waits on the socket, not on a clock.
func TestServerClosesIdleConnections(t *testing.T) {
	server := newServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	if server.WriteTimeout == 0 || server.IdleTimeout == 0 || server.ReadHeaderTimeout == 0 {
		t.Fatalf("timeouts: read header %v, write %v, idle %v; every one must be set",
			server.ReadHeaderTimeout, server.WriteTimeout, server.IdleTimeout)
	}
	server.IdleTimeout = 50 * time.Millisecond
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go server.Serve(listener)
	defer server.Close()

	conn, err := net.Dial("tcp", listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	reader := bufio.NewReader(conn)
	response, err := http.ReadResponse(reader, nil)
	if err != nil {
		t.Fatal(err)
	}
	response.Body.Close()
	// The connection stays open for another request until the server drops it;
	// a read returns only when it does (EOF). The deadline only keeps a server
	// without IdleTimeout from hanging the test: it is 600 times the timeout.
	conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	_, err = reader.ReadByte()
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatal("the server kept an idle keep-alive connection open")
	}
	if err == nil {
		t.Fatal("the server sent more bytes on an idle connection")
	}
}
