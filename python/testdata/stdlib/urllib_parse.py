import urllib.parse
u = urllib.parse.urlparse("https://user:pw@Example.COM:8443/a/b;p=1?q=2&r=x y#frag")
print(u)
print(u.scheme, u.netloc, u.path, u.params, u.query, u.fragment)
print(u.username, u.password, u.hostname, u.port, u.geturl())
# ---
import urllib.parse
urlsplit = urllib.parse.urlsplit
urlunsplit = urllib.parse.urlunsplit
s = urlsplit("http://[::1]:80/path?x=1#top")
print(s, s.hostname, s.port, tuple(s), s[1], len(s), s == ("http", "[::1]:80", "/path", "x=1", "top"))
print(urlunsplit(s), urlunsplit(("https", "h.io", "x", "", "")), s._replace(fragment="").geturl())
print(urlsplit("mailto:ada@example.com"), urlsplit("/just/a/path?q"), urlsplit("example.com/x"), urlsplit("  http://a/b\n"))
# ---
import urllib.parse as up
print(up.urlunparse(("https", "api.example.com", "/v1/items", "", "page=2", "")))
print(up.urlunparse(up.urlparse("http://x.org/p;a?b#c")), up.urlunparse(("", "", "rel/path", "", "", "")))
# ---
import urllib.parse
urljoin = urllib.parse.urljoin
base = "http://a/b/c/d;p?q"
for ref in ["g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g", "../../../g", "/./g", "g.", "..g", "./../g", "g/./h", "g/../h", "http:g", "https://other/x"]:
    print(repr(ref), urljoin(base, ref))
# ---
import urllib.parse
urljoin = urllib.parse.urljoin
print(urljoin("https://api.example.com/v1/", "users/7"), urljoin("https://api.example.com/v1", "users/7"), urljoin("https://x.io/a/b", "/c"), urljoin("", "x"), urljoin("http://x/", ""))
# ---
import urllib.parse
quote = urllib.parse.quote
quote_plus = urllib.parse.quote_plus
unquote = urllib.parse.unquote
unquote_plus = urllib.parse.unquote_plus
print(quote("a b&c=d/e?f"), quote("a b/c", safe=""), quote("café ☕"), quote("~user_name-1.0"), quote(""))
print(quote_plus("a b&c=d/e"), quote_plus("x+y z", safe="+"), quote(b"\x00\xff"), quote("a:b@c", safe=":@"))
print(unquote("a%20b%2Fc"), unquote("caf%C3%A9"), unquote("100%"), unquote("%zz%4"), unquote("%E2%98"), unquote_plus("a+b%2Bc"))
# ---
import urllib.parse
urlencode = urllib.parse.urlencode
print(urlencode({"q": "hello world", "page": 2, "tags": "a&b"}))
print(urlencode([("a", 1), ("a", 2), ("b", None)]), urlencode({"ids": [1, 2, 3], "x": "y"}, doseq=True), urlencode({"ids": [1, 2]}))
print(urlencode({"k": "ü/ä"}), urlencode({"k": "a b"}, safe="/"), urlencode({}), urlencode({b"raw": b"v w"}))
# ---
import urllib.parse
urlencode = urllib.parse.urlencode
quote = urllib.parse.quote
print(urlencode({"path": "/a b"}, quote_via=quote), urlencode({"t": (1, 2)}, doseq=True))
# ---
import urllib.parse
parse_qs = urllib.parse.parse_qs
parse_qsl = urllib.parse.parse_qsl
print(parse_qs("a=1&b=2&a=3&c=&d"), parse_qs("a=1&b=&c", keep_blank_values=True))
print(parse_qsl("q=hello+world&x=%2F%20&x=2"), parse_qsl(""), parse_qsl("a=1;b=2", separator=";"), parse_qsl("&&a=1&"))
# ---
import urllib.parse
parse_qsl = urllib.parse.parse_qsl
parse_qsl("a=1&b", strict_parsing=True)
# raises: ValueError: bad query field: 'b'
# ---
import urllib.parse
urlencode = urllib.parse.urlencode
urlencode("abc")
# raises: TypeError: not a valid non-string sequence or mapping object
# ---
import urllib.parse
urlparse = urllib.parse.urlparse
urlparse("http://h:port/").port
# raises: ValueError: Port could not be cast to integer value as 'port'
# ---
import urllib.parse
urlsplit = urllib.parse.urlsplit
urlsplit("http://[::1/x")
# raises: ValueError: Invalid IPv6 URL
# ---
import urllib.parse
urldefrag = urllib.parse.urldefrag
urlparse = urllib.parse.urlparse
d = urldefrag("http://x/y?z#frag")
print(d, d.url, d.fragment, d.geturl(), urldefrag("http://x/y"))
p = urlparse("http://x")
print(p.port, p.username, p.hostname, urlparse("http://h:99999").netloc, p._asdict())
# ---
import urllib.parse
def build(base, path, **params):
    url = urllib.parse.urljoin(base, path)
    if params:
        url += "?" + urllib.parse.urlencode(sorted(params.items()))
    return url
u = build("https://api.example.com/v2/", "search", q="rust lang", limit=10)
print(u)
parts = urllib.parse.urlparse(u)
print(dict(urllib.parse.parse_qsl(parts.query)), parts.hostname, parts.path)
# ---
from urllib.parse import quote, urlencode
print(quote("a b"), urlencode({"x": 1}))
