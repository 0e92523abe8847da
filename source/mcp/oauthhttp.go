package mcp

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"

	"golang.org/x/oauth2"
)

// oauthRequestTimeout bounds each OAuth request (discovery, registration,
// code exchange, refresh): an authorization server that never answers
// costs its own server's calls that long, not for ever.
const oauthRequestTimeout = 30 * time.Second

// OAuthHTTPClient is the HTTP client of every OAuth request toolplane
// makes: `mcp login` (the probe, metadata discovery, client registration,
// the code exchange) and the refreshes of serve and run. The servers it
// talks to are named by the MCP server, a third party, so:
//
//   - each request ends within 30 s;
//   - a redirect is followed only within the origin of the request that
//     was redirected (at most 3): a token endpoint answering 307 to
//     another host would have Go resend the form (refresh token, client
//     secret, code verifier) there, and a probe's redirect would carry the
//     server's configured headers;
//   - no connection is made to a link-local, unspecified, multicast or
//     broadcast address, where cloud metadata services answer
//     (169.254.169.254, fd00:ec2::254): metadata pointing there is
//     refused, whatever name resolves to it.
//
// base is the round tripper to guard; nil means toolplane's default
// (DefaultHTTPTransport with the address check). A base that is not an
// *http.Transport dials by itself and gets the timeout and the redirect
// policy only.
func OAuthHTTPClient(base http.RoundTripper) *http.Client {
	if base == nil {
		base = guardedTransport()
	}
	return &http.Client{Transport: base, Timeout: oauthRequestTimeout, CheckRedirect: sameOriginRedirect}
}

// guardedTransport is DefaultHTTPTransport dialing every address, IP
// literals included, through checkDialAddr: OAuth endpoints come from a
// third party's metadata, not from the config.
func guardedTransport() http.RoundTripper {
	t, ok := DefaultHTTPTransport().(*http.Transport)
	if !ok {
		return DefaultHTTPTransport()
	}
	d := &net.Dialer{Timeout: oauthRequestTimeout, KeepAlive: 30 * time.Second, Control: func(_, address string, _ syscall.RawConn) error {
		return checkDialAddr(address)
	}}
	t.DialContext = d.DialContext
	return t
}

// checkDialAddr refuses addresses no OAuth endpoint lives at; it sees the
// resolved address, so a name pointing there is refused too.
func checkDialAddr(address string) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		host = address
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return fmt.Errorf("refusing to connect to %q: not an IP address", host)
	}
	ip = ip.Unmap()
	why := ""
	switch {
	case ip.IsLinkLocalUnicast():
		why = "a link-local address, where cloud metadata services answer"
	case ip == netip.MustParseAddr("fd00:ec2::254"):
		why = "a cloud metadata service's address"
	case ip.IsUnspecified():
		why = "the unspecified address"
	case ip.IsMulticast() || ip.IsLinkLocalMulticast() || ip.IsInterfaceLocalMulticast():
		why = "a multicast address"
	case ip == netip.MustParseAddr("255.255.255.255"):
		why = "the broadcast address"
	}
	if why != "" {
		return fmt.Errorf("refusing to connect to %s, %s: a name of an MCP or OAuth server resolved there (only a url naming that address itself is dialed)", ip, why)
	}
	return nil
}

// sameOriginRedirect follows a redirect only within the origin of the
// first request, at most 3 times.
func sameOriginRedirect(req *http.Request, via []*http.Request) error {
	if o, first := origin(req.URL), origin(via[0].URL); o != first {
		return fmt.Errorf("%s redirected toolplane to %s, another origin: refused, so what the request carries (a code, a refresh token, headers) stays there", first, o)
	}
	if len(via) >= 3 {
		return fmt.Errorf("%s redirected toolplane more than 3 times", origin(via[0].URL))
	}
	return nil
}

// DescribeTokenError renders an error of a token request for people and
// agents: the status and the OAuth error code, never the response body,
// which the authorization server writes (up to a megabyte, and, through a
// redirect, possibly another service's page).
func DescribeTokenError(err error) string {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) {
		s := "the token endpoint refused"
		if re.Response != nil {
			s = fmt.Sprintf("the token endpoint answered HTTP %d", re.Response.StatusCode)
		}
		if re.ErrorCode != "" {
			s += " " + quoteCut(re.ErrorCode, 64)
		}
		if re.ErrorDescription != "" {
			s += ": " + quoteCut(re.ErrorDescription, 200)
		}
		return s
	}
	return cutText(err.Error(), 300)
}

func quoteCut(s string, n int) string { return fmt.Sprintf("%q", cutText(s, n)) }

// cutText cuts s to n bytes (on a rune boundary), saying so.
func cutText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + fmt.Sprintf("... (%d bytes cut)", len(s)-cut)
}
