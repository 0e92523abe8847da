import html
print(html.escape("<a href=\"x\">Tom & 'Jerry'</a>"), html.escape("<b>'q'</b>", quote=False), html.escape(""))
print(html.unescape("&lt;p&gt;caf&eacute; &amp; cr&egrave;me &copy; 2024&nbsp;!&#39;&#x27;&#34;"))
# ---
import html
print(html.unescape("&amp &ampx &notit; &notin; &#65;&#x42;&#X43 &#0; &#128; &#x110000; &#xD800; &#1;x"))
print(html.unescape("no refs"), html.unescape("&unknown; & &; &#; &#x; &"), html.unescape("&NotEqualTilde; &frac12; &hellip;"))
# ---
import html
s = "if a < b && c > d: print('ok')"
print(html.unescape(html.escape(s)) == s, html.escape(s))
