package main

import (
	"net"
	"net/url"
)

// defaultPort is where `make serve` and the workshop binary listen.
const defaultPort = "8080"

// listenAddress is ADDR when set, else loopback on PORT (default 8080): the
// playground is local unless someone asks to share it.
func listenAddress(addr, port string) string {
	if addr != "" {
		return addr
	}
	if port == "" {
		port = defaultPort
	}
	return net.JoinHostPort("127.0.0.1", port)
}

// pageURL is the address to open in a browser. A wildcard listener (":8080",
// "0.0.0.0:8080") is reachable on loopback, so that is what is printed.
func pageURL(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "http://" + addr.String() + "/"
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return (&url.URL{Scheme: "http", Host: net.JoinHostPort(host, port), Path: "/"}).String()
}
