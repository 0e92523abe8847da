# str.encode/bytes() with the xmlcharrefreplace and backslashreplace error handlers.
names = ["José", "Zoë", "naïve café", "plain", "😀 \u20ac \x7f"]
print([n.encode("ascii", "xmlcharrefreplace") for n in names], [n.encode("ascii", "backslashreplace") for n in names])
print([n.encode("latin-1", "xmlcharrefreplace") for n in names], [n.encode("latin-1", "backslashreplace") for n in names], bytes("é€", "ascii", "backslashreplace"))
