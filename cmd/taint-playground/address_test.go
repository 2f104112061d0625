package main

import (
	"net"
	"testing"
)

func TestListenAddress(t *testing.T) {
	tests := []struct {
		name, addr, port, want string
	}{
		{name: "default is loopback 8080", want: "127.0.0.1:8080"},
		{name: "PORT changes the port only", port: "9000", want: "127.0.0.1:9000"},
		{name: "ADDR wins over PORT", addr: "0.0.0.0:8081", port: "9000", want: "0.0.0.0:8081"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := listenAddress(tc.addr, tc.port); got != tc.want {
				t.Errorf("listenAddress(%q, %q) = %q; want %q", tc.addr, tc.port, got, tc.want)
			}
		})
	}
}

func TestPageURL(t *testing.T) {
	tests := []struct {
		name string
		addr net.Addr
		want string
	}{
		{name: "loopback", addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, want: "http://127.0.0.1:8080/"},
		{name: "all IPv4 interfaces print loopback", addr: &net.TCPAddr{IP: net.IPv4zero, Port: 8080}, want: "http://127.0.0.1:8080/"},
		{name: "all IPv6 interfaces print loopback", addr: &net.TCPAddr{IP: net.IPv6unspecified, Port: 80}, want: "http://127.0.0.1:80/"},
		{name: "a LAN address is kept", addr: &net.TCPAddr{IP: net.IPv4(192, 168, 1, 20), Port: 8080}, want: "http://192.168.1.20:8080/"},
		{name: "IPv6 gets brackets", addr: &net.TCPAddr{IP: net.IPv6loopback, Port: 8080}, want: "http://[::1]:8080/"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := pageURL(tc.addr); got != tc.want {
				t.Errorf("pageURL(%v) = %q; want %q", tc.addr, got, tc.want)
			}
		})
	}
}
