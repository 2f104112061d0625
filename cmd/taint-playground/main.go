// Command taint-playground serves the playground from the site embedded in the
// binary: one file a workshop teacher copies to a laptop and runs offline.
//
// With no argument it listens on $ADDR, or on 127.0.0.1:$PORT, or on
// 127.0.0.1:8080, and prints the URL to open. ADDR=0.0.0.0:8080 shares it on
// a LAN. With arguments it is the command line (package internal/cli):
// check, whatif, explain, simulate, version and help, which read files and
// standard input and never serve.
package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/taint-playground/taint-playground/internal/cli"
	"github.com/taint-playground/taint-playground/web"
)

func main() {
	if len(os.Args) > 1 {
		os.Exit(cli.Run(cli.OSEnv(), os.Args[1:]))
	}
	if err := run(); err != nil {
		log.Fatal(err)
	}
}

func run() error {
	site, err := web.Dist()
	if err != nil {
		return err
	}
	handler, err := web.NewHandler(site)
	if err != nil {
		return err
	}
	listener, err := net.Listen("tcp", listenAddress(os.Getenv("ADDR"), os.Getenv("PORT")))
	if err != nil {
		return err
	}
	fmt.Printf("Taint Playground: %s\n", pageURL(listener.Addr()))

	server := newServer(handler)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		server.Shutdown(shutdown)
	}()
	if err := server.Serve(listener); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// newServer bounds how long one connection may hold the server: a workshop
// laptop serves a whole room, so a client that stops reading, or leaves a
// keep-alive connection open, must not hold a goroutine and a socket forever.
// WriteTimeout leaves a slow link a minute for the WASM (about 1.5 MB brotli).
func newServer(handler http.Handler) *http.Server {
	return &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
}
